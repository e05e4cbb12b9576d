import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from '../../scripts/prebuilt-servers.js';

/** The repository root: `npm run bench --workspace tests` runs with cwd tests/, so nothing relies on the cwd. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * How long a child may take to print its listen line: tsx compiles the part's sources first, which took over 30 s on
 * a 2-core machine running two test files beside other work.
 */
const START_TIMEOUT_MS = 60_000;
/** How long a child may take to stop after SIGTERM before it is killed. */
const STOP_GRACE_MS = 3_000;
/** Output kept per child for error messages (the tail; a chatty child must not grow the bench's memory). */
const MAX_OUTPUT_CHARS = 64 * 1024;

export interface Server {
  name: string;
  /** The child's pid: node itself (spawned without npx), so /proc/<pid> is the server's own process. */
  pid: number;
  /** The base address it printed, e.g. http://127.0.0.1:4321. */
  url: string;
  /** What it printed so far (the tail), for error messages. */
  output(): string;
  /** Collects the server's garbage (gateway only; see GC_ON_SIGNAL); returns its heap after that. */
  collectGarbage(): Promise<HeapAfterGc>;
  stop(): Promise<void>;
}

/** The server's V8 heap after the collections, in KiB (from process.memoryUsage()). */
export interface HeapAfterGc {
  heapUsedKiB: number;
  /** What V8 has committed for the heap, used or not. */
  heapTotalKiB: number;
  /** Memory of C++ objects bound to JS ones, socket buffers among them. */
  externalKiB: number;
}

/**
 * Preloaded into the gateway: SIGUSR2 runs three full collections 250 ms apart, then prints a numbered marker with
 * the heap. RSS read right after it shows what the subscribers keep alive rather than garbage V8 has not got round
 * to collecting, or heap it grew for the burst of subscribing and gives back only over a few more collections
 * (external memory is freed just after a collection; the young generation shrinks over later ones). Measured with
 * 1,000 subscribers: with no collection the RSS growth per subscriber ranged over about 30-60 KiB from run to run,
 * with one collection 35-65 KiB, with three 12-35 KiB; the JS heap's growth stays at about 24 KiB throughout (the
 * spread left is pages the allocator keeps or returns, not the subscribers).
 */
const GC_ON_SIGNAL = `data:text/javascript,${encodeURIComponent(`
  let n = 0;
  const collect = (left, done) => {
    globalThis.gc();
    if (left > 1) setTimeout(() => collect(left - 1, done), 250);
    else done();
  };
  process.on('SIGUSR2', () => {
    const id = ++n;
    collect(3, () => {
      const { heapUsed, heapTotal, external } = process.memoryUsage();
      process.stdout.write('[bench] gc ' + id + ' ' + JSON.stringify({ heapUsed, heapTotal, external }) + '\\n');
    });
  });`)}`;
const GC_DONE = /\[bench\] gc (\d+) (\{.*\})\n/g;
/** How long a collection may take before the bench gives up on it. */
const GC_TIMEOUT_MS = 10_000;

/** Children still running, killed outright if the bench exits without stopping them. */
const running = new Set<ChildProcess>();
/** Sandbox data folders not yet removed, removed on exit likewise. */
const dataDirs = new Set<string>();

let exitHookInstalled = false;
/** On any exit (even process.exit after an error) no server is left behind; 'exit' allows only sync work. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
    for (const dir of dataDirs) removeDir(dir);
  });
}

/** The inherited environment without settings of the sandbox or gateway, so only the bench's own apply. */
function cleanEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(SANDBOX_|GATEWAY_|WEB_|SITE_|CASINO_ASSETS_URL|CASINO_API_URL|UPSTREAM_|PUBLIC_CACHE_|CIRCUIT_|GUEST_HIDDEN|GRAPHIQL|EXPOSE_UPSTREAM|PERSISTED_OPERATIONS_|PUSHER_|ALLOWED_ORIGINS|SESSION_CHECK|LOG_LEVEL|RATE_LIMITS|TRUST_PROXY|REDIS_URL|METRICS_TOKEN)/.test(
        key,
      )
    ) {
      delete env[key];
    }
  }
  return { ...env, ...vars };
}

/** SIGTERM, then SIGKILL after the grace period; resolves once the child has exited. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `node --import tsx <entry>` from the repo root and waits for the line matching `listening` (its first
 * group is the base address). Fails with the child's output if it exits first or takes too long.
 */
async function startServer(
  name: string,
  entry: string,
  env: Record<string, string>,
  listening: RegExp,
  gcOnSignal = false,
): Promise<Server> {
  installExitHook();
  const nodeArgs = gcOnSignal ? ['--expose-gc', '--import', GC_ON_SIGNAL] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs(entry)], {
    cwd: repoRoot,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  let onOutput = () => {};
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT_CHARS);
    onOutput();
  };
  let gcRequests = 0;
  /** The heap figures of collection number `n`, once its marker has been printed. */
  const gcResult = (n: number): HeapAfterGc | null => {
    for (const m of output.matchAll(GC_DONE)) {
      if (Number(m[1]) !== n) continue;
      const heap = JSON.parse(m[2]!) as { heapUsed: number; heapTotal: number; external: number };
      const kib = (bytes: number) => Math.round(bytes / 1024);
      return {
        heapUsedKiB: kib(heap.heapUsed),
        heapTotalKiB: kib(heap.heapTotal),
        externalKiB: kib(heap.external),
      };
    }
    return null;
  };
  const collectGarbage = () =>
    new Promise<HeapAfterGc>((resolve, reject) => {
      // Without the preload, SIGUSR2 would simply terminate the server.
      if (!gcOnSignal) return reject(new Error(`${name} was not started to collect garbage on request`));
      const n = ++gcRequests;
      const timer = setTimeout(() => {
        onOutput = () => {};
        reject(new Error(`${name} did not collect garbage within ${GC_TIMEOUT_MS / 1000} s`));
      }, GC_TIMEOUT_MS);
      onOutput = () => {
        const heap = gcResult(n);
        if (!heap) return;
        clearTimeout(timer);
        onOutput = () => {};
        resolve(heap);
      };
      child.kill('SIGUSR2');
    });
  // Both pipes are read to the end: a full pipe would block the child.
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const server = (url: string): Server => ({
    name,
    pid: child.pid!,
    url,
    output: () => output,
    collectGarbage,
    stop: () => stopChild(child),
  });

  return new Promise<Server>((resolve, reject) => {
    const fail = (why: string) => {
      cleanup();
      void stopChild(child);
      reject(new Error(`${name} ${why}. Its output:\n${output.trim() || '(none)'}`));
    };
    const onData = () => {
      const m = listening.exec(output);
      if (!m?.[1]) return;
      cleanup();
      resolve(server(m[1]));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited before listening (code ${code}, signal ${signal})`);
    const onError = (err: Error) => fail(`could not be started (${err.message})`);
    const timer = setTimeout(
      () => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    );
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
    };
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  dataDirs.delete(dir);
}

/** The sandbox on an ephemeral port with a fresh data folder (removed when it stops) and its control routes on. */
export async function startSandbox(): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sandbox-'));
  dataDirs.add(dataDir);
  try {
    const sandbox = await startServer(
      'sandbox',
      'sandbox/src/main.ts',
      {
        SANDBOX_PORT: '0',
        SANDBOX_HOST: '127.0.0.1',
        SANDBOX_DATA_DIR: dataDir,
        SANDBOX_CONTROL: '1',
        LOG_LEVEL: 'warn',
      },
      /Sandbox casino backend on (http:\/\/127\.0\.0\.1:\d+)/,
    );
    return {
      ...sandbox,
      async stop() {
        await sandbox.stop();
        removeDir(dataDir);
      },
    };
  } catch (err) {
    removeDir(dataDir);
    throw err;
  }
}

/** How a server the bench judges is run. */
export interface ServerMode {
  /**
   * NODE_ENV=production, as the gateway is deployed (gateway/Dockerfile, docker-compose.yml): graphql-js then skips
   * its development-only checks, and the gateway runs its production plugins (no suggestions, no error details, no
   * introspection). Given to every server of one comparison alike, so each side runs as it would be deployed.
   */
  production?: boolean;
  /** More settings, over the bench's own (the scaling bench's REDIS_URL, TRUST_PROXY, rate limits on). */
  env?: Record<string, string>;
}

const modeEnv = (options: ServerMode): Record<string, string> => ({
  ...(options.production ? { NODE_ENV: 'production' } : {}),
  ...options.env,
});

/**
 * The gateway on an ephemeral port over the sandbox (its live channels default to the same address), with
 * `persistedOperationsFile` as PERSISTED_OPERATIONS_FILE when given (else the site build's, when there is one).
 */
export function startGateway(
  casinoApiUrl: string,
  persistedOperationsFile?: string,
  options: ServerMode = {},
): Promise<Server> {
  return startServer(
    'gateway',
    'gateway/src/main.ts',
    // RATE_LIMITS=0: the bench's thousands of requests a second all come from 127.0.0.1. LOG_LEVEL=warn: a log line
    // per request, written to a pipe the bench reads, would be measured as the gateway's cost.
    {
      GATEWAY_PORT: '0',
      GATEWAY_HOST: '127.0.0.1',
      CASINO_API_URL: casinoApiUrl,
      RATE_LIMITS: '0',
      LOG_LEVEL: 'warn',
      ...(persistedOperationsFile ? { PERSISTED_OPERATIONS_FILE: persistedOperationsFile } : {}),
      ...modeEnv(options),
    },
    /GraphQL gateway on (http:\/\/127\.0\.0\.1:\d+)\/graphql/,
    true,
  );
}

/**
 * The site server (the production build in web/dist, or WEB_DIST_DIR's) on an ephemeral port, passing /graphql to
 * the gateway, its pages preconnecting to the images' origin and allowed the third-party services' fakes on the
 * sandbox: the site as `npm start` runs it (scripts/stack.ts siteChild) and players load it. Without
 * SITE_OUTSIDE_ORIGINS the site's own policy refuses the tag manager's script and Chromium logs it as an error.
 */
export function startSite(gatewayUrl: string, assetsUrl: string): Promise<Server> {
  const distDir = process.env.WEB_DIST_DIR;
  return startServer(
    'site',
    'web/server/main.ts',
    {
      WEB_PORT: '0',
      WEB_HOST: '127.0.0.1',
      GATEWAY_URL: gatewayUrl,
      CASINO_ASSETS_URL: assetsUrl,
      SITE_OUTSIDE_ORIGINS: new URL(assetsUrl).origin,
      ...(distDir ? { WEB_DIST_DIR: distDir } : {}),
    },
    /Site on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}

/**
 * A bare Yoga server (hello-server.ts) on an ephemeral port: `hello`, the throughput reference, and with an upstream
 * `wallet`, the latency floor of any Yoga server making the gateway's one REST call.
 */
export function startHelloYoga(upstreamUrl?: string, options: ServerMode = {}): Promise<Server> {
  return startServer(
    'hello-yoga',
    'tests/bench/hello-server.ts',
    { ...(upstreamUrl ? { UPSTREAM_URL: upstreamUrl } : {}), ...modeEnv(options) },
    /Hello Yoga on (http:\/\/127\.0\.0\.1:\d+)\/graphql/,
  );
}

/**
 * A plain node:http proxy (raw-proxy.ts) on an ephemeral port that serves any request with the wallet's one REST call
 * to `upstreamUrl`: the least any extra hop adds to that call, under the bare Yoga server's floor.
 */
export function startRawProxy(upstreamUrl: string, options: ServerMode = {}): Promise<Server> {
  return startServer(
    'raw-proxy',
    'tests/bench/raw-proxy.ts',
    { UPSTREAM_URL: upstreamUrl, ...modeEnv(options) },
    /Raw proxy on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}

/** Stops every child still running (SIGTERM, then SIGKILL after 3 s), for a bench interrupted by a signal. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

/** Whether this system has Linux's /proc (where resident set sizes are read); elsewhere memory is not measured. */
export const canReadRss = fs.existsSync('/proc/self/status');

/** A process's resident set size in KiB (VmRSS in /proc/<pid>/status); null where /proc is not available. */
export function readRssKiB(pid: number): number | null {
  if (!canReadRss) return null;
  // A missing file here means the server died: an error, not "n/a".
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!m) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(m[1]);
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times: USER_HZ, 100 on every Linux since 2.6. */
const USER_HZ = 100;

/**
 * The CPU time a process has used so far, user and system, all its threads (utime + stime in /proc/<pid>/stat), in
 * ms to the clock tick (10 ms); null where /proc is not available.
 */
export function readCpuMs(pid: number): number | null {
  if (!canReadRss) return null;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime))
    throw new Error(`no CPU times in /proc/${pid}/stat`);
  return ((utime + stime) * 1000) / USER_HZ;
}
