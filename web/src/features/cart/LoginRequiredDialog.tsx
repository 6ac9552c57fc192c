import { Button, ButtonLink } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { paths } from '../../lib/paths.ts';
import styles from './cart.module.css';

const WHY = 'Sign in to add items to your cart, save favorites and check out with your RedCard.';

/**
 * What a visitor sees on 'Add to cart' (docs/rules.md#screens), and on the other taps
 * that need a shopper, each saying what signing in is for (`text`).
 */
export function LoginRequiredDialog({ open, onClose, text = WHY }: { open: boolean; onClose: () => void; text?: string }) {
  return (
    <Dialog open={open} onClose={onClose} label="You must be logged in to shop">
      <div className={styles.loginRequired}>
        <h2>You must be logged in to shop</h2>
        <p>{text}</p>
        <div className={styles.loginActions}>
          <ButtonLink to={paths.login} onClick={onClose}>
            Log in
          </ButtonLink>
          <ButtonLink to={paths.signup} variant="secondary" onClick={onClose}>
            Create account
          </ButtonLink>
        </div>
        <Button variant="quiet" size="small" onClick={onClose}>
          Keep browsing
        </Button>
      </div>
    </Dialog>
  );
}
