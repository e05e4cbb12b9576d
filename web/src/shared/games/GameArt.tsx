import { useImageState } from '../../ui/useImageState';
import styles from './GameArt.module.css';

/**
 * A game's artwork at a fixed 4:3 box (nothing moves as it loads), loaded lazily, with its loading, loaded and
 * error states; phones fetch the 200 px wide version. The first tiles of a screen are `priority`: fetched at once
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
  return (
    <div className={styles.box} data-state={state}>
      {src && state !== 'error' && (
        <img
          className={styles.image}
          src={src}
          srcSet={`${src}?w=200 200w, ${src} 400w`}
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
      {state === 'error' && <span className={styles.fallback}>{name}</span>}
    </div>
  );
}
