import { describe, expect, it } from 'vitest';
import { artSources } from './art';
import { formatVisit } from './meter';

describe('artSources', () => {
  it('offers both of the casino’s widths, and only the half width in low-data mode', () => {
    expect(artSources('https://art.test/images/games/x.webp', 400, false)).toEqual({
      src: 'https://art.test/images/games/x.webp',
      srcSet: 'https://art.test/images/games/x.webp?w=200 200w, https://art.test/images/games/x.webp 400w',
    });
    expect(artSources('https://art.test/images/games/x.webp', 400, true)).toEqual({
      src: 'https://art.test/images/games/x.webp?w=200',
      srcSet: undefined,
    });
  });
});

describe('formatVisit', () => {
  it('says kB with one decimal place under 10 kB, whole kB from there, and MB past 1,024 kB', () => {
    expect(formatVisit(0)).toBe('This visit: 0.0 kB');
    expect(formatVisit(4_700)).toBe('This visit: 4.6 kB');
    expect(formatVisit(86_016)).toBe('This visit: 84 kB');
    expect(formatVisit(3 * 1024 * 1024)).toBe('This visit: 3.0 MB');
  });
});
