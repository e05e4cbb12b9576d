import { describe, expect, it } from 'vitest';
import { groupNotifications } from './group-notifications';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds)).toISOString();
const chest = (id: string, seconds: number) => ({
  id,
  type: 'LOYALTY_CHEST_UNLOCKED',
  subject: 'A chest is ready',
  createdAt: at(seconds),
});

describe('grouping notifications', () => {
  it('makes one row of identical notifications that came within a minute, newest first', () => {
    const groups = groupNotifications([chest('c', 2), chest('b', 1), chest('a', 1)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.latest.id).toBe('c');
    expect(groups[0]!.members.map((n) => n.id)).toEqual(['c', 'b', 'a']);
  });

  it('keeps apart other types, other subjects, and the same one more than a minute later', () => {
    const bonus = { id: 'x', type: 'ALLOCATION', subject: 'Bonus allocated', createdAt: at(30) };
    const groups = groupNotifications([
      chest('d', 59),
      bonus,
      chest('c', 20),
      { ...chest('b', 19), subject: 'Another chest' },
      // 61 s before c: a row of its own.
      { ...chest('a', 0), createdAt: new Date(Date.parse(at(20)) - 61_000).toISOString() },
    ]);
    expect(groups.map((g) => g.members.map((n) => n.id))).toEqual([['d'], ['x'], ['c'], ['b'], ['a']]);
  });
});
