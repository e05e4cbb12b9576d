import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/**
 * Headers that describe one connection, not the message (RFC 9110 section 7.6.1, plus the `Keep-Alive` and
 * `Proxy-Connection` of older clients): a proxy must not pass them on, in either direction. `Transfer-Encoding`
 * above all: the site server frames what it sends itself, and a framing header copied from the other side is how
 * request smuggling and a connection left mid-message begin.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** The header names a `Connection` header lists: each names a header of this connection only. */
function namedByConnection(connection: string | string[] | undefined): Set<string> {
  const value = Array.isArray(connection) ? connection.join(',') : (connection ?? '');
  return new Set(
    value
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * The end-to-end headers of a message: everything but the hop-by-hop ones, `Proxy-*`, and any header its
 * `Connection` names. Node gives header names in lower case.
 */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = namedByConnection(headers.connection);
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name.startsWith('proxy-') || named.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}
