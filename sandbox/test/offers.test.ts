import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../src/seed/players.js';
import { api, newPlayer, startSandbox } from './harness.js';

/**
 * One source for every offer (docs/rules.md#promotions-and-banners): the welcome offer's terms are the casino's
 * (GET /api/welcomeOffer, the same numbers the cashier pays), and every coupon a promotion advertises can be redeemed.
 */

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

interface Promotion {
  title: string;
  description: string;
  terms: string;
  url_link: string;
  offer: string | null;
  coupon: { code: string; bonus_amount: string; wager_multiplier: number; wagering_required: string } | null;
}
const promotions = async (token?: string) =>
  (await api(sb.url, 'GET', token ? '/api/promotionsAuthenticated' : '/api/promotions', { token })).body
    .promotions as Promotion[];
const welcomeOffer = async () => (await api(sb.url, 'GET', '/api/welcomeOffer')).body.welcome_offer;

describe('the welcome offer', () => {
  it('is stated by the casino, publicly, with the terms the cashier pays', async () => {
    const offer = await welcomeOffer();
    expect(offer).toEqual({
      bonus_percentage: 250,
      max_bonus: '2500.00',
      min_deposit: '10.00',
      wager_multiplier: 35,
    });
    const p = await newPlayer(sb.url);
    const wallet = (await api(sb.url, 'POST', '/api/wallet', { token: p.token })).body;
    expect(wallet.welcome_package).toMatchObject({
      bonus_percentage: offer.bonus_percentage,
      wager_multiplier: offer.wager_multiplier,
      max_bonus: offer.max_bonus,
    });
    expect(wallet.limits.deposit_min).toBe(offer.min_deposit);
    // What a deposit above the cap pays is the stated cap and multiple.
    const preview = await api(sb.url, 'GET', '/api/deposit/preview?amount=5000&welcome_bonus=true', {
      token: p.token,
    });
    expect(preview.body).toMatchObject({ bonus: '2500.00', wagering_required: '87500.00', capped: true });
  });

  it('ends for a player with their first completed deposit: the account says so, and their promotions leave it out', async () => {
    const p = await newPlayer(sb.url);
    const offered = async () =>
      (await promotions(p.token)).some((promotion) => promotion.offer === 'welcome_package');
    expect(await offered()).toBe(true);
    const started = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: '50' },
    });
    expect(started.status).toBe(200);
    await api(sb.url, 'POST', new URL(started.body.redirectUrl).pathname + '/confirm');
    // Deposited without the bonus: the offer is over all the same.
    expect((await api(sb.url, 'GET', '/api/account', { token: p.token })).body.welcome_package_expired).toBe(
      true,
    );
    expect(await offered()).toBe(false);
    // Guests are still told of it.
    expect((await promotions()).some((promotion) => promotion.offer === 'welcome_package')).toBe(true);
  });

  it('has long ended for the seeded demo player, who has deposited for months', async () => {
    const login = await api(sb.url, 'POST', '/api/login', { body: DEMO_PLAYER });
    const token = login.body.success.token as string;
    expect((await api(sb.url, 'GET', '/api/account', { token })).body.welcome_package_expired).toBe(true);
    expect((await promotions(token)).some((promotion) => promotion.offer === 'welcome_package')).toBe(false);
  });

  it('is the welcome promotion’s only source of numbers: its prose states none', async () => {
    const welcome = (await promotions()).find((p) => p.offer === 'welcome_package');
    expect(welcome).toBeDefined();
    expect(`${welcome!.title} ${welcome!.description} ${welcome!.terms}`).not.toMatch(
      /\d+\s*%|R\s?\d|\d+\s*[x×]/,
    );
    const banners = (await api(sb.url, 'GET', '/api/promotionBanners')).body.promotionBanners as {
      title: string;
    }[];
    expect(banners.find((b) => b.title.startsWith('Welcome'))?.title).not.toMatch(/\d/);
  });
});

describe('promoted coupons', () => {
  it('carry the coupon’s own terms, and each one advertised can be redeemed', async () => {
    const p = await newPlayer(sb.url);
    const promoted = (await promotions(p.token)).filter((promotion) => promotion.coupon);
    expect(promoted.map((promotion) => promotion.coupon!.code)).toContain('RELOAD50');
    for (const { coupon, description } of promoted) {
      // The promotion's words do not restate the coupon's numbers; the coupon's fields are the numbers.
      expect(description).not.toMatch(/R\s?\d|\d+\s*%/);
      const preview = await api(sb.url, 'GET', `/api/couponPreview?code=${coupon!.code}`, { token: p.token });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        bonus_amount: coupon!.bonus_amount,
        wager_multiplier: coupon!.wager_multiplier,
        wagering_required: coupon!.wagering_required,
      });
    }
    const redeemed = await api(sb.url, 'POST', '/api/couponRedeem', {
      token: p.token,
      body: { code: 'RELOAD50' },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.activeCoupon).toMatchObject({ code: 'RELOAD50', bonus_amount: '50.00' });
  });

  it('are not advertised once they cannot be redeemed, nor the welcome offer once the site switches it off', async () => {
    await api(sb.url, 'PATCH', '/sandbox/settings/site', { body: { welcome_package_enabled: false } });
    try {
      expect(await welcomeOffer()).toBeNull();
      expect((await promotions()).some((p) => p.offer === 'welcome_package')).toBe(false);
    } finally {
      await api(sb.url, 'PATCH', '/sandbox/settings/site', { body: { welcome_package_enabled: true } });
    }
    // The back office advertises a coupon past its last day (EXPIRED50), and one it then withdraws.
    const insert = sb.db.prepare(
      `INSERT INTO promotions (title, description, image, url_link, terms, created_at, coupon_code)
       VALUES (?, 'Bonus money', '/images/promotions/x.webp', '/promotions', 'Terms', ?, ?)`,
    );
    insert.run('Last season', '2026-11-01T00:00:00.000Z', 'EXPIRED50');
    insert.run('Withdrawn', '2026-11-01T00:00:00.000Z', 'SPIN25');
    sb.db.prepare("UPDATE coupons SET redeemable = 0 WHERE code = 'SPIN25'").run();
    const titles = (await promotions()).map((promotion) => promotion.title);
    expect(titles).not.toContain('Last season');
    expect(titles).not.toContain('Withdrawn');
    expect(titles).toContain('Welcome Package');
  });
});
