import type { StateCreator } from 'zustand';
import * as api from '../api/catalog.ts';
import type { Department, DepartmentWithProducts } from '../api/types.ts';
import { emptyListing, listingApiQuery, type ListingQuery } from '../lib/listingQuery.ts';
import type { Store } from './index.ts';
import { remember } from './remember.ts';

/** How many department listings (pages, filters, orders) the store keeps. */
const KEPT_LISTINGS = 24;

/** Where a department listing is kept: `5?brand=Sony&page=2`. */
export const departmentListingKey = (departmentId: number, query: ListingQuery = emptyListing('department'), limit?: number) =>
  `${departmentId}?${listingApiQuery(query, limit)}`;

export interface DepartmentsSlice {
  departments: {
    list: Department[];
    /**
     * Department listings by departmentListingKey, the newest few: a page seen before
     * shows at once on Back and Forward while it is fetched again.
     */
    listings: Record<string, DepartmentWithProducts>;
  };
  /** Fetches the list once; later calls keep it. */
  listDepartments: () => Promise<void>;
  listDepartmentProducts: (departmentId: number, query?: ListingQuery, limit?: number) => Promise<void>;
}

export const createDepartmentsSlice: StateCreator<Store, [], [], DepartmentsSlice> = (set, get) => ({
  departments: { list: [], listings: {} },
  listDepartments: async () => {
    if (get().departments.list.length > 0) return;
    const list = await api.listDepartments();
    set((s) => ({ departments: { ...s.departments, list } }));
  },
  listDepartmentProducts: async (departmentId, query = emptyListing('department'), limit) => {
    const listing = await api.listDepartmentProducts(departmentId, query, limit);
    const key = departmentListingKey(departmentId, query, limit);
    set((s) => ({
      departments: { ...s.departments, listings: remember(s.departments.listings, key, listing, KEPT_LISTINGS) },
    }));
  },
});
