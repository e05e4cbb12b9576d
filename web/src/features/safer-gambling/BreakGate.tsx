import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { useMatches } from 'react-router';
import type { BreakGate_query$key } from '../../__generated__/BreakGate_query.graphql';
import { useLayout } from '../../shared/layout-context';
import { PageHead } from '../../shared/page/PageHead';
import { openModal } from '../../shared/modals/modal-store';
import { Button } from '../../ui/Button';
import { formatJohannesburg } from '../../ui/time';
import styles from './breaks.module.css';
import { Link } from '../../ui/Link';

/** A route's handle flag: its screen shows games or promotions, so a player on a break sees the calm page instead. */
export interface PausedOnBreak {
  pausedOnBreak?: boolean;
}

/**
 * A player on a break (docs/rules.md#safer-gambling) sees no games and no promotions: on the routes that show them
 * (their handle says `pausedOnBreak`), the layout's screen is this calm page instead, saying until when, their
 * balance, Withdraw (the cashier's withdraw tab) and a way to the Safer gambling page. The casino refuses real play
 * all the same; this is so the site does not tempt. Guests and players who may play see the screen itself: the
 * layout's own query carries the restriction, so nothing more is asked.
 */
export function BreakGate(props: { query: BreakGate_query$key; children: ReactNode }) {
  const data = useFragment(
    graphql`
      fragment BreakGate_query on Query {
        viewer {
          safeGambling {
            restriction {
              kind
              endsAt
            }
          }
          wallet {
            combined {
              formatted
            }
          }
        }
      }
    `,
    props.query,
  );
  const { signedIn } = useLayout();
  const paused = useMatches().some((match) => (match.handle as PausedOnBreak | undefined)?.pausedOnBreak);
  const restriction = signedIn ? data.viewer?.safeGambling?.restriction : null;
  if (!paused || !restriction || new Date(restriction.endsAt) <= new Date()) return <>{props.children}</>;
  return (
    <BreakPage
      kind={restriction.kind}
      until={formatJohannesburg(restriction.endsAt)}
      balance={data.viewer?.wallet?.combined.formatted ?? null}
    />
  );
}

function BreakPage({ kind, until, balance }: { kind: string; until: string; balance: string | null }) {
  const title = kind === 'BREAK' ? "You're taking a break" : 'You have excluded yourself';
  return (
    <div className={styles.calm}>
      <PageHead title={title} />
      <h1>{title}</h1>
      <p>
        until <strong className={styles.nowrap}>{until}</strong>
      </p>
      <p>
        Games, deposits and promotions are paused until then. You can still withdraw your money at any time.
      </p>
      {balance && (
        <p className={styles.balance}>
          Your balance: <strong>{balance}</strong>
        </p>
      )}
      <div className={styles.calmActions}>
        <Button onClick={() => openModal('wallet', { tab: 'withdraw' })}>Withdraw</Button>
        <Link to="/account/safer-gambling">Safer gambling</Link>
      </div>
    </div>
  );
}
