import { formatJohannesburg } from '../../ui/time';
import { TypeIcon, typeInfo } from './notification-types';
import styles from './NotificationsModal.module.css';

/** One notification as the list shows it: its type's icon and label, subject, message, time, and New while unread. */
export function NotificationRow(props: {
  type: string;
  subject: string;
  message: string;
  createdAt: string;
  isNew: boolean;
}) {
  const info = typeInfo(props.type);
  return (
    <li className={`${styles.item} ${props.isNew ? styles.unread : ''}`} data-type={props.type}>
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
          {props.subject || info.label}
        </h3>
        {props.message && <p className={styles.message}>{props.message}</p>}
      </div>
    </li>
  );
}
