import type { Db } from './open.js';

/**
 * Seeded tournaments are scheduled relative to the schedule anchor; every start moves the anchor to now, so each
 * stage (Coming Up, Registering, Late Reg., Running, Ended) is on show for the next 24 hours. Entries' own times
 * (joined, started) move with it, so a leaderboard stays consistent with its tournament.
 */
export function anchorSchedule(db: Db, now: Date): void {
  db.transaction(() => {
    const previous = readAnchor(db);
    if (previous) {
      const shiftMs = now.getTime() - previous.getTime();
      const shift = (column: string) =>
        `${column} = strftime('%Y-%m-%dT%H:%M:%fZ', julianday(${column}) + ${shiftMs} / 86400000.0)`;
      db.prepare(`UPDATE tournament_users SET ${shift('joined_at')}`).run();
      db.prepare(`UPDATE tournament_users SET ${shift('started_at')} WHERE started_at IS NOT NULL`).run();
    }
    db.prepare(
      "INSERT INTO settings (key, value) VALUES ('schedule_anchor', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run(JSON.stringify(now.toISOString()));
  })();
}

function readAnchor(db: Db): Date | null {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'schedule_anchor'").get() as
    { value: string } | undefined;
  return row ? new Date(JSON.parse(row.value) as string) : null;
}

export function scheduleAnchor(db: Db): Date {
  return readAnchor(db) ?? new Date();
}
