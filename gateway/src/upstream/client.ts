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
}

/** Section 8: the error field of the body, else its message field, else 'An error occurred'. */
export function upstreamMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return 'An error occurred';
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
    if (response.statusCode >= 500) throw upstreamUnavailable();
    if (response.statusCode >= 400)
      throw gatewayError(codeForStatus(response.statusCode), upstreamMessage(body));
    // Section 5: a body with an error field counts as failed, whatever the status.
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
