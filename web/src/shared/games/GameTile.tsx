import { graphql, useFragment } from 'react-relay';
import type { GameTile_games$data, GameTile_games$key } from '../../__generated__/GameTile_games.graphql';
import { openAuth } from '../modals/modal-store';
import { useLayout } from '../layout-context';
import { GameArt } from './GameArt';
import { HeartIcon } from './HeartIcon';
import styles from './GameTile.module.css';
import { useToggleFavourite } from './useToggleFavourite';
import { Link } from '../../ui/Link';

/** Tiles at the top of a screen whose art is fetched first (two rows on a phone, most of one on a desktop). */
export const PRIORITY_TILES = 4;

/**
 * Games as tiles, a list item each (inside the caller's list): the games' fragment is read once for the list
 * (plural), not once per tile, since Relay's fragment hook in each of a page's thirty tiles (its state, memos and
 * store subscription) was a large part of hydrating a page of games (docs/benchmarks.md#lighthouse). The first
 * `priority` tiles' art is fetched first (see GameArt).
 */
export function GameTiles({
  games,
  priority = 0,
  itemClassName,
}: {
  games: GameTile_games$key;
  priority?: number;
  itemClassName?: string;
}) {
  const data = useFragment(
    graphql`
      fragment GameTile_games on Game @relay(plural: true) {
        id
        code
        name
        image
        isFavourite
        provider {
          shortname
        }
      }
    `,
    games,
  );
  return data.map((game, i) => (
    <li key={game.id} className={itemClassName}>
      <GameTile game={game} priority={i < priority} />
    </li>
  ));
}

/** A game in a list: its art, name and provider, a link to its page, and the favourite heart. */
function GameTile({ game: data, priority }: { game: GameTile_games$data[number]; priority: boolean }) {
  const { signedIn } = useLayout();
  const toggle = useToggleFavourite();
  const favourite = data.isFavourite === true;
  return (
    <article className={styles.tile}>
      <Link to={`/game/${encodeURIComponent(data.code)}`} className={styles.link}>
        <GameArt src={data.image} name={data.name} priority={priority} />
        <h3 className={styles.name}>{data.name}</h3>
        {data.provider && <p className={styles.provider}>{data.provider.shortname}</p>}
      </Link>
      <button
        type="button"
        className={styles.heart}
        aria-pressed={favourite}
        aria-label={favourite ? `Remove ${data.name} from favourites` : `Add ${data.name} to favourites`}
        onClick={() => (signedIn ? toggle({ id: data.id, isFavourite: favourite }) : openAuth('login'))}
      >
        <HeartIcon filled={favourite} />
      </button>
    </article>
  );
}
