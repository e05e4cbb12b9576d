import { fetchQuery, type RequestParameters } from 'relay-runtime';
import HomePageQuery from '../../__generated__/HomePageQuery.graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEnvironment, GatewayError } from './environment';
import { incrementalResults, relayPayloads } from './incremental';

/*
 * An incremental (multipart) response as the gateway sends it (Yoga's defer-stream plugin: boundary "-", each part
 * with its headers and JSON body) read in Relay's form, however the network cuts it into chunks.
 */

const part = (body: unknown) =>
  `\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(body)}`;

const FIRST = { data: { welcomeOffer: { bonusPercentage: 250 } }, hasNext: true };
const WINS = {
  incremental: [{ data: { latestWins: [{ id: 'V2luOjE' }] }, path: [], label: 'HomePageQuery$defer$Wins' }],
  hasNext: false,
};
const BODY = `${part(FIRST)}${part(WINS)}\r\n-----\r\n`;

/** A multipart response whose body arrives in `size`-character chunks, each in a task of its own. */
function multipart(body: string, size: number) {
  const chunks = Array.from({ length: Math.ceil(body.length / size) }, (_, i) =>
    body.slice(i * size, (i + 1) * size),
  );
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const chunk = chunks.shift();
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
  });
  return new Response(stream, { headers: { 'content-type': 'multipart/mixed; boundary="-"' } });
}

async function readAll(response: Response) {
  const results = [];
  for await (const result of incrementalResults(response)) results.push(result);
  return results;
}

describe('an incremental response', () => {
  it.each([3, 7, 64, BODY.length])('reads each part as it comes, in %i-character chunks', async (size) => {
    expect(await readAll(multipart(BODY, size))).toEqual([
      { payloads: [{ data: FIRST.data }], errors: [] },
      {
        payloads: [{ data: WINS.incremental[0]!.data, path: [], label: 'HomePageQuery$defer$Wins' }],
        errors: [],
      },
    ]);
  });

  it("gives Relay each deferred fragment and each streamed item as a payload of its own, a failed one's error kept", () => {
    const error = { message: 'The casino did not answer', path: ['latestWins'] };
    expect(
      relayPayloads({
        incremental: [
          { data: { latestWins: null }, path: [], label: 'Q$defer$Wins', errors: [error] },
          { items: [{ id: 'a' }, { id: 'b' }], path: ['games', 3], label: 'Q$stream$Games' },
          // A deferred fragment nulled whole (a non-null field in it failed) would fail the whole query in Relay.
          { data: null, path: ['game'], label: 'Q$defer$Similar', errors: [error] },
        ],
        hasNext: true,
      }),
    ).toEqual([
      { data: { latestWins: null }, path: [], label: 'Q$defer$Wins', errors: [error] },
      { data: { id: 'a' }, path: ['games', 3], label: 'Q$stream$Games' },
      { data: { id: 'b' }, path: ['games', 4], label: 'Q$stream$Games' },
    ]);
    // The last part may only say that it is the last.
    expect(relayPayloads({ hasNext: false })).toEqual([]);
  });
});

const query: RequestParameters = {
  id: 'abc123',
  text: null,
  name: 'HomePageQuery',
  operationKind: 'query',
  metadata: {},
};

/** What the environment's network passes on to Relay for a response `respond` gives. */
function execute(respond: () => Response) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(respond()));
  vi.stubGlobal('fetch', fetch);
  const seen: unknown[] = [];
  const done = new Promise<Error | null>((resolve) => {
    createEnvironment()
      .environment.getNetwork()
      .execute(query, {}, {})
      .subscribe({
        next: (value) => void seen.push(value),
        error: (err: Error) => resolve(err),
        complete: () => resolve(null),
      });
  });
  return { fetch, seen, done };
}

describe('the Relay environment with an incremental response', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for incremental delivery and passes each part on as it arrives', async () => {
    const { fetch, seen, done } = execute(() => multipart(BODY, 16));
    expect(await done).toBeNull();
    const headers = fetch.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.accept).toMatch(
      /^multipart\/mixed;deferSpec=20220824, application\/graphql-response\+json/,
    );
    expect(seen).toEqual([
      { data: FIRST.data },
      { data: WINS.incremental[0]!.data, path: [], label: 'HomePageQuery$defer$Wins' },
    ]);
  });

  it("fails the screen when the first part has no data, as a whole response's would", async () => {
    const body = `${part({ data: null, errors: [{ message: 'Down' }], hasNext: false })}\r\n-----\r\n`;
    const { seen, done } = execute(() => multipart(body, 1000));
    expect(await done).toBeInstanceOf(GatewayError);
    expect(seen).toEqual([]);
  });

  it('ends the response when it breaks off after the first part: the deferred parts read as missing', async () => {
    // Cut in the second part's body: the first part is whole (the delimiter after it came).
    const cut = `${part(FIRST)}${part(WINS).slice(0, 60)}`;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(cut));
        setTimeout(() => controller.error(new TypeError('network error')), 0);
      },
    });
    const { seen, done } = execute(
      () => new Response(stream, { headers: { 'content-type': 'multipart/mixed; boundary="-"' } }),
    );
    expect(await done).toBeNull();
    expect(seen).toEqual([{ data: FIRST.data }]);
  });
});

/*
 * Home's real query (its latest wins deferred) through a real Relay store: the wins reach the store whether the
 * gateway answers in parts or whole (a guest's repeat, which its guests' response cache answers merged).
 */
describe("a deferred fragment's data in Relay's store", () => {
  afterEach(() => vi.unstubAllGlobals());

  const HOME = { viewer: null, welcomeOffer: null, promotionBanners: null };
  const WIN = { id: 'V2luOjE', playerName: 'Thandi', amount: { formatted: 'R 1,200.00' }, game: null };
  const label = 'HomePageQuery$defer$HomeLatestWins';

  async function winsInStore(response: () => Response) {
    vi.stubGlobal('fetch', () => Promise.resolve(response()));
    const { environment } = createEnvironment();
    await new Promise<void>((resolve, reject) => {
      fetchQuery(environment, HomePageQuery, {}).subscribe({ complete: resolve, error: reject });
    });
    const root = environment.getStore().getSource().get('client:root') as Record<string, unknown>;
    return root.latestWins;
  }

  it('arrives from its own part', async () => {
    const body = `${part({ data: HOME, hasNext: true })}${part({
      incremental: [{ data: { latestWins: [WIN] }, path: [], label }],
      hasNext: false,
    })}\r\n-----\r\n`;
    expect(await winsInStore(() => multipart(body, 50))).toEqual({ __refs: [expect.any(String)] });
  });

  it('arrives from a whole result', async () => {
    const whole = () =>
      new Response(JSON.stringify({ data: { ...HOME, latestWins: [WIN] } }), {
        headers: { 'content-type': 'application/graphql-response+json' },
      });
    expect(await winsInStore(whole)).toEqual({ __refs: [expect.any(String)] });
  });
});
