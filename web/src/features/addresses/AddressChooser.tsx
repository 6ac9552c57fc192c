import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AddressBody } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { addressInput, addressValues } from '../../lib/addresses.ts';
import { useStore } from '../../store/index.ts';
import { AddressForm } from './AddressForm.tsx';
import { AddressText } from './AddressText.tsx';
import styles from './addresses.module.css';

interface Props {
  /** Where the order ships now, as the quote says: the store's fixed address for a shopper with none. */
  shipTo: AddressBody;
  /** The address chosen, of the shopper's book; `null` for the fixed one. */
  chosenId: number | null;
  onChoose: (addressId: number) => void;
  /** What the panel says under the address: how it ships. */
  children?: ReactNode;
}

type Mode = { form: 'add' } | { form: 'edit'; id: number } | null;
/** Where the keyboard's focus goes once a form closes. */
type Focus = { radio: number } | 'add' | 'edit' | null;

/**
 * The checkout's shipping address (docs/rules.md#addresses): the store's fixed address
 * for a shopper whose book is empty, with "Add an address"; otherwise a choice of the
 * book's addresses, the default chosen first, and the chosen one editable in place.
 */
export function AddressChooser({ shipTo, chosenId, onChoose, children }: Props) {
  const book = useStore((s) => s.addresses.list);
  const addAddress = useStore((s) => s.addAddress);
  const updateAddress = useStore((s) => s.updateAddress);
  const [mode, setMode] = useState<Mode>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const panel = useRef<HTMLElement>(null);
  const chosen = book.find((a) => a.id === chosenId);

  useEffect(() => {
    if (focus === null || mode !== null) return;
    const selector =
      focus === 'add' ? '[data-action="add"]' : focus === 'edit' ? '[data-action="edit"]' : `input[value="${focus.radio}"]`;
    panel.current?.querySelector<HTMLElement>(selector)?.focus();
    setFocus(null);
  }, [focus, mode, book]);

  const close = (then: Focus) => {
    setMode(null);
    setFocus(then);
  };

  let body: ReactNode;
  if (mode?.form === 'add') {
    body = (
      <AddressForm
        title="Add an address"
        headingLevel={3}
        offerDefault={book.length > 0}
        submitLabel="Save and ship here"
        onSubmit={async (values, makeDefault) => {
          const address = await addAddress(addressInput(values, makeDefault));
          onChoose(address.id);
          close({ radio: address.id });
        }}
        onCancel={() => close('add')}
      />
    );
  } else if (mode?.form === 'edit' && chosen) {
    body = (
      <AddressForm
        title="Edit address"
        headingLevel={3}
        initial={addressValues(chosen)}
        offerDefault={!chosen.isDefault}
        submitLabel="Save address"
        onSubmit={async (values, makeDefault) => {
          await updateAddress(chosen.id, addressInput(values, makeDefault || chosen.isDefault));
          close({ radio: chosen.id });
        }}
        onCancel={() => close('edit')}
      />
    );
  } else if (book.length === 0) {
    body = (
      <>
        <address className={styles.fixed}>
          <AddressText address={shipTo} />
        </address>
        <div className={styles.actions}>
          <Button variant="secondary" size="small" data-action="add" onClick={() => setMode({ form: 'add' })}>
            Add an address
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">Ship to</legend>
          {book.map((a) => (
            <label key={a.id} className={`${styles.choice} ${a.id === chosenId ? styles.chosen : ''}`}>
              <input type="radio" name="ship-to" value={a.id} checked={a.id === chosenId} onChange={() => onChoose(a.id)} />
              <AddressText address={a} />
              {a.isDefault && <span className={styles.badge}>Default</span>}
            </label>
          ))}
        </fieldset>
        <div className={styles.actions}>
          {chosen && (
            <Button variant="secondary" size="small" data-action="edit" onClick={() => setMode({ form: 'edit', id: chosen.id })}>
              Edit this address
            </Button>
          )}
          <Button variant="secondary" size="small" data-action="add" onClick={() => setMode({ form: 'add' })}>
            Add an address
          </Button>
        </div>
      </>
    );
  }

  return (
    <section ref={panel} className={styles.panel} aria-labelledby="ship-to">
      <h2 id="ship-to">Shipping address</h2>
      {body}
      {children}
    </section>
  );
}
