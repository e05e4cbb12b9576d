import { graphql, useFragment } from 'react-relay';
import type { GameTile_game$key } from '../../__generated__/GameTile_game.graphql';
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
 * A game in a list: its art, name and provider, a link to its page, and the favourite heart. `priority` for the
 * first PRIORITY_TILES of a screen (see GameArt).
 */
export function GameTile({ game, priority = false }: { game: GameTile_game$key; priority?: boolean }) {
  const data = useFragment(
    graphql`
      fragment GameTile_game on Game {
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
    game,
  );
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
