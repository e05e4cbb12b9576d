import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bonus,
  ledgerMismatches,
  money,
  newPlayer,
  playerChannel,
  someGameCode,
  startSandbox,
} from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

/** A player who may withdraw: a verified email, a verified identity (FICA) and a payout account. */
async function verifiedPlayer() {
  const p = await newPlayer(sb.url, 'Test Player', { verified: true });
  await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
  await api(sb.url, 'PUT', '/api/bankAccount', {
    token: p.token,
    body: { bank: 'fnb', holder: 'Test Player', account_number: '62001234567', account_type: 'cheque' },
  });
  return p;
}

describe('wallet', () => {
  it('shows both balances, withdrawal eligibility and the payment flags', async () => {
    const p = await newPlayer(sb.url);
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(w.status).toBe(200);
    expect(w.body.wallets).toEqual([
      { gateway: 'callpay', balance: '0.00' },
      { gateway: 'bonus', balance: '0.00' },
    ]);
    expect(w.body.can_withdraw).toBe(false); // email not verified yet
    expect(w.body.payment_method_capitec_name).toBe('Capitec ETF');
    for (const flag of [
      'is_bitcoin_enabled',
      'is_callpay_enabled',
      'is_capitec_enabled',
      'is_voucher_up_enabled',
    ]) {
      expect(typeof w.body[flag]).toBe('boolean');
    }
    expect((await api(sb.url, 'POST', '/api/wallet')).status).toBe(401);
  });

  it('returns the ABSA flag and the deposit and withdrawal limits the deposit and withdraw calls apply', async () => {
    const p = await verifiedPlayer();
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(w.body.is_payment3_absa_enabled).toBe(false);
    expect(w.body.limits).toEqual({
      deposit_min: '10.00',
      deposit_max: '50000.00',
      withdrawal_min: '50.00',
      withdrawal_max: '50000.00',
    });
    await api(sb.url, 'PATCH', '/sandbox/settings/payments', { body: { is_payment3_absa_enabled: true } });
    expect((await api(sb.url, 'POST', '/api/wallet', { token: p.token })).body.is_payment3_absa_enabled).toBe(
      true,
    );
    await api(sb.url, 'PATCH', '/sandbox/settings/payments', { body: { is_payment3_absa_enabled: false } });

    // The limits are the ones the calls enforce: just inside passes validation, just outside is a 422.
    const deposit = (amount: string) =>
      api(sb.url, 'POST', '/api/deposit', { token: p.token, body: { gateway: 'eft', amount } });
    expect((await deposit(w.body.limits.deposit_min)).status).toBe(200);
    expect((await deposit(w.body.limits.deposit_max)).status).toBe(200);
    expect((await deposit('9.99')).status).toBe(422);
    expect((await deposit('50000.01')).status).toBe(422);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 100 } });
    const withdraw = (amount: string) =>
      api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount } });
    expect((await withdraw('49.99')).status).toBe(422);
    expect((await withdraw('50000.01')).status).toBe(422);
    expect((await withdraw(w.body.limits.withdrawal_min)).status).toBe(200);
  });
});

describe('deposit', () => {
  it('maps each gateway to its type and provider, and the payment page confirms it once', async () => {
    const p = await newPlayer(sb.url);
    const expected: Record<string, [string, string]> = {
      payment3: ['eft', 'payment3'],
      voucherUp: ['eft', 'voucherup'],
      capitec: ['eft', 'paypump'],
      discoveryBank: ['eft', 'paypump'],
      eft: ['eft', 'callpay'],
      creditCard: ['credit_card', 'callpay'],
      bitcoin: ['crypto', 'callpay'],
    };
    for (const [gateway, [type, provider]] of Object.entries(expected)) {
      const d = await api(sb.url, 'POST', '/api/deposit', { token: p.token, body: { gateway, amount: 100 } });
      expect(d.status, gateway).toBe(200);
      expect([d.body.type, d.body.provider]).toEqual([type, provider]);
    }
    const d = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: '250.50' },
    });
    expect(d.body).toMatchObject({ status: 'pending', amount: '250.50' });
    const statusPath = `/api/wallet/depositStatus/${d.body.provider}/${d.body.paymentId}?merchantReference=x`;
    expect((await api(sb.url, 'GET', statusPath, { token: p.token })).body.status).toBe('pending');

    const page = await fetch(d.body.redirectUrl);
    expect(await page.text()).toContain('R250.50');
    const confirm = await api(sb.url, 'POST', new URL(d.body.redirectUrl).pathname + '/confirm');
    expect(confirm.body.status).toBe('complete');
    const again = await api(sb.url, 'POST', new URL(d.body.redirectUrl).pathname + '/confirm');
    expect(again.body.status).toBe('complete');

    expect((await api(sb.url, 'GET', statusPath, { token: p.token })).body.status).toBe('complete');
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(money(w.body.wallets)).toBe(25_050);
  });

  it('returns the deposit status whatever return parameters the payment page added', async () => {
    const p = await newPlayer(sb.url);
    const d = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 20 },
    });
    const path = `/api/wallet/depositStatus/${d.body.provider}/${d.body.paymentId}`;
    const plain = await api(sb.url, 'GET', path, { token: p.token });
    expect(plain.status).toBe(200);
    // The query says complete, but the status is the sandbox's own: the payment is still pending.
    const withReturn = await api(sb.url, 'GET', `${path}?status=complete&reference=abc&paymentId=x&x[]=1`, {
      token: p.token,
    });
    expect(withReturn.status).toBe(200);
    expect(withReturn.body).toEqual(plain.body);
    expect(withReturn.body.status).toBe('pending');
  });

  it('marks a failed payment failed and credits nothing', async () => {
    const p = await newPlayer(sb.url);
    const d = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'bitcoin', amount: 80 },
    });
    await api(sb.url, 'POST', new URL(d.body.redirectUrl).pathname + '/fail');
    const s = await api(sb.url, 'GET', `/api/wallet/depositStatus/callpay/${d.body.paymentId}`, {
      token: p.token,
    });
    expect(s.body.status).toBe('failed');
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(money(w.body.wallets)).toBe(0);
  });

  it('tells the player’s channel each settled deposit, as the status call would say it', async () => {
    const p = await newPlayer(sb.url);
    const { client, channel } = await playerChannel(sb, p.token, p.user.id);
    const heard: any[] = [];
    channel.bind('deposit', (data: unknown) => heard.push(data));
    try {
      const paid = await api(sb.url, 'POST', '/api/deposit', {
        token: p.token,
        body: { gateway: 'eft', amount: 40 },
      });
      const cancelled = await api(sb.url, 'POST', '/api/deposit', {
        token: p.token,
        body: { gateway: 'eft', amount: 30 },
      });
      await api(sb.url, 'POST', new URL(paid.body.redirectUrl).pathname + '/confirm');
      await api(sb.url, 'POST', new URL(cancelled.body.redirectUrl).pathname + '/fail');
      await expect.poll(() => heard.length).toBe(2);
      const status = await api(sb.url, 'GET', `/api/wallet/depositStatus/callpay/${paid.body.paymentId}`, {
        token: p.token,
      });
      expect(heard[0]).toEqual(status.body);
      expect(heard[1]).toMatchObject({
        paymentId: cancelled.body.paymentId,
        status: 'failed',
        failure_reason: 'cancelled',
      });
    } finally {
      client.disconnect();
    }
  });

  it('redirects a browser back to the returnUrl with the outcome', async () => {
    const p = await newPlayer(sb.url);
    const d = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 10, returnUrl: 'http://localhost:5173/cashier' },
    });
    const res = await fetch(d.body.redirectUrl + '/confirm', {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `http://localhost:5173/cashier?paymentId=${d.body.paymentId}&status=complete`,
    );
  });

  it('refuses bad amounts, unknown or disabled gateways, and hides other players’ payments', async () => {
    const p = await newPlayer(sb.url);
    for (const amount of [0, -5, 5, '12.345', 'ten', 60_000, null]) {
      const r = await api(sb.url, 'POST', '/api/deposit', {
        token: p.token,
        body: { gateway: 'eft', amount },
      });
      expect(r.status, String(amount)).toBe(422);
      expect(r.body.error).toMatch(/^amount: /);
    }
    const unknown = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'paypal', amount: 50 },
    });
    expect(unknown.status).toBe(422);
    await api(sb.url, 'PATCH', '/sandbox/settings/payments', { body: { is_bitcoin_enabled: false } });
    const off = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'bitcoin', amount: 50 },
    });
    expect(off.status).toBe(422);
    expect(off.body.error).toBe('This payment method is not available.');
    expect((await api(sb.url, 'POST', '/api/wallet', { token: p.token })).body.is_bitcoin_enabled).toBe(
      false,
    );
    await api(sb.url, 'PATCH', '/sandbox/settings/payments', { body: { is_bitcoin_enabled: true } });

    const d = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      body: { gateway: 'eft', amount: 50 },
    });
    const other = await newPlayer(sb.url);
    const peek = await api(sb.url, 'GET', `/api/wallet/depositStatus/callpay/${d.body.paymentId}`, {
      token: other.token,
    });
    expect(peek.status).toBe(404);
  });

  it('replays the same response for a repeated Idempotency-Key and refuses it for another body', async () => {
    const p = await newPlayer(sb.url);
    const headers = { 'idempotency-key': 'dep-key-1' };
    const first = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      headers,
      body: { gateway: 'eft', amount: 40 },
    });
    const second = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      headers,
      body: { gateway: 'eft', amount: 40 },
    });
    expect(second.body.paymentId).toBe(first.body.paymentId);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const changed = await api(sb.url, 'POST', '/api/deposit', {
      token: p.token,
      headers,
      body: { gateway: 'eft', amount: 41 },
    });
    expect(changed.status).toBe(422);
    const count = sb.db.prepare('SELECT COUNT(*) AS n FROM deposits WHERE user_id = ?').get(p.user.id) as {
      n: number;
    };
    expect(count.n).toBe(1);
  });
});

describe('withdraw', () => {
  it('needs a verified email and enough money; debits through the ledger', async () => {
    const unverified = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: unverified.token, body: { amount: 500 } });
    const refused = await api(sb.url, 'POST', '/api/withdraw', {
      token: unverified.token,
      body: { amount: 100 },
    });
    expect(refused.status).toBe(403);

    const p = await verifiedPlayer();
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 500 } });
    const ok = await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: '120.25' } });
    expect(ok.status).toBe(200);
    expect(money(ok.body.wallets)).toBe(37_975);
    const tooMuch = await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 1000 } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toBe('Insufficient funds.');
    const small = await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 10 } });
    expect(small.status).toBe(422);
  });

  it('is idempotent: ten retries with one key withdraw once', async () => {
    const p = await verifiedPlayer();
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 1000 } });
    const headers = { 'idempotency-key': 'wd-once' };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        api(sb.url, 'POST', '/api/withdraw', { token: p.token, headers, body: { amount: 100 } }),
      ),
    );
    expect(new Set(responses.map((a) => a.body.withdrawal.id)).size).toBe(1);
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(money(w.body.wallets)).toBe(90_000);
  });

  it('closes while bonus wagering is outstanding', async () => {
    const p = await verifiedPlayer();
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 500 } });
    await api(sb.url, 'POST', '/api/couponRedeem', { token: p.token, body: { code: 'WELCOME100' } });
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(w.body.can_withdraw).toBe(false);
    expect(
      (await api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 100 } })).status,
    ).toBe(403);
  });
});

describe('ledger invariants', () => {
  it('lets exactly as many concurrent withdrawals through as the balance covers', async () => {
    const p = await verifiedPlayer();
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 500 } });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 50 } }),
      ),
    );
    expect(responses.filter((a) => a.status === 200)).toHaveLength(10);
    expect(responses.filter((a) => a.status === 422).map((a) => a.body.error)).toEqual(
      Array(10).fill('Insufficient funds.'),
    );
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(money(w.body.wallets)).toBe(0);
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('survives 50 concurrent spins and withdrawals without double spend or a negative balance', async () => {
    const p = await verifiedPlayer();
    const gameCode = await someGameCode(sb.url);
    await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 600 } });
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? api(sb.url, 'POST', '/sandbox/spin', { token: p.token, body: { gameCode, stake: 50, demo: false } })
        : api(sb.url, 'POST', '/api/withdraw', { token: p.token, body: { amount: 50 } }),
    );
    const responses = await Promise.all(calls);
    for (const a of responses) expect([200, 422]).toContain(a.status);
    expect(ledgerMismatches(sb)).toEqual([]);

    const spins = responses.filter((a, i) => i % 2 === 0 && a.status === 200);
    const withdrawals = responses.filter((a, i) => i % 2 === 1 && a.status === 200);
    const won = spins.reduce((s, a) => s + Math.round(Number(a.body.win) * 100), 0);
    const expected = 60_000 - spins.length * 5_000 + won - withdrawals.length * 5_000;
    const w = await api(sb.url, 'POST', '/api/wallet', { token: p.token });
    expect(money(w.body.wallets) + bonus(w.body.wallets)).toBe(expected);
    expect(money(w.body.wallets)).toBeGreaterThanOrEqual(0);
  });
});
