/**
 * Which client sent a request: the partner whose key it carried, else what the request says of itself in the
 * `graphql-client-name` and `graphql-client-version` headers (the site sends its build version, web/src/shared/
 * client-identity.ts), else 'anonymous'. The name labels metrics, traces and usage (usage/recorder.ts), so what a
 * request claims is cleaned and bounded: a client inventing names cannot grow the gateway's memory or an operator's
 * time series without end.
 */

export interface RequestClient {
  readonly name: string;
  /** graphql-client-version when sent (cleaned, bounded), else null; a partner's is null. */
  readonly version: string | null;
}

export const CLIENT_NAME_HEADER = 'graphql-client-name';
export const CLIENT_VERSION_HEADER = 'graphql-client-version';

/** A request that names no client. */
export const ANONYMOUS: RequestClient = { name: 'anonymous', version: null };
/** What names and versions past the bounds count as. */
export const OTHER = 'other';
/** Distinct client names a process labels, besides partners ('anonymous' and 'other' not counted). */
export const MAX_CLIENT_NAMES = 20;
/** Distinct versions a process labels per client name. */
export const MAX_CLIENT_VERSIONS = 5;
const MAX_LENGTH = 40;
const UNSAFE = /[^A-Za-z0-9._-]+/g;

/** Letters, digits, '.', '_' and '-' only, at most 40 long; null when nothing is left. */
export function cleanLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(UNSAFE, '').slice(0, MAX_LENGTH);
  return cleaned === '' ? null : cleaned;
}

/** Where a request's self-description is read: HTTP headers, or graphql-ws's connection_init payload. */
type Claims = { get(key: string): unknown };

/**
 * The bounded names and versions one process labels with. Names past MAX_CLIENT_NAMES, and versions past
 * MAX_CLIENT_VERSIONS of a name, become 'other'; partners' names are not counted (there are as many as an operator
 * created, and each is labelled).
 */
export class ClientLabels {
  private readonly versions = new Map<string, Set<string>>();
  /** The last client made per name and version, so a request makes no object of its own. */
  private readonly made = new Map<string, RequestClient>();

  /** The client a request claims to be: its headers or connection_init payload (no partner: see clientOf). */
  claimed(claims: Claims): RequestClient {
    const name = cleanLabel(claims.get(CLIENT_NAME_HEADER));
    if (name === null) return ANONYMOUS;
    return this.labelled(name, cleanLabel(claims.get(CLIENT_VERSION_HEADER)));
  }

  /** The client of a request with headers (HTTP, or a socket's upgrade request). */
  ofHeaders(headers: Headers | Record<string, string | string[] | undefined>): RequestClient {
    if (typeof (headers as Headers).get === 'function') return this.claimed(headers as Headers);
    const record = headers as Record<string, string | string[] | undefined>;
    return this.claimed({ get: (key) => record[key] });
  }

  /**
   * A graphql-ws socket's client: the keys of its connection_init payload when it names one (a browser cannot set
   * the upgrade request's headers), else its upgrade request's headers.
   */
  ofSocket(
    connectionParams: Record<string, unknown> | undefined,
    upgradeHeaders: Record<string, string | string[] | undefined> | undefined,
  ): RequestClient {
    if (connectionParams && cleanLabel(connectionParams[CLIENT_NAME_HEADER]) !== null) {
      return this.claimed({ get: (key) => connectionParams[key] });
    }
    return upgradeHeaders ? this.ofHeaders(upgradeHeaders) : ANONYMOUS;
  }

  /** A partner (identified by its key): its name as it is, versionless. */
  partner(name: string): RequestClient {
    return this.memo(cleanLabel(name) ?? OTHER, null);
  }

  private labelled(name: string, version: string | null): RequestClient {
    let versions = this.versions.get(name);
    if (!versions) {
      if (name === ANONYMOUS.name || name === OTHER) return this.memo(name, null);
      if (this.versions.size >= MAX_CLIENT_NAMES) return this.memo(OTHER, null);
      this.versions.set(name, (versions = new Set()));
    }
    if (version === null || versions.has(version)) return this.memo(name, version);
    if (versions.size >= MAX_CLIENT_VERSIONS) return this.memo(name, OTHER);
    versions.add(version);
    return this.memo(name, version);
  }

  private memo(name: string, version: string | null): RequestClient {
    const key = version === null ? name : `${name}\n${version}`;
    let client = this.made.get(key);
    if (!client) this.made.set(key, (client = { name, version }));
    return client;
  }
}

/**
 * The client of an execution's context: the partner the partners plugin found (read defensively: a context made
 * outside a request has none), else the one the context was made with (server.ts contextOf).
 */
export function clientOf(contextValue: unknown): RequestClient {
  const ctx = contextValue as { partner?: { name?: unknown } | null; client?: RequestClient } | null;
  const partner = ctx?.partner?.name;
  if (typeof partner === 'string') {
    const client = ctx!.client;
    // Made once per context: the partners plugin sets its partner after the context is made.
    if (client?.name === partner && client.version === null) return client;
    return (ctx!.client = { name: cleanLabel(partner) ?? OTHER, version: null });
  }
  return ctx?.client ?? ANONYMOUS;
}
