//! The dashboard's figures.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::dto;
use crate::api::openapi::StaffReadErrors;
use crate::auth::StaffMember;
use crate::db::Db;
use crate::db::admin::summary::Summary;
use crate::domain::{Cents, Timestamp};
use crate::error::ApiError;

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
                    product_id: t.product_id,
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

#[api_operation(
    operation_id = "getSummary",
    tag = "admin",
    summary = "Orders and revenue today and by day over 30 days, top products, stock that is out or low (viewer)",
    responses(
        (status = 200, description = "The dashboard's figures", body = SummaryBody),
        StaffReadErrors
    )
)]
pub async fn get_summary(db: web::Data<Db>, _staff: StaffMember) -> Result<HttpResponse, ApiError> {
    let summary = db.get_summary(Timestamp::now()).await?;
    Ok(HttpResponse::Ok().json(SummaryBody::from(summary)))
}
