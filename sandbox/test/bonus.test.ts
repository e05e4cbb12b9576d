import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bonus, ledgerMismatches, money, newPlayer, someGameCode, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let gameCode: string;
beforeAll(async () => {
  sb = await startSandbox();
  gameCode = await someGameCode(sb.url);
});
afterAll(() => sb.close());

describe('coupons', () => {
  it('previews a coupon before it is applied: its terms, the wagering and the cash it would lock', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: '1000' } });
    const r = await api(sb.url, 'GET', '/api/couponPreview?code=welcome100', { token: p.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 'WELCOME100',
      bonus_amount: '100.00',
      wager_multiplier: 10,
      wagering_required: '1000.00',
      locked_cash: '1000.00',
    });
    expect(typeof r.body.description).toBe('string');
    // Nothing was applied.
    const active = await api(sb.url, 'GET', '/api/getActiveCoupon', { token: p.token });
    expect(active.body.activeCoupon).toBeNull();
    // Refused as the redemption would be.
    const bad = await api(sb.url, 'GET', '/api/couponPreview?code=NOPE', { token: p.token });
    expect(bad).toMatchObject({ status: 422, body: { error: 'Invalid coupon code.' } });
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'WELCOME100' } });
    const again = await api(sb.url, 'GET', '/api/couponPreview?code=WELCOME100', { token: p.token });
    expect(again.status).toBe(422);
  });

  it('redeems the welcome coupon into the bonus wallet with a wagering requirement', async () => {
    const p = await newPlayer(sb.url);
    expect((await api(sb.url, 'GET', '/api/getActiveCoupon', { token: p.token })).body).toEqual({
      activeCoupon: null,
      activeWagering: false,
    });
    const r = await api(sb.url, 'POST', '/api/couponRedeem', {
      token: p.token,
      body: { code: 'welcome100' },
    });
    expect(r.status).toBe(200);
    expect(r.body.activeCoupon).toMatchObject({
      code: 'WELCOME100',
      bonus_amount: '100.00',
      wagering_required: '1000.00',
    });
    const active = await api(sb.url, 'GET', '/api/getActiveCoupon', { token: p.token });
    expect(active.body.activeWagering).toBe(true);
    const w = await api(sb.url, 'GET', '/api/wagering', { token: p.token });
    expect(bonus(w.body.wallets)).toBe(10_000);
    expect(w.body.wagering).toMatchObject({
      active: true,
      required: '1000.00',
      wagered: '0.00',
      progress: 0,
    });
  });

  it('refuses unknown, expired, repeated and second coupons with the reason', async () => {
    const p = await newPlayer(sb.url);
    const cases: [string, string][] = [
      ['NOPE', 'Invalid coupon code.'],
      ['EXPIRED50', 'This coupon has expired.'],
    ];
    for (const [code, error] of cases) {
      const r = await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code } });
      expect(r.status).toBe(422);
      expect(r.body.error).toBe(error);
    }
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'WELCOME100' } });
    const second = await api(sb.url, 'POST', '/api/couponRedeem', {
      token: p.token,
      body: { code: 'SPIN25' },
    });
    expect(second.body.error).toBe('You already have an active coupon.');
    await api(sb.url, 'POST', '/api/couponOptOut', { token: p.token });
    const repeat = await api(sb.url, 'POST', '/api/couponRedeem', {
      token: p.token,
      body: { code: 'WELCOME100' },
    });
    expect(repeat.body.error).toBe('You have already redeemed this coupon.');
    const empty = await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: '' } });
    expect(empty.status).toBe(422);
  });

  it('opting out forfeits the bonus through the ledger', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'SPIN25' } });
    const out = await api(sb.url, 'POST', '/api/couponOptOut', { token: p.token });
    expect(out.body).toEqual({ success: true, message: 'You successfully opted out of the bonus.' });
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(bonus(w.body.wallets)).toBe(0);
    const again = await api(sb.url, 'POST', '/api/couponOptOut', { token: p.token });
    expect(again.status).toBe(422);
    expect(ledgerMismatches(sb)).toEqual([]);
  });
});

describe('bonus wagering', () => {
  it('releases the bonus as money once real stakes meet the requirement', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'SPIN25' } }); // R25, wager R125
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 200 } });
    for (let i = 0; i < 2; i++) {
      await api(sb.url, 'POST', '/sandbox/spin', {
        token: p.token,
        body: { gameCode, stake: 50, demo: false },
      });
    }
    const mid = await api(sb.url, 'GET', '/api/wagering', { token: p.token });
    expect(mid.body.wagering).toMatchObject({
      active: true,
      wagered: '100.00',
      remaining: '25.00',
      progress: 0.8,
    });
    const bonusBefore = bonus(mid.body.wallets);
    const last = await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 50, demo: false },
    });
    const done = await api(sb.url, 'GET', '/api/wagering', { token: p.token });
    expect(done.body.wagering).toEqual({ active: false });
    expect(bonus(done.body.wallets)).toBe(0);
    expect(money(done.body.wallets)).toBe(money(last.body.wallets) + bonus(last.body.wallets));
    expect(bonusBefore).toBeGreaterThan(0);
    const list = await api(sb.url, 'GET', '/api/userNotifications/false', { token: p.token });
    expect(list.body.map((n: any) => n.user_notification.type)).toContain('bonus_wagering_completed');
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('PUT /api/bonusOptOut ends wagering and returns the wagering data', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'WELCOME100' } });
    const r = await api(sb.url, 'PUT', '/api/bonusOptOut', { token: p.token });
    expect(r.status).toBe(200);
    expect(r.body.wagering).toEqual({ active: false });
    expect(bonus(r.body.wallets)).toBe(0);
  });
});
