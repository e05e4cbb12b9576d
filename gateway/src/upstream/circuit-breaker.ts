/**
 * Circuit breakers for the casino backend, one per upstream resource ("GET /api/tournaments/:id"): when one keeps
 * failing, calls to it are refused at once instead of each waiting out the upstream time bound, and one call at a
 * time probes it back.
 *
 * States: closed (calls go through; `failureThreshold` failures in a row open it), open (every call refused without
 * being sent, for `resetMs`), half-open (the next call is sent as a probe while the others are still refused; its
 * success closes the circuit, its failure opens it for another `resetMs`). What counts as a failure is the caller's
 * to say (the client: transit errors, timeouts and 5xx; never a 4xx, which is the backend responding).
 *
 * A small module rather than opossum: opossum counts only rejected promises (a 5xx here is a response whose body the
 * client still reads), opens on a percentage over a rolling window that keeps the failures and refusals from before
 * it closed (so one failure after a probe could open it again), and runs interval timers per breaker. This one keeps
 * two numbers per resource and reads the clock only when asked.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakersOptions {
  /** Failures in a row that open a circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before letting one probe through. */
  resetMs: number;
  /** Told when a circuit opens (after its threshold of failures) and when it closes (after a good probe). */
  onChange?: (resource: string, state: 'open' | 'closed') => void;
  now?: () => number;
}

/** The refusal of a call while its circuit is open: nothing was sent. */
export class CircuitOpenError extends Error {
  constructor(readonly resource: string) {
    super(`circuit open for ${resource}`);
  }
}

/**
 * The resource a call is counted under: method and path without the query, with ids and names the caller chose
 * replaced by placeholders, so every tournament shares one circuit and the number of circuits stays bounded.
 */
export function upstreamResource(method: string, path: string): string {
  const bare = path.split('?')[0]!;
  for (const [pattern, name] of NAMED_SEGMENTS) if (pattern.test(bare)) return `${method} ${name}`;
  return `${method} ${bare.replace(/\/\d+(?=\/|$)/g, '/:id')}`;
}

/** Paths whose free-form segments (slugs, providers, payment ids, actions) are not numbers. */
const NAMED_SEGMENTS: [RegExp, string][] = [
  [/^\/api\/news\/category\/[^/]+$/, '/api/news/category/:category'],
  [/^\/api\/news\/[^/]+$/, '/api/news/:slug'],
  [/^\/api\/wallet\/depositStatus\/[^/]+\/[^/]+$/, '/api/wallet/depositStatus/:provider/:paymentId'],
  [/^\/api\/tournaments\/\d+\/[^/]+$/, '/api/tournaments/:id/:action'],
  [/^\/api\/games\/\d+\/[^/]+$/, '/api/games/:id/:demo'],
];

/** More distinct resources than the backend has: past this, new ones share one circuit. */
const MAX_CIRCUITS = 200;
const OTHER = '(other resources)';

interface Circuit {
  state: CircuitState;
  /** Failures in a row while closed. */
  failures: number;
  /** When it last opened (the probe may go resetMs later). */
  openedAt: number;
  /** A probe is out: the other calls wait for its verdict by being refused. */
  probing: boolean;
}

export class CircuitBreakers {
  private readonly circuits = new Map<string, Circuit>();
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakersOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Runs `send` under the resource's circuit: refused with CircuitOpenError while it is open (send is not called),
   * otherwise its outcome is counted: a rejection, or a result `failed` says is one, as a failure.
   */
  async run<T>(resource: string, send: () => Promise<T>, failed: (result: T) => boolean): Promise<T> {
    const name = this.circuits.has(resource) || this.circuits.size < MAX_CIRCUITS ? resource : OTHER;
    const circuit = this.circuit(name);
    const probe = this.admit(circuit);
    if (probe === null) throw new CircuitOpenError(name);
    let ok = false;
    try {
      const result = await send();
      ok = !failed(result);
      return result;
    } finally {
      this.settle(name, circuit, probe, ok);
    }
  }

  /** Every circuit seen so far and its state (for metrics and /readyz). */
  states(): { resource: string; state: CircuitState }[] {
    return [...this.circuits].map(([resource, circuit]) => ({ resource, state: this.stateOf(circuit) }));
  }

  private circuit(name: string): Circuit {
    let circuit = this.circuits.get(name);
    if (!circuit) {
      circuit = { state: 'closed', failures: 0, openedAt: 0, probing: false };
      this.circuits.set(name, circuit);
    }
    return circuit;
  }

  /** An open circuit reads as half-open once its reset time has passed, before any call has come to probe it. */
  private stateOf(circuit: Circuit): CircuitState {
    if (circuit.state === 'open' && this.now() - circuit.openedAt >= this.options.resetMs) return 'half-open';
    return circuit.state;
  }

  /** Whether a call may go: false (an ordinary call), true (it is the probe), or null (refused). */
  private admit(circuit: Circuit): boolean | null {
    const state = this.stateOf(circuit);
    if (state === 'closed') return false;
    if (state === 'open' || circuit.probing) return null;
    circuit.state = 'half-open';
    circuit.probing = true;
    return true;
  }

  private settle(resource: string, circuit: Circuit, probe: boolean, ok: boolean): void {
    if (probe) {
      circuit.probing = false;
      if (ok) this.close(resource, circuit);
      // Still down: open for another resetMs, without another line in the log.
      else this.open(resource, circuit, false);
      return;
    }
    // A call sent before the circuit opened says nothing new: only the probe decides from here.
    if (circuit.state !== 'closed') return;
    if (ok) circuit.failures = 0;
    else if (++circuit.failures >= this.options.failureThreshold) this.open(resource, circuit, true);
  }

  private open(resource: string, circuit: Circuit, tell: boolean): void {
    circuit.state = 'open';
    circuit.openedAt = this.now();
    circuit.failures = 0;
    if (tell) this.options.onChange?.(resource, 'open');
  }

  private close(resource: string, circuit: Circuit): void {
    circuit.state = 'closed';
    circuit.failures = 0;
    this.options.onChange?.(resource, 'closed');
  }
}
