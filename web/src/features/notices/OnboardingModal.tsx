import { graphql, useMutation } from 'react-relay';
import { Modal } from '../../app/modals/Modal';
import { closeModal } from '../../app/modals/modal-store';
import { Button } from '../../ui/Button';
import type { OnboardingModalCompleteMutation } from '../../__generated__/OnboardingModalCompleteMutation.graphql';
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
  const [complete, busy] = useMutation<OnboardingModalCompleteMutation>(graphql`
    mutation OnboardingModalCompleteMutation {
      completeOnboarding {
        viewer {
          id
          onboardingSeen
        }
      }
    }
  `);
  const finish = () => complete({ variables: {}, onCompleted: closeModal, onError: closeModal });
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
