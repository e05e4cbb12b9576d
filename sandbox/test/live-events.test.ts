import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  money,
  newPlayer,
  playerChannel,
  someGameCode,
  startSandbox,
  uploadDocument,
  type PusherClient,
} from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
let gameCode: string;
const clients: PusherClient[] = [];
beforeAll(async () => {
  sb = await startSandbox();
  gameCode = await someGameCode(sb.url);
});
afterEach(() => clients.splice(0).forEach((c) => c.disconnect()));
afterAll(() => sb.close());

/** A player's browser: the official client, authorised with the player's bearer token. */
async function subscribePlayer(token: string, userId: number) {
  const { client, channel } = await playerChannel(sb, token, userId);
  clients.push(client);
  const events: { name: string; data: any }[] = [];
  channel.bind_global((name: string, data: unknown) => {
    if (!name.startsWith('pusher')) events.push({ name, data });
  });
  const next = (name: string) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${name} event`)), 5_000);
      const poll = setInterval(() => {
        const found = events.find((e) => e.name === name);
        if (found) {
          clearTimeout(timer);
          clearInterval(poll);
          resolve(found.data);
        }
      }, 5);
    });
  return { events, next };
}

describe('live events on the player channel', () => {
  it('a real-money spin sends loyaltyProgress and wallet events to that player only', async () => {
    const p = await newPlayer(sb.url);
    const other = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 100 } });
    const mine = await subscribePlayer(p.token, p.user.id);
    const theirs = await subscribePlayer(other.token, other.user.id);

    const spin = await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 12, demo: false },
    });
    expect(spin.status).toBe(200);
    const progress = await mine.next('loyaltyProgress');
    expect(progress).toEqual({ progress: 0.2, newDiamond: true, newChest: false });
    const wallet = await mine.next('wallet');
    expect(wallet.wallets).toEqual(spin.body.wallets);
    expect(theirs.events).toEqual([]);
  });

  it('each withdrawal step arrives as a withdrawal event, and a reversal with the wallet', async () => {
    const p = await newPlayer(sb.url, 'Live Payee', { verified: true });
    await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 500 } });
    await api(sb.url, 'PUT', '/api/bankAccount', {
      token: p.token,
      body: { bank: 'absa', holder: 'Live Payee', account_number: '4051234567', account_type: 'cheque' },
    });
    const live = await subscribePlayer(p.token, p.user.id);
    const requested = await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 100 } });
    const id = requested.body.withdrawal.id;
    expect((await live.next('withdrawal')).withdrawal).toEqual(requested.body.withdrawal);
    live.events.length = 0;
    await api(sb.url, 'POST', `/api/withdrawals/${id}/cancel`, { token: p.token });
    expect((await live.next('withdrawal')).withdrawal).toMatchObject({ id, status: 'reversed' });
    expect(money((await live.next('wallet')).wallets)).toBe(50_000);
  });

  it('each verification change arrives as a verification event: an upload, the submission, the decision', async () => {
    const p = await newPlayer(sb.url);
    const other = await newPlayer(sb.url);
    const live = await subscribePlayer(p.token, p.user.id);
    const theirs = await subscribePlayer(other.token, other.user.id);
    const read = async () => (await api(sb.url, 'GET', '/api/verification', { token: p.token })).body;

    await uploadDocument(sb.url, p.token, 'identity');
    expect(await live.next('verification')).toEqual(await read());
    await uploadDocument(sb.url, p.token, 'proof_of_address');
    live.events.length = 0;
    const submitted = await api(sb.url, 'POST', '/api/verification/submit', { token: p.token });
    const pending = await live.next('verification');
    expect(pending).toEqual({ verification: submitted.body.verification });
    expect(pending.verification.status).toBe('pending');
    live.events.length = 0;
    await api(sb.url, 'POST', '/sandbox/verification', { token: p.token, body: { status: 'verified' } });
    const verified = await live.next('verification');
    expect(verified).toEqual(await read());
    expect(verified.verification.status).toBe('verified');
    expect(theirs.events).toEqual([]);
  });

  it('a new notification arrives with the unread count', async () => {
    const p = await newPlayer(sb.url);
    const live = await subscribePlayer(p.token, p.user.id);
    await api(sb.url, 'POST', '/sandbox/notifications', {
      token: p.token,
      body: { type: 'jackpot_win', message: 'Big!' },
    });
    const event = await live.next('notification');
    expect(event.unread_count).toBe(2);
    expect(event.notification.user_notification).toMatchObject({ type: 'jackpot_win', message: 'Big!' });
  });

  it('a demo spin touches nothing real', async () => {
    const p = await newPlayer(sb.url);
    const live = await subscribePlayer(p.token, p.user.id);
    const demo = await api(sb.url, 'POST', '/sandbox/spin', {
      token: p.token,
      body: { gameCode, stake: 10, demo: true },
    });
    expect(demo.body).toMatchObject({ demo: true, spinId: null });
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(w.body.wallets[0].balance).toBe('0.00');
    await new Promise((r) => setTimeout(r, 100));
    expect(live.events).toEqual([]);
  });
});
