//! Products in the back office: the list (any product, by id, SKU, name or brand), one
//! product, creating, changing, archiving and restoring.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{page_of, search_of};
use crate::api::openapi::{
    BadRequest, BodilessWriteErrors, Conflict, NotFound, StaffReadErrors, WriteErrors,
};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::db::admin::products::{AdminProduct, AdminProductQuery, AdminSort, Status, StockFilter};
use crate::domain::admin_inputs::ProductInput;
use crate::domain::{Cents, Rejection, Thing, Timestamp};
use crate::error::ApiError;

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
            id: p.id,
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
    fn query(self) -> Result<AdminProductQuery, Rejection> {
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

#[api_operation(
    operation_id = "listAdminProducts",
    tag = "admin",
    summary = "Any product, on sale or archived, by id, SKU, name or brand (viewer)",
    params(AdminProductParams),
    responses(
        (status = 200, description = "One page of products, and how many there are", body = AdminProducts),
        StaffReadErrors, BadRequest
    )
)]
pub async fn list_admin_products(
    db: web::Data<Db>,
    _staff: StaffMember,
    params: web::Query<AdminProductParams>,
) -> Result<HttpResponse, ApiError> {
    let query = params.into_inner().query()?;
    let (page, limit) = (query.page, query.limit);
    let found = db.list_admin_products(query).await?;
    let pages = found.total.div_ceil(u64::from(limit)).max(1).min(u64::from(u32::MAX)) as u32;
    Ok(HttpResponse::Ok().json(AdminProducts {
        products: found.products.into_iter().map(AdminProductBody::from).collect(),
        total: found.total,
        page,
        pages,
    }))
}

#[api_operation(
    operation_id = "getAdminProduct",
    tag = "admin",
    summary = "One product, on sale or archived (viewer)",
    params(("id" = i64, Path, minimum = 1, description = "The product's id")),
    responses(
        (status = 200, description = "The product", body = AdminProductBody),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn get_admin_product(
    db: web::Data<Db>,
    _staff: StaffMember,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let product = db.get_admin_product(id.into_inner()).await?.ok_or(Rejection::NotFound(Thing::Product))?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "createProduct",
    tag = "admin",
    summary = "Add a product to the catalog (staff)",
    request_body = ProductInput,
    responses(
        (status = 201, description = "The product, on sale (once it has stock)", body = AdminProductBody),
        WriteErrors, Conflict
    )
)]
pub async fn create_product(
    db: web::Data<Db>,
    staff: StaffMember,
    input: web::Json<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let change = input.into_inner().parse(true)?;
    let product = db.create_product(staff.actor(), change).await?;
    Ok(HttpResponse::Created().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "updateProduct",
    tag = "admin",
    summary = "Change any of a product's fields: name, brand, department, price, description, stock, SKU (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The product's id")),
    request_body = ProductInput,
    responses(
        (status = 200, description = "The product as it now is", body = AdminProductBody),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn update_product(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
    input: web::Json<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let change = input.into_inner().parse(false)?;
    let product = db.update_product(staff.actor(), id.into_inner(), change).await?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "archiveProduct",
    tag = "admin",
    summary = "Archive a product: it leaves the storefront, and stays in the orders that hold it (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The product's id")),
    responses(
        (status = 200, description = "The product, archived", body = AdminProductBody),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn archive_product(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let product = db.set_product_archived(staff.actor(), id.into_inner(), true).await?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "restoreProduct",
    tag = "admin",
    summary = "Put an archived product back on sale (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The product's id")),
    responses(
        (status = 200, description = "The product, on sale again", body = AdminProductBody),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn restore_product(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let product = db.set_product_archived(staff.actor(), id.into_inner(), false).await?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}
