//! The back office's wire shapes: what each of its answers looks like in JSON, made from
//! the stores' rows, and the bodies and parameters its calls take. The storefront's are
//! in `api/dto.rs`; the conventions (camelCase, capitalised list keys, cents as dollars)
//! are the same (docs/rules.md#api-conventions). The OpenAPI document, and through it
//! the web client's types, are generated from these.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{page_of, search_of};
use crate::api::dto::{self, Chosen, ProductImage};
use crate::db::admin::imports::ProductImport;
use crate::db::admin::orders::AdminOrder;
use crate::db::admin::pictures::Picture;
use crate::db::admin::products::{AdminProduct, AdminProductQuery, AdminSort, Status, StockFilter};
use crate::db::admin::reviews::AdminReview;
use crate::db::admin::shipping::Method;
use crate::db::admin::staff::{AccountRow, StaffAccount};
use crate::db::admin::summary::Summary;
use crate::db::admin::variants::AdminVariants;
use crate::domain::admin::audit::Logged;
use crate::domain::admin::checkout_inputs::promotion_value;
use crate::domain::checkout::{Promotion, PromotionKind};
use crate::domain::mail::outbox::Mail;
use crate::domain::orders::OrderStatus;
use crate::domain::pricing::TaxRate;
use crate::domain::roles::Role;
use crate::domain::variants::{self, ProductOption};
use crate::domain::{Cents, Rejection, Timestamp};

// Products (`products.rs`).

/// The `{id}` of a product's address (`/api/admin/products/{id}...`).
#[derive(utoipa::IntoParams)]
#[into_params(names("id"), parameter_in = Path)]
pub struct ProductPath(
    /// The product's id
    #[param(minimum = 1)]
    pub i64,
);

/// A product as the back office shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminProductBody {
    pub id: i64,
    pub sku: String,
    pub name: String,
    pub brand: String,
    pub department_id: i64,
    pub department_name: String,
    pub price: Cents,
    pub description: String,
    /// Units that can be sold.
    pub stock: i64,
    #[schema(value_type = String)]
    pub status: &'static str,
    /// When it was archived; `null` while it is on sale.
    pub archived_at: Option<Timestamp>,
    pub preview_image: String,
    #[schema(value_type = f64)]
    pub avg_rating: f64,
    pub num_reviews: i64,
}

impl From<AdminProduct> for AdminProductBody {
    fn from(p: AdminProduct) -> Self {
        AdminProductBody {
            id: p.id.0,
            sku: p.sku,
            name: p.name,
            brand: p.brand,
            department_id: p.department_id,
            department_name: p.department_name,
            price: p.price,
            description: p.description,
            stock: p.stock,
            status: if p.archived_at.is_some() { "archived" } else { "active" },
            archived_at: p.archived_at,
            preview_image: p.preview_image,
            avg_rating: p.rating.average(),
            num_reviews: p.rating.count,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminProducts {
    #[serde(rename = "Products")]
    pub products: Vec<AdminProductBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatusParam {
    Active,
    Archived,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StockParam {
    Out,
    Low,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SortParam {
    Newest,
    Name,
    PriceAsc,
    PriceDesc,
    Stock,
}

pub const MAX_ADMIN_LIMIT: u32 = 100;

/// What the product list may ask.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminProductParams {
    /// An id, a SKU, or words of the name or brand (each word a prefix).
    #[param(max_length = 100)]
    q: Option<String>,
    /// Only this department's products.
    #[param(minimum = 1)]
    department: Option<i64>,
    /// `active` (the default: on sale) or `archived`.
    #[param(inline)]
    status: Option<StatusParam>,
    /// `out`: none left; `low`: 10 or fewer left.
    #[param(inline)]
    stock: Option<StockParam>,
    /// `newest` (the default), `name`, `price-asc`, `price-desc` or `stock` (fewest first).
    #[param(inline)]
    sort: Option<SortParam>,
    #[param(minimum = 1, maximum = 1_000_000)]
    page: Option<u32>,
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

impl AdminProductParams {
    /// The list asked for, each parameter checked.
    pub fn query(self) -> Result<AdminProductQuery, Rejection> {
        let page = page_of(self.page)?;
        let limit = self.limit.unwrap_or(25);
        if !(1..=MAX_ADMIN_LIMIT).contains(&limit) {
            return Err(Rejection::BadParameter(format!(
                "limit must be a whole number from 1 to {MAX_ADMIN_LIMIT}."
            )));
        }
        let q = search_of(self.q)?;
        Ok(AdminProductQuery {
            q,
            department: self.department,
            status: match self.status {
                Some(StatusParam::Archived) => Status::Archived,
                _ => Status::Active,
            },
            stock: self.stock.map(|s| match s {
                StockParam::Out => StockFilter::Out,
                StockParam::Low => StockFilter::Low,
            }),
            sort: match self.sort.unwrap_or(SortParam::Newest) {
                SortParam::Newest => AdminSort::Newest,
                SortParam::Name => AdminSort::Name,
                SortParam::PriceAsc => AdminSort::PriceAsc,
                SortParam::PriceDesc => AdminSort::PriceDesc,
                SortParam::Stock => AdminSort::Stock,
            },
            page,
            limit,
        })
    }
}

// Variants (`variants.rs`).

/// A product's options and variants as the back office edits them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminVariantsBody {
    pub product_id: i64,
    /// The product's price: what a variant without its own asks, and the least any asks.
    pub price: Cents,
    pub options: Vec<ProductOption>,
    pub variants: Vec<AdminVariant>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminVariant {
    pub id: i64,
    pub sku: String,
    #[schema(value_type = std::collections::HashMap<String, String>, example = json!({"Size": "M"}))]
    pub options: Chosen,
    /// Its own price; `null`: the product's.
    pub price: Option<Cents>,
    pub stock: i64,
    /// One of the product's pictures; `null`: the product's first.
    pub image_id: Option<i64>,
    pub image: Option<String>,
}

impl From<AdminVariants> for AdminVariantsBody {
    fn from(a: AdminVariants) -> Self {
        AdminVariantsBody {
            product_id: a.product_id.0,
            price: a.price,
            variants: a
                .variants
                .into_iter()
                .map(|v| AdminVariant {
                    id: v.id.0,
                    options: Chosen(variants::chosen(&a.options, &v.values)),
                    sku: v.sku,
                    price: v.price,
                    stock: v.stock,
                    image_id: v.image_id,
                    image: v.image,
                })
                .collect(),
            options: a.options,
        }
    }
}

// Pictures (`pictures.rs`).

/// A product's pictures, in order: the first is its preview, on the cards.
#[derive(Serialize, ToSchema)]
pub struct ProductImages {
    pub images: Vec<ProductImage>,
}

impl From<Vec<Picture>> for ProductImages {
    fn from(list: Vec<Picture>) -> Self {
        ProductImages {
            images: list
                .into_iter()
                .map(|p| ProductImage { id: p.id, url: p.url, background: p.background })
                .collect(),
        }
    }
}

/// A new order of a product's pictures.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PictureOrder {
    /// Each of the product's picture ids once, first the one to show first.
    #[schema(max_items = 12)]
    pub image_ids: Vec<i64>,
}

/// The multipart form of an upload (for the OpenAPI document).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PictureUpload {
    /// A PNG, JPEG or WebP picture of at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

// The catalog file, exported and imported (`catalog_csv.rs`).

/// An import's state: `applying` (after the 202) until `done`; `failed` when it was
/// dropped before any row was applied. (`checking` is never answered: the call that
/// checks is still running.)
#[derive(Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ImportStatus {
    Checking,
    Applying,
    Done,
    Failed,
}

impl ImportStatus {
    fn of(status: &str) -> ImportStatus {
        match status {
            "checking" => ImportStatus::Checking,
            "applying" => ImportStatus::Applying,
            "done" => ImportStatus::Done,
            _ => ImportStatus::Failed,
        }
    }
}

/// Where an import stands.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductImportBody {
    pub id: i64,
    pub status: ImportStatus,
    /// Data rows in the file.
    pub rows: i64,
    /// Rows in the catalog so far.
    pub applied: i64,
    /// New products so far.
    pub created: i64,
    /// Products changed so far (a row that changes nothing is not counted).
    pub updated: i64,
    pub started_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    pub message: Option<String>,
}

impl From<ProductImport> for ProductImportBody {
    fn from(i: ProductImport) -> Self {
        ProductImportBody {
            id: i.id,
            status: ImportStatus::of(&i.status),
            rows: i.rows,
            applied: i.applied,
            created: i.created,
            updated: i.updated,
            started_at: i.started_at,
            finished_at: i.finished_at,
            message: i.message,
        }
    }
}

/// One bad cell of an import.
#[derive(Serialize, ToSchema)]
pub struct ImportProblemBody {
    /// As a spreadsheet numbers it: the header is row 1.
    pub row: u64,
    pub column: String,
    pub message: String,
}

/// A file with bad rows: nothing was changed. The error shape, with each problem.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportProblems {
    pub message: String,
    /// One line a problem ("Row 4, price: ..."), the first 1,000.
    pub errors: Vec<String>,
    /// The same problems, by row and column.
    pub problems: Vec<ImportProblemBody>,
    /// How many problems there are in all.
    pub problem_count: u64,
}

// Orders (`orders.rs`).

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderBody {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub total: Cents,
    pub status: OrderStatus,
    pub created_at: Timestamp,
    pub status_changed_at: Timestamp,
    /// How many lines (units) it holds.
    pub lines: i64,
}

impl From<AdminOrder> for AdminOrderBody {
    fn from(o: AdminOrder) -> Self {
        AdminOrderBody {
            id: o.id,
            user_id: o.user_id.0,
            username: o.username,
            total: o.total,
            status: o.status,
            created_at: o.created_at,
            status_changed_at: o.status_changed_at,
            lines: o.lines,
        }
    }
}

/// One order whole, as staff pack and ship it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderDetail {
    /// The order as its shopper sees it: lines, the copy of its address, its method,
    /// discounts, tax and total.
    #[serde(flatten)]
    pub order: dto::Order,
    /// Who placed it.
    pub username: String,
}

impl From<crate::domain::orders::Order> for AdminOrderDetail {
    fn from(o: crate::domain::orders::Order) -> Self {
        let username = o.username.clone();
        AdminOrderDetail { order: dto::Order::from(o), username }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminOrders {
    #[serde(rename = "Orders")]
    pub orders: Vec<AdminOrderBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminOrderParams {
    /// Only orders in this status.
    #[param(inline)]
    pub status: Option<OrderStatus>,
    /// An order id, or a shopper's username.
    #[param(max_length = 100)]
    pub q: Option<String>,
    #[param(minimum = 1, maximum = 1_000_000)]
    pub page: Option<u32>,
}

/// The one field a staff member may set on an order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"status": "Packed"}))]
pub struct OrderStatusInput {
    pub status: OrderStatus,
}

// Reviews (`reviews.rs`).

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReviewBody {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub user_id: i64,
    pub username: String,
    pub rating: i64,
    pub title: String,
    pub description: String,
    pub created_at: Timestamp,
    pub hidden: bool,
    /// When it was hidden; `null` while shoppers see it.
    pub hidden_at: Option<Timestamp>,
}

impl From<AdminReview> for AdminReviewBody {
    fn from(r: AdminReview) -> Self {
        AdminReviewBody {
            id: r.id,
            product_id: r.product_id.0,
            product_name: r.product_name,
            user_id: r.user_id.0,
            username: r.username,
            rating: r.rating,
            title: r.title,
            description: r.description,
            created_at: r.created_at,
            hidden: r.hidden_at.is_some(),
            hidden_at: r.hidden_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminReviews {
    #[serde(rename = "Reviews")]
    pub reviews: Vec<AdminReviewBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AdminReviewParams {
    /// Only this product's reviews.
    #[param(minimum = 1)]
    pub product_id: Option<i64>,
    /// Only reviews of this many stars.
    #[param(minimum = 1, maximum = 5)]
    pub rating: Option<i64>,
    /// Only hidden reviews (`true`) or only those shoppers see (`false`).
    pub hidden: Option<bool>,
    #[param(minimum = 1, maximum = 1_000_000)]
    pub page: Option<u32>,
}

/// The one field a staff member may set on a review.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"hidden": true}))]
pub struct ReviewVisibilityInput {
    pub hidden: bool,
}

// Accounts (`accounts.rs`).

/// The `{id}` of an account's address (`/api/admin/staff/{id}`, `/api/admin/shoppers/{id}`).
#[derive(utoipa::IntoParams)]
#[into_params(names("id"), parameter_in = Path)]
pub struct AccountPath(
    /// The account's id
    #[param(minimum = 1)]
    pub i64,
);

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountBody {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub created_at: Timestamp,
    pub disabled: bool,
    /// Whether sign-in asks this account for a second factor.
    pub second_factor: bool,
    /// Orders placed (shoppers' list only; 0 in the staff list).
    pub orders: i64,
}

impl AccountBody {
    /// `u` as the back office lists it, with what its row says besides.
    fn of(u: crate::domain::users::User, disabled: bool, second_factor: bool, orders: i64) -> Self {
        AccountBody {
            id: u.id.0,
            username: u.username,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            role: u.role,
            created_at: u.created_at,
            disabled,
            second_factor,
            orders,
        }
    }
}

impl From<StaffAccount> for AccountBody {
    fn from(s: StaffAccount) -> Self {
        AccountBody::of(s.user, s.disabled, s.second_factor, 0)
    }
}

impl From<AccountRow> for AccountBody {
    fn from(a: AccountRow) -> Self {
        AccountBody::of(a.user, a.disabled, false, a.orders)
    }
}

impl From<crate::domain::users::User> for AccountBody {
    fn from(u: crate::domain::users::User) -> Self {
        AccountBody::of(u, false, false, 0)
    }
}

#[derive(Serialize, ToSchema)]
pub struct Accounts {
    #[serde(rename = "Accounts")]
    pub accounts: Vec<AccountBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

/// The one field an owner sets on a staff account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"role": "viewer"}))]
pub struct RoleInput {
    /// `shopper` takes the account off the staff.
    pub role: RoleChoice,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RoleChoice {
    Owner,
    Staff,
    Viewer,
    Shopper,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AccountParams {
    /// An account id, or the start of a username or email.
    #[param(max_length = 100)]
    pub q: Option<String>,
    #[param(minimum = 1, maximum = 1_000_000)]
    pub page: Option<u32>,
}

/// The one field an owner sets on a shopper's account.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"disabled": true}))]
pub struct AccountStateInput {
    pub disabled: bool,
}

// Second factor (`second_factor.rs`).

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecondFactorSetup {
    /// Base32, for typing into an app by hand.
    pub secret: String,
    /// `otpauth://totp/...`, for scanning (as a QR code) into an authenticator app.
    pub otpauth_uri: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SecondFactorState {
    /// Whether sign-in asks this account for a code.
    pub on: bool,
}

/// Six digits from the authenticator app.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"code": "123456"}))]
pub struct CodeInput {
    #[schema(min_length = 6, max_length = 10, pattern = "^[0-9 ]+$")]
    pub code: String,
}

// The audit log (`audit.rs`).

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryBody {
    pub id: i64,
    pub at: Timestamp,
    /// The account that made the change; `null` for the command line.
    pub actor_id: Option<i64>,
    /// Its username as it was then (or "command line").
    pub actor: String,
    /// What was done: `product.update`, `order.status`, `review.hide`, `staff.add`...
    pub action: String,
    pub thing: String,
    pub thing_id: Option<i64>,
    /// The fields it changed, as they were (`null` for a creation).
    #[schema(value_type = Object)]
    pub before: Option<serde_json::Value>,
    /// And as they became.
    #[schema(value_type = Object)]
    pub after: Option<serde_json::Value>,
}

impl From<Logged> for AuditEntryBody {
    fn from(l: Logged) -> Self {
        AuditEntryBody {
            id: l.id,
            at: l.at,
            actor_id: l.actor_id,
            actor: l.actor,
            action: l.action,
            thing: l.thing,
            thing_id: l.thing_id,
            before: l.before,
            after: l.after,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AuditLog {
    #[serde(rename = "Entries")]
    pub entries: Vec<AuditEntryBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    #[param(minimum = 1, maximum = 1_000_000)]
    pub page: Option<u32>,
}

// The dashboard (`summary.rs`).

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayBody {
    /// Midnight UTC that starts the day.
    pub day: Timestamp,
    pub orders: i64,
    pub revenue: Cents,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopProductBody {
    pub product_id: i64,
    pub name: String,
    pub units: i64,
    pub revenue: Cents,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryBody {
    pub today: DayBody,
    /// Oldest first, today last; cancelled orders count in none.
    pub last30_days: Vec<DayBody>,
    pub orders30_days: i64,
    pub revenue30_days: Cents,
    pub top_products: Vec<TopProductBody>,
    pub out_of_stock: i64,
    pub low_stock: i64,
    /// The products on sale with the fewest units left, fewest first.
    #[serde(rename = "LowestStock")]
    pub lowest_stock: Vec<dto::ProductCard>,
}

impl From<Summary> for SummaryBody {
    fn from(s: Summary) -> Self {
        let day = |d: &crate::db::admin::summary::Day| DayBody {
            day: d.start,
            orders: d.orders,
            revenue: d.revenue,
        };
        let last =
            s.days.last().map(day).unwrap_or(DayBody { day: Timestamp::now(), orders: 0, revenue: Cents(0) });
        SummaryBody {
            today: last,
            orders30_days: s.days.iter().map(|d| d.orders).sum(),
            revenue30_days: s.days.iter().map(|d| d.revenue).sum(),
            last30_days: s.days.iter().map(day).collect(),
            top_products: s
                .top_products
                .into_iter()
                .map(|t| TopProductBody {
                    product_id: t.product_id.0,
                    name: t.name,
                    units: t.units,
                    revenue: t.revenue,
                })
                .collect(),
            out_of_stock: s.out_of_stock,
            low_stock: s.low_stock,
            lowest_stock: s.lowest.into_iter().map(dto::ProductCard::from).collect(),
        }
    }
}

// Shipping methods and tax rates (`shipping.rs`).

/// A shipping method as the back office shows it, archived ones too.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminShippingMethod {
    /// The method as shoppers see it.
    #[serde(flatten)]
    pub method: dto::ShippingMethod,
    /// When it was archived (removed after orders used it); `null` while shoppers may
    /// choose it. An archived method cannot be changed.
    pub archived_at: Option<Timestamp>,
    /// How many orders used it.
    pub orders: i64,
}

impl From<Method> for AdminShippingMethod {
    fn from(m: Method) -> Self {
        let Method { method, archived_at, orders } = m;
        AdminShippingMethod { method: dto::ShippingMethod::from(method), archived_at, orders }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminShippingMethods {
    /// The default first, then the cheapest; archived ones last.
    #[serde(rename = "ShippingMethods")]
    pub shipping_methods: Vec<AdminShippingMethod>,
}

/// A region's tax rate.
#[derive(Debug, Serialize, ToSchema)]
pub struct TaxRateBody {
    /// A US state's (or DC's, or a territory's) two-letter code.
    pub region: String,
    /// A percent, with up to three decimals: 8.25.
    pub rate: f64,
}

impl TaxRateBody {
    pub fn new(region: String, rate: TaxRate) -> Self {
        TaxRateBody { region, rate: rate.as_percent() }
    }
}

#[derive(Serialize, ToSchema)]
pub struct TaxRates {
    /// By region; a region not listed pays no tax.
    #[serde(rename = "TaxRates")]
    pub tax_rates: Vec<TaxRateBody>,
}

// Promotion codes (`promotions.rs`).

/// A promotion code as the back office shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPromotion {
    pub id: i64,
    /// In capitals; shoppers may type it in any case.
    pub code: String,
    pub kind: PromotionKind,
    /// `percent`: the percent off (1–100); `amount`: the dollars off.
    pub value: f64,
    /// The subtotal the code needs; 0 for any.
    pub min_subtotal: Cents,
    /// From when it may be used; `null`: from its making.
    pub starts_at: Option<Timestamp>,
    /// When it ended or ends; `null`: never.
    pub ends_at: Option<Timestamp>,
    /// How many orders may carry it in all; `null`: no limit.
    pub usage_limit: Option<i64>,
    pub once_per_shopper: bool,
    /// Orders that carry it now (a cancelled one gave its use back).
    pub uses: i64,
    pub created_at: Timestamp,
}

impl From<Promotion> for AdminPromotion {
    fn from(p: Promotion) -> Self {
        AdminPromotion {
            value: promotion_value(&p),
            id: p.id,
            code: p.code,
            kind: p.kind,
            min_subtotal: p.min_subtotal,
            starts_at: p.starts_at,
            ends_at: p.ends_at,
            usage_limit: p.usage_limit,
            once_per_shopper: p.once_per_shopper,
            uses: p.uses,
            created_at: p.created_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminPromotions {
    /// Newest first.
    #[serde(rename = "Promotions")]
    pub promotions: Vec<AdminPromotion>,
}

// The outbox (`mail.rs`).

/// A mail in the outbox, as the back office lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailSummary {
    pub id: i64,
    /// When it was written (with what caused it).
    pub created_at: Timestamp,
    /// The recipient's name and address, as the mail's `To`.
    pub to_name: String,
    pub to_address: String,
    pub subject: String,
    /// What caused it: `order.placed`, `order.shipped`, `order.delivered`, `order.cancelled`,
    /// `order.refunded`, `password.reset`, `email.confirm`, `email.changed`, `stock.back`.
    #[schema(value_type = String)]
    pub event: &'static str,
    /// `queued` (waiting for the sender, or for a mail server to be configured), `sent`,
    /// `failed` (given up), `kept` (a demo shopper's: read in its inbox, never sent).
    #[schema(value_type = String)]
    pub status: &'static str,
    /// Tries to hand it to the mail server so far.
    pub attempts: i64,
    pub last_error: Option<String>,
    pub sent_at: Option<Timestamp>,
    /// The order it is about.
    pub order_id: Option<i64>,
}

impl MailSummary {
    pub fn of(mail: &Mail) -> MailSummary {
        MailSummary {
            id: mail.id,
            created_at: mail.created_at,
            to_name: mail.to_name(),
            to_address: mail.to_address.clone(),
            subject: mail.subject(),
            event: mail.facts.event().as_str(),
            status: mail.status.as_str(),
            attempts: mail.attempts,
            last_error: mail.last_error.clone(),
            sent_at: mail.sent_at,
            order_id: mail.order_id.map(|id| id.0),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct MailList {
    #[serde(rename = "Mails")]
    pub mails: Vec<MailSummary>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

/// A mail as its recipient reads it: its plain-text and HTML parts.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailBody {
    #[serde(flatten)]
    pub summary: MailSummary,
    pub text: String,
    pub html: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MailParams {
    #[param(minimum = 1, maximum = 1_000_000)]
    pub page: Option<u32>,
}
