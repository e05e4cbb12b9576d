import { useConnection } from '../../shared/offline/connection';
import styles from './ConnectionNotice.module.css';

/** The offline notice's words (docs/architecture.md#offline-and-flaky-data): what is on screen, and that it comes back. */
const OFFLINE_NOTICE = "You're offline. This is what you last saw; it updates when you're back online.";

/**
 * The bar under the header that says the connection is gone (the screen is what the site kept) or being made again
 * (a request waits to be retried, or the live updates reconnect). The status region is always there, empty while
 * all is well, so a screen reader announces the change when it comes.
 */
export function ConnectionNotice() {
  const state = useConnection();
  return (
    <div role="status" className={state === 'online' ? undefined : styles[state]}>
      {state === 'offline' ? OFFLINE_NOTICE : state === 'reconnecting' ? 'Reconnecting…' : null}
    </div>
  );
}
