import { listAdminProducts } from '../api/admin.ts';
import { catalogCsvUrl } from '../api/adminFiles.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { Count } from '../components/Controls.tsx';
import { ProductFilters, productQuery } from '../features/products/ProductFilters.tsx';
import { ProductTable } from '../features/products/ProductTable.tsx';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { useUrlParams } from '../lib/useUrlParams.ts';
import { canChange } from '../../lib/roles.ts';

export default function ProductsPage() {
  usePageTitle('Products · Back office');
  const { params, search, change, pageHref } = useUrlParams();
  const role = useRole();
  const query = productQuery(params);
  const { data, gate } = useFetched(() => listAdminProducts({ ...query, q: query.q || undefined, page: query.page > 1 ? query.page : undefined }), [search]);
  return (
    <>
      <PageHead title="Products">
        {/* A plain link: the browser downloads the server's file. */}
        <a href={catalogCsvUrl} download>
          Download the catalog as CSV
        </a>
      </PageHead>
      <ProductFilters query={query} onChange={change} canAdd={canChange(role)} />
      <LoadGate state={gate} notFound={null}>
        {data && (
          <>
            <Count total={data.total} noun={['product', 'products']} page={data.page} pages={data.pages} />
            <ProductTable products={data.Products} />
            <Pagination page={data.page} pages={data.pages} hrefFor={pageHref} />
          </>
        )}
      </LoadGate>
    </>
  );
}
