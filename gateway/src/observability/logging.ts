import { pino, type DestinationStream, type Level } from 'pino';

/**
 * What the gateway writes its log through: pino satisfies it, and so do `console` and a test's `{ info() {}, warn()
 * {} }`. A line is a message, or fields and a message; fields are never a request, its headers, body or variables.
 */
export interface Logger {
  info(fields: object, message?: string): void;
  info(message: string): void;
  warn(fields: object, message?: string): void;
  warn(message: string): void;
}

/** The gateway's own logger: `Logger` with the levels its request lines and failures use. */
export interface GatewayLogger extends Logger {
  error(fields: object, message?: string): void;
  error(message: string): void;
  debug(fields: object, message?: string): void;
  debug(message: string): void;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Fields that must never reach a log line, whoever adds them later: credentials, bodies, variables and connection
 * params (which carry the player's token over graphql-ws), and personal information (POPIA,
 * docs/rules.md#know-your-player): an identity number, a verification document's upload address (its token is the
 * capability to upload). The gateway's own lines never name them; this is the safety net should a future line log
 * an object that holds one.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'token',
  'password',
  'newPassword',
  'currentPassword',
  'body',
  'variables',
  'connectionParams',
  'idNumber',
  'id_number',
  'uploadUrl',
  'upload_url',
  // A partner's API key, should a line ever hold one (connection_init's payload, a header object).
  'apiKey',
  '["x-api-key"]',
];
const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-api-key"]',
  'req.headers["x-api-key"]',
];

/** JSON lines on stdout (or `destination`): one object per line with level, ISO time, pid and hostname. */
export function createLogger(level: LogLevel, destination?: DestinationStream): GatewayLogger {
  return pino(
    {
      level,
      name: 'gateway',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names ("info"), not numbers: what an operator greps for.
      formatters: { level: (label: string) => ({ level: label as Level }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/**
 * The logger a caller passed (tests pass quiet or capturing ones), completed: a `console`-like logger without
 * `error` or `debug` has errors written as warnings and debug lines dropped.
 */
export function gatewayLogger(logger: Logger): GatewayLogger {
  const full = logger as Partial<GatewayLogger> & Logger;
  if (typeof full.error === 'function' && typeof full.debug === 'function') return full as GatewayLogger;
  return {
    info: (...args: [object | string, string?]) => (logger.info as (...a: unknown[]) => void)(...args),
    warn: (...args: [object | string, string?]) => (logger.warn as (...a: unknown[]) => void)(...args),
    error: (...args: [object | string, string?]) => (logger.warn as (...a: unknown[]) => void)(...args),
    debug: () => {},
  } as GatewayLogger;
}

/**
 * What may be logged of an unexpected error: its class and where it was thrown. Not its message, which can quote
 * the input it choked on (JSON.parse quotes the text, a failed URL its address).
 */
export function errorForLog(err: unknown): { type: string; stack?: string } {
  if (!(err instanceof Error)) return { type: typeof err };
  const frames = err.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: err.name,
    ...(frames && frames.length > 0 ? { stack: frames.slice(0, 8).join('\n') } : {}),
  };
}
