import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request, type Dispatcher } from 'undici';
import type { GatewayConfig } from '../config.js';
import {
  gatewayError,
  outcomeUnknown,
  upstreamUnavailable,
  type ErrorCode,
  type SaferGamblingCode,
} from '../errors.js';
import { CircuitBreakers, CircuitOpenError, upstreamResource, type CircuitState } from './circuit-breaker.js';
import { paymentOutcomeUnknown } from './write-outcome.js';
import { observeUpstreamCall, type UpstreamObserver } from './call-telemetry.js';
import type { KeptParser } from './parse.js';
import { REQUEST_ID_HEADER } from '../http/request-id.js';

export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The caller's session token; left out for public resources so their responses can be shared. */
  token?: string | null;
  csrf?: string | null;
  json?: unknown;
  idempotencyKey?: string;
  /**
   * Players read the backend's own message when this call fails, even on a 5xx (a game launch: its alert shows the
   * server's error message, docs/rules.md#error-messages). Other calls mask 5xx bodies, which may say anything.
   */
  showServerMessage?: boolean;
  /** The gateway request this call is for (sent as X-Request-Id, so the backend's logs can be matched to ours). */
  requestId?: string;
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
 * field names so a form can show each beside its input; null when the response has none.
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

/**
 * Why a session ended, as the casino's 401 says (docs/rules.md#sign-in-and-sessions), passed on as the error's
 * `extensions.reason`; null when it gives none or one this gateway does not know.
 */
const SESSION_END_REASONS = new Set([
  'signed_out',
  'password_reset',
  'signed_in_elsewhere',
  'expired',
  // The player excluded themselves (on any device): every session of theirs ends (docs/rules.md#safer-gambling).
  'self_excluded',
]);
function sessionEndReason(body: unknown): string | null {
  const reason = body && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined;
  return typeof reason === 'string' && SESSION_END_REASONS.has(reason) ? reason : null;
}

const SAFER_GAMBLING_CODES: Record<string, SaferGamblingCode> = {
  deposit_limit_reached: 'DEPOSIT_LIMIT_REACHED',
  loss_limit_reached: 'LOSS_LIMIT_REACHED',
  session_limit_reached: 'SESSION_LIMIT_REACHED',
  taking_a_break: 'TAKING_A_BREAK',
  self_excluded: 'SELF_EXCLUDED',
  reality_check_due: 'REALITY_CHECK_DUE',
};
const LIMIT_PERIODS: Record<string, 'DAY' | 'WEEK' | 'MONTH'> = { day: 'DAY', week: 'WEEK', month: 'MONTH' };

/**
 * The casino's safer-gambling refusal (docs/rules.md#safer-gambling): a 4xx whose body carries
 * `safer_gambling: { code, period, resets_at }`, whichever call it answers (a deposit, a launch, a spin, a coupon, a
 * tournament join, a sign-in). Its code upper-cased, with `resetsAt` (when the player may go on, ISO in UTC) and,
 * for a limit, `period` (DAY, WEEK or MONTH). Null for any other body, or a code this gateway does not know (then the
 * status decides, as for any refusal).
 */
function saferGamblingRefusal(
  body: unknown,
): { code: SaferGamblingCode; extensions: { resetsAt: string | null; period?: string } } | null {
  const refusal =
    body && typeof body === 'object' ? (body as { safer_gambling?: unknown }).safer_gambling : null;
  if (!refusal || typeof refusal !== 'object') return null;
  const { code, period, resets_at } = refusal as { code?: unknown; period?: unknown; resets_at?: unknown };
  const known = typeof code === 'string' ? SAFER_GAMBLING_CODES[code] : undefined;
  if (!known) return null;
  const at = typeof resets_at === 'string' ? new Date(resets_at) : null;
  const limitPeriod = typeof period === 'string' ? LIMIT_PERIODS[period] : undefined;
  return {
    code: known,
    extensions: {
      resetsAt: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
      ...(limitPeriod ? { period: limitPeriod } : {}),
    },
  };
}

/** The casino's document kinds as the schema's VerificationDocumentKind names them. */
const DOCUMENT_KINDS: Record<string, string> = {
  identity: 'IDENTITY',
  proof_of_address: 'PROOF_OF_ADDRESS',
  bank_statement: 'BANK_STATEMENT',
};
const VERIFICATION_STATUSES = new Set(['unverified', 'pending', 'verified', 'rejected']);

/**
 * What a refusal says is missing of the player's FICA documents (docs/rules.md#know-your-player): its `missing` kinds
 * as the schema's VerificationDocumentKind names them (IDENTITY, PROOF_OF_ADDRESS), passed on as
 * `extensions.missing`; null when the body has no such list. A kind this gateway does not know is left out.
 */
function missingDocuments(body: unknown): string[] | null {
  const missing = body && typeof body === 'object' ? (body as { missing?: unknown }).missing : undefined;
  if (!Array.isArray(missing)) return null;
  return missing.flatMap((kind) =>
    typeof kind === 'string' && DOCUMENT_KINDS[kind] ? [DOCUMENT_KINDS[kind]] : [],
  );
}

/**
 * The casino's refusal of a withdrawal by a player it has not verified (403 `{code: 'verification_required', missing,
 * verification_status}`): VERIFICATION_REQUIRED with `extensions.missing` and `extensions.verificationStatus`
 * (VerificationStatus's name: PENDING while the documents are being reviewed). Null for any other body.
 */
function verificationRefusal(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object') return null;
  const { code, verification_status: status } = body as { code?: unknown; verification_status?: unknown };
  if (code !== 'verification_required') return null;
  return {
    missing: missingDocuments(body) ?? [],
    ...(typeof status === 'string' && VERIFICATION_STATUSES.has(status)
      ? { verificationStatus: status.toUpperCase() }
      : {}),
  };
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'UPSTREAM_UNAVAILABLE';
  return 'BAD_USER_INPUT';
}

/** Transit failures worth one more try of an idempotent read: the connection broke or was refused. */
const RETRYABLE_ERRORS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const RETRYABLE_STATUSES = new Set([502, 503, 504]);
const RETRY_DELAY_MS = 50;

/** How the backend responded to a readiness ping (UpstreamClient.ping). */
export type BackendState = 'up' | 'slow' | 'failing' | 'down';
/** The longest a readiness ping waits for a response. */
const PING_BOUND_MS = 1000;

/** The error code of a failed undici call (its own, or its cause's: a refused connection is wrapped). */
const errorCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * One request and its whole response (status and text), dispatched on the pool with a handler that only collects the
 * body. undici's `request` wraps each response in a Readable stream, an AsyncResource and parsed headers, which
 * `body.text()` then drains; none of that is needed for a JSON body read whole. The pool's time bounds
 * (headersTimeout, bodyTimeout) and errors are the same: a failure reaches onError with its code.
 */
function exchange(
  dispatcher: Dispatcher,
  base: { origin: string; path: string },
  call: UpstreamCall,
  headers: Record<string, string>,
  body: string | null,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let status = 0;
    const chunks: Buffer[] = [];
    dispatcher.dispatch(
      { origin: base.origin, path: base.path + call.path, method: call.method, headers, body },
      {
        onConnect() {},
        // Called again for each 1xx before the final response: only the last status counts.
        onHeaders(statusCode) {
          status = statusCode;
          return true;
        },
        onData(chunk) {
          chunks.push(chunk);
          return true;
        },
        onComplete() {
          const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
          // As undici's body.text() reads it: a byte-order mark is not part of the text.
          resolve({ status, text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text });
        },
        onError: reject,
      },
    );
  });
}

/**
 * The one HTTP client to the casino backend: keep-alive, a time bound per call, retries only for idempotent GETs
 * that failed in transit or with 502-504, and the backend's responses turned into typed GraphQL errors. Tokens travel
 * in headers only and are never logged.
 *
 * It is undici's keep-alive pool, dispatched to directly (exchange): every response the gateway gives waits on these
 * calls, and got (used before) cost 0.3 ms of CPU and two socket writes per call where undici's `request` cost about
 * a third and one; dispatching without `request`'s response stream took about 0.1 ms more off each wallet query.
 */
export class UpstreamClient {
  private readonly dispatcher: Agent;
  /** The readiness pings' own connections, one per ping (see ping). */
  private readonly pingDispatcher: Agent;
  private readonly origin: string;
  /** CASINO_API_URL as the pool is asked for it: its origin, and the path (if any) every call's path follows. */
  private readonly base: { origin: string; path: string };
  /** One circuit per upstream resource: a resource that keeps failing is refused at once (circuit-breaker.ts). */
  private readonly breakers: CircuitBreakers;
  /** Told of every token the casino responds 401 to (see whenSessionRefused). */
  private sessionRefused: ((token: string, reason: string | null) => void) | null = null;

  constructor(
    readonly config: GatewayConfig,
    logger: Pick<Console, 'info' | 'warn'> = console,
    /** Told of every call's status and duration (metrics.ts). */
    private readonly observe: UpstreamObserver | null = null,
  ) {
    this.origin = config.casinoApiUrl.replace(/\/$/, '');
    const url = new URL(this.origin);
    this.base = { origin: url.origin, path: url.pathname.replace(/\/$/, '') };
    this.breakers = new CircuitBreakers({
      failureThreshold: config.circuitFailureThreshold,
      resetMs: config.circuitResetMs,
      onChange: (resource, state) =>
        state === 'open'
          ? logger.warn(
              `upstream circuit open: ${resource} refused for ${config.circuitResetMs} ms, then probed`,
            )
          : logger.info(`upstream circuit closed: ${resource} responds again`),
    });
    this.pingDispatcher = new Agent({
      pipelining: 0,
      connect: { timeout: Math.ceil(Math.min(PING_BOUND_MS, config.upstreamTimeoutMs) / 2) },
    });
    this.dispatcher = new Agent({
      connections: 256,
      keepAliveTimeout: 10_000,
      // The bound: no response within it, or a body that stalls as long, fails the call.
      headersTimeout: config.upstreamTimeoutMs,
      bodyTimeout: config.upstreamTimeoutMs,
    });
  }

  /** The status and text of one call, with one retry of a GET that failed in transit or with 502-504. */
  private async send(
    call: UpstreamCall,
    headers: Record<string, string>,
  ): Promise<{ status: number; text: string }> {
    const retries = call.method === 'GET' ? 1 : 0;
    const body = call.json !== undefined ? JSON.stringify(call.json) : null;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await exchange(this.dispatcher, this.base, call, headers, body);
        if (attempt < retries && RETRYABLE_STATUSES.has(response.status)) {
          await sleep(RETRY_DELAY_MS);
          continue;
        }
        return response;
      } catch (err) {
        if (attempt < retries && RETRYABLE_ERRORS.has(errorCode(err) ?? '')) {
          await sleep(RETRY_DELAY_MS);
          continue;
        }
        // Only GETs are tried again: a payment's retry is the client's, with the same idempotency key.
        throw paymentOutcomeUnknown(call, { code: errorCode(err) })
          ? outcomeUnknown()
          : upstreamUnavailable();
      }
    }
  }

  /** One call's parsed body; a failed call throws its GraphQL error (see respond and interpret). */
  async call(call: UpstreamCall): Promise<unknown> {
    return this.interpret(call, await this.respond(call));
  }

  /**
   * One call's body read by `parse`; a 200 response with a text `parse` has read before gives the value it gave
   * then, without parsing the text again (parse.ts, keptByText). Any other status is interpreted as by `call`.
   */
  async read<T>(call: UpstreamCall, parse: KeptParser<T>): Promise<T> {
    const response = await this.respond(call);
    const kept = response.status === 200 ? parse.kept(response.text) : undefined;
    if (kept !== undefined) return kept;
    const value = parse(this.interpret(call, response));
    if (response.status === 200) parse.keep(response.text, value);
    return value;
  }

  /** The call sent (under its circuit, trace span and metrics): its status and text. */
  private respond(call: UpstreamCall): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.csrf) headers['x-csrf-token'] = call.csrf;
    if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
    if (call.requestId) headers[REQUEST_ID_HEADER] = call.requestId;
    if (call.json !== undefined) headers['content-type'] = 'application/json';
    // Transit errors and timeouts (send throws) and 5xx count against the resource's circuit; a 4xx is the backend
    // responding. While the circuit is open the call is not sent and fails as the backend being down does.
    const resource = upstreamResource(call.method, call.path);
    return observeUpstreamCall(call, headers, this.observe, () =>
      this.breakers.run(
        resource,
        () => this.send(call, headers),
        (r) => r.status >= 500,
      ),
    ).catch((err: unknown) => {
      throw err instanceof CircuitOpenError ? upstreamUnavailable() : err;
    });
  }

  /** A response as the call's outcome: its parsed body, or the GraphQL error its status or body stands for. */
  private interpret(call: UpstreamCall, response: { status: number; text: string }): unknown {
    if (paymentOutcomeUnknown(call, { status: response.status })) throw outcomeUnknown();
    let body: unknown = null;
    try {
      body = response.text ? JSON.parse(response.text) : null;
    } catch {
      throw upstreamUnavailable();
    }
    if (response.status >= 500) {
      const own = call.showServerMessage ? upstreamMessage(body) : null;
      throw own && own !== 'An error occurred'
        ? gatewayError('UPSTREAM_UNAVAILABLE', own)
        : upstreamUnavailable();
    }
    // A 401 to any call means the session is over (docs/rules.md), whichever request or check sent it.
    if (response.status === 401 && call.token) this.sessionRefused?.(call.token, sessionEndReason(body));
    if (response.status >= 400) {
      const refusal = saferGamblingRefusal(body);
      if (refusal) throw gatewayError(refusal.code, upstreamMessage(body), refusal.extensions);
      const unverified = verificationRefusal(body);
      if (unverified) throw gatewayError('VERIFICATION_REQUIRED', upstreamMessage(body), unverified);
      const fields = response.status === 422 ? fieldErrors(body) : null;
      const reason = response.status === 401 ? sessionEndReason(body) : null;
      // A submission of FICA documents with one missing (422 {error, missing}) says which.
      const missing = response.status === 422 ? missingDocuments(body) : null;
      throw gatewayError(codeForStatus(response.status), upstreamMessage(body), {
        ...(fields ? { fields } : reason ? { reason } : {}),
        ...(missing ? { missing } : {}),
      });
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

  /** `listener` hears of each token the casino responds 401 to: its session is over (realtime/session-ends.ts). */
  whenSessionRefused(listener: (token: string, reason: string | null) => void): void {
    this.sessionRefused = listener;
  }

  /** Each upstream resource called so far and its circuit's state (for metrics and /readyz). */
  circuits(): { resource: string; state: CircuitState }[] {
    return this.breakers.states();
  }

  /**
   * How the backend responds to a cheap public read now (for /readyz; past the circuits, which it must see through):
   * - up: it responded (below 500) within the bound;
   * - slow: it took the connection but gave no response within the bound (it may still respond: calls wait longer);
   * - failing: it responded with a 5xx;
   * - down: it could not be reached (refused, unknown host, no connection within the bound, connection dropped).
   * The bound is the shorter of a second and the calls' own, so a balancer's probe (often a second or two) hears
   * back in time. Each ping opens its own connection (no keep-alive): that the backend accepts one is what is asked.
   */
  async ping(): Promise<BackendState> {
    const boundMs = Math.min(PING_BOUND_MS, this.config.upstreamTimeoutMs);
    const deadline = AbortSignal.timeout(boundMs);
    try {
      const { statusCode, body } = await request(`${this.origin}/api/settings`, {
        dispatcher: this.pingDispatcher,
        signal: deadline,
      });
      await body.dump();
      return statusCode >= 500 ? 'failing' : 'up';
    } catch {
      // Connecting has half the bound (undici's connect timeout, a "down"), so the deadline passing means the
      // backend took the connection and has not responded yet.
      return deadline.aborted ? 'slow' : 'down';
    }
  }

  /**
   * Closes the pooled connections (the gateway is stopping). Calls still running are abandoned: by now every player's
   * request has been answered or, past the shutdown's grace period, cut off (server.ts closeGateway).
   */
  async close(): Promise<void> {
    await Promise.all([this.dispatcher.destroy(), this.pingDispatcher.destroy()]);
  }
}
