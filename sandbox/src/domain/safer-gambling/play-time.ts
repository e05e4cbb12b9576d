import type { Db } from '../../db/open.js';

/*
 * Time played (docs/rules.md#safer-gambling): each real-money moment (a real launch or a real spin) counts the time
 * since the player's previous moment, at most 5 minutes per gap: a longer gap means they had stopped playing, and
 * counting it would charge a player for time away. Demo play is never recorded.
 */

const MAX_GAP_MS = 5 * 60_000;

/** Keeps a real-money moment (a real launch or spin), from which time played is counted. */
export function recordRealPlay(db: Db, userId: number, kind: 'launch' | 'spin', at: Date): void {
  db.prepare('INSERT INTO real_play_events (user_id, kind, at) VALUES (?, ?, ?)').run(
    userId,
    kind,
    at.toISOString(),
  );
}

/**
 * Whole minutes (rounded down) of real-money play between `from` and `to`: the part of each counted gap that falls
 * inside the window, so a gap that straddles `from` counts only from `from`.
 */
export function minutesPlayed(db: Db, userId: number, from: Date, to: Date): number {
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (toMs <= fromMs) return 0;
  // A gap counts at most 5 minutes back from its moment, so moments from 5 minutes before `from` are all that
  // matter, plus the one just before them (it decides whether the first of them has a previous moment at all).
  const earliest = new Date(fromMs - MAX_GAP_MS).toISOString();
  const before = db
    .prepare('SELECT at FROM real_play_events WHERE user_id = ? AND at < ? ORDER BY at DESC LIMIT 1')
    .get(userId, earliest) as { at: string } | undefined;
  const moments = db
    .prepare('SELECT at FROM real_play_events WHERE user_id = ? AND at >= ? AND at <= ? ORDER BY at, id')
    .all(userId, earliest, to.toISOString()) as { at: string }[];
  let previous = before ? Date.parse(before.at) : null;
  let playedMs = 0;
  for (const { at } of moments) {
    const moment = Date.parse(at);
    if (previous !== null) {
      const start = Math.max(previous, moment - MAX_GAP_MS, fromMs);
      const end = Math.min(moment, toMs);
      if (end > start) playedMs += end - start;
    }
    previous = moment;
  }
  return Math.floor(playedMs / 60_000);
}
