import type { Db } from './open.js';

/** Tournaments scheduled around the schedule anchor, with rivals on their leaderboards. */
export function seedTournaments(_db: Db, _now: Date): void {}
