// What each back-office role may do (docs/rules.md#roles): a viewer reads
// everything and changes nothing, staff change products, orders and reviews, an owner
// also manages staff and disables shoppers. The server checks every write; these only
// decide which controls to offer. (Every role but `shopper` opens the back office: app/guards.tsx.)
import type { Role } from '../api/types.ts';

type MaybeRole = Role | null | undefined;

/** Products, orders and reviews. */
export const canChange = (role: MaybeRole): boolean => role === 'staff' || role === 'owner';

/** Staff accounts and disabling shoppers. */
export const isOwner = (role: MaybeRole): boolean => role === 'owner';
