/**
 * `npm start` and `npm run dev` as a person runs them: scripts/start.ts and scripts/dev.ts (what the root scripts
 * run) with three free ports and a fresh SANDBOX_DATA_DIR, talked to over the network, stopped as Ctrl-C does.
 * `npm start` serves a stub build (WEB_DIST_DIR), so these tests do not depend on the web build.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { siteBuildIsCurrent, siteSources } from '../../scripts/site-build.js';
import { stackSettingsFromEnv } from '../../scripts/stack-settings.js';
import { repoRoot } from '../bench/processes.js';
import {
  cleanEnv,
  freePorts,
  occupy,
  portIsFree,
  runEntry,
  stopLeftovers,
  stubSite,
  upgradeStatus,
} from './harness.js';

const cleanups: (() => void)[] = [];
afterEach(async () => {
  await stopLeftovers();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function ports() {
  const [sandbox, gateway, web] = await freePorts(3);
  return { sandbox: sandbox!, gateway: gateway!, web: web! };
}

function startEnv(p: { sandbox: number; gateway: number; web: number }, extra: Record<string, string> = {}) {
  return cleanEnv({
    SANDBOX_PORT: String(p.sandbox),
    GATEWAY_PORT: String(p.gateway),
    WEB_PORT: String(p.web),
    SANDBOX_DATA_DIR: tempDir('start-sandbox-'),
    ...extra,
  });
}

function stubDist(): string {
  const dist = stubSite();
  cleanups.push(dist.remove);
  return dist.dir;
}

async function graphql(url: string, query: string): Promise<any> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ query }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** The pid of the part started in `folder` with `variable=value` in its environment (Linux /proc). */
function findPart(folder: string, variable: string, value: number): number | null {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readlinkSync(`/proc/${entry}/cwd`) !== path.join(repoRoot, folder)) continue;
      const env = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (env.includes(`${variable}=${value}`)) return Number(entry);
    } catch {
      // Gone meanwhile, or not ours.
    }
  }
  return null;
}

async function expectAllFree(p: { sandbox: number; gateway: number; web: number }) {
  for (const [name, port] of Object.entries(p))
    expect(await portIsFree(port), `${name} port ${port}`).toBe(true);
}

const READY = /PlayLive is running at .*\n/;

describe('npm start', () => {
  it('runs the three parts on the given ports, prints one address, serves one origin; Ctrl-C stops them all', async () => {
    const p = await ports();
    const env = startEnv(p, { WEB_DIST_DIR: stubDist() });
    const run = runEntry('scripts/start.ts', [], env);
    await run.waitFor(READY, 60_000);

    const addresses = run
      .output()
      .split('\n')
      .filter((line) => /\bhttps?:\/\//.test(line));
    expect(addresses).toEqual([
      `PlayLive is running at http://localhost:${p.web} (GraphiQL at http://localhost:${p.web}/graphql)`,
    ]);

    const site = `http://127.0.0.1:${p.web}`;
    const page = await fetch(`${site}/tournaments`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('PlayLive stub');
    // Through the one origin to the gateway, and from there to the sandbox on SANDBOX_PORT (not 4010).
    const body = await graphql(site, '{ site { timeZone } games(first: 1) { totalCount } }');
    expect(body.errors).toBeUndefined();
    expect(body.data.site.timeZone).toBe('Africa/Johannesburg');
    expect(body.data.games.totalCount).toBeGreaterThan(0);
    expect(fs.readdirSync(env.SANDBOX_DATA_DIR!).length).toBeGreaterThan(0);
    // The site was started once the gateway was ready: nothing failed for want of it.
    expect((await fetch(`${site}/readyz`)).status).toBe(200);
    expect(run.output()).not.toMatch(/Server render of .* failed|not responding/);

    // Ctrl-C in a terminal signals the foreground process group: here, the orchestrator's.
    process.kill(-run.child.pid!, 'SIGINT');
    expect(await run.exited).toBe(0);
    await expectAllFree(p);
  });

  it('reports a port in use naming its variable, and starts nothing', async () => {
    const p = await ports();
    const release = await occupy(p.gateway);
    try {
      const run = runEntry('scripts/start.ts', [], startEnv(p, { WEB_DIST_DIR: stubDist() }));
      expect(await run.exited).toBe(2);
      expect(run.output()).toBe(
        `GATEWAY_PORT ${p.gateway} is already in use: stop what is listening there or set GATEWAY_PORT to a free port.\n`,
      );
      expect(await portIsFree(p.sandbox)).toBe(true);
      expect(await portIsFree(p.web)).toBe(true);
    } finally {
      await release();
    }
  });

  it.runIf(fs.existsSync('/proc/self/environ'))(
    'stops the others and exits non-zero when a part dies',
    async () => {
      const p = await ports();
      const run = runEntry('scripts/start.ts', [], startEnv(p, { WEB_DIST_DIR: stubDist() }));
      await run.waitFor(READY, 60_000);
      const gateway = findPart('gateway', 'GATEWAY_PORT', p.gateway);
      expect(gateway, 'the gateway process').not.toBeNull();
      process.kill(gateway!, 'SIGKILL');

      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('The gateway stopped (signal SIGKILL): stopping the others.');
      await expectAllFree(p);
    },
  );

  it('refuses a WEB_DIST_DIR without a build, and unknown options, before starting anything', async () => {
    const p = await ports();
    const empty = tempDir('start-empty-dist-');
    const run = runEntry('scripts/start.ts', [], startEnv(p, { WEB_DIST_DIR: empty }));
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain(`The site is not built: ${path.join(empty, 'index.html')} is missing.`);

    const unknown = runEntry('scripts/start.ts', ['--nobuild'], startEnv(p));
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain('Unknown option --nobuild. Usage: npm start [-- --no-build]');
    await expectAllFree(p);
  });
});

describe('the settings of npm start', () => {
  it('default to 4010, 4000 and 8080, the upstream following the sandbox', () => {
    const s = stackSettingsFromEnv({}, { defaultPort: 8080 });
    expect([s.sandbox.port, s.gateway.port, s.web.port]).toEqual([4010, 4000, 8080]);
    expect(s.casinoApiUrl).toBe('http://127.0.0.1:4010');
    expect(s.gateway.url).toBe('http://127.0.0.1:4000');
    expect(s.publicUrl).toBe('http://localhost:8080');
  });

  it('follow the variables: SANDBOX_PORT moves the upstream unless CASINO_API_URL is set', () => {
    const env = { SANDBOX_PORT: '4951', GATEWAY_PORT: '4950', WEB_PORT: '4952', SANDBOX_DATA_DIR: 'copy2' };
    const s = stackSettingsFromEnv(env, { defaultPort: 8080 }, '/srv/playlive');
    expect(s.casinoApiUrl).toBe('http://127.0.0.1:4951');
    expect(s.publicUrl).toBe('http://localhost:4952');
    expect(s.sandboxDataDir).toBe('/srv/playlive/copy2');
    expect(
      stackSettingsFromEnv({ ...env, CASINO_API_URL: 'https://api.casino.example' }, { defaultPort: 8080 }),
    ).toMatchObject({ casinoApiUrl: 'https://api.casino.example' });
  });

  it('name a bad port and refuse two parts on one port', () => {
    expect(() => stackSettingsFromEnv({ WEB_PORT: '0' }, { defaultPort: 8080 })).toThrow(
      /Invalid environment:\n\s+WEB_PORT: must be a port number from 1 to 65535/,
    );
    expect(() => stackSettingsFromEnv({ GATEWAY_PORT: '4010' }, { defaultPort: 8080 })).toThrow(
      /SANDBOX_PORT and GATEWAY_PORT are both 4010: each part needs its own port/,
    );
  });
});

describe('the build step of npm start', () => {
  it('is skipped only while web/dist is newer than every source', () => {
    const root = tempDir('start-build-');
    const write = (file: string, at: number) => {
      const full = path.join(root, file);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, file);
      fs.utimesSync(full, at, at);
    };
    const dist = path.join(root, 'web/dist');
    const sources = siteSources(root);
    expect(siteBuildIsCurrent(dist, sources)).toBe(false); // never built

    write('web/src/app/router.tsx', 1_000);
    write('web/index.html', 1_000);
    write('schema.graphql', 1_000);
    write('web/dist/index.html', 2_000);
    expect(siteBuildIsCurrent(dist, sources)).toBe(true);

    write('web/src/features/games/deep/GameCard.tsx', 3_000); // an edit deep under web/src
    expect(siteBuildIsCurrent(dist, sources)).toBe(false);
    write('web/dist/index.html', 4_000);
    write('schema.graphql', 5_000); // the schema the Relay artifacts are compiled against
    expect(siteBuildIsCurrent(dist, sources)).toBe(false);
    write('web/vite.config.ts', 1_000);
    write('web/dist/index.html', 6_000);
    expect(siteBuildIsCurrent(dist, sources)).toBe(true);
  });
});

describe('npm run dev', () => {
  it('runs the site server with Vite against the same gateway on WEB_PORT; Ctrl-C stops it all', async () => {
    const p = await ports();
    const run = runEntry('scripts/dev.ts', [], startEnv(p));
    await run.waitFor(/PlayLive \(development, hot reload\) is running at .*\n/, 90_000);
    const site = `http://localhost:${p.web}`;

    // The home page rendered on the server, as in production, in Vite's document (its client, hot reload).
    const page = await fetch(`${site}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/@vite/client"></script>');
    expect(html).toMatch(/<title>[^<]+<\/title>/); // the page's own title, not the shell's (data-shell)
    expect(html).not.toContain('data-shell');
    expect(html).toMatch(/<div id="root"><a [^>]*href="#content"[\s\S]*<footer/);
    expect(html).toContain('<script type="application/json" id="relay-records">');
    expect(html).toContain('["/src/main.tsx"]'); // the app's entry, started by the page's starter
    // Styled before its code runs, with the elements Vite's client adopts.
    expect(html).toMatch(/<style data-vite-dev-id="[^"]+\/tokens\.css">/);
    // The policy allows Vite's inline React Refresh preamble by its hash, and nothing unsafe.
    const preamble = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const hash = `'sha256-${createHash('sha256').update(preamble).digest('base64')}'`;
    const scriptSrc = /script-src ([^;]*)/.exec(page.headers.get('content-security-policy')!)![1]!;
    expect(scriptSrc.split(' ')).toContain(hash);
    expect(scriptSrc).not.toContain('unsafe');

    // The app's modules come from Vite.
    const main = await fetch(`${site}/src/main.tsx`);
    expect(main.status).toBe(200);
    expect(main.headers.get('content-type')).toMatch(/javascript/);
    expect(await main.text()).toContain('hydrateRoot');

    const body = await graphql(site, '{ site { timeZone } }');
    expect(body).toEqual({
      data: { site: { timeZone: 'Africa/Johannesburg' } },
      extensions: { cost: 1 },
    });
    // Vite's hot-reload socket opens on the site's port; any other upgrade but /graphql is refused as in production.
    expect(await upgradeStatus(site, '/', 'vite-hmr')).toBe(101);
    expect(await upgradeStatus(site, '/other', 'graphql-transport-ws')).toBe(404);

    process.kill(-run.child.pid!, 'SIGINT');
    expect(await run.exited).toBe(0);
    await expectAllFree(p);
  }, 120_000);
});
