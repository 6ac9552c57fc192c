import { useId, useRef, useState, type FormEvent } from 'react';
import { setTaxRate } from '../../api/admin.ts';
import type { TaxRateBody } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { ErrorLines, FormField } from '../../../components/FormField.tsx';
import { useForm } from '../../../lib/useForm.ts';
import { stateName, usStates } from '../../../lib/usStates.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { focusFirstInvalid } from '../../lib/focusInvalid.ts';
import { linesOf } from '../../lib/useAction.ts';
import { admin as styles, editor } from '../../styles/classes.ts';
import { emptyRate, parsePercent, rateLabel, rateMessages, stateOption, type RateValues } from './shippingRules.ts';

export interface RateActions {
  onChange: (rate: TaxRateBody) => void;
  onRemove: (rate: TaxRateBody) => void;
}

/** The states with a tax rate; Change and Remove for staff. */
export function TaxRateTable({ rates, actions, busy }: {
  rates: TaxRateBody[];
  /** Null for a viewer: no buttons. */
  actions: RateActions | null;
  /** The state whose write is under way. */
  busy: string | null;
}) {
  if (rates.length === 0) return <p className={styles.empty}>No state has a tax rate: every order pays no tax.</p>;
  return (
    <TableFrame label="Tax rates table">
      <table className={`${styles.table} ${styles.narrowTable}`}>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col" className={styles.num}>Rate</th>
            {actions && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {rates.map((r) => (
            <tr key={r.region}>
              <th scope="row">
                {r.region} <span className={styles.soft}>{stateName(r.region)}</span>
              </th>
              <td className={styles.num}>{rateLabel(r.rate)}</td>
              {actions && (
                <td>
                  <div className={styles.actions}>
                    <Button
                      size="small"
                      variant="secondary"
                      onClick={() => actions.onChange(r)}
                      disabled={busy === r.region}
                      aria-label={`Change: ${r.region} rate`}
                    >
                      Change
                    </Button>
                    <Button
                      size="small"
                      variant="quiet"
                      onClick={() => actions.onRemove(r)}
                      disabled={busy === r.region}
                      aria-label={`Remove: ${r.region} rate`}
                    >
                      Remove
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/**
 * A state and its rate, new or changed. `preset` (from a row's Change) fills it in and
 * puts the focus on the rate; `again` (after a rate was set) puts it on the state.
 */
export function TaxRateForm({ rates, preset, again, onSet }: {
  rates: TaxRateBody[];
  preset: RateValues | null;
  again: boolean;
  onSet: (rate: TaxRateBody) => void;
}) {
  const form = useForm(preset ?? emptyRate, rateMessages);
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const ref = useRef<HTMLFormElement>(null);
  const id = useId();
  const regionMessage = form.shown('region');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return focusFirstInvalid(ref.current);
    setBusy(true);
    setLines([]);
    setTaxRate(form.values.region, parsePercent(form.values.rate)).then(onSet, (error: unknown) => {
      setBusy(false);
      setLines(linesOf(error));
    });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label="Set a state's tax rate">
      <ErrorLines lines={lines} />
      <div className={styles.addForm}>
        <div className={editor.select}>
          <label htmlFor={id}>State</label>
          <select
            id={id}
            autoFocus={again && preset === null}
            value={form.values.region}
            onChange={(e) => form.setValue('region', e.target.value)}
            aria-invalid={regionMessage ? true : undefined}
            aria-describedby={regionMessage ? `${id}-message` : undefined}
          >
            <option value="">Choose a state</option>
            {usStates.map(([code]) => (
              <option key={code} value={code}>
                {stateOption(code, rates)}
              </option>
            ))}
          </select>
          <span id={`${id}-message`}>{regionMessage}</span>
        </div>
        <FormField label="Rate (percent)" inputMode="decimal" hint={form.shown('rate') ? undefined : 'Like 8.25'} autoFocus={preset !== null} {...form.field('rate')} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Setting…' : 'Set rate'}
        </Button>
      </div>
    </form>
  );
}
