import { LoadGate } from '../components/LoadGate.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { FavoriteOffers, FavoritesEmpty } from '../features/favorites/FavoritesEmpty.tsx';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';
import { ShopCard } from './parts/ShopCard.tsx';
import { SignInAsk } from './parts/SignInAsk.tsx';

export default function FavoritesPage() {
  usePageTitle('Favorites');
  const signedIn = useStore((s) => s.session.user !== null);
  return (
    <>
      <PageHead crumbs={[{ label: 'Market', to: paths.home }, { label: 'Favorites' }]} title="Favorites" />
      {signedIn ? (
        <ShopperFavorites />
      ) : (
        <SignInAsk level={2} title="Keep track of what you love" text="Sign in to see your favorites on any device." />
      )}
    </>
  );
}

function ShopperFavorites() {
  const listFavorites = useStore((s) => s.listFavorites);
  const favorites = useStore((s) => s.favorites.list);
  // Loaded on opening (docs/rules.md#screens), so hearts toggled in another tab show up.
  const state = useLoad(listFavorites, []);
  return (
    <LoadGate state={state} notFound={null}>
      {favorites.length === 0 ? (
        <FavoritesEmpty />
      ) : (
        <ProductGrid label="Your favorites">
          {favorites.map((f) => (
            <li key={f.favoriteId}>
              <ShopCard
                product={{ ...f, id: f.productId }}
                headingLevel={2}
                variant={f.variantId === null || f.variantId === undefined ? undefined : { id: f.variantId, options: f.options }}
              >
                <FavoriteOffers />
              </ShopCard>
            </li>
          ))}
        </ProductGrid>
      )}
    </LoadGate>
  );
}
