import path from 'node:path';
import { z } from 'zod';

const portMessage = 'must be a port number from 1 to 65535';
/** Each part is started on a known port so the others can be pointed at it: 0 (any free port) does not fit. */
const Port = z.coerce
  .number({ message: portMessage })
  .int(portMessage)
  .min(1, portMessage)
  .max(65535, portMessage);
const Host = z.string().min(1, 'must be a host name or address, for example 127.0.0.1');

/**
 * The variables `npm start` and `npm run dev` read themselves; each part validates the rest of its own (the
 * gateway CASINO_API_URL, the sandbox SANDBOX_DATA_DIR, …) and names what is wrong.
 */
const EnvSchema = z.object({
  SANDBOX_PORT: Port.default(4010),
  SANDBOX_HOST: Host.default('127.0.0.1'),
  GATEWAY_PORT: Port.default(4000),
  GATEWAY_HOST: Host.default('127.0.0.1'),
  WEB_PORT: Port.optional(),
  WEB_HOST: Host.default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().min(1, 'must be a folder for the sandbox database').optional(),
  WEB_DIST_DIR: z.string().min(1, 'must be the folder of a built site').optional(),
  CASINO_API_URL: z.string().optional(),
});

export interface Part {
  /** The variable that sets its port, for messages. */
  portVariable: 'SANDBOX_PORT' | 'GATEWAY_PORT' | 'WEB_PORT';
  port: number;
  /** Where it listens. */
  host: string;
  /** Where this machine calls it. */
  url: string;
}

export interface StackSettings {
  sandbox: Part;
  gateway: Part;
  web: Part;
  /** The address printed for people: localhost when the site listens on a loopback or every address. */
  publicUrl: string;
  /** The gateway's upstream: CASINO_API_URL as given, else the sandbox started beside it. */
  casinoApiUrl: string;
  /** SANDBOX_DATA_DIR made absolute against the folder npm runs in (the parts run in their own folders). */
  sandboxDataDir: string | undefined;
  /** WEB_DIST_DIR made absolute: a built site to serve as it is (no build). */
  distDir: string | undefined;
}

/** A wildcard listen address is called at loopback; an IPv6 address goes in brackets. */
export function callableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function isLoopbackOrAny(host: string): boolean {
  return ['0.0.0.0', '::', '::1', 'localhost'].includes(host) || host.startsWith('127.');
}

/**
 * The three ports and how the parts reach each other, from the environment. `web` is the site server (`npm
 * start`, WEB_PORT default 8080 on WEB_HOST) or its development mode with Vite (`npm run dev`, default 5173 on
 * localhost). Ports must differ: two parts on one port would make the second fail after the first started.
 */
export function stackSettingsFromEnv(
  env: NodeJS.ProcessEnv,
  web: { defaultPort: number; host?: string },
  cwd = process.cwd(),
): StackSettings {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const part = (portVariable: Part['portVariable'], port: number, host: string): Part => ({
    portVariable,
    port,
    host,
    url: `http://${callableHost(host)}:${port}`,
  });
  const sandbox = part('SANDBOX_PORT', e.SANDBOX_PORT, e.SANDBOX_HOST);
  const gateway = part('GATEWAY_PORT', e.GATEWAY_PORT, e.GATEWAY_HOST);
  const webHost = web.host ?? e.WEB_HOST;
  const site = part('WEB_PORT', e.WEB_PORT ?? web.defaultPort, webHost);

  const parts = [sandbox, gateway, site];
  for (const [i, a] of parts.entries()) {
    const b = parts.slice(i + 1).find((p) => p.port === a.port);
    if (b) {
      throw new Error(
        `Invalid environment:\n  ${a.portVariable} and ${b.portVariable} are both ${a.port}: each part needs its own port.`,
      );
    }
  }
  return {
    sandbox,
    gateway,
    web: site,
    publicUrl: `http://${isLoopbackOrAny(webHost) ? 'localhost' : callableHost(webHost)}:${site.port}`,
    casinoApiUrl: e.CASINO_API_URL || sandbox.url,
    sandboxDataDir: e.SANDBOX_DATA_DIR && path.resolve(cwd, e.SANDBOX_DATA_DIR),
    distDir: e.WEB_DIST_DIR && path.resolve(cwd, e.WEB_DIST_DIR),
  };
}
