import { describe, expect, it } from 'vitest';
import { tournamentStage as backendStage } from '../../sandbox/src/domain/tournaments.js';
import { formatDuration, formatJohannesburg } from '../src/domain/time.js';
import { completesInSeconds, tournamentStage, type StageTimes } from '../src/domain/tournament-stage.js';

const H = 3_600_000;
const M = 60_000;
const base = Date.parse('2026-11-22T08:00:00.000Z'); // 10:00 in Johannesburg
const at = (ms: number) => new Date(base + ms);

/** Registration opens at base, the tournament starts at +2h, registration closes at +4h, it ends at +10h. */
const free: StageTimes = {
  registrationStart: at(0),
  startsAt: at(2 * H),
  registrationEnd: at(4 * H),
  endsAt: at(10 * H),
  buyInDurationMinutes: null,
};
/** The same schedule with a 60-minute buy-in: it stops fitting after +9h (one hour before the end). */
const buyIn60: StageTimes = { ...free, registrationEnd: at(9 * H + 30 * M), buyInDurationMinutes: 60 };

const stage = (t: StageTimes, ms: number) => tournamentStage(t, at(ms)).stage;

describe('formatJohannesburg and formatDuration', () => {
  it('formats instants in Johannesburg time (UTC+2), whatever the machine zone', () => {
    expect(formatJohannesburg(new Date('2026-11-22T08:00:00Z'))).toBe('2026-11-22 10:00');
    expect(formatJohannesburg(new Date('2026-12-31T22:30:59Z'))).toBe('2027-01-01 00:30');
  });
  it('formats durations as HH H MM M, minutes rounded down', () => {
    expect(formatDuration(0)).toBe('00 H 00 M');
    expect(formatDuration(59)).toBe('00 H 00 M');
    expect(formatDuration(3725)).toBe('01 H 02 M');
    expect(formatDuration(30 * 3600)).toBe('30 H 00 M');
    expect(formatDuration(-5)).toBe('00 H 00 M');
  });
});

describe('tournamentStage at fixed clocks', () => {
  it('is Coming Up before registration starts', () => {
    expect(tournamentStage(free, at(-H))).toEqual({
      stage: 'COMING_UP',
      label: 'Reg. starts in',
      registrationOpen: false,
      running: false,
      inPlay: false,
      nextStageAt: at(0),
    });
  });
  it('is Registering while registration is open and it has not started', () => {
    expect(tournamentStage(free, at(H))).toEqual({
      stage: 'REGISTERING',
      label: 'Starts in',
      registrationOpen: true,
      running: false,
      inPlay: false,
      nextStageAt: at(2 * H),
    });
  });
  it('is Late Reg. once started with registration open', () => {
    expect(tournamentStage(free, at(3 * H))).toEqual({
      stage: 'LATE_REGISTRATION',
      label: 'Closes in',
      registrationOpen: true,
      running: true,
      inPlay: true,
      nextStageAt: at(4 * H),
    });
  });
  it('is Running once registration has closed', () => {
    expect(tournamentStage(free, at(5 * H))).toEqual({
      stage: 'RUNNING',
      label: 'Players',
      registrationOpen: false,
      running: true,
      inPlay: true,
      nextStageAt: at(10 * H),
    });
  });
  it('is Ended once the end has passed, labelled with the end in Johannesburg time', () => {
    expect(tournamentStage(free, at(11 * H))).toEqual({
      stage: 'ENDED',
      label: 'Ended @ 2026-11-22 20:00',
      registrationOpen: false,
      running: false,
      inPlay: false,
      nextStageAt: null,
    });
  });
  it('reads Running when registration closed before the start (the "otherwise" of docs/rules.md#tournament-stages)', () => {
    const early: StageTimes = { ...free, registrationEnd: at(H) };
    expect(tournamentStage(early, at(H - 1)).nextStageAt).toEqual(at(H));
    expect(stage(early, H)).toBe('RUNNING');
    expect(stage(early, 2 * H)).toBe('RUNNING');
    // Running by the table, but not opened yet: not in play (so never LIVE) until the start.
    expect(tournamentStage(early, at(2 * H - 1)).inPlay).toBe(false);
    expect(tournamentStage(early, at(2 * H)).inPlay).toBe(true);
  });
});

describe('each boundary, at the instant and 1 ms before', () => {
  const cases: [string, StageTimes, number, string, string][] = [
    ['registration start', free, 0, 'COMING_UP', 'REGISTERING'],
    ['tournament start', free, 2 * H, 'REGISTERING', 'LATE_REGISTRATION'],
    ['registration end', free, 4 * H, 'LATE_REGISTRATION', 'RUNNING'],
    ['tournament end', free, 10 * H, 'RUNNING', 'ENDED'],
  ];
  it.each(cases)('%s', (_name, t, boundary, before, after) => {
    expect(stage(t, boundary - 1)).toBe(before);
    expect(stage(t, boundary)).toBe(after);
    // nextStageAt, read just before, points at exactly this boundary.
    expect(tournamentStage(t, at(boundary - 1)).nextStageAt).toEqual(at(boundary));
  });
});

describe('the buy-in duration rule in Late Reg.', () => {
  it('is Late Reg. while the duration fits in the time left', () => {
    expect(stage(buyIn60, 8 * H)).toBe('LATE_REGISTRATION'); // 2h left, 60 minutes fit
  });
  it('is still Late Reg. when it fits exactly (60 minutes left)', () => {
    expect(completesInSeconds(buyIn60, at(9 * H))).toBe(3600);
    expect(stage(buyIn60, 9 * H)).toBe('LATE_REGISTRATION');
  });
  it('is Running as soon as it no longer fits, though registration is still open', () => {
    expect(stage(buyIn60, 9 * H + 1)).toBe('RUNNING');
    expect(tournamentStage(buyIn60, at(9 * H + 1)).registrationOpen).toBe(false);
    expect(stage(buyIn60, 9 * H + 10 * M)).toBe('RUNNING');
  });
  it('counts down to the first instant it no longer fits, before registration closes', () => {
    const info = tournamentStage(buyIn60, at(8 * H));
    expect(info.nextStageAt).toEqual(at(9 * H + 1));
    expect(stage(buyIn60, 9 * H + 1 - 1)).toBe('LATE_REGISTRATION');
    expect(stage(buyIn60, 9 * H + 1)).toBe('RUNNING');
  });
  it('counts down to registration end when that comes first', () => {
    const late: StageTimes = { ...buyIn60, registrationEnd: at(5 * H) };
    expect(tournamentStage(late, at(3 * H)).nextStageAt).toEqual(at(5 * H));
  });
  it('is never Late Reg. when the duration is longer than the whole tournament', () => {
    const long: StageTimes = { ...free, buyInDurationMinutes: 24 * 60 };
    expect(stage(long, 2 * H)).toBe('RUNNING');
    expect(tournamentStage(long, at(H)).nextStageAt).toEqual(at(2 * H));
  });
});

describe('nextStageAt is always the real boundary', () => {
  /** A deterministic spread of schedules, including odd ones (registration after the start, long buy-ins). */
  function* schedules(): Generator<StageTimes> {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 200; i++) {
      const regStart = rand(20) * H;
      const regEnd = regStart + (1 + rand(20)) * H;
      const start = rand(30) * H;
      const end = Math.max(start, regStart) + (1 + rand(20)) * H;
      const duration = rand(3) === 0 ? null : (1 + rand(6)) * 30;
      yield {
        registrationStart: at(regStart),
        registrationEnd: at(regEnd),
        startsAt: at(start),
        endsAt: at(end),
        buyInDurationMinutes: duration,
      };
    }
  }
  it('holds the stage until nextStageAt and changes it exactly there', () => {
    let checked = 0;
    for (const t of schedules()) {
      for (let ms = -2 * H; ms < 60 * H; ms += 29 * M) {
        const info = tournamentStage(t, at(ms));
        if (info.nextStageAt === null) {
          expect(info.stage).toBe('ENDED');
          continue;
        }
        const next = info.nextStageAt.getTime() - base;
        expect(next).toBeGreaterThan(ms);
        expect(stage(t, next - 1)).toBe(info.stage);
        expect(stage(t, next)).not.toBe(info.stage);
        // The backend (which refuses joins outside registration) decides the same stage at the same instant.
        const backend = backendStage(
          {
            registration_start: t.registrationStart,
            registration_end: t.registrationEnd,
            tournament_start: t.startsAt,
            tournament_end: t.endsAt,
            buy_in_duration: t.buyInDurationMinutes,
          },
          at(ms),
        );
        expect(backend.toUpperCase()).toBe(info.stage);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('completesInSeconds', () => {
  it('counts whole seconds to the end and never goes below zero', () => {
    expect(completesInSeconds(free, at(10 * H - 1500))).toBe(1);
    expect(completesInSeconds(free, at(10 * H))).toBe(0);
    expect(completesInSeconds(free, at(11 * H))).toBe(0);
  });
});
