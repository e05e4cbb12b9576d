import { graphql, useFragment } from 'react-relay';
import type { SimilarGames_game$key } from '../../__generated__/SimilarGames_game.graphql';
import { ScrollRow } from '../../ui/ScrollRow';
import { GameTiles } from '../../shared/games/GameTile';
import styles from './SimilarGames.module.css';
import { Link } from '../../ui/Link';

/**
 * Under a game: games its players may like (the gateway's similarGames: the same provider's of the same kind first),
 * in a row that scrolls sideways, and a way to all of the provider's games.
 */
export function SimilarGames({ game }: { game: SimilarGames_game$key }) {
  const data = useFragment(
    graphql`
      fragment SimilarGames_game on Game {
        provider {
          product
          shortname
        }
        similarGames(first: 8) {
          ...GameTile_games
        }
      }
    `,
    game,
  );
  // Missing when its deferred part failed as a whole (GamePageQuery): nothing to suggest then, as with none.
  if (!data.similarGames?.length) return null;
  return (
    <section className={styles.section} aria-labelledby="similar-games">
      <div className={styles.head}>
        <h2 id="similar-games" className={styles.title}>
          You may also like
        </h2>
        {data.provider && (
          <Link to={`/webplay/provider/${encodeURIComponent(data.provider.product)}`} className={styles.more}>
            All {data.provider.shortname} games
          </Link>
        )}
      </div>
      <ScrollRow label="the similar games" list>
        <GameTiles games={data.similarGames} itemClassName={styles.item} />
      </ScrollRow>
    </section>
  );
}

/** The row while its games come (deferred in GamePageQuery): the heading and eight tiles' art and names. */
export function SimilarGamesSkeleton() {
  return (
    <section className={styles.section} aria-labelledby="similar-games" aria-busy="true">
      <div className={styles.head}>
        <h2 id="similar-games" className={styles.title}>
          You may also like
        </h2>
      </div>
      <ScrollRow label="the similar games" list>
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className={styles.item}>
            <div className={styles.placeholderArt} />
            <p className={styles.placeholderName}>
              <span className={styles.skeletonLine} style={{ width: '70%' }}>
                {'\u00a0'}
              </span>
            </p>
            <p className={styles.placeholderProvider}>
              <span className={styles.skeletonLine} style={{ width: '40%' }}>
                {'\u00a0'}
              </span>
            </p>
          </li>
        ))}
      </ScrollRow>
    </section>
  );
}
