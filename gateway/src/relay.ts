import { badInput } from './errors.js';

/** Relay global IDs: base64url of "Type:id", opaque to clients. */
export function toGlobalId(type: string, id: string | number): string {
  return Buffer.from(`${type}:${id}`).toString('base64url');
}

export function fromGlobalId(globalId: string): { type: string; id: string } | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(globalId)) return null;
  const decoded = Buffer.from(globalId, 'base64url').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { type: decoded.slice(0, colon), id: decoded.slice(colon + 1) };
}

/** The numeric id inside a global ID of the expected type; BAD_USER_INPUT otherwise. */
export function numericIdOf(globalId: string, type: string, argument = 'id'): number {
  const parsed = fromGlobalId(globalId);
  const n = parsed?.type === type ? Number(parsed.id) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw badInput(`${argument} is not a ${type} ID.`);
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
