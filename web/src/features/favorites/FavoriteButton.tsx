import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import styles from './favorites.module.css';

/**
 * The heart: filled when the product is a favorite, and a click toggles it, keeping the
 * variant chosen on the product's page (`variantId`) with a new favorite. A visitor is
 * sent to sign in (docs/rules.md#screens).
 */
export function FavoriteButton({ productId, productName, variantId }: { productId: number; productName: string; variantId?: number }) {
  const whoIsHere = useStore((s) => s.whoIsHere);
  const favorited = useStore((s) => s.favorites.list.some((f) => f.productId === productId));
  const pending = useStore((s) => s.favorites.pending.includes(productId));
  const toggleFavorite = useStore((s) => s.toggleFavorite);
  const navigate = useNavigate();

  const toggle = () => {
    // A tap made while the session check is under way waits for its answer.
    void whoIsHere().then((user) => {
      if (user === null) {
        void navigate(paths.login);
        return;
      }
      // A failed toggle leaves the heart as it was (docs/rules.md#screens).
      toggleFavorite(productId, variantId).catch(() => undefined);
    });
  };

  return (
    <button
      type="button"
      className={styles.heart}
      aria-pressed={favorited}
      aria-busy={pending || undefined}
      aria-label={`Favorite ${productName}`}
      title={favorited ? 'Remove from favorites' : 'Add to favorites'}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.3C1.4 7.8 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.6 3.3 4.3 6.7-1.8 4.7-9.3 9.3-9.3 9.3z" />
      </svg>
    </button>
  );
}
