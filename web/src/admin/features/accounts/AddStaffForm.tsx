import { useId, useState, type FormEvent } from 'react';
import { addStaff } from '../../api/admin.ts';
import { ApiError } from '../../../api/client.ts';
import type { AccountBody } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { ErrorLines, FormField } from '../../../components/FormField.tsx';
import { staffMessages, staffRoles, type StaffValues } from '../../lib/adminRules.ts';
import { useForm } from '../../../lib/useForm.ts';
import { admin as styles, editor } from '../../styles/classes.ts';
import { problemOf } from '../../lib/useAction.ts';

const empty: StaffValues = { username: '', email: '', password: '', role: 'staff' };

/** An owner's form for a new staff account; the new account signs in with this password. */
export function AddStaffForm({ onAdded }: { onAdded: (account: AccountBody) => void }) {
  const [round, setRound] = useState(0);
  return <StaffFields key={round} onAdded={(a) => (setRound((r) => r + 1), onAdded(a))} />;
}

function StaffFields({ onAdded }: { onAdded: (account: AccountBody) => void }) {
  const form = useForm(empty, staffMessages);
  const roleId = useId();
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return;
    setBusy(true);
    setLines([]);
    addStaff(form.values).then(onAdded, (error: unknown) => {
      setBusy(false);
      setLines(error instanceof ApiError && error.errors.length > 0 ? error.errors : [problemOf(error)]);
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a staff account">
      <ErrorLines lines={lines} />
      <div className={styles.addForm}>
        <FormField label="Username" autoComplete="off" {...form.field('username')} />
        <FormField label="Email" type="email" autoComplete="off" {...form.field('email')} />
        <FormField label="Password (10 characters or more)" type="password" autoComplete="new-password" {...form.field('password')} />
        <div className={editor.select}>
          <label htmlFor={roleId}>Role</label>
          <select id={roleId} value={form.values.role} onChange={(e) => form.setValue('role', e.target.value)}>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {r === 'staff' ? 'Staff: products, orders, reviews' : r === 'viewer' ? 'Viewer: looks only' : 'Owner: everything'}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding…' : 'Add staff account'}
        </Button>
      </div>
    </form>
  );
}
