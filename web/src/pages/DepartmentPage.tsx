import { useRef } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { Button, ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { countOf } from '../lib/counts.ts';
import { parseId } from '../lib/ids.ts';
import { withoutFilters, type ListingQuery } from '../lib/listingQuery.ts';
import { paths } from '../lib/paths.ts';
import { useFocusOnChange } from '../lib/useFocusOnChange.ts';
import { useKept } from '../lib/useKept.ts';
import { useListingQuery } from '../lib/useListingQuery.ts';
import { NotFound, useLoad } from '../lib/useLoad.ts';
import { departmentListingKey } from '../store/departments.ts';
import { useStore } from '../store/index.ts';
import { ListingRefused, ProductListing } from './parts/ProductListing.tsx';
import styles from './pages.module.css';

export default function DepartmentPage() {
  const departmentId = parseId(useParams().departmentId);
  const [query, choose] = useListingQuery('department');
  const key = departmentId === undefined ? '' : departmentListingKey(departmentId, query);
  const current = useStore((s) => s.departments.listings[key]);
  const listDepartmentProducts = useStore((s) => s.listDepartmentProducts);
  const state = useLoad(
    () => (departmentId === undefined ? Promise.reject(new NotFound()) : listDepartmentProducts(departmentId, query)),
    [key],
  );
  // While another page or filter loads, the last one of this department stays on screen.
  const department = useKept(current, departmentId);
  const failed = current === undefined && state.status === 'error';
  const title = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(title, query.page);
  usePageTitle(department?.name ?? (state.status === 'error' ? 'Department not found' : 'Department'));

  const missing =
    state.status === 'error' &&
    (state.error instanceof NotFound || (state.error instanceof ApiError && state.error.status === 404));
  if (failed && !missing && department === undefined) return <ListingRefused error={state.error} query={query} level={1} />;

  return (
    <LoadGate state={department && !missing ? { status: 'ready' } : state} notFound={<MissingDepartment />}>
      {department && (
        <>
          <PageHead
            crumbs={[{ label: 'Market', to: paths.home }, { label: department.name }]}
            title={department.name}
            titleRef={title}
          >
            <span role="status">{countOf(department.total, 'result', 'results')}</span>
          </PageHead>
          {failed ? (
            <ListingRefused error={state.error} query={query} />
          ) : (
            <ProductListing
              query={query}
              onChoose={choose}
              answer={department}
              busy={current === undefined}
              gridLabel={`${department.name} products`}
              empty={<NoMatches query={query} onChoose={choose} />}
            />
          )}
        </>
      )}
    </LoadGate>
  );
}

function MissingDepartment() {
  return (
    <Notice title="We couldn't find that department" level={1}>
      <p>It may have moved. Every department is in the Categories menu.</p>
      <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
    </Notice>
  );
}

/** A department always has products: only filters can leave none. */
function NoMatches({ query, onChoose }: { query: ListingQuery; onChoose: (next: ListingQuery) => void }) {
  return (
    <Notice title="No products match these filters">
      <p>Try another price or rating, fewer brands, or clear the filters to see the whole department.</p>
      <div className={styles.actions}>
        <Button onClick={() => onChoose(withoutFilters(query))}>Clear the filters</Button>
      </div>
    </Notice>
  );
}
