import type { TournamentStage } from '../__generated__/resolvers-types.js';
import { formatJohannesburg } from './time.js';

/** The times a tournament's stage depends on (TournamentModel satisfies it). */
export interface StageTimes {
  registrationStart: Date;
  registrationEnd: Date;
  startsAt: Date;
  endsAt: Date;
  /** Minutes of play a buy-in gives; null without one. */
  buyInDurationMinutes: number | null;
}

export interface StageInfo {
  stage: TournamentStage;
  label: string;
  /** Registration is open in Registering and Late Reg. */
  registrationOpen: boolean;
  /** "Running" applies in Late Reg. and Running. */
  running: boolean;
  /**
   * Play is on: the start time has come and the end has not. Not the same as `running`, which (by the stage table)
   * also covers a registration that closed before the start: a tournament that has not opened is never in play.
   */
  inPlay: boolean;
  /** The first instant at which the stage is different (what a countdown ticks toward); null once ended. */
  nextStageAt: Date | null;
}

const MINUTE_MS = 60_000;

/**
 * The first instant at which a buy-in's play no longer fits in the time left, or null without a buy-in duration.
 * An exact fit still counts as fitting (as the backend decides: duration * 60 <= completes_in), so the change
 * comes one millisecond after endsAt - duration.
 */
function buyInCutoff(t: StageTimes): number | null {
  if (t.buyInDurationMinutes === null) return null;
  return t.endsAt.getTime() - t.buyInDurationMinutes * MINUTE_MS + 1;
}

function stageAt(t: StageTimes, now: number): TournamentStage {
  if (now >= t.endsAt.getTime()) return 'ENDED';
  if (now < t.registrationStart.getTime()) return 'COMING_UP';
  const registrationOpen = now < t.registrationEnd.getTime();
  const started = now >= t.startsAt.getTime();
  if (registrationOpen && !started) return 'REGISTERING';
  const cutoff = buyInCutoff(t);
  if (registrationOpen && (cutoff === null || now < cutoff)) return 'LATE_REGISTRATION';
  // Otherwise: started with registration closed, a buy-in that no longer fits, or (as the stage table of
  // docs/rules.md#tournament-stages reads, and as the backend does) a registration that closed before the
  // tournament started.
  return 'RUNNING';
}

const earliest = (...instants: (number | null)[]) =>
  new Date(Math.min(...instants.filter((i): i is number => i !== null)));

/** When a stage ends. Each candidate is a boundary of the half-open intervals stageAt uses. */
function nextChange(t: StageTimes, stage: TournamentStage): Date | null {
  const end = t.endsAt.getTime();
  switch (stage) {
    case 'COMING_UP':
      return earliest(t.registrationStart.getTime(), end);
    case 'REGISTERING':
      return earliest(t.startsAt.getTime(), t.registrationEnd.getTime(), end);
    case 'LATE_REGISTRATION':
      return earliest(t.registrationEnd.getTime(), buyInCutoff(t), end);
    case 'RUNNING':
      return new Date(end);
    case 'ENDED':
      return null;
  }
}

function labelOf(t: StageTimes, stage: TournamentStage): string {
  switch (stage) {
    case 'ENDED':
      return `Ended @ ${formatJohannesburg(t.endsAt)}`;
    case 'COMING_UP':
      return 'Reg. starts in';
    case 'REGISTERING':
      return 'Starts in';
    case 'LATE_REGISTRATION':
      return 'Closes in';
    case 'RUNNING':
      return 'Players';
  }
}

/**
 * A tournament's stage at `now` (docs/rules.md#tournament-stages), the one place the rule lives; the clock is
 * passed in. Every interval is half-open [from, to), as in the backend:
 * - Ended once now >= endsAt;
 * - Coming Up while now < registrationStart;
 * - Registering while registration is open (registrationStart <= now < registrationEnd) and now < startsAt;
 * - Late Reg. once started with registration still open, and, with a buy-in duration, that duration fitting
 *   within the time left (duration <= endsAt - now);
 * - Running otherwise.
 */
export function tournamentStage(t: StageTimes, now: Date): StageInfo {
  const stage = stageAt(t, now.getTime());
  return {
    stage,
    label: labelOf(t, stage),
    registrationOpen: stage === 'REGISTERING' || stage === 'LATE_REGISTRATION',
    running: stage === 'LATE_REGISTRATION' || stage === 'RUNNING',
    inPlay: stage !== 'ENDED' && now.getTime() >= t.startsAt.getTime(),
    nextStageAt: nextChange(t, stage),
  };
}

/** Whole seconds until the tournament ends, never below 0 (the backend's completes_in). */
export function completesInSeconds(t: Pick<StageTimes, 'endsAt'>, now: Date): number {
  return Math.max(0, Math.floor((t.endsAt.getTime() - now.getTime()) / 1000));
}

/** Whether spins on this game score in the tournament: an empty list of games means every game does. */
export const countsGame = (t: { gameIds: readonly number[] }, gameId: number) =>
  t.gameIds.length === 0 || t.gameIds.includes(gameId);
