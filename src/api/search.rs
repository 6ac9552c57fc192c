//! Search and suggestions: public, read-only, kept per distinct query.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::answer_cache::{Answer, AnswerCache};
use super::catalog::{ListingParams, query_params, sorts};
use super::dto;
use super::openapi::{BadRequest, NotFound, NotModified};
use crate::db::Db;
use crate::domain::Thing;
use crate::domain::listing::{SearchQuery, search_query, search_text, words};
use crate::error::ApiError;

/// A search's own query parameters (docs/rules.md#discovery); its filters and pages are
/// a list's ([`ListingParams`]).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct SearchParams {
    /// The words to find, each also as the start of a longer word. Letter case,
    /// accents and punctuation aside.
    #[param(min_length = 1, max_length = 100)]
    q: String,
    /// Only this department's products.
    #[param(minimum = 1)]
    department: Option<i64>,
    #[param(schema_with = search_sorts)]
    sort: Option<String>,
}

fn search_sorts() -> utoipa::openapi::schema::Object {
    sorts(true)
}

#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct SuggestionParams {
    /// What the shopper has typed so far.
    #[param(min_length = 1, max_length = 100)]
    q: String,
}

#[api_operation(
    operation_id = "searchProducts",
    tag = "catalog",
    summary = "A page of the products matching some words",
    params(SearchParams, ListingParams),
    responses(
        (status = 200, description = "A page of the matching products, the total and the facets", body = dto::SearchResults,
            links(("Product" = (operation_id = "getProduct", parameters(("id" = "$response.body#/Products/0/id")))))),
        NotModified, BadRequest, NotFound
    )
)]
pub async fn search_products(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
) -> Result<HttpResponse, ApiError> {
    let query = search_query(&query_params(&req))?;
    let asked = Answer::Search(Box::new(query.clone()));
    cache.answer(&req, asked, Thing::Department, || load_search(&db, query)).await
}

pub(crate) async fn load_search(db: &Db, query: SearchQuery) -> Result<Option<dto::SearchResults>, ApiError> {
    Ok(Some(dto::SearchResults::from(db.search_products(query).await?)))
}

#[api_operation(
    operation_id = "listSearchSuggestions",
    tag = "catalog",
    summary = "Departments, brands and products to offer as the shopper types",
    params(SuggestionParams),
    responses(
        (status = 200, description = "At most 8: departments, then brands, then products", body = dto::Suggestions),
        NotModified, BadRequest
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
