//! One module per algorithm: GPU variants, parameters, validation of input.
pub mod images;
pub mod layout;
