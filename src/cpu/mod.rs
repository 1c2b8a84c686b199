//! Exact CPU references.
pub mod compact;
pub mod reduce;
