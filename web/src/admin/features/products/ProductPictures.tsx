import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import type { ProductImage } from '../../api/adminFiles.ts';
import { Button } from '../../../components/Button.tsx';
import { LoadGate } from '../../../components/LoadGate.tsx';
import { admin, editor as styles } from '../../styles/classes.ts';
import { Problem } from '../../components/Controls.tsx';
import { MAX_PICTURES } from './pictureOrder.ts';
import { fileSize, MAX_PICTURE_BYTES, percent, PICTURE_TYPES } from '../../lib/uploads.ts';
import { useProductPictures, type PictureWork } from './useProductPictures.ts';

interface CardControls {
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}

/** One picture in the order: its place, whether it is the main one, and (for staff) its moves and delete. */
function PictureCard({ image, place, last, controls }: { image: ProductImage; place: number; last: boolean; controls: CardControls | null }) {
  return (
    <li data-picture={image.id}>
      {/* The caption under it names it; there is nothing else to say of a product's picture. */}
      <img src={image.url} alt="" width={160} height={160} loading="lazy" style={{ background: image.background }} />
      <p className={styles.pictureName}>
        Picture {place}
        {place === 1 && <span className={`${admin.status} ${admin.good}`}>Main picture</span>}
      </p>
      {controls && (
        <div className={styles.pictureActions}>
          <Button variant="secondary" size="small" data-move="-1" aria-label={`Move picture ${place} earlier`} disabled={controls.busy || place === 1} onClick={() => controls.onMove(-1)}>
            Earlier
          </Button>
          <Button variant="secondary" size="small" data-move="1" aria-label={`Move picture ${place} later`} disabled={controls.busy || last} onClick={() => controls.onMove(1)}>
            Later
          </Button>
          <Button variant="quiet" size="small" aria-label={`Delete picture ${place}`} disabled={controls.busy} onClick={controls.onDelete}>
            Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/** The file input that adds a picture as soon as one is chosen, and the upload's bar. */
function PictureUpload({ inputId, count, work, onFile }: { inputId: string; count: number; work: PictureWork | null; onFile: (file: File) => void }) {
  const hintId = useId();
  const barId = useId();
  const full = count >= MAX_PICTURES;
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Emptied, so that choosing the same file again (after fixing it) is a change too.
    e.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div className={styles.upload}>
      <label htmlFor={inputId}>Add a picture</label>
      <input id={inputId} type="file" accept={PICTURE_TYPES.join(',')} aria-describedby={hintId} disabled={work !== null || full} onChange={choose} />
      <span id={hintId} className={admin.soft}>
        {full
          ? `This product has ${MAX_PICTURES} pictures, the most it can have: delete one to add another.`
          : `PNG, JPEG or WebP, up to ${fileSize(MAX_PICTURE_BYTES)}; it goes after the others, and is added as soon as you choose it.`}
      </span>
      {work?.kind === 'upload' && (
        <div className={styles.uploadBar}>
          <label htmlFor={barId}>Uploading: {percent(work.fraction)}</label>
          <progress id={barId} max={1} value={work.fraction} />
        </div>
      )}
    </div>
  );
}

/**
 * A saved product's pictures, in the order shoppers see them. Staff add, move and delete
 * them here, each at once and apart from the form's Save (which they leave as it was); a
 * viewer sees them only.
 */
export function ProductPictures({ productId, canEdit, onChanged }: { productId: number; canEdit: boolean; onChanged: () => void }) {
  const pictures = useProductPictures(productId, onChanged);
  const { images, work } = pictures;
  const headingId = useId();
  const inputId = useId();
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refocus = useRef<(() => HTMLElement | null | undefined) | null>(null);

  // A write disables, moves or removes the button that started it, which drops the
  // keyboard's focus: once the list is back, it goes to what the write left in its place.
  // Only if the focus was dropped, never away from where someone has gone since.
  useEffect(() => {
    const find = refocus.current;
    if (work !== null || !find) return;
    refocus.current = null;
    const active = document.activeElement;
    if (active === null || active === document.body || active.matches(':disabled')) find()?.focus();
  }, [work, images]);

  const inCard = (id: number, selector: string) => section.current?.querySelector<HTMLElement>(`[data-picture="${id}"] ${selector}`);
  const move = (image: ProductImage, index: number, by: -1 | 1) => {
    refocus.current = () => inCard(image.id, `[data-move="${by}"]:enabled`) ?? inCard(image.id, '[data-move]:enabled');
    pictures.move(index, by);
  };
  const remove = (index: number) => {
    if (!window.confirm(`Delete picture ${index + 1}? Shoppers will no longer see it, and it can't be brought back.`)) return;
    refocus.current = () => heading.current;
    pictures.remove(index);
  };
  const upload = (file: File) => {
    refocus.current = () => document.getElementById(inputId);
    pictures.upload(file);
  };

  return (
    <section ref={section} className={`${admin.panel} ${styles.pictures}`} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        Pictures
      </h2>
      <p className={admin.soft}>
        Shoppers see them in this order; the first is the main picture, shown in lists and search.
        {canEdit && ' Changes here apply at once: they are not part of Save changes.'}
      </p>
      <Problem text={pictures.problem} />
      <LoadGate state={pictures.gate} notFound={null}>
        {images.length === 0 ? (
          <p className={admin.empty}>No pictures yet: the store shows a placeholder.</p>
        ) : (
          <ol role="list" className={styles.pictureList} aria-label="Pictures, in order" aria-busy={work !== null || undefined}>
            {images.map((image, i) => (
              <PictureCard
                key={image.id}
                image={image}
                place={i + 1}
                last={i === images.length - 1}
                controls={canEdit ? { busy: work !== null, onMove: (by) => move(image, i, by), onDelete: () => remove(i) } : null}
              />
            ))}
          </ol>
        )}
      </LoadGate>
      {canEdit && <PictureUpload inputId={inputId} count={images.length} work={work} onFile={upload} />}
      <p role="status" className={styles.saved}>
        {pictures.notice}
      </p>
    </section>
  );
}
