import { useEffect } from 'react';
import type { ProductListQuery, ProductSort } from '../../api/admin.ts';
import { ButtonLink } from '../../../components/Button.tsx';
import { idParam, oneOf, pageParam } from '../../../lib/queryParams.ts';
import { paths } from '../../../lib/paths.ts';
import { useStore } from '../../../store/index.ts';
import { admin as styles } from '../../styles/classes.ts';
import { SearchForm, SelectFilter } from '../../components/Controls.tsx';

const sorts: readonly (readonly [ProductSort, string])[] = [
  ['newest', 'Newest'],
  ['name', 'Name'],
  ['price-asc', 'Price: low to high'],
  ['price-desc', 'Price: high to low'],
  ['stock', 'Stock: fewest first'],
];

/** The product list the address asks for; anything odd in it is left out (the server's defaults). */
export function productQuery(params: URLSearchParams): ProductListQuery & { page: number } {
  return {
    q: params.get('q') ?? '',
    department: idParam(params.get('department')),
    status: oneOf(params.get('status'), ['active', 'archived'] as const),
    stock: oneOf(params.get('stock'), ['out', 'low'] as const),
    sort: oneOf(params.get('sort'), sorts.map(([s]) => s)),
    page: pageParam(params),
  };
}

interface Props {
  query: ProductListQuery;
  onChange: (changes: Record<string, string | undefined>) => void;
  canAdd: boolean;
}

/** Search, department, on sale or archived, stock and order: each applies at once and lives in the address. */
export function ProductFilters({ query, onChange, canAdd }: Props) {
  const departments = useStore((s) => s.departments.list);
  const listDepartments = useStore((s) => s.listDepartments);
  useEffect(() => void listDepartments().catch(() => undefined), [listDepartments]);
  return (
    <div className={styles.toolbar}>
      <SearchForm label="Search products" hint="Id, SKU, name or brand" value={query.q ?? ''} onSearch={(q) => onChange({ q })} />
      <SelectFilter
        label="Department"
        value={query.department === undefined ? '' : String(query.department)}
        options={[['', 'All departments'], ...departments.map((d) => [String(d.id), d.name] as const)]}
        onChange={(department) => onChange({ department })}
      />
      <SelectFilter
        label="Status"
        value={query.status ?? 'active'}
        options={[['active', 'On sale'], ['archived', 'Archived']]}
        onChange={(status) => onChange({ status: status === 'active' ? undefined : status })}
      />
      <SelectFilter
        label="Stock"
        value={query.stock ?? ''}
        options={[['', 'Any stock'], ['low', 'Low (10 or fewer)'], ['out', 'Out of stock']]}
        onChange={(stock) => onChange({ stock })}
      />
      <SelectFilter
        label="Sort by"
        value={query.sort ?? 'newest'}
        options={sorts}
        onChange={(sort) => onChange({ sort: sort === 'newest' ? undefined : sort })}
      />
      {canAdd && <ButtonLink to={paths.adminNewProduct}>New product</ButtonLink>}
    </div>
  );
}
