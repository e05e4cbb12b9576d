/** Fixed promotional and editorial content the seed writes: promotions, banners, news and site settings. */

export interface SeedPromotion {
  title: string;
  description: string;
  url_link: string;
  terms: string;
  authenticated_only: boolean;
  is_new: boolean;
  created_at: string;
}

const STANDARD_TERMS =
  'Open to verified players aged 18 and over in South Africa. One claim per player. PlayLive may change or end this promotion at any time. General terms and conditions apply.';

export const PROMOTIONS: SeedPromotion[] = [
  {
    title: '250% Welcome Bonus + 100 Free Spins',
    description:
      'Triple your first deposit: we add a 250% bonus up to R5,000 and 100 free spins on Sweet Bonanza-style favourites.',
    url_link: '/promotions#welcome-package',
    terms: `Minimum deposit R50. Bonus wagering 30x within 30 days. Free spins credited in batches of 20 over five days. ${STANDARD_TERMS}`,
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
    title: 'Midweek Reload: 50% up to R1,000',
    description: 'Top up on a Wednesday and get 50% extra, up to R1,000, with the coupon RELOAD50.',
    url_link: '/promotions#midweek-reload',
    terms: `Redeem the coupon in the cashier before depositing. Bonus wagering 20x within 7 days. ${STANDARD_TERMS}`,
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
    title: 'Welcome Package: 250% + 100 Free Spins',
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
      'New players can claim a 250% welcome bonus with 100 free spins, and withdrawals requested before 1pm are paid the same day.',
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

/** The promotional pages a site flag can turn on (docs/rules.md#promotional-pages-and-site-flags), by settings key. */
export const PROMO_PAGE_KEYS = [
  'pumpkin_patch',
  'stocking_stash',
  'easter_promo',
  'predict_and_win',
] as const;
export type PromoPageKey = (typeof PROMO_PAGE_KEYS)[number];

export interface PromoContent {
  title: string;
  intro: string;
  /** Paragraphs separated by a blank line. */
  body: string;
  image: string;
  terms: string;
}

/** What GET /api/settings answers; each top-level key is stored (and replaced) whole. */
export interface SiteSettings {
  loyalty_enabled: boolean;
  welcome_package_enabled: boolean;
  promo_pages: Record<PromoPageKey, boolean>;
  sso: { enabled: boolean; login_url: string | null; signup_url: string | null };
  live_chat: { enabled: boolean; script_url: string; license_id: string };
  maintenance: { enabled: boolean; message: string | null };
  time_zone: string;
  capitec_name: string;
  /** The web app compares it with its own build to offer a reload (the app version modal). */
  app_version: string;
  terms: { version: string; updated_at: string; text: string };
  tag_manager_id: string;
  /** The tag manager's script; the site adds the container id as ?id=. */
  tag_manager_url: string;
  /** Low sampling: the error reporter sees a small share of sessions (docs/rules.md#error-messages). */
  error_reporter: { dsn: string; sample_rate: number };
  wagering_enabled: boolean;
  /**
   * The second, smaller route set that overrides home, how-to, about-us and promotions
   * (docs/rules.md#routes-and-query-parameters).
   */
  alternate_routes: boolean;
  promo_content: Record<PromoPageKey, PromoContent>;
}

const TERMS_TEXT = paragraphs(
  'These terms and conditions apply to every use of PlayLive, an online casino for players in South Africa. By opening an account or playing any game you accept them. Please read them together with our Privacy Policy and Responsible Gambling policy.',
  'PlayLive is operated under a gaming licence issued by the Government of Curaçao. Only persons aged 18 or older may open an account or play. We may ask for proof of identity, age and address at any time, and we will close any account opened by a minor and void its play.',
  'You may hold one account only. Your account is personal: do not share your password or let anyone else play on it. You must give true and complete details when you register and keep them up to date.',
  'All balances are held and shown in South African rand (ZAR). Deposits and withdrawals are made through the payment methods shown in the cashier, each with its own minimum and maximum amounts. Withdrawals are paid only to a payment method or bank account in your own name, after your email address and identity have been verified.',
  'Bonuses, free spins and coupons carry wagering requirements set out in the terms of each promotion. While a bonus is being wagered you cannot withdraw; you may opt out at any time, which forfeits the remaining bonus and any winnings from it. We may withhold bonuses or winnings obtained through abuse, collusion or more than one account.',
  'Game results are decided by certified random number generators or, for live games, by the dealer at the table. If a game malfunctions, all pays and plays on the affected round are void. The record on our servers decides any dispute about a bet or a balance.',
  'Gambling should be fun. You can set deposit limits, take a time-out or exclude yourself through our support team. If gambling is causing you harm, call the South African Responsible Gambling Foundation toll-free on 0800 006 008.',
  'We may change these terms. The version and date at the top show which terms apply; we will ask you to accept material changes the next time you sign in. These terms are governed by the laws of Curaçao, without limiting any rights you have under South African consumer law.',
);

const PROMO_CONTENT: Record<PromoPageKey, PromoContent> = {
  pumpkin_patch: {
    title: 'Pumpkin Patch: Halloween Free Spins',
    intro: 'Pick a pumpkin every day until 31 October and find free spins, bonus cash or a share of R50,000.',
    body: paragraphs(
      'From 24 to 31 October, every signed-in player who deposits at least R100 that day can pick one pumpkin from the patch.',
      'Each pumpkin hides a prize: 10 to 100 free spins on a spooky slot, bonus cash from R25 to R500, or an entry into the Halloween night draw.',
      'On 31 October at 9pm we draw 50 winners who share R50,000 in real money, with no wagering.',
    ),
    image: '/images/promos/pumpkin_patch.webp',
    terms: `One pumpkin per player per day. Free spins are valid for 72 hours; bonus cash carries 30x wagering within 7 days. ${STANDARD_TERMS}`,
  },
  stocking_stash: {
    title: 'Stocking Stash: festive rewards all December',
    intro:
      'Open a festive stocking every day from 1 to 24 December for free spins and cash prizes up to R500.',
    body: paragraphs(
      'Every day from 1 to 24 December, signed-in players can open one stocking from the advent calendar.',
      'Stockings hold free spins, bonus cash from R20 to R500, loyalty diamonds, or tickets for the Christmas Eve draw.',
      'On 24 December at 8pm we draw ten players who each win R5,000 in real money.',
    ),
    image: '/images/promos/stocking_stash.webp',
    terms: `One stocking per player per day, opened on the day. Bonus cash carries 20x wagering within 7 days. Draw winners are notified by 10pm. ${STANDARD_TERMS}`,
  },
  easter_promo: {
    title: 'Easter Egg Hunt',
    intro: 'Hunt for golden eggs over the long weekend: every egg you find is worth up to R500.',
    body: paragraphs(
      'From Good Friday to Easter Monday, golden eggs are hidden in our featured slots. Land three egg symbols on a real-money spin to collect one.',
      'Each egg cracks open to reveal free spins or bonus cash from R50 to R500. Collect five eggs for a guaranteed R250 bonus.',
      'Sign in to see your egg basket and the eggs you have found so far.',
    ),
    image: '/images/promos/easter_promo.webp',
    terms: `Minimum stake R2 per spin on the featured slots. Up to ten eggs per player. Bonus cash carries 25x wagering within 7 days. ${STANDARD_TERMS}`,
  },
  predict_and_win: {
    title: 'Predict and Win',
    intro: 'Call the scores of the weekend’s big matches and share a R100,000 prize pool.',
    body: paragraphs(
      'Each round lists six of the weekend’s biggest football and rugby matches. Predict the final score of each before kick-off.',
      'An exact score earns 5 points and the right result 2 points. Points add up on the season leaderboard.',
      'At the end of every round the top 50 players share R100,000, with R20,000 for first place and R500 for 50th.',
    ),
    image: '/images/promos/predict_and_win.webp',
    terms: `Free to enter for verified players who have deposited at least once. Predictions lock at kick-off. Ties are split equally. Prizes are paid in cash within 48 hours. ${STANDARD_TERMS}`,
  },
};

/** Site flags GET /api/settings answers with; the seed stores each under 'site.<key>' in the settings table. */
export const SITE_SETTINGS: SiteSettings = {
  loyalty_enabled: true,
  welcome_package_enabled: true,
  promo_pages: { pumpkin_patch: false, stocking_stash: true, easter_promo: false, predict_and_win: true },
  sso: { enabled: false, login_url: null, signup_url: null },
  // The outside services' addresses point at the sandbox's own stand-ins (routes/stand-ins.ts); a path is answered
  // as an address on the sandbox, so a browser reaches them wherever the sandbox runs.
  live_chat: {
    enabled: false,
    script_url: '/stand-ins/live-chat.js',
    license_id: '15432876',
  },
  maintenance: { enabled: false, message: null },
  time_zone: 'Africa/Johannesburg',
  capitec_name: 'Capitec ETF',
  app_version: '2.6.0',
  terms: { version: '2026-11-01', updated_at: '2026-11-01T08:00:00.000Z', text: TERMS_TEXT },
  tag_manager_id: 'GTM-PLV7Q2K',
  tag_manager_url: '/stand-ins/tag-manager.js',
  error_reporter: { dsn: '/stand-ins/errors', sample_rate: 0.01 },
  wagering_enabled: true,
  alternate_routes: false,
  promo_content: PROMO_CONTENT,
};
