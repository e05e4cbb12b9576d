import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { api, uploadDocument } from './harness.js';
import { testIdentity } from './identities.js';
import { serverArgs } from '../../scripts/prebuilt-servers.js';

const sandboxDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const running: ChildProcessWithoutNullStreams[] = [];
afterEach(() => running.splice(0).forEach((p) => p.kill('SIGKILL')));

/** `npm run sandbox` as the README runs it (its source through tsx, or under `npm test` its bundle), on an ephemeral port. */
function startProcess(dataDir: string, args: string[] = [], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...serverArgs('sandbox/src/main.ts', 'src/main.ts'), ...args], {
    cwd: sandboxDir,
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_DATA_DIR: dataDir, ...env },
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${output}`)), 20_000);
    child.stdout.on('data', () => {
      const m = /Sandbox casino backend on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then((code) => reject(new Error(`sandbox exited ${code}:\n${output}`)));
  });
  ready.catch(() => undefined); // awaited only by tests that expect a start
  return { child, ready, exited, output: () => output };
}

async function stop(proc: ReturnType<typeof startProcess>) {
  proc.child.kill('SIGTERM');
  return proc.exited;
}

describe('the sandbox process', () => {
  it('keeps players and money across a restart, logs no secrets, and --reset starts afresh', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-proc-'));
    const first = startProcess(dataDir);
    const url = await first.ready;
    const email = 'durable@example.test';
    const password = 'durable-pass-1';
    const identity = testIdentity();
    const reg = await api(url, 'POST', '/api/register', {
      body: {
        name: 'Durable',
        email,
        password,
        date_of_birth: identity.dateOfBirth,
        id_number: identity.idNumber,
      },
    });
    const token = reg.body.token as string;
    await api(url, 'POST', '/sandbox/credit', { token, body: { amount: '123.45' } });
    await api(url, 'GET', '/api/account', { token });
    await api(url, 'POST', '/api/identity/check', { body: { id_number: identity.idNumber } });
    // A document's upload address carries its token in the path: the log names the route, never the token.
    const upload = await uploadDocument(url, token, 'identity');
    expect(upload.status).toBe(201);
    const uploadToken = new URL(upload.started.upload_url).pathname.split('/').pop()!;
    expect(await stop(first)).toBe(0);
    expect(first.output()).not.toContain(token);
    expect(first.output()).not.toContain(password);
    // Personal information (docs/rules.md#know-your-player): no identity number, no upload token.
    expect(first.output()).not.toContain(identity.idNumber);
    expect(first.output()).not.toContain(uploadToken);
    expect(first.output()).toContain('/api/account');
    expect(first.output()).toContain('"url":"/uploads/verification/:token"');

    const second = startProcess(dataDir);
    const url2 = await second.ready;
    const wallet = await api(url2, 'POST', '/api/wallet', { token });
    expect(wallet.status).toBe(200);
    expect(wallet.body.wallets[0].balance).toBe('123.45');
    const login = await api(url2, 'POST', '/api/login', { body: { email, password } });
    expect(login.status).toBe(200);
    expect(await stop(second)).toBe(0);

    const third = startProcess(dataDir, ['--reset']);
    const url3 = await third.ready;
    expect((await api(url3, 'POST', '/api/login', { body: { email, password } })).status).toBe(422);
    expect((await api(url3, 'GET', '/api/allgames')).body.length).toBeGreaterThanOrEqual(350);
    await stop(third);
  }, 60_000);

  it('refuses a bad environment with a clear message', async () => {
    const bad = startProcess(os.tmpdir(), [], { SANDBOX_PORT: 'eighty' });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/Invalid sandbox environment:\n\s+SANDBOX_PORT: /);
    const unknown = startProcess(os.tmpdir(), ['--wipe']);
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain('Unknown option --wipe');
  });

  it('reports a port already in use as one line naming SANDBOX_PORT, exit code 2, no stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-busy-'));
    try {
      const busy = startProcess(dataDir, [], { SANDBOX_PORT: String(port), SANDBOX_HOST: '127.0.0.1' });
      expect(await busy.exited).toBe(2);
      expect(busy.output()).toContain(
        `SANDBOX_PORT ${port} is already in use: stop what is listening there or set SANDBOX_PORT to a free port.\n`,
      );
      expect(busy.output()).not.toMatch(/^\s+at /m);
    } finally {
      taken.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
