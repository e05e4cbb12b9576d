import { graphql, useLazyLoadQuery } from 'react-relay';
import type { BonusPlayNoteQuery } from '../../__generated__/BonusPlayNoteQuery.graphql';
import styles from './GamePlayModal.module.css';

/**
 * While the player has bonus money, the game screen says which balance stakes come from and where a win goes
 * (docs/rules.md#bonus-money); the game itself names the balance of each spin. Read from what the header already
 * has when it can; says nothing without a bonus.
 */
export function BonusPlayNote() {
  const data = useLazyLoadQuery<BonusPlayNoteQuery>(
    graphql`
      query BonusPlayNoteQuery {
        viewer {
          id
          wallet {
            id
            money {
              formatted
            }
            bonus {
              cents
              formatted
            }
            bonusWagering {
              remaining {
                formatted
              }
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const wallet = data.viewer?.wallet;
  if (!wallet || wallet.bonus.cents <= 0) return null;
  return (
    <p className={styles.bonusNote}>
      <strong>Bonus active:</strong> stakes come from your cash ({wallet.money.formatted}) first, then from
      your bonus ({wallet.bonus.formatted}). A win goes back to the balance its stake came from
      {wallet.bonusWagering
        ? `; wager ${wallet.bonusWagering.remaining.formatted} more to turn the bonus into cash.`
        : '.'}
    </p>
  );
}
