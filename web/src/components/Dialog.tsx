import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Dialog.module.css';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  /** "side" slides in from the left, "end" from the right (menus); "center" is a modal box. */
  placement?: 'side' | 'end' | 'center';
  children: ReactNode;
}

// The native <dialog> gives focus trapping, Escape and focus return for free;
// a click on the backdrop (the dialog element itself, outside its content) closes it.
export function Dialog({ open, onClose, label, placement = 'center', children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      className={`${styles.dialog} ${styles[placement]}`}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && <div className={styles.content}>{children}</div>}
    </dialog>
  );
}
