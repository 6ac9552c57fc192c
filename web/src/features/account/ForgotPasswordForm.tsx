import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { askPasswordReset } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorLines, FormField } from '../../components/FormField.tsx';
import { paths } from '../../lib/paths.ts';
import { useForm } from '../../lib/useForm.ts';
import { forgotMessages } from '../../lib/validation.ts';
import styles from './account.module.css';

/**
 * Asks for a reset link by e-mail address (docs/rules.md#password-reset). The store
 * answers alike whether or not an account has the address, and so does this form.
 */
export function ForgotPasswordForm() {
  const form = useForm({ email: '' }, forgotMessages);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return;
    setBusy(true);
    setErrors([]);
    askPasswordReset(form.values.email.trim())
      .then(({ message }) => setSent(message))
      .catch((error: unknown) => {
        if (error instanceof ApiError) setErrors(error.errors.length > 0 ? error.errors : [error.message]);
        else setErrors(["We couldn't reach the store. Please try again."]);
      })
      .finally(() => setBusy(false));
  };

  if (sent !== undefined) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.done}>
          {sent}
        </p>
        <p className={styles.note}>
          Nothing after a few minutes? Look in your spam folder, or check the address and{' '}
          <button type="button" className={styles.linkButton} onClick={() => setSent(undefined)}>
            ask again
          </button>
          .
        </p>
        <Link className={styles.back} to={paths.login}>
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.note}>
        Enter the e-mail address of your account. We'll send it a link to choose a new password.
      </p>
      <ErrorLines lines={errors} />
      <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Button type="submit" wide disabled={busy}>
        Send the link
      </Button>
    </form>
  );
}
