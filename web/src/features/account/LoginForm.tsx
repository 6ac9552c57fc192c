import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { FormField } from '../../components/FormField.tsx';
import { paths } from '../../lib/paths.ts';
import { useForm } from '../../lib/useForm.ts';
import { loginMessages } from '../../lib/validation.ts';
import { useStore } from '../../store/index.ts';
import styles from './account.module.css';

// The demo shopper's fixed credentials (docs/rules.md#fixed-values).
const DEMO = { credential: 'demo', password: 'password' };

/** Six digits, as an authenticator app shows them (spaces aside). */
const CODE = /^\d{6}$/;
const CODE_MESSAGE = 'The code is the 6 digits your authenticator app shows.';

/**
 * Sign in by username or email; the server's message shows as one line
 * (docs/rules.md#screens). An account with a second factor is then asked for the code
 * of its authenticator app, in the same form.
 */
export function LoginForm() {
  const signIn = useStore((s) => s.signIn);
  const demo = useStore((s) => s.session.demo);
  const form = useForm({ credential: '', password: '' }, loginMessages);
  const [serverMessage, setServerMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const [codeMessage, setCodeMessage] = useState<string>();

  // On success the session changes and the route sends the shopper home.
  const send = (credential: string, password: string, typed?: string) => {
    setBusy(true);
    setServerMessage('');
    signIn(credential, password, typed).catch((error: unknown) => {
      setBusy(false);
      if (error instanceof ApiError && error.secondFactor) {
        setAskCode(true);
        setCode('');
      }
      setServerMessage(error instanceof ApiError ? error.message : "We couldn't reach the store. Please try again.");
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return;
    if (!askCode) return send(form.values.credential, form.values.password);
    const typed = code.replace(/\s/g, '');
    if (!CODE.test(typed)) return setCodeMessage(CODE_MESSAGE);
    setCodeMessage(undefined);
    send(form.values.credential, form.values.password, typed);
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
      <Link className={styles.forgot} to={paths.forgotPassword}>
        Forgot password?
      </Link>
      {askCode && (
        <FormField
          label="Code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          message={codeMessage}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
      <Button type="submit" wide disabled={busy}>
        Sign in
      </Button>
      <div className={styles.divider}>or</div>
      <Button variant="secondary" wide disabled={busy} onClick={() => send(DEMO.credential, DEMO.password)}>
        Sign in as demo user
      </Button>
      {demo && (
        <p className={styles.demoNote}>
          The demo user is yours alone: nobody else sees its cart, favorites or orders. To look around the back
          office, sign in as <strong>{demo.viewer.username}</strong> with the password{' '}
          <strong>{demo.viewer.password}</strong>; it can look but not change anything.
        </p>
      )}
    </form>
  );
}
