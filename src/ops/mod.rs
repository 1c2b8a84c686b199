//! One module per algorithm: GPU variants, parameters, validation of input.
pub mod blur;
pub mod images;
pub mod layout;
