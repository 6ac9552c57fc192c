//! The storefront's wire shapes: what each answer looks like in JSON, made from domain
//! values (docs/rules.md#api-conventions), and what the back office's shapes
//! (`api/admin/dto.rs`) share with them: money, moments, a product card, a picture. The
//! OpenAPI document, and through it the web client's types, are generated from these.

use serde::{Serialize, Serializer};
use utoipa::ToSchema;

use crate::config::StripeKeys;
use crate::domain::orders::OrderStatus;
use crate::domain::payments::Method;
use crate::domain::roles::Role;
use crate::domain::variants::ProductOption;
use crate::domain::{self, Cents, Timestamp};

/// Money goes out as a JSON number of dollars with at most two decimals (1999 →
/// 19.99): the shortest float that round-trips is exactly the decimal a shopper reads.
impl Serialize for Cents {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_dollars())
    }
}

impl utoipa::PartialSchema for Cents {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Number)
            .minimum(Some(0))
            .description(Some("US dollars, with at most two decimals"))
            .examples([serde_json::json!(19.99)])
            .into()
    }
}

impl ToSchema for Cents {}

/// Moments go out as ISO 8601 in UTC.
impl Serialize for Timestamp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_iso8601())
    }
}

impl utoipa::PartialSchema for Timestamp {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .format(Some(utoipa::openapi::schema::SchemaFormat::KnownFormat(
                utoipa::openapi::schema::KnownFormat::DateTime,
            )))
            .examples([serde_json::json!("2026-11-23T08:40:19.123Z")])
            .into()
    }
}

impl ToSchema for Timestamp {}

#[derive(Serialize, ToSchema)]
pub struct Department {
    pub id: i64,
    pub name: String,
    pub url: String,
}

impl From<domain::catalog::Department> for Department {
    fn from(d: domain::catalog::Department) -> Self {
        Department { id: d.id, name: d.name, url: d.picture_url }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Departments {
    #[serde(rename = "Departments")]
    pub departments: Vec<Department>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCard {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    #[schema(minimum = 0, maximum = 5)]
    pub avg_rating: f64,
    pub num_reviews: i64,
    /// Units left to sell. The storefront's lists tell them from 10 down (it says how
    /// many, and "Out of stock" at 0), and 11 for more than 10; the back office's
    /// dashboard, exactly.
    #[schema(minimum = 0)]
    pub stock: i64,
    /// The highest price one of its variants asks, when above `price`: the card says
    /// "from" `price`. `null` when every variant asks the same (or it has none).
    pub price_to: Option<Cents>,
    /// It is sold by variant: adding it to a cart needs a `variantId`, chosen on its page.
    pub has_options: bool,
}

impl ProductCard {
    /// The card as the public catalog tells it: its units only from `stock::LOW` down.
    fn told(self) -> Self {
        ProductCard { stock: domain::stock::as_told(self.stock), ..self }
    }
}

impl From<domain::catalog::ProductCard> for ProductCard {
    fn from(p: domain::catalog::ProductCard) -> Self {
        ProductCard {
            id: p.id.0,
            department_id: p.department_id,
            name: p.name,
            brand: p.brand,
            price: p.price,
            preview_image: p.preview_image,
            avg_rating: p.rating.average(),
            num_reviews: p.rating.count,
            stock: p.stock,
            price_to: p.price_to,
            has_options: p.has_options,
        }
    }
}

/// A department with one page of its products (docs/rules.md#discovery).
#[derive(Serialize, ToSchema)]
pub struct DepartmentWithProducts {
    pub id: i64,
    pub name: String,
    pub url: String,
    #[serde(rename = "Products")]
    pub products: Vec<ProductCard>,
    #[serde(flatten)]
    pub page: PageOf,
}

impl From<domain::listing::DepartmentProducts> for DepartmentWithProducts {
    fn from(d: domain::listing::DepartmentProducts) -> Self {
        let (products, page) = PageOf::split(d.listing);
        DepartmentWithProducts {
            id: d.department.id,
            name: d.department.name,
            url: d.department.picture_url,
            products,
            page,
        }
    }
}

/// One page of the products matching a search.
#[derive(Serialize, ToSchema)]
pub struct SearchResults {
    #[serde(rename = "Products")]
    pub products: Vec<ProductCard>,
    #[serde(flatten)]
    pub page: PageOf,
    /// When no word of the catalog starts with a word of `q` and a typing mistake was
    /// forgiven: the words read instead (`q=hedphones` gives `headphones`), whose
    /// products these are. Absent when `q` was read as typed.
    #[serde(rename = "didYouMean", skip_serializing_if = "Option::is_none")]
    pub did_you_mean: Option<String>,
}

impl From<domain::listing::Listing> for SearchResults {
    fn from(mut listing: domain::listing::Listing) -> Self {
        let did_you_mean = listing.did_you_mean.take();
        let (products, page) = PageOf::split(listing);
        SearchResults { products, page, did_you_mean }
    }
}

/// Where a page stands in its list, and what the list could be narrowed to.
#[derive(Serialize, ToSchema)]
pub struct PageOf {
    /// Every product that matches, on all pages.
    pub total: u64,
    /// This page, from 1.
    #[schema(minimum = 1)]
    pub page: u32,
    /// The number of pages: at least 1, even when nothing matches.
    #[schema(minimum = 1)]
    pub pages: u32,
    pub facets: Facets,
}

impl PageOf {
    fn split(l: domain::listing::Listing) -> (Vec<ProductCard>, PageOf) {
        let facets = Facets {
            brands: l
                .facets
                .brands
                .into_iter()
                .map(|b| BrandCount { name: b.name, count: b.count })
                .collect(),
            ratings: l
                .facets
                .ratings
                .into_iter()
                .map(|r| RatingCount { min: r.min, count: r.count })
                .collect(),
            prices: l
                .facets
                .prices
                .into_iter()
                .map(|p| PriceBand { min: p.min, max: p.max, count: p.count })
                .collect(),
            in_stock: l.facets.in_stock,
            options: l
                .facets
                .options
                .into_iter()
                .map(|o| OptionFacet {
                    name: o.name,
                    values: o
                        .values
                        .into_iter()
                        .map(|v| OptionValueCount { value: v.value, count: v.count })
                        .collect(),
                })
                .collect(),
        };
        let products = l.products.into_iter().map(|card| ProductCard::from(card).told()).collect();
        (products, PageOf { total: l.total, page: l.page, pages: l.pages, facets })
    }
}

/// What the list could be narrowed to next, each counted under every current filter
/// but its own.
#[derive(Serialize, ToSchema)]
pub struct Facets {
    /// The busiest brands first (at most 20), and every brand asked for.
    pub brands: Vec<BrandCount>,
    /// Products rated at least `min` stars, for each floor that has some.
    pub ratings: Vec<RatingCount>,
    /// Products priced from `min` to `max` dollars (inclusive), for each band that has some.
    pub prices: Vec<PriceBand>,
    /// Products with units left, under every other filter in force.
    #[serde(rename = "inStock")]
    pub in_stock: u64,
    /// The options the products are sold in (Size, Colour...), names and values in the
    /// order products list them; filter by one with `option=Name:Value`.
    pub options: Vec<OptionFacet>,
}

#[derive(Serialize, ToSchema)]
pub struct OptionFacet {
    pub name: String,
    pub values: Vec<OptionValueCount>,
}

#[derive(Serialize, ToSchema)]
pub struct OptionValueCount {
    pub value: String,
    pub count: u64,
}

#[derive(Serialize, ToSchema)]
pub struct BrandCount {
    pub name: String,
    pub count: u64,
}

#[derive(Serialize, ToSchema)]
pub struct RatingCount {
    #[schema(minimum = 1, maximum = 4)]
    pub min: u8,
    pub count: u64,
}

#[derive(Serialize, ToSchema)]
pub struct PriceBand {
    pub min: Cents,
    /// `null` for the open-ended top band.
    #[schema(value_type = Option<f64>)]
    pub max: Option<Cents>,
    pub count: u64,
}

/// Things to offer as the shopper types, at most 8.
#[derive(Serialize, ToSchema)]
pub struct Suggestions {
    #[serde(rename = "Suggestions")]
    pub suggestions: Vec<Suggestion>,
}

/// A department (links to its page), a brand (links to a search for it, filtered to
/// it) or a product (links to its page).
#[derive(Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Suggestion {
    Department {
        id: i64,
        name: String,
    },
    Brand {
        name: String,
        /// How many products carry it.
        count: u64,
    },
    #[serde(rename_all = "camelCase")]
    Product {
        id: i64,
        department_id: i64,
        name: String,
        brand: String,
        preview_image: String,
    },
}

impl From<domain::listing::Suggestion> for Suggestion {
    fn from(s: domain::listing::Suggestion) -> Self {
        match s {
            domain::listing::Suggestion::Department { id, name } => Suggestion::Department { id, name },
            domain::listing::Suggestion::Brand { name, count } => Suggestion::Brand { name, count },
            domain::listing::Suggestion::Product(p) => Suggestion::Product {
                id: p.id.0,
                department_id: p.department_id,
                name: p.name,
                brand: p.brand,
                preview_image: p.preview_image,
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct DepartmentRef {
    pub id: i64,
    pub name: String,
}

#[derive(Serialize, ToSchema)]
pub struct ProductImage {
    pub id: i64,
    pub url: String,
    /// The backdrop this view of the picture is shown on.
    pub background: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    pub description: String,
    #[schema(minimum = 0, maximum = 5)]
    pub avg_rating: f64,
    pub num_reviews: i64,
    /// Units left to sell (of all its variants, when it has them), told from 10 down;
    /// 11 stands for more than 10.
    #[schema(minimum = 0, maximum = 11)]
    pub stock: i64,
    /// The highest price a variant asks, when above `price`.
    pub price_to: Option<Cents>,
    #[serde(rename = "Department")]
    pub department: DepartmentRef,
    #[serde(rename = "ProductImages")]
    pub product_images: Vec<ProductImage>,
    /// Up to three options (Size, Colour...), each with its values in order; empty for
    /// a product sold as one thing.
    pub options: Vec<ProductOption>,
    /// Every combination sold; a cart line of this product names one (`variantId`).
    pub variants: Vec<Variant>,
}

/// One combination of a product's options that is sold.
#[derive(Serialize, ToSchema)]
pub struct Variant {
    pub id: i64,
    pub sku: String,
    /// A value of each option, by the option's name, in the options' order.
    #[schema(value_type = std::collections::HashMap<String, String>, example = json!({"Size": "M", "Colour": "Navy"}))]
    pub options: Chosen,
    /// What it costs: its own price, or the product's.
    pub price: Cents,
    /// Its units left, told from 10 down; 11 stands for more than 10.
    #[schema(minimum = 0, maximum = 11)]
    pub stock: i64,
    /// Its own picture (one of the product's), or `null`: the product's.
    pub image: Option<String>,
}

/// Option values by name, in the product's order of options.
pub struct Chosen(pub domain::variants::Chosen);

impl Serialize for Chosen {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// One option value of a cart or order line.
#[derive(Debug, Serialize, ToSchema)]
pub struct OptionValue {
    #[schema(example = "Size")]
    pub name: String,
    #[schema(example = "M")]
    pub value: String,
}

pub fn option_values(chosen: domain::variants::Chosen) -> Vec<OptionValue> {
    chosen.into_iter().map(|(name, value)| OptionValue { name, value }).collect()
}

impl From<domain::catalog::Product> for Product {
    fn from(p: domain::catalog::Product) -> Self {
        let card = p.card;
        Product {
            id: card.id.0,
            department_id: card.department_id,
            name: card.name,
            brand: card.brand,
            price: card.price,
            preview_image: card.preview_image,
            description: p.description,
            avg_rating: card.rating.average(),
            num_reviews: card.rating.count,
            stock: domain::stock::as_told(card.stock),
            price_to: card.price_to,
            department: DepartmentRef { id: card.department_id, name: p.department_name },
            product_images: p
                .images
                .into_iter()
                .map(|i| ProductImage { id: i.id, url: i.url, background: i.background })
                .collect(),
            variants: p
                .variants
                .into_iter()
                .map(|v| Variant {
                    id: v.id.0,
                    options: Chosen(domain::variants::chosen(&p.options, &v.values)),
                    sku: v.sku,
                    price: v.price.unwrap_or(card.price),
                    stock: domain::stock::as_told(v.stock),
                    image: v.image,
                })
                .collect(),
            options: p.options,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewAuthor {
    pub first_name: String,
    pub last_name: String,
    /// The author's avatar picture.
    pub url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewProduct {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub preview_image: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: i64,
    pub user_id: i64,
    pub product_id: i64,
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i64,
    pub title: String,
    pub description: String,
    pub created_at: Timestamp,
    #[serde(rename = "User")]
    pub user: ReviewAuthor,
    #[serde(rename = "Product")]
    pub product: ReviewProduct,
}

impl From<domain::reviews::Review> for Review {
    fn from(r: domain::reviews::Review) -> Self {
        Review {
            id: r.id.0,
            user_id: r.user_id.0,
            product_id: r.product.id.0,
            rating: r.rating,
            title: r.title,
            description: r.description,
            created_at: r.created_at,
            user: ReviewAuthor {
                first_name: r.author.first_name,
                last_name: r.author.last_name,
                url: r.author.avatar_url,
            },
            product: ReviewProduct {
                id: r.product.id.0,
                department_id: r.product.department_id,
                name: r.product.name,
                preview_image: r.product.preview_image,
            },
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Reviews {
    #[serde(rename = "Reviews")]
    pub reviews: Vec<Review>,
}

impl From<Vec<domain::reviews::Review>> for Reviews {
    fn from(reviews: Vec<domain::reviews::Review>) -> Self {
        Reviews { reviews: reviews.into_iter().map(Review::from).collect() }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub cart_id: i64,
    pub product_id: i64,
    pub department_id: i64,
    pub name: String,
    pub price: Cents,
    pub preview_image: String,
    /// The variant chosen; `null` for a product sold as one thing.
    pub variant_id: Option<i64>,
    /// The variant's option values, in the product's order.
    pub options: Vec<OptionValue>,
    /// The choice is no longer sold (the product's options changed): checkout refuses
    /// the line until it is removed.
    pub variant_gone: bool,
}

impl From<domain::cart::CartLine> for CartLine {
    fn from(l: domain::cart::CartLine) -> Self {
        CartLine {
            cart_id: l.cart_id.0,
            product_id: l.product_id.0,
            department_id: l.department_id,
            name: l.name,
            price: l.price,
            preview_image: l.preview_image,
            variant_id: l.variant_id.map(|id| id.0),
            options: option_values(l.options),
            variant_gone: l.variant_gone,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Cart {
    #[serde(rename = "Products")]
    pub products: Vec<CartLine>,
    pub subtotal: Cents,
    /// The RedCard 5% discount.
    pub discount: Cents,
    /// What an order of this cart would cost now: send it back to place the order.
    pub total: Cents,
}

impl From<domain::cart::Cart> for Cart {
    fn from(c: domain::cart::Cart) -> Self {
        Cart {
            products: c.lines.into_iter().map(CartLine::from).collect(),
            subtotal: c.quote.subtotal,
            discount: c.quote.discount,
            total: c.quote.total,
        }
    }
}

/// A favorite as the favorites list shows it: a product card whose `id` repeats
/// `favoriteId`, as the list has always shown it, and whose product is `productId`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Favorite {
    pub id: i64,
    pub favorite_id: i64,
    pub product_id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    #[schema(minimum = 0, maximum = 5)]
    pub avg_rating: f64,
    pub num_reviews: i64,
    /// As a card's: the highest price a variant asks, when above `price`.
    pub price_to: Option<Cents>,
    /// As a card's: it is sold by variant.
    pub has_options: bool,
    /// The variant chosen when it was favorited, while it is sold; `null` otherwise.
    pub variant_id: Option<i64>,
    /// That variant's option values, in the product's order.
    pub options: Vec<OptionValue>,
}

impl From<domain::favorites::Favorite> for Favorite {
    fn from(f: domain::favorites::Favorite) -> Self {
        let card = ProductCard::from(f.product);
        Favorite {
            id: f.id,
            favorite_id: f.id,
            product_id: card.id,
            department_id: card.department_id,
            name: card.name,
            brand: card.brand,
            price: card.price,
            preview_image: card.preview_image,
            avg_rating: card.avg_rating,
            num_reviews: card.num_reviews,
            price_to: card.price_to,
            has_options: card.has_options,
            variant_id: f.variant_id.map(|id| id.0),
            options: option_values(f.options),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Favorites {
    #[serde(rename = "Products")]
    pub products: Vec<Favorite>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    /// The product's id.
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    /// The price paid, as it was when the order was placed.
    pub price: Cents,
    pub preview_image: String,
    /// The variant ordered; `null` for a product sold as one thing.
    pub variant_id: Option<i64>,
    /// Its option values as they were when the order was placed.
    pub options: Vec<OptionValue>,
    /// The line's own id (a line is one unit): what a refund's `restock` names.
    pub line_id: i64,
    /// Its unit went back to stock (a refund put it back, or the order was cancelled).
    pub restocked: bool,
}

/// A refund of an order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    pub id: i64,
    pub amount: Cents,
    pub reason: String,
    pub created_at: Timestamp,
    /// The staff member who gave it; `null` when the store gave it itself (an order
    /// cancelled while its payment was being taken).
    pub by: Option<String>,
}

impl From<domain::payments::Refund> for Refund {
    fn from(r: domain::payments::Refund) -> Self {
        Refund { id: r.id, amount: r.amount, reason: r.reason, created_at: r.created_at, by: r.by }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: i64,
    pub user_id: i64,
    pub subtotal: Cents,
    /// Every discount: the promotion code's and the RedCard's (`discounts` lists them).
    pub discount: Cents,
    pub discounts: Vec<DiscountLine>,
    pub shipping: Cents,
    pub tax: Cents,
    pub total: Cents,
    /// A copy of the address the order ships to, as it was when it was placed.
    pub address: AddressBody,
    pub shipping_method: OrderShipping,
    pub promotion_code: Option<String>,
    pub status: OrderStatus,
    pub created_at: Timestamp,
    /// When the status last changed (when the order was placed, until it moves).
    pub status_changed_at: Timestamp,
    pub payment: OrderPayment,
    /// Oldest first.
    pub refunds: Vec<Refund>,
    #[serde(rename = "Products")]
    pub products: Vec<OrderLine>,
}

impl From<domain::orders::Order> for Order {
    fn from(o: domain::orders::Order) -> Self {
        let shipment = o.shipment;
        Order {
            id: o.id.0,
            user_id: o.user_id.0,
            subtotal: o.quote.subtotal,
            discount: o.quote.discount,
            discounts: discount_lines(&o.quote, shipment.promotion_code.as_deref(), o.payment.method),
            shipping: o.quote.shipping,
            tax: o.quote.tax,
            total: o.quote.total,
            address: AddressBody::from(shipment.ship_to),
            shipping_method: OrderShipping {
                id: shipment.method_id,
                name: shipment.method_name,
                days: shipment.days,
            },
            promotion_code: shipment.promotion_code,
            status: o.status,
            created_at: o.created_at,
            status_changed_at: o.status_changed_at,
            payment: OrderPayment::from(o.payment),
            refunds: o.refunds.into_iter().map(Refund::from).collect(),
            products: o
                .lines
                .into_iter()
                .map(|l| OrderLine {
                    id: l.product_id.0,
                    department_id: l.department_id,
                    name: l.name,
                    price: l.price,
                    preview_image: l.preview_image,
                    variant_id: l.variant_id.map(|id| id.0),
                    options: option_values(l.options),
                    line_id: l.line_id,
                    restocked: l.restocked,
                })
                .collect(),
        }
    }
}

/// One line of an order's or a quote's discounts.
#[derive(Debug, Serialize, ToSchema)]
pub struct DiscountLine {
    /// `Promotion SPRING10`, `RedCard 5% Discount`.
    pub label: String,
    pub amount: Cents,
}

/// The discounts of `quote`: the code's (when one was applied), then the RedCard's.
pub fn discount_lines(
    quote: &domain::pricing::Quote,
    code: Option<&str>,
    paid_by: Method,
) -> Vec<DiscountLine> {
    let mut lines = Vec::new();
    if let Some(code) = code {
        lines.push(DiscountLine { label: domain::checkout::promotion_label(code), amount: quote.promotion });
    }
    if paid_by == Method::RedCard {
        lines.push(DiscountLine { label: domain::checkout::CARD_LABEL.into(), amount: quote.card() });
    }
    lines
}

/// A way to pay the checkout offers.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    pub id: Method,
    pub label: &'static str,
    /// The percent it takes off (only the RedCard: 5); absent for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discount_percent: Option<i64>,
    /// For `card` when Stripe takes the cards: the card is typed into Stripe's element,
    /// started with these. Absent: the card is typed into the store's own form (the
    /// offline `test` provider).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stripe: Option<StripeSettings>,
}

/// What the checkout's card element needs when Stripe takes the cards.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StripeSettings {
    /// The publishable key Stripe.js is started with.
    pub publishable_key: String,
    /// Where Stripe.js loads from.
    pub js_url: String,
}

impl PaymentMethod {
    /// Method `m`, paid through Stripe's card element when `stripe` is given.
    pub fn of(m: Method, stripe: Option<&StripeKeys>) -> Self {
        let stripe = stripe.filter(|_| m == Method::Card).map(|keys| StripeSettings {
            publishable_key: keys.publishable_key.clone(),
            js_url: keys.js_url.clone(),
        });
        PaymentMethod { id: m, label: m.label(), discount_percent: m.discount_percent(), stripe }
    }
}

/// A PaymentIntent made for the shopper's checkout, for the browser to confirm with
/// Stripe.js.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StripeIntent {
    pub payment_intent_id: String,
    /// What Stripe.js confirms the intent with; never logged.
    pub client_secret: String,
    /// What it holds: the cart's total, in dollars.
    pub amount: Cents,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentMethods {
    #[serde(rename = "PaymentMethods")]
    pub payment_methods: Vec<PaymentMethod>,
}

/// How an order was paid and where its money stands.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPayment {
    pub method: Method,
    /// `RedCard`, `Visa`, `Mastercard`…
    pub brand: String,
    pub last4: String,
    pub status: domain::payments::PaymentStatus,
    /// Refunded so far (refunds on their way to the provider included).
    pub refunded: Cents,
    /// What may still be refunded: what was taken less what was refunded.
    pub refundable: Cents,
}

impl From<domain::payments::Payment> for OrderPayment {
    fn from(p: domain::payments::Payment) -> Self {
        let status = p.status();
        let (refunded, refundable) = (p.refunded, p.refundable());
        OrderPayment { method: p.method, brand: p.brand, last4: p.last4, status, refunded, refundable }
    }
}

/// Where an order ships: an address's fields.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressBody {
    pub name: String,
    pub line1: String,
    /// Empty when there is none.
    pub line2: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    /// Empty when there is none.
    pub phone: String,
}

impl From<domain::ship_to::ShipTo> for AddressBody {
    fn from(a: domain::ship_to::ShipTo) -> Self {
        AddressBody {
            name: a.name,
            line1: a.line1,
            line2: a.line2,
            city: a.city,
            state: a.state,
            postal_code: a.postal_code,
            country: a.country,
            phone: a.phone,
        }
    }
}

/// An address of the shopper's address book.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub id: i64,
    #[serde(flatten)]
    pub fields: AddressBody,
    /// The address a checkout uses unless the shopper picks another; exactly one is.
    pub is_default: bool,
}

impl From<domain::addresses::Address> for Address {
    fn from(a: domain::addresses::Address) -> Self {
        Address { id: a.id, fields: AddressBody::from(a.fields), is_default: a.is_default }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Addresses {
    #[serde(rename = "Addresses")]
    pub addresses: Vec<Address>,
}

/// The shipping method an order chose, as it was then.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderShipping {
    /// `null` for orders placed before the store had methods.
    pub id: Option<i64>,
    pub name: String,
    /// Business days: `3-5`.
    pub days: String,
}

/// A shipping method a shopper may choose.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingMethod {
    pub id: i64,
    pub name: String,
    pub price: Cents,
    /// From this subtotal on the method is free; `null` when it never is.
    pub free_over: Option<Cents>,
    /// Business days: `3-5`.
    pub days: String,
    pub is_default: bool,
}

impl From<domain::checkout::ShippingMethod> for ShippingMethod {
    fn from(m: domain::checkout::ShippingMethod) -> Self {
        ShippingMethod {
            id: m.id,
            name: m.name,
            price: m.price,
            free_over: m.free_over,
            days: m.days,
            is_default: m.is_default,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ShippingMethods {
    #[serde(rename = "ShippingMethods")]
    pub shipping_methods: Vec<ShippingMethod>,
}

/// The shopper's cart priced under their choices, exactly as an order would be now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutQuote {
    pub lines: Vec<CartLine>,
    pub subtotal: Cents,
    pub discounts: Vec<DiscountLine>,
    pub shipping: Cents,
    /// Tax at the address's region rate on the discounted goods.
    pub tax: Cents,
    /// The region's rate, a percent: `8.25`.
    #[schema(value_type = f64)]
    pub tax_rate: f64,
    /// What an order would cost now: send it back as the order's `total`.
    pub total: Cents,
    /// The address book's address used; `null` for the store's fixed address.
    pub address_id: Option<i64>,
    pub address: AddressBody,
    pub shipping_method: ShippingMethod,
    /// The code applied, in capitals; `null` for none.
    pub promotion_code: Option<String>,
    /// How it is paid: only the RedCard's 5% is among the discounts.
    pub payment_method: Method,
}

impl From<crate::db::checkout::Checkout> for CheckoutQuote {
    fn from(c: crate::db::checkout::Checkout) -> Self {
        let code = c.promotion.map(|p| p.code);
        CheckoutQuote {
            lines: c.lines.into_iter().map(CartLine::from).collect(),
            subtotal: c.quote.subtotal,
            discounts: discount_lines(&c.quote, code.as_deref(), c.payment),
            shipping: c.quote.shipping,
            tax: c.quote.tax,
            tax_rate: c.tax_rate.as_percent(),
            total: c.quote.total,
            address_id: c.address_id,
            address: AddressBody::from(c.ship_to),
            shipping_method: ShippingMethod::from(c.method),
            promotion_code: code,
            payment_method: c.payment,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Orders {
    #[serde(rename = "Orders")]
    pub orders: Vec<Order>,
}

/// The session user: who is signed in.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub email: String,
    pub created_at: Timestamp,
    /// `shopper` for everyone but the store's staff, whose role opens the back office.
    pub role: Role,
    /// A public demo's shopper only (`market serve --demo`): when this account ends,
    /// with everything it made, unless the visitor comes back first (each visit moves
    /// it a whole `--demo-ttl` on).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo_ends_at: Option<Timestamp>,
}

impl From<domain::users::User> for User {
    fn from(u: domain::users::User) -> Self {
        User {
            id: u.id.0,
            first_name: u.first_name,
            last_name: u.last_name,
            username: u.username,
            email: u.email,
            created_at: u.created_at,
            role: u.role,
            demo_ends_at: u.demo_ends_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SessionUser {
    /// `null` when nobody is signed in.
    #[schema(required = true)]
    pub user: Option<User>,
    /// Only in a public demo (`market serve --demo`), and only in `GET /api/session`:
    /// what the store tells its visitors about it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demo: Option<PublicDemo>,
}

impl SessionUser {
    pub fn of(user: impl Into<User>) -> SessionUser {
        SessionUser { user: Some(user.into()), demo: None }
    }
}

/// A public demo, as the sign-in page and the account menu describe it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicDemo {
    /// How long after its last request a demo shopper ends, in minutes.
    pub ends_after_minutes: u64,
    /// The back office's look-only login, for anyone to try.
    pub viewer: DemoLogin,
}

#[derive(Serialize, ToSchema)]
pub struct DemoLogin {
    #[schema(value_type = String)]
    pub username: &'static str,
    #[schema(value_type = String)]
    pub password: &'static str,
}

/// A bare acknowledgement.
#[derive(Serialize, ToSchema)]
pub struct Message {
    #[schema(value_type = String)]
    pub message: &'static str,
}

/// What every delete answers (docs/rules.md#api-conventions).
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    #[schema(value_type = String)]
    pub message: &'static str,
    pub id: i64,
}

impl Deleted {
    pub fn new(id: i64) -> Self {
        Deleted { message: "Successfully deleted", id }
    }
}

/// A request body that must be a JSON object. serde also reads a struct from an array
/// of its fields in order (`[null, null]` for a body of optional fields), which the
/// contract does not allow: the body is read as an object first, then as `T`.
pub struct ObjectBody<T>(pub T);

impl<'de, T: serde::de::DeserializeOwned> serde::Deserialize<'de> for ObjectBody<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let object = serde_json::Map::<String, serde_json::Value>::deserialize(d)?;
        T::deserialize(serde_json::Value::Object(object)).map(ObjectBody).map_err(serde::de::Error::custom)
    }
}
