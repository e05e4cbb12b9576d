import { closeModal, openModal } from '../../shared/modals/modal-store';
import { formatJohannesburg } from '../../ui/time';
import { groupTitle, TypeIcon, typeInfo, type NotificationAction } from './notification-types';
import styles from './NotificationsModal.module.css';
import { Link } from '../../ui/Link';

/**
 * One notification as the list shows it, or several identical ones grouped (`count`): its type's icon and label, the
 * subject (or the group's title, "3 chests ready"), the newest message, the time, New while unread, and a link to
 * where the player acts on it (their chests, transactions, wagering, the tournaments).
 */
export function NotificationRow(props: {
  type: string;
  subject: string;
  message: string;
  createdAt: string;
  isNew: boolean;
  count?: number;
}) {
  const info = typeInfo(props.type);
  const count = props.count ?? 1;
  return (
    <li
      className={`${styles.item} ${props.isNew ? styles.unread : ''}`}
      data-type={props.type}
      data-count={count}
    >
      <span className={styles.iconBox} data-kind={info.kind}>
        <TypeIcon type={props.type} className={styles.icon} />
      </span>
      <div className={styles.text}>
        <p className={styles.meta}>
          <span className={styles.kind}>{info.label}</span>
          <time dateTime={props.createdAt}>{formatJohannesburg(props.createdAt)}</time>
        </p>
        <h3 className={styles.subject}>
          {props.isNew && <span className={styles.newTag}>New</span>}
          {groupTitle(props.type, props.subject, count)}
        </h3>
        {(count > 1 && info.manyMessage) || props.message ? (
          <p className={styles.message}>{(count > 1 && info.manyMessage) || props.message}</p>
        ) : null}
        {info.action && <ActionLink action={info.action} />}
      </div>
    </li>
  );
}

/** Where the player acts: another of their dialogs (in place of this one), or a page (this dialog closes). */
function ActionLink({ action }: { action: NotificationAction }) {
  if ('to' in action) {
    return (
      <Link to={action.to} className={styles.action} onClick={() => closeModal()}>
        {action.label}
      </Link>
    );
  }
  return (
    <button type="button" className={styles.action} onClick={() => openModal(action.modal)}>
      {action.label}
    </button>
  );
}
