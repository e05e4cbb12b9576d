import type { Db } from '../../db/open.js';

/** Keeps a real-money moment (a real launch or spin), from which time played is counted. (Owner: limits; stub.) */
export function recordRealPlay(_db: Db, _userId: number, _kind: 'launch' | 'spin', _at: Date): void {}
