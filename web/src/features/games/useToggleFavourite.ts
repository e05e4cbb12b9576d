import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useToggleFavouriteMutation } from '../../__generated__/useToggleFavouriteMutation.graphql';
import { showAlert } from '../../app/modals/modal-store';

/**
 * The heart on a game: flips at once (optimistic), and the answer updates every list that shows the game; if the
 * casino refuses, the heart flips back and the player is told.
 */
export function useToggleFavourite() {
  const [commit, inFlight] = useMutation<useToggleFavouriteMutation>(graphql`
    mutation useToggleFavouriteMutation($input: ToggleFavouriteInput!) {
      toggleFavourite(input: $input) {
        isFavourite
        game {
          id
          isFavourite
        }
      }
    }
  `);
  const toggle = useCallback(
    (game: { id: string; isFavourite: boolean | null | undefined }) => {
      const next = !game.isFavourite;
      commit({
        variables: { input: { gameId: game.id } },
        optimisticResponse: {
          toggleFavourite: { isFavourite: next, game: { id: game.id, isFavourite: next } },
        },
        onError: () =>
          showAlert(
            next
              ? 'We could not add this game to your favourites. Please try again.'
              : 'We could not remove this game from your favourites. Please try again.',
            'Favourites not changed',
          ),
      });
    },
    [commit],
  );
  return [toggle, inFlight] as const;
}
