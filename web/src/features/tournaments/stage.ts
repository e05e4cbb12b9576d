import type { TournamentStage } from '../../__generated__/TournamentCard_tournament.graphql';
import { formatCountdown } from './time-format';

/*
 * What a tournament's stage badge shows (docs/rules.md#tournament-stages). The stage itself, its label and the
 * instant it next changes come from the gateway, which is the one place the stage rule lives; the site only gives
 * each stage its fixed colour and ticks the countdown toward `nextStageAt` between responses.
 */

/** Each stage's fixed colour (dark text reads on every one of them at better than 7:1). */
export const STAGE_COLOURS: Record<TournamentStage, string> = {
  COMING_UP: '#5aa9ff',
  REGISTERING: '#3ddc97',
  LATE_REGISTRATION: '#ff9f43',
  RUNNING: '#b197fc',
  ENDED: '#9aa0b8',
  // A stage a newer gateway may add: shown in the Ended grey rather than failing the list.
  '%future added value': '#9aa0b8',
};

export interface StageFacts {
  stage: TournamentStage;
  /** The gateway's label: 'Ended @ 2026-11-22 10:00', 'Reg. starts in', 'Starts in', 'Closes in' or 'Players'. */
  label: string;
  /** The instant the stage next changes; null once ended. */
  nextStageAt: string | null | undefined;
  usersCount: number;
}

export interface StageBadge {
  colour: string;
  label: string;
  /** The countdown ('HH H MM M') for stages that count toward their change, the players for Running, else none. */
  value: string | null;
}

/** The badge of a tournament at `now` (ms since the epoch). */
export function stageBadge(t: StageFacts, now: number): StageBadge {
  const colour = STAGE_COLOURS[t.stage] ?? STAGE_COLOURS.ENDED;
  switch (t.stage) {
    case 'COMING_UP':
    case 'REGISTERING':
    case 'LATE_REGISTRATION':
      return { colour, label: t.label, value: t.nextStageAt ? formatCountdown(t.nextStageAt, now) : null };
    case 'RUNNING':
      return { colour, label: t.label, value: String(t.usersCount) };
    default:
      return { colour, label: t.label, value: null };
  }
}

/** Whether the clock has reached the instant the gateway said the stage changes at. */
export const stageIsDue = (nextStageAt: string | null | undefined, now: number) =>
  nextStageAt != null && now >= new Date(nextStageAt).getTime();
