import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { inject } from 'vitest';
import { createLogger, type Logger } from '../src/observability/logging.js';

/**
 * Every gateway the harness starts writes its log (every level, as JSON lines) into one folder per test run, and
 * every token, password, identity number and upload address the tests send or receive is noted beside it; when the
 * run ends, log-check.ts fails it if any line holds one of them (test/log-check.ts, vitest's globalSetup).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for captured log lines and the secrets seen (log-check.ts). */
    logCaptureDir: string;
  }
}

/** Shorter values (a test's deliberately bad "x") would match innocent text. */
const MIN_SECRET_LENGTH = 8;

function captureDir(): string | null {
  try {
    return inject('logCaptureDir') ?? null;
  } catch {
    return null; // outside vitest's runner (a script importing the harness): nothing to capture into
  }
}

const dir = captureDir();
const logFile = dir
  ? path.join(dir, `gateway-${process.pid}-${Math.random().toString(36).slice(2)}.log`)
  : null;
const secretsFile = logFile?.replace(/\.log$/, '.secrets');
const noted = new Set<string>();

/** A logger writing to this run's capture (synchronously: nothing is lost if the worker ends), plus `also`. */
export function capturingLogger(also?: Logger): Logger {
  if (!logFile) return also ?? { info: () => {}, warn: () => {} };
  const captured = createLogger('debug', pino.destination({ dest: logFile, sync: true, append: true }));
  if (!also) return captured;
  const both =
    (level: 'info' | 'warn' | 'error' | 'debug') =>
    (...args: [object | string, string?]) => {
      (captured[level] as (...a: unknown[]) => void)(...args);
      const theirs = also as unknown as Partial<Record<string, (...a: unknown[]) => void>>;
      const method = theirs[level] ?? (level === 'error' ? theirs.warn : undefined);
      method?.call(also, ...args);
    };
  return { info: both('info'), warn: both('warn'), error: both('error'), debug: both('debug') } as Logger;
}

/** Notes a token or password the suite used: no captured log line may contain it. */
export function noteSecret(value: unknown): void {
  if (!secretsFile || typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || noted.has(value))
    return;
  noted.add(value);
  fs.appendFileSync(secretsFile, `${JSON.stringify(value)}\n`);
}

/** Notes a verification upload address's token (its last segment: the capability to upload). */
export function noteUploadAddress(url: unknown): void {
  if (typeof url === 'string') noteSecret(url.split('/').pop());
}

/**
 * Notes every value under a key naming a token or password, an identity number or an upload address, at any depth
 * (variables sent, responses received): personal information no log line may hold either (POPIA).
 */
export function noteSecretsIn(value: unknown, depth = 0): void {
  if (!secretsFile || depth > 20 || value === null || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    if (/token|password|authorization|^idNumber$|^id_number$/i.test(key)) {
      if (typeof inner === 'string') noteSecret(inner.replace(/^Bearer\s+/i, ''));
    }
    if (/^upload_?url$/i.test(key)) noteUploadAddress(inner);
    noteSecretsIn(inner, depth + 1);
  }
}
