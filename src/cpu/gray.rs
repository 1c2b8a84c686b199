//! The CPU reference of the grayscale conversion: grey = (299 r + 587 g + 114 b + 500) / 1000,
//! output (grey, grey, grey, a).
use crate::ops::images::Rgba8;
use rayon::prelude::*;

/// One rgba8 pixel in grey: r, g, b = `(299 r + 587 g + 114 b + 500) / 1000`, alpha kept.
pub fn gray_pixel(p: [u8; 4]) -> [u8; 4] {
    let y = ((299 * p[0] as u32 + 587 * p[1] as u32 + 114 * p[2] as u32 + 500) / 1000) as u8;
    [y, y, y, p[3]]
}

/// `img` in grey (multi-threaded).
pub fn gray(img: &Rgba8) -> Rgba8 {
    let mut out = img.pixels.clone();
    out.par_chunks_mut(4).for_each(|p| p.copy_from_slice(&gray_pixel([p[0], p[1], p[2], p[3]])));
    Rgba8 { width: img.width, height: img.height, pixels: out }
}
