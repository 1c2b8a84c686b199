//! One module per algorithm: GPU variants, parameters, validation of input.
pub mod histogram;
pub mod images;
pub mod layout;
