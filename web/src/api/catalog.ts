import { get } from './client.ts';
import type { Department, DepartmentWithProducts, Product } from './types.ts';

export const fetchDepartments = () =>
  get<{ Departments: Department[] }>('/api/departments').then((r) => r.Departments);

export const fetchDepartmentProducts = (departmentId: number) =>
  get<DepartmentWithProducts>(`/api/departments/${departmentId}/products`);

export const fetchProduct = (productId: number) => get<Product>(`/api/products/${productId}`);

