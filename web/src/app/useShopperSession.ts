import { useEffect } from 'react';
import { useStore } from '../store/index.ts';

/**
 * The startup session check, once; then, whenever a shopper signs in, their cart (for
 * the bar's count) and favorites (for the hearts on every card).
 */
export function useShopperSession() {
  const getSession = useStore((s) => s.getSession);
  const userId = useStore((s) => s.session.user?.id);
  const getCart = useStore((s) => s.getCart);
  const listFavorites = useStore((s) => s.listFavorites);

  useEffect(() => {
    void getSession();
  }, [getSession]);

  useEffect(() => {
    if (userId === undefined) return;
    // Failures leave the count at 0 and the hearts empty; the pages still work.
    getCart().catch(() => undefined);
    listFavorites().catch(() => undefined);
  }, [userId, getCart, listFavorites]);
}
