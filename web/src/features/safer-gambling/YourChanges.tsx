import { graphql, useFragment } from 'react-relay';
import type { YourChanges_safeGambling$key } from '../../__generated__/YourChanges_safeGambling.graphql';
import { formatJohannesburg } from '../../ui/time';
import { LimitsSection } from './LimitsSection';
import styles from './limits.module.css';

/** "Your changes": every change the player made to these tools, newest first, as the casino's audit keeps it. */
export function YourChanges({ safeGambling }: { safeGambling: YourChanges_safeGambling$key }) {
  const { history } = useFragment(
    graphql`
      fragment YourChanges_safeGambling on SafeGambling {
        history(first: 20) {
          at
          description
        }
      }
    `,
    safeGambling,
  );
  return (
    <LimitsSection id="your-changes" title="Your changes">
      <p>The last 20 changes you made here, newest first. The casino keeps every one.</p>
      {history.length === 0 ? (
        <p>You have not changed anything yet.</p>
      ) : (
        <ol className={styles.history}>
          {history.map((change, i) => (
            <li key={`${i}-${change.at}`}>
              <time dateTime={change.at}>{formatJohannesburg(change.at)}</time>
              <span>{change.description}</span>
            </li>
          ))}
        </ol>
      )}
    </LimitsSection>
  );
}
