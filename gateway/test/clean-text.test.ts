/**
 * Free text a player sends through the gateway (names, emails, phones, coupon codes, the other registration fields)
 * is refused with BAD_USER_INPUT naming the field when it holds a control character or a lone surrogate, before
 * the casino is asked; otherwise it is passed on in NFC. A person's name (the player's, a payout account's holder)
 * also refuses format characters (Cf: a right-to-left override, zero-width characters, U+FEFF) and line and
 * paragraph separators, which would let a name on a public leaderboard pass for another. (The casino refuses the
 * same text itself: sandbox/test/clean-text.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identity, signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

let emails = 0;
const newEmail = () => `clean${Date.now()}-${++emails}@example.test`;

const REGISTER =
  'mutation($input: RegisterInput!) { register(input: $input) { token viewer { account { name } } } }';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';
const FORGOT = 'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message } }';
const RESET = 'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { token } }';
const UPDATE =
  'mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { account { name phone } } }';
const REDEEM = 'mutation($input: RedeemCouponInput!) { redeemCoupon(input: $input) { coupon { code } } }';
const ACCOUNT = '{ viewer { account { name phone } } }';
const PAYOUT = `mutation($input: SetPayoutAccountInput!) { setPayoutAccount(input: $input) { payoutAccount { holder } } }`;

/** A NUL, an escape, DEL, a C1 control, and each half of a surrogate pair on its own. */
const UNCLEAN = ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\ud800b', 'a\udfffb'];

/** Refused by the gateway itself, naming the field, with no call to the casino's `write`. */
function expectRefused(res: Awaited<ReturnType<Stack['gql']>>, field: string, write: string) {
  expect(res.errors).toHaveLength(1);
  const [error] = res.errors!;
  expect(error.extensions.code).toBe('BAD_USER_INPUT');
  expect(error.extensions.fields).toEqual({ [field]: ['contains characters that are not allowed'] });
  expect(error.message).toBe(`${field} contains characters that are not allowed.`);
  expect(res.extensions.upstreamCalls).not.toContain(write);
}

describe('registration', () => {
  it.each(UNCLEAN)('refuses the name %j', async (name) => {
    const res = await stack.gql(REGISTER, {
      input: { name, email: newEmail(), password: 'correct-horse-9', ...identity() },
    });
    expectRefused(res, 'name', 'POST /api/register');
  });

  it.each([
    ['email', { email: `a\u0000${newEmail()}` }],
    ['phone', { phone: '082 555\u0000 0101' }],
    ['dateOfBirth', { dateOfBirth: '1990-01-01\u0000' }],
    ['idNumber', { idNumber: '8001015009087\u0000' }],
    ['passportCountry', { idNumber: 'A12345678', passportCountry: 'GB\ud800' }],
    ['affiliate', { affiliate: 'partner\ud800' }],
    ['trackingId', { trackingId: 'abc\u001b[0m' }],
  ])('refuses a control character or lone surrogate in %s', async (field, values) => {
    const input = {
      name: 'Thandi',
      email: newEmail(),
      password: 'correct-horse-9',
      ...identity(),
      ...values,
    };
    expectRefused(await stack.gql(REGISTER, { input }), field, 'POST /api/register');
  });

  it('passes the name on in NFC, keeping accents and emoji', async () => {
    const res = await stack.gql(REGISTER, {
      input: { name: 'Zoe\u0308 \u{1F3B0}', email: newEmail(), password: 'correct-horse-9', ...identity() },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.register.viewer.account.name).toBe('Zo\u00eb \u{1F3B0}');
  });
});

describe('sign-in and password reset', () => {
  it('refuses a control character or lone surrogate in the email', async () => {
    const login = await stack.gql(LOGIN, { input: { email: `\ud83d${newEmail()}`, password: 'whatever-1' } });
    expectRefused(login, 'email', 'POST /api/login');
    const forgot = await stack.gql(FORGOT, { input: { email: `x\u0007${newEmail()}` } });
    expectRefused(forgot, 'email', 'POST /api/forgotPassword');
    const reset = await stack.gql(RESET, {
      input: { email: `x\u0000${newEmail()}`, token: 'not-a-token', password: 'another-horse-9' },
    });
    expectRefused(reset, 'email', 'POST /api/resetPassword');
  });
});

describe('updateProfile', () => {
  it.each(UNCLEAN)('refuses the name %j and keeps the old one', async (name) => {
    const { token } = await signUp(stack, 'Sipho');
    const res = await stack.gql(UPDATE, { input: { name } }, { token });
    expectRefused(res, 'name', 'POST /api/updateProfile');
    const account = await stack.gql(ACCOUNT, {}, { token });
    expect(account.data.viewer.account.name).toBe('Sipho');
  });

  it('refuses a control character in the phone, and stores a name in NFC', async () => {
    const { token } = await signUp(stack);
    const phone = await stack.gql(UPDATE, { input: { phone: '082 555 0101\u0000' } }, { token });
    expectRefused(phone, 'phone', 'POST /api/updateProfile');
    const name = await stack.gql(UPDATE, { input: { name: 'Ame\u0301lie' } }, { token });
    expect(name.errors).toBeUndefined();
    expect(name.data.updateProfile.account.name).toBe('Am\u00e9lie');
  });
});

describe('redeemCoupon', () => {
  it('refuses a control character in the code', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(REDEEM, { input: { code: 'WELCOME\u0000' } }, { token });
    expectRefused(res, 'code', 'POST /api/couponRedeem');
  });
});

/**
 * Invisible or direction-changing characters: a right-to-left override (U+202E, "Thandi" shown as "idnahT"), a
 * left-to-right isolate, a zero-width space and joiner, a byte-order mark, a line and a paragraph separator.
 */
const SPOOFING = [
  'Riaan du P.\u202e',
  'Sipho \u2066M.',
  'Sip\u200bho',
  'Sip\u200dho',
  '\ufeffSipho',
  'Sipho\u2028M.',
  'Sipho\u2029M.',
];

describe('person names', () => {
  it.each(SPOOFING)('refuses the registration name %j', async (name) => {
    const res = await stack.gql(REGISTER, {
      input: { name, email: newEmail(), password: 'correct-horse-9', ...identity() },
    });
    expectRefused(res, 'name', 'POST /api/register');
  });

  it.each(SPOOFING)('refuses the new name %j in updateProfile and keeps the old one', async (name) => {
    const { token } = await signUp(stack, 'Sipho');
    expectRefused(await stack.gql(UPDATE, { input: { name } }, { token }), 'name', 'POST /api/updateProfile');
    expect((await stack.gql(ACCOUNT, {}, { token })).data.viewer.account.name).toBe('Sipho');
  });

  it.each(SPOOFING)('refuses the payout account holder %j', async (holder) => {
    const { token } = await signUp(stack, 'Sipho');
    const input = { bank: 'capitec', holder, accountNumber: '1480231234', accountType: 'SAVINGS' };
    expectRefused(await stack.gql(PAYOUT, { input }, { token }), 'holder', 'PUT /api/bankAccount');
  });

  it('takes the same characters in text that is not a name (a coupon code is only cleaned of controls)', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(REDEEM, { input: { code: 'NO\u200bSUCH' } }, { token });
    // The casino's own refusal of an unknown code: the gateway passed it on.
    expect(res.extensions.upstreamCalls).toContain('POST /api/couponRedeem');
  });
});
