import { artSources } from '../low-data/art';
import { useLowData } from '../low-data/low-data';
import { useImageState } from '../../ui/useImageState';
import styles from './ContentImage.module.css';

/** The content posters' design sizes (the sandbox also serves each at half its width, as ?w=). */
export const POSTER = {
  /** Promotions and news articles. */
  card: { width: 800, height: 450 },
  /** The optional promotional pages' hero. */
  hero: { width: 1200, height: 500 },
} as const;

/**
 * A promotion's, an article's or a promotional page's picture in a box of its fixed aspect ratio (nothing moves as
 * it loads), lazy unless it is the screen's first picture, with a shimmer while loading and its title when it cannot
 * load (see games/GameArt.tsx). Pictures are posters whose title is also printed beside them, so their alt is empty.
 */
export function ContentImage({
  src,
  fallback,
  size,
  sizes,
  priority = false,
}: {
  src: string | null | undefined;
  /** What the box shows when there is no picture or it fails to load. */
  fallback: string;
  size: { width: number; height: number };
  /** The rendered width, for the browser to choose between the full and the half-width file. */
  sizes: string;
  priority?: boolean;
}) {
  const { state, imageProps } = useImageState(src);
  // Low-data mode: the half-width file only (shared/low-data/art.ts).
  const sources = src ? artSources(src, size.width, useLowData()) : null;
  return (
    <div className={styles.box} style={{ aspectRatio: `${size.width} / ${size.height}` }} data-state={state}>
      {sources && state !== 'error' && (
        <img
          className={styles.image}
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sizes}
          width={size.width}
          height={size.height}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          {...imageProps}
        />
      )}
      {state === 'error' && (
        <span className={styles.fallback} aria-hidden="true">
          {fallback}
        </span>
      )}
    </div>
  );
}
