//! Parsed inputs and money: values that are valid by construction.
pub mod inputs;
pub mod money;

pub use money::Cents;
