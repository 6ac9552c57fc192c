import type { StateCreator } from 'zustand';
import * as api from '../api/catalog.ts';
import type { Department, DepartmentWithProducts } from '../api/types.ts';
import type { Store } from './index.ts';

export interface DepartmentsSlice {
  departments: {
    list: Department[];
    /** Departments with their product cards, by id, as each page is opened. */
    byId: Record<number, DepartmentWithProducts>;
  };
  /** Fetches the list once; later calls keep it. */
  listDepartments: () => Promise<void>;
  listDepartmentProducts: (departmentId: number) => Promise<void>;
}

export const createDepartmentsSlice: StateCreator<Store, [], [], DepartmentsSlice> = (set, get) => ({
  departments: { list: [], byId: {} },
  listDepartments: async () => {
    if (get().departments.list.length > 0) return;
    const list = await api.listDepartments();
    set((s) => ({ departments: { ...s.departments, list } }));
  },
  listDepartmentProducts: async (departmentId) => {
    const department = await api.listDepartmentProducts(departmentId);
    set((s) => ({
      departments: { ...s.departments, byId: { ...s.departments.byId, [departmentId]: department } },
    }));
  },
});
