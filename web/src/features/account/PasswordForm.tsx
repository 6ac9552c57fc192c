import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { ErrorLines, FormField } from '../../components/FormField.tsx';
import { sortPasswordErrors } from '../../lib/accountSettings.ts';
import { useForm } from '../../lib/useForm.ts';
import { passwordChangeMessages, type PasswordChangeValues } from '../../lib/validation.ts';
import { useStore } from '../../store/index.ts';
import styles from './account.module.css';
import { focusFirst, useServerMessages } from './useServerMessages.ts';

const blank: PasswordChangeValues = { currentPassword: '', password: '', confirmPassword: '' };
const ORDER: (keyof PasswordChangeValues)[] = ['currentPassword', 'password', 'confirmPassword'];

/**
 * A new password, by the sign-up's rule, given the current one. The account's other sessions end; this one stays,
 * and the server's message says so.
 */
export function PasswordForm({ username }: { username: string }) {
  const changePassword = useStore((s) => s.changePassword);
  const form = useForm(blank, passwordChangeMessages);
  const server = useServerMessages<keyof PasswordChangeValues>();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState('');
  const formRef = useRef<HTMLFormElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    if (!form.trySubmit()) return focusFirst(formRef, ORDER, passwordChangeMessages(form.values));
    setBusy(true);
    server.clear();
    changePassword({ currentPassword: form.values.currentPassword, password: form.values.password })
      .then((message) => {
        form.reset();
        setSaved(message);
      })
      .catch((error: unknown) => focusFirst(formRef, ORDER, server.show(error, sortPasswordErrors)))
      .finally(() => setBusy(false));
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <ErrorLines lines={server.errors} />
      <FormField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...server.field(form.field('currentPassword'))}
      />
      <FormField label="New password" type="password" autoComplete="new-password" {...server.field(form.field('password'))} />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...server.field(form.field('confirmPassword'))}
      />
      <div className={styles.formFoot}>
        <Button type="submit" disabled={busy}>
          Save<span className="visually-hidden"> password</span>
        </Button>
        <p role="status" className={styles.saved}>
          {saved}
        </p>
      </div>
    </form>
  );
}
