//! Search and suggestions: public, read-only, kept per distinct query.

use actix_web::{HttpRequest, HttpResponse, web};

use super::answer_cache::{Answer, AnswerCache};
use super::catalog::{BrandName, query_params};
use super::dto;
use crate::db::Db;
use crate::domain::Thing;
use crate::domain::listing::{search_query, search_text, words};
use crate::error::ApiError;

/// The query parameters of a search (docs/rules.md#discovery); read by
/// `domain::listing`, described here for the OpenAPI document.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case, dead_code)]
pub struct SearchParams {
    /// The words to find, each also as the start of a longer word. Letter case,
    /// accents and punctuation aside.
    #[param(min_length = 1, max_length = 100)]
    q: String,
    /// Only this department's products.
    #[param(minimum = 1)]
    department: Option<i64>,
    /// The order: `relevance` (the default: name and brand matches first), `featured`,
    /// by price either way, top rated first, or newest first.
    #[param(inline)]
    sort: Option<SearchSort>,
    /// Only these brands (repeat the parameter for several).
    #[param(style = Form, explode, inline, max_items = 20)]
    brand: Option<Vec<BrandName>>,
    /// Only products at this price or more, in dollars.
    #[param(minimum = 0)]
    minPrice: Option<f64>,
    /// Only products at this price or less, in dollars; not below `minPrice`.
    #[param(minimum = 0)]
    maxPrice: Option<f64>,
    /// Only products whose average rating is at least this.
    #[param(minimum = 0, maximum = 5)]
    minRating: Option<f64>,
    /// The page, from 1; not past the last.
    #[param(minimum = 1, maximum = 4294967295_u32)]
    page: Option<u32>,
    /// Products per page.
    #[param(minimum = 1, maximum = 96)]
    limit: Option<u32>,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SearchSort {
    Relevance,
    Featured,
    PriceAsc,
    PriceDesc,
    Rating,
    Newest,
}

#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct SuggestionParams {
    /// What the shopper has typed so far.
    #[param(min_length = 1, max_length = 100)]
    q: String,
}

#[utoipa::path(
    get,
    path = "/api/search",
    operation_id = "searchProducts",
    tag = "catalog",
    summary = "A page of the products matching some words",
    params(SearchParams),
    responses(
        (status = 200, description = "A page of the matching products, the total and the facets", body = dto::SearchResults,
            links(("Product" = (operation_id = "getProduct", parameters(("id" = "$response.body#/Products/0/id")))))),
        (status = 304, response = super::openapi::NotModified), (status = 400, response = super::openapi::BadRequest), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn search_products(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
) -> Result<HttpResponse, ApiError> {
    let query = search_query(&query_params(&req))?;
    let asked = Answer::Search(Box::new(query.clone()));
    let load = || async { Ok(Some(dto::SearchResults::from(db.search_products(query).await?))) };
    cache.answer(&req, asked, Thing::Department, load).await
}

#[utoipa::path(
    get,
    path = "/api/search/suggestions",
    operation_id = "listSearchSuggestions",
    tag = "catalog",
    summary = "Departments, brands and products to offer as the shopper types",
    params(SuggestionParams),
    responses(
        (status = 200, description = "At most 8: departments, then brands, then products", body = dto::Suggestions),
        (status = 304, response = super::openapi::NotModified), (status = 400, response = super::openapi::BadRequest)
    )
)]
pub async fn list_search_suggestions(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
) -> Result<HttpResponse, ApiError> {
    let params = query_params(&req);
    let typed = words(search_text(&params)?);
    let asked = Answer::Suggestions(typed.clone().into_boxed_slice());
    let load = || async {
        let found = db.list_search_suggestions(typed).await?;
        Ok(Some(dto::Suggestions { suggestions: found.into_iter().map(dto::Suggestion::from).collect() }))
    };
    cache.answer(&req, asked, Thing::Product, load).await
}
