import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, useEffect, useRef, useState } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { LaunchGameMutation } from '../../__generated__/LaunchGameMutation.graphql';
import type { TournamentEligibility_game$key } from '../../__generated__/TournamentEligibility_game.graphql';
import { closeModal, restoreFocus, showAlert } from '../../shared/modals/modal-store';
import { Modal } from '../../shared/modals/Modal';
import type { ModalProps } from '../../shared/modals/registry';
import { useMutation } from '../../shared/relay/useMutation';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { BonusPlayNote } from './BonusPlayNote';
import styles from './GamePlayModal.module.css';
import { TournamentEligibility } from './TournamentEligibility';
import { buttonClass } from '../../ui/Button';
import { isLimitRefusal, useLimitRefusals } from './limit-refusal';
import { REALITY_CHECK_CHOICES, useRealityCheck, useRealityCheckInterval } from './reality-check';
import { RealityCheckReminder } from './RealityCheckReminder';
import { GAMES_NEED_CONNECTION } from './play';
import { useOnline } from '../../shared/offline/connection';
import { Link } from '../../ui/Link';

const WalletAfterPlay = graphql`
  query GamePlayModalWalletQuery {
    viewer {
      id
      wallet {
        id
        combined {
          formatted
        }
      }
    }
  }
`;

/**
 * The game play modal: launches the game (launchGame, by code or by the ?play= number) and shows it full size;
 * the page behind does not scroll and the chat widget hides. A launch the casino refuses stops the game and shows
 * the casino's own message; stopping refreshes the wallet (the balance the spins left). A safer-gambling refusal
 * (docs/rules.md#safer-gambling) of the launch or of a spin is said on the game screen itself, with the way to the
 * Safer gambling page; so is the reality check, at the player's interval.
 */
export default function GamePlayModal({ params }: Pick<ModalProps<'game'>, 'params'>) {
  if (!params.code && !params.gameId)
    return (
      <Modal title="Choose a game" size="sm">
        <p>Pick a game from the lobby to play it.</p>
        <Button onClick={closeModal}>OK</Button>
      </Modal>
    );
  return <GamePlay code={params.code} gameId={params.gameId} demo={params.demo === true} />;
}

function GamePlay(props: { code: string | undefined; gameId: string | undefined; demo: boolean }) {
  const environment = useRelayEnvironment();
  const [launch] = useMutation<LaunchGameMutation>(graphql`
    mutation LaunchGameMutation($input: LaunchGameInput!) {
      launchGame(input: $input) {
        url
        game {
          id
          name
          ...TournamentEligibility_game
        }
        viewer {
          id
          recentGames(first: 10) {
            edges {
              node {
                id
              }
            }
          }
        }
      }
    }
  `);
  const [game, setGame] = useState<{
    url: string;
    name: string;
    /** Whether it scores in the player's tournaments (real play only). */
    ref: TournamentEligibility_game$key;
  } | null>(null);
  const started = useRef(false);
  const [reminderMinutes, chooseReminder] = useRealityCheckInterval();
  const reality = useRealityCheck(game !== null && !props.demo, reminderMinutes);
  /** The casino's refusal of the launch (the game does not start) or of a spin (the game stays). */
  const [refusal, setRefusal] = useState<string | null>(null);
  useLimitRefusals(game !== null && !props.demo, setRefusal);

  // Offline, nothing is sent: the launch waits for the network and starts by itself when it is back.
  const online = useOnline();
  useEffect(() => {
    // Once per opening (React's development double effects must not launch twice).
    if (started.current || !online) return;
    started.current = true;
    const gameId = props.gameId ? Number(props.gameId) : null;
    launch({
      input: {
        ...(props.code ? { code: props.code } : { backendGameId: gameId }),
        demo: props.demo,
      },
    }).then(
      (response) =>
        setGame({
          url: response.launchGame.url,
          name: response.launchGame.game.name,
          ref: response.launchGame.game,
        }),
      (err: Error) => {
        if (isLimitRefusal(err)) return setRefusal(err.message);
        closeModal();
        showAlert(err.message, 'The game could not start');
      },
    );
  }, [launch, props.code, props.gameId, props.demo, online]);

  // The spins have moved the balance: the header shows it fresh.
  const refreshWallet = () => fetchQuery(environment, WalletAfterPlay, {}).subscribe({});
  const stop = () => {
    closeModal();
    refreshWallet();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && stop()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus();
          }}
        >
          <div>
            <div className={styles.bar}>
              <Dialog.Title className={styles.title}>
                {game ? game.name : refusal ? 'The game could not start' : 'Starting the game'}
                {props.demo && <span className={styles.demo}>Demo</span>}
              </Dialog.Title>
              <div className={styles.tools}>
                {!props.demo && (
                  <label className={styles.reminder}>
                    Reminder every
                    <select value={reminderMinutes} onChange={(e) => chooseReminder(Number(e.target.value))}>
                      {REALITY_CHECK_CHOICES.map((m) => (
                        <option key={m} value={m}>
                          {m} min
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <Button variant="ghost" onClick={stop}>
                  Stop playing
                </Button>
              </div>
            </div>
            {game && !props.demo && <TournamentEligibility game={game.ref} strip onLeave={refreshWallet} />}
          </div>
          {!props.demo && (
            <Suspense fallback={null}>
              <BonusPlayNote />
            </Suspense>
          )}
          {reality.playedMinutes !== null && (
            <RealityCheckReminder
              playedMinutes={reality.playedMinutes}
              since={reality.startedAt}
              onKeepPlaying={reality.dismiss}
              onLeave={stop}
            />
          )}
          {refusal && (
            <div className={game ? styles.reality : styles.refusal} role="alert">
              <p>{refusal}</p>
              <div className={styles.realityActions}>
                <Button onClick={stop}>Stop playing</Button>
                <Link to="/account/safer-gambling" className={buttonClass('ghost')} onClick={stop}>
                  Safer gambling
                </Link>
              </div>
            </div>
          )}
          {game ? (
            <iframe className={styles.frame} src={game.url} title={game.name} allow="autoplay; fullscreen" />
          ) : refusal ? null : !online ? (
            <div className={styles.refusal} role="status">
              <p>{GAMES_NEED_CONNECTION}</p>
            </div>
          ) : (
            <div className={styles.loading}>
              <Spinner label="Starting the game" />
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
