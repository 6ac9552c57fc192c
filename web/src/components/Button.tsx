import type { ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './Button.module.css';

type Variant = 'primary' | 'secondary' | 'quiet';
interface Look {
  variant?: Variant;
  size?: 'small' | 'medium';
  wide?: boolean;
}

const classes = ({ variant = 'primary', size = 'medium', wide = false }: Look, extra?: string) =>
  [styles.button, styles[variant], size === 'small' && styles.small, wide && styles.wide, extra]
    .filter(Boolean)
    .join(' ');

/** The store's one button look: red primary, outlined secondary, or a quiet text button. A `ref` reaches the button. */
export function Button({ variant, size, wide, className, type = 'button', ...props }: Look & ComponentProps<'button'>) {
  return <button type={type} className={classes({ variant, size, wide }, className)} {...props} />;
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, wide, className, ...props }: Look & LinkProps) {
  return <Link className={classes({ variant, size, wide }, className)} {...props} />;
}
