import { useState, type ChangeEvent, type RefObject } from 'react';
import { ApiError } from '../../api/client.ts';
import type { Messages } from '../../lib/validation.ts';

type FieldProps<K extends string> = {
  name: K;
  message?: string;
  onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
};

/** The line a form shows when the store could not be reached. */
export const UNREACHABLE = "We couldn't reach the store. Please try again.";

/** A refusal's lines: the server's errors, or its one message. */
export const linesOf = (error: ApiError) => (error.errors.length > 0 ? error.errors : [error.message]);

/**
 * The server's refusal of a form, as the address form shows one: each line about a field
 * under that field (until the field is changed), the rest above the form.
 */
export function useServerMessages<K extends string>() {
  const [fields, setFields] = useState<Messages<K>>({});
  const [errors, setErrors] = useState<string[]>([]);
  return {
    errors,
    /**
     * Shows a refusal, its lines put by field by `sort` (the rest above the form), or for
     * anything but the server's answer, that the store could not be reached. Answers the
     * lines by field, for the focus.
     */
    show: (error: unknown, sort: (lines: string[]) => { fields: Messages<K>; other: string[] }) => {
      const sorted = error instanceof ApiError ? sort(linesOf(error)) : { fields: {}, other: [UNREACHABLE] };
      setFields(sorted.fields);
      setErrors(sorted.other);
      return sorted.fields;
    },
    /** Lines of the form's own above it (nothing under a field). */
    say: (lines: string[]) => {
      setFields({});
      setErrors(lines);
    },
    clear: () => {
      setFields({});
      setErrors([]);
    },
    /** A field's props (from useForm) with the server's message under it, until it changes. */
    field: <P extends FieldProps<K>>(props: P): P => ({
      ...props,
      message: props.message ?? fields[props.name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        props.onChange(e);
        setFields(({ [props.name]: _, ...rest }) => rest as Messages<K>);
      },
    }),
  };
}

/** Moves the focus to the first of `order`'s fields that has a message, if any. */
export function focusFirst<K extends string>(form: RefObject<HTMLFormElement | null>, order: K[], messages: Messages<K>) {
  const name = order.find((n) => messages[n] !== undefined);
  const control = name && form.current?.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
