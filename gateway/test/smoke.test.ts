import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('the gateway server', () => {
  it('answers health and readiness', async () => {
    expect((await fetch(`${stack.gateway.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${stack.gateway.url}/readyz`)).status).toBe(200);
  });
  it('serves GraphiQL on GET /graphql for browsers', async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('PlayLive GraphQL');
  });
  it('answers viewer null for guests', async () => {
    const res = await stack.gql('{ viewer { id } }');
    expect(res.data).toEqual({ viewer: null });
  });
});
