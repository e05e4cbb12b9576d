import { graphql } from 'react-relay';

/*
 * The wallet's balances as every live update and write reads them again: a wallet event, a snapshot, a coupon, a
 * withdrawal, a deposit that settled and an opened chest all select these, so the header's balance (and any screen reading the same Wallet record, which Relay keys
 * by id) shows the new amounts without a request of its own.
 */
export const WalletFields = graphql`
  fragment WalletFields_wallet on Wallet {
    id
    money {
      cents
      amount
      formatted
    }
    bonus {
      cents
      amount
      formatted
    }
    combined {
      cents
      amount
      formatted
    }
    canWithdraw
    withdrawable {
      cents
      formatted
    }
    locked {
      cents
      formatted
    }
    withdrawLock
    bonusWagering {
      code
      bonusAmount {
        formatted
      }
      required {
        formatted
      }
      wagered {
        formatted
      }
      remaining {
        formatted
      }
      progressPercent
    }
    welcomePackage {
      available
      unavailableReason
    }
  }
`;
