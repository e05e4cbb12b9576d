/**
 * No secret or personal value in an error (src/operations/input-errors.ts): a malformed value for any input carrying a password,
 * token, email, phone, name or identity number (a wrong type, an extra key, a null, a value written in the document) is refused with
 * a message naming the input's place and the rule it breaks, never the value, and the value shows neither in the
 * response nor in any line the gateway logs. The issue: a login with an extra key returned
 * 'Variable "$input" got invalid value { email: "…", password: "hunter2", extra: 1 }; …'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveClient, signUp, startStack, subscribe, type Stack } from './harness.js';

const logged: string[] = [];
let stack: Stack;
let token: string;
beforeAll(async () => {
  const line = (...args: unknown[]) => logged.push(JSON.stringify(args));
  stack = await startStack({
    production: true,
    logger: { info: line, warn: line, error: line, debug: line } as never,
  });
  ({ token } = await signUp(stack));
});
afterAll(() => stack.close());

// Distinct values, each long enough that finding one anywhere cannot be chance.
const SECRET = {
  password: 'Secret-Passw0rd-7Q2x',
  token: 'reset-token-ZK81-QW93-MM04',
  email: 'secret.player.8841@example.test',
  phone: '+27825550199',
  name: 'Thandeka Secretname',
  date: '1989-04-17-secret',
  idNumber: '8904175800086',
};

/** Every mutation whose input carries such a value (schema.graphql), and a valid input for it. */
const INPUTS: { mutation: string; type: string; input: Record<string, string>; session?: boolean }[] = [
  {
    mutation: 'login',
    type: 'LoginInput',
    input: { email: SECRET.email, password: SECRET.password },
  },
  {
    mutation: 'register',
    type: 'RegisterInput',
    input: {
      name: SECRET.name,
      email: SECRET.email,
      password: SECRET.password,
      phone: SECRET.phone,
      dateOfBirth: SECRET.date,
      idNumber: SECRET.idNumber,
    },
  },
  {
    mutation: 'checkIdentity',
    type: 'CheckIdentityInput',
    input: { idNumber: SECRET.idNumber, dateOfBirth: SECRET.date },
  },
  { mutation: 'forgotPassword', type: 'ForgotPasswordInput', input: { email: SECRET.email } },
  {
    mutation: 'resetPassword',
    type: 'ResetPasswordInput',
    input: { token: SECRET.token, email: SECRET.email, password: SECRET.password },
  },
  {
    mutation: 'updateProfile',
    type: 'UpdateProfileInput',
    input: { name: SECRET.name, phone: SECRET.phone },
    session: true,
  },
];

const operation = (mutation: string, type: string) =>
  `mutation Secret($input: ${type}!) { ${mutation}(input: $input) { __typename } }`;

/** The ways a client sends a malformed value: each must be refused without echoing it. */
function malformed(input: Record<string, string>): [string, Record<string, unknown>][] {
  const cases: [string, Record<string, unknown>][] = [
    ['an extra key', { ...input, extra: 1 }],
    [
      'an unknown key holding the value',
      { ...input, [`x${Object.keys(input)[0]}`]: Object.values(input)[0] },
    ],
  ];
  for (const [field, value] of Object.entries(input)) {
    cases.push([`${field} as a list`, { ...input, [field]: [value] }]);
    cases.push([`${field} as an object`, { ...input, [field]: { value } }]);
    cases.push([`${field} as a number beside the others`, { ...input, [field]: 12345678, extra: value }]);
  }
  return cases;
}

function expectNoSecret(text: string, what: string) {
  for (const [kind, value] of Object.entries(SECRET)) {
    expect(text.includes(value), `${what}: the ${kind} is in ${text.slice(0, 300)}`).toBe(false);
  }
}

describe('a malformed sensitive input', () => {
  for (const { mutation, type, input, session } of INPUTS) {
    it(`${mutation}: refused with BAD_USER_INPUT naming the place, never the value`, async () => {
      for (const [what, variables] of malformed(input)) {
        const res = await stack.gql(
          operation(mutation, type),
          { input: variables },
          session ? { token } : {},
        );
        expect(res.data, what).toBeUndefined();
        expect(res.errors?.[0]?.extensions?.code, what).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0]?.message, what).toMatch(/^\$input\b/);
        expectNoSecret(JSON.stringify(res), `${mutation}, ${what}`);
      }
    });
  }

  it('written in the document: the place and the rule, never the value', async () => {
    const res = await stack.gql(
      `mutation { login(input: { email: "${SECRET.email}", password: ["${SECRET.password}"] }) { token } }`,
    );
    expect(res.errors?.[0]?.message).toMatch(/^login\(input\.password\) must be a string \(String!?\)\.$/);
    expectNoSecret(JSON.stringify(res), 'a list literal');
    const number = await stack.gql(
      `mutation { updateProfile(input: { phone: 27825550199, name: { n: "${SECRET.name}" } }) { __typename } }`,
      {},
      { token },
    );
    expect(number.errors?.map((e: { message: string }) => e.message)).toEqual([
      'updateProfile(input.phone) must be a string (String).',
      'updateProfile(input.name) must be a string (String).',
    ]);
    expectNoSecret(JSON.stringify(number), 'an object literal');
    expect(JSON.stringify(number)).not.toContain('27825550199');
  });

  it('over graphql-ws the same', async () => {
    const client = liveClient(stack);
    try {
      const op = subscribe(client, operation('login', 'LoginInput'), {
        input: { email: SECRET.email, password: SECRET.password, extra: 1 },
      });
      const { errors } = await op.next();
      expect(errors[0].message).toBe('$input.extra is not a field of LoginInput.');
      expectNoSecret(JSON.stringify(errors), 'graphql-ws');
    } finally {
      await client.dispose();
    }
  });

  it('leaves no trace of the values in the logs', () => {
    expect(logged.length).toBeGreaterThan(0);
    expectNoSecret(logged.join('\n'), 'the log');
  });
});
