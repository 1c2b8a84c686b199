//! One module per algorithm: GPU variants, parameters, validation of input.
pub mod bandwidth;
pub mod blur;
pub mod compact;
pub mod gray;
pub mod histogram;
pub mod images;
pub mod layout;
pub mod numbers;
pub mod particles;
pub mod reduce;
pub mod sort;
