import { useState, type ChangeEvent } from 'react';
import { hasMessages, type Messages } from './validation.ts';

/**
 * A form's values and its rule messages (lib/validation.ts), computed live. A field's
 * message shows once the shopper has typed in it or left it, or after a submit, so an
 * untouched form is not covered in red.
 */
export function useForm<V extends Record<string, string>>(initial: V, rules: (values: V) => Messages<keyof V & string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, true>>>({});
  const [submitted, setSubmitted] = useState(false);
  const messages = rules(values);

  const shown = (name: keyof V & string) => (touched[name] || submitted ? messages[name] : undefined);
  const showing = (Object.keys(values) as (keyof V & string)[]).some((name) => shown(name) !== undefined);

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    message: shown(name),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setTouched((t) => ({ ...t, [name]: true }));
    },
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  /** Marks the form submitted (every message shows) and tells whether it may be sent. */
  const trySubmit = () => {
    setSubmitted(true);
    return !hasMessages(messages);
  };

  /** For controls that are not a text field (the star rating). */
  const setValue = (name: keyof V & string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => ({ ...t, [name]: true }));
  };

  /** Starts again from `next` (the initial values unless given), untouched: after a save. */
  const reset = (next: V = initial) => {
    setValues(next);
    setTouched({});
    setSubmitted(false);
  };

  return { values, field, setValue, shown, showing, trySubmit, reset };
}
