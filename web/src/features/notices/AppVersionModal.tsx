import { Modal } from '../../app/modals/Modal';
import { Button } from '../../ui/Button';
import styles from './notices.module.css';

/** A newer version of the site is out: reloading picks it up. */
export default function AppVersionModal({ version }: { version: string }) {
  return (
    <Modal title="A new version of PlayLive is ready" size="sm">
      <p>
        Version {version} is out with improvements and fixes. Reload to get it; your session stays signed in.
      </p>
      <div className={styles.actions}>
        <Button variant="accent" onClick={() => window.location.reload()}>
          Reload now
        </Button>
      </div>
    </Modal>
  );
}
