import { describe, expect, it } from 'vitest';
import { groupOf } from './TournamentGroups';

describe('groupOf (docs/rules.md#tournament-stages, "Grouping")', () => {
  it('puts what is in play under Running, what has not started under Upcoming, and what has ended under Ended', () => {
    expect(groupOf({ stage: 'LATE_REGISTRATION', inPlay: true })).toBe('running');
    expect(groupOf({ stage: 'RUNNING', inPlay: true })).toBe('running');
    expect(groupOf({ stage: 'COMING_UP', inPlay: false })).toBe('upcoming');
    expect(groupOf({ stage: 'REGISTERING', inPlay: false })).toBe('upcoming');
    expect(groupOf({ stage: 'ENDED', inPlay: false })).toBe('ended');
  });

  it('keeps a Running tournament whose registration closed before its start under Upcoming until it starts', () => {
    expect(groupOf({ stage: 'RUNNING', inPlay: false })).toBe('upcoming');
  });
});
