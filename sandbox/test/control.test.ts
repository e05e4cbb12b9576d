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

  it('counts the calls a delay holds and lets them go on when released', async () => {
    await api(sb.url, 'POST', '/sandbox/faults', {
      body: { path: '/api/gameProviders', delayMs: 60_000, status: 503, times: 1 },
    });
    const slow = api(sb.url, 'GET', '/api/gameProviders');
    const held = async () => (await api(sb.url, 'GET', '/sandbox/faults')).body.held;
    while ((await held()) === 0) await new Promise((r) => setTimeout(r, 10));
    expect(await held()).toBe(1);
    expect((await api(sb.url, 'POST', '/sandbox/faults/release')).body).toEqual({ released: 1 });
    // Its fault's status still applies; nothing is held any more.
    expect((await slow).status).toBe(503);
    expect(await held()).toBe(0);
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

  it('responds to unknown routes with a JSON 404', async () => {
    const r = await api(sb.url, 'GET', '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.error).toMatch(/No route/);
  });
});

describe('site settings', () => {
  it('replaces the given keys whole and returns all the settings', async () => {
    const before = (await api(sb.url, 'GET', '/api/settings')).body;
    const patch = {
      maintenance: { enabled: true, message: 'Back at 10pm.' },
      alternate_routes: true,
      live_chat: { enabled: true, script_url: 'https://chat.example.test/widget.js', license_id: '1' },
      promo_pages: {
        pumpkin_patch: true,
        stocking_stash: false,
        easter_promo: false,
        predict_and_win: false,
      },
    };
    const res = await api(sb.url, 'PATCH', '/sandbox/settings/site', { body: patch });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, ...patch });
    expect((await api(sb.url, 'GET', '/api/settings')).body).toEqual({ ...before, ...patch });

    const back = await api(sb.url, 'PATCH', '/sandbox/settings/site', {
      body: {
        maintenance: before.maintenance,
        alternate_routes: before.alternate_routes,
        live_chat: before.live_chat,
        promo_pages: before.promo_pages,
      },
    });
    expect(back.body).toEqual(before);
  });

  it('refuses unknown keys and values of the wrong shape, changing nothing', async () => {
    const before = (await api(sb.url, 'GET', '/api/settings')).body;
    for (const body of [
      { no_such_setting: true },
      { loyalty_enabled: 'yes' },
      { maintenance: { enabled: true } },
      { live_chat: { enabled: true, script_url: 'not a url', license_id: '1' } },
      { error_reporter: { dsn: 'https://x.test/1', sample_rate: 2 } },
      { promo_pages: { pumpkin_patch: true } },
      { app_version: '' },
      { wagering_enabled: false, terms: 'new terms' },
    ]) {
      const res = await api(sb.url, 'PATCH', '/sandbox/settings/site', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual(expect.any(Object));
    }
    expect((await api(sb.url, 'GET', '/api/settings')).body).toEqual(before);
  });
});

describe('provider outages', () => {
  it('fails launches of a down provider’s games with the casino’s message until it is back up', async () => {
    const games = (await api(sb.url, 'GET', '/api/allgames')).body as any[];
    const providers = (await api(sb.url, 'GET', '/api/gameProviders')).body as any[];
    const game = games[0];
    const provider = providers.find((p) => p.product === game.product);
    const otherGame = games.find((g) => g.product !== game.product);
    const p = await newPlayer(sb.url);

    const down = await api(sb.url, 'PUT', `/sandbox/providers/${game.product}/down`, {
      body: { down: true },
    });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ provider: { product: game.product }, down: true });
    expect(down.body.down_products).toEqual([game.product]);
    const message = `${provider.shortname} games are temporarily unavailable. Please try another game.`;
    for (const [path, token] of [
      [`/api/games/${game.id}/true`, undefined],
      [`/api/games/${game.id}/false`, p.token],
      [`/api/games/${game.game_code}/1`, undefined],
    ] as const) {
      const res = await api(sb.url, 'GET', path, { token });
      expect(res.status, path).toBe(503);
      expect(res.body).toEqual({ error: message });
    }
    expect((await api(sb.url, 'GET', `/api/games/${otherGame.id}/true`)).status).toBe(200);

    const up = await api(sb.url, 'PUT', `/sandbox/providers/${game.product}/down`, { body: { down: false } });
    expect(up.body).toMatchObject({ down: false, down_products: [] });
    expect((await api(sb.url, 'GET', `/api/games/${game.id}/false`, { token: p.token })).status).toBe(200);
  });

  it('refuses unknown providers and bad bodies; unknown games stay 404', async () => {
    const unknown = await api(sb.url, 'PUT', '/sandbox/providers/nobody/down', { body: { down: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Provider not found.');
    for (const body of [{}, { down: 'yes' }]) {
      const res = await api(sb.url, 'PUT', '/sandbox/providers/netent/down', { body });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['down']);
    }
    const missing = await api(sb.url, 'GET', '/api/games/99999999/true');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Game not found.' });
  });
});

describe('with SANDBOX_CONTROL=0', () => {
  it('has no control routes', async () => {
    const off = await (await import('./harness.js')).startSandbox({ config: { control: false } });
    try {
      expect(
        (await api(off.url, 'POST', '/sandbox/faults', { body: { path: '/api/x', status: 500 } })).status,
      ).toBe(404);
      expect((await api(off.url, 'PATCH', '/sandbox/settings/site', { body: {} })).status).toBe(404);
      expect(
        (await api(off.url, 'PUT', '/sandbox/providers/netent/down', { body: { down: true } })).status,
      ).toBe(404);
      expect((await api(off.url, 'GET', '/api/gameProviders')).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
