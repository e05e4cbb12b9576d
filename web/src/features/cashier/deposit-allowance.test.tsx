import { act, fireEvent, screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { type MockResolvers } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import type { depositAllowanceTestQuery } from '../../__generated__/depositAllowanceTestQuery.graphql';
import { renderWithRelay } from '../../test-relay';
import { DepositForm } from './DepositForm';

/*
 * The deposit tab and the player's deposit limits (docs/rules.md#safer-gambling): what is left is said before the
 * amount, an amount above it is refused in the form with the casino's words, a player with no limit is shown
 * where to set one, the casino's own refusal is shown as given, and a break pauses deposits.
 */

function Harness() {
  const data = useLazyLoadQuery<depositAllowanceTestQuery>(
    graphql`
      query depositAllowanceTestQuery @relay_test_operation {
        viewer {
          wallet {
            ...DepositForm_wallet
          }
          safeGambling {
            ...DepositForm_safeGambling
          }
        }
      }
    `,
    {},
  );
  if (!data.viewer?.wallet) return null;
  return <DepositForm wallet={data.viewer.wallet} safeGambling={data.viewer.safeGambling} />;
}

const R = (cents: number) => ({
  cents,
  formatted: `R${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`,
});
const NONE = { limit: null, remaining: null, resetsAt: null };

function renderDeposit(tools: { day?: object; week?: object; month?: object; restriction?: object | null }) {
  const resolvers: MockResolvers = {
    Wallet: () => ({
      welcomePackage: { available: false },
      paymentMethods: [{ gateway: 'CREDIT_CARD', type: 'CREDIT_CARD', provider: 'CALLPAY', name: 'Card' }],
      limits: { depositMin: R(1000), depositMax: R(5_000_000) },
    }),
    SafeGambling: () => ({
      restriction: tools.restriction ?? null,
      depositLimits: {
        day: { period: 'DAY', ...NONE, ...tools.day },
        week: { period: 'WEEK', ...NONE, ...tools.week },
        month: { period: 'MONTH', ...NONE, ...tools.month },
      },
    }),
  };
  return renderWithRelay(<Harness />, resolvers, { at: '/' });
}

const submit = (amount: string) => {
  const form = screen.getByRole('form', { name: 'Deposit' });
  fireEvent.change(within(form).getByLabelText('Amount to deposit (R)'), { target: { value: amount } });
  fireEvent.submit(form);
};

describe('the deposit tab with deposit limits', () => {
  it('says the least that is left, by its period, and refuses more in the form', async () => {
    const environment = renderDeposit({
      day: { limit: R(5000), remaining: R(3000), resetsAt: '2026-11-28T08:15:00.000Z' },
      week: { limit: R(20000), remaining: R(15000), resetsAt: '2026-12-01T08:15:00.000Z' },
    });
    expect(await screen.findByText('You can deposit R30.00 more today')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Set a deposit limit' })).toBeNull();
    submit('100');
    expect(screen.getByRole('alert').textContent).toBe(
      'This deposit would take you past your daily deposit limit of R50.00. You can deposit R30.00 more until 2026-11-28 10:15.',
    );
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    // Within what is left, the deposit goes to the casino (which checks again).
    submit('30');
    expect(environment.mock.getMostRecentOperation().request.variables.input).toMatchObject({
      amount: '30.00',
    });
  });

  it('names the weekly or monthly limit when that one leaves less', async () => {
    renderDeposit({
      day: { limit: R(50000), remaining: R(50000) },
      month: { limit: R(100000), remaining: R(2500), resetsAt: '2026-12-20T08:15:00.000Z' },
    });
    expect(await screen.findByText('You can deposit R25.00 more this month')).toBeTruthy();
  });

  it('says when a player can deposit again once a limit is used up', async () => {
    renderDeposit({ week: { limit: R(20000), remaining: R(0), resetsAt: '2026-12-01T08:15:00.000Z' } });
    expect(
      await screen.findByText(
        'You have reached your weekly deposit limit of R200.00. You can deposit again from 2026-12-01 10:15.',
      ),
    ).toBeTruthy();
  });

  it('offers a deposit limit to a player with none, and shows the casino’s refusal as given', async () => {
    const environment = renderDeposit({});
    const link = await screen.findByRole('link', { name: 'Set a deposit limit' });
    expect(link.getAttribute('href')).toBe('/account/safer-gambling#deposit-limits');
    submit('100');
    const message =
      'This deposit would take you past your daily deposit limit of R50.00. You can deposit R30.00 more until 2026-11-28 10:15.';
    await act(async () => {
      environment.mock.rejectMostRecentOperation(
        Object.assign(new Error(message), {
          errors: [{ message, extensions: { code: 'DEPOSIT_LIMIT_REACHED', period: 'DAY' } }],
        }),
      );
    });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('pauses deposits during a break, with the way to Safer gambling', async () => {
    renderDeposit({
      restriction: { kind: 'BREAK', endsAt: '2026-11-28T08:15:00.000Z' },
      day: { limit: R(5000), remaining: R(3000) },
    });
    expect(await screen.findByText(/Deposits are paused until 2026-11-28 10:15/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Deposit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Safer gambling' }).getAttribute('href')).toBe(
      '/account/safer-gambling',
    );
  });
});
