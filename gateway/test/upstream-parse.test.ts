/**
 * The edge where backend responses become models: "none" spelled as "" or 0 becomes null, times without an offset are
 * Johannesburg time, and one odd row (a subgroup without a name, a zero buy-in window) does not fail a whole list.
 */
import { describe, expect, it } from 'vitest';
import { GameJson, toGame } from '../src/upstream/games.js';
import { isoDate, keptByText } from '../src/upstream/parse.js';
import { toTournament, TournamentJson } from '../src/upstream/tournaments.js';

describe('backend times', () => {
  it('reads a time without an offset as Johannesburg time (UTC+2), whatever the host zone', () => {
    expect(isoDate.parse('2026-11-22 10:00:00').toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(isoDate.parse('2026-11-22T10:00').toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(isoDate.parse('2026-11-22').toISOString()).toBe('2026-11-21T22:00:00.000Z');
  });

  it('keeps a time that carries its offset or Z as it says', () => {
    expect(isoDate.parse('2026-11-22T08:00:00.000Z').toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(isoDate.parse('2026-11-22T10:00:00+02:00').toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(isoDate.parse('2026-11-23T11:10:58.941000Z').toISOString()).toBe('2026-11-23T11:10:58.941Z');
    expect(isoDate.safeParse('yesterday').success).toBe(false);
  });
});

const game = (over: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'Wolf Gold',
  game_code: 'wolf-gold',
  product: 'pragmatic',
  category: 'slots',
  platforms: '["desktop","mobile"]',
  created_at: '2026-01-01 00:00:00',
  themes: '["Animals"]',
  features: 'Free Spins, Wilds',
  sub_groups: [{ id: 'top', name: 'Top Games' }],
  ...over,
});

describe('games', () => {
  it('turns an empty image and address into null', () => {
    const g = toGame(GameJson.parse(game({ image: '', game_url: '' })));
    expect(g.image).toBeNull();
    expect(g.url).toBeNull();
    expect(toGame(GameJson.parse(game({ game_url: '/game/wolf-gold' }))).url).toBe('/game/wolf-gold');
  });

  it('names a subgroup without a name by its id instead of failing the catalogue', () => {
    const g = toGame(GameJson.parse(game({ sub_groups: [{ id: 'hot' }, { id: 5, name: null }] })));
    expect(g.subGroups).toEqual([
      { id: 'hot', name: 'hot' },
      { id: '5', name: '5' },
    ]);
  });
});

const tournament = (over: Record<string, unknown> = {}) => ({
  id: 3,
  name: 'Cup',
  description: '',
  image: null,
  tournament_start: '2026-11-22 10:00:00',
  tournament_end: '2026-11-22 12:00:00',
  registration_start: '2026-11-21 10:00:00',
  registration_end: '2026-11-22 11:00:00',
  buy_in: '0.00',
  buy_in_duration: 0,
  prize_pool: 0,
  users_count: 0,
  tournament_users: [],
  ...over,
});

describe('tournaments', () => {
  it('reads zero buy-in, zero duration, zero prize pool and empty text as none', () => {
    const t = toTournament(TournamentJson.parse(tournament()));
    expect(t).toMatchObject({
      buyInCents: null,
      buyInDurationMinutes: null,
      prizePoolCents: null,
      description: null,
      image: null,
    });
    expect(t.startsAt.toISOString()).toBe('2026-11-22T08:00:00.000Z');
  });

  it('keeps a real buy-in and its window', () => {
    const t = toTournament(
      TournamentJson.parse(tournament({ buy_in: '50.00', buy_in_duration: 30, prize_pool: '1000.00' })),
    );
    expect(t).toMatchObject({ buyInCents: 5000, buyInDurationMinutes: 30, prizePoolCents: 100000 });
  });
});

describe('a check kept by response text', () => {
  it('gives a text seen before the value it gave then, frozen, and checks a failed text again', () => {
    const checked: unknown[] = [];
    const parse = keptByText((raw: unknown) => {
      checked.push(raw);
      if (typeof raw !== 'object' || raw === null) throw new Error('not an object');
      return { ...raw, nested: { list: [1] } };
    });
    const value = parse({ a: 1 });
    parse.keep('{"a":1}', value);
    expect(parse.kept('{"a":1}')).toBe(value);
    expect(Object.isFrozen(value) && Object.isFrozen(value.nested.list)).toBe(true);
    expect(parse.kept('{"a":2}')).toBeUndefined();
    expect(() => parse(5)).toThrow('not an object');
    expect(parse.kept('5')).toBeUndefined();
    expect(checked).toEqual([{ a: 1 }, 5]);
  });

  it('forgets the oldest text beyond its size', () => {
    const parse = keptByText((raw: unknown) => raw, 2);
    for (const text of ['1', '2', '3']) parse.keep(text, Number(text));
    expect([parse.kept('1'), parse.kept('2'), parse.kept('3')]).toEqual([undefined, 2, 3]);
  });
});
