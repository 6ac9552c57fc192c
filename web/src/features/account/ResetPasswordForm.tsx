import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { confirmPasswordReset } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorLines, FormField } from '../../components/FormField.tsx';
import { paths } from '../../lib/paths.ts';
import { useForm } from '../../lib/useForm.ts';
import { newPasswordMessages } from '../../lib/validation.ts';
import styles from './account.module.css';

/** Sets a new password with `token`, the reset mail's (docs/rules.md#password-reset). */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm({ password: '', confirmPassword: '' }, newPasswordMessages);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return;
    setBusy(true);
    setErrors([]);
    confirmPasswordReset(token, form.values.password)
      .then(({ message }) => setDone(message))
      .catch((error: unknown) => {
        if (error instanceof ApiError) setErrors(error.errors.length > 0 ? error.errors : [error.message]);
        else setErrors(["We couldn't reach the store. Please try again."]);
      })
      .finally(() => setBusy(false));
  };

  if (done !== undefined) {
    return (
      <div className={styles.form}>
        <p role="status" className={styles.done}>
          {done}
        </p>
        <Link className={styles.back} to={paths.login}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ErrorLines lines={errors} />
      {errors.length > 0 && (
        <Link className={styles.back} to={paths.forgotPassword}>
          Ask for a new link
        </Link>
      )}
      <FormField label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
      <FormField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <Button type="submit" wide disabled={busy}>
        Change password
      </Button>
    </form>
  );
}
