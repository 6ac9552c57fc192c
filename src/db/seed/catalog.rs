//! The catalog the binary embeds (`catalog.json`), as seeding and the generator read it.

use serde::Deserialize;

pub(super) const CATALOG: &str = include_str!("catalog.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Catalog {
    pub(super) departments: Vec<Department>,
    pub(super) products: Vec<Product>,
    pub(super) users: Vec<User>,
    pub(super) reviews: Vec<Review>,
}

#[derive(Deserialize)]
pub(super) struct Department {
    pub(super) id: i64,
    pub(super) name: String,
    pub(super) url: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Product {
    pub(super) id: i64,
    pub(super) department_id: i64,
    pub(super) name: String,
    pub(super) brand: String,
    pub(super) price_cents: i64,
    pub(super) description: String,
    pub(super) images: Vec<Image>,
}

#[derive(Deserialize)]
pub(super) struct Image {
    pub(super) url: String,
    pub(super) background: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct User {
    pub(super) id: i64,
    pub(super) first_name: String,
    pub(super) last_name: String,
    pub(super) username: String,
    pub(super) email: String,
    pub(super) avatar_url: String,
    /// argon2id PHC strings: the demo shopper's is of its published password, the
    /// others' of random passwords nobody kept.
    pub(super) password_hash: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Review {
    pub(super) id: i64,
    pub(super) user_id: i64,
    pub(super) product_id: i64,
    pub(super) rating: i64,
    pub(super) title: String,
    pub(super) description: String,
    pub(super) created_at: String,
}
