import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type {
  VerificationDocumentKind,
  VerificationDocumentStatus,
  VerificationPage_verification$data,
} from '../../__generated__/VerificationPage_verification.graphql';
import { Button } from '../../ui/Button';
import { formatJohannesburg } from '../../ui/time';
import { formatBytes, refuseFile, typesList, type FileLimits } from './file-check';
import { useDocumentUpload, type Upload } from './useDocumentUpload';
import styles from './verification.module.css';

type Document = VerificationPage_verification$data['documents'][number];

const STATUS_LABELS: Partial<Record<VerificationDocumentStatus, string>> = {
  UPLOADED: 'Uploaded, not submitted yet',
  IN_REVIEW: 'In review',
  ACCEPTED: 'Accepted',
  REJECTED: 'Not accepted',
};

/**
 * One kind of document: what it may be, each one uploaded with its status (a rejection's reason), and, while the
 * casino takes documents, a way to upload one: "Take a photo" (a phone's camera, `capture`) or "Choose a file"
 * ("Upload again" after a rejection). A file the casino's limits refuse is refused here before anything is sent.
 */
export function DocumentCard(props: {
  kind: VerificationDocumentKind;
  title: string;
  description: string;
  /** This kind's documents, newest first. */
  documents: readonly Document[];
  limits: FileLimits;
  canUpload: boolean;
  onKept: () => void;
  onBusy: (kind: VerificationDocumentKind, busy: boolean) => void;
}) {
  const headingId = useId();
  // An address handed out whose file never arrived is not a document the player has.
  const documents = props.documents.filter((d) => d.status !== 'AWAITING_UPLOAD');
  const latest = documents[0]?.status;
  const rejected = latest === 'REJECTED';
  // Nothing to upload for a document the casino has (in review or accepted): only for one it still needs.
  const settled = latest === 'IN_REVIEW' || latest === 'ACCEPTED';
  return (
    <section aria-labelledby={headingId} className={styles.card}>
      <h3 id={headingId} className={styles.cardTitle}>
        {props.title}
      </h3>
      <p className={styles.cardText}>{props.description}</p>
      {documents.length > 0 && (
        <ul className={styles.documents} aria-label={`Your ${props.title.toLowerCase()} uploads`}>
          {documents.map((d) => (
            <DocumentRow key={d.id} document={d} />
          ))}
        </ul>
      )}
      {props.canUpload && !settled && (
        <UploadControls
          kind={props.kind}
          title={props.title}
          limits={props.limits}
          again={rejected}
          onKept={props.onKept}
          onBusy={props.onBusy}
        />
      )}
    </section>
  );
}

function DocumentRow({ document: d }: { document: Document }) {
  const type = d.contentType.split('/')[1]?.toUpperCase() ?? d.contentType;
  return (
    <li className={styles.document}>
      <span className={`${styles.badge} ${styles[`badge_${d.status}`] ?? ''}`}>
        {STATUS_LABELS[d.status] ?? d.status}
      </span>
      <span className={styles.meta}>
        {type} · {formatBytes(d.size)}
        {d.uploadedAt && ` · ${formatJohannesburg(d.uploadedAt)}`}
      </span>
      {d.status === 'REJECTED' && d.rejectionReason && (
        <p className={styles.reason}>
          <strong>Why:</strong> {d.rejectionReason}
        </p>
      )}
    </li>
  );
}

const busyStates: readonly Upload['state'][] = ['starting', 'uploading'];

function UploadControls(props: {
  kind: VerificationDocumentKind;
  title: string;
  limits: FileLimits;
  again: boolean;
  onKept: () => void;
  onBusy: (kind: VerificationDocumentKind, busy: boolean) => void;
}) {
  const { upload, send, retry, cancel } = useDocumentUpload(props.kind, props.onKept);
  const [refused, setRefused] = useState<string | null>(null);
  const photo = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const busy = busyStates.includes(upload.state);
  const { kind, onBusy } = props;
  useEffect(() => onBusy(kind, busy), [kind, busy, onBusy]);
  useEffect(() => () => onBusy(kind, false), [kind, onBusy]);

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing nothing) still tells the page.
    event.target.value = '';
    if (!file) return;
    const refusal = refuseFile(file, props.limits);
    setRefused(refusal);
    if (!refusal) send(file);
  };
  const name = props.title.toLowerCase();
  const photoTypes = props.limits.contentTypes.filter((t) => t.startsWith('image/'));
  const hasMessage = refused !== null || upload.state !== 'idle';

  return (
    <div className={styles.upload}>
      <input
        ref={photo}
        type="file"
        hidden
        accept={photoTypes.join(',')}
        capture="environment"
        aria-label={`Take a photo of your ${name}`}
        onChange={chosen}
      />
      <input
        ref={chooser}
        type="file"
        hidden
        accept={props.limits.contentTypes.join(',')}
        aria-label={`Choose a file of your ${name}`}
        onChange={chosen}
      />
      <div className={styles.uploadButtons}>
        <Button
          // Phones only: a computer's browser has no camera to open here (verification.module.css hides it).
          className={styles.photoButton}
          onClick={() => photo.current?.click()}
          disabled={busy}
          aria-describedby={hasMessage ? messageId : undefined}
        >
          Take a photo
        </Button>
        <Button
          variant={props.again ? 'primary' : 'ghost'}
          onClick={() => chooser.current?.click()}
          disabled={busy}
          aria-describedby={hasMessage ? messageId : undefined}
        >
          {props.again ? 'Upload again' : 'Choose a file'}
        </Button>
      </div>
      <p className={styles.limits}>
        {typesList(props.limits.contentTypes)}, up to {formatBytes(props.limits.maxFileBytes)}.
      </p>
      <div id={messageId}>
        {refused ? (
          <p className={styles.error} role="alert">
            {refused}
          </p>
        ) : (
          <UploadState upload={upload} name={name} onRetry={retry} onCancel={cancel} />
        )}
      </div>
    </div>
  );
}

function UploadState(props: { upload: Upload; name: string; onRetry: () => void; onCancel: () => void }) {
  const u = props.upload;
  switch (u.state) {
    case 'idle':
      return null;
    case 'starting':
    case 'uploading': {
      const percent = u.state === 'uploading' ? u.percent : 0;
      return (
        <div className={styles.progress}>
          <p className={styles.progressText}>
            Uploading <span className={styles.fileName}>{u.file.name}</span>… {percent}%
          </p>
          <div
            className={styles.bar}
            role="progressbar"
            aria-label={`Uploading your ${props.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className={styles.barFill} style={{ width: `${percent}%` }} />
          </div>
          <button type="button" className={styles.link} onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      );
    }
    case 'interrupted':
      return (
        <div className={styles.interrupted} role="alert">
          <p>
            <strong>Upload interrupted.</strong> The connection dropped before{' '}
            <span className={styles.fileName}>{u.file.name}</span> arrived. We kept your file: try again when
            you are back online.
          </p>
          <Button onClick={props.onRetry}>Retry</Button>
        </div>
      );
    case 'failed':
      return (
        <p className={styles.error} role="alert">
          {u.message}
        </p>
      );
    case 'kept':
      return (
        <p className={styles.kept} role="status">
          <span className={styles.fileName}>{u.file.name}</span> uploaded.
        </p>
      );
  }
}
