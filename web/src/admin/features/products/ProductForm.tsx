import { useEffect, useId, type FormEvent } from 'react';
import { fieldRules } from '../../../api/fieldRules.ts';
import { Button } from '../../../components/Button.tsx';
import { ErrorLines, FormField } from '../../../components/FormField.tsx';
import { useStore } from '../../../store/index.ts';
import { editor as styles } from '../../styles/classes.ts';
import type { useProductEditor } from './useProductEditor.ts';

type Editor = ReturnType<typeof useProductEditor>;

/** The department, from the store's list (GET /api/departments). */
function DepartmentSelect({ editor }: { editor: Editor }) {
  const id = useId();
  const departments = useStore((s) => s.departments.list);
  const listDepartments = useStore((s) => s.listDepartments);
  useEffect(() => void listDepartments().catch(() => undefined), [listDepartments]);
  const message = editor.form.shown('departmentId');
  return (
    <div className={styles.select}>
      <label htmlFor={id}>Department</label>
      <select
        id={id}
        value={editor.form.values.departmentId}
        onChange={(e) => editor.form.setValue('departmentId', e.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
      >
        <option value="">Choose a department</option>
        {departments.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      <span id={`${id}-message`}>{message}</span>
    </div>
  );
}

/** The product's fields; `readOnly` for a viewer, who sees them and cannot change them. */
export function ProductForm({ editor, readOnly }: { editor: Editor; readOnly: boolean }) {
  const { form } = editor;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    editor.save();
  };
  const length = (name: 'name' | 'description') => `${[...form.values[name]].length} / ${fieldRules.ProductInput[name].max}`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Product details">
      <ErrorLines lines={editor.lines} />
      <fieldset disabled={readOnly}>
        <FormField label="Name" {...form.field('name')} hint={length('name')} />
        <FormField label="Brand" {...form.field('brand')} />
        <DepartmentSelect editor={editor} />
        <FormField label="Price (dollars)" inputMode="decimal" {...form.field('price')} />
        {editor.sellsVariants ? (
          // The server refuses a change of it: it sells its variants' units, and counts them.
          <FormField label="Stock (units, the sum of its variants')" {...form.field('stock')} readOnly hint="Change it in Options and variants" />
        ) : (
          <FormField label="Stock (units)" inputMode="numeric" {...form.field('stock')} />
        )}
        <FormField
          label="SKU"
          {...form.field('sku')}
          hint={editor.product ? undefined : 'Leave empty to get one from the store'}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <FormField label="Description" multiline rows={6} {...form.field('description')} hint={length('description')} />
      </fieldset>
      {!readOnly && (
        <div className={styles.saveRow}>
          <Button type="submit" disabled={editor.busy}>
            {editor.busy ? 'Saving…' : editor.product ? 'Save changes' : 'Create product'}
          </Button>
          <span role="status" className={styles.saved}>
            {editor.notice}
          </span>
        </div>
      )}
    </form>
  );
}
