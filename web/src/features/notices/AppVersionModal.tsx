import { Modal } from '../../shared/modals/Modal';
import type { ModalProps } from '../../shared/modals/registry';
import { Button } from '../../ui/Button';
import styles from './notices.module.css';

/** A newer version of the site is out: reloading picks it up. */
export default function AppVersionModal({ site }: Pick<ModalProps<'app-version'>, 'site'>) {
  const version = site.appVersion ?? '';
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
