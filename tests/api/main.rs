//! One integration-test crate: every test starts the real app in-process on a fresh
//! temporary database (see `helpers::spawn_app`).
mod asvs;
mod back_office;
mod bad_input;
mod cart;
mod catalog;
mod concurrency;
mod crawlers;
mod database;
mod discovery;
mod engines;
mod faults;
mod favorites;
mod helpers;
mod openapi;
mod operations;
mod orders;
mod races;
mod replicas;
mod reviews;
mod seed;
mod server;
mod session;
mod spa;
mod storefront;
mod users;
mod xsrf;
