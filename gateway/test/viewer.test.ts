import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../src/relay.js';
import { credit, signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
let gameCode: string;
beforeAll(async () => {
  stack = await startStack();
  const games = (await (await fetch(`${stack.sandbox.url}/api/allgames`)).json()) as { game_code: string }[];
  gameCode = games[0]!.game_code;
});
afterAll(() => stack.close());
afterEach(async () => {
  await fetch(`${stack.sandbox.url}/sandbox/faults`, { method: 'DELETE' });
});

const DEMO = { email: 'demo@playlive.test', password: 'PlayLive-demo-1' };

async function login(email: string, password: string): Promise<string> {
  const res = await stack.gql('mutation($input: LoginInput!) { login(input: $input) { token } }', {
    input: { email, password },
  });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data.login.token;
}

async function sandbox(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${stack.sandbox.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

const spin = (token: string, stake: string) => sandbox('/sandbox/spin', { token, body: { gameCode, stake } });

const SCREEN = `{
  viewer {
    id
    account { id userId name email emailVerified welcomePackageExpired }
    wallet { id money { cents } bonus { cents } combined { cents } canWithdraw }
    loyalty { id enabled balance progressPercent currentTier
      tiers { tier diamonds used chests diamondsTowardNextChest fullyUsed thresholds } }
    notifications(first: 5) { totalCount unreadCount edges { node { id subject type read readAt createdAt } } }
    activeCoupon { code }
    wagering { id active progressPercent }
  }
}`;

describe('the viewer', () => {
  it('is null for guests, without calling upstream', async () => {
    const res = await stack.gql('{ viewer { id account { email } } }');
    expect(res.data).toEqual({ viewer: null });
    expect(res.errors).toBeUndefined();
    expect(res.extensions.upstreamCalls).toEqual([]);
  });

  it('fails as UNAUTHENTICATED with an unknown token', async () => {
    const res = await stack.gql('{ viewer { id } }', {}, { token: 'not-a-real-token' });
    expect(res.data.viewer).toBeNull();
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('has stable ids per player and refetches through node()', async () => {
    const { token, email } = await signUp(stack, 'Node Player');
    const res = await stack.gql(SCREEN, {}, { token });
    expect(res.errors).toBeUndefined();
    const v = res.data.viewer;
    const userId = v.account.userId;
    expect(v.id).toBe(toGlobalId('Viewer', userId));
    expect(v.account).toMatchObject({ id: toGlobalId('Account', userId), name: 'Node Player', email });
    expect(v.account.emailVerified).toBe(false);
    expect(v.wallet.id).toBe(toGlobalId('Wallet', userId));
    expect(v.loyalty.id).toBe(toGlobalId('Loyalty', userId));
    expect(v.wagering.id).toBe(toGlobalId('Wagering', userId));

    const ids = [
      v.id,
      v.account.id,
      v.wallet.id,
      v.loyalty.id,
      v.wagering.id,
      v.notifications.edges[0].node.id,
    ];
    const nodes = await stack.gql(
      `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id
        ... on Account { email } ... on Wallet { money { cents } } ... on Notification { type } } }`,
      { ids },
      { token },
    );
    expect(nodes.errors).toBeUndefined();
    expect(nodes.data.nodes.map((n: any) => n.__typename)).toEqual([
      'Viewer',
      'Account',
      'Wallet',
      'Loyalty',
      'Wagering',
      'Notification',
    ]);
    expect(nodes.data.nodes.map((n: any) => n.id)).toEqual(ids);
    expect(nodes.data.nodes[1].email).toBe(email);
    expect(nodes.data.nodes[5].type).toBe('WELCOME_MESSAGE');
  });

  it("returns null for another player's objects through node(), and for guests", async () => {
    const a = await signUp(stack, 'Owner');
    const b = await signUp(stack, 'Snooper');
    const mine = (await stack.gql(SCREEN, {}, { token: a.token })).data.viewer;
    const ids = [
      mine.id,
      mine.account.id,
      mine.wallet.id,
      mine.loyalty.id,
      mine.wagering.id,
      mine.notifications.edges[0].node.id,
    ];
    const query = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    const asOther = await stack.gql(query, { ids }, { token: b.token });
    expect(asOther.errors).toBeUndefined();
    expect(asOther.data.nodes).toEqual([null, null, null, null, null, null]);
    const asGuest = await stack.gql(query, { ids });
    expect(asGuest.errors).toBeUndefined();
    expect(asGuest.data.nodes).toEqual([null, null, null, null, null, null]);
    const single = await stack.gql(
      'query($id: ID!) { node(id: $id) { id } }',
      { id: mine.wallet.id },
      {
        token: b.token,
      },
    );
    expect(single.data.node).toBeNull();
  });

  it('loads a whole screen with one upstream call per resource', async () => {
    const { token } = await signUp(stack);
    const res = await stack.gql(SCREEN, {}, { token });
    expect(res.errors).toBeUndefined();
    const calls: string[] = res.extensions.upstreamCalls;
    expect(new Set(calls).size).toBe(calls.length);
    expect([...calls].sort()).toEqual(
      [
        'GET /api/account',
        'POST /api/wallet',
        'GET /api/loyaltyChests',
        'GET /api/userNotifications/false',
        'GET /api/getActiveCoupon',
        'GET /api/wagering',
      ].sort(),
    );
  });

  it('nulls only the wallet when the wallet fails upstream, with UPSTREAM_UNAVAILABLE in errors', async () => {
    const { token } = await signUp(stack);
    await sandbox('/sandbox/faults', { body: { method: 'POST', path: '/api/wallet', status: 500 } });
    const res = await stack.gql(
      '{ viewer { account { name } wallet { money { cents } } loyalty { balance currentTier } notifications { totalCount } } }',
      {},
      { token },
    );
    expect(res.data.viewer.wallet).toBeNull();
    expect(res.data.viewer.account.name).toBe('Gateway Player');
    expect(res.data.viewer.loyalty).toEqual({ balance: 0, currentTier: 'BRONZE' });
    expect(res.data.viewer.notifications.totalCount).toBe(1);
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0].path).toEqual(['viewer', 'wallet']);
    expect(res.errors?.[0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
  });
});

describe("the demo player's loyalty and notifications", () => {
  it('shows the seeded tiers with the chest arithmetic of docs/rules.md#loyalty', async () => {
    const token = await login(DEMO.email, DEMO.password);
    const res = await stack.gql(SCREEN, {}, { token });
    expect(res.errors).toBeUndefined();
    const loyalty = res.data.viewer.loyalty;
    expect(loyalty).toMatchObject({ enabled: true, balance: 6, progressPercent: 45, currentTier: 'GOLD' });
    expect(loyalty.tiers).toEqual([
      {
        tier: 'BRONZE',
        diamonds: 100,
        used: 100,
        chests: 0,
        diamondsTowardNextChest: 0,
        fullyUsed: true,
        thresholds: [0, 10, 20, 30, 40],
      },
      {
        tier: 'SILVER',
        diamonds: 100,
        used: 60,
        chests: 4,
        diamondsTowardNextChest: 0,
        fullyUsed: false,
        thresholds: [0, 50, 100, 150, 200],
      },
      {
        tier: 'GOLD',
        diamonds: 27,
        used: 0,
        chests: 2,
        diamondsTowardNextChest: 7,
        fullyUsed: false,
        thresholds: [0, 100, 200, 300, 400],
      },
      {
        tier: 'PLATINUM',
        diamonds: 0,
        used: 0,
        chests: 0,
        diamondsTowardNextChest: 0,
        fullyUsed: false,
        thresholds: [0, 250, 500, 750, 1000],
      },
      {
        tier: 'BLACK',
        diamonds: 0,
        used: 0,
        chests: 0,
        diamondsTowardNextChest: 0,
        fullyUsed: false,
        thresholds: [0, 500, 1000, 1500, 2000],
      },
    ]);
  });

  it('has 15 notifications, one of each type, 7 of them unread, paged newest first', async () => {
    const token = await login(DEMO.email, DEMO.password);
    const all = await stack.gql(
      '{ viewer { notifications(first: 100) { totalCount unreadCount edges { node { type read readAt createdAt } } } } }',
      {},
      { token },
    );
    const conn = all.data.viewer.notifications;
    expect(conn.totalCount).toBe(15);
    expect(conn.unreadCount).toBe(7);
    const nodes = conn.edges.map((e: any) => e.node);
    expect(new Set(nodes.map((n: any) => n.type)).size).toBe(15);
    expect(nodes.map((n: any) => n.type)).not.toContain('OTHER');
    expect(nodes.filter((n: any) => !n.read)).toHaveLength(7);
    for (const n of nodes) expect(n.read).toBe(n.readAt !== null);
    const times = nodes.map((n: any) => Date.parse(n.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(nodes[0].type).toBe('WITHDRAWAL_SUCCESS');

    const page = await stack.gql(
      `{ viewer { notifications(first: 5) { totalCount unreadCount pageInfo { hasNextPage endCursor }
          edges { node { type } } } } }`,
      {},
      { token },
    );
    const first = page.data.viewer.notifications;
    expect(first).toMatchObject({ totalCount: 15, unreadCount: 7, pageInfo: { hasNextPage: true } });
    expect(first.edges).toHaveLength(5);
    const next = await stack.gql(
      'query($after: String) { viewer { notifications(first: 10, after: $after) { pageInfo { hasNextPage } edges { node { type } } } } }',
      { after: first.pageInfo.endCursor },
      { token },
    );
    expect(next.data.viewer.notifications.edges.map((e: any) => e.node.type)).toEqual(
      nodes.slice(5, 15).map((n: any) => n.type),
    );
    expect(next.data.viewer.notifications.pageInfo.hasNextPage).toBe(false);
  });
});

describe('loyalty through play', () => {
  it('earns a diamond per R10 staked and a chest per 10 diamonds', async () => {
    const { token } = await signUp(stack);
    await credit(stack, token, '1000.00');
    await spin(token, '45.00');
    const q = `{ viewer { loyalty { balance progressPercent currentTier
      tiers { tier diamonds used chests diamondsTowardNextChest } } } }`;
    let loyalty = (await stack.gql(q, {}, { token })).data.viewer.loyalty;
    expect(loyalty).toMatchObject({ balance: 0, progressPercent: 50, currentTier: 'BRONZE' });
    expect(loyalty.tiers[0]).toEqual({
      tier: 'BRONZE',
      diamonds: 4,
      used: 0,
      chests: 0,
      diamondsTowardNextChest: 4,
    });

    await spin(token, '100.00');
    loyalty = (await stack.gql(q, {}, { token })).data.viewer.loyalty;
    // 145.00 staked: 14 diamonds and R5 toward the next one.
    expect(loyalty).toMatchObject({ balance: 1, progressPercent: 50 });
    expect(loyalty.tiers[0]).toEqual({
      tier: 'BRONZE',
      diamonds: 14,
      used: 0,
      chests: 1,
      diamondsTowardNextChest: 4,
    });
  });

  it('opens a chest for a cash reward, returning the loyalty and wallet after', async () => {
    const { token } = await signUp(stack);
    await credit(stack, token, '200.00');
    await spin(token, '100.00');
    const before = (await stack.gql('{ viewer { wallet { money { cents } } } }', {}, { token })).data.viewer;
    const res = await stack.gql(
      `mutation { openLoyaltyChest(input: { clientMutationId: "c1" }) {
        reward { cents } tier clientMutationId
        loyalty { balance tiers { tier used chests } }
        wallet { money { cents } } } }`,
      {},
      { token },
    );
    expect(res.errors).toBeUndefined();
    const p = res.data.openLoyaltyChest;
    expect(p.tier).toBe('BRONZE');
    expect(p.clientMutationId).toBe('c1');
    expect(p.reward.cents).toBeGreaterThanOrEqual(500);
    expect(p.reward.cents).toBeLessThanOrEqual(2000);
    expect(p.loyalty.balance).toBe(0);
    expect(p.loyalty.tiers[0]).toEqual({ tier: 'BRONZE', used: 10, chests: 0 });
    expect(p.wallet.money.cents).toBe(before.wallet.money.cents + p.reward.cents);

    const again = await stack.gql(
      'mutation { openLoyaltyChest(input: { tier: BRONZE }) { tier } }',
      {},
      {
        token,
      },
    );
    expect(again.errors?.[0].message).toBe('You have no bronze chest to open.');
    expect(again.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses guests before calling upstream', async () => {
    const res = await stack.gql('mutation { openLoyaltyChest { tier } }');
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.extensions.upstreamCalls).toEqual([]);
  });
});

describe('notifications', () => {
  it('counts unread ones and marks them all read', async () => {
    const { token } = await signUp(stack);
    await sandbox('/sandbox/notifications', { token, body: { type: 'jackpot_win', subject: 'Jackpot!' } });
    const q = '{ viewer { notifications { totalCount unreadCount edges { node { subject type read } } } } }';
    const before = (await stack.gql(q, {}, { token })).data.viewer.notifications;
    expect(before).toMatchObject({ totalCount: 2, unreadCount: 2 });
    expect(before.edges[0].node).toEqual({ subject: 'Jackpot!', type: 'JACKPOT_WIN', read: false });

    const res = await stack.gql(
      `mutation { markNotificationsRead(input: { clientMutationId: "m1" }) {
        clientMutationId
        notifications { totalCount unreadCount edges { node { read readAt } } }
        firstOnly: notifications(first: 1) { edges { node { type } } pageInfo { hasNextPage } } } }`,
      {},
      { token },
    );
    expect(res.errors).toBeUndefined();
    const p = res.data.markNotificationsRead;
    expect(p.clientMutationId).toBe('m1');
    expect(p.notifications).toMatchObject({ totalCount: 2, unreadCount: 0 });
    for (const e of p.notifications.edges) expect(e.node.read).toBe(true);
    expect(p.firstOnly).toEqual({
      edges: [{ node: { type: 'JACKPOT_WIN' } }],
      pageInfo: { hasNextPage: true },
    });
    expect(
      res.extensions.upstreamCalls.filter((c: string) => c === 'GET /api/userNotifications/true'),
    ).toHaveLength(1);

    const after = (await stack.gql(q, {}, { token })).data.viewer.notifications;
    expect(after).toMatchObject({ totalCount: 2, unreadCount: 0 });
  });

  it('refuses guests', async () => {
    const res = await stack.gql('mutation { markNotificationsRead { clientMutationId } }');
    expect(res.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(res.extensions.upstreamCalls).toEqual([]);
  });
});

describe('two players at once', () => {
  it('never see each other’s data, across many interleaved requests', async () => {
    const a = await signUp(stack, 'Alice Parallel');
    const b = await signUp(stack, 'Bob Parallel');
    await credit(stack, a.token, '111.11');
    await credit(stack, b.token, '222.22');
    await sandbox('/sandbox/notifications', { token: a.token, body: { subject: 'For Alice only' } });
    await stack.gql(
      'mutation { redeemCoupon(input: { code: "SPIN25" }) { coupon { code } } }',
      {},
      {
        token: b.token,
      },
    );
    const query = `{ viewer { id account { name email } wallet { id money { cents } bonus { cents } }
      notifications { totalCount edges { node { subject } } } activeCoupon { code } wagering { active } } }`;
    const expectations = {
      [a.token]: {
        name: 'Alice Parallel',
        email: a.email,
        money: 11_111,
        bonus: 0,
        notifications: 2,
        coupon: null,
        wagering: false,
      },
      [b.token]: {
        name: 'Bob Parallel',
        email: b.email,
        money: 22_222,
        bonus: 2_500,
        notifications: 1,
        coupon: { code: 'SPIN25' },
        wagering: true,
      },
    };
    const tokens = Array.from({ length: 60 }, (_, i) => (i % 3 === 0 ? a.token : b.token));
    const results = await Promise.all(tokens.map((token) => stack.gql(query, {}, { token })));
    const ids = new Map<string, string>();
    results.forEach((res, i) => {
      const token = tokens[i]!;
      const want = expectations[token]!;
      expect(res.errors).toBeUndefined();
      const v = res.data.viewer;
      expect(v.account).toEqual({ name: want.name, email: want.email });
      expect(v.wallet.money.cents).toBe(want.money);
      expect(v.wallet.bonus.cents).toBe(want.bonus);
      expect(v.notifications.totalCount).toBe(want.notifications);
      expect(v.activeCoupon).toEqual(want.coupon);
      expect(v.wagering.active).toBe(want.wagering);
      if (token === b.token) {
        expect(v.notifications.edges.map((e: any) => e.node.subject)).not.toContain('For Alice only');
      }
      if (!ids.has(token)) ids.set(token, v.id);
      expect(v.id).toBe(ids.get(token));
    });
    expect(ids.get(a.token)).not.toBe(ids.get(b.token));
  });
});
