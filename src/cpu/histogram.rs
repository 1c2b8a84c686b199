//! Exact CPU reference histograms (000 step 0 and 001's C++ loop): single thread and rayon.
use rayon::prelude::*;

/// What is binned: 000's sRGB luminance or 001's grey = (r + g + b) / 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Measure {
    Luminance,
    Grey,
}

impl Measure {
    /// The specialization-constant value the shaders use (`MEASURE_LUMINANCE`, `MEASURE_GREY`).
    pub fn spec(self) -> u32 {
        match self {
            Measure::Luminance => 0,
            Measure::Grey => 1,
        }
    }
}

/// The bin of one pixel, in exact integer arithmetic (DESIGN.md):
/// luminance: `min((2126 r + 7152 g + 722 b) * bins / 2550000, bins - 1)`;
/// grey: `(r + g + b) * (bins - 1) / 765`.
#[inline]
pub fn bin_of(measure: Measure, bins: u32, r: u8, g: u8, b: u8) -> u32 {
    let (r, g, b) = (r as u64, g as u64, b as u64);
    match measure {
        Measure::Luminance => (((2126 * r + 7152 * g + 722 * b) * bins as u64) / 2_550_000).min(bins as u64 - 1) as u32,
        Measure::Grey => ((r + g + b) * (bins as u64 - 1) / 765) as u32,
    }
}

/// Single-threaded reference over RGBA8 pixels.
pub fn histogram(pixels: &[u8], measure: Measure, bins: u32) -> Vec<u32> {
    let mut h = vec![0u32; bins as usize];
    for p in pixels.chunks_exact(4) {
        h[bin_of(measure, bins, p[0], p[1], p[2]) as usize] += 1;
    }
    h
}

/// Multi-threaded reference: per-thread histograms over chunks of rows, summed.
pub fn histogram_par(pixels: &[u8], measure: Measure, bins: u32) -> Vec<u32> {
    pixels
        .par_chunks(4 * 65536)
        .fold(
            || vec![0u32; bins as usize],
            |mut h, chunk| {
                for p in chunk.chunks_exact(4) {
                    h[bin_of(measure, bins, p[0], p[1], p[2]) as usize] += 1;
                }
                h
            },
        )
        .reduce(
            || vec![0u32; bins as usize],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn binning_edges() {
        assert_eq!(bin_of(Measure::Luminance, 256, 255, 255, 255), 255);
        assert_eq!(bin_of(Measure::Luminance, 256, 0, 0, 0), 0);
        assert_eq!(bin_of(Measure::Luminance, 1, 255, 255, 255), 0);
        assert_eq!(bin_of(Measure::Grey, 16, 255, 255, 255), 15);
        assert_eq!(bin_of(Measure::Grey, 1, 255, 255, 255), 0);
        assert_eq!(bin_of(Measure::Luminance, 1 << 22, 255, 255, 255), (1 << 22) - 1);
    }
}
