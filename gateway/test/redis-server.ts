import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RedisServer {
  /** The server's Unix socket path, as REDIS_URL takes it (ioredis connects to a path). */
  url: string;
  stop(): Promise<void>;
}

/**
 * A real redis-server (Debian's package; `scripts/ensure-redis.sh` installs it when missing) on a Unix socket in a
 * fresh folder: no TCP port to race for, nothing written to disk, stopped by the test (and with the test process).
 */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redis-test-'));
  const socket = path.join(dir, 'redis.sock');
  const child: ChildProcess = spawn(
    process.env.REDIS_SERVER_PATH ?? 'redis-server',
    ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(socket)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  return {
    url: socket,
    async stop() {
      process.off('exit', stopOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
