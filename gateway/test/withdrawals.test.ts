import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  credit,
  liveClient,
  sandboxPost,
  signUp,
  startStack,
  subscribe,
  verifyIdentity,
  type Stack,
} from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const ACCOUNT_FIELDS = 'id bank { code name } holder maskedNumber last4 accountType verified updatedAt';
const WITHDRAWAL_FIELDS = `id withdrawalId reference status reason canCancel amount { cents formatted }
  payoutAccount { bank { name } holder maskedNumber } history { status reason at } requestedAt updatedAt`;
const SET_ACCOUNT = `mutation($input: SetPayoutAccountInput!) {
  setPayoutAccount(input: $input) { payoutAccount { ${ACCOUNT_FIELDS} } viewer { id payoutAccount { id last4 } } clientMutationId } }`;
const WITHDRAW = `mutation($input: WithdrawInput!) {
  withdraw(input: $input) { withdrawalId status withdrawal { ${WITHDRAWAL_FIELDS} } } }`;
const CANCEL = `mutation($input: CancelWithdrawalInput!) {
  cancelWithdrawal(input: $input) { withdrawal { ${WITHDRAWAL_FIELDS} } wallet { money { cents } } } }`;
const ACCOUNT = {
  bank: 'capitec',
  holder: 'Naledi Dube',
  accountNumber: '1480 2312 34',
  accountType: 'SAVINGS',
};

let keys = 0;
/** A player called Naledi Dube with a verified email and identity (FICA), and R1,000. */
async function player() {
  const p = await signUp(stack, 'Naledi Dube');
  await sandboxPost(stack, '/sandbox/verifyEmail', {}, p.token);
  await verifyIdentity(stack, p.token);
  await credit(stack, p.token, '1000.00');
  return p;
}
const withdraw = async (token: string, amount: string) =>
  (
    await stack.gql(
      WITHDRAW,
      { input: { amount, idempotencyKey: `gw-wd-${Date.now()}-${++keys}` } },
      { token },
    )
  ).data.withdraw;
const advance = (withdrawalId: string, status: string, reason?: string) =>
  sandboxPost(stack, `/sandbox/withdrawals/${withdrawalId}/advance`, { status, reason });

describe('payout account', () => {
  it('lists the banks, saves the account masked, and links it to the viewer', async () => {
    const banks = await stack.gql('{ payoutBanks { code name } }');
    expect(banks.data.payoutBanks).toContainEqual({ code: 'capitec', name: 'Capitec' });
    expect(banks.data.payoutBanks.map((b: any) => b.name)).toEqual(
      expect.arrayContaining(['Absa', 'FNB', 'Nedbank', 'Standard Bank', 'TymeBank', 'Discovery Bank']),
    );
    const { token } = await player();
    expect(
      (await stack.gql('{ viewer { payoutAccount { id } } }', {}, { token })).data.viewer.payoutAccount,
    ).toBeNull();

    const saved = await stack.gql(SET_ACCOUNT, { input: { ...ACCOUNT, clientMutationId: 'a1' } }, { token });
    expect(saved.errors).toBeUndefined();
    const account = saved.data.setPayoutAccount.payoutAccount;
    expect(account).toMatchObject({
      bank: { code: 'capitec', name: 'Capitec' },
      holder: 'Naledi Dube',
      maskedNumber: '····1234',
      last4: '1234',
      accountType: 'SAVINGS',
      verified: true,
    });
    expect(saved.data.setPayoutAccount.viewer.payoutAccount).toEqual({ id: account.id, last4: '1234' });
    expect(saved.data.setPayoutAccount.clientMutationId).toBe('a1');
    expect(JSON.stringify(saved)).not.toContain('14802312');
    const read = await stack.gql(`{ viewer { payoutAccount { ${ACCOUNT_FIELDS} } } }`, {}, { token });
    expect(read.data.viewer.payoutAccount).toEqual(account);
    const node = await stack.gql(
      `query($id: ID!) { node(id: $id) { ... on PayoutAccount { last4 } } }`,
      { id: account.id },
      { token },
    );
    expect(node.data.node).toEqual({ last4: '1234' });
  });

  it("refuses a bad account with the backend's message beside each field", async () => {
    const { token } = await player();
    const res = await stack.gql(
      SET_ACCOUNT,
      { input: { ...ACCOUNT, bank: 'monopoly', accountNumber: '12ab' } },
      { token },
    );
    expect(res.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(res.errors?.[0].extensions.fields).sort()).toEqual(['accountNumber', 'bank']);
    expect(res.errors?.[0].extensions.fields.accountNumber[0]).toBe('must be 6 to 16 digits');
    const guest = await stack.gql(SET_ACCOUNT, { input: ACCOUNT });
    expect(guest.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('withdrawals', () => {
  it('follows a withdrawal from requested to paid, live, with its history', async () => {
    const { token } = await player();
    await stack.gql(SET_ACCOUNT, { input: ACCOUNT }, { token });
    const client = liveClient(stack, token);
    const live = subscribe(
      client,
      `subscription { viewerEvents(catchUp: true) { name ... on WithdrawalEvent { withdrawal { id status canCancel } } } }`,
    );
    await live.next((r) => r.data?.viewerEvents.name === 'snapshot');

    const requested = await withdraw(token, '250.00');
    const w = requested.withdrawal;
    expect(w).toMatchObject({
      status: 'PENDING',
      canCancel: true,
      reason: null,
      amount: { cents: 25_000, formatted: 'R250.00' },
      payoutAccount: { bank: { name: 'Capitec' }, holder: 'Naledi Dube', maskedNumber: '····1234' },
      history: [{ status: 'PENDING', reason: null }],
    });
    expect(w.reference).toMatch(/^PL-[0-9A-Z]{6}$/);
    expect(w.withdrawalId).toBe(requested.withdrawalId);

    await advance(w.withdrawalId, 'approved');
    await advance(w.withdrawalId, 'paid');
    const isStatus = (status: string) => (r: any) => r.data?.viewerEvents.withdrawal?.status === status;
    expect((await live.next(isStatus('APPROVED'))).data.viewerEvents.withdrawal).toEqual({
      id: w.id,
      status: 'APPROVED',
      canCancel: false,
    });
    await live.next(isStatus('PAID'));
    live.stop();
    await client.dispose();

    const list = await stack.gql(
      `{ viewer { withdrawals(first: 5) { ${WITHDRAWAL_FIELDS} } } }`,
      {},
      { token },
    );
    expect(list.data.viewer.withdrawals).toHaveLength(1);
    expect(list.data.viewer.withdrawals[0].history.map((s: any) => s.status)).toEqual([
      'PENDING',
      'APPROVED',
      'PAID',
    ]);
    const node = await stack.gql(
      `query($id: ID!) { node(id: $id) { ... on Withdrawal { status } } }`,
      { id: w.id },
      { token },
    );
    expect(node.data.node).toEqual({ status: 'PAID' });
    // Someone else's withdrawal is not found.
    const other = await signUp(stack);
    const theirs = await stack.gql(
      `query($id: ID!) { node(id: $id) { id } }`,
      { id: w.id },
      { token: other.token },
    );
    expect(theirs.data.node).toBeNull();
  });

  it('cancels a pending withdrawal (money back, once) and refuses one approved', async () => {
    const { token } = await player();
    await stack.gql(SET_ACCOUNT, { input: ACCOUNT }, { token });
    const first = (await withdraw(token, '100.00')).withdrawal;
    const second = (await withdraw(token, '200.00')).withdrawal;
    const cancel = (id: string) => stack.gql(CANCEL, { input: { id } }, { token });

    const done = await cancel(first.id);
    expect(done.errors).toBeUndefined();
    expect(done.data.cancelWithdrawal.withdrawal).toMatchObject({
      id: first.id,
      status: 'REVERSED',
      canCancel: false,
    });
    expect(done.data.cancelWithdrawal.wallet.money.cents).toBe(80_000);
    const again = await cancel(first.id);
    expect(again.data.cancelWithdrawal.wallet.money.cents).toBe(80_000);

    await advance(second.withdrawalId, 'approved');
    const late = await cancel(second.id);
    expect(late.errors?.[0]).toMatchObject({
      message: 'This withdrawal has been approved and can no longer be cancelled.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await cancel('not-an-id')).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('transactions', () => {
  it('titles each movement by its method, account or game, with its status and a reference to quote', async () => {
    const { token } = await player();
    await stack.gql(SET_ACCOUNT, { input: ACCOUNT }, { token });
    const deposit = async (gateway: string, amount: string) =>
      (
        await stack.gql(
          'mutation($input: DepositInput!) { deposit(input: $input) { paymentId } }',
          // Without the welcome bonus, whose wagering would lock the cash withdrawn below (docs/rules.md#bonus-money).
          { input: { gateway, amount, welcomeBonus: false, idempotencyKey: `gw-dep-${++keys}` } },
          { token },
        )
      ).data.deposit.paymentId;
    const paid = await deposit('EFT', '40.00');
    await sandboxPost(stack, `/sandbox/pay/${paid}/confirm`, {});
    const failed = await deposit('CREDIT_CARD', '25.00');
    await sandboxPost(stack, `/sandbox/pay/${failed}/fail`, {});
    const w = (await withdraw(token, '100.00')).withdrawal;
    await stack.gql(CANCEL, { input: { id: w.id } }, { token });

    const LIST = `query($types: [TransactionType!]) { viewer { transactions(first: 20, types: $types) { totalCount edges { node {
      type title status supportReference amount { formatted } balanceAfter { formatted } } } } } }`;
    const res = await stack.gql(LIST, {}, { token });
    expect(res.errors).toBeUndefined();
    const rows = res.data.viewer.transactions.edges.map((e: any) => e.node);
    expect(
      rows.map((r: any) => [r.title, r.status, r.amount.formatted, r.balanceAfter?.formatted ?? null]),
    ).toEqual([
      ['Refund of cancelled withdrawal · Capitec ····1234', 'REVERSED', 'R100.00', 'R1,040.00'],
      ['Withdrawal to Capitec ····1234', 'REVERSED', '-R100.00', 'R940.00'],
      ['Deposit · Card', 'FAILED', 'R25.00', null],
      ['Deposit · Instant EFT', 'COMPLETE', 'R40.00', 'R1,040.00'],
      ['Credit', 'COMPLETE', 'R1,000.00', 'R1,000.00'],
    ]);
    expect(rows[0].supportReference).toBe(w.reference);
    expect(rows[1].supportReference).toBe(w.reference);
    for (const r of rows) expect(r.supportReference).toMatch(/^PL-[0-9A-Z]{6}$/);

    const deposits = await stack.gql(LIST, { types: ['DEPOSIT'] }, { token });
    expect(deposits.data.viewer.transactions.totalCount).toBe(2);
    expect(deposits.data.viewer.transactions.edges.map((e: any) => e.node.status)).toEqual([
      'FAILED',
      'COMPLETE',
    ]);

    // A bet and a win name their game, as the catalogue names it.
    const game = await stack.gql('{ game(code: "netent-premier-roulette") { name } }');
    const name = game.data.game.name as string;
    const spin = await sandboxPost(
      stack,
      '/sandbox/spin',
      { gameCode: 'netent-premier-roulette', stake: '5.00' },
      token,
    );
    const played = await stack.gql(
      '{ viewer { transactions(first: 2, types: [BET, WIN]) { edges { node { type title status } } } } }',
      {},
      { token },
    );
    const won = Number(spin.win) > 0 ? [{ type: 'WIN', title: `Win · ${name}`, status: 'COMPLETE' }] : [];
    expect(played.data.viewer.transactions.edges.map((e: any) => e.node)).toEqual([
      ...won,
      { type: 'BET', title: `Bet · ${name}`, status: 'COMPLETE' },
    ]);
  });
});
