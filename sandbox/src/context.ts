import type { SandboxConfig } from './config.js';
import type { Db } from './db/open.js';
import type { Clock } from './domain/clock.js';
import type { Realtime } from './realtime/hub.js';

/** What every route module is handed: the database, the clock, the live channels and the settings. */
export interface SandboxContext {
  db: Db;
  clock: Clock;
  /** Moves `clock` forward (POST /sandbox/clock); time never goes back. */
  advanceClock(ms: number): void;
  realtime: Realtime;
  config: SandboxConfig;
  /** The sandbox's own address as clients reach it (for game and payment pages). */
  publicUrl(): string;
}
