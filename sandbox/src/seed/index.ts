import type { Db } from '../db/open.js';
import { backfillOffers, seedCatalogue } from './catalogue.js';
import { PROVIDER_DESCRIPTIONS } from './generate-games.js';
import { backfillDemoIdentities, seedPlayers } from './players.js';
import { seedTournaments } from './tournaments.js';
import { MARK_USED_PACKAGES } from '../domain/welcome.js';

/** Seeds a new database: the catalogue (games, content), the players, then tournaments. Deterministic. */
export function seedIfEmpty(db: Db, now: Date, passwordCost?: number): void {
  const seeded = db.prepare("SELECT 1 FROM settings WHERE key = 'seeded_at'").get();
  if (seeded) {
    // A database seeded before providers had descriptions (migration 4) gets them; one an operator set is kept.
    const fill = db.prepare(
      'UPDATE game_providers SET description = ? WHERE product = ? AND description IS NULL',
    );
    for (const [product, description] of Object.entries(PROVIDER_DESCRIPTIONS))
      fill.run(description, product);
    db.transaction(() => {
      backfillDemoIdentities(db, now);
      backfillOffers(db);
      // A database from before every completed deposit ended the welcome offer (docs/rules.md#welcome-package).
      db.exec(MARK_USED_PACKAGES);
    })();
    return;
  }
  db.transaction(() => {
    seedCatalogue(db, now);
    seedPlayers(db, now, passwordCost);
    seedTournaments(db, now);
    // The demo player has deposited for months: their welcome offer has long ended.
    db.exec(MARK_USED_PACKAGES);
    db.prepare("INSERT INTO settings (key, value) VALUES ('seeded_at', ?)").run(
      JSON.stringify(now.toISOString()),
    );
  })();
}
