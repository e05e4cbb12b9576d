/**
 * The gateway's speed beside the REST API it stands in front of, measured side by side in one run against one
 * sandbox: latency ratios for the same data with every REST call 20 ms away (the sandbox's fault routes), the home
 * screen as one query against the REST calls a browser makes for it, the bytes of the first catalogue page, the
 * throughput of a cached guest query against a bare Yoga server, and the gateway's resident memory.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  readRssKiB,
  repoRoot,
  startGateway,
  startHelloYoga,
  startSandbox,
  type Server,
} from './processes.js';
import { summarize, type Summary } from './stats.js';
import type { Check } from './subscriptions.js';

export interface GatewayBenchOptions {
  /** Timed requests per side of each latency comparison (per client at 10 clients: 10× as many). Default 300. */
  samples?: number;
  /** Samples of the home screen per side. Default 60. */
  homeSamples?: number;
  /** How long each throughput run lasts, in ms. Default 5000. */
  loadMs?: number;
  /** Concurrent clients of each throughput run. Default 10. */
  loadClients?: number;
  /** The delay the sandbox adds to every REST call, in ms. Default 20. */
  delayMs?: number;
  log?: (line: string) => void;
}

export interface LatencyComparison {
  name: string;
  clients: number;
  gatewayMs: Summary | null;
  restMs: Summary | null;
  /** Requests that failed (status or GraphQL errors), per side. */
  errors: { gateway: number; rest: number };
  meanRatio: number | null;
  p99Ratio: number | null;
}

export interface Throughput {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
}

export interface GatewayBenchReport {
  benchmark: 'gateway';
  generatedAt: string;
  environment: { node: string; platform: string; arch: string; cpus: number; cpuModel: string };
  options: Required<Omit<GatewayBenchOptions, 'log'>>;
  latency: LatencyComparison[];
  /**
   * A bare Yoga server making the wallet's one REST call, against REST (its "gateway" side): the least any Yoga
   * server adds to that call on this machine. No budget; it shows how much of the wallet's ratio is the framework's.
   */
  floor: LatencyComparison[];
  home: LatencyComparison & { restCalls: string[]; browserConnections: number };
  bytes: {
    gateway: number;
    rest: number;
    gatewayGzip: number;
    restGzip: number;
    games: number;
    ratio: number;
  };
  throughput: { catalogue: Throughput; hello: Throughput; ratio: number };
  memory: { idleRssKiB: number | null; afterRssKiB: number | null };
  checks: Check[];
  pass: boolean;
}

export const BUDGETS = {
  /** gateway ÷ REST, mean and p99, same data. */
  latencyRatio: 1.1,
  /** home screen as one query ÷ its REST calls from a browser. */
  homeRatio: 0.7,
  /** first catalogue page's bytes ÷ GET /api/allgames's, in %. */
  bytesPercent: 10,
  /** cached guest catalogue query's requests per second ÷ a bare Yoga `{ hello }`'s. */
  throughputRatio: 0.5,
} as const;

/** How many requests a browser has in flight to one origin (HTTP/1.1). */
const BROWSER_CONNECTIONS = 6;

/** The fields the web's game tile reads (web/src/features/games/GameTile.tsx). */
const GAME_TILE = 'id code name image isFavourite provider { shortname }';
const CATALOGUE_PAGE = `{ games(first: 24) { totalCount edges { node { ${GAME_TILE} } } } }`;
const WALLET = '{ viewer { wallet { id combined { formatted } money { formatted } bonus { formatted } } } }';
const TOURNAMENTS = `{ tournaments(first: 20) { edges { node { id name image stage label nextStageAt completesIn
  startsAt endsAt buyIn { formatted } buyInDurationMinutes prizePool { formatted } usersCount
  leaderboard(first: 10) { totalCount edges { node { id position name points } } } } } } }`;

/** The REST calls the spec's client makes for the home screen of a signed-in player (../shared/SPEC.md). */
const HOME_REST: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'GET', path: '/api/promotionBanners' },
  { method: 'GET', path: '/api/games' },
  { method: 'GET', path: '/api/latestWins' },
  { method: 'GET', path: '/api/account' },
  { method: 'POST', path: '/api/wallet' },
  { method: 'GET', path: '/api/loyaltyChests' },
  { method: 'GET', path: '/api/userNotifications/false' },
  { method: 'GET', path: '/api/favourites/short' },
  { method: 'GET', path: '/api/getActiveCoupon' },
];

/** One operation of docs/screens.graphql with the fragments it spreads (transitively), as a document. */
export function screenOperation(name: string): string {
  const text = fs.readFileSync(path.join(repoRoot, 'docs/screens.graphql'), 'utf8');
  const block = (header: RegExp): string => {
    const m = header.exec(text);
    if (!m) throw new Error(`docs/screens.graphql has no ${header.source}`);
    let depth = 0;
    for (let i = text.indexOf('{', m.index); i < text.length; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) return text.slice(m.index, i + 1);
    }
    throw new Error(`unbalanced braces after ${header.source}`);
  };
  const parts = [block(new RegExp(`^query ${name}\\b`, 'm'))];
  const seen = new Set<string>();
  for (let i = 0; i < parts.length; i++) {
    for (const m of parts[i]!.matchAll(/\.\.\.\s*([A-Za-z_]\w*)/g)) {
      const fragment = m[1]!;
      if (fragment === 'on' || seen.has(fragment)) continue;
      seen.add(fragment);
      parts.push(block(new RegExp(`^fragment ${fragment}\\b`, 'm')));
    }
  }
  return parts.join('\n\n');
}

type Call = () => Promise<boolean>;

/** A GraphQL POST to the gateway; true when it answered 200 with data and no errors. */
function graphqlCall(url: string, query: string, token?: string, operationName?: string): Call {
  const body = JSON.stringify(operationName ? { query, operationName } : { query });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return async () => {
    const res = await fetch(url, { method: 'POST', headers, body });
    const json = (await res.json()) as { data?: unknown; errors?: unknown[] };
    return res.ok && json.data != null && !json.errors?.length;
  };
}

/** A REST call to the sandbox; true on a 2xx (the body is read whole, as a client would). */
function restCall(url: string, method: 'GET' | 'POST', token?: string): Call {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const body = method === 'POST' ? '{}' : undefined;
  return async () => {
    const res = await fetch(url, { method, headers, body });
    await res.arrayBuffer();
    return res.ok;
  };
}

/**
 * A GraphQL POST over node:http with a keep-alive agent, for the throughput runs: fetch costs the client several
 * times the CPU of a bare request, and on two cores the load generator shares the machine with the server, so a
 * heavier client would flatten the difference between the two servers. True on a 200 with data and no errors.
 */
function keepAliveGraphqlCall(url: string, query: string, agent: http.Agent): Call {
  const body = Buffer.from(JSON.stringify({ query }));
  const target = new URL(url);
  const options: http.RequestOptions = {
    agent,
    method: 'POST',
    hostname: target.hostname,
    port: target.port,
    path: target.pathname,
    headers: {
      'content-type': 'application/json',
      'content-length': body.length,
      accept: 'application/json',
    },
  };
  return () =>
    new Promise<boolean>((resolve, reject) => {
      const req = http.request(options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) return resolve(false);
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString()) as {
              data?: unknown;
              errors?: unknown[];
            };
            resolve(json.data != null && !json.errors?.length);
          } catch {
            resolve(false);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** The calls of a screen, at most `limit` in flight at once (a browser's connections to one origin). */
function limited(calls: Call[], limit: number): Call {
  return async () => {
    let next = 0;
    let ok = true;
    const worker = async () => {
      while (next < calls.length) {
        const call = calls[next++]!;
        ok = (await call()) && ok;
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, calls.length) }, worker));
    return ok;
  };
}

/**
 * `clients` closed loops sharing `total` calls; each call's latency in ms, and how many failed. Given one call per
 * client (each its own player), loop i makes call i.
 */
async function timed(
  calls: Call | Call[],
  clients: number,
  total: number,
): Promise<{ ms: number[]; errors: number }> {
  const ms: number[] = [];
  let errors = 0;
  let started = 0;
  const client = async (_: unknown, i: number) => {
    const call = Array.isArray(calls) ? calls[i % calls.length]! : calls;
    while (started < total) {
      started++;
      const t0 = performance.now();
      let ok = false;
      try {
        ok = await call();
      } catch {
        ok = false;
      }
      if (ok) ms.push(performance.now() - t0);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { ms, errors };
}

/**
 * Gateway and REST side by side: a warm-up of each, then the samples in alternating halves (REST, gateway, REST,
 * gateway), so drift in the machine's speed falls on both sides alike.
 */
async function compare(
  name: string,
  clients: number,
  samples: number,
  gateway: Call | Call[],
  rest: Call | Call[],
): Promise<LatencyComparison> {
  await timed(rest, clients, clients * 3);
  await timed(gateway, clients, clients * 3);
  const total = samples * clients;
  const half = Math.ceil(total / 2);
  const g = { ms: [] as number[], errors: 0 };
  const r = { ms: [] as number[], errors: 0 };
  for (let round = 0; round < 2; round++) {
    const rr = await timed(rest, clients, half);
    r.ms.push(...rr.ms);
    r.errors += rr.errors;
    const gg = await timed(gateway, clients, half);
    g.ms.push(...gg.ms);
    g.errors += gg.errors;
  }
  const gatewayMs = summarize(g.ms);
  const restMs = summarize(r.ms);
  return {
    name,
    clients,
    gatewayMs,
    restMs,
    errors: { gateway: g.errors, rest: r.errors },
    meanRatio: gatewayMs && restMs ? gatewayMs.mean / restMs.mean : null,
    p99Ratio: gatewayMs && restMs ? gatewayMs.p99 / restMs.p99 : null,
  };
}

/** A closed-loop load: `clients` loops over keep-alive connections for `durationMs`, counting answers. */
async function load(call: Call, clients: number, durationMs: number): Promise<Throughput> {
  let requests = 0;
  let errors = 0;
  const t0 = performance.now();
  const end = t0 + durationMs;
  const client = async () => {
    while (performance.now() < end) {
      try {
        if (await call()) requests++;
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (performance.now() - t0) / 1000;
  return { requests, errors, seconds, perSecond: requests / seconds };
}

async function setDelay(sandboxUrl: string, delayMs: number): Promise<void> {
  const cleared = await fetch(`${sandboxUrl}/sandbox/faults`, { method: 'DELETE' });
  if (!cleared.ok) throw new Error(`DELETE /sandbox/faults answered ${cleared.status}`);
  if (delayMs === 0) return;
  const res = await fetch(`${sandboxUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: '*', path: '/api/*', delayMs }),
  });
  if (res.status !== 201) throw new Error(`POST /sandbox/faults answered ${res.status}: ${await res.text()}`);
}

/** A new player of the sandbox, signed in: the session token. */
async function registerPlayer(sandboxUrl: string, n = 0): Promise<string> {
  const res = await fetch(`${sandboxUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      name: 'Bench Player',
      email: `bench-${Date.now()}-${n}@example.com`,
      password: 'bench-password-1',
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 201 || typeof body.token !== 'string') {
    throw new Error(`POST /api/register answered ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** The decoded size of an answer's body, asking for no compression. */
async function bodyBytes(url: string, init: RequestInit): Promise<Buffer> {
  const res = await fetch(url, { ...init, headers: { ...init.headers, 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

const check = (name: string, value: number | null, budget: number, unit: string, atMost: boolean): Check => ({
  name,
  value,
  budget,
  unit,
  status: value === null ? 'FAIL' : (atMost ? value <= budget : value >= budget) ? 'PASS' : 'FAIL',
});

export async function runGatewayBench(options: GatewayBenchOptions = {}): Promise<GatewayBenchReport> {
  const opts = {
    samples: options.samples ?? 300,
    homeSamples: options.homeSamples ?? 60,
    loadMs: options.loadMs ?? 5000,
    loadClients: options.loadClients ?? 10,
    delayMs: options.delayMs ?? 20,
  };
  const log = options.log ?? (() => {});
  const servers: Server[] = [];
  try {
    log('Starting the sandbox and the gateway…');
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const gateway = await startGateway(sandbox.url);
    servers.push(gateway);
    const idleRssKiB = readRssKiB(gateway.pid);
    const gql = `${gateway.url}/graphql`;
    const api = (p: string) => `${sandbox.url}${p}`;
    // Ten clients are ten players: one player's answers at the same time share their reads in flight, which
    // would flatter the gateway.
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await registerPlayer(sandbox.url, i));
    const token = tokens[0]!;

    // Bytes first, with no delay: the first catalogue page against the whole catalogue.
    await setDelay(sandbox.url, 0);
    const pageBody = await bodyBytes(gql, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: CATALOGUE_PAGE }),
    });
    const page = JSON.parse(pageBody.toString()) as { data?: { games?: { edges?: unknown[] } } };
    const games = page.data?.games?.edges?.length ?? 0;
    if (games !== 24) throw new Error(`the catalogue page answered ${games} games: ${pageBody.toString()}`);
    const allBody = await bodyBytes(api('/api/allgames'), { headers: { accept: 'application/json' } });
    const bytes = {
      gateway: pageBody.length,
      rest: allBody.length,
      gatewayGzip: gzipSync(pageBody).length,
      restGzip: gzipSync(allBody).length,
      games,
      ratio: (100 * pageBody.length) / allBody.length,
    };

    // Latency, every REST call delayed.
    await setDelay(sandbox.url, opts.delayMs);
    const latency: LatencyComparison[] = [];
    const wallet = tokens.map((t) => graphqlCall(gql, WALLET, t));
    const restWallet = tokens.map((t) => restCall(api('/api/wallet'), 'POST', t));
    const bareYoga = await startHelloYoga(sandbox.url);
    servers.push(bareYoga);
    const floorWallet = tokens.map((t) => graphqlCall(`${bareYoga.url}/graphql`, '{ wallet }', t));
    const floor: LatencyComparison[] = [];
    for (const clients of [1, 10]) {
      log(`Wallet at ${clients} client(s)…`);
      latency.push(await compare('wallet', clients, opts.samples, wallet, restWallet));
      floor.push(await compare('bare Yoga wallet', clients, opts.samples, floorWallet, restWallet));
    }
    log('Games page…');
    latency.push(
      await compare(
        'games page',
        1,
        opts.samples,
        graphqlCall(gql, CATALOGUE_PAGE),
        restCall(api('/api/allgames'), 'GET'),
      ),
    );
    log('Tournament list…');
    latency.push(
      await compare(
        'tournaments',
        1,
        opts.samples,
        graphqlCall(gql, TOURNAMENTS),
        restCall(api('/api/tournaments'), 'GET'),
      ),
    );
    log('Home screen…');
    const homeQuery = screenOperation('HomeScreen');
    const homeRest = limited(
      HOME_REST.map((c) => restCall(api(c.path), c.method, token)),
      BROWSER_CONNECTIONS,
    );
    const home = {
      ...(await compare(
        'home screen',
        1,
        opts.homeSamples,
        graphqlCall(gql, homeQuery, token, 'HomeScreen'),
        homeRest,
      )),
      restCalls: HOME_REST.map((c) => `${c.method} ${c.path}`),
      browserConnections: BROWSER_CONNECTIONS,
    };

    // Throughput, no delay: a cached guest catalogue page against a bare Yoga server, one after the other.
    await setDelay(sandbox.url, 0);
    log(`Throughput: ${opts.loadClients} clients, ${opts.loadMs / 1000} s each…`);
    const hello = bareYoga;
    const agent = new http.Agent({ keepAlive: true, maxSockets: opts.loadClients });
    const helloCall = keepAliveGraphqlCall(`${hello.url}/graphql`, '{ hello }', agent);
    const catalogueCall = keepAliveGraphqlCall(gql, CATALOGUE_PAGE, agent);
    const warmMs = Math.min(1000, opts.loadMs);
    await load(helloCall, opts.loadClients, warmMs);
    await load(catalogueCall, opts.loadClients, warmMs);
    const helloRate = await load(helloCall, opts.loadClients, opts.loadMs);
    await hello.stop();
    const catalogueRate = await load(catalogueCall, opts.loadClients, opts.loadMs);
    agent.destroy();
    const throughput = {
      catalogue: catalogueRate,
      hello: helloRate,
      ratio: catalogueRate.perSecond / helloRate.perSecond,
    };

    const afterRssKiB = readRssKiB(gateway.pid);

    const checks: Check[] = [];
    for (const c of latency) {
      const label = c.clients === 1 ? c.name : `${c.name} ×${c.clients}`;
      checks.push(check(`${label} mean ÷ REST`, c.meanRatio, BUDGETS.latencyRatio, '×', true));
      checks.push(check(`${label} p99 ÷ REST`, c.p99Ratio, BUDGETS.latencyRatio, '×', true));
    }
    checks.push(check('home screen mean ÷ REST', home.meanRatio, BUDGETS.homeRatio, '×', true));
    checks.push(check('catalogue page bytes ÷ allgames', bytes.ratio, BUDGETS.bytesPercent, '%', true));
    checks.push(
      check('cached catalogue rps ÷ bare Yoga', throughput.ratio, BUDGETS.throughputRatio, '×', false),
    );
    const failures = [...latency, home].some((c) => c.errors.gateway + c.errors.rest > 0);
    return {
      benchmark: 'gateway',
      generatedAt: new Date().toISOString(),
      environment: {
        node: process.version,
        platform: process.platform,
        arch: process.arch,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
      },
      options: opts,
      latency,
      floor,
      home,
      bytes,
      throughput,
      memory: { idleRssKiB, afterRssKiB },
      checks,
      pass: !failures && checks.every((c) => c.status !== 'FAIL'),
    };
  } finally {
    for (const server of servers.reverse()) await server.stop();
  }
}
