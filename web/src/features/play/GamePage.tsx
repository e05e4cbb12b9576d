import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import type { GamePageQuery as GamePageQueryType } from '../../__generated__/GamePageQuery.graphql';
import { openAuth } from '../../shared/modals/modal-store';
import { useLayout } from '../../shared/layout-context';
import { useOnline } from '../../shared/offline/connection';
import { Button } from '../../ui/Button';
import { GameArt } from '../../shared/games/GameArt';
import { HeartIcon } from '../../shared/games/HeartIcon';
import { useToggleFavourite } from '../../shared/games/useToggleFavourite';
import NotFoundPage from '../../shared/page/NotFoundPage';
import { Page } from '../../shared/page/Page';
import styles from './GamePage.module.css';
import { GAMES_NEED_CONNECTION, playGame } from './play';
import { SimilarGames } from './SimilarGames';
import { TournamentEligibility } from './TournamentEligibility';

export const GamePageQuery = graphql`
  query GamePageQuery($code: String!) {
    game(code: $code) {
      id
      code
      name
      isFavourite
      image
      themes
      features
      paylines
      rtp
      provider {
        shortname
      }
      ...SimilarGames_game
      ...TournamentEligibility_game
    }
  }
`;

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<GamePageQueryType>;
  return <GameScreen queryRef={ref} />;
}

/** /game/{code}: the game, the two ways to play it, and games its players may like. */
function GameScreen({ queryRef }: { queryRef: PreloadedQuery<GamePageQueryType> }) {
  const { game } = usePreloadedQuery<GamePageQueryType>(GamePageQuery, queryRef);
  const { signedIn } = useLayout();
  const [toggleFavourite] = useToggleFavourite();
  const online = useOnline();
  if (!game) return <NotFoundPage />;
  const favourite = game.isFavourite === true;
  const facts = [
    game.provider?.shortname,
    game.paylines ? `${game.paylines} paylines` : null,
    game.rtp != null ? `RTP ${game.rtp}%` : null,
    ...game.themes,
    ...game.features,
  ].filter(Boolean);
  return (
    <Page title={game.name} wide>
      <div className={styles.layout}>
        <div className={styles.art}>
          <GameArt src={game.image} name={game.name} />
        </div>
        <div>
          <p className={styles.facts}>{facts.join(' · ')}</p>
          <div className={styles.actions}>
            <Button
              variant="accent"
              disabled={!online}
              onClick={() => playGame({ code: game.code }, { demo: false, signedIn })}
            >
              Play for real
            </Button>
            <Button
              variant="ghost"
              disabled={!online}
              onClick={() => playGame({ code: game.code }, { demo: true, signedIn })}
            >
              Try the demo
            </Button>
            {/* A toggle: its name stays, aria-pressed says whether the game is a favourite. */}
            <Button
              variant="ghost"
              className={styles.favourite}
              aria-pressed={favourite}
              onClick={() =>
                signedIn ? toggleFavourite({ id: game.id, isFavourite: favourite }) : openAuth('login')
              }
            >
              <HeartIcon filled={favourite} size={18} />
              Favourite
            </Button>
          </div>
          {!online && (
            <p className={styles.note} role="status">
              {GAMES_NEED_CONNECTION}
            </p>
          )}
          {!signedIn && (
            <p className={styles.note}>Log in or join to play for real money. The demo is free.</p>
          )}
          <TournamentEligibility game={game} />
        </div>
      </div>
      <SimilarGames game={game} />
    </Page>
  );
}
