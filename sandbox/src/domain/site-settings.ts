import type { Db } from '../db/open.js';

/** The site settings GET /api/settings responds with: their shape, and the defaults stored values are laid over. */

/** The standard closing of every promotion's terms (the seeded promotions end with it too). */
export const STANDARD_TERMS =
  'Open to verified players aged 18 and over in South Africa. One claim per player. PlayLive may change or end this promotion at any time. General terms and conditions apply.';

const paragraphs = (...lines: string[]) => lines.join('\n\n');

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

/** What GET /api/settings returns; each top-level key is stored (and replaced) whole. */
export interface SiteSettings {
  loyalty_enabled: boolean;
  welcome_package_enabled: boolean;
  promo_pages: Record<PromoPageKey, boolean>;
  sso: { enabled: boolean; login_url: string | null; signup_url: string | null };
  live_chat: { enabled: boolean; script_url: string; license_id: string };
  /** Where players reach support besides the live chat (the help page, the unavailable and error pages). */
  support_email: string | null;
  support_phone: string | null;
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

/** Site flags GET /api/settings responds with; the seed stores each under 'site.<key>' in the settings table. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  loyalty_enabled: true,
  welcome_package_enabled: true,
  promo_pages: { pumpkin_patch: false, stocking_stash: true, easter_promo: false, predict_and_win: true },
  sso: { enabled: false, login_url: null, signup_url: null },
  // The third-party services' addresses point at the sandbox's own fakes (routes/third-party.ts); a path is served
  // as an address on the sandbox, so a browser reaches them wherever the sandbox runs.
  live_chat: {
    enabled: false,
    script_url: '/third-party/live-chat.js',
    license_id: '15432876',
  },
  support_email: 'support@playlive.test',
  support_phone: '087 550 0100',
  maintenance: { enabled: false, message: null },
  time_zone: 'Africa/Johannesburg',
  capitec_name: 'Capitec ETF',
  app_version: '2.6.0',
  terms: { version: '2026-11-01', updated_at: '2026-11-01T08:00:00.000Z', text: TERMS_TEXT },
  tag_manager_id: 'GTM-PLV7Q2K',
  tag_manager_url: '/third-party/tag-manager.js',
  error_reporter: { dsn: '/third-party/errors', sample_rate: 0.01 },
  wagering_enabled: true,
  alternate_routes: false,
  promo_content: PROMO_CONTENT,
};

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The stored 'site.*' settings over the defaults, so a missing or newly added key is still returned. A stored object
 * is laid over its default too: a database seeded before a field was added (live_chat.script_url) still has it.
 */
export function siteSettings(db: Db): SiteSettings {
  const rows = db.prepare("SELECT key, value FROM settings WHERE key LIKE 'site.%'").all() as {
    key: string;
    value: string;
  }[];
  const out: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const row of rows) {
    const key = row.key.slice('site.'.length);
    if (!(key in DEFAULT_SITE_SETTINGS)) continue;
    const stored: unknown = JSON.parse(row.value);
    const fallback = out[key];
    out[key] = isPlainObject(stored) && isPlainObject(fallback) ? { ...fallback, ...stored } : stored;
  }
  return out as unknown as SiteSettings;
}

/** A setting's address that is a path on the sandbox (its fakes), as a full address a browser can open. */
const absolute = (address: string, base: string) => (address.startsWith('/') ? `${base}${address}` : address);

/** The settings as GET /api/settings returns them: the fakes' paths as full addresses on `base`. */
export function publicSiteSettings(db: Db, base: string): SiteSettings {
  const settings = siteSettings(db);
  return {
    ...settings,
    live_chat: { ...settings.live_chat, script_url: absolute(settings.live_chat.script_url, base) },
    error_reporter: { ...settings.error_reporter, dsn: absolute(settings.error_reporter.dsn, base) },
    tag_manager_url: absolute(settings.tag_manager_url, base),
  };
}

export function writeSiteSettings(db: Db): void {
  saveSiteSettings(db, DEFAULT_SITE_SETTINGS);
}

/** Replaces each given key's value whole (a test's PATCH /sandbox/settings/site); returns all the settings. */
export function saveSiteSettings(db: Db, patch: Partial<SiteSettings>): SiteSettings {
  const insert = db.prepare('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)');
  db.transaction(() => {
    for (const [key, value] of Object.entries(patch)) {
      if (value !== undefined) insert.run(`site.${key}`, JSON.stringify(value));
    }
  })();
  return siteSettings(db);
}
