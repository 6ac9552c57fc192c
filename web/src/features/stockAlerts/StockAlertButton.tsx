import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { paths } from '../../lib/paths.ts';
import { useStore } from '../../store/index.ts';
import styles from './stockAlerts.module.css';

/** What the offer says once the alert is asked for, new or asked before. */
export const ASKED = "We'll e-mail you when it's back.";

interface Props {
  productId: number;
  /** The variant chosen, for a product with options; absent for one sold as one thing. */
  variantId?: number;
  /** A visitor's tap: the page asks them to sign in (LoginRequiredDialog, as "Add to cart" does). */
  onVisitor: () => void;
}

type State = { status: 'idle' | 'asking' } | { status: 'asked' } | { status: 'refused'; message: string };

/**
 * "Email me when it's back", under a sold-out product's (or variant's) button: asks the
 * store for one mail once it is in stock again. Asking twice is the same alert. The store
 * refuses when it is in stock now (someone restocked it since the page was drawn): the
 * page's product is then read again, which offers it for sale. A signed-in shopper
 * already waiting for this item is told so instead of offered the button again.
 */
export function StockAlertButton({ productId, variantId, onVisitor }: Props) {
  const whoIsHere = useStore((s) => s.whoIsHere);
  const addStockAlert = useStore((s) => s.addStockAlert);
  const getProduct = useStore((s) => s.getProduct);
  const [state, setState] = useState<State>({ status: 'idle' });
  const signedIn = useStore((s) => s.session.user !== null);
  const alertsLoaded = useStore((s) => s.stockAlerts.loaded);
  const listStockAlerts = useStore((s) => s.listStockAlerts);
  const waiting = useStore((s) =>
    s.stockAlerts.list.some(
      (a) => a.mailedAt === null && a.productId === productId && (a.variantId ?? undefined) === variantId,
    ),
  );
  useEffect(() => {
    if (signedIn && !alertsLoaded) listStockAlerts().catch(() => undefined);
  }, [signedIn, alertsLoaded, listStockAlerts]);

  const ask = () => {
    // A tap made while the session check is under way waits for its answer.
    void whoIsHere().then((user) => {
      if (user === null) return onVisitor();
      setState({ status: 'asking' });
      addStockAlert(productId, variantId).then(
        () => setState({ status: 'asked' }),
        (error: unknown) => {
          const message =
            error instanceof ApiError ? (error.errors[0] ?? error.message) : "We couldn't reach the store. Please try again.";
          setState({ status: 'refused', message });
          if (error instanceof ApiError && error.status === 409) getProduct(productId).catch(() => undefined);
        },
      );
    });
  };

  if (waiting || state.status === 'asked') {
    return (
      <div className={styles.offer}>
        <span role="status" className={styles.said}>
          {ASKED} <Link to={paths.accountSettings}>Your alerts</Link>
        </span>
      </div>
    );
  }
  return (
    <div className={styles.offer}>
      <Button variant="secondary" wide onClick={ask} disabled={state.status === 'asking'}>
        Email me when it's back
      </Button>
      <span role="status" className={state.status === 'refused' ? `${styles.said} ${styles.refused}` : styles.said}>
        {state.status === 'refused' ? state.message : ''}
      </span>
    </div>
  );
}
