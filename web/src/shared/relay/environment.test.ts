import type { RequestParameters } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEnvironment } from './environment';

/*
 * How the app's Relay environment sends operations: queries as GET with their id and variables in the address (the
 * gateway reads no body, and a guest's unchanged response can be revalidated by the browser's cache), mutations and
 * over-long queries as POST. Only the browser's fetch is faked, responding as the gateway does.
 */

const operation = (operationKind: 'query' | 'mutation', id: string): RequestParameters => ({
  id,
  text: null,
  name: `Test${operationKind}`,
  operationKind,
  metadata: {},
});

/** Runs one operation through the environment's network; the request fetch was called with. */
async function send(
  params: RequestParameters,
  variables: Record<string, unknown>,
  metadata: Record<string, unknown> = {},
) {
  const fetch = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify({ data: { ok: true } }), {
        headers: { 'content-type': 'application/graphql-response+json' },
      }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const { environment } = createEnvironment();
  const result = await new Promise((resolve, reject) => {
    environment
      .getNetwork()
      .execute(params, variables, { metadata })
      .subscribe({ next: resolve, error: reject });
  });
  // A whole result is final: Relay reads a deferred fragment's data from it too (./incremental.test.ts).
  expect(result).toEqual({ data: { ok: true }, extensions: { is_final: true } });
  expect(fetch).toHaveBeenCalledTimes(1);
  const [url, init] = fetch.mock.calls[0]!;
  return { url, init, headers: init.headers as Record<string, string> };
}

afterEach(() => vi.unstubAllGlobals());

describe('the Relay environment', () => {
  it('sends a query as GET with its persisted id and variables in the address, and the CSRF header', async () => {
    const { url, init, headers } = await send(operation('query', 'abc123'), { slug: 'all', first: 24 });
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const address = new URL(url, 'https://site.example');
    expect(address.pathname).toBe('/graphql');
    expect(address.searchParams.get('doc_id')).toBe('abc123');
    expect(JSON.parse(address.searchParams.get('variables')!)).toEqual({ slug: 'all', first: 24 });
    expect(headers['x-csrf-token']).toMatch(/\S/);
    expect(headers['content-type']).toBeUndefined();
    // The site names itself to the gateway, which counts usage per client.
    expect(headers['graphql-client-name']).toBe('playlive-web');
  });

  it('sends a mutation as a JSON POST', async () => {
    const { url, init, headers } = await send(operation('mutation', 'def456'), {
      input: { amount: '10.00' },
    });
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-csrf-token']).toMatch(/\S/);
    expect(JSON.parse(init.body as string)).toEqual({
      doc_id: 'def456',
      variables: { input: { amount: '10.00' } },
    });
  });

  it("sends a private query's variables in a POST body, never in an address that proxies log", async () => {
    const variables = {
      provider: 'callpay',
      paymentId: 'p-1',
      returnQuery: 'status=pending&signature=s3cret',
    };
    const { url, init } = await send(operation('query', 'abc123'), variables, { private: true });
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ doc_id: 'abc123', variables });
  });

  it('sends a query as POST when its address would be too long for every proxy on the way', async () => {
    const { url, init } = await send(operation('query', 'abc123'), { search: 'x'.repeat(3000) });
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      doc_id: 'abc123',
      variables: { search: 'x'.repeat(3000) },
    });
  });
});

/*
 * A query lost to the network is sent again (0.5, 1, 2, 4, 8 s apart, then the screen's error state), and while the
 * browser is offline it waits for the network; a mutation is never sent twice. The real network function, with the
 * browser's fetch and clock faked.
 */
describe('the Relay environment on a flaky network', () => {
  const networkError = () => Promise.reject(new TypeError('Failed to fetch'));
  const ok = () =>
    Promise.resolve(
      new Response(JSON.stringify({ data: { ok: true } }), {
        headers: { 'content-type': 'application/graphql-response+json' },
      }),
    );
  const status = (code: number) => () => Promise.resolve(new Response('Bad gateway', { status: code }));

  /** Runs an operation whose fetch responds with `responses` in turn; what happened, read as the clock moves. */
  function run(kind: 'query' | 'mutation', responses: (() => Promise<Response>)[]) {
    let call = 0;
    const fetch = vi.fn(() => (responses[Math.min(call++, responses.length - 1)] ?? ok)());
    vi.stubGlobal('fetch', fetch);
    const outcome: { value?: unknown; error?: Error } = {};
    createEnvironment()
      .environment.getNetwork()
      .execute(operation(kind, 'abc123'), {}, {})
      .subscribe({
        next: (value) => void (outcome.value = value),
        error: (error: Error) => void (outcome.error = error),
      });
    return { fetch, outcome };
  }

  const setOnline = (online: boolean) => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends a query again after network errors, waiting 0.5 s, then 1 s, then 2 s', async () => {
    const { fetch, outcome } = run('query', [networkError, networkError, networkError, ok]);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(outcome).toEqual({ value: { data: { ok: true }, extensions: { is_final: true } } });
  });

  it('sends a query again after a 502, 503 or 504, and fails it to the screen after five more attempts', async () => {
    const { fetch, outcome } = run('query', [status(502), status(503), status(504)]);
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000 + 8000 - 1);
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(outcome.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(outcome.error).toBeInstanceOf(Error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('never sends a mutation again', async () => {
    const { fetch, outcome } = run('mutation', [networkError, ok]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(outcome.error?.message).toBe('Failed to fetch');
  });

  it('waits for the network while offline, then sends the query at once', async () => {
    setOnline(false);
    const { fetch, outcome } = run('query', [networkError, ok]);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(outcome).toEqual({});
    setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(outcome).toEqual({ value: { data: { ok: true }, extensions: { is_final: true } } });
  });
});
