import { describe, expect, it } from 'vitest';
import { STAGE_COLOURS, stageBadge, stageIsDue } from './stage';

const NOW = Date.parse('2026-11-22T08:00:00.000Z');

describe('the stage badge at a fixed clock', () => {
  it('counts down to registration opening for a tournament coming up', () => {
    expect(
      stageBadge(
        {
          stage: 'COMING_UP',
          label: 'Reg. starts in',
          nextStageAt: '2026-11-23T09:15:00.000Z',
          usersCount: 0,
        },
        NOW,
      ),
    ).toEqual({ colour: STAGE_COLOURS.COMING_UP, label: 'Reg. starts in', value: '25 H 15 M' });
  });

  it('counts down to the start while registering', () => {
    expect(
      stageBadge(
        { stage: 'REGISTERING', label: 'Starts in', nextStageAt: '2026-11-22T08:59:59.000Z', usersCount: 4 },
        NOW,
      ),
    ).toEqual({ colour: STAGE_COLOURS.REGISTERING, label: 'Starts in', value: '00 H 59 M' });
  });

  it('counts down to registration closing in late registration', () => {
    expect(
      stageBadge(
        {
          stage: 'LATE_REGISTRATION',
          label: 'Closes in',
          nextStageAt: '2026-11-22T13:30:00.000Z',
          usersCount: 13,
        },
        NOW,
      ),
    ).toEqual({ colour: STAGE_COLOURS.LATE_REGISTRATION, label: 'Closes in', value: '05 H 30 M' });
  });

  it('shows the players while running', () => {
    expect(
      stageBadge(
        { stage: 'RUNNING', label: 'Players', nextStageAt: '2026-11-24T08:00:00.000Z', usersCount: 13 },
        NOW,
      ),
    ).toEqual({ colour: STAGE_COLOURS.RUNNING, label: 'Players', value: '13' });
  });

  it('shows when it ended, with no countdown', () => {
    expect(
      stageBadge(
        { stage: 'ENDED', label: 'Ended @ 2026-11-22 04:00', nextStageAt: null, usersCount: 9 },
        NOW,
      ),
    ).toEqual({ colour: STAGE_COLOURS.ENDED, label: 'Ended @ 2026-11-22 04:00', value: null });
  });

  it('reads 00 H 00 M once the change is due, never a negative time', () => {
    const facts = {
      stage: 'REGISTERING' as const,
      label: 'Starts in',
      nextStageAt: '2026-11-22T07:59:00.000Z',
      usersCount: 4,
    };
    expect(stageBadge(facts, NOW).value).toBe('00 H 00 M');
    expect(stageIsDue(facts.nextStageAt, NOW)).toBe(true);
    expect(stageIsDue('2026-11-22T08:00:00.001Z', NOW)).toBe(false);
    expect(stageIsDue(null, NOW)).toBe(false);
  });

  it('gives every stage its own colour', () => {
    const stages = ['COMING_UP', 'REGISTERING', 'LATE_REGISTRATION', 'RUNNING', 'ENDED'] as const;
    expect(new Set(stages.map((s) => STAGE_COLOURS[s])).size).toBe(stages.length);
  });
});
