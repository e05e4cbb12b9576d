import { z } from 'zod';
import { isNotFound } from '../errors.js';
import type { TournamentEntryModel, TournamentModel } from '../models.js';
import { isoDate, optionalText, parseUpstream, randCents } from './parse.js';
import type { RequestUpstream } from './request-upstream.js';

/*
 * The tournaments resource: GET /api/tournaments, GET/POST /api/tournaments/{id}, PUT /api/tournaments/{id}/{action},
 * GET /api/tournamentProgress/{id}.
 *
 * Caching: the responses are personal when a token is sent (joined, my_entry): a player's reads go through
 * `upstream.read` (deduplicated within one request, never shared). A guest's list is shared for a few seconds only
 * (GUEST_LIST_TTL_MS): leaderboards move with every spin, and a screen that shows them follows tournamentUpdated,
 * whose refetches are never cached. The stage itself is computed by the gateway from its clock.
 */

const EntryJson = z.object({
  // The entry's own opaque id: TournamentEntry.id is made of it, so no user id is ever published.
  entry_id: z.union([z.string().min(1), z.number().int()]).transform(String),
  // Only to tell the viewer's own entry; never passed on.
  user_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  points: z.number(),
  time_played: z.number(),
  started_at: isoDate.nullable().optional(),
});

export const TournamentJson = z.object({
  id: z.number().int(),
  name: z.string(),
  description: optionalText,
  image: optionalText,
  tournament_start: isoDate,
  tournament_end: isoDate,
  registration_start: isoDate,
  registration_end: isoDate,
  buy_in: randCents.nullable().optional(),
  // 0 (or nothing) means no buy-in window; a negative or fractional one is not a duration, so it is left out
  // rather than failing every tournament of the list.
  buy_in_duration: z
    .number()
    .nullable()
    .optional()
    .transform((m) => (m && Number.isInteger(m) && m > 0 ? m : null)),
  prize_pool: randCents.nullable().optional(),
  // The games whose spins score; an empty list (or none sent) means every game (docs/rules.md#which-spins-score).
  game_ids: z.array(z.number().int()).nullable().optional(),
  min_stake: randCents.nullable().optional(),
  users_count: z.number().int(),
  tournament_users: z.array(EntryJson),
  joined: z.boolean().optional(),
  my_entry: EntryJson.nullable().optional(),
});

type TournamentJson = z.infer<typeof TournamentJson>;
type EntryJson = z.infer<typeof EntryJson>;

const ListJson = z.object({
  tournaments: z.array(TournamentJson),
  leaderboards: z.record(z.string(), z.array(EntryJson)).optional(),
});
const OneJson = z.object({ tournament: TournamentJson });

function toEntry(tournamentId: number, e: EntryJson, viewerId: number | null): TournamentEntryModel {
  return {
    tournamentId,
    entryId: e.entry_id,
    userId: e.user_id,
    name: e.name,
    position: e.position,
    points: Math.trunc(e.points),
    timePlayed: Math.trunc(e.time_played),
    startedAt: e.started_at ?? null,
    viewerId,
  };
}

/**
 * Normalises one tournament. The backend adds joined/my_entry only for a signed-in caller; the viewer's id is
 * taken from their own entry (an entry is the viewer's exactly when it has the same user id; with no entry of
 * their own none is), which spares an account call.
 */
export function toTournament(t: TournamentJson, board: EntryJson[] = t.tournament_users): TournamentModel {
  const viewerId = t.my_entry?.user_id ?? null;
  const myEntry = t.my_entry ? toEntry(t.id, t.my_entry, viewerId) : null;
  return {
    __typename: 'Tournament',
    id: t.id,
    name: t.name,
    description: t.description,
    image: t.image,
    registrationStart: t.registration_start,
    registrationEnd: t.registration_end,
    startsAt: t.tournament_start,
    endsAt: t.tournament_end,
    // Zero is how the backend says "none".
    buyInCents: t.buy_in || null,
    buyInDurationMinutes: t.buy_in_duration,
    prizePoolCents: t.prize_pool || null,
    gameIds: t.game_ids ?? [],
    minStakeCents: t.min_stake || null,
    usersCount: t.users_count,
    entries: board.map((e) => toEntry(t.id, e, viewerId)),
    joined: t.joined ?? myEntry !== null,
    myEntry,
  };
}

/**
 * A tournament fetched once for every watcher (as a guest), as one player sees it: their entry found on the
 * leaderboard the way the backend finds it (same user id), joined exactly when there is one. Guests see no entry.
 */
export function asSeenBy(t: TournamentModel, viewerId: number | null): TournamentModel {
  // Fetched as a guest, it already is what a guest sees: no copy per guest watcher.
  if (viewerId === null) return t;
  const entries = t.entries.map((e) => ({ ...e, viewerId }));
  const myEntry = viewerId === null ? null : (entries.find((e) => e.userId === viewerId) ?? null);
  return { ...t, entries, myEntry, joined: myEntry !== null };
}

const parseList = (raw: unknown): TournamentModel[] => {
  const { tournaments, leaderboards } = parseUpstream(ListJson, raw, 'tournaments');
  // The list's leaderboards map repeats each tournament's rows; prefer it when present, as clients of the list do.
  return tournaments.map((t) => toTournament(t, leaderboards?.[String(t.id)] ?? t.tournament_users));
};

const parseOne = (raw: unknown): TournamentModel =>
  toTournament(parseUpstream(OneJson, raw, 'tournament').tournament);

/** GET /api/tournaments: every tournament, in the backend's order (open ones first), with its top rows. */
/** How long a guest's tournament list is shared across requests: a crowd opening /tournaments is one call. */
export const GUEST_LIST_TTL_MS = 5_000;

/** GET /api/tournaments: a player's own (with joined and my_entry); a guest's from the public cache. */
export const loadTournaments = (upstream: RequestUpstream) =>
  upstream.token
    ? upstream.read('/api/tournaments', parseList)
    : upstream.readPublic('/api/tournaments', parseList, Math.min(GUEST_LIST_TTL_MS, upstream.publicTtlMs));

async function nullWhenNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (err) {
    if (isNotFound(err)) return null;
    throw err;
  }
}

/** GET /api/tournaments/{id}: one tournament with its whole leaderboard; null when the backend does not know it. */
export function loadTournamentById(upstream: RequestUpstream, id: number): Promise<TournamentModel | null> {
  return nullWhenNotFound(upstream.read(`/api/tournaments/${id}`, parseOne));
}

/** How long a tournament's existence is shared across requests: a reconnect storm of watchers is one call. */
const EXISTS_TTL_MS = 10_000;

/**
 * GET /api/tournaments/{id} as a guest, shared for a few seconds: the tournament as anyone sees it, or null when the
 * backend does not know it.
 */
export function sharedTournament(upstream: RequestUpstream, id: number): Promise<TournamentModel | null> {
  return nullWhenNotFound(upstream.readPublic(`/api/tournaments/${id}`, parseOne, EXISTS_TTL_MS));
}

/** GET /api/tournamentProgress/{id}: the live progress (the whole leaderboard); null when unknown. */
export function loadTournamentProgress(
  upstream: RequestUpstream,
  id: number,
): Promise<TournamentModel | null> {
  return nullWhenNotFound(upstream.read(`/api/tournamentProgress/${id}`, parseOne));
}

/** POST /api/tournaments/{id}: joins (the backend deducts any buy-in) and returns the tournament. */
export async function joinTournament(upstream: RequestUpstream, id: number): Promise<TournamentModel> {
  return parseOne(await upstream.write({ method: 'POST', path: `/api/tournaments/${id}` }));
}

/**
 * PUT /api/tournaments/{id}/{action}: start or stop the player's play session, or another action the backend knows;
 * returns the tournament. `action` must already be a safe path segment.
 */
export async function tournamentAction(
  upstream: RequestUpstream,
  id: number,
  action: string,
): Promise<TournamentModel> {
  return parseOne(await upstream.write({ method: 'PUT', path: `/api/tournaments/${id}/${action}` }));
}
