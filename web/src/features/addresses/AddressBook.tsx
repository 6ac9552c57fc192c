import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { Address } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorLines } from '../../components/FormField.tsx';
import { addressInput, addressOneLine, addressValues } from '../../lib/addresses.ts';
import { useStore } from '../../store/index.ts';
import { AddressForm } from './AddressForm.tsx';
import { AddressText } from './AddressText.tsx';
import styles from './addresses.module.css';

type Editing = number | 'new' | null;
/** Where the keyboard's focus goes after a change: an address's Edit button, or Add. */
type Focus = { edit: number } | 'add' | null;

const failure = (error: unknown) =>
  error instanceof ApiError
    ? error.errors.length > 0
      ? error.errors
      : [error.message]
    : ["We couldn't reach the store. Please try again."];

/**
 * The shopper's address book (docs/rules.md#addresses): every address, the default
 * first and marked; add, edit in place, make default, and delete after a confirmation.
 */
export function AddressBook() {
  const book = useStore((s) => s.addresses.list);
  const addAddress = useStore((s) => s.addAddress);
  const updateAddress = useStore((s) => s.updateAddress);
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<Address | null>(null);
  const [said, setSaid] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [focus, setFocus] = useState<Focus>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focus === null || editing !== null) return;
    const selector = focus === 'add' ? '[data-action="add"]' : `[data-action="edit"][data-address="${focus.edit}"]`;
    root.current?.querySelector<HTMLElement>(selector)?.focus();
    setFocus(null);
  }, [focus, editing, book]);

  const done = (message: string, then: Focus) => {
    setEditing(null);
    setErrors([]);
    setSaid(message);
    setFocus(then);
  };

  const makeDefault = (a: Address) => {
    setErrors([]);
    updateAddress(a.id, { ...addressInput(addressValues(a), true) }).then(
      () => done(`${a.name}, ${a.line1} is now your default address.`, { edit: a.id }),
      (error: unknown) => setErrors(failure(error)),
    );
  };

  return (
    <div ref={root} className={styles.book}>
      {/* What the last change did, for screen readers: the list itself shows it. */}
      <p role="status" className="visually-hidden">
        {said}
      </p>
      <ErrorLines lines={errors} />
      {editing === 'new' ? (
        <div className={styles.panel}>
          <AddressForm
            title="Add an address"
            headingLevel={2}
            offerDefault={book.length > 0}
            submitLabel="Save address"
            onSubmit={async (values, isDefault) => {
              const address = await addAddress(addressInput(values, isDefault));
              done(`Added ${address.name}, ${address.line1}.`, { edit: address.id });
            }}
            onCancel={() => done('', 'add')}
          />
        </div>
      ) : (
        <div>
          <Button data-action="add" onClick={() => setEditing('new')} disabled={editing !== null}>
            Add an address
          </Button>
        </div>
      )}
      {book.length === 0 && editing !== 'new' && (
        <p className={styles.empty}>
          You haven't saved an address yet. Until you do, orders ship to Demo Shopper, 1000 Nicollet Mall, Minneapolis,
          MN 55403.
        </p>
      )}
      {book.length > 0 && (
        <ul role="list" className={styles.cards} aria-label="Your addresses">
          {book.map((a) =>
            editing === a.id ? (
              <li key={a.id} className={`${styles.card} ${styles.wide}`}>
                <AddressForm
                  title={`Edit ${a.name}, ${a.line1}`}
                  headingLevel={2}
                  initial={addressValues(a)}
                  offerDefault={!a.isDefault}
                  submitLabel="Save address"
                  onSubmit={async (values, isDefault) => {
                    await updateAddress(a.id, addressInput(values, isDefault || a.isDefault));
                    done(`Saved ${values.name}, ${values.line1}.`, { edit: a.id });
                  }}
                  onCancel={() => done('', { edit: a.id })}
                />
              </li>
            ) : (
              <li key={a.id} className={`${styles.card} ${a.isDefault ? styles.isDefault : ''}`}>
                <div className={styles.cardHead}>
                  <h2 className={styles.cardName}>{a.name}</h2>
                  {a.isDefault && <span className={styles.badge}>Default</span>}
                </div>
                <AddressText address={a} withoutName phone />
                <div className={styles.cardActions}>
                  <Button
                    variant="secondary"
                    size="small"
                    data-action="edit"
                    data-address={a.id}
                    disabled={editing !== null}
                    onClick={() => setEditing(a.id)}
                  >
                    Edit<span className="visually-hidden"> {addressOneLine(a)}</span>
                  </Button>
                  {!a.isDefault && (
                    <Button variant="quiet" size="small" disabled={editing !== null} onClick={() => makeDefault(a)}>
                      Make default<span className="visually-hidden"> {addressOneLine(a)}</span>
                    </Button>
                  )}
                  <Button variant="quiet" size="small" disabled={editing !== null} onClick={() => setConfirming(a)}>
                    Delete<span className="visually-hidden"> {addressOneLine(a)}</span>
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmDelete
        address={confirming}
        others={book.length - 1}
        onClose={() => setConfirming(null)}
        onDeleted={(a) => done(`Deleted ${a.name}, ${a.line1}.`, 'add')}
        onFailed={(error) => setErrors(failure(error))}
      />
    </div>
  );
}

function ConfirmDelete(props: {
  address: Address | null;
  /** How many addresses the book keeps besides it. */
  others: number;
  onClose: () => void;
  onDeleted: (a: Address) => void;
  onFailed: (error: unknown) => void;
}) {
  const { address, others, onClose, onDeleted, onFailed } = props;
  const deleteAddress = useStore((s) => s.deleteAddress);
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    if (!address) return;
    setBusy(true);
    deleteAddress(address.id).then(
      () => {
        setBusy(false);
        onClose();
        onDeleted(address);
      },
      (error: unknown) => {
        setBusy(false);
        onClose();
        onFailed(error);
      },
    );
  };
  return (
    <Dialog open={address !== null} onClose={onClose} label="Delete this address?">
      <div className={styles.confirm}>
        <h2>Delete this address?</h2>
        {address && (
          <p>
            {addressOneLine(address)} will be removed from your address book. Orders already placed keep their address.
            {address.isDefault && others > 0 && ' Your newest other address becomes the default.'}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={confirm} disabled={busy}>
            Delete address
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
