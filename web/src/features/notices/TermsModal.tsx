import { Modal } from '../../app/modals/Modal';
import styles from './notices.module.css';

/** The terms and conditions as the site's settings give them, in paragraphs. */
export default function TermsModal({ version, text }: { version: string; text: string }) {
  return (
    <Modal title="Terms and conditions" description={`Version ${version}`}>
      <div className={styles.scroll} tabIndex={0} role="region" aria-label="Terms text">
        {text.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </Modal>
  );
}
