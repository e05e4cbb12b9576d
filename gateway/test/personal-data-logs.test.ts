/**
 * Nothing personal in the gateway's logs or metrics (POPIA, docs/rules.md#know-your-player): an identity number, a
 * date of birth and a verification upload address (its token is the capability to upload in the player's name) go
 * through the gateway in request and response bodies only. Whatever happens to them (a registration, a refused one,
 * the casino failing, an identity check, an upload started, a malformed value), no line the gateway writes, at any
 * level, and no metric holds one. (Every suite's captured lines are also checked for the tokens, passwords, identity
 * numbers and upload addresses it used: log-check.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIdentity } from '../../sandbox/test/identities.js';
import { newEmail, signUp, startStack, type Stack } from './harness.js';

const logged: string[] = [];
let stack: Stack;
beforeAll(async () => {
  const line = (...args: unknown[]) => logged.push(JSON.stringify(args));
  stack = await startStack({ logger: { info: line, warn: line, error: line, debug: line } as never });
});
afterAll(() => stack.close());

const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token } }';
const CHECK = 'mutation($input: CheckIdentityInput!) { checkIdentity(input: $input) { valid dateOfBirth } }';
const START = `mutation($input: StartVerificationUploadInput!) {
  startVerificationUpload(input: $input) { uploadUrl }
}`;

async function fault(spec: { method: string; path: string; status: number; times: number }) {
  const res = await fetch(`${stack.sandbox.url}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  expect(res.status).toBe(201);
}

describe('personal information and the logs', () => {
  it('never writes an identity number, a date of birth or an upload address', async () => {
    const personal: string[] = [];
    const registration = (id: { idNumber: string; dateOfBirth: string }) => ({
      name: 'Private Person',
      email: newEmail('private'),
      password: 'correct-horse-9',
      ...id,
    });

    // A registration that opens the account, and the same identity again (refused: already registered).
    const player = await signUp(stack, 'Private Person');
    personal.push(player.idNumber, player.dateOfBirth);
    const taken = await stack.gql(REGISTER, {
      input: registration({ idNumber: player.idNumber, dateOfBirth: player.dateOfBirth }),
    });
    expect(taken.errors![0].extensions.fields.idNumber).toHaveLength(1);

    // A refused one: the ID number's check digit wrong.
    const wrong = testIdentity();
    const wrongNumber = wrong.idNumber.slice(0, 12) + String((Number(wrong.idNumber[12]) + 1) % 10);
    personal.push(wrongNumber, wrong.dateOfBirth);
    const refused = await stack.gql(REGISTER, {
      input: registration({ idNumber: wrongNumber, dateOfBirth: wrong.dateOfBirth }),
    });
    expect(refused.errors![0].extensions.code).toBe('BAD_USER_INPUT');

    // The casino failing the registration: its error body is not passed on or written.
    const failing = testIdentity();
    personal.push(failing.idNumber, failing.dateOfBirth);
    await fault({ method: 'POST', path: '/api/register', status: 500, times: 1 });
    const failed = await stack.gql(REGISTER, { input: registration(failing) });
    expect(failed.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');

    // A malformed value: refused before execution, naming the place, not the value.
    const malformed = testIdentity();
    personal.push(malformed.idNumber);
    const badType = await stack.gql(REGISTER, {
      input: { ...registration(malformed), idNumber: [malformed.idNumber] },
    });
    expect(badType.errors![0].extensions.code).toBe('BAD_USER_INPUT');

    // An identity check, answered and failing.
    const checked = testIdentity();
    personal.push(checked.idNumber);
    const check = await stack.gql(CHECK, { input: { idNumber: checked.idNumber } });
    expect(check.data.checkIdentity).toEqual({ valid: true, dateOfBirth: checked.dateOfBirth });
    await fault({ method: 'POST', path: '/api/identity/check', status: 500, times: 1 });
    const checkFailed = await stack.gql(CHECK, { input: { idNumber: checked.idNumber } });
    expect(checkFailed.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');

    // An upload started: the address and its token.
    const started = await stack.gql(
      START,
      { input: { kind: 'IDENTITY', contentType: 'image/png', size: 1000 } },
      { token: player.token },
    );
    const { uploadUrl } = started.data.startVerificationUpload;
    personal.push(uploadUrl, uploadUrl.split('/').pop()!);

    // The account, whose number is shown masked: not written either.
    const account = await stack.gql('{ viewer { account { idNumberMasked } } }', {}, { token: player.token });
    personal.push(account.data.viewer.account.idNumberMasked);

    const metrics = await (await fetch(`${stack.gateway.url}/metrics`)).text();
    expect(metrics).toContain('register');
    expect(logged.length).toBeGreaterThan(5);
    const log = logged.join('\n');
    for (const value of personal) {
      expect(log.includes(value), `a personal value (${value.length} characters) in the log`).toBe(false);
      expect(metrics.includes(value), `a personal value (${value.length} characters) in a metric`).toBe(
        false,
      );
    }
  });
});
