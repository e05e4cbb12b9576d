import { graphql, useFragment } from 'react-relay';
import type { LoyaltyIcon_loyalty$key } from '../../__generated__/LoyaltyIcon_loyalty.graphql';
import { openModal } from '../../shared/modals/modal-store';
import { DIAMONDS_PER_CHEST } from './tiers';
import styles from './LoyaltyIcon.module.css';

/** The ring's circumference (r = 17 in a 40 x 40 box). */
const RING = 2 * Math.PI * 17;

/**
 * The header's loyalty chest: a ring that fills with each diamond toward the next chest of the current tier, and a
 * badge with the chests ready. It reads the Loyalty record, so live progress and new diamonds (viewerEvents) and an
 * opened chest change it where it stands.
 */
export function LoyaltyIcon({
  loyalty,
  className,
}: {
  loyalty: LoyaltyIcon_loyalty$key | null;
  className: string | undefined;
}) {
  const data = useFragment(
    graphql`
      fragment LoyaltyIcon_loyalty on Loyalty {
        balance
        currentTier
        tiers {
          tier
          diamondsTowardNextChest
        }
      }
    `,
    loyalty,
  );
  const ready = data?.balance ?? 0;
  const toward = data?.tiers.find((t) => t.tier === data.currentTier)?.diamondsTowardNextChest ?? 0;
  const label = data
    ? `Loyalty chests, ${ready} ready, ${toward} of ${DIAMONDS_PER_CHEST} diamonds toward the next chest`
    : 'Loyalty chests';
  return (
    <button type="button" className={className} onClick={() => openModal('loyalty')} aria-label={label}>
      <svg className={styles.ring} viewBox="0 0 40 40" aria-hidden="true">
        <circle cx="20" cy="20" r="17" className={styles.track} />
        <circle
          cx="20"
          cy="20"
          r="17"
          className={styles.fill}
          strokeDasharray={RING}
          strokeDashoffset={RING * (1 - toward / DIAMONDS_PER_CHEST)}
          data-diamonds={toward}
        />
      </svg>
      <svg className={styles.chest} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 10a5 5 0 0 1 5-5h8a5 5 0 0 1 5 5v9H3v-9Z" />
        <path d="M3 11h18M11 10h2v4h-2z" />
      </svg>
      {ready > 0 && <span className={styles.badge}>{ready > 99 ? '99+' : ready}</span>}
    </button>
  );
}
