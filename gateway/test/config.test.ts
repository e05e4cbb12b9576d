/** The gateway as an operator starts it: `npx tsx src/main.ts` in gateway/, configured by the environment. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { serverArgs } from '../../scripts/prebuilt-servers.js';

const gatewayDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The inherited environment without any gateway settings, plus the ones a test gives. */
function envWith(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(GATEWAY_|SANDBOX_|CASINO_API_URL|UPSTREAM_|PUBLIC_CACHE_|CIRCUIT_|GUEST_HIDDEN|GRAPHIQL|EXPOSE_UPSTREAM|PUSHER_|ALLOWED_ORIGINS|SESSION_CHECK)/.test(
        key,
      )
    ) {
      delete env[key];
    }
  }
  return { ...env, ...vars };
}

const started: ChildProcess[] = [];

/** Starts the gateway as `npm run gateway` does (node with tsx), in its own process group, so a stop ends it all. */
function startGateway(vars: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs('gateway/src/main.ts', 'src/main.ts'), {
    cwd: gatewayDir,
    env: envWith(vars),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

function stop(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null && child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

afterEach(() => {
  for (const child of started.splice(0)) stop(child);
});

async function waitFor(check: () => RegExpMatchArray | null, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const m = check();
    if (m) return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  return null;
}

describe('gateway start-up configuration', () => {
  const REFUSED = [
    ['GATEWAY_PORT', 'abc'],
    ['CASINO_API_URL', 'notaurl'],
    ['UPSTREAM_TIMEOUT_MS', '-5'],
    ['PUSHER_URL', 'ftp://example.test'],
    ['PUSHER_APP_KEY', 'key with spaces'],
    ['ALLOWED_ORIGINS', 'http://localhost:5173/app'],
    ['SESSION_CHECK_MS', '0'],
    ['SANDBOX_PORT', 'eighty'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_TOKEN', 'short'],
    ['GATEWAY_SHUTDOWN_GRACE_MS', 'ten seconds'],
    ['GATEWAY_OPEN_FILES_RESERVE', '-1'],
    ['GATEWAY_OPEN_FILES_WARN_PERCENT', '150'],
  ];

  // The rule lives in configFromEnv, which main.ts calls first: every setting is checked there, in this process.
  it.each(REFUSED)('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => configFromEnv(envWith({ [name]: value }))).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(new RegExp(`Invalid gateway environment[\\s\\S]*${name}`)),
      }),
    );
  });

  // And a refused setting stops the real process with exit code 2 and that message (two, as the path is the same).
  it.each(REFUSED.filter(([name]) => name === 'GATEWAY_PORT' || name === 'METRICS_TOKEN'))(
    'exits with code 2 on %s=%s, naming it',
    async (name, value) => {
      const run = startGateway({ [name]: value });
      expect(await run.exited).toBe(2);
      expect(run.output()).toContain('Invalid gateway environment');
      expect(run.output()).toContain(name);
    },
  );

  it('starts with good settings on port 0, prints its address, and responds there', async () => {
    const run = startGateway({
      GATEWAY_PORT: '0',
      GATEWAY_HOST: '127.0.0.1',
      CASINO_API_URL: 'http://127.0.0.1:9',
    });
    const m = await waitFor(
      () => /GraphQL gateway on (http:\/\/127\.0\.0\.1:(\d+))\/graphql/.exec(run.output()),
      15_000,
    );
    expect(m, run.output()).not.toBeNull();
    expect(Number(m![2])).toBeGreaterThan(0);
    expect((await fetch(`${m![1]}/healthz`)).status).toBe(200);
    stop(run.child);
    expect(await run.exited).not.toBe(2);
  });
});

describe('a port already in use', () => {
  it('is one line naming GATEWAY_PORT, exit code 2, no stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const run = startGateway({ GATEWAY_PORT: String(port), GATEWAY_HOST: '127.0.0.1' });
      expect(await run.exited).toBe(2);
      expect(run.output()).toContain(
        `GATEWAY_PORT ${port} is already in use: stop what is listening there or set GATEWAY_PORT to a free port.\n`,
      );
      expect(run.output()).not.toMatch(/^\s+at /m);
    } finally {
      taken.close();
    }
  });
});

describe('the upstream address', () => {
  it('follows SANDBOX_PORT when CASINO_API_URL is not set, live channels included', () => {
    const config = configFromEnv({ SANDBOX_PORT: '4951', GATEWAY_PORT: '4950' });
    expect(config.casinoApiUrl).toBe('http://127.0.0.1:4951');
    expect(config.pusherUrl).toBe('http://127.0.0.1:4951');
  });

  it('is CASINO_API_URL when set, whatever SANDBOX_PORT says', () => {
    const config = configFromEnv({ SANDBOX_PORT: '4951', CASINO_API_URL: 'https://api.casino.example' });
    expect(config.casinoApiUrl).toBe('https://api.casino.example');
    expect(config.pusherUrl).toBe('https://api.casino.example');
    // SANDBOX_PORT is not read then, so not refused either.
    expect(configFromEnv({ SANDBOX_PORT: '0', CASINO_API_URL: 'http://casino:1' }).casinoApiUrl).toBe(
      'http://casino:1',
    );
  });

  it('is the sandbox’s default address without either', () => {
    expect(configFromEnv({}).casinoApiUrl).toBe('http://localhost:4010');
  });

  it.each(['0', 'eighty', '70000'])('refuses SANDBOX_PORT=%s as an address, naming it', (value) => {
    expect(() => configFromEnv({ SANDBOX_PORT: value })).toThrow(
      /Invalid gateway environment:\n\s+SANDBOX_PORT: must be a port number from 1 to 65535 \(or set CASINO_API_URL\)/,
    );
  });
});

describe('live channel settings', () => {
  it('default to the upstream’s own address and the sandbox key, so one variable points at a sandbox', () => {
    const config = configFromEnv({ CASINO_API_URL: 'http://casino.internal:8080/' });
    expect(config.pusherUrl).toBe('http://casino.internal:8080');
    expect(config.pusherAppKey).toBe('sandbox-key');
    expect(config.allowedOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173']);
  });

  it('take an explicit address, key and origins', () => {
    const config = configFromEnv({
      PUSHER_URL: 'wss://ws.casino.example',
      PUSHER_APP_KEY: 'live_key-1',
      ALLOWED_ORIGINS: 'https://playlive.co.za, https://www.playlive.co.za/',
    });
    expect(config).toMatchObject({
      pusherUrl: 'wss://ws.casino.example',
      pusherAppKey: 'live_key-1',
      allowedOrigins: ['https://playlive.co.za', 'https://www.playlive.co.za'],
    });
  });
});

describe('upstream reliability settings', () => {
  it('default to 5 failures in a row, 10 s open, and 5 minutes of stale public reads', () => {
    expect(configFromEnv({})).toMatchObject({
      circuitFailureThreshold: 5,
      circuitResetMs: 10_000,
      publicCacheStaleMs: 300_000,
    });
    expect(
      configFromEnv({ CIRCUIT_FAILURE_THRESHOLD: '3', CIRCUIT_RESET_MS: '2500', PUBLIC_CACHE_STALE_MS: '0' }),
    ).toMatchObject({ circuitFailureThreshold: 3, circuitResetMs: 2500, publicCacheStaleMs: 0 });
  });

  it.each([
    ['CIRCUIT_FAILURE_THRESHOLD', '0', 'must be a whole number of failures in a row, from 1 to 1000'],
    ['CIRCUIT_FAILURE_THRESHOLD', 'many', 'must be a whole number of failures in a row, from 1 to 1000'],
    ['CIRCUIT_RESET_MS', '-5', 'must be at least 1'],
    ['PUBLIC_CACHE_STALE_MS', '1.5', 'must be a whole number of milliseconds'],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(`${name}: ${message}`);
  });
});
