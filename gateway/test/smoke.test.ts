import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('the gateway server', () => {
  it('responds to health and readiness checks', async () => {
    expect((await fetch(`${stack.gateway.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${stack.gateway.url}/readyz`)).status).toBe(200);
  });
  it('serves GraphiQL on GET /graphql for browsers', async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('PlayLive GraphQL');
    // Served by the gateway itself, not from a CDN a developer's network may not reach.
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });
  it('returns viewer null for guests', async () => {
    const res = await stack.gql('{ viewer { id } }');
    expect(res.data).toEqual({ viewer: null });
  });
});
