/**
 * A rolling update of the gateway, and the loss of a replica, under players (issue 41, item 6), on this machine: the
 * sandbox, Redis, three gateway replicas on fixed ports (a re-created pod comes back behind the same address) and two
 * site servers with GATEWAY_URL listing all three, each a real process on loopback. While guests query the catalogue
 * through both sites and 200 more watch a tournament's board live, every replica is restarted in turn with SIGTERM,
 * as Kubernetes does, then one is killed outright. What a player would notice is checked: a failed query, a board
 * that stops updating, a slower site.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fetch, type Agent } from 'undici';
import { afterAll, expect, it } from 'vitest';
import { startRedisServer, type RedisServer } from '../../gateway/test/redis-server.js';
import { repoRoot, startSandbox, type Server } from '../bench/processes.js';
import { freePorts, stubSite } from '../start/harness.js';
import { refreshTournament, watchTournament, type LiveAudience } from './live-audience.js';
import { startGatewayReplica, startSiteServer, type ServerProcess } from './replica-processes.js';
import { p99, startSteadyLoad, type LoadRequest, type SteadyLoad } from './steady-load.js';

const REPLICAS = 3;
const WATCHERS = 200;
/** Guests querying at once, each pausing between requests: a steady load that leaves a core for the restarts. */
const CLIENTS = 6;
const PAUSE_MS = 20;
/** Load before the steady window, not measured (connections opening, V8 warming up). */
const WARM_UP_MS = 1_000;
const STEADY_MS = 4_000;
/** How often the casino refreshes the board: the most a watcher goes without an update while its socket holds. */
const REFRESH_MS = 500;
/** How long watchers may take to be delivering again after a replica goes: the site app's 1–2 s wait, and a retry. */
const RECOVERY_TIMEOUT_MS = 15_000;
/** The issue's bound on the p99 during the roll, as a multiple of the steady p99. */
const MAX_P99_RATIO = 3;

const CATALOGUE = '{ games(first: 5, sort: ALPHA_ASC) { totalCount edges { node { id name } } } }';
const TOURNAMENTS = '{ tournaments(first: 5) { edges { node { id name stage } } } }';

/** relay-compiler's persisted operations of the site (id → document). */
const OPERATIONS_FILE = path.join(repoRoot, 'web/src/__generated__/persisted-operations.json');

/** The site's persisted operation by its name (ids change as the app does). */
function persistedId(name: string): string {
  const file = OPERATIONS_FILE;
  const operations = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  const entry = Object.entries(operations).find(([, text]) => text.startsWith(`query ${name} `));
  if (!entry) throw new Error(`no persisted operation ${name} in ${file}: run \`npm run relay -w web\``);
  return entry[0];
}

/** What a guest's browser sends: a query by POST, one by GET, and a persisted one (the site's own) by POST. */
function guestRequests(): LoadRequest[] {
  const post = (body: unknown) => (site: string, dispatcher: Agent) =>
    fetch(`${site}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher,
    });
  return [
    { kind: 'POST query', send: post({ query: CATALOGUE }) },
    {
      kind: 'GET query',
      send: (site, dispatcher) =>
        fetch(`${site}/graphql?query=${encodeURIComponent(TOURNAMENTS)}`, {
          headers: { 'x-graphql-yoga-csrf': '1' },
          dispatcher,
        }),
    },
    { kind: 'persisted POST', send: post({ doc_id: persistedId('TournamentsModalQuery'), variables: {} }) },
  ];
}

/** Until `url`'s /readyz answers 200 (a replica or site ready for players). */
async function ready(url: string): Promise<void> {
  await expect
    .poll(
      () =>
        fetch(`${url}/readyz`).then(
          (r) => (r.body?.cancel(), r.status),
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
}

const ms = (n: number) => `${Math.round(n)} ms`;

let redis: RedisServer | undefined;
let sandbox: Server | undefined;
const gateways: ServerProcess[] = [];
let sites: ServerProcess[] = [];
let site: ReturnType<typeof stubSite> | undefined;
let audience: LiveAudience | undefined;
let refresher: { stop(): void } | undefined;
let load: SteadyLoad | undefined;
/** Set by the cleanup: a test that timed out runs on, and a replica it starts after that must not outlive it. */
let cleanedUp = false;

afterAll(async () => {
  cleanedUp = true;
  refresher?.stop();
  await load?.stop();
  await audience?.close();
  await Promise.all([...sites, ...gateways].map((p) => p.kill()));
  await sandbox?.stop();
  await redis?.stop();
  site?.remove();
});

it('keeps every player served through a rolling restart of every gateway replica and the loss of one', async () => {
  [redis, sandbox] = await Promise.all([startRedisServer(), startSandbox()]);
  const ports = await freePorts(REPLICAS);
  const startReplica = async (port: number) => {
    const replica = await startGatewayReplica(port, sandbox!.url, redis!.url);
    if (cleanedUp) await replica.kill();
    return replica;
  };
  gateways.push(...(await Promise.all(ports.map(startReplica))));
  const gatewayUrls = gateways.map((g) => g.url);
  await Promise.all(gatewayUrls.map(ready));
  // Only /graphql is asked of the sites: a stub of the built files serves as well as the real build, with the
  // operations list the build puts beside its server part (web/build/server-operations.ts), from which the site
  // server knows a persisted query is safe to send to another replica.
  site = stubSite();
  fs.mkdirSync(path.join(site.dir, '.server'));
  fs.copyFileSync(OPERATIONS_FILE, path.join(site.dir, '.server/persisted-operations.json'));
  sites = await Promise.all([0, 1].map(() => startSiteServer(gatewayUrls, site!.dir)));
  const siteUrls = sites.map((s) => s.url);
  await Promise.all(siteUrls.map(ready));

  refresher = refreshTournament(sandbox.url, REFRESH_MS);
  audience = watchTournament(siteUrls, WATCHERS);
  const watching = performance.now();
  await expect.poll(() => audience!.deliveredSince(watching), { timeout: 30_000 }).toBe(WATCHERS);

  load = startSteadyLoad({ sites: siteUrls, requests: guestRequests(), clients: CLIENTS, pauseMs: PAUSE_MS });
  const steadyFrom = performance.now() + WARM_UP_MS;
  // The steady window is measured, not waited out for something to happen.
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS + STEADY_MS));

  /** Until every watcher has had an update since `at`. */
  const deliveringAgain = (at: number) =>
    expect.poll(() => audience!.deliveredSince(at), { timeout: RECOVERY_TIMEOUT_MS }).toBe(WATCHERS);

  const rollFrom = performance.now();
  const steps: { replica: number; exitCode: number | null; drainMs: number; deliveringAfterMs: number }[] =
    [];
  for (let i = 0; i < REPLICAS; i++) {
    const stoppedAt = performance.now();
    const exitCode = await gateways[i]!.terminate();
    const drainMs = performance.now() - stoppedAt;
    // Its watchers were asked to reconnect as it began to drain; once it has exited, every watcher, those it had
    // too, has an update since then only through another replica, while this one restarts.
    const delivering = deliveringAgain(performance.now()).then(() => performance.now() - stoppedAt);
    gateways[i] = await startReplica(ports[i]!);
    await ready(gateways[i]!.url);
    steps.push({ replica: i, exitCode, drainMs, deliveringAfterMs: await delivering });
  }
  const rollTo = performance.now();

  // The loss of a replica: nothing drains, what it had in hand is lost. It comes mid-traffic, at a moment when
  // several guests' queries are out (such a moment comes within milliseconds).
  for (const until = performance.now() + 2_000; load.inFlight() < CLIENTS / 2 && performance.now() < until;) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  const killedAt = performance.now();
  const inFlightAtKill = load.inFlight();
  await gateways[1]!.kill();
  const deliveringAfterKill = deliveringAgain(performance.now()).then(() => performance.now() - killedAt);
  gateways[1] = await startReplica(ports[1]!);
  await ready(gateways[1].url);
  const deliveringAfterKillMs = await deliveringAfterKill;
  await load.stop();

  const steady = p99(load.samples, steadyFrom, rollFrom);
  const roll = p99(load.samples, rollFrom, rollTo);
  const ratio = roll.p99 / steady.p99;
  const failures = load.samples.filter((s) => !s.ok);
  const closeCodes = audience.closeCodes();
  console.log(
    [
      `Rolling update of ${REPLICAS} gateway replicas behind 2 site servers, ${CLIENTS} guests querying, ${WATCHERS} watching:`,
      ...steps.map(
        (s) =>
          `  replica ${s.replica}: SIGTERM → exit ${s.exitCode} in ${ms(s.drainMs)}; every watcher delivering ${ms(s.deliveringAfterMs)} after the stop`,
      ),
      `  SIGKILL of replica 1 with ${inFlightAtKill} requests in flight (on any replica): every watcher delivering after ${ms(deliveringAfterKillMs)}`,
      `  p99 steady ${ms(steady.p99)} (${steady.count} requests), during the roll ${ms(roll.p99)} (${roll.count}): ratio ${ratio.toFixed(2)} (bound ${MAX_P99_RATIO})`,
      `  failed queries: ${failures.length} of ${load.samples.length}${failures.map((f) => `\n    ${f.kind} sent at ${ms(f.start - killedAt)} from the kill: ${f.why}`).join('')}`,
      `  watchers' sockets closed with: ${[...closeCodes].map(([code, n]) => `${code} ×${n}`).join(', ')}`,
    ].join('\n'),
  );

  expect(steps.map((s) => s.exitCode)).toEqual([0, 0, 0]);
  // The stopped replicas asked their watchers to reconnect (1012), and none gave up.
  expect(closeCodes.get(1012)).toBeGreaterThan(0);
  expect(audience.errors).toEqual([]);
  // No query failed but those the killed replica had in hand: sent before the kill, answered (with an error) after.
  expect(failures.filter((f) => f.start > killedAt || f.end < killedAt)).toEqual([]);
  expect(failures.length).toBeLessThanOrEqual(inFlightAtKill);
  expect(ratio).toBeLessThanOrEqual(MAX_P99_RATIO);
}, 120_000);
