import { act, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { BannerCarouselTestQuery } from '../../__generated__/BannerCarouselTestQuery.graphql';
import { AUTOPLAY_MS, BannerCarousel } from './BannerCarousel';

function Harness() {
  const data = useLazyLoadQuery<BannerCarouselTestQuery>(
    graphql`
      query BannerCarouselTestQuery @relay_test_operation {
        promotionBanners {
          ...BannerCarousel_banners
        }
      }
    `,
    {},
  );
  return data.promotionBanners ? <BannerCarousel banners={data.promotionBanners} /> : null;
}

function renderCarousel(count: number) {
  renderWithRelay(<Harness />, {
    Query: () => ({
      promotionBanners: Array.from({ length: count }, (_, i) => ({
        id: `b${i}`,
        title: `Banner ${i + 1}`,
        url: '/promotions',
        image: `/b${i}.webp`,
        imageMobile: `/b${i}-m.webp`,
        mobileIsVideo: false,
      })),
    }),
  });
}

const current = () =>
  screen.getAllByRole('link', { hidden: true }).find((a) => a.getAttribute('aria-hidden') === 'false');

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('the banner carousel', () => {
  it('turns to the next banner every 5 seconds when there is more than one', async () => {
    renderCarousel(3);
    await screen.findByRole('button', { name: 'Pause the promotions' });
    expect(current()?.getAttribute('aria-label')).toBe('1 of 3: Banner 1');
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(current()?.getAttribute('aria-label')).toBe('2 of 3: Banner 2');
  });

  it('stays still when paused, and with a single banner has no controls', async () => {
    renderCarousel(2);
    const pause = await screen.findByRole('button', { name: 'Pause the promotions' });
    act(() => pause.click());
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(current()?.getAttribute('aria-label')).toBe('1 of 2: Banner 1');
  });

  it('shows a single banner without turning or controls', async () => {
    renderCarousel(1);
    await screen.findByRole('region', { name: 'Promotions' });
    expect(screen.queryByRole('button', { name: /Pause/ })).toBeNull();
  });

  it('gives each banner its title and call to action, and keeps the controls out of the banners', async () => {
    renderCarousel(2);
    const pause = await screen.findByRole('button', { name: 'Pause the promotions' });
    const slides = screen.getAllByRole('link', { hidden: true });
    for (const [i, slide] of slides.entries()) {
      expect(slide.textContent).toContain(`Banner ${i + 1}`);
      expect(slide.textContent).toContain('See the offer');
      expect(slide.contains(pause)).toBe(false);
    }
  });
});
