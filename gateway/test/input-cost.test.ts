/**
 * What one request may cost (src/operations/input-limits.ts, src/operations/input-errors.ts): each shape of input a client controls
 * (unknown keys, nesting, list length, string length, many variables, many fragments) grown tenfold costs at most
 * about tenfold, and /healthz keeps responding meanwhile, over HTTP, server-sent events, graphql-ws and persisted
 * operations. The issue: 5,000 unknown keys in one GameFilter (a 45 KB body) held the process for 14 s, the cost
 * growing with the square of the keys, and 20,000 nested lists returned 500.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BYTES } from '../src/http/body-limit.js';
import { WebSocket } from 'ws';
import { startStack, type Stack } from './harness.js';

/** Each shape is sent at n and at GROWTH x n. */
const GROWTH = 10;
/** Linear with room for a loaded machine's noise: a quadratic cost grows 100x. */
const MAX_COST_RATIO = 25;
/** Below this a request's time is noise on a loaded 2-core machine, whatever its size. */
const FLOOR_MS = 200;
/** The event loop's budget per request, and the slack a machine shared by other test runs needs. */
const HEALTH_BUDGET_MS = 100;
const LOAD_TOLERANCE = 3;

const GAMES = 'query Games($filter: GameFilter) { games(first: 5, filter: $filter) { totalCount } }';
const idOf = (text: string) => createHash('sha256').update(text).digest('hex');

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'input-cost-'));
const persistedFile = path.join(folder, 'persisted-operations.json');
fs.writeFileSync(persistedFile, JSON.stringify({ [idOf(GAMES)]: GAMES }));

let stack: Stack;
beforeAll(async () => {
  // Production mode, as the attack ran.
  stack = await startStack({ production: true, gateway: { persistedOperationsFile: persistedFile } });
  // Warm: the first requests of a process pay for compiling the code they run, which is no request's cost.
  for (const { n, operation } of Object.values(SHAPES)) await timed(http, operation(n));
});
afterAll(async () => {
  await stack.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

interface Operation {
  query: string;
  variables: Record<string, unknown>;
  /** The body's JSON text when JSON.stringify cannot write it (nesting deeper than its stack). */
  raw?: string;
}

/** A new name for each document: Yoga caches a text's parse and validation, which a hostile client never repeats. */
let documents = 0;
const fresh = () => `${(documents += 1)}`;

const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));
const strings = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);

/** Each shape at size n; every one of them at GROWTH x n fits the body limit. */
const SHAPES: Record<string, { n: number; operation(n: number): Operation }> = {
  'unknown keys': { n: 400, operation: (n) => ({ query: GAMES, variables: { filter: keys(n) } }) },
  nesting: {
    n: 2000,
    operation: (n) => ({
      query: GAMES,
      variables: {},
      raw: `{"query":${JSON.stringify(GAMES)},"variables":{"filter":{"features":${'['.repeat(n)}${']'.repeat(n)}}}}`,
    }),
  },
  'list length': {
    n: 400,
    operation: (n) => ({ query: GAMES, variables: { filter: { providers: strings(n) } } }),
  },
  'string length': {
    n: 4000,
    operation: (n) => ({ query: GAMES, variables: { filter: { text: 'x'.repeat(n) } } }),
  },
  'many variables': {
    n: 50,
    operation: (n) => ({
      query: `query Many${fresh()}(${Array.from({ length: n }, (_, i) => `$v${i}: String`).join(' ')}) { __typename }`,
      variables: Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, { a: 1 }])),
    }),
  },
  'many fragments': {
    n: 50,
    operation: (n) => {
      const tag = fresh();
      const names = Array.from({ length: n }, (_, i) => `F${tag}_${i}`);
      return {
        query: `query Spread { ${names.map((f) => `...${f}`).join(' ')} } ${names
          .map((f) => `fragment ${f} on Query { __typename }`)
          .join(' ')}`,
        variables: {},
      };
    },
  },
};

const bodyOf = (op: Operation) => op.raw ?? JSON.stringify({ query: op.query, variables: op.variables });

interface Transport {
  /** The text sent, made before any timing starts (the test runs in the gateway's process: it shares the loop). */
  prepare(op: Operation): string;
  send(text: string): Promise<{ status: number; text: string }>;
}

const postText = async (text: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: text,
  });
  return { status: res.status, text: await res.text() };
};

const http: Transport = { prepare: bodyOf, send: (text) => postText(text) };

const sse: Transport = { prepare: bodyOf, send: (text) => postText(text, { accept: 'text/event-stream' }) };

/** The same operation by its doc_id (the stack's persisted operations file holds GAMES). */
const persisted: Transport = {
  prepare: (op) =>
    op.raw
      ? op.raw.replace(/^\{"query":"(?:[^"\\]|\\.)*"/, `{"doc_id":"${idOf(op.query)}"`)
      : JSON.stringify({ doc_id: idOf(op.query), variables: op.variables }),
  send: (text) => postText(text),
};

/**
 * One operation over graphql-ws, its subscribe message written from the body's own text (graphql-ws's client would
 * JSON.stringify the variables, which no nesting of 20,000 lists survives): the result's messages, joined.
 */
const socket: Transport = {
  prepare: bodyOf,
  send: (text) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${stack.gateway.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
      const received: string[] = [];
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })));
      ws.on('message', (data) => {
        const frame = String(data);
        const message = JSON.parse(frame) as { type: string };
        if (message.type === 'connection_ack') {
          ws.send(`{"type":"subscribe","id":"1","payload":${text}}`);
          return;
        }
        received.push(frame);
        if (message.type === 'error' || message.type === 'complete') ws.close();
      });
      ws.on('close', (code) =>
        resolve({ status: code === 1000 || code === 1005 ? 200 : code, text: received.join('\n') }),
      );
      ws.on('error', reject);
    }),
};

/** The slowest /healthz response (ms) while `during` runs: the event loop is free when it stays short. */
async function slowestHealthDuring<T>(during: () => Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let done = false;
  let slowestMs = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${stack.gateway.url}/healthz`);
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  // The first probe is on its way before the request is sent.
  await new Promise((r) => setTimeout(r, 20));
  const result = await during().finally(() => (done = true));
  await probing;
  return { result, slowestMs };
}

async function timed(transport: Transport, op: Operation | string) {
  const text = typeof op === 'string' ? op : transport.prepare(op);
  const started = performance.now();
  const response = await transport.send(text);
  return { ms: performance.now() - started, response };
}

/** The shortest of a few runs: the noise of a loaded machine only ever adds time. */
async function cost(transport: Transport, op: Operation | string, runs: number, enough = 0): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < runs && best > enough; i++) best = Math.min(best, (await timed(transport, op)).ms);
  return best;
}

async function checkGrowth(transport: Transport, shape: string) {
  const { n, operation } = SHAPES[shape]!;
  const small = operation(n);
  const big = operation(n * GROWTH);
  expect(Buffer.byteLength(bodyOf(big))).toBeLessThanOrEqual(MAX_REQUEST_BYTES);
  await cost(transport, small, 2); // warm: the parse and validation caches, the connection
  const smallMs = await cost(transport, small, 3);
  const bound = Math.max(FLOOR_MS, MAX_COST_RATIO * smallMs);
  const bigText = transport.prepare(big);

  const { result: first, slowestMs: firstSlowest } = await slowestHealthDuring(() =>
    timed(transport, bigText),
  );
  // A refusal, never a 500, and never the whole value sent back.
  expect(first.response.status, shape).toBeLessThan(500);
  expect(first.response.text, shape).not.toMatch(/INTERNAL_SERVER_ERROR/);
  expect(first.response.text.length, shape).toBeLessThan(20_000);
  // More runs only to see past a moment of the machine's load: a cost really over the bound fails every one.
  let bigMs = first.ms;
  let slowestMs = firstSlowest;
  for (let run = 0; run < 2 && (bigMs > bound || slowestMs >= HEALTH_BUDGET_MS * LOAD_TOLERANCE); run++) {
    const again = await slowestHealthDuring(() => timed(transport, bigText));
    bigMs = Math.min(bigMs, again.result.ms);
    slowestMs = Math.min(slowestMs, again.slowestMs);
  }
  expect(
    bigMs,
    `${shape}: ${n} took ${smallMs.toFixed(1)} ms, ${n * GROWTH} took ${bigMs.toFixed(1)} ms`,
  ).toBeLessThanOrEqual(bound);
  expect(slowestMs, `${shape}: /healthz waited ${slowestMs.toFixed(1)} ms`).toBeLessThan(
    HEALTH_BUDGET_MS * LOAD_TOLERANCE,
  );
}

describe('each input shape grown tenfold costs about tenfold, /healthz responding meanwhile', () => {
  for (const shape of Object.keys(SHAPES)) {
    it(`${shape}, over HTTP`, () => checkGrowth(http, shape), 60_000);
  }
  for (const [name, transport] of [
    ['server-sent events', sse],
    ['graphql-ws', socket],
    ['a persisted operation', persisted],
  ] as const) {
    for (const shape of ['unknown keys', 'nesting']) {
      it(`${shape}, over ${name}`, () => checkGrowth(transport, shape), 60_000);
    }
  }
});

describe('what a pathological value gets back', () => {
  it('unknown keys: at most 50 short errors naming the place and the rule', async () => {
    const { response } = await timed(http, SHAPES['unknown keys']!.operation(4000));
    const body = JSON.parse(response.text);
    expect(body.errors.length).toBeLessThanOrEqual(51);
    expect(body.errors[0]).toMatchObject({
      message: '$filter.k0 is not a field of GameFilter.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(body.errors.at(-1).message).toMatch(/more invalid values than the 50 listed/);
    for (const error of body.errors) expect(error.message.length).toBeLessThan(200);
  });

  it('nesting deeper than the cap: BAD_USER_INPUT over every transport, never a 500', async () => {
    const deep = SHAPES.nesting!.operation(20_000);
    for (const transport of [http, sse, persisted, socket]) {
      const { response } = await timed(transport, deep);
      expect(response.status).toBeLessThan(500);
      expect(response.text).toContain('$filter is nested deeper than 8 levels of objects and lists.');
      expect(response.text).toContain('BAD_USER_INPUT');
    }
    // Variables no operation declares are walked too (the response cache makes a key of them all).
    const { response: undeclared } = await timed(http, {
      query: GAMES,
      variables: {},
      raw: `{"query":${JSON.stringify(GAMES)},"variables":{"other":${'{"a":'.repeat(8000)}1${'}'.repeat(8000)}}}`,
    });
    expect(undeclared.status).toBeLessThan(500);
    expect(JSON.parse(undeclared.text).errors[0]).toMatchObject({
      message: '$other is nested deeper than 8 levels of objects and lists.',
      extensions: { code: 'BAD_USER_INPUT', limit: 8 },
    });
  });

  it('returns ordinary values as before', async () => {
    const filter = await stack.gql(GAMES, { filter: { features: ['Megaways'], paylines: [20] } });
    expect(filter.errors, JSON.stringify(filter.errors)).toBeUndefined();
    expect(filter.data.games.totalCount).toBeGreaterThanOrEqual(0);
  });
});
