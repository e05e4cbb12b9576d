import { useEffect, useState, useSyncExternalStore } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { BannerCarousel_banners$key } from '../../__generated__/BannerCarousel_banners.graphql';
import { useLowData } from '../low-data/low-data';
import styles from './BannerCarousel.module.css';

/** docs/rules.md#promotions-and-banners: a new banner every 5000 ms, sliding in over 1000 ms. */
export const AUTOPLAY_MS = 5000;

/** The banners' design widths (desktop 1200 × 400, phone 600 × 600); the casino also serves each at half its width. */
const DESKTOP_WIDTH = 1200;
const MOBILE_WIDTH = 600;

/** What every banner invites the player to do (the whole banner is the link; this makes it visible). */
const CALL_TO_ACTION = 'See the offer ›';

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (change) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', change);
      return () => list.removeEventListener('change', change);
    },
    () => window.matchMedia(query).matches,
    // On the server, and in the render that hydrates its markup, neither query matches (the picture element
    // still shows a phone its own image); a phone's video replaces the picture after.
    () => false,
  );
}

/**
 * The players' promotion banners: one at a time, turning by itself only when there is more than one, pausable,
 * and still for players who prefer reduced motion. On phones the mobile image shows, or its video, muted and inline.
 * In low-data mode (docs/architecture.md#low-data-mode) each picture comes at half its width and a banner's video
 * never plays: its desktop picture stands in for it.
 */
export function BannerCarousel({ banners }: { banners: BannerCarousel_banners$key }) {
  const list = useFragment(
    graphql`
      fragment BannerCarousel_banners on PromotionBanner @relay(plural: true) {
        id
        title
        url
        image
        imageMobile
        mobileIsVideo
      }
    `,
    banners,
  );
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = useMedia('(prefers-reduced-motion: reduce)');
  const phone = useMedia('(max-width: 599px)');
  const lowData = useLowData();
  const turning = list.length > 1 && !paused && !hovered && !reducedMotion;

  useEffect(() => {
    if (!turning) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % list.length), AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [turning, list.length]);

  if (list.length === 0) return null;
  const go = (i: number) => setIndex((i + list.length) % list.length);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="Promotions"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className={styles.track} style={{ transform: `translateX(-${index * 100}%)` }}>
        {list.map((banner, i) => (
          <a
            key={banner.id}
            href={banner.url ?? '/promotions'}
            className={styles.slide}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${list.length}: ${banner.title ?? 'Promotion'}`}
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
          >
            {phone && banner.mobileIsVideo && !lowData ? (
              <video className={styles.media} src={banner.imageMobile} muted autoPlay loop playsInline />
            ) : (
              <picture>
                {!(lowData && banner.mobileIsVideo) && (
                  <source
                    media="(max-width: 599px)"
                    srcSet={lowData ? `${banner.imageMobile}?w=${MOBILE_WIDTH / 2}` : banner.imageMobile}
                  />
                )}
                {/* The first banner is the top of a signed-in player's home (its largest paint): fetched at
                    once and first; the others wait until they are near the screen. */}
                <img
                  className={styles.media}
                  src={lowData ? `${banner.image}?w=${DESKTOP_WIDTH / 2}` : banner.image}
                  alt=""
                  width={1200}
                  height={400}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'auto'}
                />
              </picture>
            )}
            {/* The banner's words and its call to action, in a bar of their own under the picture: the controls
                sit in this bar's reserved corner, never over the picture or the words. */}
            <span className={`${styles.caption} ${list.length > 1 ? styles.withControls : ''}`}>
              <span className={styles.title}>{banner.title ?? 'Promotion'}</span>
              <span className={styles.cta} aria-hidden="true">
                {CALL_TO_ACTION}
              </span>
            </span>
          </a>
        ))}
      </div>
      {list.length > 1 && (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.control}
            onClick={() => go(index - 1)}
            aria-label="Previous promotion"
          >
            ‹
          </button>
          <button
            type="button"
            className={styles.control}
            aria-pressed={paused}
            aria-label={paused ? 'Play the promotions' : 'Pause the promotions'}
            onClick={() => setPaused((p) => !p)}
          >
            {paused ? '▶' : '❚❚'}
          </button>
          <button
            type="button"
            className={styles.control}
            onClick={() => go(index + 1)}
            aria-label="Next promotion"
          >
            ›
          </button>
        </div>
      )}
    </section>
  );
}
