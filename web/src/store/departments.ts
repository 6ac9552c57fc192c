import type { StateCreator } from 'zustand';
import { fetchDepartmentProducts, fetchDepartments } from '../api/catalog.ts';
import type { Department, DepartmentWithProducts } from '../api/types.ts';
import type { Store } from './index.ts';

export interface DepartmentsSlice {
  departments: {
    list: Department[];
    /** Departments with their product cards, by id, as each page is opened. */
    byId: Record<number, DepartmentWithProducts>;
  };
  loadDepartments: () => Promise<void>;
  loadDepartment: (departmentId: number) => Promise<void>;
}

export const createDepartmentsSlice: StateCreator<Store, [], [], DepartmentsSlice> = (set, get) => ({
  departments: { list: [], byId: {} },
  loadDepartments: async () => {
    if (get().departments.list.length > 0) return;
    const list = await fetchDepartments();
    set((s) => ({ departments: { ...s.departments, list } }));
  },
  loadDepartment: async (departmentId) => {
    const department = await fetchDepartmentProducts(departmentId);
    set((s) => ({
      departments: { ...s.departments, byId: { ...s.departments.byId, [departmentId]: department } },
    }));
  },
});
