import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { sessionDigest } from '../src/realtime/session-ends.js';
import { identity, subscribe, until, type LiveOperation } from './harness.js';
import { startRedisServer, type RedisServer } from './redis-server.js';
import { startReplica, type Replica } from './replica-process.js';

/*
 * A session that ends on one replica ends everywhere at once: a player's live subscriptions on replica A stop with
 * UNAUTHENTICATED within a second of a sign-out, a casino's 401 or a password reset seen by replica B, through
 * Redis. SESSION_CHECK_MS is a minute here, so the periodic check cannot be what ends them.
 */

/** The bound (1 s), and what a loaded two-core machine is allowed on top of it. */
const WITHIN_MS = 1_000;
const LOAD_ALLOWANCE_MS = 1_000;

const VIEWER_EVENTS = `subscription {
  viewerEvents { __typename ... on NotificationEvent { notification { subject } } }
}`;

const userChannel = (userId: number) => `private-user.${userId}`;

describe('a session ended on one replica ends its subscriptions on the others', () => {
  let redis: RedisServer;
  let watcher: Redis;
  /** What the replicas published about ended sessions, as any reader of Redis sees it. */
  const published: string[] = [];
  /** Every token used: none may reach Redis or a replica's log. */
  const tokens: string[] = [];
  let sandbox: Sandbox;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    redis = await startRedisServer();
    watcher = new Redis(redis.url);
    await watcher.psubscribe('playlive:*');
    watcher.on('pmessage', (_pattern: string, _channel: string, message: string) => published.push(message));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-end-test-'));
    sandbox = await createSandbox({ config: { port: 0, host: '127.0.0.1', dataDir, control: true } });
    const env = {
      CASINO_API_URL: sandbox.url,
      REDIS_URL: redis.url,
      SESSION_CHECK_MS: '60000',
      NODE_ENV: 'production',
    };
    [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    watcher?.disconnect();
    await sandbox?.close();
    await redis?.stop();
  });

  async function gql(replica: Replica, query: string, variables: object = {}, token?: string) {
    const res = await fetch(`${replica.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as any;
  }

  let n = 0;
  async function signUp(replica: Replica) {
    const email = `session-end-${Date.now()}-${++n}@example.test`;
    const res = await gql(
      replica,
      'mutation($input: RegisterInput!) { register(input: $input) { token viewer { account { userId } } } }',
      { input: { name: 'Shared Device', email, password: 'correct-horse-9', ...identity() } },
    );
    if (res.errors) throw new Error(`register failed: ${JSON.stringify(res.errors)}`);
    const token = res.data.register.token as string;
    tokens.push(token);
    return { token, email, userId: res.data.register.viewer.account.userId as number };
  }

  const notify = (token: string, subject: string) =>
    fetch(`${sandbox.url}/sandbox/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ subject, message: 'From the session-end test.' }),
    });

  /** viewerEvents over graphql-ws on `replica`, delivering (a notification has arrived through it). */
  async function socketOn(replica: Replica, player: { token: string; userId: number }) {
    const client = createClient({
      url: `${replica.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${player.token}` },
      retryAttempts: 0,
      lazy: true,
    });
    const op = subscribe(client, VIEWER_EVENTS);
    await until(() => sandbox.pusher.subscriberCount(userChannel(player.userId)) > 0, 'the upstream channel');
    await notify(player.token, 'Before');
    await op.next((r) => r.data?.viewerEvents?.notification?.subject === 'Before');
    return op;
  }

  /** How long after `since` (the ending request was sent) the operation got its UNAUTHENTICATED error; it then ends. */
  async function endedAfter(op: LiveOperation, since: number): Promise<number> {
    const last = await op.next((r) => Boolean(r.errors), 10_000);
    const elapsed = Date.now() - since;
    expect(last.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await op.ended).toEqual({});
    return elapsed;
  }

  it('ends a socket and an event stream on A within a second of a sign-out through B', async () => {
    const player = await signUp(b);
    const bystander = await signUp(a);
    const socket = await socketOn(a, player);
    const other = await socketOn(a, bystander);
    const stream = await eventStreamOn(a, player.token);
    await notify(player.token, 'Over SSE');
    await stream.waitFor((text) => text.includes('Over SSE'));

    const signedOutAt = Date.now();
    const signOut = await gql(b, 'mutation { signOut { success } }', {}, player.token);
    expect(signOut.data.signOut.success).toBe(true);

    expect(await endedAfter(socket, signedOutAt)).toBeLessThan(WITHIN_MS + LOAD_ALLOWANCE_MS);
    await stream.waitFor((text) => text.includes('UNAUTHENTICATED'));
    expect(Date.now() - signedOutAt).toBeLessThan(WITHIN_MS + LOAD_ALLOWANCE_MS);
    await stream.closed;

    // Only that session ended: another player's socket on A still delivers.
    await notify(bystander.token, 'Still here');
    await other.next((r) => r.data?.viewerEvents?.notification?.subject === 'Still here');
    expect(other.results.some((r) => r.errors)).toBe(false);
    other.stop();

    // What went over Redis names the session by a digest, never by its token.
    expect(published).toContainEqual(expect.stringContaining(sessionDigest(player.token)));
  });

  it("ends A's socket when the casino has revoked the token and B is the first to see its 401", async () => {
    const player = await signUp(a);
    const socket = await socketOn(a, player);
    // Revoked at the casino itself (its own logout), not through either replica.
    const revoked = await fetch(`${sandbox.url}/api/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
      body: '{}',
    });
    expect(revoked.status).toBeLessThan(300);

    const queriedAt = Date.now();
    const refused = await gql(b, '{ viewer { id } }', {}, player.token);
    expect(refused.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await endedAfter(socket, queriedAt)).toBeLessThan(WITHIN_MS + LOAD_ALLOWANCE_MS);
  });

  it("ends A's socket on the player's old session when the password is reset through B", async () => {
    const player = await signUp(a);
    const socket = await socketOn(a, player);
    const forgot = await gql(
      b,
      'mutation($email: String!) { forgotPassword(input: { email: $email }) { message } }',
      {
        email: player.email,
      },
    );
    expect(forgot.errors).toBeUndefined();
    const mail = (await (
      await fetch(`${sandbox.url}/sandbox/mail?email=${encodeURIComponent(player.email)}`)
    ).json()) as { mail: { body: string }[] };
    const resetToken = /Reset token: (\S+)/.exec(mail.mail[0]!.body)![1]!;
    tokens.push(resetToken);

    const resetAt = Date.now();
    const reset = await gql(
      b,
      'mutation($input: ResetPasswordInput!) { resetPassword(input: $input) { token viewer { id } } }',
      { input: { token: resetToken, email: player.email, password: 'brand-new-horse-2' } },
    );
    expect(reset.errors).toBeUndefined();
    tokens.push(reset.data.resetPassword.token);
    expect(await endedAfter(socket, resetAt)).toBeLessThan(WITHIN_MS + LOAD_ALLOWANCE_MS);
  });

  it('never puts a token on Redis or in a log', () => {
    expect(tokens.length).toBeGreaterThan(0);
    expect(published.length).toBeGreaterThan(0);
    for (const token of tokens) {
      for (const message of published) expect(message).not.toContain(token);
      expect(a.log()).not.toContain(token);
      expect(b.log()).not.toContain(token);
    }
  });

  /** viewerEvents as server-sent events on `replica`: the text so far, and when the server closes the stream. */
  async function eventStreamOn(replica: Replica, token: string) {
    const res = await fetch(`${replica.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query: VIEWER_EVENTS }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    let text = '';
    const reader = res.body!.getReader();
    // Read until the server closes it (or the replica stops, when a test has failed).
    const closed = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })().catch(() => {});
    return {
      closed,
      waitFor: (check: (text: string) => boolean) => until(() => check(text), 'the event stream', 10_000),
    };
  }
});
