import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useForm } from '../../lib/useForm.ts';
import { loginMessages } from '../../lib/validation.ts';
import { useStore } from '../../store/index.ts';
import styles from './account.module.css';

// The demo shopper's fixed credentials (docs/rules.md#fixed-values).
const DEMO = { credential: 'demo', password: 'password' };

/** Sign in by username or email; the server's message shows as one line (docs/rules.md#screens). */
export function LoginForm() {
  const signIn = useStore((s) => s.signIn);
  const form = useForm({ credential: '', password: '' }, loginMessages);
  const [serverMessage, setServerMessage] = useState('');
  const [busy, setBusy] = useState(false);

  // On success the session changes and the route sends the shopper home.
  const send = (credential: string, password: string) => {
    setBusy(true);
    setServerMessage('');
    signIn(credential, password).catch((error: unknown) => {
      setBusy(false);
      setServerMessage(error instanceof ApiError ? error.message : "We couldn't reach the store. Please try again.");
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.trySubmit()) send(form.values.credential, form.values.password);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {serverMessage && (
        <p role="alert" className={styles.serverMessage}>
          {serverMessage}
        </p>
      )}
      <FormField label="Email or username" autoComplete="username" {...form.field('credential')} />
      <FormField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <Button type="submit" wide disabled={busy}>
        Sign in
      </Button>
      <div className={styles.divider}>or</div>
      <Button variant="secondary" wide disabled={busy} onClick={() => send(DEMO.credential, DEMO.password)}>
        Sign in as demo user
      </Button>
    </form>
  );
}
