import { barPercent } from './rules';
import styles from './coupons.module.css';

/** Wagering progress as a bar, with what it means in words beside it for everyone (and for screen readers). */
export function WageringBar(props: { percent: number; wagered: string | null; required: string | null }) {
  const percent = barPercent(props.percent);
  const words =
    props.wagered && props.required ? `${props.wagered} wagered of ${props.required}` : `${percent}% wagered`;
  return (
    <div className={styles.progress}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label="Wagering progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${words}`}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.progressText}>
        <span>{words}</span>
        <span className={styles.percent}>{percent}%</span>
      </p>
    </div>
  );
}
