// The back office's calls (/api/admin/*), one typed function each, through the one client.
// Only the back office's chunks import this file, so a shopper never downloads it.
import { del, get, patch, post, put } from '../../api/client.ts';
import type {
  components,
  operations,
  AccountBody,
  Accounts,
  AdminOrderBody,
  AdminOrderDetail,
  AdminOrders,
  AdminProductBody,
  AdminProducts,
  AdminPromotion,
  AdminPromotions,
  AdminReviewBody,
  AdminReviews,
  AdminShippingMethod,
  AdminShippingMethods,
  AdminVariantsBody,
  AuditLog,
  MailBody,
  MailList,
  OrderStatus,
  ProductInput,
  PromotionInput,
  Refund,
  RefundInput,
  Role,
  SecondFactorSetup,
  SecondFactorState,
  ShippingMethodInput,
  StaffInput,
  SummaryBody,
  TaxRateBody,
  TaxRates,
  VariantsInput,
} from '../../api/types.ts';

type Query<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
export type ProductListQuery = Query<'listAdminProducts'>;
export type OrderListQuery = Query<'listAdminOrders'>;
export type ReviewListQuery = Query<'listAdminReviews'>;
export type ShopperListQuery = Query<'listShoppers'>;
export type ProductSort = NonNullable<ProductListQuery['sort']>;

/** `?a=1&b=x` of the values that are set, or ''. */
function query(values: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export const getSummary = () => get<SummaryBody>('/api/admin/summary');

export const listAdminProducts = (q: ProductListQuery) => get<AdminProducts>(`/api/admin/products${query(q)}`);
export const getAdminProduct = (id: number) => get<AdminProductBody>(`/api/admin/products/${id}`);
export const createProduct = (input: Partial<ProductInput>) => post<AdminProductBody>('/api/admin/products', input);
export const updateProduct = (id: number, input: Partial<ProductInput>) =>
  patch<AdminProductBody>(`/api/admin/products/${id}`, input);
export const archiveProduct = (id: number) => del<AdminProductBody>(`/api/admin/products/${id}`);
export const restoreProduct = (id: number) => post<AdminProductBody>(`/api/admin/products/${id}/restore`);
/** A product's options and variants (viewer and up). */
export const getProductVariants = (id: number) => get<AdminVariantsBody>(`/api/admin/products/${id}/variants`);
/** Replaces them whole, all or nothing (staff); `{options: [], variants: []}` makes the product plain again. */
export const saveProductVariants = (id: number, input: VariantsInput) =>
  put<AdminVariantsBody>(`/api/admin/products/${id}/variants`, input);

export const listAdminOrders = (q: OrderListQuery) => get<AdminOrders>(`/api/admin/orders${query(q)}`);
/** One order whole: lines, address, method, discounts, tax, shopper (viewer and up). */
export const getAdminOrder = (id: number) => get<AdminOrderDetail>(`/api/admin/orders/${id}`);
export const moveOrder = (id: number, status: OrderStatus) =>
  patch<AdminOrderBody>(`/api/admin/orders/${id}`, { status } satisfies components['schemas']['OrderStatusInput']);
/**
 * Refunds part or all of what an order's payment took, and puts the lines named in
 * `restock` back in stock (staff). `idempotencyKey` names the attempt: sent again with
 * the same key, the server answers the first refund again instead of refunding twice.
 */
export const createRefund = (orderId: number, input: RefundInput, idempotencyKey: string) =>
  post<Refund>(`/api/admin/orders/${orderId}/refunds`, input, { 'Idempotency-Key': idempotencyKey });

export const listAdminReviews = (q: ReviewListQuery) => get<AdminReviews>(`/api/admin/reviews${query(q)}`);
export const setReviewHidden = (id: number, hidden: boolean) =>
  patch<AdminReviewBody>(`/api/admin/reviews/${id}`, { hidden } satisfies components['schemas']['ReviewVisibilityInput']);

export const listShoppers = (q: ShopperListQuery) => get<Accounts>(`/api/admin/shoppers${query(q)}`);
export const setAccountDisabled = (id: number, disabled: boolean) =>
  patch<AccountBody>(`/api/admin/shoppers/${id}`, { disabled } satisfies components['schemas']['AccountStateInput']);

export const listStaff = () => get<Accounts>('/api/admin/staff').then((r) => r.Accounts);
export const addStaff = (input: StaffInput) => post<AccountBody>('/api/admin/staff', input);
export const setRole = (id: number, role: Role) =>
  patch<AccountBody>(`/api/admin/staff/${id}`, { role } satisfies components['schemas']['RoleInput']);

/** Every shipping method, archived ones too (viewer): the default first, archived ones last. */
export const listAdminShippingMethods = () =>
  get<AdminShippingMethods>('/api/admin/shipping-methods').then((r) => r.ShippingMethods);
export const createShippingMethod = (input: ShippingMethodInput) =>
  post<AdminShippingMethod>('/api/admin/shipping-methods', input);
/** Any of its fields; `freeOver: null` makes it never free, `isDefault: true` moves the default to it. */
export const updateShippingMethod = (id: number, input: Partial<ShippingMethodInput>) =>
  patch<AdminShippingMethod>(`/api/admin/shipping-methods/${id}`, input);
/** Archived if an order used it, deleted otherwise; never the default (409). */
export const deleteShippingMethod = (id: number) => del<unknown>(`/api/admin/shipping-methods/${id}`);

/** Every state's tax rate, by state (viewer); a state not listed pays no tax. */
export const listTaxRates = () => get<TaxRates>('/api/admin/tax-rates').then((r) => r.TaxRates);
export const setTaxRate = (region: string, rate: number) =>
  put<TaxRateBody>(`/api/admin/tax-rates/${encodeURIComponent(region)}`, { rate } satisfies components['schemas']['TaxRateInput']);
export const deleteTaxRate = (region: string) => del<unknown>(`/api/admin/tax-rates/${encodeURIComponent(region)}`);

/** Every promotion code, newest first, with its uses (viewer). */
export const listAdminPromotions = () => get<AdminPromotions>('/api/admin/promotions').then((r) => r.Promotions);
export const createPromotion = (input: PromotionInput) => post<AdminPromotion>('/api/admin/promotions', input);
/** Its dates, usage limit, minimum and once-per-shopper; its code, kind and value never change. */
export const updatePromotion = (id: number, input: Omit<Partial<PromotionInput>, 'code' | 'kind' | 'value'>) =>
  patch<AdminPromotion>(`/api/admin/promotions/${id}`, input);

export const listAudit = (page: number) => get<AuditLog>(`/api/admin/audit${query({ page: page > 1 ? page : undefined })}`);

/** The outbox, newest first (viewer). */
export const listMails = (page: number) => get<MailList>(`/api/admin/mail${query({ page: page > 1 ? page : undefined })}`);
/** One mail as its recipient reads it: its HTML and plain-text parts (viewer). */
export const getMail = (id: number) => get<MailBody>(`/api/admin/mail/${id}`);

export const getSecondFactor = () => get<SecondFactorState>('/api/admin/second-factor');
export const startSecondFactor = () => post<SecondFactorSetup>('/api/admin/second-factor');
export const confirmSecondFactor = (code: string) => post<SecondFactorState>('/api/admin/second-factor/confirm', { code });
export const turnOffSecondFactor = (code: string) => post<SecondFactorState>('/api/admin/second-factor/off', { code });
