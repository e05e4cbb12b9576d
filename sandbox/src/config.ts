import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PASSWORD_COST, isPasswordCost } from './domain/passwords.js';

const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A site origin as a frame-ancestors source: scheme, host and a port or any port (*), nothing more. */
const FRAME_ANCESTOR = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:]+\])(:(\d{1,5}|\*))?\/?$/i;

/** Sandbox settings from the environment, validated once at start with a clear message. */
const EnvSchema = z.object({
  SANDBOX_PORT: z.coerce
    .number({ message: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(4010),
  SANDBOX_HOST: z.string().min(1).default('127.0.0.1'),
  SANDBOX_DATA_DIR: z.string().min(1).default('.data/sandbox'),
  SANDBOX_CONTROL: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('1'),
  SANDBOX_PUBLIC_URL: z.url().optional(),
  SANDBOX_SITE_ORIGINS: z
    .string()
    .refine(
      (v) => list(v).every((o) => FRAME_ANCESTOR.test(o)),
      'must be a comma-separated list of site origins such as https://playlive.example or http://127.0.0.1:* (scheme, host and port or * only)',
    )
    .default('http://localhost:*,http://127.0.0.1:*,http://[::1]:*'),
  // Unset: SANDBOX_SITE_ORIGINS, the sites this sandbox serves.
  SANDBOX_RETURN_ORIGINS: z
    .string()
    .refine(
      (v) => list(v).every((o) => FRAME_ANCESTOR.test(o)),
      'must be a comma-separated list of site origins such as https://playlive.example or http://127.0.0.1:* (scheme, host and port or * only)',
    )
    .optional(),
  SANDBOX_PUSHER_APP_ID: z.string().min(1).default('sandbox'),
  SANDBOX_PUSHER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('sandbox-key'),
  SANDBOX_PUSHER_SECRET: z.string().min(8).default('sandbox-secret'),
  SANDBOX_PASSWORD_COST: z.coerce
    .number({ message: 'must be a power of two from 16 to 1048576' })
    .refine(isPasswordCost, 'must be a power of two from 16 to 1048576')
    .default(DEFAULT_PASSWORD_COST),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface SandboxConfig {
  port: number;
  host: string;
  /** Folder of the SQLite database; ':memory:' keeps everything in memory. */
  dataDir: string;
  /** Test-only routes under /sandbox (faults, credit, mail, publish). */
  control: boolean;
  /** Address the sandbox tells clients to use for its own pages (game, payment); defaults to where it listens. */
  publicUrl?: string | undefined;
  /**
   * The sites whose pages may show the game page in a frame (its frame-ancestors): by default a site on this
   * machine at any port, as `npm start` and the tests run it.
   */
  siteOrigins: string[];
  /**
   * Where the payment page may send a player back to (a deposit's returnUrl must be on one of these origins), as a
   * real payment provider keeps a merchant's allowed return addresses; by default siteOrigins.
   */
  returnOrigins?: string[] | undefined;
  pusher: { appId: string; key: string; secret: string };
  /**
   * scrypt's cost (N) for the passwords it stores (domain/passwords.ts): 2^14 by default; the test suites set a
   * lighter one (SANDBOX_PASSWORD_COST in their vitest configs), as they sign players up and in by the thousand.
   */
  passwordCost: number;
  logLevel: string;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sandbox environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.SANDBOX_PORT,
    host: e.SANDBOX_HOST,
    dataDir: path.resolve(e.SANDBOX_DATA_DIR),
    control: e.SANDBOX_CONTROL === '1',
    publicUrl: e.SANDBOX_PUBLIC_URL?.replace(/\/$/, ''),
    siteOrigins: list(e.SANDBOX_SITE_ORIGINS).map((o) => o.replace(/\/$/, '')),
    returnOrigins:
      e.SANDBOX_RETURN_ORIGINS === undefined
        ? undefined
        : list(e.SANDBOX_RETURN_ORIGINS).map((o) => o.replace(/\/$/, '')),
    pusher: { appId: e.SANDBOX_PUSHER_APP_ID, key: e.SANDBOX_PUSHER_KEY, secret: e.SANDBOX_PUSHER_SECRET },
    passwordCost: e.SANDBOX_PASSWORD_COST,
    logLevel: e.LOG_LEVEL,
  };
}
