/**
 * The colours and motifs of the generated artwork, by game theme (or, for table games, which have none, by
 * category), so a tile says what kind of game it is at a glance: Egypt is sand and gold with pyramids, Ocean blue
 * with waves, Space deep purple with stars. Each look has a few variants; a hash of the name picks one.
 */

export type Motif =
  | 'pyramids'
  | 'waves'
  | 'fruit'
  | 'paws'
  | 'leaves'
  | 'stars'
  | 'lanterns'
  | 'swirls'
  | 'snow'
  | 'gems'
  | 'moon'
  | 'rainbow'
  | 'bolts'
  | 'balls'
  | 'sunburst'
  | 'wheel'
  | 'cards'
  | 'dice'
  | 'bingo'
  | 'coins'
  | 'confetti';

/** A background gradient (from → to), an accent for the motif and highlights. */
export interface Palette {
  from: string;
  to: string;
  accent: string;
}

export interface Look {
  palettes: readonly Palette[];
  motif: Motif;
}

const p = (from: string, to: string, accent: string): Palette => ({ from, to, accent });

/** By the catalogue's themes (games-seed THEMES). */
const THEME_LOOKS: Record<string, Look> = {
  Egypt: {
    motif: 'pyramids',
    palettes: [
      p('#d9a441', '#5c3b12', '#ffe08a'),
      p('#e8bf6a', '#8a5a1e', '#fff1c1'),
      p('#c8963e', '#2e1f0e', '#ffd45c'),
    ],
  },
  Ocean: {
    motif: 'waves',
    palettes: [
      p('#1a9bc7', '#03254c', '#8fe9ff'),
      p('#0e7c86', '#052a3a', '#7fffe5'),
      p('#2f6fd6', '#0a1f5c', '#9fd3ff'),
    ],
  },
  Fruits: {
    motif: 'fruit',
    palettes: [
      p('#ef3b36', '#7cb342', '#ffee58'),
      p('#ff7043', '#c62828', '#c6ff00'),
      p('#43a047', '#e53935', '#ffeb3b'),
    ],
  },
  Animals: {
    motif: 'paws',
    palettes: [
      p('#7a9a2e', '#2e4a12', '#f2d16b'),
      p('#b7793a', '#3e5f1f', '#ffe0a3'),
      p('#4e8a3a', '#1d3311', '#e6c770'),
    ],
  },
  Adventure: {
    motif: 'leaves',
    palettes: [
      p('#2e8b3e', '#0f3d1a', '#c5e17a'),
      p('#5b8f2f', '#1b3a12', '#e8d27a'),
      p('#00796b', '#12301f', '#b2f2a1'),
    ],
  },
  Space: {
    motif: 'stars',
    palettes: [
      p('#3b0f6e', '#0b0320', '#c3a6ff'),
      p('#1f1a5e', '#06020f', '#8ab4ff'),
      p('#5a1a8a', '#120638', '#ff9bf0'),
    ],
  },
  Asian: {
    motif: 'lanterns',
    palettes: [
      p('#c62828', '#4a0a0a', '#ffd54f'),
      p('#b71c1c', '#1f1c18', '#ffca28'),
      p('#d84315', '#5d0f0f', '#ffe082'),
    ],
  },
  Candy: {
    motif: 'swirls',
    palettes: [
      p('#ff6fb5', '#8e44ad', '#fff59d'),
      p('#ff9ecd', '#e0487f', '#b2ffff'),
      p('#f48fb1', '#7e57c2', '#ffffff'),
    ],
  },
  Christmas: {
    motif: 'snow',
    palettes: [
      p('#c62828', '#1b5e20', '#ffffff'),
      p('#2e7d32', '#0b2e13', '#ffe082'),
      p('#b71c1c', '#3e0b0b', '#e3f2fd'),
    ],
  },
  Gems: {
    motif: 'gems',
    palettes: [
      p('#7b1fa2', '#0d47a1', '#80deea'),
      p('#00838f', '#311b92', '#e1bee7'),
      p('#ad1457', '#4a148c', '#84ffff'),
    ],
  },
  Halloween: {
    motif: 'moon',
    palettes: [
      p('#ef6c00', '#1a0d00', '#ffcc80'),
      p('#6a1b9a', '#120016', '#ffb74d'),
      p('#ff8f00', '#3e1f00', '#fff3e0'),
    ],
  },
  Irish: {
    motif: 'rainbow',
    palettes: [
      p('#2e7d32', '#0b3d0b', '#ffd54f'),
      p('#43a047', '#1b5e20', '#fff176'),
      p('#00897b', '#004d40', '#ffe57f'),
    ],
  },
  Mythology: {
    motif: 'bolts',
    palettes: [
      p('#2546a8', '#0b1026', '#ffd700'),
      p('#5b4b8a', '#1c1533', '#ffe57f'),
      p('#546e7a', '#1c262b', '#ffd54f'),
    ],
  },
  Sports: {
    motif: 'balls',
    palettes: [
      p('#1e78d6', '#0d2b52', '#ffffff'),
      p('#2e7d32', '#0d3311', '#ffffff'),
      p('#f57c00', '#3e2000', '#fff8e1'),
    ],
  },
  Western: {
    motif: 'sunburst',
    palettes: [
      p('#b5652f', '#3b1f0e', '#ffcc80'),
      p('#d2873e', '#4a2612', '#ffe0b2'),
      p('#8d6e63', '#3e2723', '#ffab91'),
    ],
  },
};

/** Table and live games have no themes: their category sets the look. */
const CATEGORY_LOOKS: Record<string, Look> = {
  roulette: {
    motif: 'wheel',
    palettes: [p('#b71c1c', '#141414', '#ffd54f'), p('#1b5e20', '#0a0a0a', '#ffd54f')],
  },
  blackjack: {
    motif: 'cards',
    palettes: [p('#1b6e2a', '#07260c', '#ffd54f'), p('#00695c', '#002420', '#ffe082')],
  },
  baccarat: {
    motif: 'cards',
    palettes: [p('#7b1fa2', '#240a33', '#ffd54f'), p('#8e1450', '#2a0418', '#ffe082')],
  },
  poker: {
    motif: 'cards',
    palettes: [p('#1456b8', '#061833', '#ffffff'), p('#37474f', '#000a12', '#ffd54f')],
  },
  sic: { motif: 'dice', palettes: [p('#c62828', '#4a0e0e', '#ffffff'), p('#ef6c00', '#4a1f00', '#fffde7')] },
  bingo: {
    motif: 'bingo',
    palettes: [p('#00acc1', '#3949ab', '#ffffff'), p('#8e24aa', '#d81b60', '#fff59d')],
  },
};

const DEFAULT_LOOK: Look = { motif: 'coins', palettes: [p('#455a64', '#102027', '#ffd54f')] };

/** Promotional art (banners, promotions, news) whose title names no theme. */
export const PROMO_LOOK: Look = {
  motif: 'coins',
  palettes: [
    p('#6a1bb0', '#1a0638', '#ffd54f'),
    p('#0d6e6e', '#06222e', '#ffe082'),
    p('#b0124f', '#2b0520', '#ffd740'),
    p('#1c4fb8', '#0a1433', '#ffca28'),
    p('#0f7a3d', '#052414', '#ffe57f'),
  ],
};

/** The look of a game: its first theme's motif; with two themes the gradient runs from one into the other. */
export function gameLook(themes: readonly string[], category: string): Look {
  const looks = themes.map((t) => THEME_LOOKS[t]).filter((l): l is Look => l !== undefined);
  const [first, second] = looks;
  if (!first) return CATEGORY_LOOKS[category.replace(/^live-|^video-/, '')] ?? DEFAULT_LOOK;
  if (!second || second === first) return first;
  return {
    motif: first.motif,
    palettes: first.palettes.map((pal, i) => ({
      ...pal,
      to: second.palettes[i % second.palettes.length]!.to,
    })),
  };
}

/** Words in a promotion's title that give it a theme's look (a Halloween promo gets pumpkins' colours). */
const TITLE_THEMES: [RegExp, string | Look][] = [
  [/halloween|pumpkin|spooky/i, 'Halloween'],
  [/christmas|festive|stocking|xmas|december/i, 'Christmas'],
  [
    /easter|egg/i,
    { motif: 'confetti', palettes: [p('#f48fb1', '#7e57c2', '#fff59d'), p('#81d4fa', '#8e24aa', '#fff9c4')] },
  ],
  [/predict|football|rugby|match|season/i, 'Sports'],
  [/tournament|leaderboard|race|cup|showdown|marathon|sprint|chase|bash/i, 'Mythology'],
  [/live|roulette|tables?\b|evolution/i, CATEGORY_LOOKS.roulette!],
  [/wolf|savanna|big five/i, 'Animals'],
  [/jackpot|diamond|gems?\b/i, 'Gems'],
];

export function titleLook(title: string): Look {
  for (const [pattern, look] of TITLE_THEMES) {
    if (pattern.test(title)) return typeof look === 'string' ? THEME_LOOKS[look]! : look;
  }
  return PROMO_LOOK;
}
