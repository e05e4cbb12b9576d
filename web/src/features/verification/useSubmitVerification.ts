import { graphql } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { useMutation } from '../../shared/relay/useMutation';
import type { useSubmitVerificationMutation } from '../../__generated__/useSubmitVerificationMutation.graphql';

/**
 * Sends the uploaded documents for review (submitVerification): the verification comes back PENDING. It has no id
 * of its own (it is the viewer's), so the updater puts the payload's in the viewer's place: the page (and anything
 * else reading Viewer.verification) shows it at once.
 */
export const useSubmitVerification = () =>
  useMutation<useSubmitVerificationMutation>(
    graphql`
      mutation useSubmitVerificationMutation {
        submitVerification {
          verification {
            ...VerificationPage_verification
          }
        }
      }
    `,
    {
      updater: (store: RecordSourceSelectorProxy) => {
        const verification = store.getRootField('submitVerification')?.getLinkedRecord('verification');
        const viewer = store.getRoot().getLinkedRecord('viewer');
        if (verification && viewer) viewer.setLinkedRecord(verification, 'verification');
      },
    },
  );
