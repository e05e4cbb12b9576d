import { artSources } from '../low-data/art';
import { useArtWaits } from '../low-data/below-fold';
import { useLowData } from '../low-data/low-data';
import { useImageState } from '../../ui/useImageState';
import styles from './GameArt.module.css';

/**
 * A game's artwork at a fixed 4:3 box (nothing moves as it loads), loaded lazily, with its loading, loaded and
 * error states; phones, and low-data mode everywhere, fetch the 200 px wide version. The first tiles of a screen are `priority`: fetched at once
 * and first, since one of them is the screen's largest paint (lazy loading would wait for layout to start them).
 */
export function GameArt({
  src,
  name,
  priority = false,
}: {
  src: string | null | undefined;
  name: string;
  priority?: boolean;
}) {
  const { state, imageProps } = useImageState(src);
  const sources = src ? artSources(src, 400, useLowData()) : null;
  // Low-data mode, below the first screen, before the app runs: the game's name stands in for its art.
  const waits = useArtWaits();
  return (
    <div className={styles.box} data-state={sources && waits ? 'waiting' : state}>
      {sources && !waits && state !== 'error' && (
        <img
          className={styles.image}
          src={sources.src}
          srcSet={sources.srcSet}
          sizes="(max-width: 599px) 45vw, 200px"
          width={400}
          height={300}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          {...imageProps}
        />
      )}
      {(state === 'error' || (sources && waits)) && <span className={styles.fallback}>{name}</span>}
    </div>
  );
}
