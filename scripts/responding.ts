/** One thing the orchestrator asks before it says the site is running. */
export interface Check {
  /** What a person is told did not respond, e.g. "the gateway (http://127.0.0.1:4000/readyz)". */
  what: string;
  /** True once it responds as it should; throwing or false means not yet. */
  ok(): Promise<boolean>;
}

/** How long one check may take before it counts as no response. */
const CHECK_TIMEOUT_MS = 3_000;
const RETRY_MS = 200;

/**
 * Runs the checks in order until all respond, or fails after `timeoutMs` naming the first that did not. In order,
 * so a later check (GraphQL through the site) is not run before the earlier ones it needs (the gateway) respond.
 * `stopped` ends the wait early (a part exited: the orchestrator is already shutting down).
 */
export async function waitUntilResponding(
  checks: Check[],
  options: { timeoutMs: number; stopped: () => boolean },
): Promise<void> {
  const until = Date.now() + options.timeoutMs;
  for (const check of checks) {
    while (!(await check.ok().catch(() => false))) {
      if (options.stopped()) return;
      if (Date.now() > until) {
        const what = check.what[0]!.toUpperCase() + check.what.slice(1);
        throw new Error(`${what} did not respond within ${options.timeoutMs / 1000} s.`);
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
  }
}

/** GET (or POST with a JSON body) that must respond within CHECK_TIMEOUT_MS with a status `accept` allows. */
export async function responds(
  url: string,
  accept: (res: Response) => boolean | Promise<boolean>,
  body?: unknown,
): Promise<boolean> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  });
  try {
    return await accept(res);
  } finally {
    await res.body?.cancel().catch(() => undefined);
  }
}
