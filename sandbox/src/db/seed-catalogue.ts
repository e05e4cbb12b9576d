import type { Db } from './open.js';

/** Games, providers, home groups, promotions, banners, news, latest wins and tournaments. */
export function seedCatalogue(_db: Db, _now: Date): void {}
