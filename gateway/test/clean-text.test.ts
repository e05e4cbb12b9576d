/**
 * Free text a player sends through the gateway (names, emails, phones, coupon codes, the other registration fields)
 * is refused with BAD_USER_INPUT naming the field when it holds a control character or a lone surrogate, before
 * the casino is asked; otherwise it is passed on in NFC. (The casino refuses the same text itself:
 * sandbox/test/clean-text.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startStack, type Stack } from './harness.js';

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
      input: { name, email: newEmail(), password: 'correct-horse-9' },
    });
    expectRefused(res, 'name', 'POST /api/register');
  });

  it.each([
    ['email', { email: `a\u0000${newEmail()}` }],
    ['phone', { phone: '082 555\u0000 0101' }],
    ['dateOfBirth', { dateOfBirth: '1990-01-01\u0000' }],
    ['affiliate', { affiliate: 'partner\ud800' }],
    ['trackingId', { trackingId: 'abc\u001b[0m' }],
  ])('refuses a control character or lone surrogate in %s', async (field, values) => {
    const input = { name: 'Thandi', email: newEmail(), password: 'correct-horse-9', ...values };
    expectRefused(await stack.gql(REGISTER, { input }), field, 'POST /api/register');
  });

  it('passes the name on in NFC, keeping accents and emoji', async () => {
    const res = await stack.gql(REGISTER, {
      input: { name: 'Zoe\u0308 \u{1F3B0}', email: newEmail(), password: 'correct-horse-9' },
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
