import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import type { Department, PageOf, ProductCard } from '../../api/types.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { Notice } from '../../components/Notice.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { ProductGrid } from '../../components/ProductGrid.tsx';
import { ListingLayout } from '../../features/listing/ListingLayout.tsx';
import { activeFilterCount, listingSearch, withoutFilters, withPage, type ListingQuery } from '../../lib/listingQuery.ts';
import styles from '../pages.module.css';
import { ShopCard } from './ShopCard.tsx';

/** What both listings answer: a page of cards, how many in all, and the facets. */
export type ListingAnswer = PageOf & { Products: ProductCard[] };

interface Props {
  query: ListingQuery;
  onChoose: (next: ListingQuery) => void;
  /** The answer on screen: the current one, or while it loads the previous one. */
  answer: ListingAnswer | undefined;
  busy: boolean;
  /** The grid's accessible name, e.g. "Electronics products". */
  gridLabel: string;
  departments?: Department[];
  /** Shown instead of the grid when nothing matches. */
  empty: ReactNode;
}

/** The department and search pages' body: filters, order, the cards and the page links. */
/** Cards in the first paint (more than a phone's or a desktop's first screen holds), and in each step after it. */
const CARDS_AT_A_TIME = 12;

export function ProductListing({ query, onChoose, answer, busy, gridLabel, departments, empty }: Props) {
  const { pathname } = useLocation();
  // The first paint draws the cards on screen; the rest of the first page's cards (below
  // the fold) follow a dozen at a time, each a transition of its own: the browser is never
  // held for the whole grid at once.
  const products = answer?.Products ?? [];
  const [drawn, setDrawn] = useState(CARDS_AT_A_TIME);
  const more = drawn < products.length;
  useEffect(() => {
    if (!more) return;
    const next = setTimeout(() => startTransition(() => setDrawn((n) => n + CARDS_AT_A_TIME)), 0);
    return () => clearTimeout(next);
  }, [more, drawn]);
  const hrefFor = (page: number) => pathname + listingSearch(withPage(query, page));
  return (
    <ListingLayout
      query={query}
      onChoose={onChoose}
      facets={answer?.facets}
      total={answer?.total}
      pageNote={answer && answer.pages > 1 ? `Page ${answer.page} of ${answer.pages}` : undefined}
      departments={departments}
      busy={busy}
    >
      {answer && answer.Products.length === 0 ? (
        empty
      ) : (
        <ProductGrid label={gridLabel} busy={more}>
          {products.slice(0, drawn).map((p) => (
            <li key={p.id}>
              {/* h2: on a phone the filters (and their h2) are in a panel, so the cards follow the h1. */}
              <ShopCard product={p} label="Deliver it" headingLevel={2} />
            </li>
          ))}
        </ProductGrid>
      )}
      {answer && <Pagination page={answer.page} pages={answer.pages} hrefFor={hrefFor} />}
    </ListingLayout>
  );
}

/**
 * A listing the server refused: a page past the last (400), or a department filter that
 * names none (404). Says so kindly, with the way back to page 1 or to no filters.
 */
export function ListingRefused({ error, query, level = 2 }: { error: unknown; query: ListingQuery; level?: 1 | 2 }) {
  const { pathname } = useLocation();
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 404))
    return (
      <p role="alert" className={styles.failed}>
        We couldn't load these products. Check your connection and reload to try again.
      </p>
    );
  const pastEnd = error.status === 400 && query.page > 1;
  return (
    <Notice title={pastEnd ? "There's no such page of results" : "We couldn't show these results"} level={level}>
      <p>
        {pastEnd
          ? `There are fewer than ${query.page} pages of products for this choice. Page 1 has the first of them.`
          : 'Something in this address is not a choice the store offers.'}
      </p>
      <div className={styles.actions}>
        {pastEnd && <ButtonLink to={pathname + listingSearch(withPage(query, 1))}>Go to page 1</ButtonLink>}
        {activeFilterCount(query) > 0 && (
          <ButtonLink to={pathname + listingSearch(withoutFilters(query))} variant={pastEnd ? 'secondary' : 'primary'}>
            Clear the filters
          </ButtonLink>
        )}
      </div>
    </Notice>
  );
}
