import { emptyListing, listingApiQuery, type ListingQuery } from '../lib/listingQuery.ts';
import { get } from './client.ts';
import type { Departments, DepartmentWithProducts, Product } from './types.ts';

export const listDepartments = () => get<Departments>('/api/departments').then((r) => r.Departments);

/** One page of a department's products, filtered and sorted as `query` says. */
export function listDepartmentProducts(departmentId: number, query: ListingQuery = emptyListing('department'), limit?: number) {
  const search = listingApiQuery(query, limit);
  return get<DepartmentWithProducts>(`/api/departments/${departmentId}/products${search === '' ? '' : `?${search}`}`);
}

export const getProduct = (productId: number) => get<Product>(`/api/products/${productId}`);
