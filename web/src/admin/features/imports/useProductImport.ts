import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getImport, importProducts, ImportRejected, type ImportProblem, type ProductImport } from '../../api/adminFiles.ts';
import { ApiError } from '../../../api/client.ts';
import { idParam } from '../../../lib/queryParams.ts';
import { serverLine } from '../../lib/useAction.ts';
import { csvFileProblem } from '../../lib/uploads.ts';

/** How often the page asks how far the server has got. */
const POLL_MS = 500;
/** Failed asks in a row before the page stops asking (the import goes on regardless). */
const POLL_TRIES = 5;

/** Where an import is, from the page's point of view. */
export type ImportPhase =
  | { step: 'idle' }
  | { step: 'uploading'; fraction: number }
  /** Accepted; `job` is null until the first answer of an import followed from the address. */
  | { step: 'applying'; id: number; job: ProductImport | null }
  | { step: 'done'; job: ProductImport }
  /** The server stopped it part way (status `failed`). */
  | { step: 'stopped'; job: ProductImport }
  /** Refused for its rows (400): nothing was changed. */
  | { step: 'rejected'; problems: ImportProblem[]; problemCount: number }
  /** Not sent or not taken (the file's check, 409, 413...), or no longer followed: one line says why. */
  | { step: 'failed'; message: string };

const after = (job: ProductImport): ImportPhase =>
  job.status === 'done' ? { step: 'done', job } : job.status === 'failed' ? { step: 'stopped', job } : { step: 'applying', id: job.id, job };

/**
 * One import at a time: the file's check, its upload (with its progress), then the
 * server's progress, asked every half second until it is done. The accepted import's id
 * goes into the address (?import=ID), so that a reload picks it up again where it is.
 */
export function useProductImport() {
  const [params, setParams] = useSearchParams();
  const followed = idParam(params.get('import'));
  const [phase, setPhase] = useState<ImportPhase>(() =>
    followed === undefined ? { step: 'idle' } : { step: 'applying', id: followed, job: null },
  );
  const failedAsks = useRef(0);
  // Leaving the page stops an upload under way; an accepted import goes on on the server.
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const follow = (id: number | undefined) =>
    setParams(
      (p) => {
        if (id === undefined) p.delete('import');
        else p.set('import', String(id));
        return p;
      },
      { replace: true },
    );

  useEffect(() => {
    if (phase.step !== 'applying') return;
    let current = true;
    const ask = () =>
      void getImport(phase.id).then(
        (job) => {
          if (!current) return;
          failedAsks.current = 0;
          setPhase(after(job));
        },
        (error: unknown) => {
          if (!current) return;
          failedAsks.current += 1;
          const gone = error instanceof ApiError && error.status === 404;
          if (gone || failedAsks.current >= POLL_TRIES) {
            setPhase({
              step: 'failed',
              message: gone
                ? 'The store has no such import.'
                : `We lost touch with the import; it goes on in the store. Reload this page to see how far it has got. (${serverLine(error)})`,
            });
          } else setPhase({ ...phase }); // the same phase again: another ask after the pause
        },
      );
    // The first ask of an import followed from the address goes at once.
    const timer = setTimeout(ask, phase.job === null && failedAsks.current === 0 ? 0 : POLL_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [phase]);

  const start = (file: File | null) => {
    if (phase.step === 'uploading' || phase.step === 'applying') return;
    if (file === null) return setPhase({ step: 'failed', message: 'Choose a CSV file first.' });
    const refused = csvFileProblem(file);
    if (refused !== undefined) return setPhase({ step: 'failed', message: refused });
    const controller = new AbortController();
    upload.current = controller;
    setPhase({ step: 'uploading', fraction: 0 });
    const onProgress = (fraction: number) => setPhase((p) => (p.step === 'uploading' ? { step: 'uploading', fraction } : p));
    importProducts(file, { signal: controller.signal, onProgress }).then(
      (job) => {
        failedAsks.current = 0;
        follow(job.id);
        setPhase(after(job));
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        follow(undefined);
        if (error instanceof ImportRejected) setPhase({ step: 'rejected', problems: error.problems, problemCount: error.problemCount });
        else setPhase({ step: 'failed', message: serverLine(error) });
      },
    );
  };

  return { phase, busy: phase.step === 'uploading' || phase.step === 'applying', start };
}
