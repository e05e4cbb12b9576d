import { badInput } from './errors.js';

/** Relay global IDs: base64url of "Type:id", opaque to clients. */
export function toGlobalId(type: string, id: string | number): string {
  return Buffer.from(`${type}:${id}`).toString('base64url');
}

/**
 * The type name and id inside a global ID, or null for anything toGlobalId would not have written: each object has
 * exactly one global ID, so a second spelling of it (other base64 padding or trailing bits, bytes that are not
 * UTF-8) names nothing. The type is a GraphQL type name; whether it is one of ours is the caller's lookup.
 */
export function fromGlobalId(globalId: string): { type: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  if (Buffer.from(decoded).toString('base64url') !== globalId) return null;
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  const type = decoded.slice(0, colon);
  if (!/^[A-Z][A-Za-z]{0,63}$/.test(type)) return null;
  return { type, id: decoded.slice(colon + 1) };
}

/**
 * A numeric id as the gateway writes one: digits without a sign, leading zero, exponent, hex prefix or spaces, so
 * `Tournament:0x1`, `Game:01`, `Tournament: 1` or `Tournament:1e3` do not find tournament 1 (or 1000) under an ID
 * that is not its own. Null otherwise.
 */
export function canonicalNumericId(id: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const n = Number(id);
  return Number.isSafeInteger(n) ? n : null;
}

/** The numeric id inside a global ID of the expected type; BAD_USER_INPUT otherwise. */
export function numericIdOf(globalId: string, type: string, argument = 'id'): number {
  const parsed = fromGlobalId(globalId);
  const n = parsed?.type === type ? canonicalNumericId(parsed.id) : null;
  if (n === null) throw badInput(`${argument} is not a ${type} ID.`);
  return n;
}

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

export const MAX_PAGE_SIZE = 100;

export const cursorOf = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

function offsetOf(cursor: string): number {
  const m = /^offset:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw badInput('after is not a cursor from this list.');
  return Number(m[1]);
}

/** The part of a list a connection's arguments ask for: its first offset and its size (both checked). */
export function pageOf(args: ConnectionArgs): { start: number; first: number } {
  const first = args.first ?? 30;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PAGE_SIZE) {
    throw badInput(`first must be between 0 and ${MAX_PAGE_SIZE}.`);
  }
  return { start: args.after ? offsetOf(args.after) + 1 : 0, first };
}

/** A Relay connection over one part of a longer list: the items from offset `start`, and the list's length. */
export function connectionFromSlice<T>(slice: readonly T[], start: number, total: number) {
  const edges = slice.map((node, i) => ({ cursor: cursorOf(start + i), node }));
  return {
    edges,
    totalCount: total,
    pageInfo: {
      hasNextPage: start + slice.length < total,
      hasPreviousPage: start > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

/** A Relay connection over a list already in order: edges, cursors, PageInfo and the total count. */
export function connectionFromArray<T>(items: readonly T[], args: ConnectionArgs) {
  const { start, first } = pageOf(args);
  return connectionFromSlice(items.slice(start, start + first), start, items.length);
}
