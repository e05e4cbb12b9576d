import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator, type MockResolvers } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { paymentsReloadTestQuery } from '../../__generated__/paymentsReloadTestQuery.graphql';
import { session } from '../../shared/session';
import { renderWithRelay } from '../../test-relay';
import { DepositForm } from './DepositForm';
import { WithdrawForm } from './WithdrawForm';

/*
 * Payments survive a reload (docs/rules.md#sign-in-and-sessions): the pending intent's idempotency key and a
 * withdrawal whose outcome is unknown are kept for the session in the tab, so the page loaded again sends the same
 * request with the same key; a sign-out, another session or a known outcome forgets them. And what the forms say
 * goes with what happened: the requested note once the withdrawal moves on, the preview beside a refusal.
 */

const INTENTS = 'play_live_payment_intents';
const UNKNOWN = 'play_live_unknown_withdrawal';

const R = (cents: number) => ({
  cents,
  formatted: `R${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`,
});

/**
 * The page loaded again: fresh copies of the cashier's modules over the tab's storage (nothing of the last page's
 * memory). A query makes each import a new module without resetting the registry, which the test files share.
 */
let loads = 0;
async function reloaded() {
  loads += 1;
  return {
    intent: (await import(/* @vite-ignore */ `./intent.ts?load=${loads}`)) as typeof import('./intent'),
    outcome: (await import(
      /* @vite-ignore */ `./withdrawal-outcome.ts?load=${loads}`
    )) as typeof import('./withdrawal-outcome'),
  };
}

beforeEach(() => {
  act(() => session.signIn('token-of-thandi'));
});

afterEach(() => {
  act(() => session.signOut());
});

describe('a payment in flight and a reload', () => {
  it('keeps the intent’s key and the unknown withdrawal for the session in the tab, and forgets them at sign-out', async () => {
    const before = await reloaded();
    const key = before.intent.intentKey('withdrawal', { amount: '60.00' });
    before.outcome.rememberUnknownWithdrawal('60.00');
    expect(window.sessionStorage.getItem(INTENTS)).toContain(key);
    expect(window.sessionStorage.getItem(INTENTS)).not.toContain('token-of-thandi');

    const after = await reloaded();
    expect(after.intent).not.toBe(before.intent);
    expect(after.intent.intentKey('withdrawal', { amount: '60.00' })).toBe(key);
    expect(after.outcome.unknownWithdrawal()).toBe('60.00');

    act(() => session.signOut());
    expect(window.sessionStorage.getItem(INTENTS)).toBeNull();
    expect(window.sessionStorage.getItem(UNKNOWN)).toBeNull();
    act(() => session.signIn('token-of-thandi'));
    const signedInAgain = await reloaded();
    expect(signedInAgain.outcome.unknownWithdrawal()).toBeNull();
    expect(signedInAgain.intent.intentKey('withdrawal', { amount: '60.00' })).not.toBe(key);
  });

  it('reads nothing another session kept in the tab', async () => {
    const mine = await reloaded();
    const key = mine.intent.intentKey('deposit', { amount: '100.00' });
    mine.outcome.rememberUnknownWithdrawal('60.00');
    // Another player's token in storage (another tab signed in as them) before this page loads again.
    window.localStorage.setItem('play_live_session_token', 'token-of-pieter');
    const theirs = await reloaded();
    expect(theirs.outcome.unknownWithdrawal()).toBeNull();
    expect(theirs.intent.intentKey('deposit', { amount: '100.00' })).not.toBe(key);
    window.localStorage.setItem('play_live_session_token', 'token-of-thandi');
  });
});

function Harness() {
  const data = useLazyLoadQuery<paymentsReloadTestQuery>(
    graphql`
      query paymentsReloadTestQuery @relay_test_operation {
        ...WithdrawForm_query
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
  return (
    <>
      <DepositForm wallet={data.viewer.wallet} safeGambling={data.viewer.safeGambling} />
      <WithdrawForm query={data} />
    </>
  );
}

const resolvers: MockResolvers = {
  SafeGambling: () => ({ restriction: null }),
  MoneyLimit: () => ({ limit: null, remaining: null, resetsAt: null }),
  Account: () => ({ name: 'Thandi Mokoena' }),
  PayoutAccount: () => ({ id: 'pa1', maskedNumber: '····1234', verified: true, bank: { name: 'Capitec' } }),
  Viewer: () => ({ withdrawals: [] }),
  Wallet: () => ({
    canWithdraw: true,
    withdrawLock: null,
    money: R(20000),
    welcomePackage: { available: false },
    paymentMethods: [{ gateway: 'CREDIT_CARD', type: 'CREDIT_CARD', provider: 'CALLPAY', name: 'Card' }],
    limits: {
      depositMin: R(1000),
      depositMax: R(5_000_000),
      withdrawalMin: R(5000),
      withdrawalMax: R(5_000_000),
    },
  }),
};

const renderCashier = () => renderWithRelay(<Harness />, resolvers, { at: '/' });

const amountIn = (form: HTMLElement) => form.querySelector('input[inputmode="decimal"]') as HTMLInputElement;

const submitWith = (form: string, amount: string) => {
  const scope = screen.getByRole('form', { name: form });
  fireEvent.change(amountIn(scope), { target: { value: amount } });
  fireEvent.submit(scope);
};

type Input = { amount: string; idempotencyKey: string };
const inputOf = (operation: OperationDescriptor) => operation.request.variables.input as Input;

const refusal = (code: string, message: string) =>
  Object.assign(new Error(message), { errors: [{ message, extensions: { code } }] });

describe('the withdraw tab across a reload', () => {
  it('goes on checking an unknown withdrawal with the same key, and forgets it once answered', async () => {
    const environment = renderCashier();
    await screen.findByRole('form', { name: 'Withdraw' });
    submitWith('Withdraw', '60');
    const first = inputOf(environment.mock.getMostRecentOperation());
    await act(async () => {
      environment.mock.rejectMostRecentOperation(refusal('OUTCOME_UNKNOWN', 'The casino did not confirm.'));
    });
    await screen.findByText('We have not heard back about your withdrawal of R60.00 yet.');
    expect(window.sessionStorage.getItem(UNKNOWN)).toContain('60.00');
    expect(window.sessionStorage.getItem(INTENTS)).toContain(first.idempotencyKey);

    // The page loaded again (the tab's storage is all that is left): still checking, never a new form.
    cleanup();
    const again = renderCashier();
    await screen.findByText('We have not heard back about your withdrawal of R60.00 yet.');
    expect(screen.queryByRole('form', { name: 'Withdraw' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(inputOf(again.mock.getMostRecentOperation())).toEqual(first);
    await act(async () => {
      again.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, {
          Money: () => R(6000),
          Withdrawal: () => ({ id: 'w1', status: 'PENDING' }),
        }),
      );
    });
    await screen.findByText('Your withdrawal of R60.00 is requested.');
    expect(window.sessionStorage.getItem(UNKNOWN)).toBeNull();
    expect(window.sessionStorage.getItem(INTENTS)).toBeNull();
  });

  it('starts a new intent after a refusal (nothing was withdrawn)', async () => {
    const environment = renderCashier();
    await screen.findByRole('form', { name: 'Withdraw' });
    submitWith('Withdraw', '60');
    const first = inputOf(environment.mock.getMostRecentOperation());
    await act(async () => {
      environment.mock.rejectMostRecentOperation(refusal('FORBIDDEN', 'Withdrawals are closed.'));
    });
    await screen.findByText('Withdrawals are closed.');
    expect(window.sessionStorage.getItem(INTENTS)).toBeNull();
    submitWith('Withdraw', '60');
    expect(inputOf(environment.mock.getMostRecentOperation()).idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('takes the green note away once the withdrawal moves on (no "requested" above a Failed card)', async () => {
    const environment = renderCashier();
    await screen.findByRole('form', { name: 'Withdraw' });
    submitWith('Withdraw', '70');
    await act(async () => {
      environment.mock.resolveMostRecentOperation((operation) =>
        MockPayloadGenerator.generate(operation, {
          Money: () => R(7000),
          Withdrawal: () => ({ id: 'w70', status: 'PENDING', canCancel: true, reason: null }),
        }),
      );
    });
    await screen.findByText('Your withdrawal of R70.00 is requested.');
    // The live event: the casino could not pay it.
    act(() => {
      environment.commitUpdate((store) => {
        store.get('w70')?.setValue('FAILED', 'status');
        store.get('w70')?.setValue(false, 'canCancel');
      });
    });
    await screen.findByText('It could not be paid: the money is back in your balance.');
    expect(screen.queryByText('Your withdrawal of R70.00 is requested.')).toBeNull();
  });
});

describe('the deposit tab', () => {
  it('says what a deposit gives, and not beside its refusal', async () => {
    const environment = renderCashier();
    await screen.findByRole('form', { name: 'Deposit' });
    const form = screen.getByRole('form', { name: 'Deposit' });
    fireEvent.change(amountIn(form), { target: { value: '100' } });
    const preview = await waitFor(() => {
      const found = environment.mock
        .getAllOperations()
        .find((op) => op.request.node.params.name === 'DepositPreviewQuery');
      expect(found).toBeTruthy();
      return found!;
    });
    await act(async () => {
      environment.mock.resolve(
        preview,
        MockPayloadGenerator.generate(preview, {
          DepositPreview: () => ({ cash: R(10000), bonus: R(0), noBonusReason: null, capped: false }),
        }),
      );
    });
    await screen.findByText('You get R100.00 cash.');
    fireEvent.submit(form);
    const message =
      'This deposit would take you past your daily deposit limit of R50.00. You can deposit R50.00 more until 2026-11-28 10:15.';
    await act(async () => {
      environment.mock.rejectMostRecentOperation(
        Object.assign(new Error(message), {
          errors: [{ message, extensions: { code: 'DEPOSIT_LIMIT_REACHED', period: 'DAY' } }],
        }),
      );
    });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('You get R100.00 cash.')).toBeNull();
    // A refused deposit's key is not kept: the outcome is known.
    expect(window.sessionStorage.getItem(INTENTS)).toBeNull();
  });
});

describe('the payment method the player chose', () => {
  it('stays chosen when the cashier comes back (from a cancelled payment, a reload), not the first again', async () => {
    const methods = {
      ...resolvers,
      Wallet: () => ({
        ...(resolvers.Wallet as () => Record<string, unknown>)(),
        paymentMethods: [
          { gateway: 'PAYMENT3', type: 'EFT', provider: 'PAYMENT3', name: 'Pay by bank' },
          { gateway: 'CREDIT_CARD', type: 'CREDIT_CARD', provider: 'CALLPAY', name: 'Card' },
        ],
      }),
    };
    renderWithRelay(<Harness />, methods, { at: '/' });
    const card = (await screen.findByRole('radio', { name: /^Card/ })) as HTMLInputElement;
    expect((screen.getByRole('radio', { name: /^Pay by bank/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(card);
    expect(card.checked).toBe(true);
    cleanup();

    // The cashier again, as after the payment page sent the player back: the same session, a new page.
    renderWithRelay(<Harness />, methods, { at: '/' });
    expect(((await screen.findByRole('radio', { name: /^Card/ })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^Pay by bank/ }) as HTMLInputElement).checked).toBe(false);
    cleanup();

    // Signed out and in again: nothing of the last session's choice stays.
    act(() => session.signOut());
    act(() => session.signIn('token-of-thandi'));
    renderWithRelay(<Harness />, methods, { at: '/' });
    expect(((await screen.findByRole('radio', { name: /^Pay by bank/ })) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
