import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './observability/logging.js';
import { isReturnOrigin } from './domain/return-url.js';

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

const Port = z.coerce
  .number({ message: 'must be a port number from 0 to 65535' })
  .int('must be a port number from 0 to 65535')
  .min(0, 'must be a port number from 0 to 65535')
  .max(65535, 'must be a port number from 0 to 65535');
const Millis = (max: number) =>
  z.coerce
    .number({ message: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);
const Flag = z
  .enum(['0', '1', 'true', 'false'], { message: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');

/** Gateway settings from the environment, validated once at start with a message naming each bad variable. */
const EnvSchema = z.object({
  GATEWAY_PORT: Port.default(4000),
  GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  CASINO_API_URL: z.url({ message: 'must be an http(s) URL, for example http://localhost:4010' }).optional(),
  CASINO_ASSETS_URL: z
    .url({ message: 'must be an http(s) URL, for example https://cdn.example.com' })
    .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL, for example https://cdn.example.com')
    .optional(),
  // Read only to find the sandbox when CASINO_API_URL is not set (see EnvWithUpstream).
  SANDBOX_PORT: z.string().optional(),
  UPSTREAM_TIMEOUT_MS: Millis(120_000).default(5000),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  PUBLIC_CACHE_STALE_MS: z.coerce
    .number({ message: 'must be a number of milliseconds (0 serves nothing past its TTL)' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more (0 serves nothing past its TTL)')
    .max(86_400_000, 'must be at most 86400000 (a day)')
    .default(300_000),
  CIRCUIT_FAILURE_THRESHOLD: z.coerce
    .number({ message: 'must be a whole number of failures in a row, from 1 to 1000' })
    .int('must be a whole number of failures in a row, from 1 to 1000')
    .min(1, 'must be a whole number of failures in a row, from 1 to 1000')
    .max(1000, 'must be a whole number of failures in a row, from 1 to 1000')
    .default(5),
  CIRCUIT_RESET_MS: Millis(600_000).default(10_000),
  GUEST_HIDDEN_PROVIDERS: z.string().default(''),
  GRAPHIQL: Flag.optional(),
  INTROSPECTION: Flag.optional(),
  EXPOSE_UPSTREAM_CALLS: Flag.default(false),
  PUSHER_URL: z
    .url({ message: 'must be a ws(s) or http(s) URL, for example ws://localhost:4010' })
    .refine(
      (u) => /^(wss?|https?):\/\//i.test(u),
      'must be a ws(s) or http(s) URL, for example ws://localhost:4010',
    )
    .optional(),
  PUSHER_APP_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'must be the live channels app key (letters, digits, - and _)')
    .default('sandbox-key'),
  ALLOWED_ORIGINS: z
    .string()
    .refine(
      (v) => list(v).every(isOrigin),
      'must be a comma-separated list of origins such as http://localhost:5173 (scheme, host and port only)',
    )
    .default('http://localhost:5173,http://127.0.0.1:5173'),
  // Unset: this machine's origins at any port outside production (as the sandbox's SANDBOX_SITE_ORIGINS), none in it.
  RETURN_URL_ORIGINS: z
    .string()
    .refine(
      (v) => list(v).every(isReturnOrigin),
      "must be a comma-separated list of the site's origins such as https://playlive.example or http://127.0.0.1:* (scheme, host and a port or * only)",
    )
    .optional(),
  SESSION_CHECK_MS: Millis(3_600_000).default(60_000),
  REDIS_URL: z
    .string()
    .refine(
      (v) => /^rediss?:\/\/[^\s]+$/.test(v) || /^\/\S+$/.test(v),
      'must be a redis:// or rediss:// URL (for example redis://redis:6379) or a Unix socket path',
    )
    .optional(),
  RATE_LIMITS: Flag.default(true),
  TRUST_PROXY: z.coerce
    .number({ message: 'must be the number of proxies in front of the gateway, from 0 to 10 (0: none)' })
    .int('must be the number of proxies in front of the gateway, from 0 to 10 (0: none)')
    .min(0, 'must be the number of proxies in front of the gateway, from 0 to 10 (0: none)')
    .max(10, 'must be the number of proxies in front of the gateway, from 0 to 10 (0: none)')
    .default(0),
  // The site's operations by id, as relay-compiler writes them; unset: where the site's build writes them.
  PERSISTED_OPERATIONS_FILE: z
    .string()
    .trim()
    .min(1, "must name the persisted operations file relay-compiler wrote (relay.config.js's persistConfig)")
    .optional(),
  PERSISTED_OPERATIONS_ONLY: Flag.default(false),
  // Without REDIS_URL, the file partners and their keys' hashes are kept in (partners/store.ts); unset: .data/partners.json.
  PARTNER_STORE: z
    .string()
    .trim()
    .min(1, 'must name the JSON file partners are kept in without REDIS_URL (or be unset)')
    .refine((v) => !/[\\/]$/.test(v), 'must name a file, not a folder (for example .data/partners.json)')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // A scraper's bearer token for /metrics: long and random, as it is a credential.
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{16,256}$/, 'must be 16 to 256 letters, digits or ._~+/=- (a random secret)')
    .optional(),
  // A Kubernetes pod's terminationGracePeriodSeconds (30 s by default) must cover it, with the preStop pause.
  GATEWAY_SHUTDOWN_GRACE_MS: z.coerce
    .number({ message: 'must be a number of milliseconds, for example 10000' })
    .int('must be a whole number of milliseconds, for example 10000')
    .min(0, 'must be 0 or more (0: close everything at once)')
    .max(600_000, 'must be at most 600000 (10 minutes)')
    .default(10_000),
  // Open files kept under the process's limit for all but new WebSockets (realtime/open-files.ts); unset: 500.
  GATEWAY_OPEN_FILES_RESERVE: z.coerce
    .number({ message: 'must be a whole number of open files, from 0 to 1000000 (unset: 500)' })
    .int('must be a whole number of open files, from 0 to 1000000 (unset: 500)')
    .min(0, 'must be a whole number of open files, from 0 to 1000000 (unset: 500)')
    .max(1_000_000, 'must be a whole number of open files, from 0 to 1000000 (unset: 500)')
    .optional(),
  GATEWAY_OPEN_FILES_WARN_PERCENT: z.coerce
    .number({ message: 'must be a percentage of the open-file limit, from 1 to 100' })
    .int('must be a whole percentage of the open-file limit, from 1 to 100')
    .min(1, 'must be a percentage of the open-file limit, from 1 to 100')
    .max(100, 'must be a percentage of the open-file limit, from 1 to 100')
    .default(90),
  // Without REDIS_URL, where the usage per client is kept (usage/store.ts); unset: .data/usage.json in the repository.
  USAGE_STORE: z.string().trim().min(1, 'must name a file for the usage per client (or be unset)').optional(),
  NODE_ENV: z.string().default('development'),
});

export interface GatewayConfig {
  port: number;
  host: string;
  /** The casino backend's base address (the sandbox in development). */
  casinoApiUrl: string;
  /**
   * Where the casino's images and videos are, for a browser: the backend gives paths (/images/games/x.webp), which
   * the gateway returns as full addresses on this base; null: the backend's own address (casinoApiUrl).
   */
  casinoAssetsUrl: string | null;
  /** Bound on each upstream call; past it a field fails with UPSTREAM_UNAVAILABLE. */
  upstreamTimeoutMs: number;
  /** How long public catalogue responses are shared across requests (banners: 5 minutes regardless). */
  publicCacheTtlMs: number;
  /**
   * How long past its TTL a public response may still be served while it is refreshed in the background, so the
   * catalogue keeps responding while the backend is briefly down; 0: not at all.
   */
  publicCacheStaleMs: number;
  /** Failures in a row (transit errors, timeouts, 5xx) of one upstream resource that open its circuit. */
  circuitFailureThreshold: number;
  /** How long an open circuit refuses calls (UPSTREAM_UNAVAILABLE at once) before one probe is let through. */
  circuitResetMs: number;
  /** Game products never shown to guests (the backend's `product` values). */
  guestHiddenProviders: string[];
  graphiql: boolean;
  /**
   * Whether `__schema` and `__type` respond (over HTTP and graphql-ws). Off in production, where the schema is not
   * published; on in development, or wherever GraphiQL is on, since GraphiQL needs it.
   */
  introspection: boolean;
  /** Adds extensions.upstreamCalls to each response (for tests and partners measuring round trips). */
  exposeUpstreamCalls: boolean;
  /** The casino's live channels (Pusher protocol): host and port; by default those of casinoApiUrl. */
  pusherUrl: string;
  pusherAppKey: string;
  /**
   * Browser origins allowed to open the graphql-ws socket (and sent CORS headers). The gateway's own
   * origin (GraphiQL) is always allowed; clients that send no Origin (servers, partner tools) are not browsers.
   */
  allowedOrigins: string[];
  /**
   * More origins of the site, besides allowedOrigins, that a deposit's returnUrl may be on (return-url.ts): exact
   * origins, or a host at any port (http://localhost:*). Nothing else is ever a return address.
   */
  returnUrlOrigins: string[];
  /** How often a live subscription re-checks its session, so a revoked or expired token ends it. */
  sessionCheckMs: number;
  /**
   * Where replicas share state (public cache, guests' responses, rate-limit counters): a redis:// URL or a Unix socket
   * path; null: each process keeps that state in memory (one replica).
   */
  redisUrl: string | null;
  /**
   * Rate limits on sign-in, sign-up, password resets, coupons and payments, and a ceiling on all operations per
   * address (rate-limits/rules.ts). On by default; off only for load tests and test suites that sign up many players
   * from one address.
   */
  rateLimits: boolean;
  /**
   * How many proxies in front of the gateway append the client's address to X-Forwarded-For (nginx: 1). 0: the
   * header is ignored and the socket's peer is the client, as anyone can write the header.
   */
  trustProxy: number;
  /**
   * The site's persisted operations (id -> document, relay-compiler's persistConfig file), served by doc_id; null:
   * the file the site's build writes (web/src/__generated__/persisted-operations.json), when there is one.
   */
  persistedOperationsFile: string | null;
  /** Only persisted operations run, over HTTP and graphql-ws; otherwise any document runs too (within the limits). */
  persistedOperationsOnly: boolean;
  /**
   * Without Redis, the file partners are kept in (`npm run partner`, partners/store.ts), a relative path taken from
   * where the command was typed; null: .data/partners.json in the repository. With REDIS_URL partners are in Redis.
   */
  partnerStore: string | null;
  /** The least severe log lines written (info: one line per request or operation). */
  logLevel: LogLevel;
  /**
   * The bearer token /metrics asks of a scraper; null: /metrics is open in development and off in production (the
   * figures are the operator's, not the players').
   */
  metricsToken: string | null;
  /**
   * On SIGTERM, how long requests in flight may take to finish and graphql-ws sockets to close (asked to reconnect
   * elsewhere) before every connection left is closed and the process exits (http/graceful-shutdown.ts).
   */
  shutdownGraceMs: number;
  /**
   * Open files kept for HTTP requests, upstream connections, Redis and logs: past the process's soft limit less this,
   * new WebSockets are refused with 1013 Try Again Later (realtime/open-files.ts); null: 500, at most half the limit.
   */
  openFilesReserve: number | null;
  /** Percent of the open-file limit past which the gateway logs once that it is near it. */
  openFilesWarnPercent: number;
  /**
   * Without Redis, the file the usage per client is written to every few seconds and on shutdown, where
   * `npm run usage` reads it (usage/store.ts); null: .data/usage.json in the repository.
   */
  usageStore: string | null;
}

/** Where a site run on this machine is (`npm start`, the site's dev server, the tests), at any port. */
const LOCAL_RETURN_ORIGINS = 'http://localhost:*,http://127.0.0.1:*,http://[::1]:*';

/** The sandbox's port as an address to call: 0 (any free port) names no sandbox. */
const UpstreamPort = z.coerce
  .number({ message: 'must be a port number from 1 to 65535 (or set CASINO_API_URL)' })
  .int('must be a port number from 1 to 65535 (or set CASINO_API_URL)')
  .min(1, 'must be a port number from 1 to 65535 (or set CASINO_API_URL)')
  .max(65535, 'must be a port number from 1 to 65535 (or set CASINO_API_URL)');

/**
 * Where the casino backend is: CASINO_API_URL when set; otherwise the sandbox on SANDBOX_PORT when that is set, so
 * `SANDBOX_PORT=4951 GATEWAY_PORT=4950 npm start` (one environment for all the parts) reaches its own sandbox
 * rather than whatever listens on 4010; otherwise the sandbox's default address. The sandbox listens on 127.0.0.1
 * by default, which `localhost` may not resolve to first (::1), so the derived address names it.
 */
const EnvWithUpstream = EnvSchema.transform((e, ctx) => {
  if (e.CASINO_API_URL !== undefined) return { ...e, CASINO_API_URL: e.CASINO_API_URL };
  if (e.SANDBOX_PORT === undefined) return { ...e, CASINO_API_URL: 'http://localhost:4010' };
  const port = UpstreamPort.safeParse(e.SANDBOX_PORT);
  if (!port.success) {
    ctx.addIssue({ code: 'custom', path: ['SANDBOX_PORT'], message: port.error.issues[0]!.message });
    return z.NEVER;
  }
  return { ...e, CASINO_API_URL: `http://127.0.0.1:${port.data}` };
});

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = EnvWithUpstream.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid gateway environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.GATEWAY_PORT,
    host: e.GATEWAY_HOST,
    casinoApiUrl: e.CASINO_API_URL.replace(/\/$/, ''),
    casinoAssetsUrl: e.CASINO_ASSETS_URL?.replace(/\/$/, '') ?? null,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    publicCacheStaleMs: e.PUBLIC_CACHE_STALE_MS,
    circuitFailureThreshold: e.CIRCUIT_FAILURE_THRESHOLD,
    circuitResetMs: e.CIRCUIT_RESET_MS,
    guestHiddenProviders: list(e.GUEST_HIDDEN_PROVIDERS),
    graphiql: e.GRAPHIQL ?? e.NODE_ENV !== 'production',
    introspection: e.INTROSPECTION ?? e.GRAPHIQL ?? e.NODE_ENV !== 'production',
    exposeUpstreamCalls: e.EXPOSE_UPSTREAM_CALLS,
    pusherUrl: (e.PUSHER_URL ?? e.CASINO_API_URL).replace(/\/$/, ''),
    pusherAppKey: e.PUSHER_APP_KEY,
    allowedOrigins: list(e.ALLOWED_ORIGINS).map((o) => o.replace(/\/$/, '')),
    returnUrlOrigins: list(
      e.RETURN_URL_ORIGINS ?? (e.NODE_ENV === 'production' ? '' : LOCAL_RETURN_ORIGINS),
    ).map((o) => o.replace(/\/$/, '')),
    sessionCheckMs: e.SESSION_CHECK_MS,
    redisUrl: e.REDIS_URL ?? null,
    rateLimits: e.RATE_LIMITS,
    trustProxy: e.TRUST_PROXY,
    persistedOperationsFile: e.PERSISTED_OPERATIONS_FILE ?? null,
    persistedOperationsOnly: e.PERSISTED_OPERATIONS_ONLY,
    partnerStore:
      e.PARTNER_STORE === undefined ? null : path.resolve(env.INIT_CWD ?? process.cwd(), e.PARTNER_STORE),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownGraceMs: e.GATEWAY_SHUTDOWN_GRACE_MS,
    usageStore: e.USAGE_STORE ?? null,
    openFilesReserve: e.GATEWAY_OPEN_FILES_RESERVE ?? null,
    openFilesWarnPercent: e.GATEWAY_OPEN_FILES_WARN_PERCENT,
  };
}
