import { useCallback } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import type { ToggleFavouriteMutation } from '../../__generated__/ToggleFavouriteMutation.graphql';
import { showAlert } from '../modals/modal-store';
import { sendMutation } from '../relay/useMutation';

const ToggleFavourite = graphql`
  mutation ToggleFavouriteMutation($input: ToggleFavouriteInput!) {
    toggleFavourite(input: $input) {
      isFavourite
      game {
        id
        isFavourite
      }
    }
  }
`;

/**
 * The heart on a game: flips at once (optimistic), and the result updates every list that shows the game; if the
 * casino refuses, the heart flips back and the player is told. Every game tile has one, so it holds no mutation
 * hook of its own (sendMutation).
 */
export function useToggleFavourite() {
  const environment = useRelayEnvironment();
  return useCallback(
    (game: { id: string; isFavourite: boolean | null | undefined }) => {
      const next = !game.isFavourite;
      sendMutation<ToggleFavouriteMutation>(
        environment,
        ToggleFavourite,
        { input: { gameId: game.id } },
        {
          optimisticResponse: {
            toggleFavourite: { isFavourite: next, game: { id: game.id, isFavourite: next } },
          },
        },
      ).catch(() =>
        showAlert(
          next
            ? 'We could not add this game to your favourites. Please try again.'
            : 'We could not remove this game from your favourites. Please try again.',
          'Favourites not changed',
        ),
      );
    },
    [environment],
  );
}
