import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from '../src/domain/passwords.js';
import { DEMO_PLAYER } from '../src/seed/players.js';
import { api, newPlayer, startSandbox } from './harness.js';
import { testIdentity } from './identities.js';

/** A registration's identity fields (docs/rules.md#know-your-player), a fresh identity by default. */
const identityFields = (identity = testIdentity()) => ({
  date_of_birth: identity.dateOfBirth,
  id_number: identity.idNumber,
});

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
      body: { name: 'X', email: p.email, password: '12345678', ...identityFields() },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.error).toBe('The email has already been taken.');
    const short = await api(sb.url, 'POST', '/api/register', {
      body: { name: 'X', email: 'a@b.co', password: 'short', ...identityFields() },
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
      body: {
        name: 'Kid',
        email: 'kid@example.test',
        password: '12345678',
        ...identityFields(testIdentity('2015-01-01')),
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/18/);
  });
  it('responds to bad bodies with a clear 4xx, never a 500', async () => {
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
    // A token never issued has no reason to give.
    expect(unknown.body.reason).toBeUndefined();
    const p = await newPlayer(sb.url);
    expect((await api(sb.url, 'POST', '/api/logout', { token: p.token })).status).toBe(200);
    const revoked = await api(sb.url, 'GET', '/api/account', { token: p.token });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ error: 'Unauthenticated.', reason: 'signed_out' });
  });

  it('says why the casino ended a session (POST /sandbox/endSession), and refuses a reason it does not know', async () => {
    const p = await newPlayer(sb.url);
    const bad = await api(sb.url, 'POST', '/sandbox/endSession', {
      token: p.token,
      body: { reason: 'bored' },
    });
    expect(bad.status).toBe(422);
    const ended = await api(sb.url, 'POST', '/sandbox/endSession', {
      token: p.token,
      body: { reason: 'expired' },
    });
    expect(ended.status).toBe(200);
    const after = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(after.status).toBe(401);
    expect(after.body.reason).toBe('expired');
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
    const ended = await api(sb.url, 'GET', '/api/account', { token: p.token });
    expect(ended.status).toBe(401);
    expect(ended.body.reason).toBe('password_reset');
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
  it('keeps a South African mobile number without its spaces, and refuses anything else beside the field', async () => {
    const p = await newPlayer(sb.url);
    const update = (phone: string | null) =>
      api(sb.url, 'POST', '/api/updateProfile', { token: p.token, body: { phone } });
    for (const [typed, kept] of [
      ['082 555 0101', '0825550101'],
      ['0715550101', '0715550101'],
      ['+27 82 555 0101', '+27825550101'],
    ] as const) {
      const ok = await update(typed);
      expect(ok.status).toBe(200);
      expect(ok.body.user.phone).toBe(kept);
    }
    // Too short, the wrong prefix, +27 with 8 or 10 digits, letters.
    for (const typed of ['082 555', '0125550101', '+27 82 555 010', '+27 82 555 01011', '082 555 010a']) {
      const bad = await update(typed);
      expect(bad.status, typed).toBe(422);
      expect(bad.body.errors, typed).toEqual({
        phone: [
          'must be a South African mobile number: 10 digits starting 06, 07 or 08, or +27 and 9 digits',
        ],
      });
    }
    // The refused numbers changed nothing; null still clears the number.
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).body.phone).toBe('+27825550101');
    expect((await update(null)).body.user.phone).toBeNull();
  });
});

describe('registration affiliate', () => {
  let n = 0;
  const register = (extra: Record<string, unknown>) =>
    api(sb.url, 'POST', '/api/register', {
      body: {
        name: 'Aff',
        email: `aff${++n}-${Date.now()}@example.test`,
        password: '12345678',
        ...identityFields(),
        ...extra,
      },
    });

  it('stores the affiliate (trimmed) and tracking id, and returns them on the account', async () => {
    const r = await register({ affiliate: '  partner_za-1.promo ', tracking_id: 'cmp=spring&src=fb_01' });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({
      affiliate: 'partner_za-1.promo',
      tracking_id: 'cmp=spring&src=fb_01',
    });
    const me = await api(sb.url, 'GET', '/api/account', { token: r.body.token });
    expect(me.body).toMatchObject({ affiliate: 'partner_za-1.promo', tracking_id: 'cmp=spring&src=fb_01' });
  });

  it('is organic with no tracking id when missing, empty or null', async () => {
    for (const extra of [
      {},
      { affiliate: '' },
      { affiliate: '   ' },
      { affiliate: null, tracking_id: null },
    ]) {
      const r = await register(extra);
      expect(r.status, JSON.stringify(extra)).toBe(201);
      expect(r.body.user).toMatchObject({ affiliate: 'organic', tracking_id: null });
    }
  });

  it('refuses bad values with per-field errors', async () => {
    const bad: [string, unknown][] = [
      ['affiliate', 'a'.repeat(65)],
      ['affiliate', 'has space'],
      ['affiliate', '<script>'],
      ['affiliate', 42],
      ['tracking_id', ''],
      ['tracking_id', 'x'.repeat(129)],
      ['tracking_id', 'has space'],
      ['tracking_id', 'café'],
      ['tracking_id', 7],
    ];
    for (const [field, value] of bad) {
      const r = await register({ [field]: value });
      expect(r.status, `${field}=${String(value)}`).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual([field]);
    }
    expect((await register({ affiliate: 'a'.repeat(64), tracking_id: '~'.repeat(128) })).status).toBe(201);
  });
});

describe('onboarding', () => {
  it('is unseen for new players, long seen by the demo player (who has history); POST /api/onboarding marks it seen once', async () => {
    const login = await api(sb.url, 'POST', '/api/login', { body: DEMO_PLAYER });
    const demo = login.body.success.token as string;
    expect((await api(sb.url, 'GET', '/api/account', { token: demo })).body.onboarding_seen).toBe(true);

    const p = await newPlayer(sb.url);
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).body.onboarding_seen).toBe(false);
    const seen = await api(sb.url, 'POST', '/api/onboarding', { token: p.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ success: true, user: { id: p.user.id, onboarding_seen: true } });
    const seenAt = () =>
      (sb.db.prepare('SELECT onboarding_seen_at FROM users WHERE id = ?').get(p.user.id) as any)
        .onboarding_seen_at;
    const first = seenAt();
    expect(first).toEqual(expect.any(String));

    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await api(sb.url, 'POST', '/api/onboarding', { token: p.token, body: {} });
    expect(again.status).toBe(200);
    expect(again.body.user.onboarding_seen).toBe(true);
    expect(seenAt()).toBe(first);
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).body.onboarding_seen).toBe(true);
    // Another player's flag is untouched.
    const other = await newPlayer(sb.url);
    expect((await api(sb.url, 'GET', '/api/account', { token: other.token })).body.onboarding_seen).toBe(
      false,
    );
  });

  it('needs a session and an object body', async () => {
    expect((await api(sb.url, 'POST', '/api/onboarding')).status).toBe(401);
    const p = await newPlayer(sb.url);
    expect((await api(sb.url, 'POST', '/api/onboarding', { token: p.token, body: [] })).status).toBe(422);
  });
});

describe('stored passwords', () => {
  it('are scrypt hashes at the configured cost, each verified at the cost it names', async () => {
    // The suites run the sandbox at a lighter cost (scripts/test-env.ts); npm start at scrypt's default, 2^14.
    expect(configFromEnv({}).passwordCost).toBe(DEFAULT_PASSWORD_COST);
    expect(configFromEnv({ SANDBOX_PASSWORD_COST: '1024' }).passwordCost).toBe(1024);
    for (const bad of ['1000', '8', '0', 'fast', '2097152'])
      expect(() => configFromEnv({ SANDBOX_PASSWORD_COST: bad }), bad).toThrow(
        /SANDBOX_PASSWORD_COST: must be a power of two from 16 to 1048576/,
      );

    // A player signed up here is stored at this sandbox's cost and logs in.
    const p = await newPlayer(sb.url);
    const { password_hash: stored } = sb.db
      .prepare('SELECT password_hash FROM users WHERE email = ?')
      .get(p.email) as { password_hash: string };
    expect(stored).toMatch(new RegExp(`^scrypt(:${sb.ctx.config.passwordCost})?\\$`));
    expect(stored).not.toContain(p.password);

    // The default cost keeps the first form (databases made before read on); another names its cost.
    const standard = hashPassword('correct-horse-9');
    expect(standard).toMatch(/^scrypt\$[^$]+\$[^$]+$/);
    const light = hashPassword('correct-horse-9', 1024);
    expect(light).toMatch(/^scrypt:1024\$[^$]+\$[^$]+$/);
    for (const hash of [standard, light]) {
      expect(verifyPassword('correct-horse-9', hash)).toBe(true);
      expect(verifyPassword('correct-horse-8', hash)).toBe(false);
    }
    // A hash read at another cost than its own, or naming no valid cost, verifies nothing.
    expect(verifyPassword('correct-horse-9', light.replace('scrypt:1024$', 'scrypt$'))).toBe(false);
    expect(verifyPassword('correct-horse-9', light.replace('scrypt:1024$', 'scrypt:1000$'))).toBe(false);
  });
});
