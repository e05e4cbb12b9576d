import { describe, expect, it } from 'vitest';
import { promotionAnchor, promotionLink } from './promotion-link';

describe('where a promotion leads', () => {
  it("names its card after the backend's link to its place on /promotions, and offers no link to itself", () => {
    const p = { title: 'Weekly Cashback', url: '/promotions#weekly-cashback' };
    expect(promotionAnchor(p)).toBe('weekly-cashback');
    expect(promotionLink(p.url)).toEqual({ kind: 'none' });
  });

  it('names a card after its title when its link goes elsewhere', () => {
    expect(promotionAnchor({ title: 'Midweek Reload: 50% up to R1,000', url: '/tournaments' })).toBe(
      'midweek-reload-50-up-to-r1-000',
    );
  });

  it("opens the site's own pages in the app and other sites in a new tab, and nothing else", () => {
    expect(promotionLink('/tournaments')).toEqual({ kind: 'internal', to: '/tournaments' });
    expect(promotionLink('https://example.test/offer')).toEqual({
      kind: 'external',
      href: 'https://example.test/offer',
    });
    expect(promotionLink('//evil.test/x')).toEqual({ kind: 'none' });
    expect(promotionLink('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(promotionLink(null)).toEqual({ kind: 'none' });
  });
});
