import type { VerificationDocumentKind } from '../../__generated__/VerificationPage_verification.graphql';

/*
 * The documents FICA verification asks for (docs/rules.md#know-your-player), as the page describes them. Which are
 * still needed is the casino's to say (Verification.missing); these are only their names and what each may be.
 */

export const KINDS: readonly { kind: VerificationDocumentKind; title: string; description: string }[] = [
  {
    kind: 'IDENTITY',
    title: 'Identity document',
    description:
      'Your green ID book (the page with your photo), smart ID card (the front) or passport (the photo page).',
  },
  {
    kind: 'PROOF_OF_ADDRESS',
    title: 'Proof of address',
    description:
      'A utility bill, bank or municipal statement, or lease in your name, showing your address and not older than three months.',
  },
  {
    kind: 'BANK_STATEMENT',
    title: 'Bank statement (optional)',
    description: 'A statement showing the account we pay your withdrawals into, if we ask you to confirm it.',
  },
];

/** A kind as a sentence names it: "Still needed: your identity document and a proof of address." */
export const KIND_NAMES: Partial<Record<VerificationDocumentKind, string>> = {
  IDENTITY: 'your identity document',
  PROOF_OF_ADDRESS: 'a proof of address',
  BANK_STATEMENT: 'a bank statement',
};
