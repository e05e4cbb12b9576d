import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newPlayer, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

describe('fault injection', () => {
  it('fails a matching call the given number of times, then recovers', async () => {
    const add = await api(sb.url, 'POST', '/sandbox/faults', {
      body: { method: 'GET', path: '/api/gameProviders', status: 500, times: 2 },
    });
    expect(add.status).toBe(201);
    const a = await api(sb.url, 'GET', '/api/gameProviders');
    expect(a.status).toBe(500);
    expect(a.body.error).toMatch(/Injected fault/);
    expect((await api(sb.url, 'GET', '/api/gameProviders')).status).toBe(500);
    expect((await api(sb.url, 'GET', '/api/gameProviders')).status).toBe(200);
  });

  it('slows matching calls by a wildcard path until cleared', async () => {
    await api(sb.url, 'POST', '/sandbox/faults', { body: { path: '/api/promotion*', delayMs: 300 } });
    const started = Date.now();
    const slow = await api(sb.url, 'GET', '/api/promotionBanners');
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await api(sb.url, 'GET', '/sandbox/faults')).body.faults).toHaveLength(1);
    await api(sb.url, 'DELETE', '/sandbox/faults');
    expect((await api(sb.url, 'GET', '/sandbox/faults')).body.faults).toEqual([]);
  });

  it('rejects malformed fault rules', async () => {
    for (const body of [{}, { path: 'api' }, { path: '/api/x' }, { path: '/api/x', status: 99 }]) {
      expect((await api(sb.url, 'POST', '/sandbox/faults', { body })).status).toBe(422);
    }
  });
});

describe('test money and helpers', () => {
  it('credits a player through the ledger', async () => {
    const p = await newPlayer(sb.url);
    const r = await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: '99.99' } });
    expect(r.body.wallets[0]).toEqual({ gateway: 'callpay', balance: '99.99' });
    expect((await api(sb.url, 'POST', '/sandbox/credit', { body: { amount: 1 } })).status).toBe(401);
    expect(
      (await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 'lots' } })).status,
    ).toBe(422);
  });

  it('answers unknown routes with a JSON 404', async () => {
    const r = await api(sb.url, 'GET', '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatch(/No route/);
  });
});

describe('with SANDBOX_CONTROL=0', () => {
  it('has no control routes', async () => {
    const off = await (await import('./harness.js')).startSandbox({ config: { control: false } });
    try {
      expect(
        (await api(off.url, 'POST', '/sandbox/faults', { body: { path: '/api/x', status: 500 } })).status,
      ).toBe(404);
      expect((await api(off.url, 'GET', '/api/gameProviders')).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
