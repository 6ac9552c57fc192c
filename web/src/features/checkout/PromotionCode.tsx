import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import styles from './checkout.module.css';

interface Props {
  /** The code the quote carries, in capitals; `null` for none. */
  applied: string | null;
  /** What the shopper has typed. */
  text: string;
  onText: (text: string) => void;
  /** Why the store refused the last code, as it said it. */
  refusal: string | undefined;
  /** A quote for a new code is on its way. */
  applying: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

/**
 * A promotion code: a field with Apply, then the code applied with Remove. A refusal is
 * shown under the field, tied to it and announced. The keyboard's focus follows: to
 * Remove once a code is applied, back to the field once it is removed.
 */
export function PromotionCode({ applied, text, onText, refusal, applying, onApply, onRemove }: Props) {
  const id = useId();
  const refusalId = `${id}-refusal`;
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const was = useRef(applied);
  useEffect(() => {
    if (was.current === applied) return;
    if (applied !== null) remove.current?.focus();
    else if (document.activeElement === document.body) input.current?.focus();
    was.current = applied;
  }, [applied]);
  // A refusal takes the focus back to the field, to correct the code (unless it is elsewhere already).
  useEffect(() => {
    if (refusal !== undefined && (document.activeElement === document.body || document.activeElement === null))
      input.current?.focus();
  }, [refusal]);

  if (applied !== null) {
    return (
      <div className={styles.code}>
        <p className={styles.applied}>
          <span>
            Code <strong>{applied}</strong> applied
          </span>
          <Button ref={remove} variant="quiet" size="small" onClick={onRemove}>
            Remove<span className="visually-hidden"> code {applied}</span>
          </Button>
        </p>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!applying && text.trim() !== '') onApply(text.trim());
  };
  return (
    <form className={styles.code} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles.codeLabel}>
        Promotion code
      </label>
      <div className={styles.codeRow}>
        <input
          ref={input}
          id={id}
          className={styles.codeInput}
          value={text}
          onChange={(e) => onText(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? refusalId : undefined}
        />
        {/* Not disabled while applying: the button keeps the keyboard's focus. */}
        <Button type="submit" variant="secondary" aria-disabled={applying || text.trim() === '' || undefined}>
          {applying ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      {refusal && (
        <p id={refusalId} role="alert" className={styles.refusal}>
          {refusal}
        </p>
      )}
    </form>
  );
}
