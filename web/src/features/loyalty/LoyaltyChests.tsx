import { graphql, useFragment } from 'react-relay';
import type {
  LoyaltyChests_loyalty$key,
  LoyaltyTierName,
} from '../../__generated__/LoyaltyChests_loyalty.graphql';
import { Button } from '../../ui/Button';
import { DIAMONDS_PER_CHEST, tierColour, tierLabel } from './tiers';
import { useOpenChest } from './useOpenChest';
import styles from './LoyaltyModal.module.css';

/**
 * The player's loyalty (docs/rules.md#loyalty): chests ready, the current tier, progress toward the next diamond,
 * and per tier its diamonds on the tier's threshold bar, the diamonds toward its next chest, its chests ready (with
 * a button to open one) and whether it is used up (never Black). Everything reads the Loyalty record, which live
 * events keep current.
 */
export function LoyaltyChests({ loyalty }: { loyalty: LoyaltyChests_loyalty$key }) {
  const data = useFragment(
    graphql`
      fragment LoyaltyChests_loyalty on Loyalty {
        balance
        progressPercent
        currentTier
        tiers {
          tier
          diamonds
          used
          chests
          diamondsTowardNextChest
          fullyUsed
          thresholds
          cap
        }
      }
    `,
    loyalty,
  );
  const chest = useOpenChest();

  return (
    <div className={styles.body}>
      <dl className={styles.summary}>
        <div>
          <dt>Chests ready</dt>
          <dd className={styles.big} data-testid="chests-ready">
            {data.balance}
          </dd>
        </div>
        <div>
          <dt>Current tier</dt>
          <dd className={styles.big}>
            <Gem tier={data.currentTier} />
            {tierLabel(data.currentTier)}
          </dd>
        </div>
      </dl>

      <div className={styles.next}>
        <p id="loyalty-next-diamond" className={styles.nextLabel}>
          Next diamond: <strong>{data.progressPercent}%</strong>
        </p>
        <div
          className={styles.meter}
          role="progressbar"
          aria-labelledby="loyalty-next-diamond"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={data.progressPercent}
        >
          <span style={{ width: `${data.progressPercent}%` }} />
        </div>
        <p className={styles.hint}>
          Real-money play earns diamonds. Every {DIAMONDS_PER_CHEST} diamonds in a tier make a chest.
        </p>
      </div>

      <div aria-live="polite" className={styles.outcome}>
        {chest.opened && (
          <p className={styles.reward}>
            You opened a {tierLabel(chest.opened.tier)} chest and won <strong>{chest.opened.reward}</strong>.
            It is in your balance.
          </p>
        )}
      </div>
      {chest.failure && (
        <p role="alert" className={styles.failure}>
          {chest.failure}
        </p>
      )}

      <ul className={styles.tiers} aria-label="Tiers">
        {data.tiers.map((t) => (
          <li
            key={t.tier}
            className={`${styles.tier} ${t.tier === data.currentTier ? styles.current : ''}`}
            aria-label={tierLabel(t.tier)}
            style={{ '--tier-colour': tierColour(t.tier) } as React.CSSProperties}
          >
            <div className={styles.tierHead}>
              <h3 className={styles.tierName}>
                <Gem tier={t.tier} />
                {tierLabel(t.tier)}
                {t.tier === data.currentTier && <span className={styles.currentTag}>Current</span>}
              </h3>
              <span className={styles.tierDiamonds}>
                {t.diamonds} {t.diamonds === 1 ? 'diamond' : 'diamonds'}
              </span>
            </div>

            <Thresholds thresholds={t.thresholds} cap={t.cap ?? null} diamonds={t.diamonds} tier={t.tier} />

            <p className={styles.toward}>
              <Pips count={t.diamondsTowardNextChest} />
              <span>
                {t.fullyUsed
                  ? 'All chests of this tier are used'
                  : `${t.diamondsTowardNextChest} of ${DIAMONDS_PER_CHEST} diamonds toward the next chest`}
              </span>
            </p>

            <div className={styles.tierFoot}>
              <p className={styles.chests}>
                <strong>
                  {t.chests === 0
                    ? 'No chest ready'
                    : `${t.chests} ${t.chests === 1 ? 'chest' : 'chests'} ready`}
                </strong>
                <span className={styles.cap}>
                  {t.cap === null || t.cap === undefined
                    ? `No limit on ${tierLabel(t.tier)}`
                    : `${t.used} of ${t.cap} diamonds used`}
                </span>
              </p>
              {t.chests > 0 && (
                <Button
                  variant="accent"
                  disabled={chest.opening}
                  onClick={() => chest.open(t.tier)}
                  aria-label={`Open a ${tierLabel(t.tier)} chest`}
                >
                  {chest.opening ? 'Opening…' : 'Open a chest'}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The tier's gem, in its colour (decorative: the tier's name is beside it). */
function Gem({ tier }: { tier: LoyaltyTierName }) {
  return (
    <svg className={styles.gem} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6 3h12l4 6-10 12L2 9l4-6Z" fill={tierColour(tier)} stroke="#f2f3f8" strokeWidth="1.2" />
      <path d="M2 9h20M9 3l3 18M15 3l-3 18" stroke="rgb(255 255 255 / 0.45)" strokeWidth="1" fill="none" />
    </svg>
  );
}

/** Ten pips, the first `count` lit: the diamonds toward the next chest at a glance. */
function Pips({ count }: { count: number }) {
  return (
    <span className={styles.pips} aria-hidden="true">
      {Array.from({ length: DIAMONDS_PER_CHEST }, (_, i) => (
        <span key={i} className={i < count ? styles.pipOn : styles.pip} />
      ))}
    </span>
  );
}

/**
 * The tier's progress bar: its diamonds against the tier's thresholds, each marked and labelled. The thresholds and
 * the cap are the casino's (the gateway's LoyaltyTier); the bar runs to the highest of the last threshold, the cap
 * and the diamonds themselves, so the number beside it always fits on it (Bronze's 100 diamonds are not shown on a
 * bar that ends at 40), and its end is labelled.
 */
function Thresholds({
  thresholds,
  cap,
  diamonds,
  tier,
}: {
  thresholds: readonly number[];
  cap: number | null;
  diamonds: number;
  tier: LoyaltyTierName;
}) {
  const top = Math.max(thresholds[thresholds.length - 1] ?? 0, cap ?? 0, diamonds);
  const marks = thresholds.includes(top) || top === 0 ? thresholds : [...thresholds, top];
  const filled = top > 0 ? Math.min(100, (diamonds / top) * 100) : 0;
  return (
    <div className={styles.thresholds}>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={`${tierLabel(tier)} diamonds`}
        aria-valuemin={0}
        aria-valuemax={top}
        aria-valuenow={diamonds}
      >
        <span style={{ width: `${filled}%` }} />
      </div>
      <ol className={styles.marks} aria-label={`${tierLabel(tier)} thresholds`}>
        {marks.map((mark) => (
          <li
            key={mark}
            style={{ left: `${top > 0 ? (mark / top) * 100 : 0}%` }}
            className={diamonds >= mark ? styles.reached : ''}
          >
            {mark}
          </li>
        ))}
      </ol>
    </div>
  );
}
