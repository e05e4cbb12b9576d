import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { Leaderboard_tournament$key } from '../../__generated__/Leaderboard_tournament.graphql';
import type {
  TournamentCard_tournament$data,
  TournamentCard_tournament$key,
} from '../../__generated__/TournamentCard_tournament.graphql';
import { artSources } from '../../shared/low-data/art';
import { useLowData } from '../../shared/low-data/low-data';
import { openAuth } from '../../shared/modals/modal-store';
import { useLayout } from '../../shared/layout-context';
import { Button } from '../../ui/Button';
import { useNow } from './clock';
import { Leaderboard } from './Leaderboard';
import { useStageRefetch, useTournamentUpdates } from './live';
import { stageBadge } from './stage';
import { formatJohannesburg } from '../../ui/time';
import { formatCountdown, formatMinutes } from './time-format';
import { GamesThatCount } from './GamesThatCount';
import { openModal } from '../../shared/modals/modal-store';
import styles from './TournamentCard.module.css';
import { useJoinTournament } from './useJoinTournament';
import { useStartTournament } from './useStartTournament';
import { Link } from '../../ui/Link';

export const TournamentCardFragment = graphql`
  fragment TournamentCard_tournament on Tournament {
    id
    tournamentId
    name
    description
    image
    stage
    label
    nextStageAt
    registrationStart
    registrationEnd
    startsAt
    endsAt
    buyIn {
      formatted
    }
    buyInDurationMinutes
    prizePool {
      formatted
    }
    usersCount
    registrationOpen
    running
    inPlay
    countsAllGames
    minimumStake {
      formatted
    }
    joined
    myEntry {
      id
      position
      points
      startedAt
    }
    ...GamesThatCount_tournament
  }
`;

/**
 * One tournament: its art, its stage badge (the stage's colour, label and live countdown), its times in
 * Johannesburg time, buy-in and play time, prize pool, what the player can do (join, start), and its leaderboard.
 * While `watch` is set and the tournament has not ended, its changes arrive live.
 */
export function TournamentCard({
  tournament,
  rows,
  headingLevel,
  watch,
  priority = false,
  onFullLeaderboard,
  compact = false,
}: {
  /** The tournament, with `...TournamentCard_tournament` and `...Leaderboard_tournament @arguments(rows: rows)`. */
  tournament: TournamentCard_tournament$key & Leaderboard_tournament$key;
  /** The leaderboard rows the spread asked for: live updates and responses ask for the same. */
  rows: number;
  headingLevel: 2 | 3;
  watch: boolean;
  /** The first cards' art is fetched at once (it is on screen as the page opens). */
  priority?: boolean;
  /** Offers the whole top of the leaderboard elsewhere (the page's cards show only the first rows). */
  onFullLeaderboard?: () => void;
  /** Without the art (in the modal, where the details and leaderboard matter more than the poster). */
  compact?: boolean;
}) {
  const t = useFragment<TournamentCard_tournament$key>(TournamentCardFragment, tournament);
  const now = useNow();
  useStageRefetch(t.id, rows, t.nextStageAt, now);
  const live = watch && t.stage !== 'ENDED';
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <article className={styles.card} aria-labelledby={headingId} data-stage={t.stage}>
      {live && <Live id={t.id} rows={rows} />}
      {!compact && <Art src={t.image} priority={priority} />}
      <div className={styles.body}>
        <StageBadge
          facts={{ stage: t.stage, label: t.label, nextStageAt: t.nextStageAt, usersCount: t.usersCount }}
          now={now}
        />
        <Heading id={headingId} className={styles.name}>
          {t.name}
        </Heading>
        {t.description && <p className={styles.description}>{t.description}</p>}
        <dl className={styles.facts}>
          <div>
            <dt>Registration</dt>
            <dd>
              <Instant at={t.registrationStart} /> – <Instant at={t.registrationEnd} />
            </dd>
          </div>
          <div>
            <dt>Starts</dt>
            <dd>
              <Instant at={t.startsAt} />
            </dd>
          </div>
          <div>
            <dt>Ends</dt>
            <dd>
              <Instant at={t.endsAt} />
            </dd>
          </div>
          <div>
            <dt>Buy-in</dt>
            <dd>{t.buyIn ? t.buyIn.formatted : 'Free'}</dd>
          </div>
          <div>
            <dt>Play time</dt>
            <dd>
              {t.buyInDurationMinutes
                ? `${formatMinutes(t.buyInDurationMinutes)} per buy-in`
                : 'Until the end'}
            </dd>
          </div>
          {t.prizePool && (
            <div>
              <dt>Prize pool</dt>
              <dd className={styles.prize}>{t.prizePool.formatted}</dd>
            </div>
          )}
        </dl>
        {/* Once it has ended, which games counted no longer matters to anyone. */}
        {t.stage !== 'ENDED' && <GamesThatCount tournament={t} />}
        <Actions t={t} rows={rows} now={now} />
      </div>
      <div className={styles.board}>
        <Leaderboard tournament={tournament} headingLevel={headingLevel === 2 ? 3 : 4} live={live} />
        {onFullLeaderboard && t.usersCount > rows && (
          <button type="button" className={styles.more} onClick={onFullLeaderboard}>
            Full leaderboard<span className="visually-hidden"> of {t.name}</span>
          </button>
        )}
      </div>
    </article>
  );
}

/** Keeps the tournament's data live while it is mounted (a component, so it can come and go with the stage). */
function Live({ id, rows }: { id: string; rows: number }) {
  useTournamentUpdates(id, rows);
  return null;
}

function Instant({ at }: { at: string }) {
  return <time dateTime={at}>{formatJohannesburg(at)}</time>;
}

/** The stage in its fixed colour, with its countdown (or players) ticking on the shared clock. */
export function StageBadge({
  facts,
  now,
  className,
}: {
  facts: Parameters<typeof stageBadge>[0];
  now: number;
  className?: string;
}) {
  const badge = stageBadge(facts, now);
  return (
    <span
      className={`${styles.badge} ${className ?? ''}`}
      style={{ '--stage-colour': badge.colour } as CSSProperties}
      data-testid="stage-badge"
    >
      <span>{badge.label}</span>
      {badge.value !== null && <strong className={styles.badgeValue}>{badge.value}</strong>}
    </span>
  );
}

/** The tournament's art at a fixed 16:9 box (nothing moves as it loads); a plain panel when it cannot load. */
function Art({ src, priority }: { src: string | null | undefined; priority: boolean }) {
  const [failed, setFailed] = useState(false);
  const sources = src ? artSources(src, 800, useLowData()) : null;
  return (
    <div className={styles.art}>
      {sources && !failed && (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes="(max-width: 599px) 100vw, 400px"
          width={800}
          height={450}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}

type Card = TournamentCard_tournament$data;

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
};

/**
 * What the player can do now: join while registration is open (a guest is asked to log in; a buy-in is confirmed
 * first, since it takes money), start playing once a joined tournament runs, and see their own standing.
 */
function Actions({ t, rows, now }: { t: Card; rows: number; now: number }) {
  const { signedIn } = useLayout();
  const [join, joining] = useJoinTournament();
  const [start, starting] = useStartTournament();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  // The buttons come and go as the player moves through joining: focus follows, so the keyboard never falls back
  // to the top of the page (to the confirmation, back to Join on cancel, to the result once in).
  const focusNext = useRef<'confirm' | 'join' | 'status' | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target =
      focusNext.current && box.current?.querySelector<HTMLElement>(`[data-focus="${focusNext.current}"]`);
    if (target) {
      target.focus();
      focusNext.current = null;
    }
  });

  const doJoin = () => {
    setError(null);
    join(t.id, rows, {
      onJoined: () => {
        focusNext.current = 'status';
        setConfirming(false);
      },
      onFailed: setError,
    });
  };

  return (
    <div ref={box} className={styles.actionsBox}>
      {content()}
    </div>
  );

  function content() {
    if (t.stage === 'ENDED') {
      return t.joined && t.myEntry ? (
        <p className={styles.status}>
          You finished {ordinal(t.myEntry.position)} with {t.myEntry.points} points.
        </p>
      ) : null;
    }

    if (!t.joined) {
      if (!t.registrationOpen) {
        return (
          <p className={styles.note}>
            {t.stage === 'COMING_UP' ? (
              <>
                Registration opens <Instant at={t.registrationStart} />.
              </>
            ) : (
              'Registration is closed.'
            )}
          </p>
        );
      }
      const joinLabel = t.buyIn ? `Join for ${t.buyIn.formatted}` : 'Join for free';
      if (confirming && t.buyIn) {
        return (
          <div className={styles.confirm} role="group" aria-label="Confirm the buy-in">
            <p>
              Joining takes <strong>{t.buyIn.formatted}</strong> from your balance
              {t.buyInDurationMinutes ? ` for ${formatMinutes(t.buyInDurationMinutes)} of play` : ''}.
            </p>
            {/* What the money buys, before it is committed: the prize, and which spins will score. */}
            <dl className={styles.terms}>
              <div>
                <dt>Buy-in</dt>
                <dd>{t.buyIn.formatted}</dd>
              </div>
              {t.prizePool && (
                <div>
                  <dt>Prize pool</dt>
                  <dd>{t.prizePool.formatted}</dd>
                </div>
              )}
              <div>
                <dt>Minimum stake</dt>
                <dd>{t.minimumStake ? `${t.minimumStake.formatted} a spin` : 'None'}</dd>
              </div>
            </dl>
            <GamesThatCount tournament={t} compact />
            <div className={styles.buttons}>
              <Button data-focus="confirm" variant="accent" onClick={doJoin} disabled={joining}>
                {joining ? 'Joining…' : `Pay ${t.buyIn.formatted} and join`}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  focusNext.current = 'join';
                  setConfirming(false);
                }}
                disabled={joining}
              >
                Cancel
              </Button>
            </div>
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
          </div>
        );
      }
      return (
        <div className={styles.actions}>
          <Button
            data-focus="join"
            variant="accent"
            disabled={joining}
            onClick={() => {
              if (!signedIn) openAuth('login');
              else if (t.buyIn) {
                focusNext.current = 'confirm';
                setConfirming(true);
              } else doJoin();
            }}
          >
            {joining ? 'Joining…' : joinLabel}
          </Button>
          {!signedIn && <span className={styles.note}>Log in to join.</span>}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </div>
      );
    }

    const entry = t.myEntry;
    const windowEnd =
      entry?.startedAt && t.buyInDurationMinutes
        ? new Date(entry.startedAt).getTime() + t.buyInDurationMinutes * 60_000
        : null;
    return (
      <div className={styles.actions}>
        <p data-focus="status" tabIndex={-1} className={styles.status}>
          <span aria-hidden="true">✓ </span>You’re in
          {entry && t.inPlay && (
            <>
              {' '}
              · {ordinal(entry.position)} with {entry.points} points
            </>
          )}
        </p>
        {/* Start playing opens the chooser; the clock starts only when the player opens a game that counts. */}
        {t.inPlay && !entry?.startedAt && !started && (
          <Button
            onClick={() =>
              start(t.id, rows, () => {
                setStarted(true);
                openModal('tournamentGames', { tournament: t.id });
              })
            }
            disabled={starting}
          >
            {starting ? 'Starting…' : 'Start playing'}
          </Button>
        )}
        {t.inPlay && (entry?.startedAt || started) && (
          <>
            {windowEnd !== null && (
              <p className={styles.note}>
                Play time left <strong className={styles.countdown}>{formatCountdown(windowEnd, now)}</strong>
              </p>
            )}
            {/* Only the games that score: all of them, or this tournament's list. */}
            {t.countsAllGames ? (
              <Link to="/webplay/all" className={styles.play}>
                Choose a game
              </Link>
            ) : (
              <button
                type="button"
                className={styles.play}
                onClick={() => openModal('tournamentGames', { tournament: t.id })}
              >
                Choose a game
              </button>
            )}
          </>
        )}
        {!t.inPlay && <p className={styles.note}>You can play once the tournament starts.</p>}
      </div>
    );
  }
}
