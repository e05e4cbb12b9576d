import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chestsReady } from '../src/domain/loyalty.js';
import { api, ledgerMismatches, money, newPlayer, someGameCode, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let gameCode: string;
beforeAll(async () => {
  sb = await startSandbox();
  gameCode = await someGameCode(sb.url);
});
afterAll(() => sb.close());

describe('chest arithmetic', () => {
  it('counts a chest per 10 unused diamonds, capped at 100 used except Black', () => {
    expect(chestsReady('bronze', 9, 0)).toBe(0);
    expect(chestsReady('bronze', 10, 0)).toBe(1);
    expect(chestsReady('silver', 100, 60)).toBe(4);
    expect(chestsReady('gold', 100, 100)).toBe(0);
    expect(chestsReady('black', 250, 100)).toBe(15);
  });
});

describe('loyalty', () => {
  it('starts a new player in Bronze with nothing earned', async () => {
    const p = await newPlayer(sb.url);
    const l = await api(sb.url, 'GET', '/api/loyaltyChests', { token: p.token });
    expect(l.body).toMatchObject({ balance: 0, progress: 0 });
    expect(l.body.loyaltyReward).toMatchObject({
      status: 'active',
      current_tier: 'bronze',
      bronze_diamonds: 0,
      black_diamonds_used: 0,
    });
  });

  it('earns a diamond per R10 staked, a chest per 10 diamonds, and opens it for cash', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 1000 } });
    const first = await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 5, demo: false },
    });
    expect(first.body.loyalty).toEqual({ progress: 0.5, newDiamond: false, newChest: false });
    const second = await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 100, demo: false },
    });
    expect(second.body.loyalty).toEqual({ progress: 0.5, newDiamond: true, newChest: true });
    const l = await api(sb.url, 'GET', '/api/loyaltyChests', { token: p.token });
    expect(l.body.loyaltyReward.bronze_diamonds).toBe(10);
    expect(l.body.balance).toBe(1);

    const before = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    const opened = await api(sb.url, 'POST', '/api/loyaltyChests', { token: p.token, body: {} });
    expect(opened.status).toBe(200);
    expect(opened.body.balance).toBe(0);
    expect(opened.body.reward.tier).toBe('bronze');
    expect(opened.body.loyaltyReward.bronze_diamonds_used).toBe(10);
    const after = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(money(after.body.wallets) - money(before.body.wallets)).toBe(
      Math.round(Number(opened.body.reward.amount) * 100),
    );
    const none = await api(sb.url, 'POST', '/api/loyaltyChests', { token: p.token, body: {} });
    expect(none.status).toBe(422);
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('moves up a tier when the current one holds 100 diamonds', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 2000 } });
    await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 1000, demo: false },
    });
    await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 50, demo: false },
    });
    const l = await api(sb.url, 'GET', '/api/loyaltyChests', { token: p.token });
    expect(l.body.loyaltyReward).toMatchObject({
      current_tier: 'silver',
      bronze_diamonds: 100,
      silver_diamonds: 5,
    });
    expect(l.body.balance).toBe(10);
    const notes = await api(sb.url, 'GET', '/api/userNotifications/false', { token: p.token });
    expect(notes.body.map((n: any) => n.user_notification.type)).toContain('loyalty_tier_unlocked');
  });

  it('shows the demo player in several tiers', async () => {
    const login = await api(sb.url, 'POST', '/api/login', {
      body: { email: 'demo@playlive.test', password: 'PlayLive-demo-1' },
    });
    const l = await api(sb.url, 'GET', '/api/loyaltyChests', { token: login.body.success.token });
    expect(l.body.loyaltyReward).toMatchObject({
      current_tier: 'gold',
      bronze_diamonds: 100,
      bronze_diamonds_used: 100,
      silver_diamonds: 100,
      silver_diamonds_used: 60,
      gold_diamonds: 27,
    });
    expect(l.body.balance).toBe(6);
    const bad = await api(sb.url, 'POST', '/api/loyaltyChests', {
      token: login.body.success.token,
      body: { tier: 'wood' },
    });
    expect(bad.status).toBe(422);
  });
});
