import { get } from './client.ts';
import type { Department, DepartmentWithProducts, Product, Review } from './types.ts';

export const fetchDepartments = () =>
  get<{ Departments: Department[] }>('/api/departments').then((r) => r.Departments);

export const fetchDepartmentProducts = (departmentId: number) =>
  get<DepartmentWithProducts>(`/api/departments/${departmentId}/products`);

export const fetchProduct = (productId: number) => get<Product>(`/api/products/${productId}`);

export const fetchProductReviews = (productId: number) =>
  get<{ Reviews: Review[] }>(`/api/products/${productId}/reviews`).then((r) => r.Reviews);
