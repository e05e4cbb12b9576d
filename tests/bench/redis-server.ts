import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How long redis-server may take to create its socket. */
const START_TIMEOUT_MS = 10_000;

export interface RedisProcess {
  /** The Unix socket's path, as the gateway's REDIS_URL takes it (ioredis connects to a path). */
  url: string;
  pid: number;
  /** INFO's fields (commandstats, stats, memory), as name → value. */
  info(): Map<string, string>;
  stop(): Promise<void>;
}

/**
 * A real redis-server (Debian's package; `scripts/ensure-redis.sh` installs it) on a Unix socket in a fresh folder,
 * nothing written to disk, as gateway/test/redis-server.ts starts it for the replica tests. INFO is read with
 * redis-cli (the same package), so the bench needs no Redis client of its own.
 */
export async function startRedis(): Promise<RedisProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-redis-'));
  const socket = path.join(dir, 'redis.sock');
  const server = process.env.REDIS_SERVER_PATH ?? 'redis-server';
  const child: ChildProcess = spawn(
    server,
    ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const failedToSpawn = new Promise<Error>((resolve) => child.once('error', resolve));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!fs.existsSync(socket)) {
    const spawnError = await Promise.race([failedToSpawn, new Promise<null>((r) => setTimeout(r, 20, null))]);
    if (spawnError || child.exitCode !== null || Date.now() > deadline) {
      kill();
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(
        `redis-server did not start (${spawnError?.message ?? output.trim()}); ` +
          'install it with scripts/ensure-redis.sh or set REDIS_SERVER_PATH',
      );
    }
  }
  // redis-cli comes with redis-server: beside it when REDIS_SERVER_PATH names one, else on the PATH.
  const cli = server.includes('/') ? path.join(path.dirname(server), 'redis-cli') : 'redis-cli';
  return {
    url: socket,
    pid: child.pid!,
    info() {
      const text = execFileSync(cli, ['-s', socket, 'INFO', 'everything'], { encoding: 'utf8' });
      const fields = new Map<string, string>();
      for (const line of text.split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0 && !line.startsWith('#')) fields.set(line.slice(0, at), line.slice(at + 1));
      }
      return fields;
    },
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Calls per command (`cmdstat_get:calls=12,usec=…`) from INFO's commandstats. */
export function commandCalls(info: Map<string, string>): Map<string, number> {
  const calls = new Map<string, number>();
  for (const [key, value] of info) {
    if (!key.startsWith('cmdstat_')) continue;
    const m = /calls=(\d+)/.exec(value);
    if (m) calls.set(key.slice('cmdstat_'.length), Number(m[1]));
  }
  return calls;
}
