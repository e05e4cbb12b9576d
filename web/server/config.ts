import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Where `npm run build -w web` writes the site. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A browser origin: scheme, host and optional port, nothing more. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const GATEWAY_URL_LIST =
  "list the gateway replicas' base addresses (http or https) separated by commas, for example " +
  'http://10.0.0.5:4000,http://10.0.0.6:4000, or one host name that resolves to each of them';

/** A gateway's base address: http(s), a host, no query or fragment (its /graphql, /readyz are added to it). */
function isGatewayUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.hostname !== '' && !url.search && !url.hash;
  } catch {
    return false;
  }
}

const GRACE_MESSAGE =
  'must be the milliseconds a stopping site server waits for requests in flight, 0 to 600000';

const portMessage = (from: number) => `must be a port number from ${from} to 65535`;
const Port = (from: number) =>
  z.coerce
    .number({ message: portMessage(from) })
    .int(portMessage(from))
    .min(from, portMessage(from))
    .max(65535, portMessage(from));

/** Site server settings from the environment, validated once at start with a message naming each bad variable. */
const EnvSchema = z
  .object({
    WEB_PORT: Port(0).default(8080),
    WEB_HOST: z.string().min(1, 'must be a host name or address, for example 127.0.0.1').default('127.0.0.1'),
    WEB_DIST_DIR: z.string().min(1, 'must be the folder of a built site, for example web/dist').optional(),
    // One gateway or several replicas, comma-separated; each is checked for itself so the message names the bad one.
    GATEWAY_URL: z
      .string()
      .transform((v, ctx) => {
        const urls = list(v);
        if (urls.length === 0) {
          ctx.addIssue({ code: 'custom', message: `is empty: ${GATEWAY_URL_LIST}` });
          return z.NEVER;
        }
        for (const url of urls) {
          if (isGatewayUrl(url)) continue;
          ctx.addIssue({
            code: 'custom',
            message: `has ${JSON.stringify(url)}, which is not an http(s) base address: ${GATEWAY_URL_LIST}`,
          });
          return z.NEVER;
        }
        return urls.map((u) => u.replace(/\/$/, ''));
      })
      .optional(),
    // Empty is unset (a compose file's `CASINO_ASSETS_URL: ''`): no preconnect hint, never an empty `Link: <>`.
    CASINO_ASSETS_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url({ message: 'must be an http(s) URL, for example https://cdn.example.com' })
        .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL, for example https://cdn.example.com')
        .optional(),
    ),
    SITE_OUTSIDE_ORIGINS: z
      .string()
      .refine(
        (v) => list(v).every(isOrigin),
        'must be a comma-separated list of origins such as https://cdn.livechat.example (scheme, host and port only)',
      )
      .optional(),
    SITE_SHUTDOWN_GRACE_MS: z.coerce
      .number({ message: GRACE_MESSAGE })
      .int(GRACE_MESSAGE)
      .min(0, GRACE_MESSAGE)
      .max(600_000, GRACE_MESSAGE)
      .default(10_000),
    SITE_URL: z
      .string()
      .refine(
        isOrigin,
        "must be the site's public origin such as https://playlive.example (scheme, host and port only)",
      )
      .optional(),
    // Read only when GATEWAY_URL is not set: the gateway of the same environment listens there.
    GATEWAY_PORT: z.string().optional(),
  })
  .transform((e, ctx) => {
    if (e.GATEWAY_URL !== undefined) return { ...e, GATEWAY_URL: e.GATEWAY_URL };
    const port = Port(1).safeParse(e.GATEWAY_PORT ?? '4000');
    if (!port.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['GATEWAY_PORT'],
        message: `${port.error.issues[0]!.message} (or set GATEWAY_URL)`,
      });
      return z.NEVER;
    }
    return { ...e, GATEWAY_URL: [`http://127.0.0.1:${port.data}`] };
  });

export interface SiteConfig {
  port: number;
  host: string;
  distDir: string;
  /**
   * The gateway replicas' base addresses (GATEWAY_URL, comma-separated; else the gateway on GATEWAY_PORT): requests
   * are spread over those that are ready, and a host name is spread over every address it resolves to
   * (web/server/gateway-pool.ts).
   */
  gatewayUrl: string[];
  /** How long a stopping server (SIGTERM) lets requests in flight and WebSockets finish (SITE_SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Where the images come from, for the pages' preconnect hint (CASINO_ASSETS_URL; none when not set). */
  assetsUrl?: string;
  /**
   * Third-party origins the pages may use besides their own and the images' (SITE_OUTSIDE_ORIGINS, for the policy in
   * security-headers.ts): the live chat's script host, the error reporter's collector, a casino's game pages over
   * plain http. None when not set.
   */
  thirdPartyOrigins?: string[];
  /**
   * The site's public origin (SITE_URL), for canonical links, Open Graph addresses, robots.txt and the sitemap;
   * when not set, each request's own (its Host header over http), which is right only when nothing in front of the
   * site changes the scheme or host.
   */
  siteUrl?: string;
}

export function siteConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid site environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.WEB_PORT,
    host: e.WEB_HOST,
    distDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_DIST_DIR),
    gatewayUrl: e.GATEWAY_URL,
    shutdownGraceMs: e.SITE_SHUTDOWN_GRACE_MS,
    ...(e.CASINO_ASSETS_URL ? { assetsUrl: e.CASINO_ASSETS_URL } : {}),
    ...(e.SITE_OUTSIDE_ORIGINS
      ? { thirdPartyOrigins: list(e.SITE_OUTSIDE_ORIGINS).map((o) => o.replace(/\/$/, '')) }
      : {}),
    ...(e.SITE_URL ? { siteUrl: e.SITE_URL.replace(/\/$/, '') } : {}),
  };
}
