import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './FormField.module.css';

interface Common {
  label: string;
  /** The rule message to show under the control, if any. */
  message?: string;
  /** Small text on the right under the control (e.g. a character count). */
  hint?: string;
  /** The hint is read out with the control too: a limit to keep to, not a count that changes as one types. */
  hintDescribes?: boolean;
}

type InputProps = Common & { multiline?: false } & InputHTMLAttributes<HTMLInputElement>;
type TextareaProps = Common & { multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>;

/**
 * A labelled input or textarea with its validation message tied to it for screen readers
 * (and its hint, when it `hintDescribes`). An `aria-describedby` given (a note shown
 * elsewhere about this field) is tied too.
 */
export function FormField(props: InputProps | TextareaProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const { label, message, hint, hintDescribes } = props;
  const describedBy = [message ? messageId : undefined, hint && hintDescribes ? hintId : undefined, props['aria-describedby']]
    .filter(Boolean)
    .join(' ');
  const a11y = {
    id,
    className: styles.control,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  let control;
  if (props.multiline) {
    const { label: _l, message: _m, hint: _h, hintDescribes: _hd, multiline: _ml, ...rest } = props;
    control = <textarea {...rest} {...a11y} />;
  } else {
    const { label: _l, message: _m, hint: _h, hintDescribes: _hd, multiline: _ml, ...rest } = props;
    control = <input {...rest} {...a11y} />;
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {control}
      <div className={styles.foot}>
        {message && (
          <span id={messageId} className={styles.message}>
            {message}
          </span>
        )}
        {hint && (
          <span id={hintId} className={styles.hint}>
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

type SelectProps = Omit<Common, 'hint'> & {
  /** Each choice as [value, label]; the first, with an empty value, asks to choose. */
  options: readonly (readonly [value: string, label: string])[];
  placeholder: string;
} & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled drop-down list, looked and tied to its message as FormField's controls are. */
export function SelectField({ label, message, options, placeholder, ...rest }: SelectProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        {...rest}
        id={id}
        className={`${styles.control} ${styles.select}`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
      >
        <option value="">{placeholder}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <div className={styles.foot}>
        {message && (
          <span id={messageId} className={styles.message}>
            {message}
          </span>
        )}
      </div>
    </div>
  );
}

/** The server's error lines after a failed submit, one per line (docs/rules.md#screens). */
export function ErrorLines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <ul role="alert" className={styles.errors}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
