import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { ProvidersPageQuery as ProvidersPageQueryType } from '../../__generated__/ProvidersPageQuery.graphql';
import { Page } from '../../shared/page/Page';
import styles from './ProvidersPage.module.css';
import { Link } from '../../ui/Link';

export const ProvidersPageQuery = graphql`
  query ProvidersPageQuery @preloadable {
    gameProviders {
      id
      product
      shortname
      description
      gamesCount
    }
  }
`;

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<ProvidersPageQueryType>;
  return <Providers queryRef={ref} />;
}

/** /webplay/game-providers: every studio, sorted by name, each leading to its games. */
function Providers({ queryRef }: { queryRef: PreloadedQuery<ProvidersPageQueryType> }) {
  const { gameProviders } = usePreloadedQuery<ProvidersPageQueryType>(ProvidersPageQuery, queryRef);
  const names = (gameProviders ?? []).map((p) => p.shortname);
  const description = names.length
    ? `The ${names.length} game studios at PlayLive Casino, A to Z: ${names.join(', ')}. Pick one to see all its slots and tables.`
    : 'The game studios at PlayLive Casino, A to Z: pick one to see all its slots and tables.';
  return (
    <Page
      title="Game providers"
      lead="Every studio whose games we offer, A to Z."
      wide
      head={{ description }}
    >
      {!gameProviders ? (
        <p role="alert">The providers could not be loaded right now. Please try again in a moment.</p>
      ) : (
        <ul className={styles.list}>
          {gameProviders.map((p) => (
            <li key={p.id}>
              <Link to={`/webplay/provider/${encodeURIComponent(p.product)}`} className={styles.card}>
                <span className={styles.name}>{p.shortname}</span>
                {p.description && <span className={styles.description}>{p.description}</span>}
                <span className={styles.count}>
                  {p.gamesCount} {p.gamesCount === 1 ? 'game' : 'games'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
