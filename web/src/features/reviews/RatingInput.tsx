import styles from './reviews.module.css';

const LABELS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Five star radio buttons: arrow keys move between them, as in any radio group. */
export function RatingInput({ value, onChange, message }: { value: number; onChange: (stars: number) => void; message?: string }) {
  return (
    <fieldset className={styles.stars} aria-describedby={message ? 'rating-message' : undefined}>
      <legend>Overall rating</legend>
      <div className={styles.starRow}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars} className={stars <= value ? styles.on : undefined}>
            <input
              type="radio"
              name="rating"
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={`${stars} ${stars === 1 ? 'star' : 'stars'}, ${LABELS[stars]}`}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </div>
      {message && (
        <span id="rating-message" className={styles.starsMessage}>
          {message}
        </span>
      )}
    </fieldset>
  );
}
