import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNERS, NEWS, PROMOTIONS } from '../../sandbox/src/seed/catalogue-content.js';
import { signUp, startStack, type Stack } from './harness.js';

const PROMOTION = 'id title description image url terms forSignedInOnly isNew createdAt';
const BANNER = 'id title url image imageMobile mobileIsVideo exclude';
// PromotionBanner.title is nullable and Promotion.title is not: one response name cannot carry both, hence the alias.
const NODE = `query($id: ID!) { node(id: $id) { __typename id
  ... on Promotion { title } ... on PromotionBanner { bannerTitle: title } ... on NewsArticle { slug body } } }`;
const gid = (type: string, id: string | number) => Buffer.from(`${type}:${id}`).toString('base64url');
const codeOf = (res: { errors?: any[] }) => res.errors?.[0]?.extensions?.code;
const newestFirst = [...NEWS].sort((a, b) => b.published_at.localeCompare(a.published_at));

let stack: Stack;
let token: string;
beforeAll(async () => {
  stack = await startStack();
  ({ token } = await signUp(stack));
});
afterAll(() => stack.close());

describe('promotions', () => {
  it('guests get the public promotions, players the signed-in variant with more', async () => {
    const q = `{ promotions { ${PROMOTION} } }`;
    const guest = await stack.gql(q);
    const player = await stack.gql(q, {}, { token });
    expect(guest.data.promotions).toHaveLength(PROMOTIONS.filter((p) => !p.authenticated_only).length);
    expect(guest.data.promotions.every((p: any) => !p.forSignedInOnly)).toBe(true);
    expect(player.data.promotions).toHaveLength(PROMOTIONS.length);
    expect(player.data.promotions.length).toBeGreaterThan(guest.data.promotions.length);
    expect(player.data.promotions.some((p: any) => p.forSignedInOnly)).toBe(true);
    expect(player.extensions.upstreamCalls).toEqual(['GET /api/promotionsAuthenticated']);
    const first = guest.data.promotions[0];
    expect(first).toMatchObject({
      title: expect.any(String),
      url: expect.stringMatching(/^\//),
      terms: expect.any(String),
    });
  });

  it('newPromotions are the new ones; players also get their own new ones', async () => {
    const q = `{ newPromotions { title isNew forSignedInOnly } }`;
    const guest = (await stack.gql(q)).data.newPromotions;
    const player = (await stack.gql(q, {}, { token })).data.newPromotions;
    expect(guest).toHaveLength(PROMOTIONS.filter((p) => p.is_new && !p.authenticated_only).length);
    expect(player).toHaveLength(PROMOTIONS.filter((p) => p.is_new).length);
    expect([...guest, ...player].every((p: any) => p.isNew)).toBe(true);
  });

  it('a signed-in token that the backend refuses is UNAUTHENTICATED', async () => {
    const res = await stack.gql(`{ promotions { id } }`, {}, { token: 'revoked-or-made-up' });
    expect(codeOf(res)).toBe('UNAUTHENTICATED');
  });
});

describe('promotion banners', () => {
  const BANNERS_QUERY = `query($s: BannerSection) { promotionBanners(section: $s) { ${BANNER} } }`;
  const banners = async (section?: string) => {
    const res = await stack.gql(BANNERS_QUERY, { s: section ?? null });
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data.promotionBanners;
  };

  it('without a section, every banner in display order', async () => {
    const list = await banners();
    expect(list.map((b: any) => b.title)).toEqual(BANNERS.map((b) => b.title));
    expect(list.map((b: any) => b.exclude)).toEqual(
      BANNERS.map((b) => b.exclude.map((x) => x.toUpperCase())),
    );
  });

  it('honours exclude: a banner is left out of the sections it names', async () => {
    const expected = (section: string) =>
      BANNERS.filter((b) => !b.exclude.includes(section.toLowerCase())).map((b) => b.title);
    for (const section of ['HOME', 'PROMOTIONS', 'WEBPLAY', 'TOURNAMENTS']) {
      const list = await banners(section);
      expect(list.map((b: any) => b.title)).toEqual(expected(section));
      expect(list.every((b: any) => !b.exclude.includes(section))).toBe(true);
    }
    expect((await banners('HOME')).length).toBeLessThan(BANNERS.length);
    expect((await banners('PROMOTIONS')).length).toBeLessThan(BANNERS.length);
    // The section is an enum now: a name it does not know (or the backend's lower-case spelling) is refused.
    for (const s of ['home', 'CASINO']) {
      const res = await stack.gql(BANNERS_QUERY, { s });
      // A variable GraphQL cannot coerce: BAD_USER_INPUT, 200 to a client accepting application/json (variable-errors.ts).
      expect(res.status).toBe(200);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.data).toBeUndefined();
      expect(res.errors?.[0]?.message).toBe('$s must be one of the values of BannerSection.');
      expect(res.extensions?.upstreamCalls ?? []).toEqual([]);
    }
  });

  it('mobileIsVideo exactly when the mobile image is an .mp4', async () => {
    const list = await banners();
    const videos = list.filter((b: any) => b.mobileIsVideo);
    expect(videos).toHaveLength(1);
    expect(videos[0].imageMobile).toMatch(/\.mp4$/i);
    expect(list.filter((b: any) => !b.mobileIsVideo).every((b: any) => !/\.mp4$/i.test(b.imageMobile))).toBe(
      true,
    );
  });
});

describe('banners cache 5 minutes whatever the public TTL', () => {
  let noCache: Stack;
  beforeAll(async () => {
    noCache = await startStack({ gateway: { publicCacheTtlMs: 0 } });
  });
  afterAll(() => noCache.close());

  it('a second request reuses banners while news (TTL 0) is fetched again', async () => {
    const q = `{ promotionBanners { id } news(first: 1) { totalCount } }`;
    const first = await noCache.gql(q);
    expect(first.extensions.upstreamCalls.sort()).toEqual(['GET /api/news', 'GET /api/promotionBanners']);
    const second = await noCache.gql(q);
    expect(second.extensions.upstreamCalls).toEqual(['GET /api/news']);
  });
});

describe('news', () => {
  const LIST = `query($category: String, $first: Int, $after: String) {
    news(category: $category, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id slug title category excerpt image publishedAt } }
    }
  }`;

  it('lists articles newest first, paginated', async () => {
    const one = (await stack.gql(LIST, { first: 5 })).data.news;
    expect(one.totalCount).toBe(NEWS.length);
    expect(one.pageInfo.hasNextPage).toBe(true);
    expect(one.edges.map((e: any) => e.node.slug)).toEqual(newestFirst.slice(0, 5).map((a) => a.slug));
    const two = (await stack.gql(LIST, { first: 5, after: one.pageInfo.endCursor })).data.news;
    expect(two.edges.map((e: any) => e.node.slug)).toEqual(newestFirst.slice(5, 10).map((a) => a.slug));
    expect(two.totalCount).toBe(NEWS.length);
  });

  it('filters by category; an unknown one is empty and a malformed one BAD_USER_INPUT', async () => {
    const guides = (await stack.gql(LIST, { category: 'guides', first: 50 })).data.news;
    expect(guides.totalCount).toBe(NEWS.filter((a) => a.category === 'guides').length);
    expect(guides.edges.every((e: any) => e.node.category === 'guides')).toBe(true);
    expect((await stack.gql(LIST, { category: 'nothing-here' })).data.news.totalCount).toBe(0);
    expect(codeOf(await stack.gql(LIST, { category: '../settings' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await stack.gql(LIST, { first: 101 }))).toBe('BAD_USER_INPUT');
  });

  it('newsArticle returns one article with its body; an unknown slug is null', async () => {
    const a = NEWS[1]!;
    const res = await stack.gql(
      `query($slug: String!) { newsArticle(slug: $slug) { slug title body category } }`,
      {
        slug: a.slug,
      },
    );
    expect(res.data.newsArticle).toEqual({
      slug: a.slug,
      title: a.title,
      body: a.body,
      category: a.category,
    });
    for (const slug of ['no-such-article', '../settings']) {
      const none = await stack.gql(`query($slug: String!) { newsArticle(slug: $slug) { id } }`, { slug });
      expect(none.errors).toBeUndefined();
      expect(none.data.newsArticle).toBeNull();
    }
  });

  it('fetches an article body only when the body field is asked for', async () => {
    stack.gateway.cache.clear();
    const without = await stack.gql(`{ news(first: 3) { edges { node { slug } } } }`);
    expect(without.extensions.upstreamCalls).toEqual(['GET /api/news']);
    stack.gateway.cache.clear();
    const withBody = await stack.gql(`{ news(first: 2) { edges { node { slug body } } } }`);
    const slugs = newestFirst.slice(0, 2).map((a) => a.slug);
    expect(withBody.extensions.upstreamCalls.sort()).toEqual(
      ['GET /api/news', ...slugs.map((s) => `GET /api/news/${s}`)].sort(),
    );
    expect(withBody.data.news.edges.map((e: any) => e.node.body)).toEqual(
      newestFirst.slice(0, 2).map((a) => a.body),
    );
  });
});

describe('site', () => {
  it('returns the site flags and settings', async () => {
    const res = await stack.gql(`{ site {
      loyaltyEnabled welcomePackageEnabled liveChatEnabled timeZone capitecName
      promoPages { pumpkinPatch stockingStash easterPromo predictAndWin }
      singleSignOn { enabled loginUrl signupUrl } maintenance { enabled message } } }`);
    expect(res.data.site).toEqual({
      loyaltyEnabled: true,
      welcomePackageEnabled: true,
      liveChatEnabled: false,
      timeZone: 'Africa/Johannesburg',
      capitecName: 'Capitec ETF',
      promoPages: { pumpkinPatch: false, stockingStash: true, easterPromo: false, predictAndWin: true },
      singleSignOn: { enabled: false, loginUrl: null, signupUrl: null },
      maintenance: { enabled: false, message: null },
    });
  });

  it('follows the backend settings', async () => {
    stack.sandbox.db
      .prepare("UPDATE settings SET value = ? WHERE key = 'site.maintenance'")
      .run(JSON.stringify({ enabled: true, message: 'Back at 10:00' }));
    stack.gateway.cache.clear();
    const res = await stack.gql(`{ site { maintenance { enabled message } } }`);
    expect(res.data.site.maintenance).toEqual({ enabled: true, message: 'Back at 10:00' });
  });

  it("gives support's email and phone from the settings, and null when the backend has none", async () => {
    const query = `{ site { supportEmail supportPhone } }`;
    stack.gateway.cache.clear();
    expect((await stack.gql(query)).data.site).toEqual({
      supportEmail: 'support@playlive.test',
      supportPhone: '087 550 0100',
    });
    stack.sandbox.db
      .prepare("DELETE FROM settings WHERE key IN ('site.support_email', 'site.support_phone')")
      .run();
    stack.sandbox.db
      .prepare(
        "INSERT INTO settings (key, value) VALUES ('site.support_email', 'null'), ('site.support_phone', 'null')",
      )
      .run();
    stack.gateway.cache.clear();
    expect((await stack.gql(query)).data.site).toEqual({ supportEmail: null, supportPhone: null });
  });
});

describe('nodes of content types', () => {
  it('round-trips Promotion, PromotionBanner and NewsArticle ids', async () => {
    const list = await stack.gql(
      `{ promotions { id title } promotionBanners { id title } news(first: 1) { edges { node { id slug } } } }`,
    );
    const promo = list.data.promotions[0];
    const banner = list.data.promotionBanners[0];
    const article = list.data.news.edges[0].node;
    expect(banner.title).toBe(BANNERS[0]!.title);
    expect((await stack.gql(NODE, { id: promo.id })).data.node).toEqual({
      __typename: 'Promotion',
      id: promo.id,
      title: promo.title,
    });
    expect((await stack.gql(NODE, { id: banner.id })).data.node).toEqual({
      __typename: 'PromotionBanner',
      id: banner.id,
      bannerTitle: banner.title,
    });
    const viaNode = (await stack.gql(NODE, { id: article.id })).data.node;
    expect(viaNode).toEqual({
      __typename: 'NewsArticle',
      id: article.id,
      slug: article.slug,
      body: newestFirst[0]!.body,
    });
  });

  it('returns null for unknown and malformed ids, and a guest gets no signed-in-only promotion', async () => {
    const player = await stack.gql(`{ promotions { id forSignedInOnly } }`, {}, { token });
    const secret = player.data.promotions.find((p: any) => p.forSignedInOnly).id;
    const res = await stack.gql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, {
      ids: [secret, gid('Promotion', 99999), gid('PromotionBanner', 'x'), gid('NewsArticle', 99999), '***'],
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.nodes).toEqual([null, null, null, null, null]);
    const asPlayer = await stack.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: secret }, { token });
    expect(asPlayer.data.node).toEqual({ id: secret });
  });
});
