import type { Random } from '../random.js';
import type { ProviderRow } from '../domain/games.js';

/** Generates the seeded game catalogue: believable names from word lists, deterministic for a given PRNG. */

export const PROVIDERS: ProviderRow[] = [
  { product: 'pragmatic', shortname: 'Pragmatic Play', name: 'Pragmatic Play Ltd' },
  { product: 'playngo', shortname: "Play'n GO", name: "Play'n GO Malta Ltd" },
  { product: 'netent', shortname: 'NetEnt', name: 'NetEnt AB' },
  { product: 'evolution', shortname: 'Evolution', name: 'Evolution Gaming' },
  { product: 'microgaming', shortname: 'Microgaming', name: 'Microgaming Software Systems' },
  { product: 'habanero', shortname: 'Habanero', name: 'Habanero Systems' },
  { product: 'redtiger', shortname: 'Red Tiger', name: 'Red Tiger Gaming' },
  { product: 'yggdrasil', shortname: 'Yggdrasil', name: 'Yggdrasil Gaming' },
  { product: 'spinomenal', shortname: 'Spinomenal', name: 'Spinomenal Malta' },
  { product: 'playtech', shortname: 'Playtech', name: 'Playtech plc' },
  { product: 'bgaming', shortname: 'BGaming', name: 'BGaming' },
  { product: 'ezugi', shortname: 'Ezugi', name: 'Ezugi Live Casino' },
  { product: 'endorphina', shortname: 'Endorphina', name: 'Endorphina s.r.o.' },
  { product: 'wazdan', shortname: 'Wazdan', name: 'Wazdan Holding' },
  { product: 'relax', shortname: 'Relax Gaming', name: 'Relax Gaming Ltd' },
];

/**
 * The provider whose games a site over this sandbox hides from guests (docs/rules.md#catalogue): the stack's scripts
 * and the browser tests give it to the gateway as GUEST_HIDDEN_PROVIDERS, so the rule is exercised end to end.
 */
export const GUEST_HIDDEN_PROVIDER = 'ezugi';

/** A sentence about each studio for its page (GET /api/gameProviders' description). */
export const PROVIDER_DESCRIPTIONS: Record<string, string> = {
  pragmatic: 'Bright, fast video slots full of free spins and tumbling wins, plus live tables.',
  playngo: 'Story-driven slots with rich themes, from ancient tombs to fairy tales.',
  netent: 'Classic Swedish slots and table games with polished reels and steady pays.',
  evolution: 'The home of live casino: roulette, blackjack, baccarat and game shows with real dealers.',
  microgaming: 'One of the oldest studios, known for progressive jackpots and classic table games.',
  habanero: 'Colourful slots and tables that play smoothly on any phone.',
  redtiger: 'Slots with daily jackpots and lively bonus features.',
  yggdrasil: 'Artful slots with inventive features and striking design.',
  spinomenal: 'Quick-playing slots and bingo with frequent bonus rounds.',
  playtech: 'A wide range of branded slots, table games, bingo and live tables.',
  bgaming: 'Modern slots and table games, many of them with provably fair results.',
  ezugi: 'Live dealer tables streamed from studios around the world.',
  endorphina: 'Hand-drawn slots with simple rules and bold style.',
  wazdan: 'Slots you can tune: choose your own volatility and game speed.',
  relax: 'Slots with big multipliers and collected features from a Malta studio.',
};

const SLOT_PROVIDERS = [
  'pragmatic',
  'pragmatic',
  'playngo',
  'netent',
  'microgaming',
  'habanero',
  'redtiger',
  'yggdrasil',
  'spinomenal',
  'playtech',
  'bgaming',
  'endorphina',
  'wazdan',
  'relax',
];
const TABLE_PROVIDERS = ['netent', 'playtech', 'microgaming', 'bgaming', 'habanero', 'pragmatic', 'playngo'];
const LIVE_PROVIDERS = ['evolution', 'evolution', 'ezugi', 'pragmatic', 'playtech'];
const BINGO_PROVIDERS = ['spinomenal', 'bgaming', 'wazdan', 'playtech'];

export const THEMES = [
  'Adventure',
  'Animals',
  'Asian',
  'Candy',
  'Christmas',
  'Egypt',
  'Fruits',
  'Gems',
  'Halloween',
  'Irish',
  'Mythology',
  'Ocean',
  'Space',
  'Sports',
  'Western',
] as const;

export const FEATURES = [
  'Free Spins',
  'Multipliers',
  'Wilds',
  'Bonus Buy',
  'Megaways',
  'Jackpot',
  'Cascading Reels',
  'Respins',
] as const;

const BASE_FEATURES = ['Free Spins', 'Multipliers', 'Wilds', 'Cascading Reels', 'Respins'];
const PAYLINES = [10, 20, 25, 40, 50, 243, 1024];
const MEGAWAYS_PAYLINES = 117649;

const ADJECTIVES = [
  'Golden',
  'Wild',
  'Sweet',
  'Mighty',
  'Lucky',
  'Blazing',
  'Frozen',
  'Mystic',
  'Royal',
  'Ancient',
  'Crazy',
  'Big',
  'Hot',
  'Magic',
  'Sticky',
  'Savage',
  'Raging',
  'Silver',
  'Electric',
  'Epic',
  'Great',
  'Hidden',
  'Jolly',
  'Neon',
  'Midnight',
  'Thunder',
  'Emerald',
  'Ruby',
  'Cosmic',
  'Secret',
  'Legendary',
  'Dancing',
  'Fiery',
  'Wicked',
  'Shining',
];

/** Nouns carry the theme a game named after them belongs to. */
const NOUNS: [string, (typeof THEMES)[number]][] = [
  ['Pharaoh', 'Egypt'],
  ['Scarabs', 'Egypt'],
  ['Cleopatra', 'Egypt'],
  ['Pyramids', 'Egypt'],
  ['Anubis', 'Egypt'],
  ['Cherries', 'Fruits'],
  ['Melons', 'Fruits'],
  ['Fruits', 'Fruits'],
  ['Lemons', 'Fruits'],
  ['Wolf', 'Animals'],
  ['Buffalo', 'Animals'],
  ['Rhino', 'Animals'],
  ['Gorilla', 'Animals'],
  ['Lion', 'Animals'],
  ['Panda', 'Asian'],
  ['Dragon', 'Asian'],
  ['Koi', 'Asian'],
  ['Lanterns', 'Asian'],
  ['Tiger', 'Asian'],
  ['Explorer', 'Adventure'],
  ['Jungle', 'Adventure'],
  ['Temple', 'Adventure'],
  ['Expedition', 'Adventure'],
  ['Zeus', 'Mythology'],
  ['Olympus', 'Mythology'],
  ['Medusa', 'Mythology'],
  ['Odin', 'Mythology'],
  ['Valkyrie', 'Mythology'],
  ['Gems', 'Gems'],
  ['Jewels', 'Gems'],
  ['Crystals', 'Gems'],
  ['Sapphires', 'Gems'],
  ['Santa', 'Christmas'],
  ['Reindeer', 'Christmas'],
  ['Snowflakes', 'Christmas'],
  ['Pumpkins', 'Halloween'],
  ['Witches', 'Halloween'],
  ['Vampires', 'Halloween'],
  ['Striker', 'Sports'],
  ['Goal', 'Sports'],
  ['Champions', 'Sports'],
  ['Pearls', 'Ocean'],
  ['Mermaid', 'Ocean'],
  ['Sharks', 'Ocean'],
  ['Kraken', 'Ocean'],
  ['Outlaw', 'Western'],
  ['Sheriff', 'Western'],
  ['Saloon', 'Western'],
  ['Bandits', 'Western'],
  ['Candy', 'Candy'],
  ['Lollipops', 'Candy'],
  ['Sugar', 'Candy'],
  ['Leprechaun', 'Irish'],
  ['Shamrocks', 'Irish'],
  ['Rainbow', 'Irish'],
  ['Galaxy', 'Space'],
  ['Comets', 'Space'],
  ['Starlight', 'Space'],
];

const TAILS = [
  'Bonanza',
  'Riches',
  'Fortune',
  'Rush',
  'Gold',
  'Blitz',
  'Link',
  'Strike',
  'Quest',
  'Treasures',
];
const SUFFIXES = ['Megaways', 'Deluxe', '2', 'Hold & Win', '1000', 'Xmas', 'Power Reels'];

/** Table and live games by category: [category, how many, providers, names to draw from]. */
const TABLE_CATALOGUE: [string, number, string[], string[]][] = [
  [
    'roulette',
    10,
    TABLE_PROVIDERS,
    [
      'European Roulette',
      'American Roulette',
      'French Roulette',
      'Mini Roulette',
      'Double Ball Roulette',
      'Multi Wheel Roulette',
      'Roulette Nouveau',
      '3D Roulette',
      'Zoom Roulette',
      'Premier Roulette',
      'Golden Chip Roulette',
    ],
  ],
  [
    'blackjack',
    10,
    TABLE_PROVIDERS,
    [
      'Classic Blackjack',
      'Multihand Blackjack',
      'European Blackjack',
      'Single Deck Blackjack',
      'Double Exposure Blackjack',
      'Atlantic City Blackjack',
      'Vegas Strip Blackjack',
      'Blackjack Switch',
      'Pontoon',
      'Perfect Pairs Blackjack',
      'Blackjack Surrender',
    ],
  ],
  [
    'baccarat',
    9,
    [...TABLE_PROVIDERS, ...LIVE_PROVIDERS],
    [
      'Punto Banco',
      'Baccarat Pro',
      'Mini Baccarat',
      'Baccarat Squeeze',
      'No Commission Baccarat',
      'Speed Baccarat',
      'Dragon Tiger',
      'Baccarat Gold',
      'Chemin de Fer',
      'Baccarat Supreme',
    ],
  ],
  [
    'poker',
    8,
    TABLE_PROVIDERS,
    [
      "Casino Hold'em",
      'Three Card Poker',
      'Caribbean Stud Poker',
      'Jacks or Better',
      'Deuces Wild',
      "Texas Hold'em Bonus",
      'Oasis Poker',
      'Let It Ride',
      'Pai Gow Poker',
    ],
  ],
  [
    'sic',
    5,
    [...TABLE_PROVIDERS, 'evolution'],
    ['Sic Bo', 'Super Sic Bo', 'Sic Bo Deluxe', 'Lucky Dice Sic Bo', 'Sic Bo Dragons'],
  ],
  [
    'bingo',
    7,
    BINGO_PROVIDERS,
    [
      '90 Ball Bingo',
      '75 Ball Bingo',
      'Speed Bingo',
      'Bingo Blast',
      'Bingo Royale',
      'Jungle Bingo',
      'Bingo Bash',
      'Lucky Bingo',
    ],
  ],
  [
    'video-bingo',
    8,
    BINGO_PROVIDERS,
    [
      'Gold Rush Bingo',
      'Pirate Bingo',
      'Samba Bingo',
      'Cleopatra Bingo',
      'Neon Bingo',
      'Fruit Bingo',
      'Tiki Bingo',
      'Space Bingo',
      "Pharaoh's Bingo",
    ],
  ],
  [
    'live-roulette',
    14,
    LIVE_PROVIDERS,
    [
      'Lightning Roulette',
      'Immersive Roulette',
      'Speed Roulette',
      'Auto-Roulette',
      'Mega Roulette',
      'XXXtreme Lightning Roulette',
      'Roulette Azure',
      'VIP Roulette',
      'Casino Floor Roulette',
      'Speed Auto Roulette',
      'Red Door Roulette',
      'Instant Roulette',
      'Gold Bar Roulette',
      'Ultimate Roulette',
      'Portomaso Roulette',
    ],
  ],
  [
    'live-blackjack',
    12,
    LIVE_PROVIDERS,
    [
      'Infinite Blackjack',
      'Free Bet Blackjack',
      'Speed Blackjack',
      'Lightning Blackjack',
      'Power Blackjack',
      'Blackjack VIP A',
      'Blackjack Classic 1',
      'Unlimited Blackjack',
      'Blackjack Party',
      'ONE Blackjack',
      'Salon Privé Blackjack',
      'Blackjack Azure',
      'Blackjack Platinum',
    ],
  ],
];

const SLOT_COUNT = 300;

/** Table-game RTP by category, in percent: [low, high]. */
const TABLE_RTP: Record<string, [number, number]> = {
  roulette: [94.74, 97.3],
  'live-roulette': [97.1, 97.3],
  blackjack: [99.28, 99.6],
  'live-blackjack': [99.28, 99.6],
  baccarat: [98.76, 98.94],
  poker: [97.0, 99.5],
  sic: [97.22, 97.22],
  bingo: [92.0, 95.5],
  'video-bingo': [92.0, 96.0],
};

/** A game before insertion; the seed inserts these in order, so ids follow list order. */
export interface SeedGame {
  name: string;
  game_code: string;
  product: string;
  category: string;
  platforms: string[];
  is_bonus_play: boolean;
  is_freebet: boolean;
  themes: string[];
  features: string[];
  paylines: number | null;
  sub_groups: { id: string; name: string }[];
  rtp_percent: number;
  popularity: number;
  image: string;
  created_at: string;
}

export const SUBGROUPS = {
  top: 'Top Games',
  new: 'New Games',
  hot: 'Hot Games',
  jackpots: 'Jackpots',
  megaways: 'Megaways',
  'bonus-buy': 'Bonus Buy',
  classics: 'Classic Slots',
} as const;

const LAST_DAY = Date.UTC(2026, 10, 1); // 2026-11-01
const SPAN_DAYS = 730;

export const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function slotName(rng: Random): { name: string; theme: (typeof THEMES)[number]; suffix: string | null } {
  const [noun, theme] = rng.pick(NOUNS);
  const shape = rng.int(0, 9);
  let name: string;
  if (shape <= 4) name = `${rng.pick(ADJECTIVES)} ${noun}`;
  else if (shape <= 7) name = `${noun} ${rng.pick(TAILS)}`;
  else if (shape === 8) name = `Book of ${noun}`;
  else name = `${rng.pick(ADJECTIVES)} ${noun} ${rng.pick(TAILS)}`;
  const suffix = rng.chance(0.22) ? rng.pick(SUFFIXES) : null;
  return { name: suffix ? `${name} ${suffix}` : name, theme, suffix };
}

function platforms(rng: Random): string[] {
  const roll = rng.next();
  if (roll < 0.8) return ['desktop', 'mobile'];
  return roll < 0.9 ? ['desktop'] : ['mobile'];
}

function createdAt(rng: Random): string {
  const day = rng.int(0, SPAN_DAYS);
  const seconds = rng.int(8 * 3600, 20 * 3600);
  return new Date(LAST_DAY - day * 86_400_000 + seconds * 1000).toISOString();
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function makeSlot(rng: Random, taken: Set<string>): SeedGame {
  let pick = slotName(rng);
  while (taken.has(pick.name)) pick = slotName(rng);
  taken.add(pick.name);
  const product = rng.pick(SLOT_PROVIDERS);
  const features = new Set<string>(rng.sample(BASE_FEATURES, rng.int(1, 3)));
  if (rng.chance(0.3)) features.add('Bonus Buy');
  if (rng.chance(0.12)) features.add('Jackpot');
  const megaways = pick.suffix === 'Megaways';
  if (megaways) features.add('Megaways');
  if (pick.suffix === 'Hold & Win') features.add('Respins');
  if (pick.suffix === 'Power Reels') features.add('Cascading Reels');
  if (pick.suffix === 'Xmas') features.add('Free Spins');
  const themes = [pick.suffix === 'Xmas' ? 'Christmas' : pick.theme];
  if (rng.chance(0.3)) themes.push(rng.pick(THEMES));
  return {
    name: pick.name,
    game_code: `${product}-${slugify(pick.name)}`,
    product,
    category: 'slots',
    platforms: platforms(rng),
    is_bonus_play: rng.chance(0.35),
    is_freebet: rng.chance(0.25),
    themes: [...new Set(themes)],
    features: FEATURES.filter((f) => features.has(f)),
    paylines: megaways ? MEGAWAYS_PAYLINES : rng.pick(PAYLINES),
    sub_groups: [],
    rtp_percent: round2(94 + rng.next() * 3.5),
    popularity: Math.floor(rng.next() ** 2 * 10_000),
    image: '',
    created_at: createdAt(rng),
  };
}

function makeTableGames(rng: Random, taken: Set<string>): SeedGame[] {
  const out: SeedGame[] = [];
  for (const [category, count, providers, names] of TABLE_CATALOGUE) {
    for (const name of rng.sample(names, count)) {
      taken.add(name);
      const product = rng.pick(providers);
      const [low, high] = TABLE_RTP[category]!;
      out.push({
        name,
        game_code: `${product}-${slugify(name)}`,
        product,
        category,
        platforms: platforms(rng),
        is_bonus_play: rng.chance(0.15),
        is_freebet: rng.chance(0.1),
        themes: [],
        features: [],
        paylines: null,
        sub_groups: [],
        rtp_percent: round2(low + rng.next() * (high - low)),
        popularity: Math.floor(rng.next() ** 2 * 10_000),
        image: '',
        created_at: createdAt(rng),
      });
    }
  }
  return out;
}

/** Tags each game with its subgroups: top 40 by popularity, the 50 newest, jackpots, megaways and so on. */
function assignSubgroups(rng: Random, games: SeedGame[]): void {
  const byPopularity = [...games].sort((a, b) => b.popularity - a.popularity || a.name.localeCompare(b.name));
  const top = new Set(byPopularity.slice(0, 40));
  const byAge = [...games].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const fresh = new Set(byAge.slice(0, 50));
  const slots = games.filter((g) => g.category === 'slots');
  const hot = new Set(rng.sample(slots, 30));
  for (const game of games) {
    const ids: (keyof typeof SUBGROUPS)[] = [];
    if (top.has(game)) ids.push('top');
    if (fresh.has(game)) ids.push('new');
    if (hot.has(game)) ids.push('hot');
    if (game.features.includes('Jackpot')) ids.push('jackpots');
    if (game.features.includes('Megaways')) ids.push('megaways');
    if (game.features.includes('Bonus Buy')) ids.push('bonus-buy');
    if (game.category === 'slots' && game.paylines !== null && game.paylines <= 10) ids.push('classics');
    game.sub_groups = ids.map((id) => ({ id, name: SUBGROUPS[id] }));
  }
}

/** The whole catalogue, shuffled so ids do not run by category. */
export function generateGames(rng: Random): SeedGame[] {
  const taken = new Set<string>();
  const tables = makeTableGames(rng, taken);
  const slots = Array.from({ length: SLOT_COUNT }, () => makeSlot(rng, taken));
  const games = rng.sample([...slots, ...tables], slots.length + tables.length);
  for (const game of games) game.image = `/images/games/${game.game_code}.webp`;
  assignSubgroups(rng, games);
  return games;
}
