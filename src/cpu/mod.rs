//! Exact CPU references.
pub mod blur;
