/*
 * The activity statement as a CSV file (docs/rules.md#safer-gambling): built in the browser from the rows on screen,
 * one row per period, amounts as plain decimals ("150.00", a loss "-12.50") from integer cents, fields quoted as
 * RFC 4180 asks (commas, quotes and line breaks inside a field), lines ending CRLF as spreadsheets expect.
 */

export type StatementPeriod = 'DAY' | 'WEEK' | 'MONTH';

export interface StatementRow {
  label: string;
  openingCashCents: number;
  depositsCents: number;
  refundsCents: number;
  withdrawalsCents: number;
  stakesCents: number;
  winsCents: number;
  buyInsCents: number;
  prizesCents: number;
  chestRewardsCents: number;
  bonusReleasesCents: number;
  netCents: number;
  closingCashCents: number;
  minutesPlayed: number;
}

/** The statement's amounts in column order, each with its heading (docs/rules.md#safer-gambling). */
export const STATEMENT_AMOUNTS: readonly { key: keyof StatementRow & `${string}Cents`; heading: string }[] = [
  { key: 'openingCashCents', heading: 'Opening cash' },
  { key: 'depositsCents', heading: 'Deposits' },
  { key: 'refundsCents', heading: 'Refunds' },
  { key: 'withdrawalsCents', heading: 'Withdrawals' },
  { key: 'stakesCents', heading: 'Staked' },
  { key: 'winsCents', heading: 'Won' },
  { key: 'buyInsCents', heading: 'Buy-ins' },
  { key: 'prizesCents', heading: 'Prizes' },
  { key: 'chestRewardsCents', heading: 'Chest rewards' },
  { key: 'bonusReleasesCents', heading: 'Bonus released' },
  { key: 'netCents', heading: 'Net' },
  { key: 'closingCashCents', heading: 'Closing cash' },
];

export const CSV_HEADER = ['Period', ...STATEMENT_AMOUNTS.map((a) => a.heading), 'Minutes played'];

/** Integer cents as a plain decimal, exactly (no float arithmetic): -1250 → "-12.50". */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One field as CSV has it: quoted (its quotes doubled) when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function statementCsv(rows: readonly StatementRow[]): string {
  const lines = [
    CSV_HEADER,
    ...rows.map((row) => [
      row.label,
      ...STATEMENT_AMOUNTS.map((a) => decimal(row[a.key])),
      String(row.minutesPlayed),
    ]),
  ];
  return lines.map((fields) => fields.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** The file's name: playlive-activity-day.csv, -week.csv or -month.csv. */
export const statementFileName = (period: StatementPeriod) => `playlive-activity-${period.toLowerCase()}.csv`;

/** Hands the statement to the browser as a download (a Blob behind a temporary link). */
export function downloadStatement(period: StatementPeriod, rows: readonly StatementRow[]): void {
  const url = URL.createObjectURL(new Blob([statementCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = statementFileName(period);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
