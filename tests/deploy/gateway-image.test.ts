/**
 * The gateway as its image runs it (gateway/Dockerfile): the sources compiled by the build stage's own command,
 * laid out as /app is (the schema at the root, the compiled gateway and the site's persisted operations under
 * gateway/), started with plain Node in production mode with persisted operations only. Docker does not run here;
 * this proves the build command, the paths and the settings the image bakes in.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot, startSandbox, type Server } from '../bench/processes.js';
import { dockerfile } from './read-deploy.js';

const image = dockerfile('gateway/Dockerfile');
const persistedFile = path.join(repoRoot, 'web/src/__generated__/persisted-operations.json');
let app: string;
let sandbox: Server;
let gateway: ChildProcess;
let gatewayUrl: string;
let output = '';

beforeAll(async () => {
  if (!fs.existsSync(persistedFile)) execFileSync('npm', ['run', 'relay', '-w', 'web'], { cwd: repoRoot });
  app = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-image-'));
  // The build stage's command, with the output where the image keeps it. Without its type check (--noCheck): with
  // isolatedModules the emitted files are the same, and npm test has checked the types already (tsconfig.node.json);
  // the build takes 7 s instead of 13 (20 s of CPU, in a suite that keeps both cores busy).
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/typescript/bin/tsc'),
      '-p',
      'gateway/tsconfig.build.json',
      '--noCheck',
      '--outDir',
      path.join(app, 'gateway/dist'),
    ],
    { cwd: repoRoot, stdio: 'pipe' },
  );
  fs.copyFileSync(path.join(repoRoot, 'schema.graphql'), path.join(app, 'schema.graphql'));
  fs.copyFileSync(path.join(repoRoot, 'gateway/package.json'), path.join(app, 'gateway/package.json'));
  const persistedInImage = image.env('PERSISTED_OPERATIONS_FILE')!.replace(/^\/app\//, '');
  fs.copyFileSync(persistedFile, path.join(app, persistedInImage));
  // The image installs the production dependencies here; the repository's serve the same purpose.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(app, 'node_modules'));

  sandbox = await startSandbox();
  const cmd = JSON.parse(/^CMD (\[.*\])$/.exec(image.finalStage.find((l) => l.startsWith('CMD '))!)![1]!);
  expect(cmd[0]).toBe('node');
  gateway = spawn(process.execPath, cmd.slice(1), {
    cwd: app,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: image.env('NODE_ENV'),
      PERSISTED_OPERATIONS_FILE: path.join(app, persistedInImage),
      PERSISTED_OPERATIONS_ONLY: '1',
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: '0',
      CASINO_API_URL: sandbox.url,
      RATE_LIMITS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  gateway.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  gateway.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const url = /GraphQL gateway on (http:\/\/127\.0\.0\.1:\d+)\/graphql/.exec(output)?.[1];
    if (url) {
      gatewayUrl = url;
      break;
    }
    if (gateway.exitCode !== null || Date.now() > deadline)
      throw new Error(`the gateway did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  if (gateway && gateway.exitCode === null) {
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    await exited;
  }
  await sandbox?.stop();
  if (app) fs.rmSync(app, { recursive: true, force: true });
});

it('starts from the compiled build and responds to its health checks', async () => {
  expect((await fetch(`${gatewayUrl}/healthz`)).status).toBe(200);
  expect((await fetch(`${gatewayUrl}/readyz`)).status).toBe(200);
});

it("runs the site's persisted operations by id, and only those", async () => {
  const operations = JSON.parse(fs.readFileSync(persistedFile, 'utf8')) as Record<string, string>;
  // A guest's query without variables.
  const [id] = Object.entries(operations).find(
    ([, text]) => /^query \w+ \{/.test(text) && !text.includes('viewer'),
  )!;
  const post = (body: unknown) =>
    fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => ({ status: res.status, ...((await res.json()) as any) }));
  const result = await post({ doc_id: id, variables: {} });
  expect(result.errors).toBeUndefined();
  expect(result.data).toBeTruthy();
  const refused = await post({ query: '{ __typename }' });
  expect(refused.errors?.[0]?.extensions?.code).toBeDefined();
  expect(refused.data).toBeUndefined();
});

it('needs no package at run time but its declared dependencies (the image installs only those)', () => {
  const declared = Object.keys(
    JSON.parse(fs.readFileSync(path.join(repoRoot, 'gateway/package.json'), 'utf8')).dependencies,
  );
  const imported = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) {
        for (const [, spec] of fs
          .readFileSync(file, 'utf8')
          .matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) {
          if (spec!.startsWith('node:')) continue;
          const parts = spec!.split('/');
          imported.add(spec!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
        }
      }
    }
  };
  walk(path.join(app, 'gateway/dist'));
  expect(imported.size).toBeGreaterThan(5);
  expect([...imported].filter((name) => !declared.includes(name))).toEqual([]);
});
