import { z } from 'zod';

/**
 * What `npm run usage -- export` writes and `npm run schema:check -- --usage FILE` reads: the gateway's usage,
 * aggregated per hour, per client and per operation, with the schema coordinates each operation used.
 */
export const USAGE_FORMAT = 'playlive-usage/1';

export const UsageEntry = z.object({
  /** The hour the requests were made in (its start, ISO 8601 UTC). */
  hour: z.iso.datetime(),
  /** The partner's name, the site's graphql-client-name (bounded; 'other' past the bound), or 'anonymous'. */
  client: z.string().min(1),
  /** graphql-client-version when the client sent one (bounded), else null. */
  clientVersion: z.string().nullable(),
  /** The operation's name, or null for an anonymous operation. */
  operationName: z.string().nullable(),
  /** SHA-256 (hex) of the operation's document text: what `npm run partner -- publish` registers it by. */
  operationHash: z.string().regex(/^[0-9a-f]{64}$/),
  requests: z.number().int().min(0),
  /** Requests whose response carried errors. */
  errors: z.number().int().min(0),
  /** The sum of the operations' costs (operations/cost.ts). */
  cost: z.number().int().min(0),
  /**
   * Schema coordinates the operation used, with how many requests used each: `Type.field`, `Type.field(arg:)`,
   * `Enum.VALUE`, `Input.field`.
   */
  coordinates: z.record(z.string(), z.number().int().min(0)),
});
export type UsageEntry = z.infer<typeof UsageEntry>;

export const UsageExport = z.object({
  format: z.literal(USAGE_FORMAT),
  exportedAt: z.iso.datetime(),
  entries: z.array(UsageEntry),
});
export type UsageExport = z.infer<typeof UsageExport>;
