import { get } from './client.ts';
import type { Departments, DepartmentWithProducts, Product } from './types.ts';

export const listDepartments = () => get<Departments>('/api/departments').then((r) => r.Departments);

export const listDepartmentProducts = (departmentId: number) =>
  get<DepartmentWithProducts>(`/api/departments/${departmentId}/products`);

export const getProduct = (productId: number) => get<Product>(`/api/products/${productId}`);
