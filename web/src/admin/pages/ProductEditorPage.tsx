import { useLocation, useParams } from 'react-router-dom';
import { getAdminProduct } from '../api/admin.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { LoadGate } from '../../components/LoadGate.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ProductEditor } from '../features/products/ProductEditor.tsx';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { idParam } from '../../lib/queryParams.ts';
import { paths } from '../../lib/paths.ts';
import { NotFound } from '../../lib/useLoad.ts';
import { canChange } from '../../lib/roles.ts';

/** /admin/products/new and /admin/products/:productId. */
export default function ProductEditorPage() {
  const { productId } = useParams();
  const creating = productId === undefined;
  const id = idParam(productId ?? null);
  const canEdit = canChange(useRole());
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const { data, gate } = useFetched(
    () => (creating ? Promise.resolve(null) : id === undefined ? Promise.reject(new NotFound()) : getAdminProduct(id)),
    [productId],
  );
  const current = data !== undefined && (creating ? data === null : data?.id === id);
  const title = creating ? 'New product' : (data?.name ?? 'Product');
  usePageTitle(`${title} · Back office`);
  const crumbs = [{ label: 'Products', to: paths.adminProducts }, { label: creating ? 'New product' : `#${productId}` }];
  return (
    <LoadGate
      state={gate}
      notFound={
        <Notice title="No such product" level={1}>
          <ButtonLink to={paths.adminProducts}>All products</ButtonLink>
        </Notice>
      }
    >
      <PageHead crumbs={crumbs} title={title}>
        {justCreated && <span role="status">Product created.</span>}
      </PageHead>
      {/* The router keeps this page mounted from /new to the new product's address: the
          editor waits for the data of the address it is at, and starts afresh there. */}
      {current && data !== undefined && <ProductEditor key={productId ?? 'new'} product={data} canEdit={canEdit} />}
    </LoadGate>
  );
}
