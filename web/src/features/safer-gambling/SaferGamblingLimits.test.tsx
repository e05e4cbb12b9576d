import { act, fireEvent, screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator, type MockResolvers } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import type { SaferGamblingLimitsTestQuery } from '../../__generated__/SaferGamblingLimitsTestQuery.graphql';
import { renderWithRelay } from '../../test-relay';
import { DepositLimits } from './DepositLimits';
import { LossLimits } from './LossLimits';
import { PlayTime } from './PlayTime';
import { RealityCheck } from './RealityCheck';
import { YourChanges } from './YourChanges';

/*
 * The Safer gambling page's limits as a player meets them: what each limit is and has left, the cooling-off said,
 * the field checked before anything is sent, the change sent as the schema takes it, and a status line after.
 */

function Harness() {
  const data = useLazyLoadQuery<SaferGamblingLimitsTestQuery>(
    graphql`
      query SaferGamblingLimitsTestQuery @relay_test_operation {
        viewer {
          id
          safeGambling {
            ...DepositLimits_safeGambling
            ...LossLimits_safeGambling
            ...PlayTime_safeGambling
            ...RealityCheck_safeGambling
            ...YourChanges_safeGambling
          }
        }
      }
    `,
    {},
  );
  const tools = data.viewer?.safeGambling;
  if (!tools) return null;
  return (
    <>
      <DepositLimits safeGambling={tools} />
      <LossLimits safeGambling={tools} />
      <PlayTime safeGambling={tools} />
      <RealityCheck safeGambling={tools} />
      <YourChanges safeGambling={tools} />
    </>
  );
}

const R = (cents: number) => ({
  cents,
  amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
  formatted: `R${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`,
});
const NONE = { limit: null, used: R(0), remaining: null, resetsAt: null, pending: null };

/** The tools: a daily deposit limit of R50.00 with R20.00 used, a weekly loss limit being raised; the rest unset. */
const resolvers = (over: { depositDay?: object } = {}): MockResolvers => ({
  MoneyLimits: (context) => {
    const kind = context.path?.includes('lossLimits') ? 'loss' : 'deposit';
    return kind === 'deposit'
      ? {
          day: {
            period: 'DAY',
            limit: R(5000),
            used: R(2000),
            remaining: R(3000),
            resetsAt: '2026-11-28T08:15:00.000Z',
            pending: null,
            ...over.depositDay,
          },
          week: { period: 'WEEK', ...NONE },
          month: { period: 'MONTH', ...NONE },
        }
      : {
          day: { period: 'DAY', ...NONE },
          week: {
            period: 'WEEK',
            limit: R(20000),
            used: R(0),
            remaining: R(20000),
            resetsAt: null,
            pending: { limit: R(50000), effectiveAt: '2026-11-28T08:15:00.000Z' },
          },
          month: { period: 'MONTH', ...NONE },
        };
  },
  TimeLimit: () => ({
    limitMinutes: 60,
    usedMinutes: 12,
    remainingMinutes: 48,
    resetsAt: '2026-11-27T22:00:00.000Z',
    pending: null,
  }),
  SafeGambling: () => ({
    realityCheckMinutes: 60,
    realityCheckChoices: [15, 30, 60, 120],
    history: [{ at: '2026-11-27T08:15:00.000Z', description: 'Daily deposit limit set to R50.00' }],
  }),
});

async function render() {
  const environment = renderWithRelay(<Harness />, resolvers(), { at: '/account/safer-gambling' });
  await screen.findByRole('region', { name: 'Deposit limits' });
  return environment;
}
const row = (section: string, name: string) =>
  within(screen.getByRole('region', { name: section })).getByRole('group', { name });

describe('the Safer gambling limits', () => {
  it('shows each limit with what it has used and left, a pending raise, and the cooling-off', async () => {
    await render();
    const daily = row('Deposit limits', 'Daily limit');
    expect(within(daily).getByText('R50.00')).toBeTruthy();
    expect(within(daily).getByText('R20.00 used · R30.00 left · resets 2026-11-28 10:15')).toBeTruthy();
    expect(within(daily).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(
      within(row('Deposit limits', 'Weekly limit')).queryByRole('button', { name: 'Remove' }),
    ).toBeNull();
    expect(
      within(row('Loss limits', 'Weekly limit')).getByText(
        'Raising to R500.00 on 2026-11-28 10:15 (24-hour cooling-off)',
      ),
    ).toBeTruthy();
    expect(screen.getAllByText(/Raising or removing one takes 24 hours/)).toHaveLength(3);
    expect(
      within(row('Play time', 'Daily limit')).getByText(
        '12 minutes played today · 48 minutes left · resets 2026-11-28 00:00',
      ),
    ).toBeTruthy();
    const changes = screen.getByRole('region', { name: 'Your changes' });
    expect(within(changes).getByText('Daily deposit limit set to R50.00')).toBeTruthy();
    expect(within(changes).getByText('2026-11-27 10:15')).toBeTruthy();
  });

  it('checks the amount beside the field and sends nothing that the casino would refuse', async () => {
    const environment = await render();
    const daily = row('Deposit limits', 'Daily limit');
    const input = within(daily).getByLabelText('Daily deposit limit (R)');
    const save = within(daily).getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect(within(daily).getByRole('alert').textContent).toBe('Enter an amount in rands, for example 500.');
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(save);
    expect(within(daily).getByRole('alert').textContent).toBe(
      'Enter an amount from R10.00 to R1,000,000.00.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '12.345' } });
    fireEvent.click(save);
    expect(within(daily).getByRole('alert').textContent).toBe(
      'Use at most two decimals, for example 150.50.',
    );
    const playTime = row('Play time', 'Daily limit');
    const minutes = within(playTime).getByLabelText('Daily play time limit (minutes)');
    fireEvent.change(minutes, { target: { value: '50' } });
    fireEvent.click(within(playTime).getByRole('button', { name: 'Save' }));
    expect(within(playTime).getByRole('alert').textContent).toBe(
      'Use steps of 15 minutes, for example 45, 60 or 90.',
    );
    fireEvent.change(minutes, { target: { value: '1455' } });
    fireEvent.click(within(playTime).getByRole('button', { name: 'Save' }));
    expect(within(playTime).getByRole('alert').textContent).toBe(
      'Choose from 15 to 1440 minutes (a whole day).',
    );
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('saves a lower limit at once, and says when a raise takes effect after the cooling-off', async () => {
    const environment = await render();
    const daily = row('Deposit limits', 'Daily limit');
    const input = within(daily).getByLabelText('Daily deposit limit (R)');
    fireEvent.change(input, { target: { value: 'R 40,5' } });
    fireEvent.click(within(daily).getByRole('button', { name: 'Save' }));
    const sent = environment.mock.getMostRecentOperation();
    expect(sent.request.variables.input).toEqual({ kind: 'DEPOSIT', period: 'DAY', amount: '40.50' });
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op) =>
        MockPayloadGenerator.generate(op, resolvers({ depositDay: { limit: R(4050), remaining: R(2050) } })),
      );
    });
    expect(within(daily).getByRole('status').textContent).toBe('Daily deposit limit saved.');
    // The payload brought the new limit through viewer: the row shows it with no refetch.
    expect(within(daily).getByText('R40.50')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('');

    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(within(daily).getByRole('button', { name: 'Save' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op) =>
        MockPayloadGenerator.generate(
          op,
          resolvers({
            depositDay: {
              limit: R(4050),
              pending: { limit: R(10000), effectiveAt: '2026-11-28T08:30:00.000Z' },
            },
          }),
        ),
      );
    });
    expect(within(daily).getByRole('status').textContent).toBe(
      'Daily deposit limit will change on 2026-11-28 10:30 after the 24-hour cooling-off.',
    );
    expect(
      within(daily).getByText('Raising to R100.00 on 2026-11-28 10:30 (24-hour cooling-off)'),
    ).toBeTruthy();
  });

  it("shows the casino's refusal of a value beside the field", async () => {
    const environment = await render();
    const monthly = row('Loss limits', 'Monthly limit');
    fireEvent.change(within(monthly).getByLabelText('Monthly loss limit (R)'), { target: { value: '900' } });
    fireEvent.click(within(monthly).getByRole('button', { name: 'Save' }));
    expect(environment.mock.getMostRecentOperation().request.variables.input).toEqual({
      kind: 'LOSS',
      period: 'MONTH',
      amount: '900.00',
    });
    await act(async () => {
      environment.mock.rejectMostRecentOperation(
        Object.assign(new Error('refused'), {
          errors: [
            {
              message: 'The given data was invalid.',
              extensions: {
                code: 'BAD_USER_INPUT',
                fields: { amount: ['The limit must be at most R1,000,000.00.'] },
              },
            },
          ],
        }),
      );
    });
    expect(within(monthly).getByRole('alert').textContent).toBe('The limit must be at most R1,000,000.00.');
  });

  it('saves the reality check interval with the keyboard', async () => {
    const environment = await render();
    const section = screen.getByRole('region', { name: 'Reality check' });
    expect((within(section).getByRole('radio', { name: '60 minutes' }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(section).getByRole('radio', { name: '30 minutes' }));
    fireEvent.submit(within(section).getByRole('form', { name: 'Reality check' }));
    expect(environment.mock.getMostRecentOperation().request.variables.input).toEqual({ minutes: 30 });
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op) =>
        MockPayloadGenerator.generate(op, {
          ...resolvers(),
          SafeGambling: () => ({
            realityCheckMinutes: 30,
            realityCheckChoices: [15, 30, 60, 120],
            history: [],
          }),
        }),
      );
    });
    expect(within(section).getByRole('status').textContent).toBe(
      'Reality check saved. We will remind you every 30 minutes.',
    );
    expect((within(section).getByRole('radio', { name: '30 minutes' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
