import { useRef, useState, type FormEvent } from 'react';
import { createPromotion, updatePromotion } from '../../api/admin.ts';
import type { AdminPromotion } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { ErrorLines, FormField } from '../../../components/FormField.tsx';
import { useForm } from '../../../lib/useForm.ts';
import { CheckField, RadioGroup } from '../../components/Controls.tsx';
import { focusFirstInvalid } from '../../lib/focusInvalid.ts';
import { linesOf } from '../../lib/useAction.ts';
import { admin as styles } from '../../styles/classes.ts';
import {
  discountLabel,
  editMessages,
  emptyPromotion,
  promotionChanges,
  promotionEditValues,
  promotionInput,
  promotionMessages,
  type PromotionValues,
} from './promotionRules.ts';

type PromotionForm = ReturnType<typeof useForm<PromotionValues>>;

/** A field's hint, left out while the field shows a message, which then has the line to itself. */
const quiet = (form: PromotionForm, name: keyof PromotionValues & string, hint: string) => (form.shown(name) ? undefined : hint);

/** The fields a code keeps changeable: its dates, limit, minimum and once per shopper. */
function ChangeableFields({ form }: { form: PromotionForm }) {
  return (
    <>
      <FormField label="Minimum subtotal ($)" inputMode="decimal" hint={quiet(form, 'minSubtotal', 'Empty: any subtotal')} {...form.field('minSubtotal')} />
      <FormField label="Usage limit (orders)" inputMode="numeric" hint={quiet(form, 'usageLimit', 'Empty: no limit')} {...form.field('usageLimit')} />
      <FormField label="Starts" type="datetime-local" hint={quiet(form, 'startsAt', 'Empty: at once')} {...form.field('startsAt')} />
      <FormField label="Ends" type="datetime-local" hint={quiet(form, 'endsAt', 'Empty: never')} {...form.field('endsAt')} />
      <CheckField
        label="Once per shopper"
        hint="Each shopper may use it on one order."
        checked={form.values.oncePerShopper === 'yes'}
        onChange={(checked) => form.setValue('oncePerShopper', checked ? 'yes' : '')}
      />
    </>
  );
}

/** Staff's form for a new code; it empties itself once the code is made. */
export function CreatePromotionForm({ onCreated }: { onCreated: (promotion: AdminPromotion) => void }) {
  const [round, setRound] = useState(0);
  return <CreateFields key={round} again={round > 0} onCreated={(p) => (setRound((r) => r + 1), onCreated(p))} />;
}

function CreateFields({ again, onCreated }: { again: boolean; onCreated: (promotion: AdminPromotion) => void }) {
  const form = useForm(emptyPromotion, promotionMessages);
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const ref = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return focusFirstInvalid(ref.current);
    setBusy(true);
    setLines([]);
    createPromotion(promotionInput(form.values)).then(onCreated, (error: unknown) => {
      setBusy(false);
      setLines(linesOf(error));
    });
  };
  const percent = form.values.kind !== 'amount';
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Create a promotion code">
      <ErrorLines lines={lines} />
      <div className={`${styles.addForm} ${styles.promoForm}`}>
        <RadioGroup
          legend="Kind"
          name="promotion-kind"
          value={form.values.kind}
          options={[
            ['percent', 'Percent off'],
            ['amount', 'Amount off'],
          ]}
          onChange={(kind) => form.setValue('kind', kind)}
        />
        <FormField label="Code" autoComplete="off" autoCapitalize="characters" spellCheck={false} hint={quiet(form, 'code', 'Letters, digits, -')} autoFocus={again} {...form.field('code')} />
        <FormField
          label={percent ? 'Percent off (1 to 100)' : 'Amount off (dollars)'}
          inputMode={percent ? 'numeric' : 'decimal'}
          {...form.field('value')}
        />
        <ChangeableFields form={form} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create code'}
        </Button>
      </div>
    </form>
  );
}

/** A code's changeable fields in a dialog; Save sends only what changed. */
export function EditPromotionDialog({ promotion, onClose, onSaved }: {
  /** The code being edited; null when the dialog is closed. */
  promotion: AdminPromotion | null;
  onClose: () => void;
  onSaved: (promotion: AdminPromotion) => void;
}) {
  return (
    <Dialog open={promotion !== null} onClose={onClose} label={promotion ? `Edit ${promotion.code}` : 'Edit a promotion code'}>
      {promotion && <EditForm key={promotion.id} promotion={promotion} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditForm({ promotion, onClose, onSaved }: {
  promotion: AdminPromotion;
  onClose: () => void;
  onSaved: (promotion: AdminPromotion) => void;
}) {
  const form = useForm(promotionEditValues(promotion), editMessages(promotion.uses));
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const ref = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return focusFirstInvalid(ref.current);
    const changes = promotionChanges(promotion, form.values);
    if (Object.keys(changes).length === 0) return onClose();
    setBusy(true);
    setLines([]);
    updatePromotion(promotion.id, changes).then(onSaved, (error: unknown) => {
      setBusy(false);
      setLines(linesOf(error));
    });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-labelledby="edit-promotion-title" className={styles.dialogForm}>
      <h2 id="edit-promotion-title">Edit {promotion.code}</h2>
      <p className={styles.fixed}>
        {discountLabel(promotion)}. A code, its kind and its value never change once it is made.
      </p>
      <ErrorLines lines={lines} />
      <ChangeableFields form={form} />
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
