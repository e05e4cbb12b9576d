import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../src/relay.js';
import { testIdentity } from '../../sandbox/test/identities.js';
import { identity, signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const LOGIN = `mutation($input: LoginInput!) {
  login(input: $input) { token clientMutationId viewer { id account { userId email name } wallet { money { cents } } } }
}`;
const REGISTER = `mutation($input: RegisterInput!) {
  register(input: $input) {
    token clientMutationId viewer { id account { userId email name phone idNumberMasked identityKind passportCountry } }
  }
}`;
const VIEWER = '{ viewer { account { email } } }';

let n = 0;
const freshEmail = () => `auth${Date.now()}-${++n}@example.test`;

async function resetTokenFor(email: string): Promise<string> {
  const res = await fetch(`${stack.sandbox.url}/sandbox/mail?email=${encodeURIComponent(email)}`);
  const { mail } = (await res.json()) as { mail: { body: string }[] };
  const m = /Reset token: (\S+)/.exec(mail[0]?.body ?? '');
  if (!m) throw new Error(`no reset mail for ${email}`);
  return m[1]!;
}

describe('register', () => {
  it('returns the token (the backend returns {token}) and the new viewer, read with that token', async () => {
    const email = freshEmail();
    const id = identity();
    const res = await stack.gql(REGISTER, {
      input: {
        name: 'New Player',
        email,
        password: 'long-enough-1',
        phone: '+27 82 555 0101',
        ...id,
        clientMutationId: 'r1',
      },
    });
    expect(res.errors).toBeUndefined();
    const p = res.data.register;
    expect(p.token).toEqual(expect.any(String));
    expect(p.clientMutationId).toBe('r1');
    expect(p.viewer.account).toMatchObject({
      email,
      name: 'New Player',
      phone: '+27 82 555 0101',
      // Never the whole number: its first six digits (the birth date), the rest hidden.
      idNumberMasked: `${id.idNumber.slice(0, 6)}*******`,
      identityKind: 'SA_ID',
      passportCountry: null,
    });
    expect(p.viewer.id).toBe(toGlobalId('Viewer', p.viewer.account.userId));
    const me = await stack.gql(VIEWER, {}, { token: p.token });
    expect(me.data.viewer.account.email).toBe(email);
  });

  it("refuses a taken email and an under-18 date of birth with the backend's text", async () => {
    const { email } = await signUp(stack);
    const taken = await stack.gql(REGISTER, {
      input: { name: 'Again', email, password: 'long-enough-1', ...identity() },
    });
    expect(taken.errors?.[0]).toMatchObject({
      message: 'The email has already been taken.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const young = await stack.gql(REGISTER, {
      input: {
        name: 'Young',
        email: freshEmail(),
        password: 'long-enough-1',
        ...testIdentity('2020-01-01'),
      },
    });
    expect(young.errors?.[0]).toMatchObject({
      message: 'You must be 18 or older to register.',
      extensions: {
        code: 'BAD_USER_INPUT',
        fields: { dateOfBirth: ['You must be 18 or older to register.'] },
      },
    });
  });
});

describe('login', () => {
  it('returns the token from {success: {token}} and the viewer read with it', async () => {
    const { email, password, viewer } = await signUp(stack, 'Login Player');
    const res = await stack.gql(LOGIN, { input: { email, password, clientMutationId: 'l1' } });
    expect(res.errors).toBeUndefined();
    const p = res.data.login;
    expect(p.clientMutationId).toBe('l1');
    expect(p.viewer).toEqual({
      id: viewer.id,
      account: { userId: viewer.account.userId, email, name: 'Login Player' },
      wallet: { money: { cents: 0 } },
    });
    const me = await stack.gql(VIEWER, {}, { token: p.token });
    expect(me.data.viewer.account.email).toBe(email);
  });

  it("resolves the payload's viewer as the new session even when another player's token is sent", async () => {
    const a = await signUp(stack, 'Player A');
    const b = await signUp(stack, 'Player B');
    const res = await stack.gql(
      LOGIN,
      { input: { email: a.email, password: a.password } },
      { token: b.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.login.viewer.account.email).toBe(a.email);
    expect(res.data.login.viewer.id).toBe(a.viewer.id);
  });

  it("refuses bad credentials with the backend's text as BAD_USER_INPUT", async () => {
    const { email } = await signUp(stack);
    const res = await stack.gql(LOGIN, { input: { email, password: 'wrong-password' } });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({
      message: 'These credentials do not match our records.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('forgotten password', () => {
  it('mails a reset token; resetting signs in with the new password and ends other sessions', async () => {
    const { email, token: oldToken } = await signUp(stack);
    const forgot = await stack.gql(
      'mutation($input: ForgotPasswordInput!) { forgotPassword(input: $input) { message clientMutationId } }',
      { input: { email, clientMutationId: 'f1' } },
    );
    expect(forgot.data.forgotPassword).toEqual({
      message: 'If that address has an account, we have emailed a password reset link.',
      clientMutationId: 'f1',
    });
    const resetToken = await resetTokenFor(email);
    const RESET = `mutation($input: ResetPasswordInput!) {
      resetPassword(input: $input) { token viewer { account { email } } } }`;
    const reset = await stack.gql(RESET, {
      input: { token: resetToken, email, password: 'brand-new-pass-2' },
    });
    expect(reset.errors).toBeUndefined();
    expect(reset.data.resetPassword.viewer.account.email).toBe(email);

    const old = await stack.gql(VIEWER, {}, { token: oldToken });
    expect(old.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    const fresh = await stack.gql(VIEWER, {}, { token: reset.data.resetPassword.token });
    expect(fresh.data.viewer.account.email).toBe(email);
    const login = await stack.gql(LOGIN, { input: { email, password: 'brand-new-pass-2' } });
    expect(login.errors).toBeUndefined();

    const reused = await stack.gql(RESET, {
      input: { token: resetToken, email, password: 'another-pass-3' },
    });
    expect(reused.errors?.[0]).toMatchObject({
      message: 'This password reset token is invalid or has expired.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('returns the same message for an address without an account', async () => {
    const res = await stack.gql(
      'mutation { forgotPassword(input: { email: "nobody@example.test" }) { message } }',
    );
    expect(res.data.forgotPassword.message).toBe(
      'If that address has an account, we have emailed a password reset link.',
    );
  });
});

describe('signOut', () => {
  it('revokes the token: a later viewer query is UNAUTHENTICATED', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(
      'mutation { signOut(input: { clientMutationId: "s1" }) { success clientMutationId } }',
      {},
      {
        token,
      },
    );
    expect(res.data.signOut).toEqual({ success: true, clientMutationId: 's1' });
    expect(res.extensions.upstreamCalls).toEqual(['POST /api/logout']);
    const after = await stack.gql(VIEWER, {}, { token });
    expect(after.data.viewer).toBeNull();
    expect(after.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('refuses guests without calling upstream', async () => {
    const res = await stack.gql('mutation { signOut { success } }');
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.extensions.upstreamCalls).toEqual([]);
  });
});

describe('updateProfile', () => {
  const UPDATE = `mutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) { clientMutationId account { id name phone email } } }`;

  it('returns the updated account', async () => {
    const { token, email } = await signUp(stack, 'Before');
    const res = await stack.gql(
      UPDATE,
      { input: { name: 'After', phone: '+27 82 555 0199', clientMutationId: 'u1' } },
      {
        token,
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.updateProfile).toMatchObject({
      clientMutationId: 'u1',
      // The casino keeps a mobile number without the spaces typed in it.
      account: { name: 'After', phone: '+27825550199', email },
    });
    const phoneOnly = await stack.gql(UPDATE, { input: { phone: null } }, { token });
    expect(phoneOnly.data.updateProfile.account).toMatchObject({ name: 'After', phone: null });
  });

  it("passes on the backend's validation text, and refuses guests", async () => {
    const { token } = await signUp(stack);
    const bad = await stack.gql(UPDATE, { input: { phone: 'call me' } }, { token });
    const mobile =
      'must be a South African mobile number: 10 digits starting 06, 07 or 08, or +27 and 9 digits';
    expect(bad.errors?.[0]).toMatchObject({
      message: `phone: ${mobile}`,
      extensions: { code: 'BAD_USER_INPUT', fields: { phone: [mobile] } },
    });
    // A number too short to be a mobile number: the casino's refusal reaches the form beside its field, as
    // registration's do (extensions.fields), and the number is not saved.
    const short = await stack.gql(UPDATE, { input: { phone: '082 555' } }, { token });
    expect(short.data?.updateProfile ?? null).toBeNull();
    expect(short.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { phone: [mobile] },
    });
    const guest = await stack.gql(UPDATE, { input: { name: 'Nobody' } });
    expect(guest.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(guest.extensions.upstreamCalls).toEqual([]);
  });
});
