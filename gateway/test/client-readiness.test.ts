/**
 * What the web client and partner tools need from the schema, each in one round trip: lookups by what a URL
 * carries, the menus, the site's settings, the cashier's data, payloads that carry what they changed, the backend's
 * own messages where docs/rules.md#error-messages wants them, and clear refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDuration } from '../src/domain/time.js';
import { toGlobalId } from '../src/relay.js';
import { testIdentity } from '../../sandbox/test/identities.js';
import { credit, identity, sandboxPost, signUp, startStack, type Stack } from './harness.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const sandbox = (path: string, init: { method: string; body?: unknown; token?: string }) =>
  fetch(`${stack.sandbox.url}${path}`, {
    method: init.method,
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });

const calls = (res: { extensions?: any }) => res.extensions.upstreamCalls as string[];

describe('the catalogue', () => {
  it('finds a game by the numeric id of ?play= and by code, with its address and alias group', async () => {
    const some = await stack.gql(
      '{ games(first: 1, filter: { category: "live-roulette" }) { edges { node { gameId code } } } }',
    );
    const { gameId, code } = some.data.games.edges[0].node;
    const res = await stack.gql(
      `query($id: Int, $code: String) {
        byId: game(gameId: $id) { code url category categoryGroup }
        byCode: game(code: $code) { gameId }
      }`,
      { id: gameId, code },
    );
    expect(res.data.byId.code).toBe(code);
    expect(res.data.byId.url).toBe(`/game/${code}`);
    expect(res.data.byCode.gameId).toBe(gameId);
    if (res.data.byId.category === 'live-roulette') expect(res.data.byId.categoryGroup).toBe('roulette');
    const both = await stack.gql('{ game(code: "x", gameId: 1) { id } }');
    expect(both.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    expect(both.errors![0].message).toMatch(/exactly one of code, gameId/);
  });

  it('lists the categories with the aliases and subgroups for menus, and a provider by product', async () => {
    const res = await stack.gql(`{
      gameCategories { slug name isAlias categories gamesCount }
      gameSubGroups { id name gamesCount }
      gameProviders { product shortname }
    }`);
    const tableGames = res.data.gameCategories.find((c: any) => c.slug === 'table-games');
    expect(tableGames).toMatchObject({ name: 'Table Games', isAlias: true });
    expect(tableGames.categories).toEqual(['baccarat', 'blackjack', 'poker', 'roulette', 'sic']);
    const slots = res.data.gameCategories.find((c: any) => c.slug === 'slots');
    const counted = await stack.gql('{ games(first: 0, filter: { category: "slots" }) { totalCount } }');
    expect(slots.gamesCount).toBe(counted.data.games.totalCount);
    expect(res.data.gameSubGroups.find((s: any) => s.id === 'top').gamesCount).toBeGreaterThan(0);
    const { product, shortname } = res.data.gameProviders[0];
    const one = await stack.gql('query($p: String!) { gameProvider(product: $p) { shortname } }', {
      p: product,
    });
    expect(one.data.gameProvider.shortname).toBe(shortname);
    const none = await stack.gql('{ gameProvider(product: "no-such-provider") { shortname } }');
    expect(none.data.gameProvider).toBeNull();
  });

  it('responds to an unknown category, subgroup or provider with BAD_USER_INPUT naming where the known ones are', async () => {
    for (const [filter, where] of [
      ['{ category: "slotz" }', 'gameCategories'],
      ['{ subgroup: "nope" }', 'gameSubGroups'],
      ['{ provider: "nope" }', 'gameProviders'],
      ['{ providers: ["nope"] }', 'gameProviders'],
    ]) {
      const res = await stack.gql(`{ games(filter: ${filter}) { totalCount } }`);
      expect(res.errors![0].extensions.code, filter).toBe('BAD_USER_INPUT');
      expect(res.errors![0].message).toContain(`Query.${where}`);
    }
  });

  it("keeps a home collection in the backend's order unless a sort is asked for", async () => {
    const groups = (await (await fetch(`${stack.sandbox.url}/api/games`)).json()) as any;
    const res = await stack.gql(`{
      backend: games(first: 10, filter: { collection: MOST_POPULAR }) { edges { node { gameId } } }
      sorted: games(first: 10, filter: { collection: MOST_POPULAR }, sort: ALPHA_ASC) { edges { node { name } } }
    }`);
    expect(res.data.backend.edges.map((e: any) => e.node.gameId)).toEqual(
      groups.mostPopular.slice(0, 10).map((g: any) => g.id),
    );
    const names = res.data.sorted.edges.map((e: any) => e.node.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('launches a game by code or by numeric id, and the payload brings the recent games', async () => {
    const { token } = await signUp(stack, 'Launcher');
    const game = (await stack.gql('{ games(first: 1) { edges { node { id gameId code } } } }')).data.games
      .edges[0].node;
    const res = await stack.gql(
      `mutation($code: String) {
        launchGame(input: { code: $code }) { url game { id } viewer { recentGames(first: 1) { edges { node { id } } } } }
      }`,
      { code: game.code },
      { token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.launchGame.game.id).toBe(game.id);
    expect(res.data.launchGame.viewer.recentGames.edges[0].node.id).toBe(game.id);
    const demo = await stack.gql(
      'mutation($n: Int) { launchGame(input: { backendGameId: $n, demo: true }) { url viewer { id } } }',
      { n: game.gameId },
    );
    expect(demo.data.launchGame.url).toMatch(/#demo=1$/);
    expect(demo.data.launchGame.viewer).toBeNull();
  });

  it("shows the backend's own message for a failed launch, but masks other 5xx bodies", async () => {
    const game = (
      await stack.gql('{ games(first: 1) { edges { node { code product provider { shortname } } } } }')
    ).data.games.edges[0].node;
    await sandbox(`/sandbox/providers/${game.product}/down`, { method: 'PUT', body: { down: true } });
    try {
      const res = await stack.gql(
        'mutation($c: String) { launchGame(input: { code: $c, demo: true }) { url } }',
        {
          c: game.code,
        },
      );
      expect(res.errors![0].extensions.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(res.errors![0].message).toBe(
        `${game.provider.shortname} games are temporarily unavailable. Please try another game.`,
      );
    } finally {
      await sandbox(`/sandbox/providers/${game.product}/down`, { method: 'PUT', body: { down: false } });
    }
    await sandbox('/sandbox/faults', {
      method: 'POST',
      body: { method: 'GET', path: '/api/tournaments', status: 500 },
    });
    try {
      const masked = await stack.gql('{ tournaments { totalCount } }');
      expect(masked.errors![0].message).toBe(
        'The casino is not responding right now. Please try again in a moment.',
      );
    } finally {
      await sandbox('/sandbox/faults', { method: 'DELETE' });
    }
  });

  it('toggles a favourite with a payload that updates the game, the edge and the favourites list', async () => {
    const { token } = await signUp(stack, 'Favourer');
    const game = (await stack.gql('{ games(first: 1) { edges { node { id } } } }')).data.games.edges[0].node;
    const toggle = `mutation($id: ID!) { toggleFavourite(input: { gameId: $id }) {
      isFavourite game { id isFavourite } favouriteEdge { cursor node { id } }
      viewer { favourites(first: 5) { totalCount edges { node { id } } } }
    } }`;
    const on = (await stack.gql(toggle, { id: game.id }, { token })).data.toggleFavourite;
    expect(on).toMatchObject({ isFavourite: true, game: { id: game.id, isFavourite: true } });
    expect(on.favouriteEdge.node.id).toBe(game.id);
    expect(on.viewer.favourites.edges.map((e: any) => e.node.id)).toEqual([game.id]);
    const off = (await stack.gql(toggle, { id: game.id }, { token })).data.toggleFavourite;
    expect(off).toMatchObject({ isFavourite: false, game: { isFavourite: false }, favouriteEdge: null });
    expect(off.viewer.favourites.totalCount).toBe(0);
  });
});

describe('signing in and out', () => {
  it('registers with the affiliate and tracking id the site kept, and the payload reads as the new player', async () => {
    const email = `aff${Date.now()}@example.test`;
    const res = await stack.gql(
      `mutation($input: RegisterInput!) { register(input: $input) {
        token viewer { account { email } onboardingSeen } query { viewer { account { email } } }
      } }`,
      {
        input: {
          name: 'Affiliate Player',
          email,
          password: 'correct-horse-9',
          ...identity(),
          affiliate: 'partner42',
          trackingId: 'cmp-7',
        },
      },
    );
    expect(res.errors).toBeUndefined();
    const { token, viewer, query } = res.data.register;
    expect(viewer.account.email).toBe(email);
    expect(query.viewer.account.email).toBe(email);
    expect(viewer.onboardingSeen).toBe(false);
    const account = (await (await sandbox('/api/account', { method: 'GET', token })).json()) as any;
    expect(account).toMatchObject({ affiliate: 'partner42', tracking_id: 'cmp-7' });
  });

  it("puts the backend's per-field validation messages in extensions.fields, named as the input's fields", async () => {
    const { email } = await signUp(stack, 'Taken');
    const res = await stack.gql('mutation($input: RegisterInput!) { register(input: $input) { token } }', {
      input: { name: 'Again', email, password: 'correct-horse-9', trackingId: '', ...identity() },
    });
    expect(res.errors![0].extensions.code).toBe('BAD_USER_INPUT');
    const fields = res.errors![0].extensions.fields;
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    expect(Object.keys(fields).every((f) => /^[a-z][A-Za-z]*$/.test(f))).toBe(true);
    const young = await stack.gql('mutation($input: RegisterInput!) { register(input: $input) { token } }', {
      input: {
        name: 'Young',
        email: `y${Date.now()}@example.test`,
        password: 'correct-horse-9',
        ...testIdentity('2015-01-01'),
      },
    });
    expect(young.errors![0].extensions.fields.dateOfBirth).toEqual(['You must be 18 or older to register.']);
  });

  it('signs out with a payload whose query reads as a guest', async () => {
    const { token } = await signUp(stack, 'Leaver');
    const res = await stack.gql(
      'mutation { signOut { success query { viewer { id } site { timeZone } } } }',
      {},
      { token },
    );
    expect(res.data.signOut).toEqual({
      success: true,
      query: { viewer: null, site: { timeZone: 'Africa/Johannesburg' } },
    });
  });

  it('records the onboarding as seen', async () => {
    const { token } = await signUp(stack, 'Newcomer');
    const res = await stack.gql(
      'mutation { completeOnboarding { viewer { onboardingSeen } } }',
      {},
      { token },
    );
    expect(res.data.completeOnboarding.viewer.onboardingSeen).toBe(true);
  });
});

describe('the cashier', () => {
  it('gives every payment flag, the Capitec page, the limits, and refuses amounts outside them first', async () => {
    const { token } = await signUp(stack, 'Cashier');
    const query = `{ viewer { wallet {
      paymentFlags { payment3 payment3Absa voucherUp capitec callpay callpayCard bitcoin }
      paymentMethods { gateway type provider name }
      capitec { enabled name method { gateway provider } }
      limits { depositMin { formatted } depositMax { amount } withdrawalMin { formatted } }
    } } }`;
    const before = (await stack.gql(query, {}, { token })).data.viewer.wallet;
    expect(before.paymentFlags.payment3Absa).toBe(false);
    expect(before.capitec).toEqual({
      enabled: true,
      name: 'Capitec ETF',
      method: { gateway: 'CAPITEC', provider: 'PAYPUMP' },
    });
    expect(before.limits.depositMin.formatted).toBe('R10.00');
    await sandbox('/sandbox/settings/payments', {
      method: 'PATCH',
      body: { is_payment3_absa_enabled: true },
    });
    try {
      const after = (await stack.gql(query, {}, { token })).data.viewer.wallet;
      expect(after.paymentFlags.payment3Absa).toBe(true);
      expect(after.paymentMethods).toContainEqual({
        gateway: 'PAYMENT3_ABSA',
        type: 'EFT',
        provider: 'PAYMENT3',
        name: 'Pay by bank (ABSA)',
      });
      const absa = await stack.gql(
        'mutation { deposit(input: { gateway: PAYMENT3_ABSA, amount: "100.00", idempotencyKey: "absa-1" }) { status provider depositStatus { id status } } }',
        {},
        { token },
      );
      expect(absa.data.deposit).toMatchObject({
        status: 'PENDING',
        provider: 'PAYMENT3',
        depositStatus: { status: 'PENDING' },
      });
    } finally {
      await sandbox('/sandbox/settings/payments', {
        method: 'PATCH',
        body: { is_payment3_absa_enabled: false },
      });
    }
    const small = await stack.gql(
      'mutation { deposit(input: { gateway: EFT, amount: "5.00", idempotencyKey: "small-1" }) { status } }',
      {},
      { token },
    );
    expect(small.errors![0]).toMatchObject({
      message: 'amount must be at least R10.00.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(calls(small)).not.toContain('POST /api/deposit');
  });

  it('refuses a withdrawal under the minimum before asking the backend', async () => {
    const { token } = await signUp(stack, 'Small Withdrawer');
    await credit(stack, token, '100.00');
    const res = await stack.gql(
      'mutation { withdraw(input: { amount: "20.00", idempotencyKey: "w-small" }) { withdrawalId } }',
      {},
      { token },
    );
    expect(res.errors![0]).toMatchObject({
      message: 'amount must be at least R50.00.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(calls(res)).not.toContain('POST /api/withdraw');
  });

  it("looks a deposit up with the return address's parameters, and by its id", async () => {
    const { token } = await signUp(stack, 'Returner');
    const d = (
      await stack.gql(
        'mutation { deposit(input: { gateway: EFT, amount: "150.00", idempotencyKey: "ret-1" }) { paymentId provider depositStatus { id } } }',
        {},
        { token },
      )
    ).data.deposit;
    const res = await stack.gql(
      `query($p: String!, $id: String!, $q: String, $node: ID!) {
        viewer { depositStatus(provider: $p, paymentId: $id, returnQuery: $q) { id status amount { amount } } }
        node(id: $node) { ... on DepositStatus { paymentId } }
      }`,
      {
        p: d.provider.toLowerCase(),
        id: d.paymentId,
        q: '?status=complete&reference=abc',
        node: d.depositStatus.id,
      },
      { token },
    );
    expect(res.data.viewer.depositStatus).toEqual({
      id: d.depositStatus.id,
      status: 'PENDING',
      amount: { amount: '150.00' },
    });
    expect(res.data.node.paymentId).toBe(d.paymentId);
    expect(calls(res)).toContain(
      `GET /api/wallet/depositStatus/callpay/${d.paymentId}?status=complete&reference=abc`,
    );
    const stranger = await signUp(stack, 'Stranger');
    const other = await stack.gql(
      'query($n: ID!) { node(id: $n) { id } }',
      { n: d.depositStatus.id },
      { token: stranger.token },
    );
    expect(other.data.node).toBeNull();
  });

  it('pages the transactions newest first with cursors', async () => {
    const { token } = await signUp(stack, 'Ledger');
    for (const amount of ['10.00', '20.00', '30.00']) await credit(stack, token, amount);
    const page = `query($after: String) { viewer { transactions(first: 2, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id type wallet amount { amount } balanceAfter { amount } } }
    } } }`;
    const first = (await stack.gql(page, {}, { token })).data.viewer.transactions;
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((e: any) => e.node.amount.amount)).toEqual(['30.00', '20.00']);
    expect(first.edges[0].node).toMatchObject({
      type: 'CREDIT',
      wallet: 'MONEY',
      balanceAfter: { amount: '60.00' },
    });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await stack.gql(page, { after: first.pageInfo.endCursor }, { token })).data.viewer
      .transactions;
    expect(second.edges.map((e: any) => e.node.amount.amount)).toEqual(['10.00']);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it("names a bet's and a win's game, and no game for other movements", async () => {
    const { token } = await signUp(stack, 'Spinner');
    await credit(stack, token, '50.00');
    await sandboxPost(stack, '/sandbox/spin', { gameCode: 'netent-premier-roulette', stake: '5.00' }, token);
    const res = await stack.gql(
      '{ viewer { transactions(first: 5) { edges { node { type game { code name } } } } } }',
      {},
      { token },
    );
    expect(res.errors).toBeUndefined();
    const nodes = res.data.viewer.transactions.edges.map((e: any) => e.node);
    const game = { code: 'netent-premier-roulette', name: expect.any(String) };
    const spins = nodes.filter((n: any) => n.type === 'BET' || n.type === 'WIN');
    expect(spins.map((n: any) => n.type)).toContain('BET');
    for (const n of spins) expect(n.game).toEqual(game);
    expect(nodes.find((n: any) => n.type === 'CREDIT').game).toBeNull();
  });

  it('redeems a coupon whose wagering and wallets come with it, and opts out with the wagering in the payload', async () => {
    const { token } = await signUp(stack, 'Couponer');
    const res = await stack.gql(
      `mutation { redeemCoupon(input: { code: "WELCOME100" }) { coupon { id code activeWagering wagering { active wallets { gateway balance { amount } } } } } }`,
      {},
      { token },
    );
    expect(res.errors).toBeUndefined();
    const coupon = res.data.redeemCoupon.coupon;
    expect(coupon.activeWagering).toBe(true);
    expect(coupon.wagering.active).toBe(true);
    expect(coupon.wagering.wallets.map((w: any) => w.gateway)).toEqual(['callpay', 'bonus']);
    const other = await signUp(stack, 'Couponer Two');
    const theirs = await stack.gql(
      'mutation { redeemCoupon(input: { code: "WELCOME100" }) { coupon { id } } }',
      {},
      { token: other.token },
    );
    // The same code redeemed by two players is two objects to a client's store.
    expect(theirs.data.redeemCoupon.coupon.id).not.toBe(coupon.id);
    const out = await stack.gql(
      'mutation { optOutCoupon { message activeCoupon { id } wagering { active } } }',
      {},
      { token },
    );
    expect(out.data.optOutCoupon).toEqual({
      message: 'You successfully opted out of the bonus.',
      activeCoupon: null,
      wagering: { active: false },
    });
  });
});

describe('notifications and tournaments', () => {
  it('marks notifications read with the new unread count on the viewer', async () => {
    const { token } = await signUp(stack, 'Reader');
    const before = await stack.gql('{ viewer { id notifications { unreadCount } } }', {}, { token });
    expect(before.data.viewer.notifications.unreadCount).toBeGreaterThan(0);
    const res = await stack.gql(
      'mutation { markNotificationsRead { viewer { id notifications { unreadCount } } } }',
      {},
      { token },
    );
    expect(res.data.markNotificationsRead.viewer).toEqual({
      id: before.data.viewer.id,
      notifications: { unreadCount: 0 },
    });
  });

  it('filters tournaments by stage and pages a leaderboard with cursors', async () => {
    const res = await stack.gql(`{
      running: tournaments(stages: [RUNNING, LATE_REGISTRATION]) { totalCount edges { node { stage } } }
      all: tournaments(first: 100) { totalCount edges { node { tournamentId usersCount completesIn completesInSeconds } } }
    }`);
    expect(res.data.running.totalCount).toBeGreaterThan(0);
    for (const e of res.data.running.edges) expect(['RUNNING', 'LATE_REGISTRATION']).toContain(e.node.stage);
    expect(res.data.running.totalCount).toBeLessThan(res.data.all.totalCount);
    const busy = res.data.all.edges.map((e: any) => e.node).find((t: any) => t.usersCount > 3);
    expect(busy.completesIn).toBe(formatDuration(busy.completesInSeconds));
    const board = `query($id: ID!, $after: String) { tournament(id: $id) { leaderboard(first: 2, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id position } }
    } } }`;
    const id = toGlobalId('Tournament', busy.tournamentId);
    const one = (await stack.gql(board, { id })).data.tournament.leaderboard;
    expect(one.totalCount).toBe(busy.usersCount);
    expect(one.edges.map((e: any) => e.node.position)).toEqual([1, 2]);
    const two = (await stack.gql(board, { id, after: one.pageInfo.endCursor })).data.tournament.leaderboard;
    expect(two.edges.map((e: any) => e.node.position)).toEqual([3, 4]);
    expect(new Set([...one.edges, ...two.edges].map((e: any) => e.node.id)).size).toBe(4);
  });

  it("passes another tournament action to the backend, and its refusal's text back", async () => {
    const { token } = await signUp(stack, 'Actor');
    const id = toGlobalId('Tournament', 1);
    const res = await stack.gql(
      'mutation($id: ID!) { tournamentAction(input: { tournamentId: $id, otherAction: "leave" }) { tournament { id } } }',
      { id },
      { token },
    );
    expect(res.errors![0].message).toBe('Unknown tournament action: leave. Known actions: start, stop.');
    const both = await stack.gql(
      'mutation($id: ID!) { tournamentAction(input: { tournamentId: $id, action: START, otherAction: "x" }) { tournament { id } } }',
      { id },
      { token },
    );
    expect(both.errors![0]).toMatchObject({
      message: 'Give exactly one of action and otherAction.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('the site', () => {
  it('gives everything the layout needs in one query', async () => {
    const res = await stack.gql(`{ site {
      wageringEnabled alternateRoutes appVersion tagManagerId tagManagerUrl
      terms { version text } liveChat { enabled scriptUrl licenseId } errorReporter { dsn sampleRate }
      promotionPages { key path enabled requiresSignIn keepsRouteAfterSignIn title body }
    } }`);
    const site = res.data.site;
    expect(site).toMatchObject({
      wageringEnabled: true,
      alternateRoutes: false,
      appVersion: '2.6.0',
      tagManagerId: 'GTM-PLV7Q2K',
    });
    expect(site.tagManagerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/third-party\/tag-manager\.js$/);
    expect(site.terms.text.length).toBeGreaterThan(100);
    expect(site.errorReporter.sampleRate).toBe(0.01);
    expect(site.promotionPages.map((p: any) => p.path)).toEqual([
      '/pumpkin-patch',
      '/stocking-stash',
      '/easter-promo',
      '/predict-and-win',
    ]);
    expect(site.promotionPages.find((p: any) => p.key === 'EASTER_PROMO').requiresSignIn).toBe(true);
    expect(site.promotionPages.find((p: any) => p.key === 'PREDICT_AND_WIN').keepsRouteAfterSignIn).toBe(
      true,
    );
  });

  it('leaves banners out of the sections their exclude names', async () => {
    const res = await stack.gql(
      '{ all: promotionBanners { id exclude } home: promotionBanners(section: HOME) { id } }',
    );
    const excludedFromHome = res.data.all
      .filter((b: any) => b.exclude.includes('HOME'))
      .map((b: any) => b.id);
    expect(excludedFromHome.length).toBeGreaterThan(0);
    expect(res.data.home.map((b: any) => b.id)).toEqual(
      res.data.all.map((b: any) => b.id).filter((id: string) => !excludedFromHome.includes(id)),
    );
  });

  it('tells a client that sends the wrong Content-Type what to send', async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{"query":"{ site { timeZone } }"}',
    });
    expect(res.status).toBe(415);
    const body = (await res.json()) as any;
    expect(body.errors[0].message).toContain('Content-Type: application/json');
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
  });
});

describe('image addresses', () => {
  it('returns the backend’s image paths as full addresses a browser can open', async () => {
    const res = await stack.gql(`{
      games(first: 1) { edges { node { image } } }
      promotionBanners { image imageMobile }
    }`);
    const image: string = res.data.games.edges[0].node.image;
    expect(image.startsWith(`${stack.sandbox.url}/`)).toBe(true);
    for (const banner of res.data.promotionBanners) {
      expect(banner.image.startsWith(`${stack.sandbox.url}/`)).toBe(true);
      expect(banner.imageMobile.startsWith(`${stack.sandbox.url}/`)).toBe(true);
    }
  });
});
