import { del, get, post, put } from './client.ts';
import type { Address, AddressInput, Addresses } from './types.ts';

/** The shopper's address book, the default first. */
export const listAddresses = () => get<Addresses>('/api/addresses').then((r) => r.Addresses);
export const addAddress = (input: AddressInput) => post<Address>('/api/addresses', input);
export const updateAddress = (addressId: number, input: AddressInput) => put<Address>(`/api/addresses/${addressId}`, input);
/** Answers 204; the default moves to the newest other address when it was the default. */
export const deleteAddress = (addressId: number) => del<unknown>(`/api/addresses/${addressId}`);
