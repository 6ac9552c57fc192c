import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import type { Order, Refund } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { ErrorLines, FormField } from '../../../components/FormField.tsx';
import { newIdempotencyKey } from '../../../lib/idempotencyKey.ts';
import { paidWith } from '../../../lib/payments.ts';
import { useForm } from '../../../lib/useForm.ts';
import type { Messages } from '../../../lib/validation.ts';
import { createRefund } from '../../api/admin.ts';
import { CheckField } from '../../components/Controls.tsx';
import { focusFirstInvalid } from '../../lib/focusInvalid.ts';
import { linesOf } from '../../lib/useAction.ts';
import { admin as styles } from '../../styles/classes.ts';
import {
  emptyRefund,
  refundInput,
  refundMessages,
  restockable,
  restockLabel,
  sortRefundErrors,
  submitLabel,
  upTo,
  type RefundField,
} from './refundRules.ts';

interface Props {
  order: Order;
  open: boolean;
  onClose: () => void;
  /** The refund the server made (or, for a form sent again, the one it made the first time). */
  onRefunded: (refund: Refund) => void;
  /** The server found the order changed since it was read (its 409): the page reads it again. */
  onStale: () => void;
}

/** Staff's refund of an order, in a dialog: how much, why, and which units came back to stock. */
export function RefundDialog({ order, open, onClose, onRefunded, onStale }: Props) {
  return (
    <Dialog open={open} onClose={onClose} label={`Refund order #${order.id}`}>
      {/* Drawn only while open: each opening is a new form, with a new Idempotency-Key. */}
      <RefundForm order={order} onClose={onClose} onRefunded={onRefunded} onStale={onStale} />
    </Dialog>
  );
}

/** A field's hint, left out while the field shows a message, which then has the line to itself. */
const quiet = (message: string | undefined, hint: string) => (message ? undefined : hint);

function RefundForm({ order, onClose, onRefunded, onStale }: Omit<Props, 'open'>) {
  const { refundable } = order.payment;
  const form = useForm(emptyRefund, (v) => refundMessages(v, refundable));
  const [restock, setRestock] = useState<number[]>([]);
  // One key for this opening of the form, whatever happens to its sends: one that got no
  // answer may have refunded all the same, so sending the form again (a retry, a double
  // click) must name the same refund, and the server answers that one again.
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  // The server's messages, by field, each until that field changes; its other lines above the form.
  const [server, setServer] = useState<Messages<RefundField>>({});
  const [lines, setLines] = useState<string[]>([]);
  const ref = useRef<HTMLFormElement>(null);
  const lineChoices = restockable(order.Products);

  const field = (name: RefundField) => {
    const own = form.field(name);
    return {
      ...own,
      message: own.message ?? server[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        own.onChange(e);
        setServer(({ [name]: _, ...rest }) => rest);
      },
    };
  };
  const amount = field('amount');
  const reason = field('reason');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!form.trySubmit()) return focusFirstInvalid(ref.current);
    setBusy(true);
    setLines([]);
    // Only lines still out: the order may have been read again since one was ticked.
    const lineIds = restock.filter((id) => lineChoices.some((line) => line.lineId === id));
    createRefund(order.id, refundInput(form.values, lineIds), key).then(onRefunded, (error: unknown) => {
      setBusy(false);
      if (error instanceof ApiError && error.status === 400) {
        const sorted = sortRefundErrors(linesOf(error));
        setServer(sorted.fields);
        setLines(sorted.other);
        focusFirstInvalid(ref.current);
        return;
      }
      setLines(linesOf(error));
      // Refunded or restocked elsewhere meanwhile: the figures and lines shown are old.
      if (error instanceof ApiError && error.status === 409) onStale();
    });
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-labelledby="refund-title" className={styles.dialogForm}>
      <h2 id="refund-title">Refund order #{order.id}</h2>
      <p className={styles.soft}>The money goes back to the {paidWith(order.payment)}.</p>
      <ErrorLines lines={lines} />
      <FormField
        label="Amount (dollars)"
        inputMode="decimal"
        autoComplete="off"
        hint={quiet(amount.message, upTo(refundable))}
        hintDescribes
        {...amount}
      />
      <FormField
        label="Reason"
        autoComplete="off"
        hint={quiet(reason.message, 'The shopper sees it on their order.')}
        hintDescribes
        {...reason}
      />
      {lineChoices.length > 0 && (
        <fieldset className={styles.restock}>
          <legend>Put back in stock</legend>
          {lineChoices.map((line) => (
            <CheckField
              key={line.lineId}
              label={restockLabel(line)}
              hint={`Line ${line.lineId}`}
              checked={restock.includes(line.lineId)}
              onChange={(checked) =>
                setRestock((ids) => (checked ? [...ids, line.lineId] : ids.filter((id) => id !== line.lineId)))
              }
            />
          ))}
        </fieldset>
      )}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Refunding…' : submitLabel(form.values, refundable)}
        </Button>
      </div>
    </form>
  );
}
