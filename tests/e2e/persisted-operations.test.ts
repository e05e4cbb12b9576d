/**
 * The site with the gateway in persisted-only mode (PERSISTED_OPERATIONS_ONLY): every operation the site sends is
 * an id relay-compiler persisted at build time, so the gateway, which refuses any document, still serves it whole:
 * a guest browses the games and watches a tournament's leaderboard change live over graphql-ws.
 */
import fs from 'node:fs';
import type { Page, Request, WebSocket } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PHONE, newPlayer, operationSent, startAfresh, startSiteStack, type SiteStack } from './stack.js';

/** The site's build version (web/package.json), which it names itself by to the gateway. */
const { version: WEB_VERSION } = JSON.parse(
  fs.readFileSync(new URL('../../web/package.json', import.meta.url), 'utf8'),
) as { version: string };

/** The seeded tournament in Late Reg. (players may still join) with a R50 buy-in. */
const TOURNAMENT = 'High Roller Showdown';

let stack: SiteStack;
/**
 * The one page every test drives: a fresh context's first page load costs Chromium several times a load in an open
 * page, so each test starts from this page with clean storage (startAfresh in stack.ts) rather than from a context of its own.
 */
let page: Page;
beforeAll(async () => {
  stack = await startSiteStack({ gateway: { persistedOperationsOnly: true } });
  page = (await stack.open()).page;
});
afterAll(() => stack?.close());

/**
 * What the page sends the gateway: each /graphql request's operation (a query's in its GET address, a mutation's
 * in its POST body), and each graphql-ws subscribe payload (and in `inits`, each connection_init payload).
 */
function recordOperations(page: Page) {
  const sent: Array<Record<string, unknown>> = [];
  /** Each socket's connection_init payload. */
  const inits: Array<Record<string, unknown>> = [];
  const onRequest = (request: Request) => {
    const operation = operationSent(request);
    if (operation) sent.push(operation);
  };
  const onSocket = (socket: WebSocket) =>
    socket.on('framesent', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type: string; payload?: Record<string, unknown> };
      if (message.type === 'subscribe') sent.push(message.payload!);
      if (message.type === 'connection_init') inits.push(message.payload!);
    });
  page.on('request', onRequest);
  page.on('websocket', onSocket);
  // The page outlives the test: its next tests' operations are not recorded here.
  onTestFinished(() => {
    page.off('request', onRequest);
    page.off('websocket', onSocket);
  });
  return Object.assign(sent, { inits });
}

describe('the site with only persisted operations allowed', () => {
  it('lists the games, sending operation ids and no documents', async () => {
    await startAfresh(page);
    const sent = recordOperations(page);
    const methods: string[] = [];
    const clients = new Set<string>();
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname !== '/graphql') return;
      methods.push(request.method());
      const headers = request.headers();
      clients.add(`${headers['graphql-client-name']} ${headers['graphql-client-version']}`);
    };
    page.on('request', onRequest);
    onTestFinished(() => void page.off('request', onRequest));
    await page.goto('/webplay/all');
    const grid = page.getByRole('region', { name: 'All games' });
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(30);
    await grid.getByRole('button', { name: /Show more/ }).click();
    await expect.poll(() => grid.getByRole('listitem').count()).toBe(60);

    expect(sent.length).toBeGreaterThan(0);
    // Browsing only reads: every request is a GET (its id and variables in the address), none a POST.
    expect(new Set(methods)).toEqual(new Set(['GET']));
    for (const body of sent) {
      expect(body.doc_id).toMatch(/^[0-9a-f]{64}$/);
      expect(body.query ?? '').toBe('');
    }
    // The site names itself and its build to the gateway, which counts its usage under that name: through the
    // site server's /graphql proxy, and from its server renders.
    expect(clients).toEqual(new Set([`playlive-web ${WEB_VERSION}`]));
    const metrics = await (await fetch(`${stack.gateway.url}/metrics`)).text();
    expect(metrics).toMatch(
      /^gateway_operation_duration_seconds_count\{[^}]*client="playlive-web"[^}]*\} [1-9]/m,
    );
  });

  it('lets a guest watch a tournament: a new player on its leaderboard shows up without a reload', async () => {
    await startAfresh(page, { viewport: PHONE });
    const sent = recordOperations(page);
    const { tournaments } = (await (await fetch(`${stack.sandbox.url}/api/tournaments`)).json()) as {
      tournaments: { id: number; name: string; game_ids: number[] }[];
    };
    const tournament = tournaments.find((t) => t.name === TOURNAMENT)!;
    await page.goto(`/tournaments?modal=tournaments&tournament=${tournament.id}`);
    const card = page.getByRole('dialog', { name: 'Tournaments' }).getByRole('article', { name: TOURNAMENT });
    await card.getByRole('heading', { name: 'Leaderboard' }).waitFor();
    await expect.poll(() => sent.some((p) => p.query === '' && typeof p.doc_id === 'string')).toBe(true);
    // The live socket names the site in its connection_init payload (a browser cannot set a socket's headers).
    expect(sent.inits).toContainEqual({
      'graphql-client-name': 'playlive-web',
      'graphql-client-version': WEB_VERSION,
    });
    // The gateway listens on the tournament's channel at the casino before anything happens there.
    await expect
      .poll(() => stack.sandbox.pusher.subscriberCount(`tournament.${tournament.id}`))
      .toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const players = async () => Number(/(\d+) players/.exec((await card.textContent()) ?? '')?.[1]);
    const before = await players();
    expect(before).toBeGreaterThan(0);

    // Another player joins at the casino and stakes big on the tournament's game: a row in the top ten.
    const player = await newPlayer(stack, { name: 'Pieter Persisted', credit: '2500.00' });
    const join = await fetch(`${stack.sandbox.url}/api/tournaments/${tournament.id}`, {
      method: 'POST',
      headers: player.auth,
      body: '{}',
    });
    expect(join.status).toBe(200);
    const games = (await (await fetch(`${stack.sandbox.url}/api/allgames`)).json()) as {
      id: number;
      game_code: string;
    }[];
    const gameCode = games.find((g) => g.id === tournament.game_ids[0])?.game_code ?? games[0]!.game_code;
    for (let spins = 0; spins < 2; spins++) {
      const spin = await fetch(`${stack.sandbox.url}/sandbox/spin`, {
        method: 'POST',
        headers: player.auth,
        body: JSON.stringify({ gameCode, stake: '1000.00' }),
      });
      expect(spin.status).toBe(200);
    }

    await expect.poll(players, { timeout: 10_000 }).toBe(before + 1);
    // Public leaderboards name a player "First L." (docs/rules.md#know-your-player).
    await card.getByText('Pieter P.', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});
