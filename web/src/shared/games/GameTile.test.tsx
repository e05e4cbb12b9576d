import { act, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test-relay';
import type { GameTileTestQuery } from '../../__generated__/GameTileTestQuery.graphql';
import { closeModal, useOpenModal } from '../modals/modal-store';
import { LayoutContext } from '../layout-context';
import { GameTiles } from './GameTile';

function Harness() {
  const data = useLazyLoadQuery<GameTileTestQuery>(
    graphql`
      query GameTileTestQuery @relay_test_operation {
        game(code: "wolf-gold") {
          ...GameTile_games
        }
      }
    `,
    {},
  );
  const open = useOpenModal();
  return (
    <>
      {data.game && (
        <ul>
          <GameTiles games={[data.game]} />
        </ul>
      )}
      <p data-testid="modal">{open?.name ?? 'none'}</p>
    </>
  );
}

function renderTile(signedIn: boolean, isFavourite: boolean) {
  return renderWithRelay(
    <LayoutContext.Provider value={{ signedIn, alternateRoutes: false, promotionPages: [] }}>
      <Harness />
    </LayoutContext.Provider>,
    {
      Game: () => ({ id: 'R2FtZTox', code: 'wolf-gold', name: 'Wolf Gold', image: null, isFavourite }),
    },
    { at: '/' },
  );
}

afterEach(() => act(() => closeModal()));

describe('a game tile', () => {
  it('links to the game and shows its name when there is no art', async () => {
    renderTile(false, false);
    const link = await screen.findByRole('link', { name: /Wolf Gold/ });
    expect(link.getAttribute('href')).toBe('/game/wolf-gold');
  });

  it('asks a guest to log in from the heart', async () => {
    renderTile(false, false);
    const heart = await screen.findByRole('button', { name: 'Add Wolf Gold to favourites' });
    act(() => heart.click());
    expect(screen.getByTestId('modal').textContent).toBe('auth');
  });

  it('fills the heart at once for a player, and empties it again if the casino refuses', async () => {
    const environment = renderTile(true, false);
    const heart = await screen.findByRole('button', { name: 'Add Wolf Gold to favourites' });
    act(() => heart.click());
    expect(await screen.findByRole('button', { name: 'Remove Wolf Gold from favourites' })).toBeTruthy();
    act(() => environment.mock.rejectMostRecentOperation(new Error('The casino is not responding.')));
    expect(await screen.findByRole('button', { name: 'Add Wolf Gold to favourites' })).toBeTruthy();
    expect(screen.getByTestId('modal').textContent).toBe('alert');
  });
});
