import type { Db } from './open.js';

/** Demo players, coupons, and the demo player's history. */
export function seedPlayers(_db: Db, _now: Date): void {}
