import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { countOf } from '../lib/counts.ts';
import { activeFilterCount, withoutFilters, type ListingQuery } from '../lib/listingQuery.ts';
import { paths, to } from '../lib/paths.ts';
import { useFocusOnChange } from '../lib/useFocusOnChange.ts';
import { useKept } from '../lib/useKept.ts';
import { useListingQuery } from '../lib/useListingQuery.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';
import { searchKey } from '../store/products.ts';
import { ListingRefused, ProductListing } from './parts/ProductListing.tsx';
import styles from './pages.module.css';

export default function SearchPage() {
  const [query, choose] = useListingQuery('search');
  const key = searchKey(query);
  const current = useStore((s) => s.products.searches[key]);
  const searchProducts = useStore((s) => s.searchProducts);
  const departments = useStore((s) => s.departments.list);
  const listDepartments = useStore((s) => s.listDepartments);
  useEffect(() => {
    // Without the list the search still works; only the department filter is missing.
    listDepartments().catch(() => undefined);
  }, [listDepartments]);
  const state = useLoad(() => (query.q === '' ? Promise.resolve() : searchProducts(query)), [key]);
  // While the next page or filter loads, the last answer (and the words it answers) stays.
  const answered = useMemo(() => current && { answer: current, q: query.q }, [current, query.q]);
  const shown = useKept(answered, 'search');
  const title = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(title, query.page);
  usePageTitle(query.q === '' ? 'Search' : `Search: ${query.q}`);

  if (query.q === '') return <EmptySearch />;
  const failed = current === undefined && state.status === 'error';
  const crumbs = [{ label: 'Market', to: paths.home }, { label: 'Search' }];

  return (
    <LoadGate state={shown || failed ? { status: 'ready' } : state} notFound={null}>
      <PageHead
        crumbs={crumbs}
        title={
          shown
            ? `${countOf(shown.answer.total, 'result', 'results')} for “${shown.answer.didYouMean ?? shown.q}”`
            : `Results for “${query.q}”`
        }
        titleRef={title}
      />
      {shown?.answer.didYouMean && <DidYouMean typed={shown.q} words={shown.answer.didYouMean} />}
      {failed ? (
        <ListingRefused error={state.error} query={query} />
      ) : (
        <ProductListing
          query={query}
          onChoose={choose}
          answer={shown?.answer}
          busy={current === undefined}
          gridLabel="Search results"
          departments={departments}
          empty={<NoResults query={query} onChoose={choose} />}
        />
      )}
      <span role="status" className="visually-hidden">
        {current ? countOf(current.total, 'result', 'results') : ''}
      </span>
    </LoadGate>
  );
}

/**
 * The typed words found nothing, and the nearest words of the catalog were searched
 * instead (a typing mistake forgiven): say so, and offer them as the search to keep.
 */
function DidYouMean({ typed, words }: { typed: string; words: string }) {
  return (
    <p className={styles.didYouMean}>
      Nothing matched “{typed}”. Did you mean <Link to={to.search(words)}>“{words}”</Link>?
    </p>
  );
}

/** /search without words (the box was sent empty, or the address was typed). */
function EmptySearch() {
  return (
    <>
      <PageHead crumbs={[{ label: 'Market', to: paths.home }, { label: 'Search' }]} title="Search the store" />
      <Notice title="What are you looking for?">
        <p>Type a product, a brand or a department in the search box at the top of the page.</p>
      </Notice>
    </>
  );
}

/** No product matches: what to try next. */
function NoResults({ query, onChoose }: { query: ListingQuery; onChoose: (next: ListingQuery) => void }) {
  const filtered = activeFilterCount(query) > 0;
  return (
    <Notice title={`We found nothing for “${query.q}”${filtered ? ' with these filters' : ''}`}>
      <ul className={styles.tips}>
        <li>Check the spelling of each word.</li>
        <li>Use fewer words, or more general ones (“lamp” rather than “brass desk lamp”).</li>
        {filtered && <li>Clear the filters: they may leave out what you want.</li>}
      </ul>
      {filtered && <Button onClick={() => onChoose(withoutFilters(query))}>Clear the filters</Button>}
    </Notice>
  );
}
