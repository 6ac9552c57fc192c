//! One integration-test crate: every test starts the real app in-process on a fresh
//! temporary database (see `helpers::spawn_app`).
mod catalog;
mod database;
mod helpers;
mod server;
mod session;
mod spa;
