import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { until } from './harness.js';
import { serverArgs } from '../../scripts/prebuilt-servers.js';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));

/** One gateway process, as a deployment runs it (`src/main.ts`, settings from the environment), and what it logs. */
export interface Replica {
  url: string;
  log(): string;
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/**
 * Starts a gateway process on an ephemeral loopback port with `env` on top of this process's environment; `launcher`
 * runs node through another command first (`['prlimit', '--nofile=256:256', '--']`), which execs it.
 */
export async function startReplica(env: Record<string, string>, launcher: string[] = []): Promise<Replica> {
  const node = [process.execPath, ...serverArgs('gateway/src/main.ts', 'src/main.ts')];
  const [command, ...args] = [...launcher, ...node];
  const child: ChildProcess = spawn(command!, args, {
    cwd: gatewayDir,
    env: { ...process.env, GATEWAY_PORT: '0', GATEWAY_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopOnExit = () => child.kill('SIGKILL');
  process.once('exit', stopOnExit);
  let url: string | undefined;
  await until(
    () => {
      if (child.exitCode !== null) throw new Error(`the gateway exited:\n${output}`);
      url = /GraphQL gateway on (http:\/\/127\.0\.0\.1:\d+)\/graphql/.exec(output)?.[1];
      return url !== undefined;
    },
    'the gateway to listen',
    // tsx compiles the gateway at start: on a loaded machine (several suites starting processes) that takes a while.
    45_000,
  );
  return {
    url: url!,
    log: () => output,
    signal: (name) => child.kill(name),
    async stop() {
      process.off('exit', stopOnExit);
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
