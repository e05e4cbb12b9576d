import type { SandboxContext } from '../../context.js';
import type { Db } from '../../db/open.js';
import { isoUtc } from '../clock.js';
import { refuse } from './refusal.js';

/*
 * The reality check that pauses play (docs/rules.md#safer-gambling). A real-money play session starts with a real
 * game launch (or a real spin when none is open) and goes on while the player keeps playing: a pause of more than
 * 5 minutes between real-money moments ends it, as time played counts it (play-time.ts). Once the session has lasted
 * the player's interval (users.reality_check_minutes) since it began or since the last answer, the casino refuses
 * real-money spins and launches (403 reality_check_due) until the player answers: continue starts the next interval
 * from now, stop ends the session. A refused attempt still counts as being at the game, so waiting on the question
 * does not end the session; walking away for more than 5 minutes does.
 */

/** A pause longer than this ends the session (the same gap time played stops counting at). */
const MAX_GAP_MS = 5 * 60_000;

interface SessionRow {
  user_id: number;
  started_at: string;
  check_from: string;
  last_at: string;
  ended_at: string | null;
}

type RealityCheckChoice = 'continue' | 'stop';

function intervalMinutes(db: Db, userId: number): number {
  const row = db.prepare('SELECT reality_check_minutes FROM users WHERE id = ?').get(userId) as
    { reality_check_minutes: number } | undefined;
  return row?.reality_check_minutes ?? 60;
}

/** The player's session, if one is open at `now` (not stopped, and not lapsed by a pause over 5 minutes). */
function openSession(db: Db, userId: number, now: Date): SessionRow | null {
  const row = db.prepare('SELECT * FROM play_sessions WHERE user_id = ?').get(userId) as
    SessionRow | undefined;
  if (!row || row.ended_at !== null) return null;
  if (now.getTime() - Date.parse(row.last_at) > MAX_GAP_MS) return null;
  return row;
}

/**
 * How long the session has lasted, in whole minutes: what the reminder and the refusal both say ("you have been
 * playing for 15 minutes"), and what the interval measures.
 */
const sessionMinutes = (row: SessionRow, now: Date) =>
  Math.floor((now.getTime() - Date.parse(row.started_at)) / 60_000);

/** When the session's next check falls due. */
const dueAt = (db: Db, row: SessionRow) =>
  new Date(Date.parse(row.check_from) + intervalMinutes(db, row.user_id) * 60_000);

/**
 * Before a real-money launch or spin: opens a session when none is open (it starts now), or refuses with
 * reality_check_due when the open one's check is due. Either way the attempt counts as the player's latest moment.
 */
export function checkRealityCheck(ctx: SandboxContext, userId: number): void {
  const { db } = ctx;
  const now = ctx.clock();
  const at = now.toISOString();
  const row = openSession(db, userId, now);
  if (!row) {
    db.prepare(
      `INSERT INTO play_sessions (user_id, started_at, check_from, last_at, ended_at) VALUES (?, ?, ?, ?, NULL)
       ON CONFLICT (user_id) DO UPDATE SET started_at = excluded.started_at, check_from = excluded.check_from,
         last_at = excluded.last_at, ended_at = NULL`,
    ).run(userId, at, at, at);
    return;
  }
  db.prepare('UPDATE play_sessions SET last_at = ? WHERE user_id = ?').run(at, userId);
  const due = dueAt(db, row);
  if (now.getTime() < due.getTime()) return;
  const minutes = sessionMinutes(row, now);
  throw refuse(
    ctx,
    userId,
    {
      code: 'reality_check_due',
      message: `Reality check: you have been playing for ${minutes} minute${minutes === 1 ? '' : 's'}. Choose to keep playing or stop before your next spin.`,
      period: null,
      resetsAt: due,
    },
    403,
  );
}

/** The open session's check as the casino answers it (GET /api/limits, POST /api/realityCheck); null when none. */
export function realityCheckJson(db: Db, userId: number, now: Date) {
  const row = openSession(db, userId, now);
  if (!row) return null;
  const due = dueAt(db, row);
  const started = new Date(row.started_at);
  return {
    session_started_at: isoUtc(started),
    next_check_at: isoUtc(due),
    due: now.getTime() >= due.getTime(),
    played_minutes: sessionMinutes(row, now),
  };
}

/**
 * The player's answer: continue starts the next interval from now; stop ends the session (the next real-money
 * moment starts a new one). With no open session there is nothing to answer, and nothing changes.
 */
export function answerRealityCheck(db: Db, userId: number, choice: RealityCheckChoice, now: Date) {
  const row = openSession(db, userId, now);
  const before = realityCheckJson(db, userId, now);
  if (row) {
    const at = now.toISOString();
    if (choice === 'continue')
      db.prepare('UPDATE play_sessions SET check_from = ?, last_at = ? WHERE user_id = ?').run(
        at,
        at,
        userId,
      );
    else db.prepare('UPDATE play_sessions SET ended_at = ? WHERE user_id = ?').run(at, userId);
  }
  return {
    choice,
    session_ended: row !== null && choice === 'stop',
    /** The session as it was answered (its start, for the summary), null when none was open. */
    answered: before,
    reality_check: realityCheckJson(db, userId, now),
  };
}
