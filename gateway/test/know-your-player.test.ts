/**
 * Know your player (docs/rules.md#know-your-player), as a new player and a partner meet it through the gateway: a
 * registration carries a date of birth and an identity number, the casino checks them (age, the ID number's check
 * digit and birth date, one account per identity, a self-exclusion that follows the person) and each refusal names
 * its input field (extensions.fields.idNumber, ...) or is SELF_EXCLUDED with its end; checkIdentity applies the same
 * rules without registering, and without saying whether an identity is registered; the account shows the number
 * masked, never whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIdentity } from '../../sandbox/test/identities.js';
import { identity, newEmail, signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const REGISTER = `mutation($input: RegisterInput!) {
  register(input: $input) { token viewer { account { name idNumberMasked identityKind passportCountry } } }
}`;
const CHECK = `mutation($input: CheckIdentityInput!) {
  checkIdentity(input: $input) { valid fieldErrors { field message } dateOfBirth clientMutationId }
}`;

const register = (input: Record<string, unknown>) =>
  stack.gql(REGISTER, {
    input: { name: 'Lerato Mokoena', email: newEmail('kyp'), password: 'correct-horse-9', ...input },
  });

/** The same ID number with its check digit wrong. */
const wrongCheckDigit = (idNumber: string) => idNumber.slice(0, 12) + String((Number(idNumber[12]) + 1) % 10);

/** The one refusal of a registration: BAD_USER_INPUT with the casino's messages under the input's field names. */
function refusedFields(res: Awaited<ReturnType<typeof register>>): Record<string, string[]> {
  expect(res.data).toBeNull();
  expect(res.errors).toHaveLength(1);
  expect(res.errors![0].extensions.code).toBe('BAD_USER_INPUT');
  expect(res.extensions.upstreamCalls).toContain('POST /api/register');
  return res.errors![0].extensions.fields;
}

describe('register with an identity', () => {
  it('opens the account of an adult with a valid South African ID number, shown masked', async () => {
    const id = identity();
    const res = await register(id);
    expect(res.errors).toBeUndefined();
    expect(res.data.register.viewer.account).toEqual({
      name: 'Lerato Mokoena',
      idNumberMasked: `${id.idNumber.slice(0, 6)}*******`,
      identityKind: 'SA_ID',
      passportCountry: null,
    });
    // Never the whole number, anywhere in the response.
    expect(JSON.stringify(res)).not.toContain(id.idNumber);
  });

  it('opens the account of a passport holder, with the issuing country', async () => {
    const number = `P${Date.now()}`.slice(0, 12);
    const res = await register({ dateOfBirth: '1988-03-14', idNumber: number, passportCountry: 'ZW' });
    expect(res.errors).toBeUndefined();
    expect(res.data.register.viewer.account).toMatchObject({
      idNumberMasked: `${number.slice(0, 6)}${'*'.repeat(number.length - 6)}`,
      identityKind: 'PASSPORT',
      passportCountry: 'ZW',
    });
  });

  it('names the field the casino refuses: the ID number, the date of birth, the passport country', async () => {
    const id = identity();
    expect(refusedFields(await register({ ...id, idNumber: wrongCheckDigit(id.idNumber) }))).toEqual({
      idNumber: ['is not a valid South African ID number: check the digits'],
    });
    expect(refusedFields(await register({ ...id, idNumber: '12345' })).idNumber).toHaveLength(1);
    // An ID number holds its birth date: another date of birth is refused.
    const otherDate = id.dateOfBirth.replace(/^(\d{4})/, (y) => String(Number(y) - 1));
    expect(refusedFields(await register({ ...id, dateOfBirth: otherDate }))).toEqual({
      idNumber: ['does not match your date of birth'],
    });
    expect(Object.keys(refusedFields(await register({ ...id, dateOfBirth: '14/03/1988' })))).toEqual([
      'dateOfBirth',
    ]);
    // Under 18 on the casino's calendar.
    const child = testIdentity(`${new Date().getUTCFullYear() - 10}-06-15`);
    expect(refusedFields(await register(child))).toEqual({
      dateOfBirth: ['You must be 18 or older to register.'],
    });
    // A passport country must be another country's two-letter code.
    expect(
      Object.keys(refusedFields(await register({ ...id, idNumber: 'A1234567', passportCountry: 'ZA' }))),
    ).toEqual(['passportCountry']);
    expect(
      Object.keys(
        refusedFields(await register({ ...id, idNumber: 'A1234567', passportCountry: 'Zimbabwe' })),
      ),
    ).toEqual(['passportCountry']);
    // None of it opened an account: the identity is still free.
    expect((await register(id)).errors).toBeUndefined();
  });

  it('refuses an identity already registered, whatever the email', async () => {
    const first = await signUp(stack, 'First Holder');
    const again = await register({ idNumber: first.idNumber, dateOfBirth: first.dateOfBirth });
    expect(refusedFields(again).idNumber).toEqual([
      'is already registered: log in, or contact support if this is not you',
    ]);
    // The same number typed with spaces is the same identity.
    const spaced = first.idNumber.replace(/^(\d{6})(\d{4})/, '$1 $2 ');
    expect(
      refusedFields(await register({ idNumber: spaced, dateOfBirth: first.dateOfBirth })).idNumber,
    ).toHaveLength(1);
  });

  it('refuses a self-excluded identity under a new email as SELF_EXCLUDED, with the end date', async () => {
    const player = await signUp(stack, 'Thabo Excluded');
    const excluded = await stack.gql(
      `mutation($input: SelfExcludeInput!) { selfExclude(input: $input) { restriction { endsAt } } }`,
      { input: { length: 'MONTHS_6', confirm: true } },
      { token: player.token },
    );
    expect(excluded.errors).toBeUndefined();
    const { endsAt } = excluded.data.selfExclude.restriction;

    const again = await register({ idNumber: player.idNumber, dateOfBirth: player.dateOfBirth });
    expect(again.data).toBeNull();
    expect(again.errors).toHaveLength(1);
    expect(again.errors![0].extensions).toEqual({ code: 'SELF_EXCLUDED', resetsAt: endsAt });
    expect(again.errors![0].message).toMatch(
      /^You have excluded yourself from PlayLive until \d{4}-\d\d-\d\d \d\d:\d\d\./,
    );
  });
});

describe('checkIdentity', () => {
  it('says a valid South African ID number is valid and gives the birth date it holds', async () => {
    const id = testIdentity();
    const res = await stack.gql(CHECK, { input: { idNumber: id.idNumber, clientMutationId: 'c1' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.checkIdentity).toEqual({
      valid: true,
      fieldErrors: [],
      dateOfBirth: id.dateOfBirth,
      clientMutationId: 'c1',
    });
    // A POST body, never an address: the number is in no path the gateway called.
    expect(res.extensions.upstreamCalls).toEqual(['POST /api/identity/check']);
  });

  it('names what is wrong as registration would, per field of RegisterInput', async () => {
    const id = testIdentity();
    const wrong = await stack.gql(CHECK, { input: { idNumber: wrongCheckDigit(id.idNumber) } });
    expect(wrong.data.checkIdentity).toEqual({
      valid: false,
      fieldErrors: [
        { field: 'idNumber', message: 'is not a valid South African ID number: check the digits' },
      ],
      dateOfBirth: null,
      clientMutationId: null,
    });
    const otherDate = await stack.gql(CHECK, { input: { idNumber: id.idNumber, dateOfBirth: '1970-01-01' } });
    expect(otherDate.data.checkIdentity.valid).toBe(false);
    expect(otherDate.data.checkIdentity.fieldErrors).toEqual([
      { field: 'idNumber', message: 'does not match your date of birth' },
    ]);
    const passport = await stack.gql(CHECK, { input: { idNumber: 'A1234567', passportCountry: 'ZA' } });
    expect(passport.data.checkIdentity.fieldErrors.map((e: { field: string }) => e.field)).toEqual([
      'passportCountry',
    ]);
  });

  it('never says whether an identity is registered', async () => {
    const player = await signUp(stack, 'Already Here');
    const res = await stack.gql(CHECK, {
      input: { idNumber: player.idNumber, dateOfBirth: player.dateOfBirth },
    });
    expect(res.data.checkIdentity).toMatchObject({ valid: true, fieldErrors: [] });
  });
});
