import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { responds, waitUntilResponding, type Check } from './responding.js';
import { busyPorts } from './free-ports.js';
import type { StackSettings } from './stack-settings.js';
import { GUEST_HIDDEN_PROVIDER } from '../sandbox/src/seed/generate-games.js';
import { Supervisor, type ChildSpec, type Exit } from './supervisor.js';
import { serverArgs } from './prebuilt-servers.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A TypeScript entry run by node itself through tsx's loader (under `npm test`, its bundle: scripts/prebuilt-servers.ts):
 * one process, which gets the signals itself.
 */
function tsxEntry(
  name: string,
  folder: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  hide: RegExp,
): ChildSpec {
  return {
    name,
    command: process.execPath,
    args: serverArgs(`${folder}/${entry}`, entry),
    // In the part's own folder, as `npm run sandbox` and `npm run gateway` run it (the sandbox's default data
    // folder, .data/sandbox, is relative to it: the same data either way).
    cwd: path.join(repoRoot, folder),
    env,
    hide,
  };
}

/** `npm run <script> -w web` through the npm that runs us (npm_execpath), else the npm on the PATH. */
export function npmWeb(name: string, script: string, env: NodeJS.ProcessEnv, capture: boolean): ChildSpec {
  const npmCli = process.env.npm_execpath;
  const args = ['run', script, '-w', 'web'];
  return {
    name,
    command: npmCli ? process.execPath : 'npm',
    args: npmCli ? [npmCli, ...args] : args,
    cwd: repoRoot,
    env,
    capture,
  };
}

/** The ports every part is told, so each finds the others from the same variables. */
export function sharedEnv(settings: StackSettings): NodeJS.ProcessEnv {
  return {
    ...process.env,
    SANDBOX_PORT: String(settings.sandbox.port),
    GATEWAY_PORT: String(settings.gateway.port),
    WEB_PORT: String(settings.web.port),
    // The orchestrator starts this gateway: the site is pointed at it, whatever GATEWAY_URL said.
    GATEWAY_URL: settings.gateway.url,
  };
}

export function sandboxChild(settings: StackSettings): ChildSpec {
  return tsxEntry(
    'sandbox',
    'sandbox',
    'src/main.ts',
    {
      ...sharedEnv(settings),
      // One line per request would bury the address; warnings and errors still show. LOG_LEVEL=info brings them back.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...(settings.sandboxDataDir ? { SANDBOX_DATA_DIR: settings.sandboxDataDir } : {}),
    },
    /^Sandbox casino backend on /,
  );
}

export function gatewayChild(settings: StackSettings): ChildSpec {
  return tsxEntry(
    'gateway',
    'gateway',
    'src/main.ts',
    {
      ...sharedEnv(settings),
      // Named even though the gateway derives it from SANDBOX_PORT: SANDBOX_HOST may put the sandbox elsewhere.
      CASINO_API_URL: settings.casinoApiUrl,
      // The sandbox's seed names the provider hidden from guests (docs/rules.md#catalogue); set to change it, or
      // empty to hide none.
      GUEST_HIDDEN_PROVIDERS: process.env.GUEST_HIDDEN_PROVIDERS ?? GUEST_HIDDEN_PROVIDER,
      // Browsers reach the gateway through the site server, which appends their address to X-Forwarded-For: without
      // this every player would count as the site server's one address in the gateway's rate limits.
      TRUST_PROXY: process.env.TRUST_PROXY ?? '1',
      // As the sandbox's: a JSON line per request would bury the addresses; LOG_LEVEL=info brings them back.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    /^GraphQL gateway on /,
  );
}

export function siteChild(settings: StackSettings, distDir: string): ChildSpec {
  return tsxEntry(
    'site',
    'web',
    'server/main.ts',
    { ...siteEnv(settings), WEB_DIST_DIR: distDir },
    /^Site on /,
  );
}

/** The site server's settings, as `npm start` (siteChild) and `npm run dev` (scripts/dev.ts) run it. */
export function siteEnv(settings: StackSettings): NodeJS.ProcessEnv {
  return {
    ...sharedEnv(settings),
    WEB_HOST: settings.web.host,
    // The images' origin, for the pages' preconnect hint: the gateway's own setting, else its upstream.
    CASINO_ASSETS_URL: process.env.CASINO_ASSETS_URL || settings.casinoApiUrl,
    // The third-party services' fakes (live chat, error collector, tag manager) are on the sandbox: the site's
    // policy lets the pages reach them.
    SITE_OUTSIDE_ORIGINS: process.env.SITE_OUTSIDE_ORIGINS ?? new URL(settings.sandbox.url).origin,
  };
}

/** The usual checks: the sandbox responds at all, the gateway is ready (it reaches the sandbox). */
export function backendChecks(settings: StackSettings): Check[] {
  return [
    { what: `the sandbox (${settings.sandbox.url})`, ok: () => responds(settings.sandbox.url, () => true) },
    {
      what: `the gateway (${settings.gateway.url}/readyz)`,
      ok: () => responds(`${settings.gateway.url}/readyz`, (res) => res.ok),
    },
  ];
}

/**
 * `/graphql` through the site's own origin serves a query: the proxy and the gateway behind it work. A gateway
 * with PERSISTED_OPERATIONS_ONLY responds by refusing the document, which proves the same.
 */
export function graphqlCheck(siteUrl: string): Check {
  return {
    what: `GraphQL through the site (${siteUrl}/graphql)`,
    ok: () =>
      responds(
        `${siteUrl}/graphql`,
        async (res) => {
          const body = (await res.json()) as {
            data?: { __typename?: string };
            errors?: Array<{ extensions?: { code?: string } }>;
          };
          return (
            body.data?.__typename === 'Query' || body.errors?.[0]?.extensions?.code === 'PERSISTED_QUERY_ONLY'
          );
        },
        { query: '{ __typename }' },
      ),
  };
}

/** A part to run, and what must respond before it is started (none: at once). */
type Part = ChildSpec & { startAfter?: Check[] };

function describe(exit: Exit): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

/**
 * One run of the parts: Ctrl-C (SIGINT), SIGTERM or SIGHUP stops them all and exits 0 (a second Ctrl-C kills
 * them at once); a part that ends on its own stops the others and exits non-zero (its own code when it has one:
 * 2 for a setting to fix, such as a busy port).
 */
export class Stack {
  readonly supervisor = new Supervisor();
  private stopping = false;

  constructor() {
    const onSignal = () => {
      if (this.stopping) {
        this.supervisor.kill('SIGKILL');
        process.exit(130);
      }
      void this.shutdown(0);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, onSignal);
  }

  /** Stops every part and exits with `code`, once; `why` is printed first. */
  async shutdown(code: number, why?: string): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (why) console.error(why);
    await this.supervisor.stopAll();
    process.exit(code);
  }

  /** Exits 2 with one line per busy port (before anything was started). */
  async requireFreePorts(settings: StackSettings): Promise<void> {
    const problems = await busyPorts([settings.sandbox, settings.gateway, settings.web]);
    if (problems.length) {
      console.error(problems.join('\n'));
      process.exit(2);
    }
  }

  /** Runs a task to its end (a build), its output shown only when it fails, which stops everything. */
  async task(spec: ChildSpec, failure: string): Promise<void> {
    const child = this.supervisor.start({ ...spec, capture: true });
    const exit = await child.closed;
    if (this.stopping) return new Promise(() => {}); // shutdown() exits
    if (exit.code !== 0) {
      process.stderr.write(child.output());
      await this.shutdown(1, `${failure} (${describe(exit)}).`);
    }
  }

  /**
   * Starts the parts in order, each once its `startAfter` checks respond (each wait bounded by `timeoutMs`); once
   * every check responds, prints `readyLine` (the one line a person needs).
   */
  async run(parts: Part[], checks: Check[], readyLine: string, timeoutMs: number): Promise<void> {
    const waitFor = (list: Check[]) => waitUntilResponding(list, { timeoutMs, stopped: () => this.stopping });
    try {
      for (const spec of parts) {
        if (spec.startAfter) await waitFor(spec.startAfter);
        if (this.stopping) return;
        const child = this.supervisor.start(spec);
        void child.closed.then((exit) => {
          if (this.stopping) return;
          const code = exit.code !== null && exit.code !== 0 ? exit.code : 1;
          void this.shutdown(code, `The ${spec.name} stopped (${describe(exit)}): stopping the others.`);
        });
      }
      await waitFor(checks);
    } catch (err) {
      await this.shutdown(1, `${(err as Error).message} Stopping everything.`);
    }
    if (!this.stopping) console.log(readyLine);
  }
}
