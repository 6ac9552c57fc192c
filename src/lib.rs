pub mod api;
pub mod auth;
pub mod catalog_index;
pub mod cli;
pub mod config;
pub mod crawlers;
pub mod data_dir;
pub mod db;
pub mod domain;
pub mod draining;
pub mod encoding;
pub mod error;
pub mod headers;
pub mod health;
pub mod logging;
pub mod mailer;
pub mod metrics;
pub mod payments;
pub mod seen_cookie;
pub mod spa;
pub mod staff;
pub mod startup;
pub mod storefront;

#[cfg(test)]
mod layering;

#[cfg(test)]
mod doc_links;

#[cfg(test)]
mod function_length;
