/**
 * A gateway replica that goes away while a signed-in player's page is open (issue 41, item 3): the page's live
 * socket goes through the site server to one replica; when that replica is lost (SIGKILL) or stopped (SIGTERM, as a
 * rolling update does), the player sees "Reconnecting…", the browser's reconnect lands through the site on the other
 * replica, and the header's balance catches up with what changed meanwhile, then moves live again. Two gateway
 * processes sharing Redis (as deployed) over the sandbox, and the site server over the real build (in the test's
 * process, as the other browser tests run it) with both replicas as its GATEWAY_URL list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../gateway/test/redis-server.js';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { createSiteServer, type SiteServer } from '../../web/server/site-server.js';
import { startGatewayReplica, type ServerProcess } from '../bench/replica-processes.js';
import { freePorts } from '../start/harness.js';
import { DESKTOP, DIST_DIR, newPlayer, signInBrowser, workerBrowser, type NewPlayer } from './stack.js';

let dataDir: string;
let redis: RedisServer;
let sandbox: Sandbox;
let site: SiteServer;
let context: BrowserContext | undefined;
/** The replicas by the port each keeps across restarts (a re-created pod comes back behind the same address). */
let ports: [number, number];
const gateways = new Set<ServerProcess>();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-failover-'));
  [redis, sandbox, ports] = await Promise.all([
    startRedisServer(),
    createSandbox({ config: { port: 0, host: '127.0.0.1', dataDir, control: true } }),
    freePorts(2).then((p) => p as [number, number]),
  ]);
  site = await createSiteServer({
    port: 0,
    host: '127.0.0.1',
    distDir: DIST_DIR,
    gatewayUrl: ports.map((port) => `http://127.0.0.1:${port}`),
    assetsUrl: sandbox.url,
    // Losing a replica is expected here: the site's warnings about it are not the test's output.
    logger: { warn: () => {} },
  });
});

afterAll(async () => {
  await context?.close().catch(() => {});
  await Promise.all([...gateways].map((g) => g.kill()));
  await site?.close();
  await sandbox?.close();
  await redis?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Gateway replica `n` (0 or 1) started on its port, once its /readyz answers 200. */
async function startReplica(n: 0 | 1): Promise<ServerProcess> {
  const gateway = await startGatewayReplica(ports[n], sandbox.url, redis.url);
  gateways.add(gateway);
  void gateway.exited.then(() => gateways.delete(gateway));
  await expect
    .poll(() => fetch(`${gateway.url}/readyz`).then((r) => (void r.body?.cancel(), r.status)), {
      timeout: 30_000,
    })
    .toBe(200);
  return gateway;
}

/** Money put in the player's wallet at the casino (the sandbox's control route), as a win or a deposit would. */
async function credit(player: NewPlayer, amount: string): Promise<void> {
  const res = await fetch(`${sandbox.url}/sandbox/credit`, {
    method: 'POST',
    headers: player.auth,
    body: JSON.stringify({ amount }),
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

// The header's balance, as the player reads it (the button's name), and the bar under the header.
const balance = (page: Page) =>
  page.locator('header button[aria-label^="Wallet: "]').getAttribute('aria-label');
const reconnecting = (page: Page) => page.getByRole('status').filter({ hasText: 'Reconnecting…' });

it('keeps a signed-in page live through the loss of its gateway and a rolling restart of the other', async () => {
  // Only replica A is up while the page opens: its live socket can only be on A. B comes up after.
  const [player, browser, first] = await Promise.all([
    newPlayer({ sandbox }, { credit: '500.00' }),
    workerBrowser(),
    startReplica(0),
  ]);
  let a = first;
  context = await browser.newContext({ viewport: DESKTOP, baseURL: site.url, serviceWorkers: 'block' });
  await signInBrowser(context, player.token);
  const page = await context.newPage();
  await page.goto('/');
  await expect.poll(() => balance(page)).toBe('Wallet: R500.00');
  // Changed after the page's own query: R501.00 reaches the page only through its live subscription, now open on A.
  await credit(player, '1.00');
  await expect.poll(() => balance(page)).toBe('Wallet: R501.00');
  const b = await startReplica(1);

  // A is lost while the casino changes the balance: frozen (SIGSTOP) so the casino's event reaches A and goes no
  // further, then killed with it. R511.00 can then only reach the page in the catch-up snapshot that starts the
  // subscription the browser sends again once its new socket (through the site, on B) is acknowledged.
  process.kill(a.pid, 'SIGSTOP');
  await credit(player, '10.00');
  await a.kill();
  await reconnecting(page).waitFor();
  await reconnecting(page).waitFor({ state: 'detached' });
  await expect.poll(() => balance(page)).toBe('Wallet: R511.00');
  // A comes back behind its address while the page carries on live on B: this change arrives as an event.
  const restarting = startReplica(0);
  await credit(player, '1.00');
  await expect.poll(() => balance(page)).toBe('Wallet: R512.00');
  a = await restarting;

  // B is stopped as a rolling update stops it: it asks its sockets to reconnect elsewhere (1012) and exits 0 once
  // they have gone. The change made while the page reconnects reaches it in the catch-up snapshot on A (or, should the
  // new subscription be live by then, as an event); the next one after it can only come as a live event.
  const bExit = b.terminate();
  await reconnecting(page).waitFor();
  await credit(player, '100.00');
  await expect.poll(() => balance(page)).toBe('Wallet: R612.00');
  await reconnecting(page).waitFor({ state: 'detached' });
  expect(await bExit).toBe(0);
  await credit(player, '1.00');
  await expect.poll(() => balance(page)).toBe('Wallet: R613.00');
});
