//! Exact CPU references.
pub mod histogram;
