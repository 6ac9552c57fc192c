//! The checkout's choices: the shipping methods a shopper may choose, and the quote,
//! the cart priced under a choice exactly as the order would be (docs/rules.md#checkout).

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{self, ObjectBody};
use super::openapi::{NotFound, WriteErrors};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::inputs::{QuoteInput, check};
use crate::domain::payments::Method;
use crate::error::ApiError;
use crate::payments::{Payments, StripeProvider};

#[api_operation(
    operation_id = "listShippingMethods",
    tag = "checkout",
    summary = "The shipping methods a shopper may choose, the default first",
    responses((status = 200, description = "The methods", body = dto::ShippingMethods))
)]
pub async fn list_shipping_methods(db: web::Data<Db>) -> Result<HttpResponse, ApiError> {
    let methods = db.list_shipping_methods().await?;
    Ok(HttpResponse::Ok().json(dto::ShippingMethods {
        shipping_methods: methods.into_iter().map(dto::ShippingMethod::from).collect(),
    }))
}

#[api_operation(
    operation_id = "listPaymentMethods",
    tag = "checkout",
    summary = "The ways to pay, the default (the stored RedCard, the only one with a discount) first",
    responses((status = 200, description = "The ways to pay", body = dto::PaymentMethods))
)]
pub async fn list_payment_methods(payments: web::Data<Payments>) -> HttpResponse {
    let stripe = payments.stripe().map(StripeProvider::keys);
    HttpResponse::Ok().json(dto::PaymentMethods {
        payment_methods: Method::ALL.into_iter().map(|m| dto::PaymentMethod::of(m, stripe)).collect(),
    })
}

#[api_operation(
    operation_id = "quoteCheckout",
    tag = "checkout",
    summary = "Price the shopper's cart for an address, a shipping method, a promotion code and a way to pay (each optional); a refused code is a 400 that says why",
    request_body = QuoteInput,
    responses(
        (status = 200, description = "The figures an order would have now", body = dto::CheckoutQuote),
        WriteErrors, NotFound
    )
)]
pub async fn quote_checkout(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<ObjectBody<QuoteInput>>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner().0;
    check(&input)?;
    let checkout = db.quote_checkout(user.id, input.choice()).await?;
    Ok(HttpResponse::Ok().json(dto::CheckoutQuote::from(checkout)))
}
