import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newPlayer, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe('register and login', () => {
  it('registers, then logs in with a token inside a success object', async () => {
    const p = await newPlayer(sb.url, 'Lerato');
    expect(p.user.name).toBe('Lerato');
    const login = await api(sb.url, 'POST', '/api/login', { body: { email: p.email, password: p.password } });
    expect(login.status).toBe(200);
    expect(typeof login.body.success.token).toBe('string');
    const me = await api(sb.url, 'GET', '/api/account', { token: login.body.success.token });
    expect(me.body.email).toBe(p.email);
    expect(me.body).not.toHaveProperty('password_hash');
  });
  it('refuses a taken email, a short password and a wrong password', async () => {
    const p = await newPlayer(sb.url);
    const dup = await api(sb.url, 'POST', '/api/register', {
      body: { name: 'X', email: p.email, password: '12345678' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.error).toBe('The email has already been taken.');
    const short = await api(sb.url, 'POST', '/api/register', {
      body: { name: 'X', email: 'a@b.co', password: 'short' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.password[0]).toMatch(/at least 8/);
    const wrong = await api(sb.url, 'POST', '/api/login', {
      body: { email: p.email, password: 'nope-nope' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatch(/credentials/);
  });
  it('refuses players under 18', async () => {
    const res = await api(sb.url, 'POST', '/api/register', {
      body: { name: 'Kid', email: 'kid@example.test', password: '12345678', date_of_birth: '2015-01-01' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/18/);
  });
  it('answers bad bodies with a clear 4xx, never a 500', async () => {
    const malformed = await api(sb.url, 'POST', '/api/login', { body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatch(/Malformed JSON/);
    const wrongType = await api(sb.url, 'POST', '/api/login', { body: { email: 42, password: [] } });
    expect(wrongType.status).toBe(422);
    const array = await api(sb.url, 'POST', '/api/register', { body: [] });
    expect(array.status).toBe(422);
    const huge = await api(sb.url, 'POST', '/api/register', { body: { name: 'x'.repeat(200_000) } });
    expect(huge.status).toBe(413);
    const xml = await api(sb.url, 'POST', '/api/login', {
      body: '<a/>',
      headers: { 'content-type': 'text/xml' },
    });
    expect(xml.status).toBe(415);
  });
});

describe('tokens', () => {
  it('gives 401 JSON for a missing, unknown or revoked token', async () => {
    expect((await api(sb.url, 'GET', '/api/account')).status).toBe(401);
    const unknown = await api(sb.url, 'GET', '/api/account', { token: 'not-a-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('Unauthenticated.');
    const p = await newPlayer(sb.url);
    expect((await api(sb.url, 'POST', '/api/logout', { token: p.token })).status).toBe(200);
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a reset token that sets a new password once', async () => {
    const p = await newPlayer(sb.url);
    const forgot = await api(sb.url, 'POST', '/api/forgotPassword', { body: { email: p.email } });
    expect(forgot.status).toBe(200);
    const unknown = await api(sb.url, 'POST', '/api/forgotPassword', {
      body: { email: 'nobody@example.test' },
    });
    expect(unknown.body).toEqual(forgot.body);
    const mail = await api(sb.url, 'GET', `/sandbox/mail?email=${encodeURIComponent(p.email)}`);
    const resetToken = /Reset token: (\S+)/.exec(mail.body.mail[0].body)![1];
    const reset = await api(sb.url, 'POST', '/api/resetPassword', {
      body: { token: resetToken, email: p.email, password: 'a-new-password' },
    });
    expect(reset.status).toBe(200);
    expect(typeof reset.body.token).toBe('string');
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).status).toBe(401);
    const again = await api(sb.url, 'POST', '/api/resetPassword', {
      body: { token: resetToken, email: p.email, password: 'another-password' },
    });
    expect(again.status).toBe(422);
    const login = await api(sb.url, 'POST', '/api/login', {
      body: { email: p.email, password: 'a-new-password' },
    });
    expect(login.status).toBe(200);
  });
});

describe('profile', () => {
  it('updates name and phone and rejects unknown fields', async () => {
    const p = await newPlayer(sb.url);
    const ok = await api(sb.url, 'POST', '/api/updateProfile', {
      token: p.token,
      body: { name: 'Sipho', phone: '+27 82 555 0101' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.name).toBe('Sipho');
    const bad = await api(sb.url, 'POST', '/api/updateProfile', { token: p.token, body: { email: 'x@y.z' } });
    expect(bad.status).toBe(422);
  });
});
