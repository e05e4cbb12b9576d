import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ledgerMismatches, money, newPlayer, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const ACCOUNT = {
  bank: 'capitec',
  holder: 'Thandi Nkosi',
  account_number: '1480 2312 34',
  account_type: 'savings',
};

/**
 * A player with a verified email and identity (FICA), R1,000 and (unless told otherwise) a Capitec payout account.
 */
async function player({ account = true } = {}) {
  const p = await newPlayer(sb.url, 'Thandi Nkosi', { verified: true });
  await api(sb.url, 'POST', '/sandbox/verifyEmail', { token: p.token });
  await api(sb.url, 'POST', '/sandbox/credit', { token: p.token, body: { amount: 1000 } });
  if (account) await api(sb.url, 'PUT', '/api/bankAccount', { token: p.token, body: ACCOUNT });
  return p;
}
const wallet = async (token: string) =>
  money((await api(sb.url, 'POST', '/api/wallet', { token })).body.wallets);
const withdraw = (token: string, amount: number) =>
  api(sb.url, 'POST', '/api/withdraw', { token, body: { amount } });
const advance = (id: string, status: string, reason?: string) =>
  api(sb.url, 'POST', `/sandbox/withdrawals/${id}/advance`, { body: { status, reason } });
/** The player's notifications, newest first. */
const notifications = async (token: string) =>
  (await api(sb.url, 'GET', '/api/userNotifications/false', { token })).body as any[];

describe('payout bank account', () => {
  it('lists the South African banks and keeps the account with its number masked', async () => {
    const banks = await api(sb.url, 'GET', '/api/banks');
    expect(banks.body.banks.map((b: any) => b.name)).toEqual(
      expect.arrayContaining([
        'Absa',
        'Capitec',
        'FNB',
        'Nedbank',
        'Standard Bank',
        'TymeBank',
        'Discovery Bank',
      ]),
    );
    const p = await player({ account: false });
    expect((await api(sb.url, 'GET', '/api/bankAccount', { token: p.token })).body).toEqual({
      bank_account: null,
    });

    const saved = await api(sb.url, 'PUT', '/api/bankAccount', { token: p.token, body: ACCOUNT });
    expect(saved.status).toBe(200);
    expect(saved.body.bank_account).toMatchObject({
      bank: 'capitec',
      bank_name: 'Capitec',
      holder: 'Thandi Nkosi',
      account_number_masked: '····1234',
      account_last4: '1234',
      account_type: 'savings',
      // The holder is the name on the casino account.
      verified: true,
    });
    const read = await api(sb.url, 'GET', '/api/bankAccount', { token: p.token });
    expect(read.body).toEqual(saved.body);
    // The whole number never leaves the sandbox.
    expect(JSON.stringify(read.body)).not.toContain('14802312');

    const other = await api(sb.url, 'PUT', '/api/bankAccount', {
      token: p.token,
      body: { bank: 'fnb', holder: 'Someone Else', account_number: '62001239876', account_type: 'cheque' },
    });
    expect(other.body.bank_account).toMatchObject({
      bank_name: 'FNB',
      account_last4: '9876',
      verified: false,
    });
    expect((await api(sb.url, 'GET', '/api/bankAccount')).status).toBe(401);
  });

  it('refuses a bad account with 422 naming each field', async () => {
    const p = await player({ account: false });
    const put = (body: unknown) => api(sb.url, 'PUT', '/api/bankAccount', { token: p.token, body });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ bank: 'monopoly' }, 'bank', 'must be one of absa'],
      [{ holder: 'X' }, 'holder', 'at least 2 letters'],
      [{ holder: 'Bobby <script>' }, 'holder', 'only letters'],
      [{ account_number: '12ab5678' }, 'account_number', 'must be 6 to 16 digits'],
      [{ account_number: '123' }, 'account_number', 'must be 6 to 16 digits'],
      [{ account_type: 'bitcoin' }, 'account_type', 'must be one of cheque, savings, transmission'],
    ];
    for (const [change, field, message] of cases) {
      const res = await put({ ...ACCOUNT, ...change });
      expect(res.status, field).toBe(422);
      expect(Object.keys(res.body.errors), field).toEqual([field]);
      expect(res.body.errors[field][0], field).toContain(message);
    }
    expect((await api(sb.url, 'GET', '/api/bankAccount', { token: p.token })).body.bank_account).toBeNull();
  });
});

describe('withdrawal lifecycle', () => {
  it('needs a payout account, and pays to the account it was requested to', async () => {
    const none = await player({ account: false });
    const refused = await withdraw(none.token, 100);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Add the bank account to pay your withdrawal into first.');
    expect(await wallet(none.token)).toBe(100_000);

    const p = await player();
    const res = await withdraw(p.token, 200);
    expect(res.status).toBe(200);
    const w = res.body.withdrawal;
    expect(w).toMatchObject({
      amount: '200.00',
      status: 'pending',
      can_cancel: true,
      reason: null,
      bank_account: { bank_name: 'Capitec', account_number_masked: '····1234', holder: 'Thandi Nkosi' },
      history: [{ status: 'pending', reason: null }],
    });
    expect(w.reference).toMatch(/^PL-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(money(res.body.wallets)).toBe(80_000);
    // Changing the account later does not move a withdrawal already requested.
    await api(sb.url, 'PUT', '/api/bankAccount', {
      token: p.token,
      body: { ...ACCOUNT, bank: 'nedbank', account_number: '1000005555' },
    });

    expect((await advance(w.id, 'approved')).body.withdrawal).toMatchObject({
      status: 'approved',
      can_cancel: false,
    });
    const paid = (await advance(w.id, 'paid')).body.withdrawal;
    expect(paid.status).toBe('paid');
    expect(paid.bank_account.bank_name).toBe('Capitec');
    expect(paid.history.map((s: any) => s.status)).toEqual(['pending', 'approved', 'paid']);
    expect(await wallet(p.token)).toBe(80_000);
    // Paid is final.
    expect((await advance(w.id, 'failed')).status).toBe(409);
    const read = await api(sb.url, 'GET', `/api/withdrawals/${w.id}`, { token: p.token });
    expect(read.body.withdrawal).toEqual(paid);
    const list = await api(sb.url, 'GET', '/api/withdrawals', { token: p.token });
    expect(list.body.data.map((x: any) => x.id)).toEqual([w.id]);
    // Another player's withdrawal is as missing as one that does not exist.
    const other = await newPlayer(sb.url);
    expect((await api(sb.url, 'GET', `/api/withdrawals/${w.id}`, { token: other.token })).status).toBe(404);
    expect(
      (await api(sb.url, 'POST', `/api/withdrawals/${w.id}/cancel`, { token: other.token })).status,
    ).toBe(404);
  });

  it('cancels a pending withdrawal once, giving back exactly its amount; refuses once approved', async () => {
    const p = await player();
    const first = (await withdraw(p.token, 123.45)).body.withdrawal;
    const second = (await withdraw(p.token, 100)).body.withdrawal;
    expect(await wallet(p.token)).toBe(100_000 - 12_345 - 10_000);

    const cancels = await Promise.all(
      Array.from({ length: 3 }, () =>
        api(sb.url, 'POST', `/api/withdrawals/${first.id}/cancel`, { token: p.token }),
      ),
    );
    for (const c of cancels) {
      expect(c.status).toBe(200);
      expect(c.body.withdrawal).toMatchObject({ status: 'reversed', can_cancel: false });
    }
    expect(await wallet(p.token)).toBe(100_000 - 10_000);

    await advance(second.id, 'approved');
    const late = await api(sb.url, 'POST', `/api/withdrawals/${second.id}/cancel`, { token: p.token });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('This withdrawal has been approved and can no longer be cancelled.');
    expect(await wallet(p.token)).toBe(90_000);
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('gives the money back when the payment fails, with the reason', async () => {
    const p = await player();
    const w = (await withdraw(p.token, 300)).body.withdrawal;
    await advance(w.id, 'approved');
    const failed = await advance(w.id, 'failed', 'The account number does not match the holder.');
    expect(failed.body.withdrawal).toMatchObject({
      status: 'failed',
      reason: 'The account number does not match the holder.',
    });
    expect(await wallet(p.token)).toBe(100_000);
    expect((await advance(w.id, 'paid')).status).toBe(409);
    expect((await api(sb.url, 'POST', `/api/withdrawals/${w.id}/cancel`, { token: p.token })).status).toBe(
      409,
    );
    expect(await wallet(p.token)).toBe(100_000);
    expect(ledgerMismatches(sb)).toEqual([]);
  });

  it('notifies paid, cancelled and failed by what happened, and never calls a request paid', async () => {
    const p = await player();
    const paid = (await withdraw(p.token, 100)).body.withdrawal;
    const withdrawalNotes = (all: any[]) =>
      all.filter((n) => n.user_notification.type.startsWith('withdrawal'));
    expect(withdrawalNotes(await notifications(p.token))).toEqual([]);

    await advance(paid.id, 'approved');
    await advance(paid.id, 'paid');
    const cancelled = (await withdraw(p.token, 100)).body.withdrawal;
    await api(sb.url, 'POST', `/api/withdrawals/${cancelled.id}/cancel`, { token: p.token });
    const failed = (await withdraw(p.token, 100)).body.withdrawal;
    await advance(failed.id, 'failed', 'The bank refused the payment.');

    const seen = withdrawalNotes(await notifications(p.token)).map((n) => [
      n.user_notification.type,
      n.user_notification.subject,
    ]);
    expect(seen).toEqual([
      ['withdrawal_rollback', 'Withdrawal failed'],
      ['withdrawal_rollback', 'Withdrawal cancelled'],
      ['withdrawal_success', 'Withdrawal paid'],
    ]);
    const [failedNote] = withdrawalNotes(await notifications(p.token));
    expect(failedNote.user_notification.message).toContain('The bank refused the payment.');
    expect(failedNote.user_notification.message).toContain(failed.reference);
  });
});

describe('transactions', () => {
  it('lists every deposit (pending and failed too) and each withdrawal with its status and reference', async () => {
    const p = await player();
    // Without the welcome bonus: its wagering would lock the cash this test withdraws (docs/rules.md#bonus-money).
    const dep = (gateway: string, amount: number) =>
      api(sb.url, 'POST', '/api/deposit', {
        token: p.token,
        body: { gateway, amount, welcome_bonus: false },
      });
    const credited = (await dep('eft', 40)).body;
    await api(sb.url, 'POST', `/sandbox/pay/${credited.paymentId}/confirm`);
    const cancelled = (await dep('creditCard', 25)).body;
    await api(sb.url, 'POST', `/sandbox/pay/${cancelled.paymentId}/fail`);
    const pending = (await dep('capitec', 60)).body;
    const w = (await withdraw(p.token, 100)).body.withdrawal;
    await api(sb.url, 'POST', `/api/withdrawals/${w.id}/cancel`, { token: p.token });

    const res = await api(sb.url, 'GET', '/api/transactions', { token: p.token });
    expect(res.status).toBe(200);
    const rows = res.body.data.map((r: any) => ({
      type: r.type,
      amount: r.amount,
      status: r.status,
      balance_after: r.balance_after,
      gateway: r.gateway,
      bank: r.bank_account?.bank_name ?? null,
    }));
    expect(rows).toEqual([
      {
        type: 'withdrawal',
        amount: '100.00',
        status: 'reversed',
        balance_after: '1040.00',
        gateway: null,
        bank: 'Capitec',
      },
      {
        type: 'withdrawal',
        amount: '-100.00',
        status: 'reversed',
        balance_after: '940.00',
        gateway: null,
        bank: 'Capitec',
      },
      {
        type: 'deposit',
        amount: '60.00',
        status: 'pending',
        balance_after: null,
        gateway: 'capitec',
        bank: null,
      },
      {
        type: 'deposit',
        amount: '25.00',
        status: 'failed',
        balance_after: null,
        gateway: 'creditCard',
        bank: null,
      },
      {
        type: 'deposit',
        amount: '40.00',
        status: 'complete',
        balance_after: '1040.00',
        gateway: 'eft',
        bank: null,
      },
      {
        type: 'credit',
        amount: '1000.00',
        status: 'complete',
        balance_after: '1000.00',
        gateway: null,
        bank: null,
      },
    ]);
    // Both rows of one withdrawal carry its reference; every other row has its own.
    const refs = res.body.data.map((r: any) => r.short_reference);
    expect(refs[0]).toBe(w.reference);
    expect(refs[1]).toBe(w.reference);
    expect(new Set(refs).size).toBe(5);
    for (const ref of refs) expect(ref).toMatch(/^PL-[0-9A-Z]{6}$/);
    expect(res.body.data[2].id).toBe(`deposit:${pending.paymentId}`);
    expect(res.body.meta.total).toBe(6);

    // Once the pending deposit is paid, it is its credited row.
    await api(sb.url, 'POST', `/sandbox/pay/${pending.paymentId}/confirm`);
    const after = await api(sb.url, 'GET', '/api/transactions?type=deposit', { token: p.token });
    expect(after.body.data.map((r: any) => [r.amount, r.status])).toEqual([
      ['60.00', 'complete'],
      ['25.00', 'failed'],
      ['40.00', 'complete'],
    ]);
    expect(after.body.meta.total).toBe(3);
    const bad = await api(sb.url, 'GET', '/api/transactions?type=deposit,lottery', { token: p.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['type.1']);
  });
});
