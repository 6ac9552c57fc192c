//! The checkout's choices: the shipping methods a shopper may choose, and the quote,
//! the cart priced under a choice exactly as the order would be (docs/rules.md#checkout).

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{self, ObjectBody};
use super::openapi::{NotFound, WriteErrors};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::ShopperId;
use crate::domain::inputs::{QuoteInput, check};
use crate::domain::payments::Method;
use crate::domain::time::Timestamp;
use crate::error::ApiError;
use crate::payments::{Payments, StripeProvider};

#[api_operation(
    operation_id = "listShippingMethods",
    tag = "checkout",
    summary = "The shipping methods a shopper may choose, the default first",
    responses((status = 200, description = "The methods", body = dto::ShippingMethods))
)]
pub async fn list_shipping_methods(db: web::Data<Db>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(load_shipping_methods(&db).await?))
}

/// `GET /api/shipping-methods`'s answer.
pub async fn load_shipping_methods(db: &Db) -> Result<dto::ShippingMethods, ApiError> {
    let methods = db.list_shipping_methods().await?;
    Ok(dto::ShippingMethods {
        shipping_methods: methods.into_iter().map(dto::ShippingMethod::from).collect(),
    })
}

#[api_operation(
    operation_id = "listPaymentMethods",
    tag = "checkout",
    summary = "The ways to pay, the default (the stored RedCard, the only one with a discount) first",
    responses((status = 200, description = "The ways to pay", body = dto::PaymentMethods))
)]
pub async fn list_payment_methods(payments: web::Data<Payments>) -> HttpResponse {
    HttpResponse::Ok().json(payment_methods(&payments))
}

/// `GET /api/payment-methods`'s answer.
pub fn payment_methods(payments: &Payments) -> dto::PaymentMethods {
    let stripe = payments.stripe().map(StripeProvider::keys);
    dto::PaymentMethods {
        payment_methods: Method::ALL.into_iter().map(|m| dto::PaymentMethod::of(m, stripe)).collect(),
    }
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
    let mut input = input.into_inner().0;
    check(&input)?;
    if let Some(card) = input.take_card() {
        card.parse(Timestamp::now())?;
    }
    Ok(HttpResponse::Ok().json(load_quote(&db, user.id, input).await?))
}

/// `POST /api/checkout/quote`'s answer for `shopper` and a checked `input`.
pub async fn load_quote(
    db: &Db,
    shopper: ShopperId,
    input: QuoteInput,
) -> Result<dto::CheckoutQuote, ApiError> {
    Ok(dto::CheckoutQuote::from(db.quote_checkout(shopper, input.choice()).await?))
}
