/**
 * Incremental delivery (@defer, @stream), as a client notices it on each transport the gateway speaks: GraphQL over
 * HTTP's multipart/mixed (POST, and GET by a persisted doc_id as the site sends its queries), server-sent events and
 * graphql-ws. A screen's first part comes while a slow REST call behind one of its deferred parts is still held at
 * the sandbox (a fault's delay, released by the test once the first part is in, so nothing here sleeps through it),
 * and a deferred field whose call fails or times out is null alone, with its error and path in its own part.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSchema, parse } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../scripts/known-operations.js';
import { createLogger } from '../src/observability/logging.js';
import { publishedOperations } from '../src/partners/publish.js';
import { schemaPath } from '../src/schema.js';
import { createGateway, type Gateway } from '../src/server.js';
import { liveClient, sandboxPost, signUp, startStack, until, type Stack } from './harness.js';

/** A screen's quick part and its slow-able one: the latest wins (GET /api/latestWins) come after the rest. */
const HOME = `query DeferredHome {
  welcomeOffer { bonusPercentage }
  gameProviders { id name description }
  ... @defer(label: "wins") { latestWins { id playerName amount { formatted } } }
}`;
/** A player's account first, the transaction history (GET /api/transactions) after it. */
const HISTORY = `query DeferredHistory {
  viewer { account { name } ... @defer(label: "history") { transactions(first: 3) { totalCount } } }
}`;
const STREAMED = `query StreamedWins { latestWins @stream(initialCount: 1) { id } }`;

const idOf = (text: string) => createHash('sha256').update(text).digest('hex');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'defer-stream-'));
const persistedFile = path.join(folder, 'persisted-operations.json');
fs.writeFileSync(persistedFile, JSON.stringify({ [idOf(HOME)]: HOME, [idOf(HISTORY)]: HISTORY }));

/** A deferred call's time bound here: the timeout case waits this long, not the default 5 s. */
const UPSTREAM_TIMEOUT_MS = 1500;

let stack: Stack;
let player: string;
const lines: Record<string, any>[] = [];

beforeAll(async () => {
  stack = await startStack({
    gateway: {
      // Every read reaches the sandbox (no public cache, no guests' response cache), where the faults are.
      publicCacheTtlMs: 0,
      persistedOperationsFile: persistedFile,
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
      // The failing cases fail one resource a few times in a row: its circuit stays closed for the next case.
      circuitFailureThreshold: 1000,
    },
    logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) }),
  });
  ({ token: player } = await signUp(stack, 'Deferred Player'));
});
afterAll(async () => {
  await stack.close();
  fs.rmSync(folder, { recursive: true, force: true });
});
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
  await release();
});

/** How many calls a fault's delay holds at the sandbox right now. */
const held = async () => ((await (await fetch(`${stack.sandbox.url}/sandbox/faults`)).json()) as any).held;
/** Lets every held call answer now. */
const release = () => sandboxPost(stack, '/sandbox/faults/release', {});
/** Holds the next call to `path` (until released), or fails it with `status`. */
const slow = (path: string) =>
  sandboxPost(stack, '/sandbox/faults', { method: 'GET', path, delayMs: 60_000, times: 1 });
const fail = (path: string) => sandboxPost(stack, '/sandbox/faults', { method: 'GET', path, status: 500 });

/** The parts of one incremental delivery, as they arrive. */
interface Delivery {
  next(): Promise<any>;
  /** Every part after those taken, until the delivery ends. */
  rest(): Promise<any[]>;
  /** The HTTP response's X-Request-Id and headers (none over graphql-ws). */
  requestId: string | null;
  headers: Headers | null;
}

function deliveryOf(parts: AsyncIterator<any>, response: Response | null): Delivery {
  return {
    requestId: response?.headers.get('x-request-id') ?? null,
    headers: response?.headers ?? null,
    async next() {
      const { value, done } = await parts.next();
      if (done) throw new Error('the delivery ended early');
      return value;
    },
    async rest() {
      const all: any[] = [];
      for (let r = await parts.next(); !r.done; r = await parts.next()) all.push(r.value);
      return all;
    },
  };
}

/** multipart/mixed parts (GraphQL over HTTP's incremental delivery), each parsed as it is complete. */
async function* multipartParts(response: Response): AsyncGenerator<any> {
  const boundary = /boundary="?([^";]+)"?/.exec(response.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error(`not multipart: ${response.headers.get('content-type')}`);
  const delimiter = `\r\n--${boundary}`;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (;;) {
      const start = buffer.indexOf(delimiter);
      const end = start < 0 ? -1 : buffer.indexOf(delimiter, start + delimiter.length);
      if (end < 0) break;
      const part = buffer.slice(start + delimiter.length, end);
      buffer = buffer.slice(end);
      yield JSON.parse(part.slice(part.indexOf('\r\n\r\n') + 4));
    }
  }
}

/** Server-sent events' `next` data, until `complete`. */
async function* eventParts(response: Response): AsyncGenerator<any> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(event)?.[1];
      if (name === 'complete') return;
      if (name === 'next') yield JSON.parse(/^data: (.*)$/m.exec(event)![1]!);
    }
  }
}

/** graphql-ws `next` messages until `complete`, each as it arrives. */
async function* socketParts(client: Client, payload: Record<string, unknown>): AsyncGenerator<any> {
  const iterator = client.iterate(payload as { query: string });
  try {
    for await (const result of iterator) yield result;
  } finally {
    await client.dispose();
  }
}

const post = (query: string, accept: string, token?: string) =>
  fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept,
      // Compression must not hold a part back (http/compression.ts): gzip is accepted, the first part over 1 KiB.
      'accept-encoding': 'gzip',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query }),
  });

/** Each transport sends one query (by text, or by its persisted id as the site does) and gives its parts. */
const TRANSPORTS: Record<string, (query: string, token?: string) => Promise<Delivery>> = {
  'multipart/mixed (POST)': async (query, token) => {
    const response = await post(query, 'multipart/mixed, application/json', token);
    return deliveryOf(multipartParts(response), response);
  },
  'multipart/mixed (GET by persisted doc_id)': async (query, token) => {
    const params = new URLSearchParams({ doc_id: idOf(query), variables: '{}' });
    const response = await fetch(`${stack.gateway.url}/graphql?${params}`, {
      headers: {
        accept: 'multipart/mixed, application/graphql-response+json, application/json',
        'x-graphql-yoga-csrf': '1',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    return deliveryOf(multipartParts(response), response);
  },
  'server-sent events (POST)': async (query, token) => {
    const response = await post(query, 'text/event-stream', token);
    return deliveryOf(eventParts(response), response);
  },
  'graphql-ws (by persisted doc_id)': async (query, token) =>
    deliveryOf(
      socketParts(liveClient(stack, token), { query: '', doc_id: idOf(query), variables: {} }),
      null,
    ),
};

describe.each(Object.entries(TRANSPORTS))('over %s', (_name, send) => {
  it('sends the first part while the call behind a deferred part is still held, then that part', async () => {
    await slow('/api/latestWins');
    const delivery = await send(HOME);
    const first = await delivery.next();
    expect(first.data.welcomeOffer.bonusPercentage).toEqual(expect.any(Number));
    expect(first.data.gameProviders.length).toBeGreaterThan(0);
    expect(first.data).not.toHaveProperty('latestWins');
    expect(first.hasNext).toBe(true);
    // The call the deferred part needs is at the sandbox, held: the first part came without it.
    await until(async () => (await held()) === 1, 'the latest wins call to be held');
    await release();
    const rest = await delivery.rest();
    expect(rest.at(-1).hasNext).toBe(false);
    const incremental = rest.flatMap((part) => part.incremental ?? []);
    expect(incremental).toEqual([{ data: { latestWins: expect.any(Array) }, path: [], label: 'wins' }]);
    expect(incremental[0].data.latestWins[0]).toMatchObject({
      id: expect.any(String),
      playerName: expect.any(String),
    });
  });

  it('nulls a failing deferred field alone, its error and path in its own part', async () => {
    await fail('/api/latestWins');
    const delivery = await send(HOME);
    const first = await delivery.next();
    expect(first.errors).toBeUndefined();
    expect(first.data.welcomeOffer).not.toBeNull();
    const [last] = await delivery.rest();
    expect(last).toMatchObject({ hasNext: false });
    expect(last.incremental).toEqual([
      {
        data: { latestWins: null },
        path: [],
        label: 'wins',
        errors: [
          expect.objectContaining({ path: ['latestWins'], extensions: { code: 'UPSTREAM_UNAVAILABLE' } }),
        ],
      },
    ]);
  });
});

describe('what the other plugins make of a delivery in parts', () => {
  it("nulls a deferred field whose call times out, below a player's object, and keeps the rest", async () => {
    await slow('/api/transactions*');
    const delivery = await TRANSPORTS['multipart/mixed (GET by persisted doc_id)']!(HISTORY, player);
    const first = await delivery.next();
    expect(first.data.viewer.account.name).toBe('Deferred Player');
    expect(first.errors).toBeUndefined();
    // The time bound ends the held call (UPSTREAM_TIMEOUT_MS); nothing here releases it.
    const [last] = await delivery.rest();
    expect(last.incremental).toEqual([
      {
        data: { transactions: null },
        path: ['viewer'],
        label: 'history',
        errors: [
          expect.objectContaining({
            path: ['viewer', 'transactions'],
            extensions: { code: 'UPSTREAM_UNAVAILABLE' },
          }),
        ],
      },
    ]);
    // Nothing was compressed: each part went as it was made.
    expect(delivery.headers!.get('content-encoding')).toBeNull();
  });

  it('writes the request\u2019s one log line after its last part, with the deferred error, and counts it once', async () => {
    const operations = async () => {
      const text = await (await fetch(`${stack.gateway.url}/metrics`)).text();
      const line = text
        .split('\n')
        .find(
          (l) => l.startsWith('gateway_operation_duration_seconds_count{') && l.includes('"DeferredHome"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await operations();
    await slow('/api/latestWins');
    const delivery = await TRANSPORTS['multipart/mixed (POST)']!(HOME);
    await delivery.next();
    await until(async () => (await held()) === 1, 'the latest wins call to be held');
    const lineOf = () => lines.filter((l) => l.msg === 'request' && l.requestId === delivery.requestId);
    // The first part is out, the delivery is not over: no line yet.
    expect(lineOf()).toEqual([]);
    await release();
    await delivery.rest();
    await until(() => lineOf().length === 1, 'the request\u2019s line');
    expect(lineOf()[0]).toMatchObject({
      operation: 'DeferredHome',
      type: 'query',
      outcome: 'ok',
      status: 200,
    });
    expect(await operations()).toBe(before + 1);

    // A deferred part that fails makes the request partial, with its code.
    await fail('/api/latestWins');
    const failing = await TRANSPORTS['multipart/mixed (POST)']!(HOME);
    await failing.rest();
    await until(
      () => lines.some((l) => l.msg === 'request' && l.requestId === failing.requestId),
      'the failing request\u2019s line',
    );
    expect(lines.find((l) => l.msg === 'request' && l.requestId === failing.requestId)).toMatchObject({
      outcome: 'partial',
      codes: ['UPSTREAM_UNAVAILABLE'],
    });
  });

  it('over graphql-ws, counts a deferred query as an operation (not a subscription) ending with its last part', async () => {
    const metric = async (name: string) => {
      const text = await (await fetch(`${stack.gateway.url}/metrics`)).text();
      return Number(/^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(name)) ?? '')?.[2] ?? 0);
    };
    const earlier = lines.length;
    const socketLines = () =>
      lines.slice(earlier).filter((l) => l.transport === 'ws' && l.operation === 'DeferredHome');
    await slow('/api/latestWins');
    const delivery = await TRANSPORTS['graphql-ws (by persisted doc_id)']!(HOME);
    await delivery.next();
    await until(async () => (await held()) === 1, 'the latest wins call to be held');
    expect(await metric('gateway_open_subscriptions{transport="ws"}')).toBe(0);
    await release();
    await delivery.rest();

    await fail('/api/latestWins');
    await (await TRANSPORTS['graphql-ws (by persisted doc_id)']!(HOME)).rest();
    await until(() => socketLines().length === 2, 'both operations\u2019 lines');
    expect(socketLines().map((l) => [l.outcome, l.codes])).toEqual([
      ['ok', undefined],
      ['partial', ['UPSTREAM_UNAVAILABLE']],
    ]);
  });

  it("never lets a cache store a player's parts, over either HTTP transport", async () => {
    for (const accept of ['multipart/mixed', 'text/event-stream']) {
      const response = await post(HISTORY, accept, player);
      expect(response.headers.get('content-type')).toContain(accept);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      await response.arrayBuffer();
    }
  });

  it('prices the fields under @defer as if they were not deferred, and streams a list after its first items', async () => {
    const whole = await stack.gql(HOME.replace('... @defer(label: "wins") {', '... {'));
    const [first] = await (await TRANSPORTS['multipart/mixed (POST)']!(HOME)).rest();
    expect(first.extensions.cost).toBe(whole.extensions.cost);

    const [head, ...tail] = await (await TRANSPORTS['multipart/mixed (POST)']!(STREAMED)).rest();
    expect(head.data.latestWins).toHaveLength(1);
    const items = tail.flatMap((part) => part.incremental ?? []);
    expect(items[0]).toEqual({ items: [{ id: expect.any(String) }], path: ['latestWins', 1] });
    expect(1 + items.length).toBe(whole.data.latestWins.length);
  });

  it("keeps a guest's delivery in the response cache merged, and serves it whole in the media type asked", async () => {
    // A gateway with the guests' response cache on, beside the suite's.
    const cached: Gateway = await createGateway({
      config: {
        port: 0,
        host: '127.0.0.1',
        casinoApiUrl: stack.sandbox.url,
        pusherUrl: stack.sandbox.url,
        persistedOperationsFile: persistedFile,
        rateLimits: false,
        usageStore: path.join(folder, 'usage.json'),
        exposeUpstreamCalls: true,
      },
      logger: createLogger('warn', { write: () => {} }),
    });
    try {
      const get = (accept: string) =>
        fetch(`${cached.url}/graphql?doc_id=${idOf(HOME)}&variables=%7B%7D`, {
          headers: { accept, 'x-graphql-yoga-csrf': '1' },
        });
      /** A delivery's parts merged, as a client's store holds them. */
      const merged = (parts: any[]) => {
        const data = structuredClone(parts[0].data);
        for (const entry of parts.flatMap((p) => p.incremental ?? [])) Object.assign(data, entry.data);
        return data;
      };
      const whole = merged(await deliveryOf(multipartParts(await get('multipart/mixed')), null).rest());
      expect(whole.latestWins.length).toBeGreaterThan(0);
      // Asked again (a third time: by then a whole response may serve it by its address alone), it is a hit,
      // whole, in one part; the guests' cache keys by the clock's second, so a pair straddling one tries again.
      let hits = 0;
      for (let tries = 0; tries < 4 && hits < 2; tries++) {
        const response = await get('multipart/mixed');
        expect(response.headers.get('content-type')).toMatch(/^multipart\/mixed/);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const parts = await deliveryOf(multipartParts(response), null).rest();
        expect(merged(parts)).toEqual(whole);
        if (parts.length === 1 && parts[0].extensions?.responseCache?.hit) hits++;
      }
      expect(hits).toBe(2);
      const json = await get('multipart/mixed, application/json');
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await json.json()) as any).data).toEqual(whole);
    } finally {
      await cached.close();
    }
  });

  it('lets a partner register a deferred document, and the schema check judge the site\u2019s deferred operations', () => {
    const schema = buildSchema(fs.readFileSync(schemaPath, 'utf8'));
    const published = publishedOperations(HOME, schema);
    expect(published).toEqual({
      operations: [expect.objectContaining({ name: 'DeferredHome', hash: idOf(HOME) })],
    });
    const { verdicts, invalidAtBase } = judge(schema, schema, [
      { name: 'DeferredHome', source: 'site', document: parse(HOME) },
    ]);
    expect(invalidAtBase).toEqual([]);
    expect(verdicts.map((v) => v.errors)).toEqual([[]]);
  });
});
