import { describe, expect, it } from 'vitest';
import { gameQueryOf, readFilter } from './filter-params';

const sortOf = (search: string) => gameQueryOf({}, null, readFilter(new URLSearchParams(search))).sort;

describe('the sort in the address', () => {
  it('reads the three sort keys', () => {
    expect(sortOf('sort=alphasc')).toBe('ALPHA_ASC');
    expect(sortOf('sort=alphdsc')).toBe('ALPHA_DESC');
    expect(sortOf('sort=newestf')).toBe('NEWEST_FIRST');
  });

  it('understands the keys addresses used before, as the current ones', () => {
    expect(readFilter(new URLSearchParams('sort=za')).sort).toBe('alphdsc');
    expect(sortOf('sort=az')).toBe('ALPHA_ASC');
    expect(sortOf('sort=newest')).toBe('NEWEST_FIRST');
  });

  it("keeps the page's own order for no key or an unknown one", () => {
    expect(sortOf('')).toBeNull();
    expect(sortOf('sort=cheapest')).toBeNull();
    expect(gameQueryOf({}, 'NEWEST_FIRST', readFilter(new URLSearchParams('sort=x'))).sort).toBe(
      'NEWEST_FIRST',
    );
  });
});
