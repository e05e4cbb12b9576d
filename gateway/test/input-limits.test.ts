/**
 * Caps on every input list and string (src/operations/input-limits.ts), over HTTP, server-sent events and graphql-ws: a client
 * sending more than any screen needs gets BAD_USER_INPUT naming the input and the cap, and a huge list never holds
 * the gateway (the issue: two million features froze it for 7 s, /healthz and every subscription with it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { MAX_REQUEST_BYTES } from '../src/http/body-limit.js';
import { INPUT_LIMITS } from '../src/operations/input-limits.js';
import { toGlobalId } from '../src/relay.js';
import { liveClient, startStack, subscribe, type Stack } from './harness.js';

const logged: string[] = [];
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    logger: {
      info: (...args: unknown[]) => logged.push(args.map(String).join(' ')),
      warn: (...args: unknown[]) => logged.push(args.map(String).join(' ')),
    },
  });
});
afterAll(() => stack.close());
afterEach(() => vi.restoreAllMocks());

const GAMES = 'query Games($filter: GameFilter) { games(first: 5, filter: $filter) { totalCount } }';
const features = (n: number) => Array.from({ length: n }, (_, i) => `feature-${i}`);

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${stack.gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

/** The gateway's /healthz response times (ms) while `during` runs: the event loop is free when they stay short. */
async function healthDuring<T>(
  during: Promise<T>,
): Promise<{ result: T; slowestMs: number; responses: number }> {
  let done = false;
  const times: number[] = [];
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${stack.gateway.url}/healthz`);
      expect(res.status).toBe(200);
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const result = await during.finally(() => (done = true));
  await probing;
  return { result, slowestMs: Math.max(...times), responses: times.length };
}

describe('over HTTP', () => {
  it('accepts a filter list at the cap', async () => {
    const res = await stack.gql(GAMES, { filter: { features: features(INPUT_LIMITS.maxListItems) } });
    expect(res.errors).toBeUndefined();
    expect(res.data.games.totalCount).toBe(0);
  });

  it('refuses a list one over the cap in a small body, naming the input and the cap', async () => {
    const res = await stack.gql(GAMES, { filter: { features: features(INPUT_LIMITS.maxListItems + 1) } });
    expect(res.data).toBeUndefined();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0].message).toBe('$filter.features can hold at most 100 items (it has 101).');
    expect(res.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 100 });
    // Refused before any resolver ran: nothing was asked of the casino.
    expect(res.extensions?.upstreamCalls ?? []).toEqual([]);
  });

  it('refuses every list field of GameFilter and every list argument the same way', async () => {
    const over = INPUT_LIMITS.maxListItems + 1;
    for (const [field, values] of [
      ['providers', features(over)],
      ['themes', features(over)],
      ['paylines', Array.from({ length: over }, (_, i) => i)],
    ] as const) {
      const res = await stack.gql(GAMES, { filter: { [field]: values } });
      expect(res.errors?.[0]?.message).toBe(`$filter.${field} can hold at most 100 items (it has 101).`);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const ids = Array.from({ length: over }, (_, i) => toGlobalId('Game', i + 1));
    const nodes = await stack.gql('query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids });
    expect(nodes.errors?.[0]?.message).toBe('$ids can hold at most 100 items (it has 101).');
  });

  it('refuses a list written in the document itself', async () => {
    const list = features(INPUT_LIMITS.maxListItems + 1)
      .map((f) => JSON.stringify(f))
      .join(', ');
    const res = await stack.gql(`{ games(first: 5, filter: { features: [${list}] }) { totalCount } }`);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toBe('games(filter.features) can hold at most 100 items (it has 101).');
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a string over the cap, in variables, in nested inputs and in the document', async () => {
    const long = 'x'.repeat(INPUT_LIMITS.maxStringLength + 1);
    const variable = await stack.gql('query Node($id: ID!) { node(id: $id) { id } }', { id: long });
    expect(variable.errors?.[0]?.message).toBe('$id can be at most 4096 characters (it has 4097).');
    expect(variable.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 4096 });

    const item = await stack.gql(GAMES, { filter: { features: ['Megaways', long] } });
    expect(item.errors?.[0]?.message).toBe(
      '$filter.features[1] can be at most 4096 characters (it has 4097).',
    );

    const inline = await stack.gql(
      `mutation { login(input: { email: "a@example.test", password: "${long}" }) { token } }`,
    );
    expect(inline.errors?.[0]?.message).toBe(
      'login(input.password) can be at most 4096 characters (it has 4097).',
    );
    expect(inline.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('accepts a string at the cap (the resolvers judge it from there)', async () => {
    const res = await stack.gql('query Node($id: ID!) { node(id: $id) { id } }', {
      id: 'x'.repeat(INPUT_LIMITS.maxStringLength),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.node).toBeNull();
  });

  it('refuses a 21 MB list of two million features at once while /healthz keeps responding', async () => {
    const body = JSON.stringify({ query: GAMES, variables: { filter: { features: features(2_000_000) } } });
    expect(body.length).toBeGreaterThan(21_000_000);
    const started = performance.now();
    const { result, slowestMs, responses } = await healthDuring(
      post(body).then(async (res) => ({
        status: res.status,
        body: await res.json(),
        ms: performance.now() - started,
      })),
    );
    expect(result.status).toBe(413);
    expect(result.body.errors[0].extensions.code).toBe('REQUEST_ENTITY_TOO_LARGE');
    expect(result.body.errors[0].message).toBe(`Request body too large: at most ${MAX_REQUEST_BYTES} bytes`);
    expect(result.ms).toBeLessThan(5000);
    expect(responses).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1500);
    // And the gateway still responds to operations afterwards.
    expect((await stack.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });
  });
});

describe('over server-sent events', () => {
  const sse = (body: unknown) =>
    post(JSON.stringify(body), { accept: 'text/event-stream' }).then(async (res) => ({
      status: res.status,
      text: await res.text(),
    }));
  const firstEvent = (text: string) => JSON.parse(/^data: (.+)$/m.exec(text)![1]!);

  it('refuses a list over the cap in a query', async () => {
    const res = await sse({ query: GAMES, variables: { filter: { features: features(101) } } });
    const event = firstEvent(res.text);
    expect(event.errors[0].message).toBe('$filter.features can hold at most 100 items (it has 101).');
    expect(event.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a string over the cap in a subscription', async () => {
    const res = await sse({
      query: 'subscription Watch($id: ID!) { tournamentUpdated(id: $id) { id } }',
      variables: { id: 'x'.repeat(5000) },
    });
    const event = firstEvent(res.text);
    expect(event.errors[0].message).toBe('$id can be at most 4096 characters (it has 5000).');
    expect(event.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('has the same body limit', async () => {
    const res = await sse({ query: GAMES, variables: { filter: { features: features(20_000) } } });
    expect(res.status).toBe(413);
  });
});

describe('over graphql-ws', () => {
  it('refuses a list over the cap, in a query and in a subscription', async () => {
    const client = liveClient(stack);
    try {
      // The refusal is the operation's one result (graphql-ws sends it as `next`, then completes).
      const query = subscribe(client, GAMES, { filter: { features: features(101) } });
      const { errors } = await query.next();
      expect(errors[0].message).toBe('$filter.features can hold at most 100 items (it has 101).');
      expect(errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(await query.ended).toEqual({});

      const watch = subscribe(client, 'subscription Watch($id: ID!) { tournamentUpdated(id: $id) { id } }', {
        id: 'x'.repeat(5000),
      });
      const refused = await watch.next();
      expect(refused.errors[0].message).toBe('$id can be at most 4096 characters (it has 5000).');
      expect(refused.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(await watch.ended).toEqual({});
    } finally {
      await client.dispose();
    }
  });

  /** A raw graphql-transport-ws socket, acknowledged; resolves with it. */
  async function openSocket(): Promise<WebSocket> {
    const ws = new WebSocket(`${stack.gateway.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ type: 'connection_init' })));
      ws.once('message', () => resolve());
      ws.once('error', reject);
    });
    return ws;
  }
  const closeOf = (ws: WebSocket) =>
    new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));

  it('closes the socket on a 21 MB message at once (1009), with one log line and no stack trace', async () => {
    const errors = vi.spyOn(console, 'error');
    const message = JSON.stringify({
      id: '1',
      type: 'subscribe',
      payload: { query: GAMES, variables: { filter: { features: features(2_000_000) } } },
    });
    const before = logged.length;
    const ws = await openSocket();
    const started = performance.now();
    const closed = closeOf(ws);
    ws.on('error', () => {}); // the server hangs up while the client still sends
    ws.send(message);
    const { result: code, slowestMs } = await healthDuring(closed);
    expect(code).toBe(1009);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(slowestMs).toBeLessThan(1500);
    const lines = logged.slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^WebSocket message refused: Max payload size exceeded/);
    expect(lines[0]).not.toMatch(/\n|\bat .+:\d+/);
    expect(errors).not.toHaveBeenCalled();
  });

  it('closes the socket on a message that is not UTF-8 (1007) or not the protocol (4400), one line each', async () => {
    const errors = vi.spyOn(console, 'error');
    for (const [send, expected] of [
      [(ws: WebSocket) => ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false }), 1007],
      [(ws: WebSocket) => ws.send('{"type": "subscribe", "password": "hunter2'), 4400],
    ] as const) {
      const before = logged.length;
      const ws = await openSocket();
      const closed = closeOf(ws);
      send(ws);
      expect(await closed).toBe(expected);
      const lines = logged.slice(before);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^WebSocket message refused: /);
      expect(lines[0]).not.toContain('hunter2');
    }
    expect(errors).not.toHaveBeenCalled();
  });
});
