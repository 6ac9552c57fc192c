import { useState } from 'react';
import type { ProductImage } from '../../api/types.ts';
import { noteLeadPicture } from '../../lib/leadPicture.ts';
import styles from './product.module.css';

interface Props {
  name: string;
  images: ProductImage[];
  /**
   * The chosen variant's own picture, shown as the main one. The thumbnails keep the
   * product's order, so switching colours does not shuffle them under the pointer. The
   * parent keys the gallery by it, so a new choice shows its picture again.
   */
  lead?: string | null;
}

/** The main picture and its thumbnails; choosing a thumbnail switches the main picture. */
export function ProductGallery({ name, images, lead }: Props) {
  // A variant's picture is one of the product's; one that is not (yet) comes first.
  const all =
    lead && !images.some((image) => image.url === lead)
      ? [{ id: -1, url: lead, background: images[0]?.background ?? 'transparent' }, ...images]
      : images;
  const [chosen, setChosen] = useState(() => Math.max(0, all.findIndex((image) => image.url === lead)));
  const main = all[chosen] ?? all[0];
  if (!main) return null;
  // The page's largest picture: the server preloads it (a variant's own, when it leads).
  noteLeadPicture(main.url);
  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage} style={{ background: main.background }}>
        <img src={main.url} alt={`${name}, picture ${chosen + 1} of ${all.length}`} width={256} height={256} />
      </div>
      <ul role="list" className={styles.thumbs} aria-label="Pictures">
        {all.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              className={styles.thumb}
              style={{ background: image.background }}
              aria-label={`Show picture ${i + 1}`}
              aria-current={i === chosen || undefined}
              onClick={() => setChosen(i)}
            >
              <img src={image.url} alt="" width={64} height={64} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
