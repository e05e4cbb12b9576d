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
import { isLimitRefusal, isRealityCheckDue, useLimitRefusals } from './limit-refusal';
import {
  REALITY_CHECK_CHOICES,
  useAnswerRealityCheck,
  useRealityCheck,
  useRealityCheckInterval,
} from './reality-check';
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
 * Safer gambling page; so is the reality check, at the player's interval or as soon as the casino pauses play for it
 * (REALITY_CHECK_DUE, on a spin or a launch): while it is up the game is covered and inert (no click or key reaches
 * it) until the player answers, and the answer goes to the casino (answerRealityCheck), which holds spins till then.
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
  /** Which launch attempt was sent (a launch paused for the reality check is tried again once it is answered). */
  const started = useRef(-1);
  const [attempt, setAttempt] = useState(0);
  const [reminderMinutes, chooseReminder] = useRealityCheckInterval();
  const reality = useRealityCheck(game !== null && !props.demo, reminderMinutes);
  const answerRealityCheck = useAnswerRealityCheck();
  const [answering, setAnswering] = useState(false);
  /** The casino paused the launch itself for the reality check: the game starts once the player answers. */
  const [launchPaused, setLaunchPaused] = useState(false);
  /** The casino's refusal of the launch (the game does not start) or of a spin (the game stays). */
  const [refusal, setRefusal] = useState<string | null>(null);
  useLimitRefusals(game !== null && !props.demo, setRefusal, reality.show);
  const paused = reality.playedMinutes !== null;

  // Offline, nothing is sent: the launch waits for the network and starts by itself when it is back.
  const online = useOnline();
  useEffect(() => {
    // Once per attempt (React's development double effects must not launch twice).
    if (started.current === attempt || !online) return;
    started.current = attempt;
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
        if (isRealityCheckDue(err)) {
          setLaunchPaused(true);
          return reality.show();
        }
        if (isLimitRefusal(err)) return setRefusal(err.message);
        closeModal();
        showAlert(err.message, 'The game could not start');
      },
    );
    // reality.show is stable; the effect runs again only for a new attempt.
  }, [launch, props.code, props.gameId, props.demo, online, attempt]);

  // The spins have moved the balance: the header shows it fresh.
  const refreshWallet = () => fetchQuery(environment, WalletAfterPlay, {}).subscribe({});
  const stop = () => {
    closeModal();
    refreshWallet();
  };
  /** The reminder's answers: the casino has each before the screen moves on. */
  const keepPlaying = () => {
    setAnswering(true);
    void answerRealityCheck('CONTINUE').then(() => {
      setAnswering(false);
      reality.dismiss();
      if (launchPaused) {
        setLaunchPaused(false);
        setAttempt((a) => a + 1);
      }
    });
  };
  const stopSession = () => {
    setAnswering(true);
    void answerRealityCheck('STOP').then(stop);
  };
  const leaveForTools = () => {
    void answerRealityCheck('STOP');
    stop();
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
                {game
                  ? game.name
                  : refusal
                    ? 'The game could not start'
                    : launchPaused
                      ? 'Reality check'
                      : 'Starting the game'}
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
          {/* The game is covered while the reminder is up: no pointer reaches it (and the frame is inert to keys). */}
          {paused && <div className={styles.pauseCover} aria-hidden="true" />}
          {reality.playedMinutes !== null && (
            <RealityCheckReminder
              playedMinutes={reality.playedMinutes}
              since={reality.startedAt}
              onKeepPlaying={keepPlaying}
              onStop={stopSession}
              onLeave={leaveForTools}
              answering={answering}
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
            <iframe
              className={styles.frame}
              src={game.url}
              title={game.name}
              allow="autoplay; fullscreen"
              inert={paused}
              aria-hidden={paused || undefined}
              tabIndex={paused ? -1 : undefined}
            />
          ) : refusal || launchPaused ? null : !online ? (
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
