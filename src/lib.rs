pub mod api;
pub mod cli;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod spa;
pub mod startup;
