import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { admin, editor, importer } from '../../styles/classes.ts';
import { Problem } from '../../components/Controls.tsx';
import { ImportProblems } from './ImportProblems.tsx';
import { appliedLine, resultLine, stoppedLine } from './importLines.ts';
import { fileSize, MAX_CSV_BYTES, percent } from '../../lib/uploads.ts';
import { useProductImport, type ImportPhase } from './useProductImport.ts';

/** A labelled bar; without a value, one that says only that something is going on. */
function Bar({ label, value, max }: { label: string; value?: number; max?: number }) {
  const id = useId();
  return (
    <div className={importer.bar}>
      <label htmlFor={id}>{label}</label>
      <progress id={id} value={value} max={max} />
    </div>
  );
}

/** The file's upload, then the server's work through its rows. */
function ImportProgress({ phase }: { phase: ImportPhase }) {
  if (phase.step === 'uploading') return <Bar label={`Sending the file: ${percent(phase.fraction)}`} value={phase.fraction} max={1} />;
  if (phase.step !== 'applying') return null;
  if (phase.job === null) return <Bar label="Applying the file" />;
  return <Bar label={appliedLine(phase.job)} value={phase.job.applied} max={Math.max(1, phase.job.rows)} />;
}

/** What is said as it happens (polite), apart from what went wrong (an alert). */
function statusLine(phase: ImportPhase): string {
  if (phase.step === 'uploading') return 'Sending the file…';
  if (phase.step === 'applying') return 'The file passed its check; the store is applying it.';
  if (phase.step === 'done') return resultLine(phase.job);
  return '';
}

/** How it ended: the result said above, or why it stopped, or the problems that refused it. */
function ImportTrouble({ phase }: { phase: ImportPhase }) {
  if (phase.step === 'rejected') return <ImportProblems problems={phase.problems} problemCount={phase.problemCount} />;
  if (phase.step === 'stopped') return <Problem text={stoppedLine(phase.job)} />;
  if (phase.step === 'failed') return <Problem text={phase.message} />;
  return null;
}

/**
 * The import's form and everything after it: the file and its Import button (disabled,
 * with why, for a viewer), the two bars, and the outcome.
 */
export function ProductImportForm({ canImport }: { canImport: boolean }) {
  const { phase, busy, start } = useProductImport();
  const [file, setFile] = useState<File | null>(null);
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const whyId = useId();
  const outcome = useRef<HTMLDivElement>(null);
  const submitted = useRef(false);

  // The form, disabled while the import it sent runs, drops the keyboard's focus: the
  // outcome takes it when the import ends (not for an import followed from the address).
  useEffect(() => {
    if (busy || !submitted.current) return;
    submitted.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body || active.matches(':disabled')) outcome.current?.focus();
  }, [busy]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    start(file);
  };

  return (
    <section className={admin.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Import a file</h2>
      <form className={importer.form} onSubmit={submit} noValidate aria-labelledby={headingId}>
        {!canImport && (
          <p id={whyId} className={admin.soft}>
            Importing changes products, which only staff and owners can do: your account can look but not change anything.
          </p>
        )}
        <fieldset disabled={!canImport || busy} aria-describedby={canImport ? undefined : whyId}>
          <div className={admin.control}>
            <label htmlFor={inputId}>CSV file</label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-describedby={hintId}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <span id={hintId} className={admin.soft}>
              Up to {fileSize(MAX_CSV_BYTES)}, the header row first.
            </span>
          </div>
          <Button type="submit">{busy ? 'Importing…' : 'Import'}</Button>
        </fieldset>
      </form>
      <ImportProgress phase={phase} />
      <div ref={outcome} tabIndex={-1} className={importer.outcome}>
        <p role="status" className={editor.saved}>
          {statusLine(phase)}
        </p>
        <ImportTrouble phase={phase} />
      </div>
    </section>
  );
}
