import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { Partner } from './partner.js';

/**
 * Each partner's trusted operations: the documents `npm run partner -- publish` registered for it, by the SHA-256
 * (hex) of each one's exact text, as automatic persisted query clients (Apollo's APQ) hash what they send. With
 * PERSISTED_OPERATIONS_ONLY a partner's key runs those and nothing else, sent as text or by hash; in development any
 * document runs, and a registered hash is served too.
 */

/** The hash a document is registered and sent by: the SHA-256 of its exact text, in hex. */
export const operationHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What a request names its document by, besides its text: APQ's `extensions.persistedQuery.sha256Hash`. */
function hashOf(extensions: unknown): string | null {
  const persisted = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)
    ?.persistedQuery;
  const hash = persisted?.sha256Hash;
  return typeof hash === 'string' && hash.length > 0 ? hash.slice(0, 128) : null;
}

const refusal = (message: string, code: string, partner: Partner, hash: string) =>
  new GraphQLError(message, {
    extensions: { code, operationHash: hash, partner: partner.name, http: { status: 400, spec: true } },
  });

export const trustedRefusals = {
  /** A document sent as text that is not one of the partner's registered ones (production). */
  notRegistered: (partner: Partner, hash: string) =>
    refusal(
      `This operation is not registered for partner ${partner.name}: publish it (npm run partner -- publish ${partner.name} FILE.graphql) and send it again. Its hash is ${hash}.`,
      'PERSISTED_QUERY_NOT_REGISTERED',
      partner,
      hash,
    ),
  /** A hash that names none of the partner's registered documents. */
  notFound: (partner: Partner, hash: string) =>
    refusal(
      `No operation with the hash ${hash} is registered for partner ${partner.name}: send its text, or publish it first.`,
      'PERSISTED_QUERY_NOT_FOUND',
      partner,
      hash,
    ),
};

/** A request's parameters as far as its document goes (HTTP's GraphQL parameters, a graphql-ws subscribe payload). */
export interface DocumentParams {
  query?: string | null | undefined;
  extensions?: unknown;
}

/**
 * The document a partner's request runs, or the error refusing it; null when it names none (no text, no hash: the
 * caller's "send a query" refusal). Sent as text: with `only`, its hash must be registered. Sent by hash (or by
 * doc_id, `id`): the partner's registered document; in development, failing that, the site's (`site`).
 */
export function partnerDocument(
  partner: Partner,
  only: boolean,
  params: DocumentParams,
  id: string | null,
  site: (id: string) => string | null,
): string | GraphQLError | null {
  const { query } = params;
  if (typeof query === 'string' && query !== '') {
    if (!only) return query;
    const hash = operationHash(query);
    return partner.operations.has(hash) ? query : trustedRefusals.notRegistered(partner, hash);
  }
  const hash = hashOf(params.extensions) ?? id;
  if (hash === null) return null;
  const registered = partner.operations.get(hash);
  if (registered !== undefined) return registered;
  const siteDocument = only ? null : site(hash);
  return siteDocument ?? trustedRefusals.notFound(partner, hash);
}
