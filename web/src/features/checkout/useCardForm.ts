import { useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import type { CardInput } from '../../api/types.ts';
import {
  blankCard,
  cardBrand,
  cardInput,
  cardMessages,
  digitsOf,
  editCardNumber,
  editCvc,
  editExpiry,
  sortCardErrors,
  type CardField,
} from '../../lib/cards.ts';
import { useForm } from '../../lib/useForm.ts';
import type { Messages } from '../../lib/validation.ts';

// Where each field is, to take the focus to the first one with a message.
const ORDER: CardField[] = ['number', 'expiry', 'cvc'];

/**
 * The test provider's card form (docs/rules.md#payments): the card as typed, spaced as
 * it is printed, with what the form checks before the order is sent and what the server
 * answered about it: a line of its 400 by the field it names (until that field changes),
 * a 402's reason by the form (until any field changes). Held by the checkout page, so a
 * card typed stays typed while the shopper looks at another way to pay, and the order
 * button (in the summary) can send it.
 */
export function useCardForm() {
  const form = useForm(blankCard(), cardMessages);
  const [server, setServer] = useState<Messages<CardField>>({});
  const [declined, setDeclined] = useState<string>();
  /** The form's fields, to focus one by its name. */
  const fields = useRef<HTMLDivElement>(null);
  // A field spaced again as typed: the caret goes back after the same digits once React
  // has written the new value (which puts it at the end).
  const caret = useRef<{ input: HTMLInputElement; at: number }>(undefined);
  useLayoutEffect(() => {
    const pending = caret.current;
    caret.current = undefined;
    if (pending && document.activeElement === pending.input) pending.input.setSelectionRange(pending.at, pending.at);
  });

  const brand = cardBrand(digitsOf(form.values.number));

  const focus = (name: CardField | undefined) => {
    if (name !== undefined) fields.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
  };

  const change = (name: CardField, value: string) => {
    form.setValue(name, value);
    setServer(({ [name]: _, ...rest }) => rest);
    setDeclined(undefined);
  };

  /** A field spaced again as typed: the number in groups, the expiry as MM / YY. */
  const spaced = (name: 'number' | 'expiry', edit: typeof editCardNumber) => (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const forward = (e.nativeEvent as InputEvent).inputType === 'deleteContentForward';
    const edited = edit(form.values[name], input.value, input.selectionStart ?? input.value.length, forward);
    caret.current = { input, at: edited.caret };
    change(name, edited.value);
  };

  const onChange = {
    number: spaced('number', editCardNumber),
    expiry: spaced('expiry', editExpiry),
    cvc: (e: ChangeEvent<HTMLInputElement>) => change('cvc', editCvc(e.currentTarget.value, brand)),
  };

  const field = (name: CardField) => {
    const own = form.field(name);
    return { name, value: own.value, message: own.message ?? server[name], onBlur: own.onBlur, onChange: onChange[name] };
  };

  return {
    fields,
    field,
    /** The network the number's first digits belong to, shown beside it. */
    brand,
    /** Why the card was refused (a 402), shown by the form. */
    declined,
    /**
     * Shows every message of the form; answers the card to send, or nothing (and the
     * focus goes to the first field to correct) while a field is not filled in.
     */
    submit: (): CardInput | undefined => {
      setDeclined(undefined);
      if (form.trySubmit()) return cardInput(form.values);
      const messages = cardMessages(form.values);
      focus(ORDER.find((name) => messages[name] !== undefined));
      return undefined;
    },
    /**
     * Takes what an order's refusal says about the card: a 402's reason, and the lines of
     * a 400 that name a field (by their exact words), shown by the form with the focus on
     * the field to correct. Answers the refusal's other `lines`, for the page to show.
     */
    claim: (error: unknown, lines: string[]): string[] => {
      if (!(error instanceof ApiError)) return lines;
      if (error.status === 402) {
        setDeclined(error.message);
        focus('number');
        return [];
      }
      if (error.status !== 400) return lines;
      const sorted = sortCardErrors(lines);
      setServer(sorted.fields);
      focus(ORDER.find((name) => sorted.fields[name] !== undefined));
      return sorted.other;
    },
  };
}

export type CardFormState = ReturnType<typeof useCardForm>;
