import { graphql, useFragment } from 'react-relay';
import type { WageringDetails_wagering$key } from '../../__generated__/WageringDetails_wagering.graphql';
import { walletLabel } from './rules';
import styles from './coupons.module.css';
import { WageringBar } from './WageringBar';

/** The active bonus's wagering: its figures where the backend gives them, the progress, and each wallet. */
export function WageringDetails(props: { wagering: WageringDetails_wagering$key }) {
  const w = useFragment(
    graphql`
      fragment WageringDetails_wagering on Wagering {
        active
        code
        bonusAmount {
          formatted
        }
        bonusBalance {
          formatted
        }
        required {
          formatted
        }
        wagered {
          formatted
        }
        remaining {
          formatted
        }
        progressPercent
        wallets {
          gateway
          balance {
            formatted
          }
        }
      }
    `,
    props.wagering,
  );
  const figures: [string, string | undefined][] = [
    ['Bonus', w.bonusAmount?.formatted],
    ['Bonus balance', w.bonusBalance?.formatted],
    ['Wagering required', w.required?.formatted],
    ['Wagered so far', w.wagered?.formatted],
    ['Left to wager', w.remaining?.formatted],
  ];
  return (
    <>
      {w.active && (
        <section className={styles.card} aria-label="Your bonus">
          {w.code && (
            <div className={styles.cardHead}>
              <span className={styles.code}>{w.code}</span>
            </div>
          )}
          <WageringBar
            percent={w.progressPercent}
            wagered={w.wagered?.formatted ?? null}
            required={w.required?.formatted ?? null}
          />
          <dl className={styles.figures}>
            {figures
              .filter((f): f is [string, string] => f[1] !== undefined)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </section>
      )}
      {w.wallets.length > 0 && (
        <section className={styles.group} aria-label="Your wallets">
          <h3 className={styles.subhead}>Your wallets</h3>
          <ul className={styles.wallets}>
            {w.wallets.map((wallet) => (
              <li key={wallet.gateway}>
                <span>{walletLabel(wallet.gateway)}</span>
                <span className={styles.amount}>{wallet.balance.formatted}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
