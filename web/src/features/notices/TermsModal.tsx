import { Modal } from '../../shared/modals/Modal';
import type { ModalProps } from '../../shared/modals/registry';
import ComingSoonModal from './ComingSoonModal';
import styles from './notices.module.css';

/** The terms and conditions as the site's settings give them, in paragraphs (or a notice when they did not load). */
export default function TermsModal({ site }: Pick<ModalProps<'terms'>, 'site'>) {
  if (!site.terms)
    return <ComingSoonModal title="Terms and conditions" about="Our terms could not be loaded right now." />;
  return (
    <Modal title="Terms and conditions" description={`Version ${site.terms.version}`}>
      <div className={styles.scroll} tabIndex={0} role="region" aria-label="Terms text">
        {site.terms.text.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
    </Modal>
  );
}
