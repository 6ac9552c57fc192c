import { Link } from 'react-router-dom';
import { to } from '../../lib/paths.ts';
import styles from './favorites.module.css';

// Spec section 2: the empty favorites page suggests these four departments.
const SUGGESTIONS = [
  { id: 5, name: 'Electronics' },
  { id: 6, name: 'Video Games' },
  { id: 9, name: 'Furniture' },
  { id: 8, name: 'Pets' },
];

export function FavoritesEmpty() {
  return (
    <section className={styles.empty} aria-labelledby="show-some-love">
      <span className={styles.bigHeart} aria-hidden="true">
        ♥
      </span>
      <h2 id="show-some-love">Show some love!</h2>
      <p>
        You currently don't have any favorited items. Once you've favorited items that you love or want to keep track
        of, they will be shown here.
      </p>
      <nav aria-label="Shop categories" className={styles.suggestions}>
        {SUGGESTIONS.map((d) => (
          <Link key={d.id} to={to.department(d.id)}>
            {d.name}
          </Link>
        ))}
      </nav>
    </section>
  );
}

/** The favorites page's words under each card's price (docs/rules.md#screens). */
export function FavoriteOffers() {
  return (
    <div className={styles.offers}>
      <span className={styles.when}>When purchased online</span>
      <ul role="list">
        <li>Free shipping with RedCard</li>
        <li>Ready within 2 hours with pickup</li>
      </ul>
    </div>
  );
}
