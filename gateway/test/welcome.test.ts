import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveClient,
  sandboxPost,
  signUp,
  startStack,
  subscribe,
  verifyIdentity,
  type Stack,
} from './harness.js';

/*
 * The welcome package and bonus money through the gateway (docs/rules.md#welcome-package, #bonus-money): the wallet's
 * breakdown fields, the deposit preview the casino computes, what a completed deposit credited, and the casino's
 * names for the payment methods.
 */

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const BREAKDOWN = `{ viewer { wallet {
  money { formatted } bonus { formatted } withdrawable { formatted } locked { formatted } canWithdraw withdrawLock
  bonusWagering { code bonusAmount { formatted } required { formatted } wagered { formatted } remaining { formatted } progressPercent }
  welcomePackage { available unavailableReason bonusPercentage wagerMultiplier maxBonus { formatted } }
  paymentMethods { gateway name } } } }`;
const PREVIEW = `query($amount: String!, $claim: Boolean) { viewer { wallet {
  depositPreview(amount: $amount, welcomeBonus: $claim) {
    amount { formatted } cash { formatted } bonus { formatted } wageringRequired { formatted } capped noBonusReason
    lockedCash { formatted } bonusPercentage wagerMultiplier maxBonus { formatted } } } } }`;
const DEPOSIT = `mutation($input: DepositInput!) { deposit(input: $input) { paymentId provider redirectUrl
  depositStatus { bonus { formatted } } } }`;
const STATUS = `query($p: String!, $id: String!) { viewer { depositStatus(provider: $p, paymentId: $id) {
  status amount { formatted } bonus { formatted } wageringRequired { formatted } } } }`;

const breakdown = async (token: string) => (await stack.gql(BREAKDOWN, {}, { token })).data.viewer.wallet;
const preview = (token: string, amount: string, claim?: boolean) =>
  stack.gql(PREVIEW, { amount, ...(claim === undefined ? {} : { claim }) }, { token });

let keys = 0;
async function depositAndPay(token: string, amount: string, welcomeBonus?: boolean) {
  const res = await stack.gql(
    DEPOSIT,
    { input: { gateway: 'EFT', amount, idempotencyKey: `welcome-${Date.now()}-${++keys}`, welcomeBonus } },
    { token },
  );
  expect(res.errors).toBeUndefined();
  const d = res.data.deposit;
  // Not complete yet: nothing credited to say.
  expect(d.depositStatus.bonus).toBeNull();
  await fetch(`${d.redirectUrl}/confirm`, { method: 'POST', headers: { accept: 'application/json' } });
  const status = await stack.gql(STATUS, { p: String(d.provider).toLowerCase(), id: d.paymentId }, { token });
  return status.data.viewer.depositStatus;
}

describe('the welcome package through the gateway', () => {
  it('previews the first deposit, credits the bonus, and shows the locked cash and wagering progress', async () => {
    const { token } = await signUp(stack);
    const before = await breakdown(token);
    expect(before).toMatchObject({
      withdrawable: { formatted: 'R0.00' },
      locked: { formatted: 'R0.00' },
      canWithdraw: false,
      withdrawLock: 'EMAIL_UNVERIFIED',
      bonusWagering: null,
      welcomePackage: {
        available: true,
        unavailableReason: null,
        bonusPercentage: 250,
        wagerMultiplier: 35,
        maxBonus: { formatted: 'R2,500.00' },
      },
    });
    // Opt-in: without welcomeBonus the preview (and the deposit) claims nothing.
    expect((await preview(token, '100.00')).data.viewer.wallet.depositPreview).toMatchObject({
      bonus: { formatted: 'R0.00' },
      noBonusReason: 'DECLINED',
      lockedCash: { formatted: 'R0.00' },
    });
    expect((await preview(token, '100.00', true)).data.viewer.wallet.depositPreview).toEqual({
      amount: { formatted: 'R100.00' },
      cash: { formatted: 'R100.00' },
      bonus: { formatted: 'R250.00' },
      wageringRequired: { formatted: 'R8,750.00' },
      capped: false,
      noBonusReason: null,
      lockedCash: { formatted: 'R0.00' },
      bonusPercentage: 250,
      wagerMultiplier: 35,
      maxBonus: { formatted: 'R2,500.00' },
    });
    expect((await preview(token, '100', false)).data.viewer.wallet.depositPreview).toMatchObject({
      bonus: { formatted: 'R0.00' },
      noBonusReason: 'DECLINED',
    });

    expect(await depositAndPay(token, '100.00', true)).toEqual({
      status: 'COMPLETE',
      amount: { formatted: 'R100.00' },
      bonus: { formatted: 'R250.00' },
      wageringRequired: { formatted: 'R8,750.00' },
    });
    await sandboxPost(stack, '/sandbox/verifyEmail', {}, token);
    // The identity comes before the wagering (the casino's order of locks).
    expect((await breakdown(token)).withdrawLock).toBe('VERIFICATION_REQUIRED');
    await verifyIdentity(stack, token);
    expect(await breakdown(token)).toMatchObject({
      money: { formatted: 'R100.00' },
      bonus: { formatted: 'R250.00' },
      withdrawable: { formatted: 'R0.00' },
      locked: { formatted: 'R350.00' },
      withdrawLock: 'BONUS_WAGERING',
      bonusWagering: {
        code: 'WELCOME-PACKAGE',
        bonusAmount: { formatted: 'R250.00' },
        required: { formatted: 'R8,750.00' },
        wagered: { formatted: 'R0.00' },
        remaining: { formatted: 'R8,750.00' },
        progressPercent: 0,
      },
      welcomePackage: { available: false, unavailableReason: 'PACKAGE_USED' },
    });
    // A second deposit: cash only, and the preview says why.
    expect((await preview(token, '50', true)).data.viewer.wallet.depositPreview).toMatchObject({
      bonus: { formatted: 'R0.00' },
      noBonusReason: 'PACKAGE_USED',
    });
    expect((await depositAndPay(token, '50')).bonus).toEqual({ formatted: 'R0.00' });

    // Opted out: the bonus is gone and the cash can be withdrawn, all of it.
    await fetch(`${stack.sandbox.url}/api/bonusOptOut`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await breakdown(token)).toMatchObject({
      withdrawable: { formatted: 'R150.00' },
      locked: { formatted: 'R0.00' },
      withdrawLock: null,
      bonusWagering: null,
    });
  });

  it('deposits without the bonus when welcomeBonus is omitted, and ends the first-deposit offer', async () => {
    const { token } = await signUp(stack);
    expect((await depositAndPay(token, '100.00')).bonus).toEqual({ formatted: 'R0.00' });
    expect((await breakdown(token)).welcomePackage).toMatchObject({
      available: false,
      unavailableReason: 'PACKAGE_USED',
    });
  });

  it('says in rands the cash the player already has that the bonus would lock', async () => {
    const { token } = await signUp(stack);
    await sandboxPost(stack, '/sandbox/credit', { amount: '1000' }, token);
    expect((await preview(token, '50', true)).data.viewer.wallet.depositPreview).toMatchObject({
      bonus: { formatted: 'R125.00' },
      wageringRequired: { formatted: 'R4,375.00' },
      lockedCash: { formatted: 'R1,000.00' },
    });
  });

  it('previews a coupon before it is applied: its terms, the wagering and the cash it would lock', async () => {
    const { token } = await signUp(stack);
    await sandboxPost(stack, '/sandbox/credit', { amount: '1000' }, token);
    const q = `query($code: String!) { couponPreview(code: $code) { code description
      bonusAmount { formatted } wagerMultiplier wageringRequired { formatted } expiresAt lockedCash { formatted } } }`;
    const res = await stack.gql(q, { code: 'spin25' }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.couponPreview).toMatchObject({
      code: 'SPIN25',
      description: 'A bonus for a few extra spins',
      bonusAmount: { formatted: 'R25.00' },
      wagerMultiplier: 5,
      wageringRequired: { formatted: 'R125.00' },
      lockedCash: { formatted: 'R1,000.00' },
    });
    const active = await stack.gql('{ viewer { activeCoupon { code } } }', {}, { token });
    expect(active.data.viewer.activeCoupon).toBeNull();
    const bad = await stack.gql(q, { code: 'NOPE' }, { token });
    expect(bad.errors?.[0]).toMatchObject({
      message: 'Invalid coupon code.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses a preview outside the deposit limits or not an amount, as BAD_USER_INPUT', async () => {
    const { token } = await signUp(stack);
    for (const amount of ['5', '50000.01', 'ten']) {
      const res = await preview(token, amount);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect((await preview(token, '5')).errors?.[0]?.message).toBe('amount must be at least R10.00.');
  });

  it('names payment methods as the casino does, keeping the gateway values and the Capitec default', async () => {
    const { token } = await signUp(stack);
    const names = Object.fromEntries(
      (await breakdown(token)).paymentMethods.map((m: { gateway: string; name: string }) => [
        m.gateway,
        m.name,
      ]),
    );
    expect(names).toMatchObject({
      PAYMENT3: 'Pay by bank',
      VOUCHER_UP: 'Voucher',
      CAPITEC: 'Capitec ETF',
      EFT: 'Instant EFT',
      CREDIT_CARD: 'Card',
      BITCOIN: 'Bitcoin',
    });
    const patch = (body: unknown) =>
      fetch(`${stack.sandbox.url}/sandbox/settings/payments`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await patch({ payment_method_names: { payment3: 'Bank transfer' } });
    try {
      const renamed = (await breakdown(token)).paymentMethods;
      expect(renamed.find((m: { gateway: string }) => m.gateway === 'PAYMENT3').name).toBe('Bank transfer');
      // A gateway the casino leaves unnamed keeps its default.
      expect(renamed.find((m: { gateway: string }) => m.gateway === 'VOUCHER_UP').name).toBe('Voucher');
    } finally {
      await patch({
        payment_method_names: { payment3: 'Pay by bank', voucherUp: 'Voucher', eft: 'Instant EFT' },
      });
    }
  });
});

describe('a deposit settling, live', () => {
  it('arrives as a DepositEvent with the outcome Viewer.depositStatus would give', async () => {
    const { token } = await signUp(stack);
    const client = liveClient(stack, token);
    const live = subscribe(
      client,
      `subscription { viewerEvents(catchUp: true) { name
        ... on DepositEvent { depositStatus { id paymentId status amount { formatted } bonus { formatted } } } } }`,
    );
    await live.next((r) => r.data?.viewerEvents.name === 'snapshot');
    const status = await depositAndPay(token, '40.00');
    const event = await live.next((r) => r.data?.viewerEvents.name === 'deposit');
    expect(event.data.viewerEvents.depositStatus).toMatchObject({
      status: 'COMPLETE',
      amount: { formatted: 'R40.00' },
      bonus: status.bonus,
    });
    live.stop();
    await client.dispose();
  });
});

describe('one source for every offer (docs/rules.md#promotions-and-banners)', () => {
  const OFFERS = `{ welcomeOffer { bonusPercentage maxBonus { formatted } minDeposit { formatted } wagerMultiplier }
    promotions { title description welcomeOffer { bonusPercentage }
      coupon { code bonusAmount { formatted } wagerMultiplier wageringRequired { formatted } expiresAt } } }`;

  it('states the welcome offer publicly with the very terms the cashier pays', async () => {
    const guest = await stack.gql(OFFERS);
    expect(guest.errors).toBeUndefined();
    expect(guest.data.welcomeOffer).toEqual({
      bonusPercentage: 250,
      maxBonus: { formatted: 'R2,500.00' },
      minDeposit: { formatted: 'R10.00' },
      wagerMultiplier: 35,
    });
    const welcome = guest.data.promotions.find((p: { welcomeOffer: unknown }) => p.welcomeOffer);
    expect(welcome).toMatchObject({ title: 'Welcome Package', welcomeOffer: { bonusPercentage: 250 } });
    const { token } = await signUp(stack);
    const { welcomePackage } = await breakdown(token);
    expect(welcomePackage).toMatchObject({
      bonusPercentage: guest.data.welcomeOffer.bonusPercentage,
      wagerMultiplier: guest.data.welcomeOffer.wagerMultiplier,
      maxBonus: guest.data.welcomeOffer.maxBonus,
    });
  });

  it('gives each promoted coupon’s terms as data, and each one can be previewed as offered', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(OFFERS, {}, { token });
    const coupons = res.data.promotions.flatMap((p: { coupon: unknown }) => (p.coupon ? [p.coupon] : []));
    expect(coupons).toContainEqual({
      code: 'RELOAD50',
      bonusAmount: { formatted: 'R50.00' },
      wagerMultiplier: 20,
      wageringRequired: { formatted: 'R1,000.00' },
      expiresAt: '2099-12-31T21:59:59.000Z',
    });
    for (const coupon of coupons) {
      const preview = await stack.gql(
        `query($code: String!) { couponPreview(code: $code) { bonusAmount { formatted } wagerMultiplier } }`,
        { code: coupon.code },
        { token },
      );
      expect(preview.errors).toBeUndefined();
      expect(preview.data.couponPreview).toEqual({
        bonusAmount: coupon.bonusAmount,
        wagerMultiplier: coupon.wagerMultiplier,
      });
    }
  });
});
