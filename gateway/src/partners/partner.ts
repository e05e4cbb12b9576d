/**
 * Partners: the tools of other companies that call the gateway with an API key (X-Api-Key). The shared shape every
 * part reads (identification, trusted operations, budgets, usage); where partners are kept is ./store.ts.
 */

/** One partner as the gateway sees it (no key in it: keys are kept only as hashes, in the store). */
export interface Partner {
  /** Its name: lower-case letters, digits and -, 1-40 long (`npm run partner -- create NAME`). */
  readonly name: string;
  /**
   * Browser origins its key may be used from (a request with another Origin is refused); empty: its key is for
   * servers only, and a request carrying an Origin header is refused.
   */
  readonly origins: readonly string[];
  /** Requests per minute (`--rate N`), across every replica. */
  readonly ratePerMinute: number;
  /** Operation cost per minute (`--cost N`), across every replica: the sum of the costs of its operations. */
  readonly costPerMinute: number;
  /** Its registered operations (`npm run partner -- publish NAME FILE.graphql`): SHA-256 (hex) of the text -> text. */
  readonly operations: ReadonlyMap<string, string>;
}

/**
 * Defaults for `npm run partner -- create` without --rate or --cost: as many requests as one address may send
 * (rate-limits/rules.ts OPERATIONS_PER_IP), and a cost budget of 20 operations at the maximum cost a minute
 * (operations/limits.ts maxCost 3,000), or 200 of the catalogue page's query (cost about 300).
 */
export const PARTNER_DEFAULTS = { ratePerMinute: 600, costPerMinute: 60_000 } as const;
