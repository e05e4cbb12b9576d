import { graphql } from 'react-relay';
import { useMutation } from '../../shared/relay/useMutation';
import type { useStartVerificationUploadMutation } from '../../__generated__/useStartVerificationUploadMutation.graphql';

/**
 * Asks the casino for a single-use address to upload one document to (startVerificationUpload): the file then
 * goes there from the browser (./upload.ts). A type or size the casino does not take is refused as BAD_USER_INPUT.
 */
export const useStartVerificationUpload = () =>
  useMutation<useStartVerificationUploadMutation>(graphql`
    mutation useStartVerificationUploadMutation($input: StartVerificationUploadInput!) {
      startVerificationUpload(input: $input) {
        document {
          id
          kind
          status
        }
        uploadUrl
        expiresAt
      }
    }
  `);
