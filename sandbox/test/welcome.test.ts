import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bonus, ledgerMismatches, money, newPlayer, someGameCode, startSandbox } from './harness.js';

/** The welcome package (docs/rules.md#welcome-package) and bonus money (#bonus-money), over HTTP. */

let sb: Awaited<ReturnType<typeof startSandbox>>;
let gameCode: string;
beforeAll(async () => {
  sb = await startSandbox();
  gameCode = await someGameCode(sb.url);
});
afterAll(() => sb.close());

type Player = Awaited<ReturnType<typeof newPlayer>>;

const preview = (p: Player, amount: string, claim?: boolean) =>
  api(
    sb.url,
    'GET',
    `/api/deposit/preview?amount=${amount}${claim === undefined ? '' : `&welcome_bonus=${claim}`}`,
    { token: p.token },
  );

/** Starts a deposit and confirms it on the payment page, as the player does; returns the settled deposit. */
async function deposit(p: Player, amount: string, welcomeBonus?: boolean) {
  const started = await api(sb.url, 'POST', '/api/deposit', {
    token: p.token,
    body: { gateway: 'eft', amount, ...(welcomeBonus === undefined ? {} : { welcome_bonus: welcomeBonus }) },
  });
  expect(started.status).toBe(200);
  return started.body as { paymentId: string; provider: string; redirectUrl: string };
}
const confirm = async (d: { redirectUrl: string; provider: string; paymentId: string }, p: Player) => {
  await api(sb.url, 'POST', new URL(d.redirectUrl).pathname + '/confirm');
  return (
    await api(sb.url, 'GET', `/api/wallet/depositStatus/${d.provider}/${d.paymentId}`, { token: p.token })
  ).body;
};
const wallet = async (p: Player) => (await api(sb.url, 'POST', '/api/wallet', { token: p.token })).body;
const ledger = (p: Player) =>
  sb.db
    .prepare('SELECT wallet, amount_cents, kind, reference FROM ledger WHERE user_id = ? ORDER BY id')
    .all(p.user.id);

describe('welcome package', () => {
  it('previews and credits 250 % of the first deposit as bonus, to wager 35 times, and marks the package used', async () => {
    const p = await newPlayer(sb.url);
    expect((await wallet(p)).welcome_package).toEqual({
      available: true,
      unavailable_reason: null,
      bonus_percentage: 250,
      wager_multiplier: 35,
      max_bonus: '2500.00',
    });
    // Opt-in: a preview (and a deposit) that does not ask for the bonus does not get it.
    expect((await preview(p, '100')).body).toMatchObject({ bonus: '0.00', no_bonus_reason: 'declined' });
    const offer = await preview(p, '100', true);
    expect(offer.status).toBe(200);
    expect(offer.body).toEqual({
      amount: '100.00',
      cash: '100.00',
      bonus: '250.00',
      wagering_required: '8750.00',
      capped: false,
      no_bonus_reason: null,
      locked_cash: '0.00',
      bonus_percentage: 250,
      wager_multiplier: 35,
      max_bonus: '2500.00',
    });

    const d = await deposit(p, '100.00', true);
    const settled = await confirm(d, p);
    expect(settled).toMatchObject({ status: 'complete', amount: '100.00', bonus_amount: '250.00' });
    expect(settled.wagering_required).toBe('8750.00');
    expect(ledger(p)).toEqual([
      { wallet: 'money', amount_cents: 10_000, kind: 'deposit', reference: `deposit:${d.paymentId}` },
      { wallet: 'bonus', amount_cents: 25_000, kind: 'bonus', reference: `welcome:${d.paymentId}` },
    ]);
    const w = await wallet(p);
    expect(money(w.wallets)).toBe(10_000);
    expect(bonus(w.wallets)).toBe(25_000);
    expect(w.welcome_package).toMatchObject({ available: false, unavailable_reason: 'package_used' });
    expect(w.bonus_wagering).toEqual({
      code: 'WELCOME-PACKAGE',
      bonus_amount: '250.00',
      required: '8750.00',
      wagered: '0.00',
      remaining: '8750.00',
    });
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).body.welcome_package_expired).toBe(
      true,
    );
    const notes = await api(sb.url, 'GET', '/api/userNotifications/false', { token: p.token });
    expect(notes.body[0].user_notification).toMatchObject({
      type: 'allocation',
      subject: 'Welcome bonus added',
      message:
        'Your welcome bonus of R250.00 is in your bonus balance. Wager R8,750.00 in total to turn it into cash you can withdraw.',
    });
    // The wagering screen shows it as any bonus.
    const wagering = await api(sb.url, 'GET', '/api/wagering', { token: p.token });
    expect(wagering.body.wagering).toMatchObject({
      active: true,
      code: 'WELCOME-PACKAGE',
      required: '8750.00',
    });

    // A second deposit is cash only, and says why.
    expect((await preview(p, '50', true)).body).toMatchObject({
      bonus: '0.00',
      no_bonus_reason: 'package_used',
    });
    const second = await confirm(await deposit(p, '50', true), p);
    expect(second.bonus_amount).toBe('0.00');
    expect(ledger(p)).toHaveLength(3);
    expect(bonus((await wallet(p)).wallets)).toBe(25_000);
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('caps the bonus at R2,500 and rounds down to the cent', async () => {
    const p = await newPlayer(sb.url);
    expect((await preview(p, '1000', true)).body).toMatchObject({ bonus: '2500.00', capped: false });
    expect((await preview(p, '1500', true)).body).toMatchObject({
      bonus: '2500.00',
      wagering_required: '87500.00',
      capped: true,
    });
    expect((await preview(p, '10.01', true)).body).toMatchObject({
      bonus: '25.02',
      wagering_required: '875.70',
    });
    const settled = await confirm(await deposit(p, '5000', true), p);
    expect(settled.bonus_amount).toBe('2500.00');
    expect(ledger(p).map((r: any) => r.amount_cents)).toEqual([500_000, 250_000]);
    // Out of limits is a clear 422, not a preview.
    const bad = await preview(p, '5');
    expect(bad.status).toBe(422);
  });

  it('gives nothing on an expired package, after a first deposit without it, or beside another bonus', async () => {
    const expired = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/welcomePackage', { token: expired.token, body: { expired: true } });
    expect((await preview(expired, '100', true)).body).toMatchObject({
      cash: '100.00',
      bonus: '0.00',
      no_bonus_reason: 'package_used',
    });
    expect((await confirm(await deposit(expired, '100', true), expired)).bonus_amount).toBe('0.00');

    const declining = await newPlayer(sb.url);
    expect((await preview(declining, '100', false)).body).toMatchObject({ no_bonus_reason: 'declined' });
    // The default is no bonus: a deposit that does not ask for it is cash only.
    expect((await confirm(await deposit(declining, '100'), declining)).bonus_amount).toBe('0.00');
    // It is a first-deposit offer: once a deposit has completed, the package is no longer offered.
    expect((await wallet(declining)).welcome_package).toMatchObject({
      available: false,
      unavailable_reason: 'package_used',
    });
    expect((await preview(declining, '20', true)).body).toMatchObject({ no_bonus_reason: 'package_used' });
    expect((await confirm(await deposit(declining, '20', true), declining)).bonus_amount).toBe('0.00');

    // A deposit that did not complete (cancelled) leaves the package open.
    const cancelled = await newPlayer(sb.url);
    const c = await deposit(cancelled, '100', true);
    await api(sb.url, 'POST', new URL(c.redirectUrl).pathname + '/fail');
    expect((await wallet(cancelled)).welcome_package.available).toBe(true);

    const coupon = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/api/couponRedeem', { token: coupon.token, body: { code: 'SPIN25' } });
    expect((await preview(coupon, '100', true)).body).toMatchObject({ no_bonus_reason: 'bonus_active' });
    expect((await confirm(await deposit(coupon, '100', true), coupon)).bonus_amount).toBe('0.00');
    expect((await wallet(coupon)).welcome_package.available).toBe(false);
    // The package's code is not a coupon a player can type.
    const typed = await api(sb.url, 'POST', '/api/couponRedeem', {
      token: expired.token,
      body: { code: 'WELCOME-PACKAGE' },
    });
    expect(typed).toMatchObject({ status: 422, body: { error: 'Invalid coupon code.' } });
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('says, before the deposit, how much of the cash the player already has the bonus would lock', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: '1000' } });
    expect((await preview(p, '50', true)).body).toMatchObject({
      bonus: '125.00',
      wagering_required: '4375.00',
      locked_cash: '1000.00',
    });
    // Without the bonus nothing is locked.
    expect((await preview(p, '50')).body).toMatchObject({ bonus: '0.00', locked_cash: '0.00' });
  });

  it('does not offer the first-deposit package to the seeded demo player, who has deposited before', async () => {
    const login = await api(sb.url, 'POST', '/api/login', {
      body: { email: 'demo@playlive.test', password: 'PlayLive-demo-1' },
    });
    const token = login.body.success.token as string;
    const w = (await api(sb.url, 'POST', '/api/wallet', { token })).body;
    expect(w.welcome_package).toMatchObject({ available: false, unavailable_reason: 'package_used' });
    const offer = await api(sb.url, 'GET', '/api/deposit/preview?amount=100&welcome_bonus=true', { token });
    expect(offer.body).toMatchObject({ bonus: '0.00', no_bonus_reason: 'package_used', locked_cash: '0.00' });
  });

  it('gives it to the first of two deposits to complete, only', async () => {
    const p = await newPlayer(sb.url);
    const a = await deposit(p, '40', true);
    const b = await deposit(p, '60', true);
    expect((await confirm(b, p)).bonus_amount).toBe('150.00');
    expect((await confirm(a, p)).bonus_amount).toBe('0.00');
    expect(bonus((await wallet(p)).wallets)).toBe(15_000);
  });
});

describe('bonus money', () => {
  it('locks cash while the bonus is wagered; opting out forfeits the bonus and unlocks the cash', async () => {
    const p = await newPlayer(sb.url, 'Test Player', { verified: true });
    expect((await wallet(p)).withdraw_lock).toBe('email_unverified');
    await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
    await confirm(await deposit(p, '100', true), p);
    const locked = await wallet(p);
    expect(locked).toMatchObject({ can_withdraw: false, withdraw_lock: 'bonus_wagering' });
    expect(
      (await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: '50' } })).status,
    ).toBe(403);
    const out = await api(sb.url, 'PUT', '/api/bonusOptOut', { token: p.token });
    expect(out.status).toBe(200);
    const open = await wallet(p);
    expect(open).toMatchObject({ can_withdraw: true, withdraw_lock: null, bonus_wagering: null });
    expect(money(open.wallets)).toBe(10_000);
    expect(bonus(open.wallets)).toBe(0);
    expect(open.welcome_package.available).toBe(false);
    expect(ledger(p).at(-1)).toEqual({
      wallet: 'bonus',
      amount_cents: -25_000,
      kind: 'bonus_forfeit',
      reference: expect.stringMatching(/^coupon:\d+$/),
    });
  });

  it('stakes from cash first, then bonus (saying which), and releases the bonus as cash once wagered', async () => {
    await api(sb.url, 'PATCH', '/sandbox/settings/payments', { body: { depositWagerPercentage: 1 } });
    try {
      const p = await newPlayer(sb.url);
      await confirm(await deposit(p, '10', true), p); // R10 cash, R25 bonus to wager once: R25
      const first = await api(sb.url, 'POST', '/sandbox/spin', {
        token: p.token,
        body: { gameCode, stake: 10, demo: false },
      });
      expect(first.body.wallet).toBe('money');
      const wallets: { wallet: string; wallets: { gateway: string; balance: string }[] }[] = [first.body];
      while ((await wallet(p)).bonus_wagering) {
        const w = await wallet(p);
        const stakeFrom = money(w.wallets) >= 1000 ? 'money' : 'bonus';
        const spin = await api(sb.url, 'POST', '/sandbox/spin', {
          token: p.token,
          body: { gameCode, stake: 10, demo: false },
        });
        expect(spin.body.wallet).toBe(stakeFrom);
        wallets.push(spin.body);
      }
      const released = await wallet(p);
      expect(bonus(released.wallets)).toBe(0);
      expect(released.can_withdraw).toBe(false); // email still unverified
      expect(released.withdraw_lock).toBe('email_unverified');
      const kinds = ledger(p).map((r: any) => r.kind);
      expect(kinds).toContain('bonus_release');
      expect(ledgerMismatches(sb)).toEqual([]);
    } finally {
      await api(sb.url, 'PATCH', '/sandbox/settings/payments', { body: { depositWagerPercentage: 35 } });
    }
  });

  it('shows the casino’s names for payment methods, and the package off when the site turns it off', async () => {
    const p = await newPlayer(sb.url);
    expect((await wallet(p)).payment_method_names).toMatchObject({
      payment3: 'Pay by bank',
      voucherUp: 'Voucher',
    });
    await api(sb.url, 'PATCH', '/sandbox/settings/site', { body: { welcome_package_enabled: false } });
    try {
      expect((await preview(p, '100', true)).body).toMatchObject({
        bonus: '0.00',
        no_bonus_reason: 'package_off',
      });
    } finally {
      await api(sb.url, 'PATCH', '/sandbox/settings/site', { body: { welcome_package_enabled: true } });
    }
  });
});
