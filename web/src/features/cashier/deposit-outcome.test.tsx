import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import { DepositOutcome } from './DepositOutcome';
import type { WatchedDeposit } from './deposit-watch';

/*
 * A settled deposit said as the casino settled it (docs/rules.md#payments): one paid during a break or a
 * self-exclusion is sent back and said so (never "received", never "failed"), and a failed one says why when the
 * casino does (cancelled on the payment page, or expired unpaid).
 */

const outcome = (watched: Partial<WatchedDeposit>) =>
  renderWithRelay(
    <DepositOutcome
      watched={{ paymentId: 'pay-1', phase: 'checking', amount: 'R150.00', ...watched }}
      deposit={null}
    />,
  );

describe('a settled deposit', () => {
  it('says a deposit paid during a break went back, and that the balance did not change', () => {
    outcome({ phase: 'refunded' });
    expect(screen.getByText('We sent R150.00 back.')).toBeTruthy();
    expect(screen.getByText(/Your balance did not change\./)).toBeTruthy();
    expect(screen.queryByText(/Payment received/)).toBeNull();
    expect(screen.queryByText(/did not go through/)).toBeNull();
  });

  it('says why a payment failed when the casino says', () => {
    outcome({ phase: 'failed', failure: 'EXPIRED' });
    expect(
      screen.getByText('The payment expired: it was not paid within the time the casino allows.'),
    ).toBeTruthy();
  });

  it('says a cancelled payment was cancelled, and a failure without a reason did not go through', () => {
    outcome({ phase: 'failed', failure: 'CANCELLED' });
    expect(screen.getByText('The payment was cancelled.')).toBeTruthy();
    outcome({ phase: 'failed', failure: null });
    expect(screen.getByText('The payment did not go through.')).toBeTruthy();
  });
});
