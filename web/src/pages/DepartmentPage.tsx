import { useParams } from 'react-router-dom';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { ButtonLink } from '../components/Button.tsx';
import { parseId } from '../lib/ids.ts';
import { paths } from '../lib/paths.ts';
import { NotFound, useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';
import { ShopCard } from './parts/ShopCard.tsx';

export default function DepartmentPage() {
  const departmentId = parseId(useParams().departmentId);
  const department = useStore((s) => (departmentId === undefined ? undefined : s.departments.byId[departmentId]));
  const listDepartmentProducts = useStore((s) => s.listDepartmentProducts);
  const state = useLoad(
    () => (departmentId === undefined ? Promise.reject(new NotFound()) : listDepartmentProducts(departmentId)),
    [departmentId],
  );
  usePageTitle(department?.name ?? (state.status === 'error' ? 'Department not found' : 'Department'));

  return (
    <LoadGate state={department ? { status: 'ready' } : state} notFound={<MissingDepartment />}>
      {department && (
        <>
          <PageHead crumbs={[{ label: 'Market', to: paths.home }, { label: department.name }]} title={department.name}>
            {department.Products.length} {department.Products.length === 1 ? 'result' : 'results'}
          </PageHead>
          <ProductGrid label={`${department.name} products`}>
            {department.Products.map((p) => (
              <li key={p.id}>
                <ShopCard product={p} label="Deliver it" />
              </li>
            ))}
          </ProductGrid>
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
