import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import type { ReviewInput } from '../../api/types.ts';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { ErrorLines, FormField } from '../../components/FormField.tsx';
import { useForm } from '../../lib/useForm.ts';
import { DESCRIPTION_MAX, reviewMessages, TITLE_MAX } from '../../lib/validation.ts';
import { RatingInput } from './RatingInput.tsx';
import styles from './reviews.module.css';

interface Props {
  initial?: ReviewInput;
  submitLabel: string;
  cancelTo: string;
  /** Sends the review; rejects with the server's ApiError. */
  onSubmit: (input: ReviewInput) => Promise<unknown>;
}

const rules = (v: { rating: string; title: string; description: string }) =>
  reviewMessages({ rating: Number(v.rating), title: v.title, description: v.description });

/** Rating, title and description with the live rules of docs/rules.md#field-rules; submit is off while any message shows. */
export function ReviewForm({ initial, submitLabel, cancelTo, onSubmit }: Props) {
  const form = useForm(
    { rating: String(initial?.rating ?? 5), title: initial?.title ?? '', description: initial?.description ?? '' },
    rules,
  );
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit()) return;
    setBusy(true);
    setErrors([]);
    const { rating, title, description } = form.values;
    onSubmit({ rating: Number(rating), title, description }).catch((error: unknown) => {
      setBusy(false);
      if (error instanceof ApiError) setErrors(error.errors.length > 0 ? error.errors : [error.message]);
      else setErrors(["We couldn't reach the store. Please try again."]);
    });
  };

  const count = (s: string, max: number) => `${[...s].length}/${max}`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ErrorLines lines={errors} />
      <RatingInput
        value={Number(form.values.rating)}
        onChange={(stars) => form.setValue('rating', String(stars))}
        message={form.shown('rating')}
      />
      <FormField label="Title" hint={count(form.values.title, TITLE_MAX)} {...form.field('title')} />
      <FormField
        label="Review"
        multiline
        hint={count(form.values.description, DESCRIPTION_MAX)}
        placeholder="What did you like or dislike? How did you use it?"
        {...form.field('description')}
      />
      <div className={styles.formActions}>
        <Button type="submit" disabled={busy || form.showing}>
          {submitLabel}
        </Button>
        <ButtonLink to={cancelTo} variant="secondary">
          Cancel
        </ButtonLink>
      </div>
    </form>
  );
}
