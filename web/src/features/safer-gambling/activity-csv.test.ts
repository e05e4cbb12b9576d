import { describe, expect, it } from 'vitest';
import { csvField, decimal, statementCsv, statementFileName } from './activity-csv';

describe("the activity statement's CSV", () => {
  it('writes amounts as plain decimals from cents, a loss with a minus', () => {
    expect(decimal(15000)).toBe('150.00');
    expect(decimal(5)).toBe('0.05');
    expect(decimal(0)).toBe('0.00');
    expect(decimal(-1250)).toBe('-12.50');
    expect(decimal(123456789)).toBe('1234567.89');
  });

  it('quotes a field only when it holds a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('27 Nov 2026')).toBe('27 Nov 2026');
    expect(csvField('Week of 23 Nov, 2026')).toBe('"Week of 23 Nov, 2026"');
    expect(csvField('the "big" week')).toBe('"the ""big"" week"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('has the header row, then one row per period, lines ending CRLF', () => {
    const zero = {
      openingCashCents: 0,
      depositsCents: 0,
      refundsCents: 0,
      withdrawalsCents: 0,
      stakesCents: 0,
      winsCents: 0,
      buyInsCents: 0,
      prizesCents: 0,
      chestRewardsCents: 0,
      bonusReleasesCents: 0,
      netCents: 0,
      closingCashCents: 0,
      minutesPlayed: 0,
    };
    const csv = statementCsv([
      {
        ...zero,
        label: 'Week of 23 Nov 2026',
        openingCashCents: 1000,
        depositsCents: 15000,
        refundsCents: 2000,
        withdrawalsCents: 5000,
        stakesCents: 4000,
        winsCents: 2750,
        buyInsCents: 500,
        prizesCents: 300,
        chestRewardsCents: 200,
        bonusReleasesCents: 100,
        netCents: -1150,
        closingCashCents: 7850,
        minutesPlayed: 75,
      },
      { ...zero, label: 'Week of 16 Nov, 2026' },
    ]);
    expect(csv).toBe(
      'Period,Opening cash,Deposits,Refunds,Withdrawals,Staked,Won,Buy-ins,Prizes,Chest rewards,Bonus released,Net,Closing cash,Minutes played\r\n' +
        'Week of 23 Nov 2026,10.00,150.00,20.00,50.00,40.00,27.50,5.00,3.00,2.00,1.00,-11.50,78.50,75\r\n' +
        '"Week of 16 Nov, 2026",0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0\r\n',
    );
  });

  it('names the file after the period', () => {
    expect(statementFileName('DAY')).toBe('playlive-activity-day.csv');
    expect(statementFileName('WEEK')).toBe('playlive-activity-week.csv');
    expect(statementFileName('MONTH')).toBe('playlive-activity-month.csv');
  });
});
