import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { repoRoot } from '../bench/processes.js';

/** Distinct ports free right now: each is listened on at once (so no two are the same), then let go. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((s) => (s.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  }
}

/** Whether this process could listen on the port now (nothing of a stopped run still holds it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Holds a port as another program would, until released. */
export async function occupy(port: number): Promise<() => Promise<void>> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise((resolve) => server.close(() => resolve()));
}

/**
 * A fake built site: index.html, one hashed asset, the service worker and the web manifest, as
 * `npm run build -w web` lays them out.
 */
export function stubSite(): { dir: string; asset: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>PlayLive stub</title></head><body><div id="root"></div></body></html>\n',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-Bx3f9a1C.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"PlayLive stub"}\n');
  return {
    dir,
    asset: '/assets/index-Bx3f9a1C.js',
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The inherited environment without any of the parts' settings, plus the ones a test gives. */
export function cleanEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(SANDBOX_|GATEWAY_|WEB_|CASINO_API_URL|CASINO_ASSETS_URL|UPSTREAM_|PUBLIC_CACHE_|CIRCUIT_|GUEST_HIDDEN|GRAPHIQL|EXPOSE_UPSTREAM|PUSHER_|ALLOWED_ORIGINS|SESSION_CHECK|LOG_LEVEL|npm_)/.test(
        key,
      )
    ) {
      delete env[key];
    }
  }
  return { ...env, ...vars };
}

export interface Run {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in the output; fails if the process exits first or after `ms`. */
  waitFor(pattern: RegExp, ms: number): Promise<RegExpMatchArray>;
}

const running = new Set<ChildProcess>();

/**
 * `node --import tsx <entry>` from the repository root, as `npm start` runs scripts/start.ts, in its own process
 * group so a test can signal it as a terminal would and kill whatever is left at the end.
 */
export function runEntry(entry: string, args: string[], env: NodeJS.ProcessEnv, cwd = repoRoot): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const waitFor = (pattern: RegExp, ms: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(output);
        if (!m) return;
        done();
        resolve(m);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${ms} ms. Output:\n${output}`));
      }, ms);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then((code) => {
        if (!listeners.has(check)) return;
        done();
        reject(new Error(`exited (${code}) before ${pattern}. Output:\n${output}`));
      });
      check();
    });
  return { child, output: () => output, exited, waitFor };
}

/**
 * Stops what a test left running: SIGTERM first, so an orchestrator stops the parts it started in their own process
 * groups (which a SIGKILL to it would leave behind), then SIGKILL after a grace period.
 */
export async function stopLeftovers(graceMs = 10_000): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          const signal = (sig: NodeJS.Signals) => {
            try {
              process.kill(-child.pid!, sig);
            } catch {
              // Already gone.
            }
          };
          const timer = setTimeout(() => signal('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          signal('SIGTERM');
        }),
    ),
  );
  running.clear();
}

/**
 * The status of a WebSocket upgrade at `path` with `protocol` (and the page's `origin`, when given): the HTTP status
 * it was refused with, or 101 when it was accepted.
 */
export function upgradeStatus(url: string, path: string, protocol: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`, protocol, origin ? { origin } : {});
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', reject);
  });
}
