import { z } from 'zod';

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
  CASINO_API_URL: z
    .url({ message: 'must be an http(s) URL, for example http://localhost:4010' })
    .default('http://localhost:4010'),
  UPSTREAM_TIMEOUT_MS: Millis(120_000).default(5000),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  GUEST_HIDDEN_PROVIDERS: z.string().default(''),
  GRAPHIQL: Flag.optional(),
  EXPOSE_UPSTREAM_CALLS: Flag.default(false),
  NODE_ENV: z.string().default('development'),
});

export interface GatewayConfig {
  port: number;
  host: string;
  /** The casino backend's base address (the sandbox in development). */
  casinoApiUrl: string;
  /** Bound on each upstream call; past it a field fails with UPSTREAM_UNAVAILABLE. */
  upstreamTimeoutMs: number;
  /** How long public catalogue answers are shared across requests (banners: 5 minutes regardless). */
  publicCacheTtlMs: number;
  /** Game products never shown to guests (the backend's `product` values). */
  guestHiddenProviders: string[];
  graphiql: boolean;
  /** Adds extensions.upstreamCalls to each answer (for tests and partners measuring round trips). */
  exposeUpstreamCalls: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid gateway environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.GATEWAY_PORT,
    host: e.GATEWAY_HOST,
    casinoApiUrl: e.CASINO_API_URL.replace(/\/$/, ''),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    publicCacheTtlMs: e.PUBLIC_CACHE_TTL_MS,
    guestHiddenProviders: list(e.GUEST_HIDDEN_PROVIDERS),
    graphiql: e.GRAPHIQL ?? e.NODE_ENV !== 'production',
    exposeUpstreamCalls: e.EXPOSE_UPSTREAM_CALLS,
  };
}
