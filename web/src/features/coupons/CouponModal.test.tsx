import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, describe, expect, it } from 'vitest';
import type { CouponModalTestQuery } from '../../__generated__/CouponModalTestQuery.graphql';
import { closeModal, openModal, useOpenModal, type ModalName } from '../../shared/modals/modal-store';
import CouponModal from './CouponModal';
import WageringModal from './WageringModal';

const VIEWER = { id: 'Vmlld2VyOjE' };
const WALLET_ID = 'V2FsbGV0OjE';
const money = (cents: number) => ({
  cents,
  amount: (cents / 100).toFixed(2),
  formatted: `R${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`,
});
const COUPON = {
  id: 'Q291cG9uOjE6V0VMQ09NRTEwMA',
  code: 'WELCOME100',
  description: 'R100 welcome bonus, wager 10 times',
  bonusAmount: money(10_000),
  wagered: money(0),
  wageringRequired: money(100_000),
};
const ACTIVE_WAGERING = {
  id: 'V2FnZXJpbmc6MQ',
  active: true,
  code: 'WELCOME100',
  bonusAmount: money(10_000),
  bonusBalance: money(10_000),
  required: money(100_000),
  wagered: money(1_000),
  remaining: money(99_000),
  progressPercent: 1,
  wallets: [
    { gateway: 'callpay', balance: money(0) },
    { gateway: 'bonus', balance: money(10_000) },
  ],
};
const NO_WAGERING = {
  ...ACTIVE_WAGERING,
  active: false,
  code: null,
  bonusAmount: null,
  bonusBalance: null,
  required: null,
  wagered: null,
  remaining: null,
  progressPercent: 0,
  wallets: [
    { gateway: 'callpay', balance: money(0) },
    { gateway: 'bonus', balance: money(0) },
  ],
};

/** The header's balance, as another screen reading the same store, and the open modal. */
function Harness() {
  const data = useLazyLoadQuery<CouponModalTestQuery>(
    graphql`
      query CouponModalTestQuery @relay_test_operation {
        viewer {
          id
          wallet {
            id
            combined {
              formatted
            }
          }
        }
      }
    `,
    {},
  );
  const open = useOpenModal();
  return (
    <>
      <p data-testid="balance">{data.viewer?.wallet?.combined.formatted}</p>
      {open?.name === 'coupon' && <CouponModal params={open.params} />}
      {open?.name === 'wagering' && <WageringModal params={open.params} />}
    </>
  );
}

type Resolvers = Parameters<typeof MockPayloadGenerator.generate>[1];

function resolveLatest(environment: ReturnType<typeof createMockEnvironment>, resolvers: Resolvers) {
  const operation = environment.mock.getMostRecentOperation();
  act(() => environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, resolvers)));
  return operation;
}

async function openWith(modal: ModalName, resolvers: Resolvers) {
  const environment = createMockEnvironment();
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Suspense fallback="Loading">
        <Harness />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
  resolveLatest(environment, { Viewer: () => VIEWER, Wallet: () => ({ id: WALLET_ID, combined: money(0) }) });
  await screen.findByText('R0.00');
  act(() => openModal(modal));
  await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(1));
  resolveLatest(environment, { Viewer: () => VIEWER, ...resolvers });
  return environment;
}

/** What the mutation sent, after resolving it with the payload (or refusing it). */
async function settle(
  environment: ReturnType<typeof createMockEnvironment>,
  outcome: Resolvers | Error,
): Promise<OperationDescriptor> {
  await waitFor(() => expect(environment.mock.getAllOperations().length).toBeGreaterThan(0));
  const operation = environment.mock.getMostRecentOperation();
  await act(async () => {
    if (outcome instanceof Error) environment.mock.reject(operation, outcome);
    else environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, outcome));
  });
  return operation;
}

const refusal = (message: string) =>
  Object.assign(new Error(message), { errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });

afterEach(() => act(() => closeModal()));

const PREVIEW = {
  code: 'WELCOME100',
  description: 'R100 welcome bonus, wager 10 times',
  bonusAmount: money(10_000),
  wagerMultiplier: 10,
  wageringRequired: money(100_000),
  lockedCash: money(0),
};

/** Step one: Redeem asks the casino's preview of the code; step two: Confirm applies it. */
async function reviewed(environment: ReturnType<typeof createMockEnvironment>, preview = PREVIEW) {
  fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
  const asked = await settle(environment, { CouponPreview: () => preview });
  expect(asked.request.node.params.name).toBe('CouponModalPreviewQuery');
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
}

describe('the redeem coupon modal', () => {
  it("shows a code's terms and the cash it would lock before applying it, and applies nothing until Confirm", async () => {
    const environment = await openWith('coupon', { Viewer: () => ({ ...VIEWER, activeCoupon: null }) });
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'spin25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    const asked = await settle(environment, {
      CouponPreview: () => ({
        code: 'SPIN25',
        description: 'R25 bonus, wager 5 times',
        bonusAmount: money(2_500),
        wagerMultiplier: 5,
        wageringRequired: money(12_500),
        lockedCash: money(178_500),
      }),
    });
    expect(asked.request.variables).toEqual({ code: 'spin25' });
    expect(await screen.findByText('Coupon SPIN25')).toBeTruthy();
    expect(screen.getByText('5× the bonus, R125.00')).toBeTruthy();
    expect(screen.getByTestId('coupon-lock').textContent).toContain(
      'Your R1,785.00 cash will also be locked until you wager R125.00.',
    );
    // Nothing sent but the preview: no redemption yet.
    expect(environment.mock.getAllOperations()).toHaveLength(0);
    // Back: the code again, nothing applied.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByLabelText('Coupon code')) as HTMLInputElement).value).toBe('spin25');
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("shows the casino's own refusal beside the code", async () => {
    const environment = await openWith('coupon', { Viewer: () => ({ ...VIEWER, activeCoupon: null }) });
    const code = (await screen.findByLabelText('Coupon code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'NOT-A-COUPON' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    // Refused at the preview, before anything is applied.
    const asked = await settle(environment, refusal('Invalid coupon code.'));
    expect(asked.request.node.params.name).toBe('CouponModalPreviewQuery');
    expect(await screen.findByText('Invalid coupon code.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the bonus a redeemed code gave, and the balance elsewhere moves from the result', async () => {
    const environment = await openWith('coupon', { Viewer: () => ({ ...VIEWER, activeCoupon: null }) });
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: ' welcome100 ' } });
    await reviewed(environment);
    const sent = await settle(environment, {
      Coupon: () => COUPON,
      Wallet: () => ({ id: WALLET_ID, combined: money(10_000) }),
      Wagering: () => ({ ...ACTIVE_WAGERING, wagered: money(0), progressPercent: 0 }),
    });
    expect(sent.request.variables).toEqual({ input: { code: 'welcome100' } });
    expect(await screen.findByText('Coupon redeemed: R100.00 bonus added to your wallet.')).toBeTruthy();
    expect(screen.getByText('R0.00 wagered of R1,000.00')).toBeTruthy();
    expect(screen.getByTestId('balance').textContent).toBe('R100.00');
  });

  it('reads the active coupon before saying anything when a redemption gets no answer', async () => {
    const environment = await openWith('coupon', { Viewer: () => ({ ...VIEWER, activeCoupon: null }) });
    fireEvent.change(await screen.findByLabelText('Coupon code'), { target: { value: 'welcome100' } });
    await reviewed(environment);
    const unavailable = (message: string) =>
      Object.assign(new Error(message), {
        errors: [{ message, extensions: { code: 'UPSTREAM_UNAVAILABLE' } }],
      });
    await settle(environment, unavailable('The casino is not responding right now.'));
    // The active coupon read again: that read fails too, so the outcome is not known yet.
    await waitFor(() =>
      expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('CouponModalQuery'),
    );
    await settle(environment, new Error('Failed to fetch'));
    expect(
      await screen.findByText(/We could not confirm whether coupon welcome100 was applied/),
    ).toBeTruthy();
    expect(screen.queryByText(/Invalid|not responding/)).toBeNull();
    // Check again: the casino has it as the active coupon, so it applied.
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await settle(environment, { Viewer: () => ({ ...VIEWER, activeCoupon: COUPON }), Coupon: () => COUPON });
    expect(
      await screen.findByText('Coupon welcome100 was applied: its bonus is in your wallet.'),
    ).toBeTruthy();
    expect(screen.getByText('Your active coupon')).toBeTruthy();
  });

  it("says the opt-out failed in the site's words, whatever the casino said", async () => {
    const environment = await openWith('coupon', { Coupon: () => COUPON });
    fireEvent.click(await screen.findByRole('button', { name: 'Opt out of this bonus' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, opt out' }));
    await settle(environment, refusal('Injected fault: 500'));
    expect(await screen.findByText('An error occurred while opting out of the bonus.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Coupon WELCOME100' })).toBeTruthy();
  });

  it('opts out after asking, then offers the code field again', async () => {
    const environment = await openWith('coupon', { Coupon: () => COUPON });
    fireEvent.click(await screen.findByRole('button', { name: 'Opt out of this bonus' }));
    expect(document.activeElement?.textContent).toBe('Keep my bonus');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, opt out' }));
    await settle(environment, {
      OptOutCouponPayload: () => ({
        message: 'You successfully opted out of the bonus.',
        activeCoupon: null,
      }),
      Wallet: () => ({ id: WALLET_ID, combined: money(0) }),
      Wagering: () => NO_WAGERING,
    });
    expect(await screen.findByText('You successfully opted out of the bonus.')).toBeTruthy();
    expect(screen.getByLabelText('Coupon code')).toBeTruthy();
  });
});

describe('the bonus wagering modal', () => {
  it('shows the progress and each wallet', async () => {
    await openWith('wagering', { Site: () => ({ wageringEnabled: true }), Wagering: () => ACTIVE_WAGERING });
    expect(await screen.findByText('R10.00 wagered of R1,000.00')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Wagering progress' }).getAttribute('aria-valuenow')).toBe(
      '1',
    );
    const wallets = screen.getByRole('region', { name: 'Your wallets' });
    expect(wallets.textContent).toContain('CashR0.00');
    expect(wallets.textContent).toContain('BonusR100.00');
  });

  it("shows the empty state from the opt-out's result, without loading the wagering again", async () => {
    const environment = await openWith('wagering', {
      Site: () => ({ wageringEnabled: true }),
      Wagering: () => ACTIVE_WAGERING,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Opt out of the bonus' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, opt out' }));
    await settle(environment, {
      Wagering: () => NO_WAGERING,
      Wallet: () => ({ id: WALLET_ID, combined: money(0) }),
    });
    expect(await screen.findByText('You have no bonus to wager.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Only the active coupon, which the opt-out's result does not carry, is read again.
    const pending = environment.mock.getAllOperations().map((o) => o.request.node.params.name);
    expect(pending).toEqual(['ActiveCouponQuery']);
  });

  it('says so when the wagering screens are off', async () => {
    await openWith('wagering', { Site: () => ({ wageringEnabled: false }) });
    expect(await screen.findByText('Bonus wagering is not available right now.')).toBeTruthy();
  });
});
