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
    GATEWAY_URL: z
      .url({ message: 'must be an http(s) URL, for example http://127.0.0.1:4000' })
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL, for example http://127.0.0.1:4000')
      .optional(),
    CASINO_ASSETS_URL: z
      .url({ message: 'must be an http(s) URL, for example https://cdn.example.com' })
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL, for example https://cdn.example.com')
      .optional(),
    SITE_OUTSIDE_ORIGINS: z
      .string()
      .refine(
        (v) => list(v).every(isOrigin),
        'must be a comma-separated list of origins such as https://cdn.livechat.example (scheme, host and port only)',
      )
      .optional(),
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
    return { ...e, GATEWAY_URL: `http://127.0.0.1:${port.data}` };
  });

export interface SiteConfig {
  port: number;
  host: string;
  distDir: string;
  gatewayUrl: string;
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
    gatewayUrl: e.GATEWAY_URL.replace(/\/$/, ''),
    ...(e.CASINO_ASSETS_URL ? { assetsUrl: e.CASINO_ASSETS_URL } : {}),
    ...(e.SITE_OUTSIDE_ORIGINS
      ? { thirdPartyOrigins: list(e.SITE_OUTSIDE_ORIGINS).map((o) => o.replace(/\/$/, '')) }
      : {}),
    ...(e.SITE_URL ? { siteUrl: e.SITE_URL.replace(/\/$/, '') } : {}),
  };
}
