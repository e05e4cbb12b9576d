import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { amountTestQuery } from '../../__generated__/amountTestQuery.graphql';
import { centsToRands, parseRands } from '../../shared/forms/rands';
import { checkAmount, limitsHint } from './amount';
import { Balances } from './Balances';
import { DepositForm } from './DepositForm';
import { WithdrawForm } from './WithdrawForm';

const R = (cents: number) => ({
  cents,
  formatted: `R${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`,
});

describe('parsing rands', () => {
  it('takes whole rands, one or two decimals, a decimal comma, an R and spaces between thousands', () => {
    expect(parseRands('150')).toEqual({ cents: 15000 });
    expect(parseRands('150.5')).toEqual({ cents: 15050 });
    expect(parseRands('150.05')).toEqual({ cents: 15005 });
    expect(parseRands('150,50')).toEqual({ cents: 15050 });
    expect(parseRands(' R 1 500.00 ')).toEqual({ cents: 150000 });
  });

  it('refuses what is not an amount, and says what to type', () => {
    expect(parseRands('')).toEqual({ message: 'Enter an amount.' });
    expect(parseRands('abc')).toEqual({ message: 'Enter an amount in rands, for example 150 or 150.50.' });
    expect(parseRands('-5')).toEqual({ message: 'Enter an amount in rands, for example 150 or 150.50.' });
    expect(parseRands('1e3')).toEqual({ message: 'Enter an amount in rands, for example 150 or 150.50.' });
    expect(parseRands('10.005')).toEqual({ message: 'Use at most two decimals, for example 150.50.' });
    // "1,500" could be R1.500 or R1 500: not guessed.
    expect(parseRands('1,500')).toEqual({ message: 'Use at most two decimals, for example 150.50.' });
  });

  it('writes cents as the schema takes them', () => {
    expect(centsToRands(15000)).toBe('150.00');
    expect(centsToRands(5)).toBe('0.05');
    expect(centsToRands(123456)).toBe('1234.56');
  });
});

describe('checking an amount', () => {
  const deposit = { min: R(1000), max: R(5_000_000), operation: 'deposit' as const };

  it('passes an amount within the limits, as two decimals', () => {
    expect(checkAmount('10', deposit)).toEqual({ ok: true, cents: 1000, amount: '10.00' });
    expect(checkAmount('50000', deposit)).toEqual({ ok: true, cents: 5_000_000, amount: '50000.00' });
  });

  it('names the limit an amount is outside of', () => {
    expect(checkAmount('9.99', deposit)).toEqual({ ok: false, message: 'The smallest deposit is R10.00.' });
    expect(checkAmount('50000.01', deposit)).toEqual({
      ok: false,
      message: 'The largest deposit is R50,000.00.',
    });
    expect(checkAmount('0', { operation: 'deposit' })).toEqual({
      ok: false,
      message: 'Enter an amount above R0.00.',
    });
  });

  it('keeps a withdrawal within the cash balance', () => {
    const rules = { min: R(5000), max: R(5_000_000), available: R(20000), operation: 'withdrawal' as const };
    expect(checkAmount('200', rules).ok).toBe(true);
    expect(checkAmount('200.01', rules)).toEqual({
      ok: false,
      message: 'You can withdraw up to R200.00, your cash balance.',
    });
    expect(checkAmount('49', rules)).toEqual({ ok: false, message: 'The smallest withdrawal is R50.00.' });
  });

  it('says the limits as a hint, or nothing without them', () => {
    expect(limitsHint(R(1000), R(5_000_000))).toBe('From R10.00 to R50,000.00.');
    expect(limitsHint(null, null)).toBeUndefined();
  });
});

function Harness() {
  const data = useLazyLoadQuery<amountTestQuery>(
    graphql`
      query amountTestQuery @relay_test_operation {
        ...WithdrawForm_query
        viewer {
          wallet {
            ...Balances_wallet
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
  return (
    <>
      <Balances wallet={data.viewer.wallet} />
      <DepositForm wallet={data.viewer.wallet} safeGambling={data.viewer.safeGambling} />
      <WithdrawForm query={data} />
    </>
  );
}

function renderForms(
  account: {
    withdrawLock: 'EMAIL_UNVERIFIED' | 'VERIFICATION_REQUIRED' | 'BONUS_WAGERING' | null;
    welcomeAvailable?: boolean;
  } = { withdrawLock: null },
) {
  return renderWithRelay(
    <Harness />,
    {
      // No deposit limit and no break (deposit-allowance.test.tsx has those).
      SafeGambling: () => ({ restriction: null }),
      MoneyLimit: () => ({ limit: null, remaining: null, resetsAt: null }),
      Viewer: () => ({ id: 'viewer-1' }),
      Wallet: () => ({
        id: 'wallet-1',
        canWithdraw: account.withdrawLock === null,
        withdrawLock: account.withdrawLock,
        bonus: R(account.withdrawLock === 'BONUS_WAGERING' ? 5000 : 0),
        bonusWagering: null,
        welcomePackage: {
          available: account.welcomeAvailable ?? true,
          unavailableReason: account.welcomeAvailable === false ? 'PACKAGE_USED' : null,
          bonusPercentage: 250,
          wagerMultiplier: 35,
          maxBonus: R(250000),
        },
        money: R(20000),
        paymentMethods: [
          { gateway: 'CAPITEC', type: 'EFT', provider: 'PAYPUMP', name: 'Capitec ETF' },
          { gateway: 'CREDIT_CARD', type: 'CREDIT_CARD', provider: 'CALLPAY', name: 'Card' },
        ],
        limits: {
          depositMin: R(1000),
          depositMax: R(5_000_000),
          withdrawalMin: R(5000),
          withdrawalMax: R(5_000_000),
        },
      }),
    },
    { at: '/' },
  );
}

const submitWith = (form: string, amount: string) => {
  const scope = screen.getByRole('form', { name: form });
  const input = scope.querySelector('input[inputmode="decimal"]') as HTMLInputElement;
  fireEvent.change(input, { target: { value: amount } });
  fireEvent.submit(scope);
  return input;
};

describe('the cashier forms', () => {
  it('shows the deposit methods, the welcome bonus in words, and the limits', async () => {
    renderForms();
    expect(await screen.findByRole('radio', { name: /Capitec ETF/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Card/ })).toBeTruthy();
    expect(
      screen.getByText(
        'Get 250% of this deposit as bonus money, up to R2,500.00. Wager 35× the bonus before it becomes cash.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/wager 35× the bonus: your stakes/)).toBeTruthy();
    expect(screen.queryByText('35%')).toBeNull();
    expect(screen.getByText('From R10.00 to R50,000.00.')).toBeTruthy();
  });

  it('says what is wrong beside the amount and sends nothing', async () => {
    const environment = renderForms();
    await screen.findByRole('form', { name: 'Deposit' });
    const input = submitWith('Deposit', '5');
    expect(await screen.findByText('The smallest deposit is R10.00.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    submitWith('Withdraw', '500');
    expect(await screen.findByText('You can withdraw up to R200.00, your cash balance.')).toBeTruthy();
    submitWith('Withdraw', '12.345');
    expect(await screen.findByText('Use at most two decimals, for example 150.50.')).toBeTruthy();
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it('sends one withdrawal for a double submit; an unanswered one is unknown, checked again with the same key', async () => {
    const environment = renderForms();
    await screen.findByRole('form', { name: 'Withdraw' });
    submitWith('Withdraw', '60');
    fireEvent.submit(screen.getByRole('form', { name: 'Withdraw' }));
    const sent = environment.mock.getAllOperations();
    expect(sent).toHaveLength(1);
    const first = sent[0]!.request.variables.input as { amount: string; idempotencyKey: string };
    expect(first.amount).toBe('60.00');
    await act(async () => {
      environment.mock.rejectMostRecentOperation(new Error('The connection timed out.'));
    });
    // No answer is not a failure: the player is told the outcome is not known yet, never that it failed.
    expect(
      await screen.findByText('We have not heard back about your withdrawal of R60.00 yet.'),
    ).toBeTruthy();
    expect(screen.queryByText('The connection timed out.')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Withdraw' })).toBeNull();
    // Closing and reopening the cashier goes on checking it, rather than offering a second withdrawal.
    cleanup();
    const reopened = renderForms();
    expect(
      await screen.findByText('We have not heard back about your withdrawal of R60.00 yet.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const retry = reopened.mock.getMostRecentOperation().request.variables.input as typeof first;
    expect(retry).toEqual(first);
    await act(async () => {
      reopened.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, {
          Money: () => ({ formatted: 'R60.00', cents: 6000 }),
          Withdrawal: () => ({ status: 'PENDING' }),
        }),
      );
    });
    expect(await screen.findByText('Your withdrawal of R60.00 is requested.')).toBeTruthy();
  });

  it('says why a player may not withdraw yet, instead of the form', async () => {
    renderForms({ withdrawLock: 'EMAIL_UNVERIFIED' });
    expect(await screen.findByText('Withdrawals are closed for now.')).toBeTruthy();
    expect(screen.getByText('Withdrawals open once your email address is verified.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Withdraw' })).toBeNull();
    cleanup();
    renderForms({ withdrawLock: 'BONUS_WAGERING' });
    expect(
      await screen.findByText('Your cash (R200.00) is locked while your bonus is being wagered.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See your bonus wagering' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Withdraw' })).toBeNull();
  });

  it('sends a player whose identity is not verified yet to the verification page (FICA)', async () => {
    renderForms({ withdrawLock: 'VERIFICATION_REQUIRED' });
    expect(
      await screen.findByText('We need to verify your identity before your first withdrawal (FICA).'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Verify your account' });
    expect(link.getAttribute('href')).toBe('/account/verification');
    expect(screen.queryByRole('form', { name: 'Withdraw' })).toBeNull();
  });

  it("shows the casino's FICA refusal of a withdrawal with the way to verify", async () => {
    const environment = renderForms();
    await screen.findByRole('form', { name: 'Withdraw' });
    submitWith('Withdraw', '60');
    const message =
      'Verify your identity before you withdraw: we need your identity document and a proof of address (FICA).';
    await act(async () => {
      environment.mock.rejectMostRecentOperation(
        Object.assign(new Error(message), {
          errors: [
            {
              message,
              extensions: { code: 'VERIFICATION_REQUIRED', missing: ['IDENTITY', 'PROOF_OF_ADDRESS'] },
            },
          ],
        }),
      );
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    const link = screen.getByRole('link', { name: 'Verify your account' });
    expect(link.getAttribute('href')).toBe('/account/verification');
  });
});

describe('the welcome bonus in the cashier (opt-in: docs/rules.md#welcome-package)', () => {
  const box = () =>
    screen.getByRole('checkbox', { name: 'Add my welcome bonus to this deposit' }) as HTMLInputElement;
  const previewOf = async (environment: ReturnType<typeof renderForms>, welcomeBonus: boolean) =>
    waitFor(() => {
      const found = environment.mock
        .getAllOperations()
        .find(
          (op) =>
            op.request.node.params.name === 'DepositPreviewQuery' &&
            op.request.variables.welcomeBonus === welcomeBonus,
        );
      expect(found).toBeTruthy();
      return found!;
    });

  it('is unticked by default, and offered only while the casino says the player is eligible', async () => {
    renderForms();
    await screen.findByRole('form', { name: 'Deposit' });
    expect(box().checked).toBe(false);
    cleanup();
    renderForms({ withdrawLock: null, welcomeAvailable: false });
    await screen.findByRole('form', { name: 'Deposit' });
    expect(screen.queryByRole('checkbox', { name: 'Add my welcome bonus to this deposit' })).toBeNull();
    expect(screen.queryByText('Welcome bonus')).toBeNull();
  });

  it('says in rands the cash the ticked bonus would lock, before Deposit', async () => {
    const environment = renderForms();
    const form = await screen.findByRole('form', { name: 'Deposit' });
    fireEvent.change(form.querySelector('input[inputmode="decimal"]')!, { target: { value: '50' } });
    fireEvent.click(box());
    expect(box().checked).toBe(true);
    const preview = await previewOf(environment, true);
    await act(async () => {
      environment.mock.resolve(
        preview,
        MockPayloadGenerator.generate(preview, {
          // The harness's viewer and wallet: the preview adds to their records.
          Viewer: () => ({ id: 'viewer-1' }),
          Wallet: () => ({ id: 'wallet-1' }),
          DepositPreview: () => ({
            cash: R(5000),
            bonus: R(12500),
            wageringRequired: R(437500),
            capped: false,
            noBonusReason: null,
            lockedCash: R(100000),
          }),
        }),
      );
    });
    expect((await screen.findByTestId('lock-warning')).textContent?.replace(/\s+/g, ' ')).toBe(
      'Your R1,000.00 cash will also be locked until you wager R4,375.00.',
    );
  });

  it('is never ticked again by the site: not after a deposit, not when the cashier opens again', async () => {
    const environment = renderForms();
    const form = await screen.findByRole('form', { name: 'Deposit' });
    fireEvent.click(box());
    fireEvent.click(box());
    expect(box().checked).toBe(false);
    submitWith('Deposit', '100');
    const sent = await waitFor(() => {
      const found = environment.mock
        .getAllOperations()
        .find((op) => op.request.node.params.operationKind === 'mutation');
      expect(found).toBeTruthy();
      return found!;
    });
    expect((sent.request.variables.input as { welcomeBonus: boolean }).welcomeBonus).toBe(false);
    await act(async () => {
      environment.mock.resolve(
        sent,
        MockPayloadGenerator.generate(sent, {
          DepositPayload: () => ({ status: 'COMPLETE', amount: R(10000) }),
        }),
      );
    });
    await screen.findByText('Your deposit of R100.00 is in your balance.');
    expect(box().checked).toBe(false);
    expect(form.isConnected).toBe(true);
    cleanup();
    renderForms();
    await screen.findByRole('form', { name: 'Deposit' });
    expect(box().checked).toBe(false);
  });
});
