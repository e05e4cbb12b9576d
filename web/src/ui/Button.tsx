import type { ButtonHTMLAttributes } from 'react';
import styles from './Button.module.css';

type Variant = 'primary' | 'accent' | 'ghost';

/** The site's one button: primary (violet), accent (gold, for the big calls to action) or ghost. */
export function Button({
  variant = 'primary',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button type="button" className={`${styles.button} ${styles[variant]} ${className ?? ''}`} {...rest} />
  );
}

export const buttonClass = (variant: Variant = 'primary') => `${styles.button} ${styles[variant]}`;
