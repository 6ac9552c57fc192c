import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorLines, FormField } from '../../components/FormField.tsx';
import { useForm } from '../../lib/useForm.ts';
import { signupMessages } from '../../lib/validation.ts';
import { useStore } from '../../store/index.ts';
import styles from './account.module.css';

const blank = { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' };

/** Create an account; the server's errors show line by line (docs/rules.md#screens). */
export function SignupForm() {
  const signUp = useStore((s) => s.signUp);
  const form = useForm(blank, signupMessages);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return;
    const { confirmPassword: _, ...input } = form.values;
    setBusy(true);
    setErrors([]);
    // On success the session changes and the route sends the new shopper home.
    signUp(input).catch((error: unknown) => {
      setBusy(false);
      if (error instanceof ApiError) setErrors(error.errors.length > 0 ? error.errors : [error.message]);
      else setErrors(["We couldn't reach the store. Please try again."]);
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ErrorLines lines={errors} />
      <div className={styles.row}>
        <FormField label="First name" autoComplete="given-name" {...form.field('firstName')} />
        <FormField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
      </div>
      <FormField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <FormField label="Username" autoComplete="username" {...form.field('username')} />
      <FormField label="Password" type="password" autoComplete="new-password" {...form.field('password')} />
      <FormField label="Confirm password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <Button type="submit" wide disabled={busy}>
        Create account
      </Button>
    </form>
  );
}
