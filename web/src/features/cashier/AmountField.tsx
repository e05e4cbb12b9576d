import type { ChangeEvent } from 'react';
import { TextField } from '../../ui/TextField';
import type { Sum } from './amount';
import styles from './cashier.module.css';

/** Amounts offered with one tap, kept to those within the limits. */
const QUICK_RANDS = [50, 100, 200, 500, 1000];

/**
 * The amount in rands: a text field (decimal keyboard on phones) with the limits as its hint, its message beside
 * it, and a row of quick amounts.
 */
export function AmountField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  hint: string | undefined;
  min?: Sum | null;
  max?: Sum | null;
  disabled?: boolean;
}) {
  const quick = QUICK_RANDS.filter(
    (rands) =>
      (!props.min || rands * 100 >= props.min.cents) && (!props.max || rands * 100 <= props.max.cents),
  );
  return (
    <div className={styles.amount}>
      <TextField
        label={props.label}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={props.value}
        onChange={(e: ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value)}
        error={props.error}
        {...(props.hint ? { hint: props.hint } : {})}
        disabled={props.disabled}
      />
      {quick.length > 0 && (
        <div className={styles.quick} role="group" aria-label="Quick amounts">
          {quick.map((rands) => (
            <button
              key={rands}
              type="button"
              className={styles.chip}
              aria-pressed={props.value === String(rands)}
              disabled={props.disabled}
              onClick={() => props.onChange(String(rands))}
            >
              R{rands.toLocaleString('en-US')}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
