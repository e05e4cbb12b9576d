import { useCallback, useState } from 'react';
import { fetchQuery, graphql, useFragment, useLazyLoadQuery, useRelayEnvironment } from 'react-relay';
import type {
  VerificationDocumentKind,
  VerificationPage_verification$data,
  VerificationPage_verification$key,
} from '../../__generated__/VerificationPage_verification.graphql';
import type { VerificationPageQuery } from '../../__generated__/VerificationPageQuery.graphql';
import { errorMessage } from '../../shared/error-message';
import { Page } from '../../shared/page/Page';
import { Protected } from '../../shared/page/Protected';
import { useReload } from '../../shared/relay/useReload';
import { Button } from '../../ui/Button';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { formatJohannesburg } from '../../ui/time';
import { DocumentCard } from './DocumentCard';
import { KINDS, KIND_NAMES } from './kinds';
import { useSubmitVerification } from './useSubmitVerification';
import styles from './verification.module.css';

/*
 * /account/verification (docs/rules.md#know-your-player): FICA verification as the player meets it. Why the casino
 * asks, what it needs, how long a review takes, where the player stands, and for each document its status (a
 * rejection's reason) with a way to upload it: a phone's camera or a file, with the upload's progress, and a retry
 * that keeps the file when the connection drops. Then "Submit for review". The casino decides everything (what is
 * missing, what a file may be); the page says it. A decision arrives live (features/live/ViewerEvents puts the
 * VerificationEvent's verification in the viewer's place): no reload.
 */

const Query = graphql`
  query VerificationPageQuery {
    viewer {
      id
      verification {
        ...VerificationPage_verification
      }
    }
  }
`;

export function Component() {
  return (
    <Protected>
      <Page
        title="Verify your account"
        lead="Before your first withdrawal the law asks us to confirm who you are. It takes a few minutes on your phone."
      >
        <VerificationLoader />
      </Page>
    </Protected>
  );
}

function VerificationLoader() {
  const { options, reload } = useReload();
  return (
    <LoadBoundary what="your verification" height="480px" onRetry={reload}>
      <VerificationContent options={options} onRetry={reload} />
    </LoadBoundary>
  );
}

function VerificationContent(props: {
  options: ReturnType<typeof useReload>['options'];
  onRetry: () => void;
}) {
  const data = useLazyLoadQuery<VerificationPageQuery>(Query, {}, props.options);
  const verification = data.viewer?.verification;
  if (!verification) {
    return (
      <div className={styles.failed}>
        <p role="alert">We could not load your verification just now. Please try again.</p>
        <Button onClick={props.onRetry}>Try again</Button>
      </div>
    );
  }
  return <Verification verification={verification} />;
}

function Verification(props: { verification: VerificationPage_verification$key }) {
  const v = useFragment(
    graphql`
      fragment VerificationPage_verification on Verification {
        status
        submittedAt
        decidedAt
        reason
        reviewTime
        maxFileBytes
        contentTypes
        missing
        documents {
          id
          kind
          status
          rejectionReason
          contentType
          size
          uploadedAt
        }
      }
    `,
    props.verification,
  );
  const environment = useRelayEnvironment();
  // After a file is kept, the casino's verification is read again: its documents and what is still missing.
  const refresh = useCallback(() => {
    fetchQuery<VerificationPageQuery>(environment, Query, {}, { fetchPolicy: 'network-only' }).subscribe({});
  }, [environment]);
  const [uploading, setUploading] = useState<ReadonlySet<VerificationDocumentKind>>(new Set());
  const onBusy = useCallback(
    (kind: VerificationDocumentKind, busy: boolean) =>
      setUploading((current) => {
        if (current.has(kind) === busy) return current;
        const next = new Set(current);
        if (busy) next.add(kind);
        else next.delete(kind);
        return next;
      }),
    [],
  );
  // The casino takes documents until they are submitted, and again after a rejection.
  const open = v.status === 'UNVERIFIED' || v.status === 'REJECTED';

  return (
    <>
      <StatusPanel verification={v} />
      <section aria-labelledby="why-verify" className={styles.section}>
        <h2 id="why-verify">Why we ask</h2>
        <p>
          South African law (the Financial Intelligence Centre Act, <strong>FICA</strong>) requires us to know
          who our players are, and only adults of <strong>18 or older</strong> may play. So before your{' '}
          <strong>first withdrawal</strong> we check an identity document and your address. Deposits and play
          do not wait for it.
        </p>
      </section>
      <section aria-labelledby="your-documents" className={styles.section}>
        <h2 id="your-documents">What we need</h2>
        <p>A clear photo or scan of each, all four corners in the picture and nothing covered.</p>
        <div className={styles.cards}>
          {KINDS.map((k) => (
            <DocumentCard
              key={k.kind}
              kind={k.kind}
              title={k.title}
              description={k.description}
              documents={v.documents.filter((d) => d.kind === k.kind)}
              limits={v}
              canUpload={open}
              onKept={refresh}
              onBusy={onBusy}
            />
          ))}
        </div>
      </section>
      {open && <SubmitSection missing={v.missing} reviewTime={v.reviewTime} uploading={uploading.size > 0} />}
      <section aria-labelledby="your-privacy" className={styles.section}>
        <h2 id="your-privacy">Your privacy</h2>
        <p>
          Your documents go straight to PlayLive&apos;s own secure storage, are used only to verify your
          account and are never shown back, not even to you. We keep them as the Protection of Personal
          Information Act (<strong>POPIA</strong>) and FICA require, and show your ID number only masked.
        </p>
      </section>
    </>
  );
}

/** Where the player stands, said first and announced when it changes (a decision arrives live). */
function StatusPanel({ verification: v }: { verification: VerificationPage_verification$data }) {
  const review = `We usually review documents ${v.reviewTime}.`;
  const content = {
    UNVERIFIED: {
      title: 'Not verified yet',
      text:
        v.missing.length > 0
          ? `Upload the documents below, then submit them for review. ${review}`
          : `Your documents are uploaded: submit them for review. ${review}`,
    },
    PENDING: {
      title: 'We are checking your documents',
      text: `${v.submittedAt ? `Submitted ${formatJohannesburg(v.submittedAt)}. ` : ''}${review} This page updates by itself when we have decided.`,
    },
    VERIFIED: {
      title: 'Your account is verified',
      text: `Withdrawals are open to you.${v.decidedAt ? ` Verified ${formatJohannesburg(v.decidedAt)}.` : ''}`,
    },
    REJECTED: {
      title: 'We could not verify your account',
      text: 'Upload the document again below, then submit it for review.',
    },
    // A status this page does not know yet: the casino's word stands; the page says nothing it cannot back.
    '%future added value': { title: 'Verification', text: review },
  }[v.status];
  return (
    <div
      className={`${styles.status} ${styles[`status_${v.status}`] ?? ''}`}
      role="status"
      aria-label="Your verification"
    >
      <p className={styles.statusTitle}>
        <strong>{content.title}</strong>
      </p>
      {v.status === 'REJECTED' && v.reason && <p className={styles.reason}>{v.reason}</p>}
      <p>{content.text}</p>
    </div>
  );
}

/** "Submit for review", once nothing is missing (the casino's `missing`); until then, what still is. */
function SubmitSection(props: {
  missing: readonly VerificationDocumentKind[];
  reviewTime: string;
  uploading: boolean;
}) {
  const [submit, busy] = useSubmitVerification();
  const [error, setError] = useState<string | null>(null);
  const ready = props.missing.length === 0 && !props.uploading;
  const send = async () => {
    setError(null);
    try {
      await submit({});
    } catch (err) {
      setError(errorMessage(err, 'We could not send your documents just now. Please try again.'));
    }
  };
  return (
    <section aria-labelledby="submit-documents" className={styles.section}>
      <h2 id="submit-documents">Submit for review</h2>
      <p id="submit-note">
        {props.missing.length > 0
          ? `Still needed: ${props.missing.map((k) => KIND_NAMES[k] ?? k.toLowerCase()).join(' and ')}.`
          : props.uploading
            ? 'Wait for your upload to finish.'
            : `Everything we need is here. We usually review documents ${props.reviewTime}.`}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <Button
        variant="accent"
        onClick={() => void send()}
        disabled={!ready || busy}
        aria-describedby="submit-note"
      >
        {busy ? 'Submitting…' : 'Submit for review'}
      </Button>
    </section>
  );
}
