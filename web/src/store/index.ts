// One store built from slices; each slice keeps its state and the actions that change it.
import { create } from 'zustand';
import { createDepartmentsSlice, type DepartmentsSlice } from './departments.ts';

export type Store = DepartmentsSlice;

export const useStore = create<Store>()((...a) => ({
  ...createDepartmentsSlice(...a),
}));
