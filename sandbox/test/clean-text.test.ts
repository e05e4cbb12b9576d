/**
 * Free text a player sends (names, emails, phones, coupon codes) is refused by the API itself when it holds a
 * control character or a lone surrogate (a 422 naming the field, in the API's error shape), and stored in NFC
 * otherwise: the backend does not rely on the gateway to clean it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newPlayer, startSandbox } from './harness.js';
import { testIdentity } from './identities.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

let emails = 0;
const identityFields = () => {
  const identity = testIdentity();
  return { date_of_birth: identity.dateOfBirth, id_number: identity.idNumber };
};
const newEmail = () => `clean${Date.now()}-${++emails}@example.test`;

/** A NUL, an escape, a C1 control, and each half of a surrogate pair on its own. */
const UNCLEAN = ['a\u0000b', 'a\u001bb', 'a\u0085b', 'a\ud800b', 'a\udfffb'];

function expectRefused(res: { status: number; body: any }, field: string) {
  expect(res.status).toBe(422);
  expect(res.body.error).toBe(`${field}: contains characters that are not allowed`);
  expect(res.body.errors[field][0]).toBe('contains characters that are not allowed');
}

describe('text a player sends', () => {
  it.each(UNCLEAN)('register refuses the name %j, and stores no player', async (name) => {
    const email = newEmail();
    const res = await api(sb.url, 'POST', '/api/register', {
      body: { name, email, password: 'correct-horse-9', ...identityFields() },
    });
    expectRefused(res, 'name');
    expect(sb.db.prepare('SELECT 1 FROM users WHERE email = ?').get(email)).toBeUndefined();
  });

  it('register refuses a control character in the email or the phone', async () => {
    const withEmail = await api(sb.url, 'POST', '/api/register', {
      body: {
        name: 'Thandi',
        email: `a\u0000${newEmail()}`,
        password: 'correct-horse-9',
        ...identityFields(),
      },
    });
    expectRefused(withEmail, 'email');
    const withPhone = await api(sb.url, 'POST', '/api/register', {
      body: {
        name: 'Thandi',
        email: newEmail(),
        password: 'correct-horse-9',
        phone: '082\u0000555 0101',
        ...identityFields(),
      },
    });
    expectRefused(withPhone, 'phone');
  });

  it('login and the password reset mail refuse a lone surrogate in the email', async () => {
    const login = await api(sb.url, 'POST', '/api/login', {
      body: { email: `\ud83d${newEmail()}`, password: 'correct-horse-9' },
    });
    expectRefused(login, 'email');
    const forgot = await api(sb.url, 'POST', '/api/forgotPassword', {
      body: { email: `x\u0007${newEmail()}` },
    });
    expectRefused(forgot, 'email');
  });

  it.each(UNCLEAN)('updateProfile refuses the name %j and keeps the old one', async (name) => {
    const player = await newPlayer(sb.url, 'Sipho');
    const res = await api(sb.url, 'POST', '/api/updateProfile', { token: player.token, body: { name } });
    expectRefused(res, 'name');
    const account = await api(sb.url, 'GET', '/api/account', { token: player.token });
    expect(account.body.name).toBe('Sipho');
  });

  it('updateProfile refuses a control character in the phone', async () => {
    const player = await newPlayer(sb.url);
    const res = await api(sb.url, 'POST', '/api/updateProfile', {
      token: player.token,
      body: { phone: '082 555 0101\u007f' },
    });
    expectRefused(res, 'phone');
  });

  it('couponRedeem refuses a control character in the code', async () => {
    const player = await newPlayer(sb.url);
    const res = await api(sb.url, 'POST', '/api/couponRedeem', {
      token: player.token,
      body: { code: 'WELCOME\u0000' },
    });
    expectRefused(res, 'code');
  });

  it('stores names in NFC, and keeps emoji and accents', async () => {
    // "Zoë" with a combining diaeresis (NFD) and an emoji (a valid surrogate pair).
    const player = await newPlayer(sb.url, 'Zoe\u0308 \u{1F3B0}');
    expect(player.user.name).toBe('Zo\u00eb \u{1F3B0}');
    const res = await api(sb.url, 'POST', '/api/updateProfile', {
      token: player.token,
      body: { name: 'Ame\u0301lie' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe('Am\u00e9lie');
  });
});

/**
 * A person's name (the account's name, a payout account's holder) is shown to others, so it also refuses what is
 * invisible or changes the layout (docs/rules.md#know-your-player): a right-to-left override (which on a public
 * leaderboard makes a name read as another), a zero-width space, a byte-order mark, a line separator.
 */
const INVISIBLE = ['Thabo\u202eM', 'Tha\u200bbo', '\ufeffThabo', 'Thabo\u2028M.'];

describe('person names', () => {
  it.each(INVISIBLE)('register refuses the name %j, naming the field, and stores no player', async (name) => {
    const email = newEmail();
    const res = await api(sb.url, 'POST', '/api/register', {
      body: { name, email, password: 'correct-horse-9', ...identityFields() },
    });
    expectRefused(res, 'name');
    expect(sb.db.prepare('SELECT 1 FROM users WHERE email = ?').get(email)).toBeUndefined();
  });

  it.each(INVISIBLE)('updateProfile refuses the name %j and keeps the old one', async (name) => {
    const player = await newPlayer(sb.url, 'Sipho');
    const res = await api(sb.url, 'POST', '/api/updateProfile', { token: player.token, body: { name } });
    expectRefused(res, 'name');
    expect((await api(sb.url, 'GET', '/api/account', { token: player.token })).body.name).toBe('Sipho');
  });

  it.each(INVISIBLE)('a payout account refuses the holder %j and keeps none', async (holder) => {
    const player = await newPlayer(sb.url, 'Thabo M');
    const res = await api(sb.url, 'PUT', '/api/bankAccount', {
      token: player.token,
      body: { bank: 'absa', holder, account_number: '4051234567', account_type: 'cheque' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('holder: contains characters that are not allowed');
    expect(res.body.errors.holder[0]).toBe('contains characters that are not allowed');
    expect(
      (await api(sb.url, 'GET', '/api/bankAccount', { token: player.token })).body.bank_account,
    ).toBeNull();
  });
});
