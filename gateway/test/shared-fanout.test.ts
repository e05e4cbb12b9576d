import type { ExecutionResult } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, SharedFanout } from '../src/realtime/shared-fanout.js';
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
 * Shared fan-out: watchers of one public subscription with the same document and variables share one execution per
 * event (realtime/share-subscriptions.ts, realtime/shared-fanout.ts); anything personal is executed per subscriber.
 */

/** What a guest's tournament page asks: nothing in it depends on the session. */
const PUBLIC_BOARD = `subscription($id: ID!) {
  tournamentUpdated(id: $id) { id tournamentId usersCount stage leaderboard(first: 10) { edges { node { name points } } } }
}`;
/** The same with the watcher's own entry: personal. */
const MY_BOARD = `subscription($id: ID!) {
  tournamentUpdated(id: $id) { id usersCount joined myEntry { name points isViewer } }
}`;
const VIEWER_EVENTS = `subscription {
  viewerEvents { __typename name ... on NotificationEvent { unreadCount notification { subject } } }
}`;

const refresh = (stack: Stack, id: number) =>
  sandboxPost(stack, '/sandbox/publish', {
    channel: `tournament.${id}`,
    event: 'tournamentUpdated',
    data: { refresh: true },
  });

describe('shared tournament subscriptions', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ tournamentCoalesceMs: 20, gateway: { sessionCheckMs: 300 } });
  });
  afterAll(() => stack.close());

  it('executes once per event for every guest watching with the same document and variables', async () => {
    const id = toGlobalId('Tournament', 1);
    const watchers = Array.from({ length: 6 }, () => subscribe(liveClient(stack), PUBLIC_BOARD, { id }));
    // Another tournament, and the same tournament with another document: groups of their own.
    const other = subscribe(liveClient(stack), PUBLIC_BOARD, { id: toGlobalId('Tournament', 2) });
    const personal = subscribe(liveClient(stack), MY_BOARD, { id });
    await until(() => stack.gateway.realtime.stats().shared.members === 8, 'eight shared members');
    expect(stack.gateway.realtime.stats().shared.groups).toBe(3);
    await until(
      () => stack.sandbox.pusher.subscriberCount('tournament.1') === 1,
      'one upstream subscription',
    );

    const before = stack.gateway.realtime.stats().shared;
    await refresh(stack, 1);
    const results = await Promise.all(watchers.map((w) => w.next()));
    await personal.next();
    const after = stack.gateway.realtime.stats().shared;
    // One execution for the six watchers, one for the guest with the other document; six plus one deliveries.
    expect(after.executions - before.executions).toBe(2);
    expect(after.deliveries - before.deliveries).toBe(7);
    expect(results[0].errors).toBeUndefined();
    expect(results[0].data.tournamentUpdated).toMatchObject({ id, tournamentId: 1 });
    for (const r of results) expect(r).toEqual(results[0]);
    expect(other.results).toHaveLength(0);

    // A watcher leaving changes nothing for the others; the last one leaving ends the upstream subscription.
    watchers[0]!.stop();
    await until(() => stack.gateway.realtime.stats().shared.members === 7, 'one left');
    await refresh(stack, 1);
    await Promise.all(watchers.slice(1).map((w) => w.next()));
    for (const w of watchers.slice(1)) w.stop();
    personal.stop();
    await until(() => stack.sandbox.pusher.subscriberCount('tournament.1') === 0, 'the unsubscribe');
    other.stop();
    await until(() => stack.gateway.realtime.stats().shared.groups === 0, 'no group left');
    // The unsubscribe travels to the casino over its socket: it arrives a moment after the group is gone.
    await until(() => stack.sandbox.pusher.subscriberCount('tournament.2') === 0, 'the other unsubscribe');
  });

  it('lets go of members whose sockets close, and of the channel with the last', async () => {
    const id = toGlobalId('Tournament', 4);
    const clients = [liveClient(stack), liveClient(stack), liveClient(stack)];
    clients.map((client) => subscribe(client, PUBLIC_BOARD, { id }));
    await until(() => stack.gateway.realtime.stats().shared.members === 3, 'three members');
    await until(
      () => stack.sandbox.pusher.subscriberCount('tournament.4') === 1,
      'the upstream subscription',
    );
    await clients[0]!.dispose();
    await until(() => stack.gateway.realtime.stats().shared.members === 2, 'two members');
    await Promise.all(clients.slice(1).map((client) => client.dispose()));
    await until(() => stack.gateway.realtime.stats().shared.groups === 0, 'no group left');
    await until(() => stack.sandbox.pusher.subscriberCount('tournament.4') === 0, 'the unsubscribe');
  });

  it('executes a personal selection per player: each sees their own entry', async () => {
    const id = toGlobalId('Tournament', 1);
    const players = await Promise.all(['Sipho Sharing', 'Sanele Sharing'].map((name) => signUp(stack, name)));
    for (const p of players) {
      await credit(stack, p.token, '50.00');
      const join = await stack.gql(
        `mutation($id: ID!) { joinTournament(input: { tournamentId: $id }) { tournament { joined } } }`,
        { id },
        { token: p.token },
      );
      expect(join.data.joinTournament.tournament.joined).toBe(true);
    }
    const ops = players.map((p) => subscribe(liveClient(stack, p.token), MY_BOARD, { id }));
    const guest = subscribe(liveClient(stack), MY_BOARD, { id });
    await until(() => stack.gateway.realtime.stats().subscribers === 3, 'two players and one guest group');
    expect(stack.gateway.realtime.stats().shared.members).toBe(1);

    await refresh(stack, 1);
    const [first, second] = await Promise.all(ops.map((op) => op.next()));
    // Public names: the first name and the last name's initial.
    expect(first.data.tournamentUpdated.myEntry).toMatchObject({ name: 'Sipho S.', isViewer: true });
    expect(second.data.tournamentUpdated.myEntry).toMatchObject({ name: 'Sanele S.', isViewer: true });
    expect((await guest.next()).data.tournamentUpdated).toMatchObject({ joined: false, myEntry: null });
    for (const op of [...ops, guest]) op.stop();
    await until(() => stack.sandbox.pusher.subscriberCount('tournament.1') === 0, 'the unsubscribe');
  });

  it('shares a public selection with a signed-in watcher, whose stream still ends with its session', async () => {
    const id = toGlobalId('Tournament', 3);
    const p = await signUp(stack, 'Leaving Lwazi');
    const guest = subscribe(liveClient(stack), PUBLIC_BOARD, { id });
    const player = subscribe(liveClient(stack, p.token), PUBLIC_BOARD, { id });
    const refused = subscribe(liveClient(stack, 'not-a-real-token'), PUBLIC_BOARD, { id });
    expect((await refused.next()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    await until(() => stack.gateway.realtime.stats().shared.members === 2, 'a guest and a player sharing');
    expect(stack.gateway.realtime.stats().shared.groups).toBe(1);

    await refresh(stack, 3);
    const [a, b] = await Promise.all([guest.next(), player.next()]);
    expect(b).toEqual(a);

    const signOut = await stack.gql(`mutation { signOut { success } }`, {}, { token: p.token });
    expect(signOut.data.signOut.success).toBe(true);
    const last = await player.next((r) => Boolean(r.errors), 2000);
    expect(last.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await player.ended).toEqual({});
    expect(stack.gateway.realtime.stats().shared.members).toBe(1);

    await refresh(stack, 3);
    await guest.next();
    guest.stop();
    await until(() => stack.sandbox.pusher.subscriberCount('tournament.3') === 0, 'the unsubscribe');
  });

  it('shares over server-sent events too', async () => {
    const id = toGlobalId('Tournament', 1);
    const controllers = [new AbortController(), new AbortController()];
    const bodies = await Promise.all(
      controllers.map(async (controller) => {
        const res = await fetch(`${stack.gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ query: PUBLIC_BOARD, variables: { id } }),
          signal: controller.signal,
        });
        expect(res.headers.get('content-type')).toContain('text/event-stream');
        return res.body!.getReader();
      }),
    );
    const ws = subscribe(liveClient(stack), PUBLIC_BOARD, { id });
    await until(
      () => stack.gateway.realtime.stats().shared.members === 3,
      'two SSE and one graphql-ws member',
    );
    expect(stack.gateway.realtime.stats().shared.groups).toBe(1);
    await refresh(stack, 1);
    const fromWs = await ws.next();
    for (const reader of bodies) {
      let text = '';
      while (!text.includes('tournamentUpdated')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      const line = text.split('\n').find((l) => l.startsWith('data:') && l.includes('tournamentUpdated'))!;
      expect(JSON.parse(line.slice(5))).toEqual(fromWs);
    }
    for (const c of controllers) c.abort();
    ws.stop();
    await until(() => stack.gateway.realtime.stats().shared.groups === 0, 'no group left');
    await until(() => stack.sandbox.pusher.subscriberCount('tournament.1') === 0, 'the unsubscribe');
  });
});

describe('viewerEvents, never shared', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it("delivers each player's events to that player only, with the same document", async () => {
    const players = await Promise.all(
      ['Private Palesa', 'Private Pieter'].map((name) => signUp(stack, name)),
    );
    const ops = players.map((p) => subscribe(liveClient(stack, p.token), VIEWER_EVENTS));
    for (const p of players) {
      const channel = `private-user.${p.viewer.account.userId}`;
      await until(() => stack.sandbox.pusher.subscriberCount(channel) === 1, 'the upstream subscription');
    }
    expect(stack.gateway.realtime.stats().shared.members).toBe(0);

    await sandboxPost(stack, '/sandbox/notifications', { subject: 'For Palesa' }, players[0]!.token);
    await sandboxPost(stack, '/sandbox/notifications', { subject: 'For Pieter' }, players[1]!.token);
    const mine = await ops[0]!.next((r) => r.data?.viewerEvents?.__typename === 'NotificationEvent');
    const theirs = await ops[1]!.next((r) => r.data?.viewerEvents?.__typename === 'NotificationEvent');
    expect(mine.data.viewerEvents.notification.subject).toBe('For Palesa');
    expect(theirs.data.viewerEvents.notification.subject).toBe('For Pieter');
    await new Promise((r) => setTimeout(r, 200));
    const subjects = (op: (typeof ops)[number]) =>
      op.results.map((r) => r.data?.viewerEvents?.notification?.subject).filter(Boolean);
    expect(subjects(ops[0]!)).toEqual(['For Palesa']);
    expect(subjects(ops[1]!)).toEqual(['For Pieter']);
    for (const op of ops) op.stop();
  });
});

describe('SharedFanout', () => {
  /** A stream whose results the test pushes, and whether it was returned. */
  function source() {
    const pending: ((step: IteratorResult<ExecutionResult>) => void)[] = [];
    const state = { returned: false, started: 0 };
    const iterator: AsyncIterableIterator<ExecutionResult> = {
      [Symbol.asyncIterator]() {
        return this;
      },
      next: () => new Promise((resolve) => pending.push(resolve)),
      return: async () => {
        state.returned = true;
        for (const resolve of pending.splice(0)) resolve({ done: true, value: undefined });
        return { done: true, value: undefined };
      },
    };
    const emit = (result: ExecutionResult) => pending.shift()?.({ done: false, value: result });
    const start = () => {
      state.started += 1;
      return iterator;
    };
    return { state, emit, start };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('starts one stream for concurrent joins, hands each result to every member, and ends it with the last', async () => {
    const fanout = new SharedFanout({ maxQueued: 3 });
    const s = source();
    const members = (await Promise.all([1, 2, 3].map(() => fanout.join('k', s.start)))) as Member[];
    expect(s.state.started).toBe(1);
    expect(fanout.stats()).toMatchObject({ groups: 1, members: 3 });
    await tick();
    const result = { data: { n: 1 } };
    s.emit(result);
    for (const m of members) expect((await m.next()).value).toBe(result);
    expect(fanout.stats()).toMatchObject({ executions: 1, deliveries: 3 });

    await members[0]!.return();
    await members[1]!.return();
    expect(s.state.returned).toBe(false);
    await members[2]!.return();
    expect(s.state.returned).toBe(true);
    expect(fanout.stats()).toMatchObject({ groups: 0, members: 0 });
  });

  it('cuts off a member too far behind, and only that one', async () => {
    const fanout = new SharedFanout({ maxQueued: 3 });
    const s = source();
    const [slow, fast] = (await Promise.all([
      fanout.join('k', s.start),
      fanout.join('k', s.start),
    ])) as Member[];
    for (let n = 1; n <= 5; n += 1) {
      await tick();
      s.emit({ data: { n } });
      await tick();
      expect((await fast!.next()).value).toEqual({ data: { n } });
    }
    await expect(slow!.next()).rejects.toThrow(/too far behind/);
    expect(fanout.stats().members).toBe(1);
    expect(s.state.returned).toBe(false);
    await fast!.return();
    expect(s.state.returned).toBe(true);
  });

  it("writes each result through a member's sink at once, and cuts the member off when its sink refuses", async () => {
    const fanout = new SharedFanout({ maxQueued: 3 });
    const s = source();
    const [a, b] = (await Promise.all([fanout.join('k', s.start), fanout.join('k', s.start)])) as Member[];
    const written: unknown[] = [];
    a!.deliverTo((result) => (written.push(result), true));
    b!.deliverTo(() => false);
    const ending = a!.next();
    await tick();
    s.emit({ data: { n: 1 } });
    await tick();
    expect(written).toEqual([{ data: { n: 1 } }]);
    await expect(b!.next()).rejects.toThrow(/too far behind/);
    expect(fanout.stats().members).toBe(1);
    await a!.return();
    expect(await ending).toEqual({ done: true, value: undefined });
    expect(s.state.returned).toBe(true);
  });

  it('gives every waiting member the result that refused the subscription', async () => {
    const fanout = new SharedFanout({ maxQueued: 3 });
    const refusal = { errors: [] };
    const results = await Promise.all([1, 2].map(() => fanout.join('k', async () => refusal)));
    expect(results).toEqual([refusal, refusal]);
    expect(fanout.stats().groups).toBe(0);
  });
});
