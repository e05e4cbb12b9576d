/**
 * The gateway's speed beside the REST API it stands in front of, measured side by side in one run against one
 * sandbox: latency ratios for the same data with every REST call 20 ms away (the sandbox's fault routes), the home
 * screen as one query against the REST calls a browser makes for it, the bytes of the first catalogue page, the
 * throughput of a cached guest query against a bare Yoga server, and the gateway's resident memory. The wallet is
 * judged against its floors, two servers making its same REST call in the same run: a plain node:http proxy (the
 * latency any extra hop adds) and a bare Yoga server (the CPU any Yoga server spends on it). Queries go as GET, as
 * the site sends them; the wallet by its persisted id.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  readCpuMs,
  readRssKiB,
  repoRoot,
  startGateway,
  startHelloYoga,
  startRawProxy,
  startSandbox,
  type Server,
} from './processes.js';
import { identityFields } from './identity-fields.js';
import { summarize, type Summary } from './stats.js';
import type { Check } from './subscriptions.js';

export interface GatewayBenchOptions {
  /**
   * Timed calls per side of each latency comparison at one client, the sides alternating call by call: default
   * 1,000, so 10 calls are slower than p99 (not 3, as of 300). At 10 clients, 3 × as many calls per side (3,000 by
   * default), in blocks of 10 loops × 10 calls (planFor).
   */
  samples?: number;
  /** Timed home screens per side (one client, the sides alternating screen by screen). Default 60. */
  homeSamples?: number;
  /** How long each throughput run lasts, in ms. Default 5000. */
  loadMs?: number;
  /** Concurrent clients of each throughput run. Default 10. */
  loadClients?: number;
  /** The delay the sandbox adds to every REST call, in ms. Default 20. */
  delayMs?: number;
  /**
   * Persisted wallet queries per side of the CPU comparison (gateway and bare Yoga, no delay), in alternating
   * rounds. Default 4,000: about 2 s of the bare Yoga's CPU, so the clock tick /proc counts in (10 ms) is 0.5 %.
   */
  cpuRequests?: number;
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

/** The wallet beside the raw proxy making its one REST call, timed in the same rotation (compareSides). */
export interface OverFloor {
  clients: number;
  gatewayMs: Summary | null;
  rawProxyMs: Summary | null;
  /** Gateway mean − raw proxy mean, in ms. */
  overMs: number | null;
}

/** Process CPU time per persisted wallet query, the gateway's against a bare Yoga server's making the same call. */
export interface CpuComparison {
  /** Requests per side. */
  requests: number;
  clients: number;
  /** ms of CPU per request, user + system, all threads (/proc/<pid>/stat); null without /proc. */
  gatewayMs: number | null;
  bareYogaMs: number | null;
  ratio: number | null;
  /** Each round's figures, gateway then bare Yoga, for the spread. */
  rounds: { gatewayMs: number; bareYogaMs: number }[];
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
   * A bare Yoga server making the wallet's one REST call ('bare Yoga wallet'), against REST (its "gateway" side): the
   * least any Yoga server adds to that call on this machine; and a plain node:http proxy making it ('raw proxy
   * wallet'): the least any extra hop adds. No budget; they show how much of the wallet's ratio is the framework's,
   * and how much is the hop's.
   */
  floor: LatencyComparison[];
  /** The wallet's mean over the raw proxy's, at 1 and 10 clients (the p99 of both beside). */
  overRawProxy: OverFloor[];
  cpu: CpuComparison;
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
  /** gateway ÷ REST, mean and p99, same data (the games page and the tournament list). */
  latencyRatio: 1.1,
  /**
   * The wallet's mean over the raw proxy's making its one REST call, in ms, at 1 and at 10 clients: what the gateway
   * may add above the least any hop adds. (Issue 12's ≤ 1.1× REST was below that floor on this machine.)
   */
  overRawProxyMs: { 1: 1, 10: 2 } as Record<number, number>,
  /** CPU per persisted wallet query ÷ a bare Yoga server's doing the same REST call. */
  cpuRatio: 1.5,
  /** home screen as one query ÷ its REST calls from a browser. */
  homeRatio: 0.7,
  /** first catalogue page's bytes ÷ GET /api/allgames's, in %. */
  bytesPercent: 10,
  /** cached guest catalogue query's requests per second ÷ a bare Yoga `{ hello }`'s. */
  throughputRatio: 0.5,
} as const;

/** How many requests a browser has in flight to one origin (HTTP/1.1). */
const BROWSER_CONNECTIONS = 6;

/** The fields the web's game tile reads (web/src/shared/games/GameTile.tsx). */
const GAME_TILE = 'id code name image isFavourite provider { shortname }';
const CATALOGUE_PAGE = `{ games(first: 24) { totalCount edges { node { ${GAME_TILE} } } } }`;
const WALLET = '{ viewer { wallet { id combined { formatted } money { formatted } bonus { formatted } } } }';
const TOURNAMENTS = `{ tournaments(first: 20) { edges { node { id name image stage label nextStageAt completesIn
  startsAt endsAt buyIn { formatted } buyInDurationMinutes prizePool { formatted } usersCount
  leaderboard(first: 10) { totalCount edges { node { id position name points } } } } } } }`;

/** The REST calls a client of the REST API alone makes for the home screen of a signed-in player. */
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

/**
 * A query sent whole: `GET /graphql?query=…[&operationName=…]` with Yoga's CSRF header, which the gateway requires
 * of a GET (mutations stay POST). The site sends its persisted id (`doc_id`) instead, as the wallet is sent here
 * (persistedCall); the other screens' documents are sent whole, as a partner's tool would, and so is the bare Yoga
 * server's `{ wallet }` (it knows no ids).
 */
function queryRequest(
  url: string,
  query: string,
  token?: string,
  operationName?: string,
): { address: URL; headers: Record<string, string> } {
  const address = new URL(url);
  address.searchParams.set('query', query);
  if (operationName) address.searchParams.set('operationName', operationName);
  const headers: Record<string, string> = { accept: 'application/json', 'x-graphql-yoga-csrf': '1' };
  if (token) headers.authorization = `Bearer ${token}`;
  return { address, headers };
}

/** Whether a GraphQL response's body has data and no errors. */
function isComplete(body: string): boolean {
  try {
    const json = JSON.parse(body) as { data?: unknown; errors?: unknown[] };
    return json.data != null && !json.errors?.length;
  } catch {
    return false;
  }
}

/**
 * The same judged without parsing, for the throughput runs: a response that starts with its data and names no errors
 * anywhere. Parsing each 5 KB catalogue page cost the load generator, which shares the two cores with the server, a
 * large share of each response's time, and next to nothing for the 27 bytes of `{ hello }`: the ratio measured the
 * client as much as the two servers.
 */
function looksComplete(body: Buffer): boolean {
  return body.subarray(0, 9).toString() === '{"data":{' && !body.includes('"errors"');
}

/**
 * The bench's HTTP client for every timed call, on both sides alike: node:http over keep-alive connections. fetch
 * costs the client several times the CPU of a bare request, and here the client shares two cores with the servers
 * (where a player's browser has its own machine): a heavier client adds to whichever server is waiting for a core,
 * most at 10 clients, so the ratios measured the client as much as the gateway. The latency calls accept gzip as a
 * browser does (the gateway gzips responses of 1 KiB or more; the sandbox never does), and a gzipped body is unzipped.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface RawResponse {
  status: number;
  body: Buffer;
}

/** One request; its response's status and whole body, unzipped. */
function send(
  url: URL,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: string,
): Promise<RawResponse> {
  const options: http.RequestOptions = {
    agent,
    method,
    hostname: url.hostname,
    port: url.port,
    path: url.pathname + url.search,
    headers,
  };
  return new Promise<RawResponse>((resolve, reject) => {
    const req = http.request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const whole = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(whole) : whole;
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A query to a GraphQL server, sent as GET; true when it responded 200 with data and no errors. */
function graphqlCall(url: string, query: string, token?: string, operationName?: string): Call {
  const { address, headers } = queryRequest(url, query, token, operationName);
  const asBrowser = { ...headers, 'accept-encoding': 'gzip' };
  return async () => {
    const { status, body } = await send(address, 'GET', asBrowser);
    return status === 200 && isComplete(body.toString());
  };
}

/**
 * A persisted query as the site sends it (web/src/shared/relay/environment.ts): `GET /graphql?doc_id=<id>&variables=
 * {}` with the CSRF header; true when it responded 200 with data and no errors.
 */
function persistedCall(url: string, docId: string, token?: string): Call {
  const address = new URL(url);
  address.searchParams.set('doc_id', docId);
  address.searchParams.set('variables', '{}');
  const headers: Record<string, string> = {
    accept: 'application/graphql-response+json, application/json',
    'accept-encoding': 'gzip',
    'x-graphql-yoga-csrf': '1',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return async () => {
    const { status, body } = await send(address, 'GET', headers);
    return status === 200 && isComplete(body.toString());
  };
}

/** A REST call to the sandbox; true on a 2xx (the body is read whole, as a client would). */
function restCall(url: string, method: 'GET' | 'POST', token?: string): Call {
  const address = new URL(url);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'gzip' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  const body = method === 'POST' ? '{}' : undefined;
  return async () => {
    const { status } = await send(address, method, headers, body);
    return status >= 200 && status < 300;
  };
}

/**
 * A query for the throughput runs: as graphqlCall, but asking for no compression, and its response judged at a glance
 * (looksComplete), so that the load generator's unzipping and parsing do not weigh on the server it measures.
 */
function glanceGraphqlCall(url: string, query: string): Call {
  const { address, headers } = queryRequest(url, query);
  return async () => {
    const { status, body } = await send(address, 'GET', headers);
    return status === 200 && looksComplete(body);
  };
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

/** Latencies in ms of the calls that succeeded, and how many failed. */
interface Side {
  ms: number[];
  errors: number;
}

/** Warm-up blocks of each side before a comparison's timed ones. */
const WARM_UP_BLOCKS = 3;
/** Calls per side at more than one client, per sample: 3 × 1,000 = 3,000 at the default. */
const CALLS_PER_SAMPLE_AT_MANY = 3;
/** At more than one client, the calls each loop makes in one block. */
const CALLS_PER_LOOP_AT_MANY = 10;

/** How a comparison takes its calls on each side: `blocks` blocks, in each of which every loop makes `callsPerLoop`. */
export interface Plan {
  blocks: number;
  callsPerLoop: number;
}

/**
 * At one client, `samples` blocks of one call: 1,000 by default, so p99 (nearest rank) has 10 slower calls above it
 * and one slow call moves it little, and the sides alternate call by call. At more, 3 × samples calls per side in
 * all (3,000 by default, which keeps the `--only gateway` run within about 5 minutes on two cores), in blocks where
 * each loop makes 10 calls back to back.
 */
export function planFor(samples: number, clients: number): Plan {
  if (clients === 1) return { blocks: samples, callsPerLoop: 1 };
  const perBlock = clients * CALLS_PER_LOOP_AT_MANY;
  return {
    blocks: Math.ceil((CALLS_PER_SAMPLE_AT_MANY * samples) / perBlock),
    callsPerLoop: CALLS_PER_LOOP_AT_MANY,
  };
}

/**
 * One block: `clients` closed loops, each making `callsPerLoop` calls one after the other (the next as soon as the
 * last has returned, as a player's screens do), the block ending when all have finished. Ten players do not click
 * in step, so neither do the loops: loop i starts i/clients of `spreadMs` (one REST call's delay) after the first,
 * their calls arriving spread over a round trip as independent players' do. Started together, every call of a
 * block was one of a burst of ten arriving at once (a constant delay keeps them in step), which is not how players
 * come. Given one call per client (each its own player), loop i makes call i.
 */
async function block(
  calls: Call | Call[],
  clients: number,
  callsPerLoop: number,
  side: Side,
  spreadMs = 0,
): Promise<void> {
  const client = async (_: unknown, i: number) => {
    const call = Array.isArray(calls) ? calls[i % calls.length]! : calls;
    if (i > 0 && spreadMs > 0) await new Promise((resolve) => setTimeout(resolve, (i * spreadMs) / clients));
    for (let n = 0; n < callsPerLoop; n++) {
      const t0 = performance.now();
      let ok = false;
      try {
        ok = await call();
      } catch {
        ok = false;
      }
      if (ok) side.ms.push(performance.now() - t0);
      else side.errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
}

/**
 * Servers side by side: a few warm-up blocks of each, then rounds of one block per side, each round starting one
 * side later than the last (with two: REST-gateway, gateway-REST, …). Drift in the machine's speed over seconds then
 * falls on every side alike (taken one after the other, it fell on whichever side was running), and no side always
 * follows another; each block keeps the side's concurrency (at 10 clients, 10 loops on the same side, not a mix).
 */
async function compareSides(
  clients: number,
  samples: number,
  sides: (Call | Call[])[],
  /** At more than one client, how far apart the loops start (block). */
  spreadMs = 0,
): Promise<Side[]> {
  const { blocks, callsPerLoop } = planFor(samples, clients);
  const warmUp: Side = { ms: [], errors: 0 };
  for (const side of sides) for (let i = 0; i < WARM_UP_BLOCKS; i++) await block(side, clients, 1, warmUp);
  const timed: Side[] = sides.map(() => ({ ms: [], errors: 0 }));
  for (let round = 0; round < blocks; round++) {
    for (let i = 0; i < sides.length; i++) {
      const n = (round + i) % sides.length;
      await block(sides[n]!, clients, callsPerLoop, timed[n]!, spreadMs);
    }
  }
  return timed;
}

/** A server's side against REST's, as a comparison. */
function against(name: string, clients: number, server: Side, rest: Side): LatencyComparison {
  const gatewayMs = summarize(server.ms);
  const restMs = summarize(rest.ms);
  return {
    name,
    clients,
    gatewayMs,
    restMs,
    errors: { gateway: server.errors, rest: rest.errors },
    meanRatio: gatewayMs && restMs ? gatewayMs.mean / restMs.mean : null,
    p99Ratio: gatewayMs && restMs ? gatewayMs.p99 / restMs.p99 : null,
  };
}

/** Gateway and REST side by side (compareSides). */
async function compare(
  name: string,
  clients: number,
  samples: number,
  gateway: Call | Call[],
  rest: Call | Call[],
): Promise<LatencyComparison> {
  const [r, g] = await compareSides(clients, samples, [rest, gateway]);
  return against(name, clients, g!, r!);
}

/**
 * The gateway, the bare Yoga server and the raw proxy all run with NODE_ENV=production, as the gateway is deployed
 * (gateway/Dockerfile, docker-compose.yml): each side of every comparison as it would run in production. Measured
 * (docs/benchmarks.md, "Against its floor"): production mode costs the gateway's wallet query about 3 % less CPU and
 * the bare Yoga's about 10 % less, so it raises the CPU ratio rather than flattering the gateway.
 */
const AS_DEPLOYED = { production: true } as const;

/** Rounds the CPU comparison is taken in, the two servers' rounds alternating. */
const CPU_ROUNDS = 8;
/** Concurrent clients of the CPU comparison: a few players at once, as the gateway serves them. */
const CPU_CLIENTS = 4;
/**
 * Wallet queries each side serves, untimed, before the rounds: both servers' CPU per query still fell for a few
 * thousand queries after the latency runs (with 500, the gateway's eight rounds read 1.40 down to 0.92-0.98 ms and
 * the bare Yoga's 0.66-0.70 down to 0.42-0.62), so the first rounds measured the JIT compiler's warm-up rather than
 * the steady state a deployed server spends its time in. The same number for both sides.
 */
const CPU_WARM_UP = 2000;

/** `requests` calls over `clients` closed loops; how many failed. */
async function fixedLoad(call: Call | Call[], clients: number, requests: number): Promise<number> {
  let left = requests;
  let errors = 0;
  const client = async (_: unknown, i: number) => {
    const one = Array.isArray(call) ? call[i % call.length]! : call;
    while (left > 0) {
      left--;
      if (!(await one().catch(() => false))) errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return errors;
}

/**
 * Process CPU time per request of two servers doing the same work, read from /proc before and after a fixed number
 * of requests, in alternating rounds (a, b, b, a, …) after a warm-up, so that a busy machine's drift falls on both.
 * CPU time, unlike wall time, does not count the time a server waits for a core the other engineers' work has.
 */
async function compareCpu(
  a: { pid: number; call: Call | Call[] },
  b: { pid: number; call: Call | Call[] },
  requests: number,
): Promise<CpuComparison & { errors: number }> {
  const perRound = Math.max(1, Math.round(requests / CPU_ROUNDS));
  let errors = 0;
  for (const side of [a, b]) await fixedLoad(side.call, CPU_CLIENTS, Math.min(requests, CPU_WARM_UP));
  const rounds: { gatewayMs: number; bareYogaMs: number }[] = [];
  const totals = [0, 0];
  for (let round = 0; round < CPU_ROUNDS; round++) {
    const figures = [0, 0];
    for (const n of round % 2 === 0 ? [0, 1] : [1, 0]) {
      const side = n === 0 ? a : b;
      const before = readCpuMs(side.pid);
      errors += await fixedLoad(side.call, CPU_CLIENTS, perRound);
      const after = readCpuMs(side.pid);
      if (before === null || after === null) continue;
      figures[n] = (after - before) / perRound;
      totals[n]! += after - before;
    }
    rounds.push({ gatewayMs: figures[0]!, bareYogaMs: figures[1]! });
  }
  const measured = readCpuMs(a.pid) !== null;
  const all = perRound * CPU_ROUNDS;
  const gatewayMs = measured ? totals[0]! / all : null;
  const bareYogaMs = measured ? totals[1]! / all : null;
  return {
    requests: all,
    clients: CPU_CLIENTS,
    gatewayMs,
    bareYogaMs,
    ratio: gatewayMs !== null && bareYogaMs ? gatewayMs / bareYogaMs : null,
    rounds: measured ? rounds : [],
    errors,
  };
}

/** A closed-loop load: `clients` loops over keep-alive connections for `durationMs`, counting responses. */
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

/** Rounds each throughput run is taken in, the two servers' rounds alternating. */
const THROUGHPUT_ROUNDS = 5;

/**
 * Two closed-loop loads of `durationMs` each, taken in alternating rounds (a, b, b, a, a, b, …) as the latency sides
 * are: drift in the machine's speed over seconds falls on both alike, where one run after the other put it all on
 * whichever ran at the time (the bare Yoga reference measured 10,000-22,000 responses/s from one run to the next).
 */
async function alternatingLoads(
  a: Call,
  b: Call,
  clients: number,
  durationMs: number,
): Promise<[Throughput, Throughput]> {
  const runs: [Throughput[], Throughput[]] = [[], []];
  const roundMs = durationMs / THROUGHPUT_ROUNDS;
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) runs[side]!.push(await load(side === 0 ? a : b, clients, roundMs));
  }
  const total = (parts: Throughput[]): Throughput => {
    const requests = parts.reduce((sum, p) => sum + p.requests, 0);
    const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
    return {
      requests,
      errors: parts.reduce((sum, p) => sum + p.errors, 0),
      seconds,
      perSecond: requests / seconds,
    };
  };
  return [total(runs[0]), total(runs[1])];
}

async function setDelay(sandboxUrl: string, delayMs: number): Promise<void> {
  const cleared = await fetch(`${sandboxUrl}/sandbox/faults`, { method: 'DELETE' });
  if (!cleared.ok) throw new Error(`DELETE /sandbox/faults responded ${cleared.status}`);
  if (delayMs === 0) return;
  const res = await fetch(`${sandboxUrl}/sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: '*', path: '/api/*', delayMs }),
  });
  if (res.status !== 201)
    throw new Error(`POST /sandbox/faults responded ${res.status}: ${await res.text()}`);
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
      ...identityFields(),
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (res.status !== 201 || typeof body.token !== 'string') {
    throw new Error(`POST /api/register responded ${res.status}: ${JSON.stringify(body)}`);
  }
  return body.token;
}

/** The decoded size of a response's body, asking for no compression. */
async function bodyBytes(url: string, init: RequestInit): Promise<Buffer> {
  const res = await fetch(url, { ...init, headers: { ...init.headers, 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`${url} responded ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

const check = (name: string, value: number | null, budget: number, unit: string, atMost: boolean): Check => ({
  name,
  value,
  budget,
  unit,
  status: value === null ? 'FAIL' : (atMost ? value <= budget : value >= budget) ? 'PASS' : 'FAIL',
});

/**
 * The bench's persisted operations file (relay-compiler's format: id → document) holding the wallet query, in a new
 * folder: the gateway serves it by id as it serves the site's. Its id is the document's SHA-256, as Relay's are.
 */
function persistWallet(): { dir: string; file: string; id: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-persisted-'));
  const id = createHash('sha256').update(WALLET).digest('hex');
  const file = path.join(dir, 'persisted-operations.json');
  fs.writeFileSync(file, JSON.stringify({ [id]: WALLET }));
  return { dir, file, id };
}

export async function runGatewayBench(options: GatewayBenchOptions = {}): Promise<GatewayBenchReport> {
  const opts = {
    samples: options.samples ?? 1000,
    homeSamples: options.homeSamples ?? 60,
    loadMs: options.loadMs ?? 5000,
    loadClients: options.loadClients ?? 10,
    delayMs: options.delayMs ?? 20,
    cpuRequests: options.cpuRequests ?? 4000,
  };
  const log = options.log ?? (() => {});
  const servers: Server[] = [];
  const persisted = persistWallet();
  try {
    log('Starting the sandbox and the gateway…');
    const sandbox = await startSandbox();
    servers.push(sandbox);
    const gateway = await startGateway(sandbox.url, persisted.file, AS_DEPLOYED);
    servers.push(gateway);
    const idleRssKiB = readRssKiB(gateway.pid);
    const gql = `${gateway.url}/graphql`;
    const api = (p: string) => `${sandbox.url}${p}`;
    // Ten clients are ten players: one player's requests at the same time share their reads in flight, which
    // would flatter the gateway.
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push(await registerPlayer(sandbox.url, i));
    const token = tokens[0]!;

    // Bytes first, with no delay: the first catalogue page against the whole catalogue.
    await setDelay(sandbox.url, 0);
    const pageRequest = queryRequest(gql, CATALOGUE_PAGE);
    const pageBody = await bodyBytes(pageRequest.address.href, { headers: pageRequest.headers });
    const page = JSON.parse(pageBody.toString()) as { data?: { games?: { edges?: unknown[] } } };
    const games = page.data?.games?.edges?.length ?? 0;
    if (games !== 24) throw new Error(`the catalogue page returned ${games} games: ${pageBody.toString()}`);
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
    // The wallet as the site asks for it: by its persisted id.
    const wallet = tokens.map((t) => persistedCall(gql, persisted.id, t));
    const restWallet = tokens.map((t) => restCall(api('/api/wallet'), 'POST', t));
    const bareYoga = await startHelloYoga(sandbox.url, AS_DEPLOYED);
    servers.push(bareYoga);
    const rawProxy = await startRawProxy(sandbox.url, AS_DEPLOYED);
    servers.push(rawProxy);
    // The same query to both floors: the raw proxy ignores it, so the client's side of every call is the same.
    const yogaWallet = tokens.map((t) => graphqlCall(`${bareYoga.url}/graphql`, '{ wallet }', t));
    const rawWallet = tokens.map((t) => graphqlCall(`${rawProxy.url}/graphql`, '{ wallet }', t));
    const yogaFloor: LatencyComparison[] = [];
    const rawFloor: LatencyComparison[] = [];
    const overRawProxy: OverFloor[] = [];
    for (const clients of [1, 10]) {
      log(`Wallet at ${clients} client(s), beside REST, bare Yoga and the raw proxy…`);
      // All four in one rotation, so the wallet is judged against floors measured under the same drift.
      const [r, g, y, p] = await compareSides(
        clients,
        opts.samples,
        [restWallet, wallet, yogaWallet, rawWallet],
        opts.delayMs,
      );
      const walletSide = against('wallet', clients, g!, r!);
      const rawSide = against('raw proxy wallet', clients, p!, r!);
      latency.push(walletSide);
      yogaFloor.push(against('bare Yoga wallet', clients, y!, r!));
      rawFloor.push(rawSide);
      overRawProxy.push({
        clients,
        gatewayMs: walletSide.gatewayMs,
        rawProxyMs: rawSide.gatewayMs,
        overMs:
          walletSide.gatewayMs && rawSide.gatewayMs
            ? walletSide.gatewayMs.mean - rawSide.gatewayMs.mean
            : null,
      });
    }
    const floor = [...yogaFloor, ...rawFloor];
    await rawProxy.stop();
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

    // CPU per persisted wallet query against the bare Yoga's, no delay: each as the site would send it.
    await setDelay(sandbox.url, 0);
    log(`CPU: ${opts.cpuRequests} wallet queries a side…`);
    const { errors: cpuErrors, ...cpu } = await compareCpu(
      { pid: gateway.pid, call: wallet },
      { pid: bareYoga.pid, call: yogaWallet },
      opts.cpuRequests,
    );

    // Throughput, no delay: a cached guest catalogue page against a bare Yoga server, in alternating rounds.
    log(`Throughput: ${opts.loadClients} clients, ${opts.loadMs / 1000} s each…`);
    const hello = bareYoga;
    const helloCall = glanceGraphqlCall(`${hello.url}/graphql`, '{ hello }');
    const catalogueCall = glanceGraphqlCall(gql, CATALOGUE_PAGE);
    const warmMs = Math.min(1000, opts.loadMs);
    await load(helloCall, opts.loadClients, warmMs);
    await load(catalogueCall, opts.loadClients, warmMs);
    const [helloRate, catalogueRate] = await alternatingLoads(
      helloCall,
      catalogueCall,
      opts.loadClients,
      opts.loadMs,
    );
    await hello.stop();
    const throughput = {
      catalogue: catalogueRate,
      hello: helloRate,
      ratio: catalogueRate.perSecond / helloRate.perSecond,
    };

    const afterRssKiB = readRssKiB(gateway.pid);

    const checks: Check[] = [];
    for (const o of overRawProxy) {
      const label = o.clients === 1 ? 'wallet' : `wallet ×${o.clients}`;
      checks.push(
        check(`${label} mean − raw proxy`, o.overMs, BUDGETS.overRawProxyMs[o.clients]!, 'ms', true),
      );
    }
    checks.push(
      cpu.ratio === null && readCpuMs(process.pid) === null
        ? { name: 'wallet CPU ÷ bare Yoga', value: null, budget: BUDGETS.cpuRatio, unit: '×', status: 'n/a' }
        : check('wallet CPU ÷ bare Yoga', cpu.ratio, BUDGETS.cpuRatio, '×', true),
    );
    for (const c of latency) {
      // The wallet is judged against its floors (above), no longer against REST alone.
      if (c.name === 'wallet') continue;
      const label = c.clients === 1 ? c.name : `${c.name} ×${c.clients}`;
      checks.push(check(`${label} mean ÷ REST`, c.meanRatio, BUDGETS.latencyRatio, '×', true));
      checks.push(check(`${label} p99 ÷ REST`, c.p99Ratio, BUDGETS.latencyRatio, '×', true));
    }
    checks.push(check('home screen mean ÷ REST', home.meanRatio, BUDGETS.homeRatio, '×', true));
    checks.push(check('catalogue page bytes ÷ allgames', bytes.ratio, BUDGETS.bytesPercent, '%', true));
    checks.push(
      check('cached catalogue rps ÷ bare Yoga', throughput.ratio, BUDGETS.throughputRatio, '×', false),
    );
    const failures =
      cpuErrors > 0 || [...latency, ...floor, home].some((c) => c.errors.gateway + c.errors.rest > 0);
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
      overRawProxy,
      cpu,
      home,
      bytes,
      throughput,
      memory: { idleRssKiB, afterRssKiB },
      checks,
      pass: !failures && checks.every((c) => c.status !== 'FAIL'),
    };
  } finally {
    agent.destroy();
    for (const server of servers.reverse()) await server.stop();
    fs.rmSync(persisted.dir, { recursive: true, force: true });
  }
}
