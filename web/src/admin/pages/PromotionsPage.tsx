import { useRef, useState } from 'react';
import { listAdminPromotions, updatePromotion } from '../api/admin.ts';
import type { AdminPromotion } from '../../api/types.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { Count, Done, Problem } from '../components/Controls.tsx';
import { CreatePromotionForm, EditPromotionDialog } from '../features/promotions/PromotionForms.tsx';
import { endNow } from '../features/promotions/promotionRules.ts';
import { PromotionTable } from '../features/promotions/PromotionTable.tsx';
import { useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { admin as styles } from '../styles/classes.ts';
import { useRole } from './useRole.ts';
import { canChange } from '../../lib/roles.ts';

/** The browser's time zone, which the dates are shown and typed in ("America/Chicago"). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export default function PromotionsPage() {
  usePageTitle('Promotions · Back office');
  const staff = canChange(useRole());
  const { data, gate, replace } = useFetched(listAdminPromotions, []);
  const action = useAction();
  const [done, setDone] = useState('');
  const [editing, setEditing] = useState<AdminPromotion | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The statuses are of the moment the list last changed; a write draws them again.
  const now = Date.now();
  const swap = (changed: AdminPromotion) => replace((list) => list?.map((p) => (p.id === changed.id ? changed : p)));
  const end = (p: AdminPromotion) => {
    if (!window.confirm(`End ${p.code} now? Shoppers can no longer use it; its end date can be moved later again.`)) return;
    setDone('');
    action.run(p.id, p.code, () => updatePromotion(p.id, endNow(new Date())), (changed) => {
      swap(changed);
      setDone(`${changed.code} has ended.`);
      // The row's End now is gone: the keyboard goes back to the list's head.
      heading.current?.focus();
    });
  };
  return (
    <>
      <PageHead title="Promotions">
        Shoppers type a code at checkout. A code, its kind and its value never change once made; its dates, limit, minimum and
        once per shopper may. Dates are in your time zone ({timeZone()}).
      </PageHead>
      <section className={styles.section} aria-labelledby="promotion-codes">
        <h2 id="promotion-codes" ref={heading} tabIndex={-1}>
          Codes
        </h2>
        <Problem text={action.problem} />
        <Done text={done} />
        <LoadGate state={gate} notFound={null}>
          {data && (
            <>
              <Count total={data.length} noun={['code', 'codes']} page={1} pages={1} />
              <PromotionTable
                promotions={data}
                now={now}
                actions={staff ? { onEndNow: end, onEdit: (p) => (setDone(''), setEditing(p)) } : null}
                busy={action.busy}
              />
            </>
          )}
        </LoadGate>
      </section>
      {staff && (
        <section className={`${styles.panel} ${styles.gap}`} aria-labelledby="create-promotion">
          <h2 id="create-promotion">Create a code</h2>
          <CreatePromotionForm
            onCreated={(p) => {
              replace((list) => [p, ...(list ?? [])]);
              setDone(`${p.code} created.`);
            }}
          />
        </section>
      )}
      <EditPromotionDialog
        promotion={editing}
        onClose={() => setEditing(null)}
        onSaved={(p) => {
          setEditing(null);
          swap(p);
          setDone(`${p.code} saved.`);
        }}
      />
    </>
  );
}
