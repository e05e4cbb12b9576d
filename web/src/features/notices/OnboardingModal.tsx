import { graphql } from 'react-relay';
import { Modal } from '../../shared/modals/Modal';
import { closeModal } from '../../shared/modals/modal-store';
import { useMutation } from '../../shared/relay/useMutation';
import { Button } from '../../ui/Button';
import type { CompleteOnboardingMutation } from '../../__generated__/CompleteOnboardingMutation.graphql';
import styles from './notices.module.css';

const STEPS = [
  [
    'Find your game',
    'Browse about 350 slots, live tables and more. Use the filter bar to search by provider or theme.',
  ],
  [
    'Fund your wallet',
    'Deposit in rand by instant EFT, card, voucher or bitcoin. Same-day payouts before 1pm.',
  ],
  [
    'Collect rewards',
    'Every real-money spin earns diamonds toward loyalty chests, and tournaments pay weekly.',
  ],
];

/** The first-visit tour; finishing it is kept by the casino so it never shows again. */
export default function OnboardingModal() {
  const [complete, busy] = useMutation<CompleteOnboardingMutation>(graphql`
    mutation CompleteOnboardingMutation {
      completeOnboarding {
        viewer {
          id
          onboardingSeen
        }
      }
    }
  `);
  // Closed either way: a tour the casino could not record shows again next visit, nothing worse.
  const finish = () =>
    void complete({})
      .finally(closeModal)
      .catch(() => {});
  return (
    <Modal title="Welcome to PlayLive" onClose={finish}>
      <ol className={styles.steps}>
        {STEPS.map(([title, text]) => (
          <li key={title}>
            <strong>{title}</strong>
            <span>{text}</span>
          </li>
        ))}
      </ol>
      <Button variant="accent" onClick={finish} disabled={busy}>
        Let&apos;s play
      </Button>
    </Modal>
  );
}
