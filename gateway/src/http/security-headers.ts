import { createHash } from 'node:crypto';

/**
 * What every response of the gateway carries: no content sniffing (a JSON response is never run as a script or shown as
 * a page), no referrer sent onwards, and no framing by any page (clickjacking GraphiQL). Responses other than
 * GraphiQL are data, never a document: their policy allows nothing at all.
 */
const COMMON_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};
const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The SHA-256 source expression of each inline <script> of a page (what a policy lists to let exactly those run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script\s*>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * GraphiQL's page is one document with everything inline (Yoga's render-graphiql: its script, its styles, fonts and
 * icons as data: addresses, editor workers from blob: addresses), talking only to its own origin (POST for
 * queries, GET event streams for subscriptions). Its policy lets exactly its own inline script run, by hash, and
 * nothing from elsewhere. Styles stay 'unsafe-inline': the editor adds style elements as it runs.
 */
export function graphiqlPolicy(html: string): string {
  return [
    "default-src 'none'",
    `script-src ${inlineScriptHashes(html).join(' ')}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    'worker-src blob:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface GraphiqlPage {
  /** Yoga's `renderGraphiQL` option: renders the page and remembers its policy. */
  render(options: object): string;
  /** The policy of the page last rendered. */
  policy(): string;
}

/**
 * Wraps a GraphiQL renderer so the page's policy can name its script's hash. The page is the same for the same
 * options (the gateway has one set), so it is rendered and hashed once, not on every load (it is about 9 MB).
 */
export function graphiqlPage(render: (options: object) => string): GraphiqlPage {
  let last: { key: string; html: string; policy: string } | null = null;
  return {
    render(options) {
      const key = JSON.stringify(options);
      if (last?.key !== key) {
        const html = render(options);
        last = { key, html, policy: graphiqlPolicy(html) };
      }
      return last.html;
    },
    policy: () => last?.policy ?? DATA_POLICY,
  };
}

/** The security headers on every response: GraphiQL's page gets its own policy, everything else the data policy. */
export function securityHeaders(graphiql: GraphiqlPage, headers: Headers): void {
  for (const [name, value] of Object.entries(COMMON_HEADERS)) headers.set(name, value);
  const isPage = /^text\/html\b/i.test(headers.get('content-type') ?? '');
  headers.set('Content-Security-Policy', isPage ? graphiql.policy() : DATA_POLICY);
}
