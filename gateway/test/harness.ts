import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { WebSocket } from 'ws';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { TINY_PNG, tinyPdf } from '../../sandbox/src/seed/documents.js';
import { testIdentity } from '../../sandbox/test/identities.js';
import type { GatewayConfig } from '../src/config.js';
import { createGateway, type Gateway, type GatewayOptions } from '../src/server.js';
import { capturingLogger, noteSecret, noteSecretsIn, noteUploadAddress } from './log-capture.js';

export interface Stack {
  sandbox: Sandbox;
  gateway: Gateway;
  /** POST /graphql as a client does; returns the parsed body and the status. */
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; data: T; errors?: any[]; extensions?: any }>;
  /** Stops the sandbox and starts it again on the same port and data (as a backend restart does). */
  restartSandbox(downMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The real sandbox and the real gateway in front of it, each on an ephemeral loopback port. */
export async function startStack(
  options: {
    gateway?: Partial<GatewayConfig>;
    clock?: () => Date;
    sandboxClock?: () => Date;
    tournamentCoalesceMs?: number;
    /**
     * Also gets what the gateway logs (default: nothing, or the console with GATEWAY_TEST_LOG set). Every line is
     * captured for the suite's check that no log holds a token, password, identity number or upload address
     * (log-check.ts) whatever this is.
     */
    logger?: GatewayOptions['logger'];
    /** Production mode (GatewayOptions.production); by default NODE_ENV's. */
    production?: boolean;
  } = {},
): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  const startSandbox = (port: number) =>
    createSandbox({
      config: { port, host: '127.0.0.1', dataDir, control: true },
      ...(options.sandboxClock ? { clock: options.sandboxClock } : {}),
    });
  const sandbox = await startSandbox(0);
  const gateway = await createGateway({
    config: {
      port: 0,
      host: '127.0.0.1',
      casinoApiUrl: sandbox.url,
      pusherUrl: sandbox.url,
      upstreamTimeoutMs: 3000,
      exposeUpstreamCalls: true,
      graphiql: true,
      guestHiddenProviders: [],
      // The suites sign up and sign in dozens of players from 127.0.0.1, and some send hundreds of operations a
      // minute: the rate limits (on by default) are off here, and on in rate-limits.test.ts, which tests them.
      rateLimits: false,
      // Each stack's usage in its own folder, never the repository's .data/usage.json.
      usageStore: path.join(dataDir, 'usage.json'),
      ...options.gateway,
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.tournamentCoalesceMs !== undefined
      ? { tournamentCoalesceMs: options.tournamentCoalesceMs }
      : {}),
    logger: capturingLogger(options.logger ?? (process.env.GATEWAY_TEST_LOG ? console : undefined)),
    ...(options.production !== undefined ? { production: options.production } : {}),
  });
  const stack: Stack = {
    sandbox,
    gateway,
    async restartSandbox(downMs = 0) {
      const { port } = stack.sandbox;
      await stack.sandbox.close();
      await new Promise((r) => setTimeout(r, downMs));
      stack.sandbox = await startSandbox(port);
    },
    async gql(query, variables = {}, { token, headers = {} } = {}) {
      const res = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as any;
      // The tokens, passwords, identity numbers and upload addresses sent and received: none may show up in the
      // gateway's log (log-check.ts).
      noteSecret(token);
      noteSecretsIn(variables);
      noteSecretsIn(body);
      return { status: res.status, ...body };
    },
    async close() {
      await gateway.close();
      await stack.sandbox.close();
      // Each stack's SQLite database: a suite run would otherwise leave hundreds in the temp folder.
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

let counter = 0;
/** A unique email address for a new player. */
export const newEmail = (prefix = 'gw') =>
  `${prefix}${Date.now()}-${++counter}-${Math.floor(Math.random() * 1e6)}@example.test`;

/**
 * What a registration must carry besides name, email and password (docs/rules.md#know-your-player): a date of birth
 * and a valid South African ID number holding it, unique (sandbox/test/identities.ts). As RegisterInput's fields, or
 * with `rest` as the casino's POST /api/register fields.
 */
export function identity(): { dateOfBirth: string; idNumber: string };
export function identity(rest: 'rest'): { date_of_birth: string; id_number: string };
export function identity(rest?: 'rest') {
  const { dateOfBirth, idNumber } = testIdentity();
  return rest ? { date_of_birth: dateOfBirth, id_number: idNumber } : { dateOfBirth, idNumber };
}

/** Registers a new player through the gateway (with a valid identity) and returns its token and viewer. */
export async function signUp(stack: Stack, name = 'Gateway Player') {
  const email = newEmail();
  const password = 'correct-horse-9';
  const { dateOfBirth, idNumber } = identity();
  const res = await stack.gql(
    `mutation($input: RegisterInput!) { register(input: $input) { token viewer { id account { userId name email } } } }`,
    { input: { name, email, password, dateOfBirth, idNumber } },
  );
  if (res.errors) throw new Error(`register failed: ${JSON.stringify(res.errors)}`);
  return {
    token: res.data.register.token as string,
    email,
    password,
    idNumber,
    dateOfBirth,
    viewer: res.data.register.viewer,
  };
}

/** Sandbox test money for a player, straight from the sandbox's control route. */
export async function credit(stack: Stack, token: string, amount: string) {
  await fetch(`${stack.sandbox.url}/sandbox/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount }),
  });
}

/** Saves a payout bank account for the player at the sandbox, as a player may withdraw only with one. */
export async function addPayoutAccount(stack: Stack, token: string, holder = 'Gateway Player') {
  const res = await fetch(`${stack.sandbox.url}/api/bankAccount`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ bank: 'capitec', holder, account_number: '1480231234', account_type: 'savings' }),
  });
  if (res.status !== 200)
    throw new Error(`PUT /api/bankAccount responded ${res.status}: ${await res.text()}`);
}

/** A POST to one of the sandbox's routes (its control routes, or the API as a player); fails on a non-2xx. */
export async function sandboxPost(stack: Stack, path: string, body: unknown, token?: string): Promise<any> {
  noteSecret(token);
  noteSecretsIn(body);
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path} responded ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Small well-formed files the casino recognises by their first bytes (the sandbox's seeded documents are the same). */
export { TINY_PNG };
export const TINY_PDF = tinyPdf('Proof of address');

/** PUTs a file to a casino upload address, as the browser does (no bearer: the address is the capability). */
export async function putFile(url: string, file: Buffer, contentType: string): Promise<number> {
  noteUploadAddress(url);
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(file),
  });
  await res.text();
  return res.status;
}

const START_UPLOAD = `mutation($input: StartVerificationUploadInput!) {
  startVerificationUpload(input: $input) { uploadUrl document { id status } }
}`;

/**
 * The player's identity verified (FICA, docs/rules.md#know-your-player) the way a player and the back office do it:
 * an identity document and a proof of address uploaded through the gateway's startVerificationUpload and the
 * casino's single-use addresses, submitted with submitVerification, then verified by the sandbox's back office
 * (POST /sandbox/verification). Withdrawals wait for it.
 */
export async function verifyIdentity(stack: Stack, token: string): Promise<void> {
  for (const [kind, file, contentType] of [
    ['IDENTITY', TINY_PNG, 'image/png'],
    ['PROOF_OF_ADDRESS', TINY_PDF, 'application/pdf'],
  ] as const) {
    const started = await stack.gql(
      START_UPLOAD,
      { input: { kind, contentType, size: file.length } },
      { token },
    );
    if (started.errors) throw new Error(`startVerificationUpload failed: ${JSON.stringify(started.errors)}`);
    const status = await putFile(started.data.startVerificationUpload.uploadUrl, file, contentType);
    if (status !== 201) throw new Error(`PUT of the ${kind} document responded ${status}`);
  }
  const submitted = await stack.gql(
    'mutation { submitVerification { verification { status } } }',
    {},
    { token },
  );
  if (submitted.errors) throw new Error(`submitVerification failed: ${JSON.stringify(submitted.errors)}`);
  await sandboxPost(stack, '/sandbox/verification', { status: 'verified' }, token);
}

/** Waits until `check` holds, polling every 20 ms; fails after timeoutMs with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what = 'condition', timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A graphql-ws client of the gateway, as a browser or partner tool would open it (no retries: tests see drops). */
export function liveClient(
  stack: Stack,
  token?: string | null,
  options: { origin?: string; params?: any } = {},
) {
  const { origin } = options;
  class Socket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, origin ? { origin } : {});
    }
  }
  return createClient({
    url: `${stack.gateway.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: Socket,
    connectionParams: options.params ?? (token ? { authorization: `Bearer ${token}` } : {}),
    // The tokens a socket carries, like those sent over HTTP, must stay out of the log (log-check.ts).
    on: { connecting: () => (noteSecret(token), noteSecretsIn(options.params)) },
    retryAttempts: 0,
    lazy: true,
  });
}

export interface LiveOperation {
  /** Every result received so far. */
  results: any[];
  /** The next result (after those already taken) that matches `where`, waiting up to timeoutMs. */
  next(where?: (result: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Settles when the server ends the operation: with its errors, or none when it completed. */
  ended: Promise<{ errors?: any }>;
  stop(): void;
}

/** Subscribes and collects what arrives. */
export function subscribe(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
): LiveOperation {
  const results: any[] = [];
  let taken = 0;
  let wake = () => {};
  let settle!: (outcome: { errors?: any }) => void;
  const ended = new Promise<{ errors?: any }>((resolve) => (settle = resolve));
  const stop = client.subscribe(
    { query, variables },
    {
      next: (result) => {
        results.push(result);
        wake();
      },
      error: (errors) => settle({ errors }),
      complete: () => settle({}),
    },
  );
  return {
    results,
    ended,
    stop,
    async next(where = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = results.findIndex((r, i) => i >= taken && where(r));
        if (index >= 0) {
          taken = index + 1;
          return results[index];
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching result within ${timeoutMs} ms; got ${JSON.stringify(results)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.min(left, 100));
        });
      }
    },
  };
}
