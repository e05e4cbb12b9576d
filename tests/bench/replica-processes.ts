import { spawn, type ChildProcess } from 'node:child_process';
import { serverArgs } from '../../scripts/prebuilt-servers.js';
import { repoRoot } from './processes.js';
import { cleanEnv } from '../start/harness.js';

/** How long a server may take to print its listen line (tsx compiles it first when run by hand on a busy machine). */
const START_TIMEOUT_MS = 60_000;
/** Output kept per process for error messages. */
const MAX_OUTPUT_CHARS = 32 * 1024;

/** One server process as a deployment runs it: its entry under node, its settings from the environment. */
export interface ServerProcess {
  /** The base address it printed. */
  url: string;
  /** Its process id, for a signal of a test's own (SIGSTOP: a replica that stops responding). */
  pid: number;
  output(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  /** A rolling update's stop: SIGTERM, then the exit code once it has gone. */
  terminate(): Promise<number | null>;
  /** A lost machine: SIGKILL, nothing drains. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `entry` (its path from the repository's root) and waits for the line `listening` matches (group 1: URL). */
export function startServer(
  entry: string,
  env: Record<string, string>,
  listening: RegExp,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverArgs(entry), {
    cwd: repoRoot,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-MAX_OUTPUT_CHARS));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const server = (url: string): ServerProcess => ({
    url,
    pid: child.pid!,
    output: () => output,
    exited,
    terminate: () => (child.kill('SIGTERM'), exited),
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(`did not listen within ${START_TIMEOUT_MS / 1000} s`),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const url = listening.exec(output)?.[1];
      if (!url) return;
      done();
      resolve(server(url));
    };
    const fail = (why: string) => {
      done();
      child.kill('SIGKILL');
      reject(new Error(`${entry} ${why}. Its output:\n${output.trim() || '(none)'}`));
    };
    const onExit = (code: number | null) => fail(`exited (code ${code}) before listening`);
    const done = () => {
      clearTimeout(timer);
      child.stdout!.off('data', check);
      child.off('exit', onExit);
    };
    child.stdout!.on('data', check);
    child.once('exit', onExit);
  });
}

/**
 * A gateway replica on a fixed port, as a re-created pod comes back behind the same address, sharing Redis with the
 * others. RATE_LIMITS=0: every player of the test comes from 127.0.0.1. LOG_LEVEL=warn: a log line per request
 * written to a pipe would be measured as the gateway's cost.
 */
export function startGatewayReplica(
  port: number,
  casinoApiUrl: string,
  redisUrl: string,
): Promise<ServerProcess> {
  return startServer(
    'gateway/src/main.ts',
    {
      GATEWAY_PORT: String(port),
      GATEWAY_HOST: '127.0.0.1',
      CASINO_API_URL: casinoApiUrl,
      REDIS_URL: redisUrl,
      RATE_LIMITS: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    /GraphQL gateway on (http:\/\/127\.0\.0\.1:\d+)\/graphql/,
  );
}

/** The site server in front of every gateway of `gatewayUrls` (GATEWAY_URL's list), over the built files in distDir. */
export function startSiteServer(gatewayUrls: string[], distDir: string): Promise<ServerProcess> {
  return startServer(
    'web/server/main.ts',
    {
      WEB_PORT: '0',
      WEB_HOST: '127.0.0.1',
      GATEWAY_URL: gatewayUrls.join(','),
      WEB_DIST_DIR: distDir,
      NODE_ENV: 'production',
    },
    /Site on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}
