import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawOutcome } from '../src/domain/spin.js';
import { api, newPlayer, someGameCode, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let gameCode: string;
beforeAll(async () => {
  sb = await startSandbox();
  gameCode = await someGameCode(sb.url);
});
afterAll(() => sb.close());

describe('the sandbox slot', () => {
  it('pays by the table and never shows a loss as three of a kind', () => {
    expect(drawOutcome(0.001).multiplier).toBe(50);
    expect(drawOutcome(0.999).multiplier).toBe(0);
    for (let i = 0; i < 1000; i++) {
      const o = drawOutcome(0.5, () => 'seven');
      expect(new Set(o.reels).size).toBeGreaterThan(1);
    }
  });

  it('serves a playable page that a launched game URL opens', async () => {
    const p = await newPlayer(sb.url);
    const games = await api(sb.url, 'GET', '/api/allgames');
    const launch = await api(sb.url, 'GET', `/api/games/${games.body[0].id}/false`, { token: p.token });
    expect(launch.status).toBe(200);
    const url = new URL(launch.body.gameUrl);
    expect(url.hash).toMatch(/^#session=/);
    const page = await fetch(url);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<button id="spin"');
    expect(html).toContain(games.body[0].name.replace(/&/g, '&#38;').replace(/'/g, '&#39;'));

    // The game token from the URL fragment plays for real, as the page does.
    const session = new URLSearchParams(url.hash.slice(1)).get('session')!;
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 10 } });
    const spin = await api(sb.url, 'POST', '/sandbox/spin', {
      token: session,
      body: { gameCode: games.body[0].game_code, stake: 1 },
    });
    expect(spin.status).toBe(200);
    expect(spin.body.demo).toBe(false);
    // ...but is no session token for the API.
    expect((await api(sb.url, 'GET', '/api/account', { token: session })).status).toBe(401);
  });

  it('refuses real spins without a token or money, and bad stakes', async () => {
    expect((await api(sb.url, 'POST', '/sandbox/spin', { body: { gameCode, stake: 1 } })).status).toBe(401);
    const p = await newPlayer(sb.url);
    const broke = await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 1 },
    });
    expect(broke.status).toBe(422);
    expect(broke.body.error).toBe('Insufficient funds.');
    for (const stake of [0, -1, '1.001', 5000]) {
      const r = await api(sb.url, 'POST', '/sandbox/spin', {
        token: p.token,
        body: { gameCode, stake, demo: true },
      });
      expect(r.status, String(stake)).toBe(422);
    }
    const unknown = await api(sb.url, 'POST', '/sandbox/spin', {
      body: { gameCode: 'no-such-game', stake: 1, demo: true },
    });
    expect(unknown.status).toBe(404);
    expect((await fetch(`${sb.url}/sandbox/game/no-such-game`)).status).toBe(404);
  });
});
