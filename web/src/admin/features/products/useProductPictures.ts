import { useEffect, useRef, useState } from 'react';
import {
  deleteProductImage,
  listProductImages,
  reorderProductImages,
  uploadProductImage,
  type ProductImages,
} from '../../api/adminFiles.ts';
import { moved } from './pictureOrder.ts';
import { pictureFileProblem } from '../../lib/uploads.ts';
import { serverLine } from '../../lib/useAction.ts';
import { useFetched } from '../../lib/useFetched.ts';

/** The write under way, one at a time: its buttons wait, and an upload shows how much has gone. */
export type PictureWork = { kind: 'upload'; fraction: number } | { kind: 'move' | 'delete'; imageId: number };

/**
 * A saved product's pictures and their writes: add one (checked here first), move one a
 * place earlier or later, delete one. Each applies at once on the server, apart from the
 * product form's Save, and the list shows the server's answer. `onChanged` is told after
 * each, for what shows the product's preview picture.
 */
export function useProductPictures(productId: number, onChanged: () => void) {
  const { data, gate, replace, reload } = useFetched(() => listProductImages(productId), [productId]);
  const images = data?.images ?? [];
  const [work, setWork] = useState<PictureWork | null>(null);
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');
  // An upload still going when the editor closes is stopped: its answer would have nowhere to go.
  const uploads = useRef<AbortController | null>(null);
  useEffect(() => () => uploads.current?.abort(), []);

  const write = (started: PictureWork, call: () => Promise<ProductImages>, done: string, failing: string) => {
    setWork(started);
    setProblem('');
    setNotice('');
    call().then(
      (answer) => {
        setWork(null);
        replace(answer);
        setNotice(done);
        onChanged();
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setWork(null);
        // The server names the form's field ("file: the file is not a PNG..."), which here is the sentence's subject already.
        setProblem(`${failing}: ${serverLine(error).replace(/^file: /, '')}`);
        // Someone else may have changed them meanwhile (a 409, a stale order): show what the store has.
        if (started.kind !== 'upload') reload();
      },
    );
  };

  const upload = (file: File) => {
    const refused = pictureFileProblem(file);
    if (refused) {
      setNotice('');
      return setProblem(refused);
    }
    const controller = new AbortController();
    uploads.current = controller;
    const sending = { signal: controller.signal, onProgress: (fraction: number) => setWork({ kind: 'upload', fraction }) };
    write({ kind: 'upload', fraction: 0 }, () => uploadProductImage(productId, file, sending), `${file.name} added.`, `${file.name} wasn't added`);
  };

  /** The picture at `index` one place earlier (-1) or later (+1). */
  const move = (index: number, by: -1 | 1) => {
    const image = images[index];
    if (!image) return;
    const order = moved(images, index, by).map((i) => i.id);
    const [from, to] = [index + 1, index + 1 + by];
    write(
      { kind: 'move', imageId: image.id },
      () => reorderProductImages(productId, order),
      `Picture ${from} is now picture ${to}${to === 1 ? ', the main picture' : ''}.`,
      `Picture ${from} wasn't moved`,
    );
  };

  const remove = (index: number) => {
    const image = images[index];
    if (!image) return;
    write({ kind: 'delete', imageId: image.id }, () => deleteProductImage(productId, image.id), `Picture ${index + 1} deleted.`, `Picture ${index + 1} wasn't deleted`);
  };

  return { images, gate, work, problem, notice, upload, move, remove };
}
