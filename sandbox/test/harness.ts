import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PusherModule, { type Options } from 'pusher-js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../src/app.js';
import { TINY_PNG, tinyPdf } from '../src/seed/documents.js';
import { testIdentity } from './identities.js';

/** A real sandbox on an ephemeral loopback port with its own temporary data folder. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox & { dataDir: string }> {
  const dataDir = options.config?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-test-'));
  const sandbox = await createSandbox({
    ...options,
    config: { port: 0, host: '127.0.0.1', control: true, ...options.config, dataDir },
  });
  return { ...sandbox, dataDir };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** One HTTP call as a client makes it: JSON in, JSON out. */
export async function api<T = any>(
  base: string,
  method: string,
  urlPath: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const init: RequestInit = { method, headers: { accept: 'application/json', ...headers } };
  if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
  if (body !== undefined) {
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(base + urlPath, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (an HTML page): keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

let counter = 0;
/**
 * Registers a new player (with a valid, unique identity: identities.ts) and returns its token and account.
 * `verified: true` also takes the player through FICA verification by the real routes (docs/rules.md#know-your-player):
 * an identity document and a proof of address uploaded to their upload addresses, submitted, and verified by the
 * back office's control route, as withdrawals need.
 */
export async function newPlayer(
  base: string,
  name = 'Test Player',
  options: { verified?: boolean; identity?: { idNumber: string; dateOfBirth: string } } = {},
) {
  counter += 1;
  const email = `player${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'correct-horse-9';
  const identity = options.identity ?? testIdentity();
  const res = await api(base, 'POST', '/api/register', {
    body: { name, email, password, date_of_birth: identity.dateOfBirth, id_number: identity.idNumber },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = res.body.token as string;
  if (options.verified) await verifyPlayer(base, token);
  const account = await api(base, 'GET', '/api/account', { token });
  return {
    token,
    email,
    password,
    identity,
    user: account.body as { id: number; name: string; email: string },
  };
}

/** Uploads `bytes` as a document of `kind` through its upload address; returns the upload's response. */
export async function uploadDocument(
  base: string,
  token: string,
  kind: 'identity' | 'proof_of_address' | 'bank_statement',
  bytes: Buffer = TINY_PNG,
  contentType = 'image/png',
) {
  const started = await api(base, 'POST', '/api/verification/documents', {
    token,
    body: { kind, content_type: contentType, size: bytes.length },
  });
  if (started.status !== 201)
    throw new Error(`upload start failed: ${started.status} ${JSON.stringify(started.body)}`);
  const put = await fetch(started.body.upload_url, {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return { started: started.body, status: put.status, body: await put.json() };
}

/** FICA verification through the real routes: both required documents uploaded and submitted, then verified. */
export async function verifyPlayer(base: string, token: string) {
  await uploadDocument(base, token, 'identity', TINY_PNG, 'image/png');
  await uploadDocument(base, token, 'proof_of_address', tinyPdf('Proof of address'), 'application/pdf');
  const submitted = await api(base, 'POST', '/api/verification/submit', { token });
  if (submitted.status !== 200)
    throw new Error(`submit failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const decided = await api(base, 'POST', '/sandbox/verification', { token, body: { status: 'verified' } });
  if (decided.status !== 200)
    throw new Error(`verify failed: ${decided.status} ${JSON.stringify(decided.body)}`);
}

/** Every balance equals the sum of its ledger rows and none is negative. */
export function ledgerMismatches(sb: Sandbox): unknown[] {
  return sb.db
    .prepare(
      `SELECT b.user_id, b.wallet, b.balance_cents,
              (SELECT COALESCE(SUM(amount_cents), 0) FROM ledger l WHERE l.user_id = b.user_id AND l.wallet = b.wallet) AS ledger_sum
       FROM balances b`,
    )
    .all()
    .filter((r: any) => r.balance_cents !== r.ledger_sum || r.balance_cents < 0);
}

/** A game code from the seeded catalogue, found as a client would. */
export async function someGameCode(base: string): Promise<string> {
  const games = await api(base, 'GET', '/api/allgames');
  return games.body[0].game_code as string;
}

export const cents = (rands: string) => Math.round(Number(rands) * 100);

/** "2026-11-28 10:15": Johannesburg time (UTC+2), as the casino's messages name it. */
export const jhb = (ms: number) => new Date(ms + 2 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
/** A moment as the casino writes it ("…T10:15:00.000000Z"). */
export const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z');

/** The sandbox's clock (docs/rules.md#safer-gambling): its now, and moved forward (POST /sandbox/clock). */
export function sandboxClock(base: string) {
  return {
    now: async () => Date.parse((await api(base, 'GET', '/sandbox/clock')).body.now),
    advance: (minutes: number) => api(base, 'POST', '/sandbox/clock', { body: { advance_minutes: minutes } }),
  };
}
export const money = (wallets: { gateway: string; balance: string }[]) =>
  cents(wallets.find((w) => w.gateway === 'callpay')!.balance);
export const bonus = (wallets: { gateway: string; balance: string }[]) =>
  cents(wallets.find((w) => w.gateway === 'bonus')!.balance);

// pusher-js ships CommonJS whose typings declare an ES default export: Node hands over module.exports itself.
type PusherClass = typeof PusherModule.default;
export const Pusher: PusherClass =
  (PusherModule as unknown as { default?: PusherClass }).default ?? (PusherModule as unknown as PusherClass);
export type PusherClient = InstanceType<PusherClass>;

/** The official client's options for this sandbox's live channels, private ones authorised with `token`. */
export function pusherOptions(sb: Sandbox, token?: string): Options {
  return {
    cluster: 'sandbox', // required by pusher-js even with wsHost
    wsHost: '127.0.0.1',
    wsPort: sb.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      endpoint: `${sb.url}/broadcasting/auth`,
      transport: 'ajax',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  };
}

/**
 * A player's browser on their private channel: the official client, authorised with the player's bearer token,
 * subscribed to `private-user.<id>` (resolves once the casino accepted the subscription). The caller disconnects the
 * client when done.
 */
export async function playerChannel(sb: Sandbox, token: string, userId: number) {
  const client = new Pusher(sb.ctx.config.pusher.key, pusherOptions(sb, token));
  const channel = client.subscribe(`private-user.${userId}`);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (e: unknown) => reject(new Error(JSON.stringify(e))));
  });
  return { client, channel };
}
