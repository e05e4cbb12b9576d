/**
 * A rolling update of the gateway, and the loss of a replica, under players (issue 41, item 6), on this machine: the
 * sandbox, Redis, three gateway replicas on fixed ports (a re-created pod comes back behind the same address) and two
 * site servers with GATEWAY_URL listing all three, each a real process on loopback. While guests query the catalogue
 * through both sites and 200 more watch a tournament's board live, every replica is restarted in turn with SIGTERM,
 * as Kubernetes does, then one is killed outright.
 *
 * tests/deploy/rolling-update.test.ts checks what a player would notice (a failed query, a board that stops
 * updating); `npm run bench -- --only rolling` holds the p99 during the roll to its budget against the steady p99,
 * a figure of one run that a loaded machine moves, so a test does not assert it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fetch, type Agent } from 'undici';
import { startRedisServer, type RedisServer } from '../../gateway/test/redis-server.js';
import { freePorts, stubSite } from '../start/harness.js';
import { refreshTournament, watchTournament, type LiveAudience } from './live-audience.js';
import { repoRoot, startSandbox, type Server } from './processes.js';
import { startGatewayReplica, startSiteServer, type ServerProcess } from './replica-processes.js';
import { p99, startSteadyLoad, type LoadRequest, type Sample, type SteadyLoad } from './steady-load.js';
import type { Check } from './subscriptions.js';

const REPLICAS = 3;
export const WATCHERS = 200;
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
/** The issue's bound on the p99 during the roll, as a multiple of the steady p99 (the bench's budget). */
export const MAX_P99_RATIO = 3;

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

/** Resolves once `check` returns true, polling; rejects with `what` after `timeoutMs`. */
async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Until `url`'s /readyz answers 200 (a replica or site ready for players). */
const ready = (url: string) =>
  until(
    () =>
      fetch(`${url}/readyz`).then(
        (r) => (r.body?.cancel(), r.status === 200),
        () => false,
      ),
    30_000,
    `${url}/readyz answering 200`,
  );

export interface RollingUpdateReport {
  steps: { replica: number; exitCode: number | null; drainMs: number; deliveringAfterMs: number }[];
  kill: { inFlight: number; deliveringAfterMs: number };
  steady: { p99: number; count: number };
  roll: { p99: number; count: number };
  ratio: number;
  requests: number;
  /** Queries that failed, with when they were sent and answered relative to the kill (ms; negative before it). */
  failures: (Omit<Sample, 'start' | 'end'> & { sentFromKill: number; endedFromKill: number })[];
  /** How the watchers' sockets were closed: code → count. */
  closeCodes: Record<number, number>;
  /** Watchers' subscriptions that ended in an error (a client that gave up). */
  watcherErrors: unknown[];
  checks: Check[];
}

/** Runs the whole scenario and stops every process it started, whatever happens. */
export async function runRollingUpdate(): Promise<RollingUpdateReport> {
  let redis: RedisServer | undefined;
  let sandbox: Server | undefined;
  const gateways: ServerProcess[] = [];
  let sites: ServerProcess[] = [];
  const site = stubSite();
  let audience: LiveAudience | undefined;
  let refresher: { stop(): void } | undefined;
  let load: SteadyLoad | undefined;
  try {
    [redis, sandbox] = await Promise.all([startRedisServer(), startSandbox()]);
    const casino = sandbox.url;
    const shared = redis.url;
    const ports = await freePorts(REPLICAS);
    const startReplica = (port: number) => startGatewayReplica(port, casino, shared);
    gateways.push(...(await Promise.all(ports.map(startReplica))));
    const gatewayUrls = gateways.map((g) => g.url);
    await Promise.all(gatewayUrls.map(ready));
    // Only /graphql is asked of the sites: a stub of the built files serves as well as the real build, with the
    // operations list the build puts beside its server part (web/build/server-operations.ts), from which the site
    // server knows a persisted query is safe to send to another replica.
    fs.mkdirSync(path.join(site.dir, '.server'));
    fs.copyFileSync(OPERATIONS_FILE, path.join(site.dir, '.server/persisted-operations.json'));
    sites = await Promise.all([0, 1].map(() => startSiteServer(gatewayUrls, site.dir)));
    const siteUrls = sites.map((s) => s.url);
    await Promise.all(siteUrls.map(ready));

    refresher = refreshTournament(casino, REFRESH_MS);
    const watchers = watchTournament(siteUrls, WATCHERS);
    audience = watchers;
    const watching = performance.now();
    await until(() => watchers.deliveredSince(watching) === WATCHERS, 30_000, 'every watcher receiving');

    const steadyLoad = startSteadyLoad({
      sites: siteUrls,
      requests: guestRequests(),
      clients: CLIENTS,
      pauseMs: PAUSE_MS,
    });
    load = steadyLoad;
    const steadyFrom = performance.now() + WARM_UP_MS;
    // The steady window is measured, not waited out for something to happen.
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS + STEADY_MS));

    /** Until every watcher has had an update since `at`. */
    const deliveringAgain = (at: number) =>
      until(
        () => watchers.deliveredSince(at) === WATCHERS,
        RECOVERY_TIMEOUT_MS,
        'every watcher receiving again',
      );

    const rollFrom = performance.now();
    const steps: RollingUpdateReport['steps'] = [];
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
    for (
      const end = performance.now() + 2_000;
      steadyLoad.inFlight() < CLIENTS / 2 && performance.now() < end;
    ) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const killedAt = performance.now();
    const inFlight = steadyLoad.inFlight();
    await gateways[1]!.kill();
    const deliveringAfterKill = deliveringAgain(performance.now()).then(() => performance.now() - killedAt);
    gateways[1] = await startReplica(ports[1]!);
    await ready(gateways[1].url);
    const kill = { inFlight, deliveringAfterMs: await deliveringAfterKill };
    await steadyLoad.stop();

    const steady = p99(steadyLoad.samples, steadyFrom, rollFrom);
    const roll = p99(steadyLoad.samples, rollFrom, rollTo);
    const ratio = roll.p99 / steady.p99;
    return {
      steps,
      kill,
      steady,
      roll,
      ratio,
      requests: steadyLoad.samples.length,
      failures: steadyLoad.samples
        .filter((s) => !s.ok)
        .map(({ start, end, ...rest }) => ({
          ...rest,
          sentFromKill: start - killedAt,
          endedFromKill: end - killedAt,
        })),
      closeCodes: Object.fromEntries(watchers.closeCodes()),
      watcherErrors: watchers.errors,
      checks: [
        {
          name: 'p99 during the roll / steady p99',
          value: ratio,
          budget: MAX_P99_RATIO,
          unit: '×',
          status: ratio <= MAX_P99_RATIO ? 'PASS' : 'FAIL',
        },
      ],
    };
  } finally {
    refresher?.stop();
    await load?.stop();
    await audience?.close();
    await Promise.all([...sites, ...gateways].map((p) => p.kill()));
    await sandbox?.stop();
    await redis?.stop();
    site.remove();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** The run as lines a person reads: each step, the kill, the p99s and their ratio, what failed. */
export function rollingUpdateSummary(report: RollingUpdateReport): string {
  return [
    `Rolling update of ${REPLICAS} gateway replicas behind 2 site servers, ${CLIENTS} guests querying, ${WATCHERS} watching:`,
    ...report.steps.map(
      (s) =>
        `  replica ${s.replica}: SIGTERM → exit ${s.exitCode} in ${ms(s.drainMs)}; every watcher delivering ${ms(s.deliveringAfterMs)} after the stop`,
    ),
    `  SIGKILL of replica 1 with ${report.kill.inFlight} requests in flight (on any replica): every watcher delivering after ${ms(report.kill.deliveringAfterMs)}`,
    `  p99 steady ${ms(report.steady.p99)} (${report.steady.count} requests), during the roll ${ms(report.roll.p99)} (${report.roll.count}): ratio ${report.ratio.toFixed(2)} (budget ${MAX_P99_RATIO}, npm run bench -- --only rolling)`,
    `  failed queries: ${report.failures.length} of ${report.requests}${report.failures.map((f) => `\n    ${f.kind} sent at ${ms(f.sentFromKill)} from the kill: ${f.why}`).join('')}`,
    `  watchers' sockets closed with: ${Object.entries(report.closeCodes)
      .map(([code, n]) => `${code} ×${n}`)
      .join(', ')}`,
  ].join('\n');
}
