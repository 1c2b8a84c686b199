//! Exact CPU references.
pub mod blur;
pub mod compact;
pub mod gray;
pub mod histogram;
pub mod levels;
pub mod particles;
pub mod reduce;
pub mod scan;
pub mod sort;
