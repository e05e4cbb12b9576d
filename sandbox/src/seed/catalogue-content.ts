import { STANDARD_TERMS } from '../domain/site-settings.js';

/** Fixed promotional and editorial content the seed writes: promotions, banners, news and the latest-wins names. */

/**
 * A promotion's prose never states an offer's numbers: a promotion that is an offer names it (`offer`, or the
 * `coupon_code` it advertises) and the site states the numbers from the casino's own terms, which are what it pays
 * (docs/rules.md#promotions-and-banners).
 */
export interface SeedPromotion {
  title: string;
  description: string;
  url_link: string;
  terms: string;
  authenticated_only: boolean;
  is_new: boolean;
  created_at: string;
  coupon_code?: string;
  offer?: 'welcome_package';
}

/**
 * The coupons the casino offers (docs/rules.md#coupons-and-wagering), with the last moment each can be redeemed. A
 * description names the bonus; its numbers are the coupon's own fields, which the site states.
 */
export const COUPONS = {
  welcome: {
    code: 'WELCOME100',
    description: 'A welcome bonus for new players',
    bonus_cents: 10_000,
    wagering_multiplier: 10,
    expires_at: '2099-12-31T21:59:59.000Z',
  },
  spins: {
    code: 'SPIN25',
    description: 'A bonus for a few extra spins',
    bonus_cents: 2_500,
    wagering_multiplier: 5,
    expires_at: '2099-12-31T21:59:59.000Z',
  },
  reload: {
    code: 'RELOAD50',
    description: 'The midweek reload bonus',
    bonus_cents: 5_000,
    wagering_multiplier: 20,
    expires_at: '2099-12-31T21:59:59.000Z',
  },
  expired: {
    code: 'EXPIRED50',
    description: 'A bonus from last season',
    bonus_cents: 5_000,
    wagering_multiplier: 10,
    expires_at: '2025-01-31T21:59:59.000Z',
  },
};

export const PROMOTIONS: SeedPromotion[] = [
  {
    title: 'Welcome Package',
    description:
      'A bonus on your first deposit: tick “Add my welcome bonus” in the cashier when you make it.',
    url_link: '/promotions#welcome-package',
    terms: `The bonus comes only with your first deposit, and only when you ask for it. While it is being wagered, your cash is locked too; you may opt out at any time. ${STANDARD_TERMS}`,
    offer: 'welcome_package',
    authenticated_only: false,
    is_new: false,
    created_at: '2025-01-15T08:00:00.000Z',
  },
  {
    title: 'Weekly Cashback',
    description: 'Get 10% of your weekly net losses back every Monday, paid as real money with no wagering.',
    url_link: '/promotions#weekly-cashback',
    terms: `Calculated Monday 00:00 to Sunday 23:59 (SAST). Minimum net loss R100, maximum cashback R10,000. ${STANDARD_TERMS}`,
    authenticated_only: false,
    is_new: false,
    created_at: '2025-02-03T08:00:00.000Z',
  },
  {
    title: 'Friday Cash Drop',
    description: 'Every Friday between 8pm and 10pm we drop R1,000 into the wallets of 20 random players.',
    url_link: '/promotions#friday-cash-drop',
    terms: `Play any real-money game between 20:00 and 22:00 (SAST) on a Friday to qualify. Winners are notified by 23:00. ${STANDARD_TERMS}`,
    authenticated_only: false,
    is_new: true,
    created_at: '2026-09-05T08:00:00.000Z',
  },
  {
    title: 'Same-Day Payouts',
    description: 'Withdraw before 1pm on a business day and the money is in your bank account the same day.',
    url_link: '/promotions#same-day-payouts',
    terms: `Applies to EFT withdrawals to South African banks for verified accounts. ${STANDARD_TERMS}`,
    authenticated_only: false,
    is_new: false,
    created_at: '2025-04-10T08:00:00.000Z',
  },
  {
    title: 'Loyalty Chests',
    description:
      'Earn diamonds on every real-money spin. Every 10 diamonds unlock a chest with a cash reward.',
    url_link: '/promotions#loyalty-chests',
    terms: `Diamonds are earned on settled real-money stakes only. Chest rewards are paid as real money. ${STANDARD_TERMS}`,
    authenticated_only: true,
    is_new: false,
    created_at: '2025-06-01T08:00:00.000Z',
  },
  {
    title: 'Midweek Reload',
    description: 'Topping up midweek? Redeem the reload coupon for bonus money on top.',
    url_link: '/promotions#midweek-reload',
    terms: `Redeem the coupon under REDEEM COUPON in the account menu; once per player, one bonus at a time. ${STANDARD_TERMS}`,
    coupon_code: 'RELOAD50',
    authenticated_only: true,
    is_new: true,
    created_at: '2026-10-08T08:00:00.000Z',
  },
  {
    title: 'Tournament Tuesdays',
    description: 'Climb the leaderboard in our Tuesday slot tournaments for a share of a R50,000 prize pool.',
    url_link: '/tournaments',
    terms: `Points are earned per real-money spin on the tournament games. Ties are split equally. ${STANDARD_TERMS}`,
    authenticated_only: false,
    is_new: true,
    created_at: '2026-10-20T08:00:00.000Z',
  },
  {
    title: 'Birthday Free Spins',
    description: 'Celebrate with us: 50 free spins land in your account on your birthday.',
    url_link: '/promotions#birthday',
    terms: `Your date of birth must be on your verified profile. Free spins expire after 72 hours. ${STANDARD_TERMS}`,
    authenticated_only: true,
    is_new: false,
    created_at: '2025-11-20T08:00:00.000Z',
  },
];

export interface SeedBanner {
  title: string;
  url_link: string;
  image: string;
  image_mobile: string;
  exclude: string[];
}

/** In display order; exactly one has a video (.mp4) for mobile. */
export const BANNERS: SeedBanner[] = [
  {
    title: 'Welcome Package: a bonus on your first deposit',
    url_link: '/promotions',
    image: '/images/banners/welcome-package.webp',
    image_mobile: '/images/banners/welcome-package-mobile.webp',
    exclude: [],
  },
  {
    title: 'Friday Cash Drop: 20 x R1,000',
    url_link: '/promotions#friday-cash-drop',
    image: '/images/banners/friday-cash-drop.webp',
    image_mobile: '/images/banners/friday-cash-drop-mobile.mp4',
    exclude: [],
  },
  {
    title: 'Tournament Tuesdays',
    url_link: '/tournaments',
    image: '/images/banners/tournament-tuesdays.webp',
    image_mobile: '/images/banners/tournament-tuesdays-mobile.webp',
    exclude: ['home'],
  },
  {
    title: 'Weekly Cashback 10%',
    url_link: '/promotions#weekly-cashback',
    image: '/images/banners/weekly-cashback.webp',
    image_mobile: '/images/banners/weekly-cashback-mobile.webp',
    exclude: ['promotions'],
  },
  {
    title: 'Live Casino: Lightning Tables',
    url_link: '/webplay/live-casino',
    image: '/images/banners/live-casino.webp',
    image_mobile: '/images/banners/live-casino-mobile.webp',
    exclude: [],
  },
  {
    title: 'Same-Day Payouts',
    url_link: '/promotions#same-day-payouts',
    image: '/images/banners/same-day-payouts.webp',
    image_mobile: '/images/banners/same-day-payouts-mobile.webp',
    exclude: ['home', 'webplay'],
  },
];

export interface SeedArticle {
  slug: string;
  title: string;
  category: 'promotions' | 'winners' | 'guides' | 'news';
  excerpt: string;
  body: string;
  published_at: string;
}

const paragraphs = (...lines: string[]) => lines.join('\n\n');

export const NEWS: SeedArticle[] = [
  {
    slug: 'welcome-to-playlive',
    title: 'Welcome to PlayLive',
    category: 'news',
    excerpt: 'South Africa’s newest online casino is open: 350 slots, live tables and same-day payouts.',
    body: paragraphs(
      'PlayLive is open for players across South Africa. Browse around 350 slots, live roulette and blackjack tables, and classic table games.',
      'New players can add a welcome bonus to their first deposit, and withdrawals requested before 1pm are paid the same day.',
    ),
    published_at: '2024-11-15T09:00:00.000Z',
  },
  {
    slug: 'how-to-deposit-with-capitec',
    title: 'How to deposit with Capitec',
    category: 'guides',
    excerpt: 'A step-by-step guide to topping up your wallet with a Capitec instant EFT.',
    body: paragraphs(
      'Open the cashier and choose Capitec ETF as your payment method. Enter the amount and confirm.',
      'You will be redirected to approve the payment in your banking app. Once approved, the money shows in your wallet within a minute.',
    ),
    published_at: '2025-01-20T09:00:00.000Z',
  },
  {
    slug: 'understanding-bonus-wagering',
    title: 'Understanding bonus wagering',
    category: 'guides',
    excerpt: 'What a 30x wagering requirement means and how to track your progress.',
    body: paragraphs(
      'A bonus must be wagered a number of times before it becomes withdrawable money. With a R100 bonus and 30x wagering, you need to stake R3,000.',
      'Open BONUS WAGERING in the account menu to see how much is left. You can opt out at any time, which forfeits the remaining bonus.',
    ),
    published_at: '2025-03-04T09:00:00.000Z',
  },
  {
    slug: 'durban-player-wins-big-on-wolf-slots',
    title: 'Durban player lands R245,000 on a wolf slot',
    category: 'winners',
    excerpt: 'A R5 spin turned into a quarter of a million rand for one lucky player from Durban.',
    body: paragraphs(
      'Sipho from Durban hit the free spins round with three sticky wilds and watched the multipliers climb.',
      '“I thought the screen had frozen,” he told us. The win was paid out the same afternoon.',
    ),
    published_at: '2025-05-12T09:00:00.000Z',
  },
  {
    slug: 'loyalty-chests-explained',
    title: 'Loyalty chests explained',
    category: 'guides',
    excerpt: 'Earn diamonds, unlock chests and climb from Bronze to Black.',
    body: paragraphs(
      'Every real-money stake earns progress towards a diamond. Ten diamonds in a tier make a chest you can open for a cash reward.',
      'Tiers run Bronze, Silver, Gold, Platinum and Black. Black has no cap on chests.',
    ),
    published_at: '2025-06-18T09:00:00.000Z',
  },
  {
    slug: 'friday-cash-drop-returns',
    title: 'The Friday Cash Drop is back',
    category: 'promotions',
    excerpt: 'Twenty players, R1,000 each, every Friday from 8pm to 10pm.',
    body: paragraphs(
      'Play any real-money game between 8pm and 10pm on a Friday and you are in the draw.',
      'Twenty winners receive R1,000 each, paid as real money with no wagering.',
    ),
    published_at: '2025-08-01T09:00:00.000Z',
  },
  {
    slug: 'new-live-tables-from-evolution',
    title: 'New live tables from Evolution',
    category: 'news',
    excerpt: 'Lightning Roulette, Infinite Blackjack and more are now streaming in the live casino.',
    body: paragraphs(
      'We have added a new batch of Evolution live tables, with dealers streaming around the clock.',
      'Find them under Live Casino in the games menu.',
    ),
    published_at: '2025-09-09T09:00:00.000Z',
  },
  {
    slug: 'johannesburg-teacher-wins-jackpot',
    title: 'Johannesburg teacher scoops the jackpot',
    category: 'winners',
    excerpt: 'Thandi M. turned a lunch-break spin into R512,300.',
    body: paragraphs(
      'Thandi had been playing for ten minutes when the jackpot wheel lit up.',
      'She plans to take her family to the coast for the December holidays.',
    ),
    published_at: '2025-11-03T09:00:00.000Z',
  },
  {
    slug: 'stocking-stash-2025',
    title: 'Stocking Stash: festive rewards all December',
    category: 'promotions',
    excerpt: 'Open a festive stocking every day in December for free spins and cash prizes.',
    body: paragraphs(
      'From 1 to 24 December, signed-in players can open one stocking a day.',
      'Prizes include free spins, bonus cash and entries into the Christmas Eve draw.',
    ),
    published_at: '2025-11-28T09:00:00.000Z',
  },
  {
    slug: 'playing-responsibly',
    title: 'Playing responsibly',
    category: 'guides',
    excerpt: 'Deposit limits, time-outs and self-exclusion: the tools that keep play fun.',
    body: paragraphs(
      'Set a deposit limit before you play and stick to it. Take regular breaks.',
      'If gambling stops being fun, contact support to take a time-out or exclude yourself. Help is available from the South African Responsible Gambling Foundation on 0800 006 008.',
    ),
    published_at: '2026-02-14T09:00:00.000Z',
  },
  {
    slug: 'predict-and-win-season-opener',
    title: 'Predict and Win: the season opener',
    category: 'promotions',
    excerpt: 'Call the scores of the weekend’s big matches and share R100,000.',
    body: paragraphs(
      'Submit your predictions before kick-off. Each correct score earns points on the leaderboard.',
      'The top 50 players share the prize pool at the end of the round.',
    ),
    published_at: '2026-08-22T09:00:00.000Z',
  },
  {
    slug: 'mobile-site-refresh',
    title: 'A faster mobile site',
    category: 'news',
    excerpt: 'Games now load up to twice as fast on mobile, with a new filter bar to find them.',
    body: paragraphs(
      'We have rebuilt the games lobby for phones. Filter by provider, feature, theme and paylines, and sort A to Z or newest first.',
      'Favourites now sync across your devices.',
    ),
    published_at: '2026-10-15T09:00:00.000Z',
  },
];

/** Masked winner names for the latest-wins ticker. */
export const WINNER_NAMES = [
  'Thabo M.',
  'Lerato K.',
  'Sipho N.',
  'Naledi D.',
  'Johan V.',
  'Ayanda Z.',
  'Pieter B.',
  'Zanele S.',
  'Kagiso T.',
  'Anele P.',
  'Bongani R.',
  'Chantel L.',
  'Mpho G.',
  'Riaan du P.',
  'Nomvula H.',
  'Tshepo F.',
];
