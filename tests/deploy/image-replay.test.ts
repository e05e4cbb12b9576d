/**
 * The images as Docker would build and run them, without Docker (not on these machines): each Dockerfile replayed
 * by replay-image.ts (its COPY steps copy only what they name, its RUN steps run the real `npm ci` with the workspace
 * filter and the real builds, cached as Docker caches layers), then the final stage started with the image's CMD,
 * ENV and user: the gateway image over the sandbox, and the web image's site server in front of it. A file the build
 * needs that the Dockerfile does not copy fails the replay; a package the server imports that the final stage does
 * not install fails the start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, type Server } from '../bench/processes.js';
import { envInImage, replayImage, type ReplayedImage } from './replay-image.js';

/** The node images' `node` user (what USER node runs as); no such user on this machine, so by number. */
const IMAGE_USERS: Record<string, number> = { root: 0, node: 1000 };
/** A cold replay installs and builds both images (about 2 minutes here); a warm one takes seconds. */
const REPLAY_TIMEOUT_MS = 600_000;

interface Running {
  url: string;
  process: ChildProcess;
  output(): string;
  stderr(): string;
}

let gatewayImage: ReplayedImage;
let webImage: ReplayedImage;
let sandbox: Server;
let gateway: Running;
let site: Running;
/** Where the gateway image keeps its partners here (in production: Redis); the image's user must write it. */
const partners = fs.mkdtempSync(path.join(os.tmpdir(), 'image-partners-'));
fs.chmodSync(partners, 0o777);
const PARTNER_STORE = path.join(partners, 'partners.json');

beforeAll(async () => {
  // Side by side, as `docker compose build` builds them: one installs while the other builds.
  const replay = async (file: string, name: string) => {
    const started = Date.now();
    const image = await replayImage(file);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `The ${name} image replayed in ${seconds} s:\n${image.steps.map((s) => `  ${s}`).join('\n')}`,
    );
    return image;
  };
  // The sandbox starts meanwhile (it runs from source, as in `npm start`: its image is not replayed).
  const sandboxStarting = startSandbox();
  try {
    [gatewayImage, webImage] = await Promise.all([
      replay('gateway/Dockerfile', 'gateway'),
      replay('web/Dockerfile', 'web'),
    ]);
  } finally {
    sandbox = await sandboxStarting;
  }
  gateway = await startImage(
    gatewayImage,
    // What docker-compose.yml sets (persisted operations only), the addresses here, no rate limits for a test's burst.
    {
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: '0',
      CASINO_API_URL: sandbox.url,
      PERSISTED_OPERATIONS_ONLY: '1',
      RATE_LIMITS: '0',
      PARTNER_STORE,
    },
    /GraphQL gateway on (http:\/\/127\.0\.0\.1:\d+)\/graphql/,
  );
  site = await startImage(
    webImage,
    { WEB_HOST: '127.0.0.1', WEB_PORT: '0', GATEWAY_URL: gateway.url, CASINO_ASSETS_URL: sandbox.url },
    /Site on (http:\/\/127\.0\.0\.1:\d+)/,
  );
}, REPLAY_TIMEOUT_MS);

afterAll(async () => {
  for (const running of [site, gateway]) {
    if (running && running.process.exitCode === null) {
      const exited = new Promise((resolve) => running.process.once('exit', resolve));
      running.process.kill('SIGTERM');
      await exited;
    }
  }
  await sandbox?.stop();
  fs.rmSync(partners, { recursive: true, force: true });
  gatewayImage?.remove();
  webImage?.remove();
});

/**
 * Only root may start a process as another user: elsewhere (a CI runner's own user) it runs as that user, who does
 * not own the replayed files either.
 */
const asUser = (uid: number) => (process.getuid?.() === 0 ? { uid, gid: uid } : {});

/** The final stage's CMD in its WORKDIR, with its ENV (and `docker run -e`'s `settings`), as its USER. */
async function startImage(
  image: ReplayedImage,
  settings: Record<string, string>,
  listening: RegExp,
): Promise<Running> {
  const uid = IMAGE_USERS[image.user];
  if (uid === undefined) throw new Error(`the image runs as ${image.user}, which this test does not know`);
  const [command, ...args] = image.cmd;
  const child = spawn(command!, args, {
    cwd: path.join(image.root, image.workdir),
    env: { PATH: process.env.PATH, HOME: '/home/node', ...envInImage(image), ...settings },
    ...asUser(uid),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = listening.exec(output)?.[1];
    if (url) return { url, process: child, output: () => output, stderr: () => stderr };
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`${image.cmd.join(' ')} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The port and path the image's HEALTHCHECK asks (`fetch('http://127.0.0.1:8080/healthz')`). */
function healthcheckTarget(image: ReplayedImage): { port: string; path: string } {
  const [, port, pathname] = /http:\/\/127\.0\.0\.1:(\d+)(\/\w+)/.exec(image.healthcheck!.join(' '))!;
  return { port: port!, path: pathname! };
}

/** The site's persisted operations, as both images carry them (relay-compiler's output). */
function persistedOperations(): Record<string, string> {
  const file = path.join(gatewayImage.root, gatewayImage.env.PERSISTED_OPERATIONS_FILE!);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Packages installed in the final stage (node_modules, scoped ones as @scope/name). */
function installed(image: ReplayedImage): string[] {
  const modules = path.join(image.root, image.workdir, 'node_modules');
  return fs
    .readdirSync(modules)
    .flatMap((name) =>
      name.startsWith('@') ? fs.readdirSync(path.join(modules, name)).map((n) => `${name}/${n}`) : [name],
    );
}

const post = (url: string, body: unknown) =>
  fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (res) => ({ status: res.status, ...((await res.json()) as any) }));

describe('the gateway image', () => {
  it('runs as its unprivileged user and answers its health check where the image asks', async () => {
    expect(fs.readFileSync(`/proc/${gateway.process.pid}/status`, 'utf8')).toMatch(/^Uid:\s+1000\s/m);
    const check = healthcheckTarget(gatewayImage);
    expect(check.port).toBe(gatewayImage.env.GATEWAY_PORT);
    expect((await fetch(`${gateway.url}${check.path}`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
  });

  it("runs the site's persisted operations by id, and only those", async () => {
    // A guest's query without variables.
    const [id] = Object.entries(persistedOperations()).find(
      ([, text]) => /^query \w+ \{/.test(text) && !text.includes('viewer'),
    )!;
    const result = await post(gateway.url, { doc_id: id, variables: {} });
    expect(result.errors).toBeUndefined();
    expect(result.data).toBeTruthy();
    const refused = await post(gateway.url, { query: '{ __typename }' });
    expect(refused.errors?.[0]?.extensions?.code).toBeDefined();
    expect(refused.data).toBeUndefined();
  });

  it("makes a partner with the image's own command (docker compose exec), whose published operations it runs", async () => {
    // `docker compose exec -T gateway node gateway/dist/partners/partner-cli.js ...`, as docs/operations.md says.
    const partner = (args: string[], input?: string) =>
      spawnSync('node', ['gateway/dist/partners/partner-cli.js', ...args], {
        cwd: path.join(gatewayImage.root, gatewayImage.workdir),
        env: { PATH: process.env.PATH, HOME: '/home/node', ...envInImage(gatewayImage), PARTNER_STORE },
        ...asUser(IMAGE_USERS[gatewayImage.user]!),
        encoding: 'utf8',
        ...(input === undefined ? {} : { input }),
      });
    const made = partner(['create', 'image-partner']);
    expect(made.status, made.stderr).toBe(0);
    const key = made.stdout.trim().split('\n').at(-1)!;
    const operations = fs.readFileSync(
      path.join(repoRoot, 'docs/partner-operations/quick-start.graphql'),
      'utf8',
    );
    const published = partner(['publish', 'image-partner', '-'], operations);
    expect(published.status, published.stderr).toBe(0);
    const hash = /^\s+NewestGames\s+([0-9a-f]{64})$/m.exec(published.stdout)![1];
    const byHash = () =>
      fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
      }).then((res) => res.json() as Promise<any>);
    // The running gateway reads the store again within a second.
    const deadline = Date.now() + 3000;
    let result = await byHash();
    while (!result.data && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      result = await byHash();
    }
    expect(result.errors).toBeUndefined();
    expect(result.data.games.edges.length).toBeGreaterThan(0);
  });

  it('carries no dev dependency: no TypeScript, no code generator, no test tools', () => {
    const packages = installed(gatewayImage);
    expect(packages).toContain('graphql-yoga');
    for (const dev of ['typescript', 'tsx', 'vitest', '@graphql-codegen/cli', 'relay-compiler', 'vite']) {
      expect(packages).not.toContain(dev);
    }
  });
  it('needs no package at run time but its declared dependencies (a transitive one may go in any update)', () => {
    const app = path.join(gatewayImage.root, gatewayImage.workdir);
    const declared = Object.keys(
      JSON.parse(fs.readFileSync(path.join(app, 'gateway/package.json'), 'utf8')).dependencies,
    );
    expect(
      importedPackages(path.join(app, 'gateway/dist')).filter((name) => !declared.includes(name)),
    ).toEqual([]);
  });
});

describe('the web image', () => {
  it('runs the site server as its unprivileged user, printing no error, alive where the health check asks', async () => {
    expect(fs.readFileSync(`/proc/${site.process.pid}/status`, 'utf8')).toMatch(/^Uid:\s+1000\s/m);
    const check = healthcheckTarget(webImage);
    expect(check.port).toBe(webImage.env.WEB_PORT);
    expect((await fetch(`${site.url}${check.path}`)).status).toBe(200);
    expect(site.stderr()).toBe('');
  });

  it('serves pages rendered on the server, with the preconnect hint for the images', async () => {
    const res = await fetch(`${site.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('link')).toBe(`<${new URL(sandbox.url).origin}>; rel=preconnect`);
    const html = await res.text();
    // The page's own title and Open Graph tags and the list of its code: not the client shell.
    expect(html).not.toContain('<title data-shell>');
    expect(html).toMatch(/<meta property="og:title"/);
    expect(html).toContain('id="page-code"');
    expect(site.stderr()).toBe('');
  });

  it('serves robots.txt, the sitemap read from the gateway, and the service worker', async () => {
    const robots = await fetch(`${site.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Sitemap: ');
    const sitemap = await fetch(`${site.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
    expect(await sitemap.text()).toMatch(/<urlset[\s\S]*<loc>[^<]+\/game\//);
    const worker = await fetch(`${site.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
  });

  it('sends the precompressed copy of a script to a browser that accepts it', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /"(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const res = await fetch(`${site.url}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it("passes the site's GraphQL to the gateway image", async () => {
    const [id] = Object.entries(persistedOperations()).find(
      ([, text]) => /^query \w+ \{/.test(text) && !text.includes('viewer'),
    )!;
    const result = await post(site.url, { doc_id: id, variables: {} });
    expect(result.status).toBe(200);
    expect(result.errors).toBeUndefined();
    expect(result.data).toBeTruthy();
  });

  it('carries no dev dependency: no Vite, no TypeScript runner, no compiler', () => {
    const packages = installed(webImage);
    expect(packages).toEqual(expect.arrayContaining(['react', 'sirv', 'zod']));
    for (const dev of ['vite', 'tsx', 'typescript', 'esbuild', 'vitest', 'relay-compiler', 'jsdom']) {
      expect(packages).not.toContain(dev);
    }
  });

  it("needs no package at run time but the web workspace's declared dependencies", () => {
    const app = path.join(webImage.root, webImage.workdir);
    const declared = Object.keys(
      JSON.parse(fs.readFileSync(path.join(app, 'web/package.json'), 'utf8')).dependencies,
    );
    const imported = importedPackages(path.join(app, 'web/server-dist'));
    expect(imported).toContain('sirv');
    expect(imported.filter((name) => !declared.includes(name))).toEqual([]);
  });
});

/** The packages the JavaScript files under `dir` import (node: built-ins aside), by package name. */
function importedPackages(dir: string): string[] {
  const imported = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    // Import and export statements (`import x from 'p'`, `import 'p'`, `export * from 'p'`) and import('p').
    const statements =
      /(?:^|\n)\s*(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
    for (const match of text.matchAll(statements)) {
      const spec = match[1] ?? match[2] ?? match[3]!;
      if (spec.startsWith('node:') || spec.startsWith('.')) continue;
      const parts = spec.split('/');
      imported.add(spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
    }
  }
  return [...imported];
}
