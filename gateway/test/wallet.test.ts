import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPayoutAccount, credit, signUp, startStack, verifyIdentity, type Stack } from './harness.js';

let stack: Stack;
let gameCode: string;
beforeAll(async () => {
  stack = await startStack();
  const games = (await (await fetch(`${stack.sandbox.url}/api/allgames`)).json()) as { game_code: string }[];
  gameCode = games[0]!.game_code;
});
afterAll(() => stack.close());

async function sandbox(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

const setPayments = (flags: Record<string, unknown>) =>
  sandbox('/sandbox/settings/payments', { method: 'PATCH', body: flags });

const WALLET = `{ viewer { wallet {
  money { cents amount formatted } bonus { cents amount formatted } combined { cents amount formatted }
  canWithdraw depositBonusPercentage depositWagerPercentage
  paymentMethods { gateway type provider name }
  paymentFlags { payment3 payment3Absa voucherUp capitec callpay callpayCard bitcoin }
  capitec { enabled name method { gateway name } }
  limits { depositMin { amount } depositMax { amount } withdrawalMin { amount } withdrawalMax { amount } } } } }`;

const wallet = async (token: string) => (await stack.gql(WALLET, {}, { token })).data.viewer.wallet;

const DEPOSIT = `mutation($input: DepositInput!) {
  deposit(input: $input) {
    paymentId status amount { cents } type provider redirectUrl clientMutationId
    depositStatus { id paymentId status amount { cents } type provider }
  } }`;
const WITHDRAW = `mutation($input: WithdrawInput!) {
  withdraw(input: $input) { withdrawalId status amount { cents } wallet { money { cents } } clientMutationId } }`;

let keys = 0;
const key = () => `key-${Date.now()}-${++keys}`;

describe('the wallet', () => {
  it('shows money, bonus and their sum in exact cents', async () => {
    const { token } = await signUp(stack);
    expect((await wallet(token)).combined).toEqual({ cents: 0, amount: '0.00', formatted: 'R0.00' });
    await credit(stack, token, '1234.56');
    await credit(stack, token, '0.07');
    let w = await wallet(token);
    expect(w.money).toEqual({ cents: 123_463, amount: '1234.63', formatted: 'R1,234.63' });
    expect(w.bonus).toEqual({ cents: 0, amount: '0.00', formatted: 'R0.00' });
    await stack.gql(
      'mutation { redeemCoupon(input: { code: "WELCOME100" }) { coupon { code } } }',
      {},
      { token },
    );
    w = await wallet(token);
    expect(w.bonus.cents).toBe(10_000);
    expect(w.combined).toEqual({ cents: 133_463, amount: '1334.63', formatted: 'R1,334.63' });
    expect(w.depositBonusPercentage).toBe(250);
    expect(w.depositWagerPercentage).toBe(35);
  });

  it('offers the payment methods whose flags are on, with the types and providers of docs/rules.md#payments', async () => {
    const { token } = await signUp(stack);
    const w = await wallet(token);
    // The sandbox's defaults: every flag on but payment3 ABSA.
    expect(w.paymentMethods).toEqual([
      { gateway: 'PAYMENT3', type: 'EFT', provider: 'PAYMENT3', name: 'Pay by bank' },
      { gateway: 'VOUCHER_UP', type: 'EFT', provider: 'VOUCHERUP', name: 'Voucher' },
      { gateway: 'CAPITEC', type: 'EFT', provider: 'PAYPUMP', name: 'Capitec ETF' },
      { gateway: 'DISCOVERY_BANK', type: 'EFT', provider: 'PAYPUMP', name: 'Discovery Bank' },
      { gateway: 'EFT', type: 'EFT', provider: 'CALLPAY', name: 'Instant EFT' },
      { gateway: 'CREDIT_CARD', type: 'CREDIT_CARD', provider: 'CALLPAY', name: 'Card' },
      { gateway: 'BITCOIN', type: 'CRYPTO', provider: 'CALLPAY', name: 'Bitcoin' },
    ]);
    expect(w.paymentFlags).toEqual({
      payment3: true,
      payment3Absa: false,
      voucherUp: true,
      capitec: true,
      callpay: true,
      callpayCard: true,
      bitcoin: true,
    });
    expect(w.capitec).toEqual({
      enabled: true,
      name: 'Capitec ETF',
      method: { gateway: 'CAPITEC', name: 'Capitec ETF' },
    });
    expect(w.limits).toEqual({
      depositMin: { amount: '10.00' },
      depositMax: { amount: '50000.00' },
      withdrawalMin: { amount: '50.00' },
      withdrawalMax: { amount: '50000.00' },
    });
    try {
      await setPayments({
        is_bitcoin_enabled: false,
        is_capitec_enabled: false,
        is_payment3_absa_enabled: true,
      });
      const off = await wallet(token);
      expect(off.paymentMethods.map((m: any) => m.gateway)).toEqual([
        'PAYMENT3',
        'PAYMENT3_ABSA',
        'VOUCHER_UP',
        'EFT',
        'CREDIT_CARD',
      ]);
      expect(off.paymentMethods[1]).toEqual({
        gateway: 'PAYMENT3_ABSA',
        type: 'EFT',
        provider: 'PAYMENT3',
        name: 'Pay by bank (ABSA)',
      });
      expect(off.paymentFlags).toMatchObject({ payment3Absa: true, capitec: false, bitcoin: false });
      expect(off.capitec).toEqual({ enabled: false, name: 'Capitec ETF', method: null });
      await setPayments({
        is_capitec_enabled: true,
        is_payment3_absa_enabled: false,
        payment_method_capitec_name: 'Capitec Pay',
      });
      const on = await wallet(token);
      const capitec = on.paymentMethods.find((m: any) => m.gateway === 'CAPITEC');
      expect(capitec.name).toBe('Capitec Pay');
      expect(on.capitec).toEqual({
        enabled: true,
        name: 'Capitec Pay',
        method: { gateway: 'CAPITEC', name: 'Capitec Pay' },
      });

      const refused = await stack.gql(
        DEPOSIT,
        { input: { gateway: 'BITCOIN', amount: '100.00', idempotencyKey: key() } },
        {
          token,
        },
      );
      expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(refused.extensions.upstreamCalls).not.toContain('POST /api/deposit');
      // The methods on offer, named as the client sends them (PaymentGateway values).
      expect(refused.errors?.[0].message).toBe(
        "gateway must be one of the wallet's payment methods: PAYMENT3, VOUCHER_UP, CAPITEC, DISCOVERY_BANK, EFT, CREDIT_CARD.",
      );
    } finally {
      await setPayments({
        is_bitcoin_enabled: true,
        is_capitec_enabled: true,
        is_payment3_absa_enabled: false,
        payment_method_capitec_name: 'Capitec ETF',
      });
    }
  });

  it('lets a player withdraw only with a verified email and identity and no wagering outstanding', async () => {
    const { token } = await signUp(stack);
    const lock = async () => {
      const { canWithdraw, withdrawLock } = (
        await stack.gql('{ viewer { wallet { canWithdraw withdrawLock } } }', {}, { token })
      ).data.viewer.wallet;
      return { canWithdraw, withdrawLock };
    };
    expect(await lock()).toEqual({ canWithdraw: false, withdrawLock: 'EMAIL_UNVERIFIED' });
    await sandbox('/sandbox/verifyEmail', { token });
    expect(await lock()).toEqual({ canWithdraw: false, withdrawLock: 'VERIFICATION_REQUIRED' });
    await verifyIdentity(stack, token);
    expect(await lock()).toEqual({ canWithdraw: true, withdrawLock: null });
    await stack.gql(
      'mutation { redeemCoupon(input: { code: "SPIN25" }) { coupon { code } } }',
      {},
      { token },
    );
    expect((await wallet(token)).canWithdraw).toBe(false);
  });
});

describe('deposit', () => {
  it('starts a payment the player confirms on the payment page; the money arrives', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(
      DEPOSIT,
      {
        input: {
          gateway: 'EFT',
          amount: '150.00',
          returnUrl: 'http://localhost:5173/cashier',
          idempotencyKey: key(),
          clientMutationId: 'd1',
        },
      },
      { token },
    );
    expect(res.errors).toBeUndefined();
    const d = res.data.deposit;
    expect(d).toMatchObject({
      status: 'PENDING',
      amount: { cents: 15_000 },
      type: 'EFT',
      provider: 'CALLPAY',
      clientMutationId: 'd1',
    });
    expect(d.paymentId).toEqual(expect.any(String));
    expect(d.depositStatus).toEqual({
      id: expect.any(String),
      paymentId: d.paymentId,
      status: 'PENDING',
      amount: { cents: 15_000 },
      type: 'EFT',
      provider: 'CALLPAY',
    });
    expect(d.redirectUrl).toContain(d.paymentId);
    expect((await wallet(token)).money.cents).toBe(0);

    const confirmed = await sandbox(`${new URL(d.redirectUrl).pathname}/confirm`);
    expect(confirmed.status).toBe('complete');
    expect((await wallet(token)).money.cents).toBe(15_000);
  });

  it.each([
    ['CAPITEC', 'EFT', 'PAYPUMP'],
    ['CREDIT_CARD', 'CREDIT_CARD', 'CALLPAY'],
    ['BITCOIN', 'CRYPTO', 'CALLPAY'],
    ['VOUCHER_UP', 'EFT', 'VOUCHERUP'],
  ])('returns the type and provider of %s', async (gateway, type, provider) => {
    const { token } = await signUp(stack);
    const res = await stack.gql(
      DEPOSIT,
      { input: { gateway, amount: '50', idempotencyKey: key() } },
      { token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.deposit).toMatchObject({ type, provider, amount: { cents: 5_000 } });
    expect(res.data.deposit.depositStatus).toMatchObject({ type, provider, status: 'PENDING' });
  });

  it('deposits once for one idempotency key, however often it is sent', async () => {
    const { token } = await signUp(stack);
    const input = { gateway: 'EFT', amount: '200.00', idempotencyKey: key() };
    const [first, second] = await Promise.all([
      stack.gql(DEPOSIT, { input }, { token }),
      stack.gql(DEPOSIT, { input }, { token }),
    ]);
    expect(first.errors).toBeUndefined();
    expect(second.errors).toBeUndefined();
    expect(second.data.deposit.paymentId).toBe(first.data.deposit.paymentId);
    const third = await stack.gql(DEPOSIT, { input }, { token });
    expect(third.data.deposit.paymentId).toBe(first.data.deposit.paymentId);

    await sandbox(`${new URL(first.data.deposit.redirectUrl).pathname}/confirm`);
    await sandbox(`${new URL(first.data.deposit.redirectUrl).pathname}/confirm`);
    expect((await wallet(token)).money.cents).toBe(20_000);

    const other = await stack.gql(DEPOSIT, { input: { ...input, amount: '300.00' } }, { token });
    expect(other.errors?.[0]).toMatchObject({
      message: 'This Idempotency-Key was already used with a different request.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it.each(['abc', '0', '0.00', '-5', '1.234', '', '1e3', 'R150'])(
    'refuses the amount %j before calling the backend',
    async (amount) => {
      const { token } = await signUp(stack);
      const res = await stack.gql(
        DEPOSIT,
        { input: { gateway: 'EFT', amount, idempotencyKey: key() } },
        { token },
      );
      expect(res.errors?.[0]).toMatchObject({
        message: 'amount must be an amount in rands, for example 150.00',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(res.extensions.upstreamCalls).not.toContain('POST /api/deposit');
    },
  );

  it.each(['', 'has space', 'x'.repeat(256), 'rand-é'])(
    'refuses the idempotency key %j',
    async (idempotencyKey) => {
      const { token } = await signUp(stack);
      const res = await stack.gql(
        DEPOSIT,
        { input: { gateway: 'EFT', amount: '100', idempotencyKey } },
        { token },
      );
      expect(res.errors?.[0]).toMatchObject({
        message: 'idempotencyKey must be 1 to 255 visible ASCII characters.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect(res.extensions.upstreamCalls).not.toContain('POST /api/deposit');
    },
  );

  it("keeps to the backend's limits before calling it, and refuses guests before calling upstream", async () => {
    const { token } = await signUp(stack);
    const deposit = (amount: string) =>
      stack.gql(DEPOSIT, { input: { gateway: 'EFT', amount, idempotencyKey: key() } }, { token });
    const small = await deposit('9.99');
    expect(small.errors?.[0]).toMatchObject({
      message: 'amount must be at least R10.00.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(small.extensions.upstreamCalls).not.toContain('POST /api/deposit');
    const big = await deposit('50000.01');
    expect(big.errors?.[0]).toMatchObject({
      message: 'amount can be at most R50,000.00.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(big.extensions.upstreamCalls).not.toContain('POST /api/deposit');
    // The limits themselves are allowed.
    for (const amount of ['10.00', '50000.00']) {
      const edge = await deposit(amount);
      expect(edge.errors).toBeUndefined();
      expect(edge.data.deposit.amount.cents).toBe(Math.round(Number(amount) * 100));
    }

    const guest = await stack.gql(DEPOSIT, {
      input: { gateway: 'EFT', amount: '100', idempotencyKey: key() },
    });
    expect(guest.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(guest.extensions.upstreamCalls).toEqual([]);
  });
});

describe('withdraw', () => {
  it('returns the withdrawal and the wallet read after it, once per idempotency key', async () => {
    const { token } = await signUp(stack);
    await sandbox('/sandbox/verifyEmail', { token });
    await verifyIdentity(stack, token);
    await addPayoutAccount(stack, token);
    await credit(stack, token, '500.00');
    const input = { amount: '100.00', idempotencyKey: key(), clientMutationId: 'w1' };
    const res = await stack.gql(WITHDRAW, { input }, { token });
    expect(res.errors).toBeUndefined();
    const w = res.data.withdraw;
    expect(w).toMatchObject({
      status: 'pending',
      amount: { cents: 10_000 },
      wallet: { money: { cents: 40_000 } },
      clientMutationId: 'w1',
    });
    expect(w.withdrawalId).toEqual(expect.any(String));
    // The payload's wallet is read after the withdrawal (an earlier read checks the limits).
    const calls: string[] = res.extensions.upstreamCalls;
    expect(calls.lastIndexOf('POST /api/wallet')).toBeGreaterThan(calls.indexOf('POST /api/withdraw'));

    const again = await stack.gql(WITHDRAW, { input }, { token });
    expect(again.data.withdraw.withdrawalId).toBe(w.withdrawalId);
    expect(again.data.withdraw.wallet.money.cents).toBe(40_000);
    expect((await wallet(token)).money.cents).toBe(40_000);
  });

  it("passes on the backend's refusals", async () => {
    const { token } = await signUp(stack);
    await credit(stack, token, '500.00');
    await addPayoutAccount(stack, token);
    const unverified = await stack.gql(
      WITHDRAW,
      { input: { amount: '100.00', idempotencyKey: key() } },
      { token },
    );
    expect(unverified.errors?.[0]).toMatchObject({
      message: 'Withdrawals are not available on this account.',
      extensions: { code: 'FORBIDDEN' },
    });
    await sandbox('/sandbox/verifyEmail', { token });
    await verifyIdentity(stack, token);
    const tooMuch = await stack.gql(
      WITHDRAW,
      { input: { amount: '600.00', idempotencyKey: key() } },
      { token },
    );
    expect(tooMuch.errors?.[0]).toMatchObject({
      message: 'Insufficient funds.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const badAmount = await stack.gql(
      WITHDRAW,
      { input: { amount: '100.001', idempotencyKey: key() } },
      { token },
    );
    expect(badAmount.errors?.[0].message).toBe('amount must be an amount in rands, for example 150.00');
    expect((await wallet(token)).money.cents).toBe(50_000);
  });
});

describe('coupons and wagering', () => {
  const REDEEM = `mutation($code: String!) { redeemCoupon(input: { code: $code, clientMutationId: "c1" }) {
    clientMutationId
    coupon { code description bonusAmount { cents } wageringRequired { cents } wagered { cents } redeemedAt }
    wallet { bonus { cents } canWithdraw }
    wagering { active code required { cents } wagered { cents } remaining { cents } progressPercent } } }`;

  it('redeems a coupon: returns the coupon, the bonus in the wallet and the wagering to do', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(REDEEM, { code: 'WELCOME100' }, { token });
    expect(res.errors).toBeUndefined();
    const p = res.data.redeemCoupon;
    expect(p.clientMutationId).toBe('c1');
    expect(p.coupon).toMatchObject({
      code: 'WELCOME100',
      description: 'A welcome bonus for new players',
      bonusAmount: { cents: 10_000 },
      wageringRequired: { cents: 100_000 },
      wagered: { cents: 0 },
    });
    expect(p.coupon.redeemedAt).toEqual(expect.any(String));
    expect(p.wallet).toEqual({ bonus: { cents: 10_000 }, canWithdraw: false });
    expect(p.wagering).toEqual({
      active: true,
      code: 'WELCOME100',
      required: { cents: 100_000 },
      wagered: { cents: 0 },
      remaining: { cents: 100_000 },
      progressPercent: 0,
    });
    const viewer = await stack.gql('{ viewer { activeCoupon { code } } }', {}, { token });
    expect(viewer.data.viewer.activeCoupon).toEqual({ code: 'WELCOME100' });
  });

  it.each([
    ['NOPE', 'Invalid coupon code.'],
    ['EXPIRED50', 'This coupon has expired.'],
  ])("refuses %s with the backend's text", async (code, message) => {
    const { token } = await signUp(stack);
    const res = await stack.gql(REDEEM, { code }, { token });
    expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses a second coupon while one is active', async () => {
    const { token } = await signUp(stack);
    await stack.gql(REDEEM, { code: 'SPIN25' }, { token });
    const res = await stack.gql(REDEEM, { code: 'WELCOME100' }, { token });
    expect(res.errors?.[0].message).toBe('You already have an active coupon.');
  });

  it('counts stakes toward wagering', async () => {
    const { token } = await signUp(stack);
    await credit(stack, token, '100.00');
    await stack.gql(REDEEM, { code: 'SPIN25' }, { token });
    await sandbox('/sandbox/spin', { token, body: { gameCode, stake: '25.00' } });
    const res = await stack.gql(
      '{ viewer { wagering { active required { cents } wagered { cents } remaining { cents } progressPercent } } }',
      {},
      { token },
    );
    expect(res.data.viewer.wagering).toEqual({
      active: true,
      required: { cents: 12_500 },
      wagered: { cents: 2_500 },
      remaining: { cents: 10_000 },
      progressPercent: 20,
    });
  });

  it('opts out of the coupon with the texts of docs/rules.md#coupons-and-wagering', async () => {
    const { token } = await signUp(stack);
    await stack.gql(REDEEM, { code: 'SPIN25' }, { token });
    const OPT_OUT = `mutation { optOutCoupon(input: { clientMutationId: "o1" }) {
      message clientMutationId wallet { bonus { cents } } activeCoupon { code } } }`;
    const res = await stack.gql(OPT_OUT, {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.optOutCoupon).toEqual({
      message: 'You successfully opted out of the bonus.',
      clientMutationId: 'o1',
      wallet: { bonus: { cents: 0 } },
      activeCoupon: null,
    });
    const again = await stack.gql(OPT_OUT, {}, { token });
    expect(again.errors?.[0]).toMatchObject({
      message: 'An error occurred while opting out of the bonus.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('opts out of the bonus: wagering ends and the bonus is forfeited', async () => {
    const { token } = await signUp(stack);
    await credit(stack, token, '20.00');
    await stack.gql(REDEEM, { code: 'WELCOME100' }, { token });
    const OPT_OUT = `mutation { optOutBonus(input: { clientMutationId: "b1" }) {
      clientMutationId wagering { active code progressPercent remaining { cents } } wallet { money { cents } bonus { cents } } } }`;
    const res = await stack.gql(OPT_OUT, {}, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.optOutBonus).toEqual({
      clientMutationId: 'b1',
      wagering: { active: false, code: null, progressPercent: 0, remaining: null },
      wallet: { money: { cents: 2_000 }, bonus: { cents: 0 } },
    });
    const again = await stack.gql(OPT_OUT, {}, { token });
    expect(again.errors?.[0]).toMatchObject({
      message: 'You have no active bonus to opt out of.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('refuses guests before calling upstream', async () => {
    for (const mutation of [
      'mutation { redeemCoupon(input: { code: "SPIN25" }) { coupon { code } } }',
      'mutation { optOutCoupon { message } }',
      'mutation { optOutBonus { wagering { active } } }',
      'mutation { withdraw(input: { amount: "100", idempotencyKey: "k" }) { withdrawalId } }',
    ]) {
      const res = await stack.gql(mutation);
      expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
      expect(res.extensions.upstreamCalls).toEqual([]);
    }
  });
});

describe('deposit status', () => {
  it('reports a deposit as pending, then complete, only to its owner', async () => {
    const stack = await startStack();
    try {
      const p = await signUp(stack);
      const started = await stack.gql(
        `mutation { deposit(input: { gateway: CAPITEC, amount: "75.00", idempotencyKey: "status-1" }) { paymentId provider redirectUrl depositStatus { id } } }`,
        {},
        { token: p.token },
      );
      expect(started.errors).toBeUndefined();
      const { paymentId, redirectUrl } = started.data.deposit;
      expect(started.data.deposit.provider).toBe('PAYPUMP');
      // Viewer.depositStatus takes the provider as the return address names it: the backend's lower-case name.
      const provider = 'paypump';
      const status = `query($p: String!, $id: String!) { viewer { depositStatus(provider: $p, paymentId: $id) { id status amount { amount } type provider } } }`;
      const before = await stack.gql(status, { p: provider, id: paymentId }, { token: p.token });
      expect(before.data.viewer.depositStatus).toEqual({
        id: started.data.deposit.depositStatus.id,
        status: 'PENDING',
        amount: { amount: '75.00' },
        type: 'EFT',
        provider: 'PAYPUMP',
      });
      await fetch(`${redirectUrl}/confirm`, { method: 'POST' });
      const after = await stack.gql(status, { p: provider, id: paymentId }, { token: p.token });
      expect(after.data.viewer.depositStatus.status).toBe('COMPLETE');
      const other = await signUp(stack);
      const peek = await stack.gql(status, { p: provider, id: paymentId }, { token: other.token });
      expect(peek.data.viewer.depositStatus).toBeNull();
      const bad = await stack.gql(status, { p: '../x', id: paymentId }, { token: p.token });
      expect(bad.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    } finally {
      await stack.close();
    }
  });
});
