import { useCallback } from 'react';
import { graphql } from 'react-relay';
import type { StartTournamentMutation } from '../../__generated__/StartTournamentMutation.graphql';
import { showAlert } from '../../shared/modals/modal-store';
import { useMutation } from '../../shared/relay/useMutation';
import { gatewayMessage } from './errors';

/**
 * Starting play in a joined tournament (tournamentAction START): the casino checks the player may play now (the
 * result updates the player's entry); the card then opens the tournament's game chooser. The play-time clock (a
 * buy-in's window) starts only when the player opens a game that counts, not here. A refused start shows the error
 * in an alert (docs/rules.md#error-messages).
 */
export function useStartTournament() {
  const [send, inFlight] = useMutation<StartTournamentMutation>(graphql`
    mutation StartTournamentMutation($input: TournamentActionInput!, $rows: Int!) {
      tournamentAction(input: $input) {
        tournament {
          ...TournamentCard_tournament
          ...Leaderboard_tournament @arguments(rows: $rows)
        }
      }
    }
  `);
  const start = useCallback(
    (tournamentId: string, rows: number, onStarted: () => void) =>
      void send({ input: { tournamentId, action: 'START' }, rows }).then(onStarted, (err: unknown) =>
        showAlert(
          gatewayMessage(err, 'We could not start this tournament. Please try again.'),
          'The tournament could not start',
        ),
      ),
    [send],
  );
  return [start, inFlight] as const;
}
