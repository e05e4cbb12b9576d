import http from 'node:http';
import https from 'node:https';
import got, { RequestError, type Got, type Method } from 'got';
import type { GatewayConfig } from '../config.js';
import { gatewayError, upstreamUnavailable, type ErrorCode } from '../errors.js';

export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The caller's session token; left out for public resources so their answers can be shared. */
  token?: string | null;
  csrf?: string | null;
  json?: unknown;
  idempotencyKey?: string;
  /**
   * Players read the backend's own message when this call fails, even on a 5xx (a game launch: its alert shows the
   * server's error message, docs/rules.md#error-messages). Other calls mask 5xx bodies, which may say anything.
   */
  showServerMessage?: boolean;
}

/** The error field of the body, else its message field, else 'An error occurred' (docs/rules.md#error-messages). */
export function upstreamMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return 'An error occurred';
}

/** snake_case and dotted field names of the backend's 422 `errors` as the schema's input fields (date_of_birth → dateOfBirth). */
const inputFieldName = (field: string) =>
  field.replace(/[._]([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * The backend's per-field validation messages (Laravel's 422 `errors`: field → messages), keyed by the input's
 * field names so a form can show each beside its input; null when the answer has none.
 */
export function fieldErrors(body: unknown): Record<string, string[]> | null {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && m.length > 0,
    );
    if (list.length > 0) fields[inputFieldName(field)] = list.slice(0, 10);
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'UPSTREAM_UNAVAILABLE';
  return 'BAD_USER_INPUT';
}

/**
 * The one HTTP client to the casino backend: keep-alive, a time bound per call, retries only for idempotent GETs
 * that failed in transit or with 502-504, and the backend's answers turned into typed GraphQL errors. Tokens travel
 * in headers only and are never logged.
 */
export class UpstreamClient {
  private readonly got: Got;

  constructor(readonly config: GatewayConfig) {
    this.got = got.extend({
      prefixUrl: config.casinoApiUrl,
      agent: {
        http: new http.Agent({ keepAlive: true, maxSockets: 256 }),
        https: new https.Agent({ keepAlive: true, maxSockets: 256 }),
      },
      timeout: { request: config.upstreamTimeoutMs },
      retry: {
        limit: 1,
        methods: ['GET'],
        statusCodes: [502, 503, 504],
        errorCodes: ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'EAI_AGAIN'],
        calculateDelay: ({ computedValue }) => (computedValue ? 50 : 0),
      },
      throwHttpErrors: false,
      responseType: 'text',
    });
  }

  async call(call: UpstreamCall): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.csrf) headers['x-csrf-token'] = call.csrf;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    let response;
    try {
      response = await this.got(call.path.replace(/^\//, ''), {
        method: call.method as Method,
        headers,
        ...(call.json !== undefined ? { json: call.json } : {}),
      });
    } catch (err) {
      if (err instanceof RequestError) throw upstreamUnavailable();
      throw err;
    }
    let body: unknown = null;
    try {
      body = response.body ? JSON.parse(response.body) : null;
    } catch {
      throw upstreamUnavailable();
    }
    if (response.statusCode >= 500) {
      const own = call.showServerMessage ? upstreamMessage(body) : null;
      throw own && own !== 'An error occurred'
        ? gatewayError('UPSTREAM_UNAVAILABLE', own)
        : upstreamUnavailable();
    }
    if (response.statusCode >= 400) {
      const fields = response.statusCode === 422 ? fieldErrors(body) : null;
      throw gatewayError(codeForStatus(response.statusCode), upstreamMessage(body), fields ? { fields } : {});
    }
    // A body with an error field counts as failed, whatever the status (docs/rules.md#error-messages).
    if (
      body &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      'error' in body &&
      (body as { error: unknown }).error
    ) {
      throw gatewayError('BAD_USER_INPUT', upstreamMessage(body));
    }
    return body;
  }

  /** True when the backend answers at all (for /readyz). */
  async ping(): Promise<boolean> {
    try {
      const res = await this.got('api/settings', { retry: { limit: 0 }, timeout: { request: 2000 } });
      return res.statusCode < 500;
    } catch {
      return false;
    }
  }
}
