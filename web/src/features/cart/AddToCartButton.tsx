import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '../../components/Button.tsx';
import { useStore } from '../../store/index.ts';
import { LoginRequiredDialog } from './LoginRequiredDialog.tsx';
import styles from './cart.module.css';

interface Props {
  productId: number;
  productName: string;
  /** The variant chosen on the product page; required by a product with options, absent for one without. */
  variantId?: number;
  /** 'Deliver it' on department cards, 'Add to cart' elsewhere. */
  label?: string;
  size?: 'small' | 'medium';
  /** None left: the button stays, disabled (the card or page says "Out of stock"). */
  soldOut?: boolean;
}

/** Adds one of the product to the cart; a visitor is asked to sign in first. */
export function AddToCartButton({
  productId,
  productName,
  variantId,
  label = 'Add to cart',
  size = 'medium',
  soldOut = false,
}: Props) {
  const whoIsHere = useStore((s) => s.whoIsHere);
  const addToCart = useStore((s) => s.addToCart);
  const [state, setState] = useState<'idle' | 'adding' | 'added'>('idle');
  const [askToSignIn, setAskToSignIn] = useState(false);
  // The dialog is drawn from the first time it is needed, not on every card of a page.
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (state !== 'added') return;
    const timer = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  const add = () => {
    // A tap made while the session check is under way waits for its answer.
    void whoIsHere().then((user) => {
      if (user === null) {
        setAsked(true);
        setAskToSignIn(true);
        return;
      }
      setState('adding');
      // A failed add does nothing visible (docs/rules.md#screens); the button is usable again.
      addToCart(productId, variantId).then(
        () => setState('added'),
        () => setState('idle'),
      );
    });
  };

  return (
    <div className={styles.addToCart}>
      <Button size={size} wide onClick={add} disabled={soldOut || state === 'adding'}>
        {label}
      </Button>
      <span role="status" className={styles.added}>
        {state === 'added' ? `Added ${productName} to your cart` : ''}
      </span>
      {asked && <LoginRequiredDialog open={askToSignIn} onClose={() => setAskToSignIn(false)} />}
    </div>
  );
}

/**
 * In place of a card's add-to-cart button, for a product with options: which size or
 * colour is only chosen on its page. Laid out as the button, so cards of a row line up.
 */
export function ChooseOptionsLink({
  to,
  productName,
  size = 'medium',
}: {
  to: string;
  productName: string;
  size?: 'small' | 'medium';
}) {
  return (
    <div className={styles.addToCart}>
      <ButtonLink to={to} size={size} variant="secondary" wide>
        Choose options<span className="visually-hidden"> for {productName}</span>
      </ButtonLink>
      {/* The room of the button's status line, empty. */}
      <span className={styles.added} />
    </div>
  );
}
