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
// Escape closes the native dialog at once but says so (the close event) a task later: a
// key pressed in between (Enter on the button that opens it again) must meet a closed
// state. So the state follows at cancel, which comes before the dialog closes, and a
// close event that finds the state already moved on (closed, or opened again) is no news.
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
      onCancel={onClose}
      onClose={() => {
        if (open && !ref.current?.open) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && <div className={styles.content}>{children}</div>}
    </dialog>
  );
}
