import { useRef, useState } from 'react';
import { deleteShippingMethod, deleteTaxRate, listAdminShippingMethods, listTaxRates, updateShippingMethod } from '../api/admin.ts';
import type { AdminShippingMethod, TaxRateBody } from '../../api/types.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { stateName } from '../../lib/usStates.ts';
import { Done, Problem } from '../components/Controls.tsx';
import { AddMethodForm, EditMethodDialog } from '../features/shipping/MethodForms.tsx';
import { ShippingMethodTable } from '../features/shipping/ShippingMethodTable.tsx';
import { removeQuestion, rateLabel, type RateValues } from '../features/shipping/shippingRules.ts';
import { TaxRateForm, TaxRateTable } from '../features/shipping/TaxRates.tsx';
import { problemOf, useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { admin as styles } from '../styles/classes.ts';
import { useRole } from './useRole.ts';
import { canChange } from '../../lib/roles.ts';

export default function ShippingPage() {
  usePageTitle('Shipping and tax · Back office');
  const staff = canChange(useRole());
  return (
    <>
      <PageHead title="Shipping and tax" />
      <ShippingMethods staff={staff} />
      <TaxRates staff={staff} />
    </>
  );
}

function ShippingMethods({ staff }: { staff: boolean }) {
  const { data, gate, replace } = useFetched(listAdminShippingMethods, []);
  const action = useAction();
  const [done, setDone] = useState('');
  const [editing, setEditing] = useState<AdminShippingMethod | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A write can move the default or the order of the list: the list comes again, whole.
  const thenList = <T,>(write: () => Promise<T>) => () => write().then(listAdminShippingMethods);
  const settle = (list: AdminShippingMethod[], line: string) => {
    replace(list);
    setDone(line);
    // The row's button is gone (or moved): the keyboard goes back to the section's head.
    heading.current?.focus();
  };
  const makeDefault = (m: AdminShippingMethod) => {
    setDone('');
    action.run(m.id, m.name, thenList(() => updateShippingMethod(m.id, { isDefault: true })), (list) =>
      settle(list, `${m.name} is now the default.`),
    );
  };
  const remove = (m: AdminShippingMethod) => {
    if (!window.confirm(removeQuestion(m))) return;
    setDone('');
    action.run(m.id, m.name, thenList(() => deleteShippingMethod(m.id)), (list) =>
      settle(list, list.some((x) => x.id === m.id) ? `${m.name} is archived.` : `${m.name} is deleted.`),
    );
  };
  return (
    <section className={styles.section} aria-labelledby="shipping-methods">
      <h2 id="shipping-methods" ref={heading} tabIndex={-1}>
        Shipping methods
      </h2>
      <p className={styles.soft}>
        Shoppers choose one at checkout; the default is used when they choose none and cannot be removed. A method an order
        used is archived rather than deleted, and stays read-only.
      </p>
      <Problem text={action.problem} />
      <Done text={done} />
      <LoadGate state={gate} notFound={null}>
        {data && (
          <ShippingMethodTable
            methods={data}
            actions={staff ? { onEdit: (m) => (setDone(''), setEditing(m)), onMakeDefault: makeDefault, onRemove: remove } : null}
            busy={action.busy}
          />
        )}
      </LoadGate>
      {staff && (
        <div className={`${styles.panel} ${styles.gap}`}>
          <h3 id="add-method">Add a shipping method</h3>
          <AddMethodForm
            onAdded={(m) => {
              setDone(`${m.name} added.`);
              listAdminShippingMethods().then(replace, () => undefined);
            }}
          />
        </div>
      )}
      <EditMethodDialog
        method={editing}
        onClose={() => setEditing(null)}
        onSaved={(m) => {
          setEditing(null);
          replace((list) => list?.map((x) => (x.id === m.id ? m : x)));
          setDone(`${m.name} saved.`);
        }}
      />
    </section>
  );
}

/** The rates by state, in code order. */
const byRegion = (rates: TaxRateBody[]) => [...rates].sort((a, b) => a.region.localeCompare(b.region));

function TaxRates({ staff }: { staff: boolean }) {
  const { data, gate, replace } = useFetched(listTaxRates, []);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  // The form starts again after each set, or filled in by a row's Change.
  const [form, setForm] = useState<{ round: number; preset: RateValues | null }>({ round: 0, preset: null });
  const heading = useRef<HTMLHeadingElement>(null);
  const remove = (r: TaxRateBody) => {
    if (!window.confirm(`Remove the tax rate of ${r.region} (${stateName(r.region)})? Orders shipped there then pay no tax.`)) return;
    setBusy(r.region);
    setProblem('');
    setDone('');
    deleteTaxRate(r.region).then(
      () => {
        setBusy(null);
        replace((rates) => rates?.filter((x) => x.region !== r.region));
        setDone(`${r.region} pays no tax now.`);
        heading.current?.focus();
      },
      (error: unknown) => {
        setBusy(null);
        setProblem(`${r.region}: ${problemOf(error)}`);
      },
    );
  };
  const change = (r: TaxRateBody) => {
    setDone('');
    setForm((f) => ({ round: f.round + 1, preset: { region: r.region, rate: String(r.rate) } }));
  };
  return (
    <section className={`${styles.section} ${styles.gap}`} aria-labelledby="tax-rates">
      <h2 id="tax-rates" ref={heading} tabIndex={-1}>
        Tax rates by state
      </h2>
      <p className={styles.soft}>An order shipped to a state without a rate pays no tax.</p>
      <Problem text={problem} />
      <Done text={done} />
      {/* The table, and beside it (under it on a narrow screen) the form that sets a rate. */}
      <div className={styles.split}>
        <LoadGate state={gate} notFound={null}>
          {data && <TaxRateTable rates={data} actions={staff ? { onChange: change, onRemove: remove } : null} busy={busy} />}
        </LoadGate>
        {staff && (
          <div className={styles.panel}>
            <h3>Set a state’s rate</h3>
            <TaxRateForm
              key={form.round}
              rates={data ?? []}
              preset={form.preset}
              again={form.round > 0}
              onSet={(rate) => {
                replace((rates) => byRegion([...(rates ?? []).filter((x) => x.region !== rate.region), rate]));
                setDone(`${rate.region}: ${rateLabel(rate.rate)}.`);
                setForm((f) => ({ round: f.round + 1, preset: null }));
              }}
            />
          </div>
        )}
      </div>
    </section>
  );
}
