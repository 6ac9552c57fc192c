import { useRef, useState, type FormEvent } from 'react';
import { createShippingMethod, updateShippingMethod } from '../../api/admin.ts';
import type { AdminShippingMethod } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { ErrorLines, FormField } from '../../../components/FormField.tsx';
import { useForm } from '../../../lib/useForm.ts';
import { CheckField } from '../../components/Controls.tsx';
import { focusFirstInvalid } from '../../lib/focusInvalid.ts';
import { linesOf } from '../../lib/useAction.ts';
import { admin as styles } from '../../styles/classes.ts';
import { emptyMethod, methodChanges, methodInput, methodMessages, methodValues, type MethodValues } from './shippingRules.ts';

type MethodForm = ReturnType<typeof useForm<MethodValues>>;

/** A field's hint, left out while the field shows a message, which then has the line to itself. */
const quiet = (form: MethodForm, name: keyof MethodValues & string, hint: string) => (form.shown(name) ? undefined : hint);

/** A method's four fields, for the add form and the edit dialog alike. */
function MethodFields({ form, autoFocus }: { form: MethodForm; autoFocus?: boolean }) {
  return (
    <>
      <FormField label="Name" autoComplete="off" autoFocus={autoFocus} {...form.field('name')} />
      <FormField label="Price (dollars)" inputMode="decimal" hint={quiet(form, 'price', '0 for free')} {...form.field('price')} />
      <FormField label="Free over (dollars)" inputMode="decimal" hint={quiet(form, 'freeOver', 'Empty: never free')} {...form.field('freeOver')} />
      <FormField label="Business days" autoComplete="off" hint={quiet(form, 'days', 'Like 3-5')} {...form.field('days')} />
    </>
  );
}

/** Staff's form for a new method; it empties itself once the method is added. */
export function AddMethodForm({ onAdded }: { onAdded: (method: AdminShippingMethod) => void }) {
  const [round, setRound] = useState(0);
  return <AddMethodFields key={round} again={round > 0} onAdded={(m) => (setRound((r) => r + 1), onAdded(m))} />;
}

function AddMethodFields({ again, onAdded }: { again: boolean; onAdded: (method: AdminShippingMethod) => void }) {
  const form = useForm(emptyMethod, methodMessages);
  const [isDefault, setDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const ref = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return focusFirstInvalid(ref.current);
    setBusy(true);
    setLines([]);
    createShippingMethod(methodInput(form.values, isDefault)).then(onAdded, (error: unknown) => {
      setBusy(false);
      setLines(linesOf(error));
    });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Add a shipping method">
      <ErrorLines lines={lines} />
      <div className={styles.addForm}>
        {/* After an add, the next one starts where the last did. */}
        <MethodFields form={form} autoFocus={again} />
        <CheckField label="Make it the default" hint="A checkout uses it when the shopper picks none." checked={isDefault} onChange={setDefault} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add method'}
        </Button>
      </div>
    </form>
  );
}

/** A method's fields in a dialog; Save sends only what changed. */
export function EditMethodDialog({ method, onClose, onSaved }: {
  /** The method being edited; null when the dialog is closed. */
  method: AdminShippingMethod | null;
  onClose: () => void;
  onSaved: (method: AdminShippingMethod) => void;
}) {
  return (
    <Dialog open={method !== null} onClose={onClose} label={method ? `Edit ${method.name}` : 'Edit a shipping method'}>
      {method && <EditMethodForm key={method.id} method={method} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditMethodForm({ method, onClose, onSaved }: {
  method: AdminShippingMethod;
  onClose: () => void;
  onSaved: (method: AdminShippingMethod) => void;
}) {
  const form = useForm(methodValues(method), methodMessages);
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const ref = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return focusFirstInvalid(ref.current);
    const changes = methodChanges(method, form.values);
    if (Object.keys(changes).length === 0) return onClose();
    setBusy(true);
    setLines([]);
    updateShippingMethod(method.id, changes).then(onSaved, (error: unknown) => {
      setBusy(false);
      setLines(linesOf(error));
    });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-labelledby="edit-method-title" className={styles.dialogForm}>
      <h2 id="edit-method-title">Edit {method.name}</h2>
      <ErrorLines lines={lines} />
      <MethodFields form={form} />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
