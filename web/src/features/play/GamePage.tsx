import { Suspense } from 'react';
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
import { useSiteOrigin } from '../../shared/page/site-origin';
import { videoGameData } from '../../shared/page/structured-data';
import styles from './GamePage.module.css';
import { GAMES_NEED_CONNECTION, playGame } from './play';
import { SimilarGames, SimilarGamesSkeleton } from './SimilarGames';
import { TournamentEligibility } from './TournamentEligibility';

export const GamePageQuery = graphql`
  query GamePageQuery($code: String!) @preloadable {
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
      category
      provider {
        product
        shortname
      }
      # Both come from calls of their own (the catalogue's neighbours; the player's tournaments) that may be slow:
      # the game and its buttons do not wait for them.
      ...SimilarGames_game @defer(label: "GameSimilarGames")
      ...TournamentEligibility_game @defer(label: "GameTournamentEligibility")
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
  const toggleFavourite = useToggleFavourite();
  const origin = useSiteOrigin();
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
    <Page
      title={game.name}
      wide
      head={{
        description: gameDescription(game),
        image: game.image,
        jsonLd: videoGameData(origin, game),
      }}
    >
      <div className={styles.layout}>
        <div className={styles.art}>
          <GameArt src={game.image} name={game.name} priority />
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
          {/* No placeholder: most players are in no tournament, and then the part is empty. */}
          <Suspense fallback={null}>
            <TournamentEligibility game={game} />
          </Suspense>
        </div>
      </div>
      <Suspense fallback={<SimilarGamesSkeleton />}>
        <SimilarGames game={game} />
      </Suspense>
    </Page>
  );
}

/** What a search result says of a game: its studio, kind and figures, and that the demo is free. */
function gameDescription(game: {
  name: string;
  category: string;
  paylines?: number | null;
  rtp?: number | null;
  themes: readonly string[];
  provider?: { shortname: string } | null;
}): string {
  const by = game.provider ? ` by ${game.provider.shortname}` : '';
  // slots is a slot game, table-games a table game, live-roulette a live roulette game.
  const kind = game.category.replace(/-/g, ' ').replace(/s$/, '');
  const what = /game$/.test(kind) ? kind : `${kind} game`;
  const figures = [
    game.rtp != null ? `RTP ${game.rtp}%` : null,
    game.paylines ? `${game.paylines} paylines` : null,
    game.themes.length ? `themes: ${game.themes.join(', ')}` : null,
  ].filter(Boolean);
  return `Play ${game.name}${by} at PlayLive Casino: ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what}${
    figures.length ? ` (${figures.join(', ')})` : ''
  }. Try the demo free or play for real in rand.`;
}
