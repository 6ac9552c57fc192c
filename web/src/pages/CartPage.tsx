import { ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { CartLines } from '../features/cart/CartLines.tsx';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';
import { ShopCard } from './parts/ShopCard.tsx';
import { SignInAsk } from './parts/SignInAsk.tsx';
import styles from './pages.module.css';

export default function CartPage() {
  usePageTitle('Cart');
  const signedIn = useStore((s) => s.session.user !== null);
  if (!signedIn)
    return <SignInAsk title="Your cart" text="Sign in to fill your cart, keep favorites and check out with your RedCard." />;
  return <ShopperCart />;
}

function ShopperCart() {
  const getCart = useStore((s) => s.getCart);
  const listFavorites = useStore((s) => s.listFavorites);
  // Fresh from the server each visit: another tab may have changed it.
  const state = useLoad(() => Promise.all([getCart(), listFavorites().catch(() => undefined)]), []);
  // The server's figures, from the same answer as the lines.
  const figures = useStore((s) => s.cart.figures);
  const itemCount = useStore((s) => s.cart.lines.length);
  const favorites = useStore((s) => s.favorites.list);

  return (
    <>
      <PageHead title="Cart">
        {itemCount} {itemCount === 1 ? 'item' : 'items'}
      </PageHead>
      <LoadGate state={state} notFound={null}>
        {itemCount === 0 ? (
          <Notice title="Your cart is empty">
            <p>Find something you love: the holiday deals are a good place to start.</p>
            <ButtonLink to={paths.home}>Start shopping</ButtonLink>
          </Notice>
        ) : (
          <div className={styles.twoColumns}>
            <section className={styles.panel} aria-label="Cart items">
              <CartLines />
            </section>
            <OrderSummary figures={figures} itemCount={itemCount}>
              <ButtonLink to={paths.checkout} wide>
                Check out
              </ButtonLink>
            </OrderSummary>
          </div>
        )}
        {favorites.length > 0 && (
          <section className={styles.section} aria-labelledby="cart-favorites">
            <h2 id="cart-favorites">Your favorites</h2>
            <ProductGrid label="Your favorites">
              {favorites.map((f) => (
                <li key={f.favoriteId}>
                  <ShopCard product={{ ...f, id: f.productId }} />
                </li>
              ))}
            </ProductGrid>
          </section>
        )}
      </LoadGate>
    </>
  );
}
