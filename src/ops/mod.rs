//! One module per algorithm: GPU variants, parameters, validation of input.
pub mod compact;
pub mod images;
pub mod layout;
pub mod numbers;
pub mod reduce;
