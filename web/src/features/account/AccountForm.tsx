import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import type { User } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorLines, FormField } from '../../components/FormField.tsx';
import { accountChange, accountValues, changesSomething, sortAccountErrors } from '../../lib/accountSettings.ts';
import { useForm } from '../../lib/useForm.ts';
import { accountMessages, type AccountValues } from '../../lib/validation.ts';
import { useStore } from '../../store/index.ts';
import styles from './account.module.css';
import { focusFirst, useServerMessages } from './useServerMessages.ts';

const ORDER: (keyof AccountValues)[] = ['firstName', 'lastName', 'email', 'currentPassword'];

/** Said when the form is sent unchanged: the password alone changes nothing. */
export const NOTHING_CHANGED = 'Nothing to save: change your name or e-mail first.';

/**
 * The account's name and e-mail address, changed with its password. A name changes at
 * once; a new address only once its owner opens the link mailed to it, and until then
 * the form says where the link went. The server's refusals show by the fields they are
 * about: a wrong password under it, an address another account has under the address.
 */
export function AccountForm({ user }: { user: User }) {
  const pendingEmail = useStore((s) => s.account.pendingEmail);
  const changeAccount = useStore((s) => s.changeAccount);
  const form = useForm(accountValues(user), accountMessages);
  const server = useServerMessages<keyof AccountValues>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const pendingId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!form.trySubmit()) return focusFirst(formRef, ORDER, accountMessages(form.values));
    const change = accountChange(user, form.values);
    if (!changesSomething(change)) return server.say([NOTHING_CHANGED]);
    setBusy(true);
    server.clear();
    changeAccount(change)
      .then((account) => {
        form.reset(accountValues(account.user));
        const named = change.firstName !== undefined || change.lastName !== undefined;
        const mailed = change.email !== undefined;
        setSaved(
          named && mailed
            ? 'Your name is saved, and we sent a link to the new address.'
            : named
              ? 'Your name is saved.'
              : 'We sent a link to the new address.',
        );
      })
      .catch((error: unknown) => {
        // Another account has the address (409): said under it.
        const sort =
          error instanceof ApiError && error.status === 409
            ? (lines: string[]) => ({ fields: { email: lines[0] }, other: lines.slice(1) })
            : sortAccountErrors;
        focusFirst(formRef, ORDER, server.show(error, sort));
      })
      .finally(() => setBusy(false));
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      {pendingEmail !== null && (
        <p id={pendingId} className={styles.pending}>
          We sent a link to <strong>{pendingEmail}</strong>. Your e-mail changes when you open it.
        </p>
      )}
      <ErrorLines lines={server.errors} />
      <div className={styles.row}>
        <FormField label="First name" autoComplete="given-name" {...server.field(form.field('firstName'))} />
        <FormField label="Last name" autoComplete="family-name" {...server.field(form.field('lastName'))} />
      </div>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        aria-describedby={pendingEmail !== null ? pendingId : undefined}
        {...server.field(form.field('email'))}
      />
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...server.field(form.field('currentPassword'))}
      />
      <div className={styles.formFoot}>
        <Button type="submit" disabled={busy}>
          Save<span className="visually-hidden"> name and e-mail</span>
        </Button>
        <p role="status" className={styles.saved}>
          {saved}
        </p>
      </div>
    </form>
  );
}
