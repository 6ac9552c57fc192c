import { useEffect } from 'react';
import { useStore } from '../store/index.ts';

/**
 * The startup session check, once; then, whenever a shopper signs in, their cart (for
 * the bar's count) and favorites (for the hearts on every card).
 */
export function useShopperSession() {
  const restoreSession = useStore((s) => s.restoreSession);
  const userId = useStore((s) => s.session.user?.id);
  const loadCart = useStore((s) => s.loadCart);
  const loadFavorites = useStore((s) => s.loadFavorites);

  useEffect(() => {
    void restoreSession();
  }, [restoreSession]);

  useEffect(() => {
    if (userId === undefined) return;
    // Failures leave the count at 0 and the hearts empty; the pages still work.
    loadCart().catch(() => undefined);
    loadFavorites().catch(() => undefined);
  }, [userId, loadCart, loadFavorites]);
}
