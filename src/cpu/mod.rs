//! Exact CPU references.
pub mod blur;
pub mod histogram;
