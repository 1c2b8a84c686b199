//! Exact CPU references.
