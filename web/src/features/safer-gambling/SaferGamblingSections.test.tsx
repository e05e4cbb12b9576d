import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Route, Routes } from 'react-router';
import { MockPayloadGenerator, type createMockEnvironment } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaferGamblingSectionsTestQuery } from '../../__generated__/SaferGamblingSectionsTestQuery.graphql';
import { session } from '../../shared/session';
import { renderWithRelay } from '../../test-relay';
import { ActivityStatement } from './ActivityStatement';
import { Component as ExcludedPage } from './ExcludedPage';
import { SelfExclusionSection } from './SelfExclusionSection';
import { TakeABreakSection } from './TakeABreakSection';

/*
 * The Safer gambling page's sections a player uses to stop and to look back: a break, self-exclusion (each after a
 * dialog saying what will happen) and the activity statement. Relay's mock environment stands in for the gateway;
 * the clock is fixed at 2026-11-27 10:15 in Johannesburg so the end dates the dialogs compute can be read.
 */

type Environment = ReturnType<typeof createMockEnvironment>;
type Resolvers = Parameters<typeof MockPayloadGenerator.generate>[1];

const NOW = new Date('2026-11-27T08:15:00Z');
const money = (cents: number) => ({
  cents,
  amount: (cents / 100).toFixed(2),
  formatted: `${cents < 0 ? '-' : ''}R${(Math.abs(cents) / 100).toFixed(2)}`,
});
const VIEWER = { id: 'Vmlld2VyOjE' };
const row = (label: string, start: string, cents: Partial<Record<string, number>>, minutesPlayed = 0) => {
  const c = (key: string) => cents[key] ?? 0;
  const net = c('wins') + c('prizes') + c('chestRewards') + c('bonusReleases') - c('stakes') - c('buyIns');
  return {
    label,
    start,
    end: start,
    openingCash: money(c('openingCash')),
    deposits: money(c('deposits')),
    refunds: money(c('refunds')),
    withdrawals: money(c('withdrawals')),
    stakes: money(c('stakes')),
    wins: money(c('wins')),
    buyIns: money(c('buyIns')),
    prizes: money(c('prizes')),
    chestRewards: money(c('chestRewards')),
    bonusReleases: money(c('bonusReleases')),
    net: money(net),
    closingCash: money(c('openingCash') + c('deposits') - c('refunds') - c('withdrawals') + net),
    minutesPlayed,
  };
};

function Harness() {
  const data = useLazyLoadQuery<SaferGamblingSectionsTestQuery>(
    graphql`
      query SaferGamblingSectionsTestQuery @relay_test_operation {
        viewer {
          id
          safeGambling {
            ...TakeABreakSection_safeGambling
          }
          ...SelfExclusionSection_viewer
        }
        ...ActivityStatement_query
      }
    `,
    {},
  );
  return (
    <>
      {data.viewer?.safeGambling && <TakeABreakSection safeGambling={data.viewer.safeGambling} />}
      {data.viewer && <SelfExclusionSection viewer={data.viewer} />}
      <ActivityStatement query={data} />
    </>
  );
}

function open(resolvers: Resolvers): Environment {
  return renderWithRelay(
    <Routes>
      <Route path="/account/safer-gambling" element={<Harness />} />
      <Route path="/account/self-excluded" element={<ExcludedPage />} />
    </Routes>,
    { Viewer: () => VIEWER, ...resolvers },
    { at: '/account/safer-gambling' },
  );
}

/** Resolves (or refuses) the operation just sent, and returns it. */
async function settle(environment: Environment, outcome: Resolvers | Error): Promise<OperationDescriptor> {
  await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
  const operation = environment.mock.getMostRecentOperation();
  await act(async () => {
    if (outcome instanceof Error) environment.mock.reject(operation, outcome);
    else environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, outcome));
  });
  return operation;
}

const refusal = (message: string, code: string) =>
  Object.assign(new Error(message), { errors: [{ message, extensions: { code } }] });

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const NO_RESTRICTION = { SafeGambling: () => ({ restriction: null }) };
const NO_ACTIVITY = { Viewer: () => ({ ...VIEWER, activity: [] }) };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('Take a break', () => {
  it('says what a 7-day break does and until when, then starts it', async () => {
    const environment = open({ ...NO_RESTRICTION, ...NO_ACTIVITY });
    const section = await screen.findByRole('region', { name: 'Take a break' });
    expect(section.id).toBe('take-a-break');
    fireEvent.click(within(section).getByRole('radio', { name: '7 days' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Take a break' }));

    const dialog = await screen.findByRole('dialog', { name: 'Take a break?' });
    expect(dialog.textContent).toContain('starts now and ends on 2026-12-04 10:15');
    expect(dialog.textContent).toContain('deposits, real-money games, coupons and tournaments are paused');
    expect(dialog.textContent).toContain('You can still sign in, see your balance and withdraw your money.');
    expect(dialog.textContent).toContain('cannot be ended early');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start my break' }));
    const sent = await settle(environment, {
      Viewer: () => VIEWER,
      PlayRestriction: () => ({
        kind: 'BREAK',
        startedAt: NOW.toISOString(),
        endsAt: '2026-12-04T08:15:00.000Z',
      }),
    });
    expect(sent.request.variables).toEqual({ input: { length: 'DAYS_7' } });
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your break has started. It ends on 2026-12-04 10:15.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    // The store has the break: the section says so, and offers only a longer one.
    expect(section.textContent).toContain('You are taking a break until 2026-12-04 10:15.');
    expect(within(section).getByRole('radio', { name: '24 hours' })).toHaveProperty('disabled', true);
    expect(within(section).getByRole('radio', { name: '6 weeks' })).toHaveProperty('disabled', false);
  });

  it("keeps the dialog open with the casino's message when it refuses", async () => {
    const environment = open({ ...NO_RESTRICTION, ...NO_ACTIVITY });
    fireEvent.click(await screen.findByRole('button', { name: 'Take a break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a break?' });
    expect(dialog.textContent).toContain('ends on 2026-11-28 10:15');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start my break' }));
    const message = 'You are already taking a break until 2026-12-30 10:15.';
    await settle(environment, refusal(message, 'BAD_USER_INPUT'));
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Self-exclusion', () => {
  afterEach(() => session.signOut());

  it('asks the player to tick that they understand, excludes them, signs them out and shows the payout', async () => {
    session.signIn('a-session-token');
    const environment = open({
      ...NO_RESTRICTION,
      ...NO_ACTIVITY,
      Wallet: () => ({ money: money(15000) }),
      PayoutAccount: () => ({ bank: { name: 'Capitec' }, maskedNumber: '····1234' }),
    });
    const section = await screen.findByRole('region', { name: 'Self-exclusion' });
    expect(section.textContent).toContain('0800 006 008');
    fireEvent.click(within(section).getByRole('radio', { name: '1 year' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Exclude me' }));

    const dialog = await screen.findByRole('dialog', { name: 'Exclude yourself?' });
    expect(dialog.textContent).toContain('for 1 year, from now until 2027-11-27 10:15');
    expect(dialog.textContent).toContain('signed out on every device');
    expect(dialog.textContent).toContain(
      'Your cash balance of R150.00 is paid out to your Capitec account ····1234.',
    );
    expect(dialog.textContent).toContain('cannot be undone before it ends');
    const confirm = within(dialog).getByRole('button', { name: 'Exclude me now' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I understand this cannot be undone before it ends' }),
    );
    expect(confirm).toHaveProperty('disabled', false);
    fireEvent.click(confirm);

    const sent = await settle(environment, {
      PlayRestriction: () => ({ endsAt: '2027-11-27T08:15:00.000Z' }),
      Withdrawal: () => ({
        reference: 'PL-7K3F9Q',
        amount: money(15000),
        payoutAccount: { bank: { name: 'Capitec' }, maskedNumber: '····1234' },
      }),
    });
    expect(sent.request.variables).toEqual({ input: { length: 'YEAR_1', confirm: true } });
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'You have excluded yourself until 2027-11-27 10:15',
    });
    const page = heading.parentElement!;
    expect(page.textContent).toContain('Your cash balance of R150.00 is being paid out to Capitec ····1234');
    expect(page.textContent).toContain('0800 006 008');
    expect(session.signedIn()).toBe(false);
  });

  it('says when there is no cash to pay out, and stays put when the casino refuses', async () => {
    const environment = open({ ...NO_RESTRICTION, ...NO_ACTIVITY, Wallet: () => ({ money: money(0) }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Exclude me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude yourself?' });
    expect(dialog.textContent).toContain('for 6 months, from now until 2027-05-28 10:15');
    expect(dialog.textContent).toContain('You have no cash balance to pay out.');
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Exclude me now' }));
    await settle(environment, refusal('The casino is not responding right now.', 'UPSTREAM_UNAVAILABLE'));
    expect(within(dialog).getByRole('alert').textContent).toBe('The casino is not responding right now.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('region', { name: 'Self-exclusion' })).toBeTruthy();
  });
});

describe('Activity statement', () => {
  const DAYS = [
    row(
      '27 Nov 2026',
      '2026-11-26T22:00:00.000Z',
      {
        openingCash: 10000,
        deposits: 15000,
        refunds: 2000,
        stakes: 4000,
        wins: 2750,
        buyIns: 5000,
        prizes: 50000,
        chestRewards: 2000,
        bonusReleases: 2500,
      },
      75,
    ),
    row('26 Nov 2026', '2026-11-25T22:00:00.000Z', { openingCash: 15000, withdrawals: 5000 }),
  ];

  it('shows each period with its money and time played, and another period on choosing it', async () => {
    const environment = open({ ...NO_RESTRICTION, Viewer: () => ({ ...VIEWER, activity: DAYS }) });
    const table = await screen.findByRole('table', { name: 'Activity statement' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Period',
      'Opening cash',
      'Deposits',
      'Refunds',
      'Withdrawals',
      'Staked',
      'Won',
      'Buy-ins',
      'Prizes',
      'Chest rewards',
      'Bonus released',
      'Net',
      'Closing cash',
      'Time played',
    ]);
    // Net is the result of play: 27.50 + 500 + 20 + 25 − 40 − 50 = 482.50; the cash reconciles: 100 + 150 − 20 + 482.50.
    const first = within(table).getByRole('row', { name: /27 Nov 2026/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'R100.00',
      'R150.00',
      'R20.00',
      'R0.00',
      'R40.00',
      'R27.50',
      'R50.00',
      'R500.00',
      'R20.00',
      'R25.00',
      'R482.50',
      'R712.50',
      '01 H 15 M',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Weekly' }));
    const sent = await settle(environment, {
      Viewer: () => ({
        ...VIEWER,
        activity: [row('Week of 23 Nov 2026', '2026-11-22T22:00:00.000Z', { deposits: 9900 })],
      }),
    });
    expect(sent.request.variables).toMatchObject({ period: 'WEEK' });
    expect(await screen.findByRole('row', { name: /Week of 23 Nov 2026/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Weekly' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('downloads what it shows as playlive-activity-day.csv', async () => {
    open({ ...NO_RESTRICTION, Viewer: () => ({ ...VIEWER, activity: DAYS }) });
    const files: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (files.push(blob), 'blob:statement'),
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    click.mockRestore();
    vi.unstubAllGlobals();
    expect(names).toEqual(['playlive-activity-day.csv']);
    expect(await textOf(files[0]!)).toBe(
      'Period,Opening cash,Deposits,Refunds,Withdrawals,Staked,Won,Buy-ins,Prizes,Chest rewards,Bonus released,Net,Closing cash,Minutes played\r\n' +
        '27 Nov 2026,100.00,150.00,20.00,0.00,40.00,27.50,50.00,500.00,20.00,25.00,482.50,712.50,75\r\n' +
        '26 Nov 2026,150.00,0.00,0.00,50.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,100.00,0\r\n',
    );
  });

  it('says there is nothing yet for a player with no activity, with nothing to download', async () => {
    open({
      ...NO_RESTRICTION,
      Viewer: () => ({ ...VIEWER, activity: [row('27 Nov 2026', '2026-11-26T22:00:00.000Z', {})] }),
    });
    expect(await screen.findByText(/Nothing to show yet/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('says when the statement could not be read, and reads it again on Try again', async () => {
    const environment = open({ ...NO_RESTRICTION, Viewer: () => ({ ...VIEWER, activity: null }) });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('We could not load your statement just now.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    const sent = await settle(environment, { Viewer: () => ({ ...VIEWER, activity: DAYS }) });
    expect(sent.request.variables).toMatchObject({ period: 'DAY' });
    expect(await screen.findByRole('table', { name: 'Activity statement' })).toBeTruthy();
  });
});
