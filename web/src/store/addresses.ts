import type { StateCreator } from 'zustand';
import * as api from '../api/addresses.ts';
import type { Address, AddressInput } from '../api/types.ts';
import type { Store } from './index.ts';

export interface AddressesSlice {
  addresses: {
    /** The shopper's address book as the server lists it: the default first. */
    list: Address[];
    loaded: boolean;
  };
  listAddresses: () => Promise<void>;
  /** Adds an address; the book is then shown as the server has it (the default may have moved). */
  addAddress: (input: AddressInput) => Promise<Address>;
  /** Changes an address (`isDefault: true` makes it the default); the book is then shown as the server has it. */
  updateAddress: (addressId: number, input: AddressInput) => Promise<Address>;
  /** Deletes an address; deleting the default makes the newest other one the default, as the server says. */
  deleteAddress: (addressId: number) => Promise<void>;
}

export const emptyAddresses = (): AddressesSlice['addresses'] => ({ list: [], loaded: false });

/** The form's fields of an address, to edit it (`isDefault` as it is). */
export const addressInput = (a: Address): AddressInput => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  country: a.country,
  phone: a.phone,
  isDefault: a.isDefault,
});

// Which address is the default is the server's rule (docs/rules.md#addresses): after any
// write the book is read again rather than worked out here. If that read fails, the
// write alone is shown, and the next visit reads the book again.
export const createAddressesSlice: StateCreator<Store, [], [], AddressesSlice> = (set) => {
  // Only the answer to the latest read is shown: an earlier one would show an older book.
  let asked = 0;
  const read = async () => {
    const ask = ++asked;
    const list = await api.listAddresses();
    if (ask === asked) set({ addresses: { list, loaded: true } });
  };
  const settle = async (change: (list: Address[]) => Address[]) => {
    try {
      await read();
    } catch {
      set((s) => ({ addresses: { ...s.addresses, list: change(s.addresses.list) } }));
    }
  };
  return {
    addresses: emptyAddresses(),
    listAddresses: read,
    addAddress: async (input) => {
      const address = await api.addAddress(input);
      await settle((list) => [...list, address]);
      return address;
    },
    updateAddress: async (addressId, input) => {
      const address = await api.updateAddress(addressId, input);
      await settle((list) => list.map((a) => (a.id === addressId ? address : a)));
      return address;
    },
    deleteAddress: async (addressId) => {
      await api.deleteAddress(addressId);
      await settle((list) => list.filter((a) => a.id !== addressId));
    },
  };
};
