import { useId, type ReactNode } from 'react';
import { Button } from '../../components/Button.tsx';
import { admin as styles } from '../styles/classes.ts';

/** A search box that sets the list's `q` on Enter or its button; it follows the address (Back). */
export function SearchForm({ label, hint, value, onSearch }: {
  label: string;
  /** What may be typed, shown in the empty box. */
  hint: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label={label}
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        const q = new FormData(e.currentTarget).get('q');
        onSearch(typeof q === 'string' ? q.trim() : '');
      }}
    >
      <div className={styles.control}>
        <label htmlFor={id}>{label}</label>
        {/* Keyed by the address's value, so Back shows the search it returns to. */}
        <input id={id} key={value} name="q" type="search" defaultValue={value} placeholder={hint} />
      </div>
      <Button type="submit" variant="secondary" size="small">
        Search
      </Button>
    </form>
  );
}

interface SelectProps {
  label: string;
  value: string;
  /** [value, label] pairs; '' is "any". */
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A labelled select that applies its choice at once. */
export function SelectFilter({ label, value, options, onChange, disabled }: SelectProps) {
  const id = useId();
  return (
    <div className={styles.control}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A table that scrolls sideways inside its frame on a narrow screen. The frame is a named,
 * focusable region, so a keyboard can scroll it too.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.scroll} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** "12 orders · page 2 of 3", above a list; said again when a filter changes it. */
export function Count({ total, noun, page, pages }: { total: number; noun: [string, string]; page: number; pages: number }) {
  return (
    <p className={styles.count} aria-live="polite">
      {total.toLocaleString('en-US')} {total === 1 ? noun[0] : noun[1]}
      {pages > 1 && ` · page ${page} of ${pages}`}
    </p>
  );
}

/** The last failed write, in one line above the table. */
export function Problem({ text }: { text: string }) {
  return text ? (
    <p role="alert" className={styles.problem}>
      {text}
    </p>
  ) : null;
}

/** A labelled checkbox, its label beside it; `hint` says what ticking it does. */
export function CheckField({ label, checked, onChange, hint, disabled }: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className={styles.soft}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** One choice of a few, as native radios in a fieldset whose legend names the group. */
export function RadioGroup({ legend, name, value, options, onChange }: {
  legend: string;
  /** The radios' shared name (unique on the page). */
  name: string;
  value: string;
  /** [value, label] pairs. */
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {options.map(([v, text]) => (
        <label key={v}>
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          {text}
        </label>
      ))}
    </fieldset>
  );
}

/** What the last write did, said politely; the region is always there so that a change is announced. */
export function Done({ text }: { text: string }) {
  return (
    <p role="status" className={text ? styles.done : styles.quietStatus}>
      {text}
    </p>
  );
}
