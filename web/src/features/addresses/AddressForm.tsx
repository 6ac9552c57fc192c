import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorLines, FormField, SelectField } from '../../components/FormField.tsx';
import {
  addressMessages,
  blankAddress,
  COUNTRY_NAME,
  sortServerErrors,
  US_STATES,
  type AddressField,
  type AddressValues,
} from '../../lib/addresses.ts';
import { useForm } from '../../lib/useForm.ts';
import type { Messages } from '../../lib/validation.ts';
import styles from './addresses.module.css';

interface Props {
  /** "Add an address", "Edit address": the form's heading and accessible name. */
  title: string;
  headingLevel: 2 | 3;
  initial?: AddressValues;
  /** Offer "Make this my default address" (not for the default itself, which stays it). */
  offerDefault: boolean;
  submitLabel: string;
  /** Sends the address; rejects with the server's ApiError. The form closes on success (the caller's doing). */
  onSubmit: (values: AddressValues, makeDefault: boolean) => Promise<unknown>;
  onCancel: () => void;
}

// Where each field's control is, to move the focus to the first one with a message.
const ORDER: AddressField[] = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'phone'];

/**
 * An address of the book, added or edited in place: the rules of docs/rules.md#addresses
 * as the shopper types, and the server's refusal shown by the fields it names (the rest
 * above the form). The first field takes the focus when the form opens; a submit that
 * finds a problem takes it to the first field that has one.
 */
export function AddressForm({ title, headingLevel, initial, offerDefault, submitLabel, onSubmit, onCancel }: Props) {
  const form = useForm(initial ?? blankAddress(), addressMessages);
  const [makeDefault, setMakeDefault] = useState(false);
  // The server's messages, by field, each until the shopper changes that field.
  const [server, setServer] = useState<Messages<AddressField>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const heading = useRef<HTMLHeadingElement>(null);
  /** Focuses the field's control; without a field (a refusal of the whole address), the form's heading. */
  const focusField = (name: AddressField | undefined) => {
    const control = name && formRef.current?.elements.namedItem(name);
    if (control instanceof HTMLElement) control.focus();
    else heading.current?.focus();
  };
  useEffect(() => focusField('name'), []);

  const field = (name: AddressField) => {
    const own = form.field(name);
    return {
      ...own,
      message: own.message ?? server[name],
      onChange: (e: Parameters<typeof own.onChange>[0]) => {
        own.onChange(e);
        setServer(({ [name]: _, ...rest }) => rest);
      },
    };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) {
      const messages = addressMessages(form.values);
      focusField(ORDER.find((name) => messages[name] !== undefined));
      return;
    }
    setBusy(true);
    setErrors([]);
    onSubmit(form.values, makeDefault).catch((error: unknown) => {
      setBusy(false);
      if (error instanceof ApiError) {
        const sorted = sortServerErrors(error.errors.length > 0 ? error.errors : [error.message]);
        setServer(sorted.fields);
        setErrors(sorted.other);
        focusField(ORDER.find((name) => sorted.fields[name] !== undefined));
      } else {
        setErrors(["We couldn't reach the store. Please try again."]);
      }
    });
  };

  const state = field('state');
  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <Heading id={headingId} ref={heading} tabIndex={-1} className={styles.formTitle}>
        {title}
      </Heading>
      <ErrorLines lines={errors} />
      <FormField label="Full name" autoComplete="name" {...field('name')} />
      <FormField label="Street address" autoComplete="address-line1" {...field('line1')} />
      <FormField label="Apartment, suite, unit (optional)" autoComplete="address-line2" {...field('line2')} />
      <div className={styles.row}>
        <FormField label="City" autoComplete="address-level2" {...field('city')} />
        <SelectField
          label="State"
          name="state"
          autoComplete="address-level1"
          placeholder="Choose…"
          options={US_STATES}
          value={state.value}
          message={state.message}
          onChange={(e) => {
            form.setValue('state', e.target.value);
            setServer(({ state: _, ...rest }) => rest);
          }}
          onBlur={state.onBlur}
        />
        <FormField label="ZIP code" autoComplete="postal-code" inputMode="numeric" {...field('postalCode')} />
      </div>
      <FormField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
      <p className={styles.country}>Country: {COUNTRY_NAME} (we ship within the United States only)</p>
      {offerDefault && (
        <label className={styles.check}>
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.target.checked)} />
          Make this my default address
        </label>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
