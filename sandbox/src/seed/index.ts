import type { Db } from '../db/open.js';
import { seedCatalogue } from './catalogue.js';
import { seedPlayers } from './players.js';
import { seedTournaments } from './tournaments.js';

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
