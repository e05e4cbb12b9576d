import type { Db } from './open.js';
import { seedCatalogue } from './seed-catalogue.js';
import { seedPlayers } from './seed-players.js';
import { seedTournaments } from './seed-tournaments.js';

/** Seeds a new database: the catalogue (games, content), the players, then tournaments. Deterministic. */
export function seedIfEmpty(db: Db, now: Date): void {
  const seeded = db.prepare("SELECT 1 FROM settings WHERE key = 'seeded_at'").get();
  if (seeded) return;
  db.transaction(() => {
    seedCatalogue(db, now);
    seedPlayers(db, now);
    seedTournaments(db, now);
    db.prepare("INSERT INTO settings (key, value) VALUES ('seeded_at', ?)").run(
      JSON.stringify(now.toISOString()),
    );
  })();
}

/**
 * Seeded tournaments are scheduled relative to the schedule anchor; every start moves the anchor to now, so each
 * stage (Coming Up, Registering, Late Reg., Running, Ended) is on show for the next 24 hours.
 */
export function anchorSchedule(db: Db, now: Date): void {
  db.prepare(
    "INSERT INTO settings (key, value) VALUES ('schedule_anchor', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(JSON.stringify(now.toISOString()));
}

export function scheduleAnchor(db: Db): Date {
  const row = db.prepare("SELECT value FROM settings WHERE key = 'schedule_anchor'").get() as
    { value: string } | undefined;
  return row ? new Date(JSON.parse(row.value) as string) : new Date();
}
