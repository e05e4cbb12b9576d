import type { RequestParameters } from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  expect(result).toEqual({ data: { ok: true } });
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
