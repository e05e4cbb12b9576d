import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { toGlobalId } from '../src/relay.js';
import {
  sandboxPost,
  credit,
  liveClient,
  signUp,
  startStack,
  subscribe,
  until,
  type Stack,
} from './harness.js';

/*
 * Subscriptions end to end: the real sandbox publishes on its Pusher-protocol channels, the real gateway bridges
 * them with pusher-js, and the official graphql-ws client (and a plain SSE reader) consume them over the network.
 */

const VIEWER_EVENTS = `subscription {
  viewerEvents {
    __typename
    name
    ... on LoyaltyProgressEvent { progress progressPercent newDiamond newChest loyalty { id balance tiers { tier diamonds } } }
    ... on NotificationEvent { unreadCount notification { id subject type read } }
    ... on WalletEvent { wallet { id money { cents } } }
    ... on ViewerSnapshotEvent { viewer { id wallet { money { cents } } notifications { unreadCount } } }
    ... on GenericViewerEvent { data }
  }
}`;

const TOURNAMENT_UPDATED = `subscription($id: ID!) {
  tournamentUpdated(id: $id) {
    id tournamentId joined usersCount
    myEntry { name points isViewer }
    leaderboard(first: 100) { totalCount edges { node { name points isViewer } } }
  }
}`;
/** The rows of a pushed tournament's leaderboard. */
const board = (t: any) => t.leaderboard.edges.map((e: any) => e.node);

const userChannel = (userId: number) => `private-user.${userId}`;
const event = (typename: string) => (r: any) => r.data?.viewerEvents?.__typename === typename;

const spin = (stack: Stack, token: string, stake: number) =>
  sandboxPost(stack, '/sandbox/spin', { gameCode: 'netent-premier-roulette', stake }, token);
const notify = (stack: Stack, token: string, subject: string) =>
  sandboxPost(stack, '/sandbox/notifications', { subject, message: 'From the realtime test.' }, token);

/** A signed-in player with the upstream channel subscription already made (so nothing published is missed). */
async function watchingPlayer(stack: Stack, name: string) {
  const player = await signUp(stack, name);
  const userId = player.viewer.account.userId as number;
  const client = liveClient(stack, player.token);
  const op = subscribe(client, VIEWER_EVENTS);
  await until(
    () => stack.sandbox.pusher.subscriberCount(userChannel(userId)) === 1,
    'the upstream subscription',
  );
  return { ...player, userId, client, op };
}

describe('Subscription.viewerEvents', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { sessionCheckMs: 300 } });
  });
  afterAll(() => stack.close());

  it('turns a spin into a loyalty event with the refreshed loyalty, and a wallet event with the new balance', async () => {
    const p = await watchingPlayer(stack, 'Loyal Lindiwe');
    await credit(stack, p.token, '100.00');
    await p.op.next(event('WalletEvent'));

    await spin(stack, p.token, 25);
    const loyalty = await p.op.next(event('LoyaltyProgressEvent'));
    expect(loyalty.errors).toBeUndefined();
    expect(loyalty.data.viewerEvents).toMatchObject({
      name: 'loyaltyProgress',
      progress: 0.5,
      progressPercent: 50,
      newDiamond: true,
      newChest: false,
      loyalty: { id: toGlobalId('Loyalty', p.userId) },
    });
    const bronze = loyalty.data.viewerEvents.loyalty.tiers.find((t: any) => t.tier === 'BRONZE');
    expect(bronze.diamonds).toBe(2);

    const wallet = await p.op.next(event('WalletEvent'));
    expect(wallet.data.viewerEvents.wallet.id).toBe(toGlobalId('Wallet', p.userId));
    // The refetched wallet is the backend's own balance after the spin.
    const direct = await stack.gql(`{ viewer { wallet { money { cents } } } }`, {}, { token: p.token });
    expect(wallet.data.viewerEvents.wallet.money.cents).toBe(direct.data.viewer.wallet.money.cents);

    p.op.stop();
  });

  it('delivers a new notification with its global id and the new unread count', async () => {
    const p = await watchingPlayer(stack, 'Notified Nandi');
    const before = await stack.gql(`{ viewer { notifications { unreadCount } } }`, {}, { token: p.token });
    const unread = before.data.viewer.notifications.unreadCount as number;

    const { notification } = await notify(stack, p.token, 'Your free spins are ready');
    const got = await p.op.next(event('NotificationEvent'));
    expect(got.data.viewerEvents).toEqual({
      __typename: 'NotificationEvent',
      name: 'notification',
      unreadCount: unread + 1,
      notification: {
        id: toGlobalId('Notification', notification.id),
        subject: 'Your free spins are ready',
        type: 'CREATED_BY_USER',
        read: false,
      },
    });
    await notify(stack, p.token, 'And another');
    expect((await p.op.next(event('NotificationEvent'))).data.viewerEvents.unreadCount).toBe(unread + 2);
    p.op.stop();
  });

  it('passes on an event it has no type for, with its data', async () => {
    const p = await watchingPlayer(stack, 'Generic Gugu');
    await sandboxPost(stack, '/sandbox/publish', {
      channel: userChannel(p.userId),
      event: 'cashDropAnnounced',
      data: { amount: '50.00', at: '2026-11-27T18:00:00Z' },
    });
    const got = await p.op.next(event('GenericViewerEvent'));
    expect(got.data.viewerEvents).toEqual({
      __typename: 'GenericViewerEvent',
      name: 'cashDropAnnounced',
      data: { amount: '50.00', at: '2026-11-27T18:00:00Z' },
    });
    p.op.stop();
  });

  it('shares one upstream subscription between the sockets of one player, and ends it with the last', async () => {
    const p = await watchingPlayer(stack, 'Two Tabs Thabo');
    const second = subscribe(liveClient(stack, p.token), VIEWER_EVENTS);
    const third = subscribe(p.client, VIEWER_EVENTS); // a second operation on the first socket
    await until(() => stack.gateway.realtime.stats().subscribers === 3, 'three subscribers');
    expect(stack.sandbox.pusher.subscriberCount(userChannel(p.userId))).toBe(1);

    await notify(stack, p.token, 'To every tab');
    for (const op of [p.op, second, third]) {
      expect((await op.next(event('NotificationEvent'))).data.viewerEvents.notification.subject).toBe(
        'To every tab',
      );
    }

    p.op.stop();
    third.stop();
    await new Promise((r) => setTimeout(r, 100));
    expect(stack.sandbox.pusher.subscriberCount(userChannel(p.userId))).toBe(1);
    second.stop();
    await until(() => stack.sandbox.pusher.subscriberCount(userChannel(p.userId)) === 0, 'the unsubscribe');
  });

  it('with catchUp, starts with a snapshot once the channel is live, for a first and a later socket alike', async () => {
    const player = await signUp(stack, 'Caught-up Carmen');
    const userId = player.viewer.account.userId as number;
    await credit(stack, player.token, '42.00');
    const catchUp = VIEWER_EVENTS.replace('viewerEvents {', 'viewerEvents(catchUp: true) {');

    const first = subscribe(liveClient(stack, player.token), catchUp);
    const snapshot = await first.next(event('ViewerSnapshotEvent'));
    expect(snapshot.data.viewerEvents.viewer.wallet.money.cents).toBe(4200);
    // The snapshot came once the channel was live: what is published next arrives too.
    expect(stack.sandbox.pusher.subscriberCount(userChannel(userId))).toBe(1);
    await notify(stack, player.token, 'Right after the snapshot');
    expect((await first.next(event('NotificationEvent'))).data.viewerEvents.notification.subject).toBe(
      'Right after the snapshot',
    );

    // A second tab joins the live channel already made, and is caught up all the same.
    const second = subscribe(liveClient(stack, player.token), catchUp);
    expect(
      (await second.next(event('ViewerSnapshotEvent'))).data.viewerEvents.viewer.wallet.money.cents,
    ).toBe(4200);
    first.stop();
    second.stop();
  });

  it('never shows one player another player’s events', async () => {
    const a = await watchingPlayer(stack, 'Private Palesa');
    const b = await watchingPlayer(stack, 'Curious Kagiso');
    await notify(stack, a.token, 'Only for Palesa');
    await a.op.next(event('NotificationEvent'));
    await notify(stack, b.token, 'Only for Kagiso');
    const mine = await b.op.next(event('NotificationEvent'));
    expect(mine.data.viewerEvents.notification.subject).toBe('Only for Kagiso');
    expect(b.op.results.map((r) => r.data?.viewerEvents?.notification?.subject)).not.toContain(
      'Only for Palesa',
    );

    // The casino itself refuses B's session for A's channel, whoever asks.
    const refused = await fetch(`${stack.sandbox.url}/broadcasting/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
      body: JSON.stringify({ socket_id: '123.456', channel_name: userChannel(a.userId) }),
    });
    expect(refused.status).toBe(403);
    a.op.stop();
    b.op.stop();
  });

  it('refuses a guest, and a malformed authorization closes the socket', async () => {
    const guest = subscribe(liveClient(stack), VIEWER_EVENTS);
    const first = await guest.next();
    expect(first.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    await guest.ended;

    const forged = subscribe(
      liveClient(stack, null, { params: { authorization: 'Basic abc' } }),
      VIEWER_EVENTS,
    );
    const { errors } = await forged.ended;
    expect(errors).toMatchObject({ code: 4403 });

    const badToken = subscribe(liveClient(stack, 'not-a-real-token'), VIEWER_EVENTS);
    expect((await badToken.next()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('ends the subscription with UNAUTHENTICATED when the player signs out through the gateway', async () => {
    const p = await watchingPlayer(stack, 'Leaving Lerato');
    const signOut = await stack.gql(`mutation { signOut { success } }`, {}, { token: p.token });
    expect(signOut.data.signOut.success).toBe(true);
    const last = await p.op.next((r) => Boolean(r.errors), 2000);
    expect(last.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await p.op.ended).toEqual({});
    await until(() => stack.sandbox.pusher.subscriberCount(userChannel(p.userId)) === 0, 'the unsubscribe');
  });

  it('ends the subscription when the session is revoked at the casino (found at the next check)', async () => {
    const p = await watchingPlayer(stack, 'Revoked Refilwe');
    await sandboxPost(stack, '/api/logout', {}, p.token);
    const last = await p.op.next((r) => Boolean(r.errors), 3000);
    expect(last.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    await p.op.ended;
  });

  it('delivers over server-sent events too, with the Authorization header', async () => {
    const p = await signUp(stack, 'Streaming Sizwe');
    const userId = p.viewer.account.userId as number;
    const controller = new AbortController();
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        authorization: `Bearer ${p.token}`,
      },
      body: JSON.stringify({ query: VIEWER_EVENTS }),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await until(
      () => stack.sandbox.pusher.subscriberCount(userChannel(userId)) === 1,
      'the upstream subscription',
    );
    await notify(stack, p.token, 'Over SSE');
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('Over SSE')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    const line = text.split('\n').find((l) => l.startsWith('data:') && l.includes('Over SSE'))!;
    expect(JSON.parse(line.slice(5)).data.viewerEvents).toMatchObject({
      __typename: 'NotificationEvent',
      notification: { subject: 'Over SSE' },
    });
    controller.abort();
    await until(() => stack.sandbox.pusher.subscriberCount(userChannel(userId)) === 0, 'the unsubscribe');
  });
});

describe('a session the casino ends, heard at once', () => {
  let stack: Stack;
  // The periodic check is an hour away: only the casino's own word can end the subscription in time.
  beforeAll(async () => {
    stack = await startStack({ gateway: { sessionCheckMs: 3_600_000 } });
  });
  afterAll(() => stack.close());

  it("ends the subscription within a second, with the casino's reason, when the casino ends the session", async () => {
    const p = await watchingPlayer(stack, 'Elsewhere Errol');
    await sandboxPost(stack, '/sandbox/endSession', { reason: 'signed_in_elsewhere' }, p.token);
    const last = await p.op.next((r) => Boolean(r.errors), 1000);
    expect(last.errors[0].extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      reason: 'signed_in_elsewhere',
    });
    await p.op.ended;
  });

  it("leaves the player's other sessions alone", async () => {
    const p = await watchingPlayer(stack, 'Two Tabs Thabo');
    const login = await stack.gql(`mutation($input: LoginInput!) { login(input: $input) { token } }`, {
      input: { email: p.email, password: p.password },
    });
    const other = login.data.login.token as string;
    const second = subscribe(liveClient(stack, other), VIEWER_EVENTS);
    await until(() => stack.gateway.realtime.stats().subscribers === 2, 'two subscribers');
    await sandboxPost(stack, '/sandbox/endSession', { reason: 'expired' }, p.token);
    const last = await p.op.next((r) => Boolean(r.errors), 1000);
    expect(last.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'expired' });
    // The other session still hears the player's events.
    await notify(stack, other, 'Still here');
    const still = await second.next((r) => r.data?.viewerEvents?.__typename === 'NotificationEvent', 2000);
    expect(still.data.viewerEvents.notification.subject).toBe('Still here');
  });
});

describe('Subscription.tournamentUpdated', () => {
  let stack: Stack;
  beforeAll(async () => {
    // Long enough for a burst of publishes sent together to land in one window on a loaded machine.
    stack = await startStack({ tournamentCoalesceMs: 300 });
  });
  afterAll(() => stack.close());

  it('pushes the new leaderboard after a spin, personal to each watcher, guests included', async () => {
    const p = await signUp(stack, 'Racing Refilwe');
    await credit(stack, p.token, '100.00');
    const join = await stack.gql(
      `mutation($id: ID!) { joinTournament(input: { tournamentId: $id }) { tournament { joined } } }`,
      { id: toGlobalId('Tournament', 1) },
      { token: p.token },
    );
    expect(join.data.joinTournament.tournament.joined).toBe(true);

    const player = subscribe(liveClient(stack, p.token), TOURNAMENT_UPDATED, {
      id: toGlobalId('Tournament', 1),
    });
    const guest = subscribe(liveClient(stack), TOURNAMENT_UPDATED, { id: toGlobalId('Tournament', 1) });
    await until(() => stack.gateway.realtime.stats().subscribers === 2, 'two subscribers');
    // Both share one upstream subscription, which the casino confirms a moment after the second subscriber arrives.
    await until(
      () => stack.sandbox.pusher.subscriberCount('tournament.1') === 1,
      'one upstream subscription',
    );

    await spin(stack, p.token, 20);
    const mine = (await player.next()).data.tournamentUpdated;
    expect(mine).toMatchObject({
      id: toGlobalId('Tournament', 1),
      joined: true,
      // Leaderboards show the public name: the first name and the last name's initial.
      myEntry: { name: 'Racing R.', points: 20, isViewer: true },
    });
    expect(board(mine).filter((e: any) => e.isViewer)).toEqual([
      { name: 'Racing R.', points: 20, isViewer: true },
    ]);
    expect(board(mine)).toHaveLength(mine.usersCount);
    expect(mine.leaderboard.totalCount).toBe(mine.usersCount);

    const theirs = (await guest.next()).data.tournamentUpdated;
    expect(theirs.joined).toBe(false);
    expect(theirs.myEntry).toBeNull();
    expect(board(theirs)).toContainEqual({ name: 'Racing R.', points: 20, isViewer: false });

    player.stop();
    guest.stop();
    await until(() => stack.sandbox.pusher.subscriberCount('tournament.1') === 0, 'the unsubscribe');
  });

  it('makes one refetch of a burst of refresh flags', async () => {
    const watcher = subscribe(liveClient(stack), TOURNAMENT_UPDATED, { id: toGlobalId('Tournament', 2) });
    await until(
      () => stack.sandbox.pusher.subscriberCount('tournament.2') === 1,
      'the upstream subscription',
    );
    await Promise.all(
      Array.from({ length: 8 }, () =>
        sandboxPost(stack, '/sandbox/publish', {
          channel: 'tournament.2',
          event: 'tournamentUpdated',
          data: { refresh: true },
        }),
      ),
    );
    await watcher.next();
    await new Promise((r) => setTimeout(r, 800));
    expect(watcher.results).toHaveLength(1);
    // Events without the refresh flag are not refreshes.
    await sandboxPost(stack, '/sandbox/publish', {
      channel: 'tournament.2',
      event: 'tournamentUpdated',
      data: {},
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(watcher.results).toHaveLength(1);
    watcher.stop();
  });

  it('returns NOT_FOUND for an unknown tournament and BAD_USER_INPUT for an id of another type', async () => {
    const client = liveClient(stack);
    const unknown = subscribe(client, TOURNAMENT_UPDATED, { id: toGlobalId('Tournament', 999) });
    expect((await unknown.next()).errors[0].extensions.code).toBe('NOT_FOUND');
    const wrong = subscribe(client, TOURNAMENT_UPDATED, { id: toGlobalId('Game', 1) });
    expect((await wrong.next()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('the WebSocket endpoint', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { allowedOrigins: ['http://localhost:5173'] } });
  });
  afterAll(() => stack.close());

  /** The upgrade's HTTP status for a page of this origin. */
  const upgrade = (origin?: string) =>
    new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(
        `${stack.gateway.url.replace(/^http/, 'ws')}/graphql`,
        'graphql-transport-ws',
        {
          ...(origin ? { origin } : {}),
        },
      );
      ws.on('open', () => {
        ws.close();
        resolve(101);
      });
      ws.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        ws.terminate();
      });
      ws.on('error', (err) => (err.message.includes('Unexpected server response') ? undefined : reject(err)));
    });

  it('lets the allowed origins, the gateway’s own pages and non-browser clients in, and no other origin', async () => {
    expect(await upgrade('http://localhost:5173')).toBe(101);
    expect(await upgrade(stack.gateway.url)).toBe(101);
    expect(await upgrade()).toBe(101);
    expect(await upgrade('https://evil.example')).toBe(403);
  });

  it('applies the same query limits as HTTP', async () => {
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: id`).join(' ');
    const http = await stack.gql(`{ viewer { ${aliases} } }`);
    expect(http.errors![0].message).toBe('Aliases limit of 30 exceeded, found 40.');
    expect(http.errors![0].extensions.code).toBe('QUERY_LIMIT_EXCEEDED');

    const client = liveClient(stack);
    const op = subscribe(
      client,
      `subscription { viewerEvents { ... on ViewerSnapshotEvent { viewer { ${aliases} } } } }`,
    );
    expect((await op.ended).errors[0].message).toBe(http.errors![0].message);

    // The token limit applies at parse time, on both paths.
    const long = `{ ${'a '.repeat(6000)}}`;
    const httpLong = await stack.gql(long);
    expect(httpLong.errors![0].message).toMatch(/token limit/i);
    const wsLong = subscribe(client, `subscription ${long}`);
    expect((await wsLong.ended).errors[0].message).toBe(httpLong.errors![0].message);
  });
});

describe('when the casino restarts', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ gateway: { sessionCheckMs: 60_000 }, tournamentCoalesceMs: 20 });
  });
  afterAll(() => stack.close());

  it('keeps subscribers connected, sends each a fresh snapshot, and events resume', async () => {
    const p = await watchingPlayer(stack, 'Patient Pule');
    const tournament = subscribe(liveClient(stack), TOURNAMENT_UPDATED, { id: toGlobalId('Tournament', 1) });
    await until(
      () => stack.sandbox.pusher.subscriberCount('tournament.1') === 1,
      'the tournament subscription',
    );
    const connections = stack.gateway.realtime.stats().connections;

    await stack.restartSandbox(1500);
    await until(() => stack.gateway.realtime.stats().connections > connections, 'the reconnect', 15_000);

    const snapshot = await p.op.next(event('ViewerSnapshotEvent'), 5000);
    expect(snapshot.data.viewerEvents).toMatchObject({
      name: 'snapshot',
      viewer: { id: toGlobalId('Viewer', p.userId), wallet: { money: { cents: 0 } } },
    });
    expect((await tournament.next()).data.tournamentUpdated.tournamentId).toBe(1);

    await notify(stack, p.token, 'After the restart');
    const after = await p.op.next(event('NotificationEvent'));
    expect(after.data.viewerEvents.notification.subject).toBe('After the restart');
    expect(stack.sandbox.pusher.subscriberCount(userChannel(p.userId))).toBe(1);
    p.op.stop();
    tournament.stop();
  }, 30_000);
});
