import { useState } from 'react';
import type { ProductImage } from '../../api/types.ts';
import styles from './product.module.css';

/** The main picture and its thumbnails; choosing a thumbnail switches the main picture. */
export function ProductGallery({ name, images }: { name: string; images: ProductImage[] }) {
  const [chosen, setChosen] = useState(0);
  const main = images[chosen] ?? images[0];
  if (!main) return null;
  return (
    <div className={styles.gallery}>
      <div className={styles.mainImage} style={{ background: main.background }}>
        <img src={main.url} alt={`${name}, picture ${chosen + 1} of ${images.length}`} width={256} height={256} />
      </div>
      <ul role="list" className={styles.thumbs} aria-label="Pictures">
        {images.map((image, i) => (
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
