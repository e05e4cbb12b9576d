import { graphql } from 'react-relay';

/*
 * A deposit as the cashier's watch reads it (features/cashier/deposit-watch.ts), from a status check and from the
 * casino's live DepositEvent alike (features/live/ViewerEvents.tsx): both spread it unmasked, since the watch reads
 * it outside React.
 */
export const DepositStatusFields = graphql`
  fragment DepositStatusFields_status on DepositStatus {
    id
    paymentId
    status
    failureReason
    amount {
      formatted
    }
    bonus {
      cents
      formatted
    }
    wageringRequired {
      formatted
    }
  }
`;
