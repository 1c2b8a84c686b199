//! Exact CPU reference histograms (000 step 0 and 001's C++ loop): single thread and rayon.
use rayon::prelude::*;

/// What is binned: 000's sRGB luminance, 001's grey = (r + g + b) / 3, or (ours, for exposure)
/// the luminance of linear colours in octaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// 000's luminance of the 8-bit codes, in exact integers ([`bin_of`]).
    Luminance,
    /// 001's grey, `(r + g + b) / 3` ([`bin_of`]).
    Grey,
    /// `L = 0.2126 R + 0.7152 G + 0.0722 B` in f32 (R = r / 255 for 8-bit codes; float images
    /// give R, G, B themselves), binned by octaves of L (`log_luminance_bin`).
    LogLuminance(LogRange),
}

impl Measure {
    /// The specialization-constant value the shaders use (`MEASURE_LUMINANCE`, ...).
    pub fn spec(self) -> u32 {
        match self {
            Measure::Luminance => 0,
            Measure::Grey => 1,
            Measure::LogLuminance(_) => 2,
        }
    }
}

/// The octaves a log-luminance histogram covers: `2^min <= L < 2^max`, split into
/// `bins / (max - min)` bins an octave (a power of two), each bin a run of f32 bit patterns.
/// Bin 0 also takes everything below 2^min (black, negatives, NaN), the last bin everything from
/// 2^max on (+inf).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LogRange {
    /// The lower edge's exponent: bin 0 starts at 2^min.
    pub min: i32,
    /// The upper edge's exponent: the last bin takes everything from 2^max on.
    pub max: i32,
}

impl Default for LogRange {
    /// 2^-16 to 2^16: the darkest 8-bit colour (0.0722 / 255, about 2^-11.8) and bright HDR.
    fn default() -> Self {
        LogRange { min: -16, max: 16 }
    }
}

impl LogRange {
    /// The limits on `min` and `max`: edges from 2^-64 on, so that no flushed denormal can move
    /// L across one, and up to 2^64.
    pub const LIMITS: (i32, i32) = (-64, 64);

    /// Octaves covered, `max - min` (at least 1).
    pub fn octaves(self) -> u32 {
        (self.max - self.min).max(1) as u32
    }
    /// The bits of 2^min, the first bin's lower edge.
    pub fn lo_bits(self) -> u32 {
        ((self.min.clamp(Self::LIMITS.0, Self::LIMITS.1) + 127) as u32) << 23
    }
    /// How far the bits of L are shifted: the top log2(bins an octave) mantissa bits stay.
    pub fn shift(self, bins: u32) -> u32 {
        23u32.saturating_sub((bins / self.octaves()).max(1).ilog2())
    }
}

/// The f32 coefficients of L (`glsl/include/histogram_bin.glsl` writes them by their bits).
pub const LUMA: [f32; 3] = [0.2126, 0.7152, 0.0722];
/// 8-bit codes become R = r * (1 / 255) (one correctly rounded product, as on the GPU).
pub const INV_255: f32 = 1.0 / 255.0;

/// L of a linear colour, with the GPU's roundings: two products, then two sums, left to right.
#[inline]
pub fn log_luminance(r: f32, g: f32, b: f32) -> f32 {
    LUMA[0] * r + LUMA[1] * g + LUMA[2] * b
}

/// The log-luminance bin of a linear colour (see `LogRange`).
#[inline]
pub fn log_luminance_bin(range: LogRange, bins: u32, r: f32, g: f32, b: f32) -> u32 {
    log_bin(range, bins, log_luminance(r, g, b))
}

/// The bin of a luminance `lum` (see `LogRange`).
#[inline]
pub fn log_bin(range: LogRange, bins: u32, lum: f32) -> u32 {
    let lo = range.lo_bits();
    // NaN is not >= anything: it lands in bin 0 here, as on the GPU.
    if lum.is_nan() || lum < f32::from_bits(lo) {
        return 0;
    }
    let bits = lum.to_bits() as u64;
    let hi = lo as u64 + ((bins as u64) << range.shift(bins));
    if bits >= hi {
        return bins - 1;
    }
    (((bits - lo as u64) >> range.shift(bins)) as u32).min(bins - 1)
}

/// The bin of one pixel, in exact integer arithmetic (DESIGN.md):
/// luminance: `min((2126 r + 7152 g + 722 b) * bins / 2550000, bins - 1)`;
/// grey: `(r + g + b) * (bins - 1) / 765`; log-luminance: `log_luminance_bin` of `r / 255`, ...
#[inline]
pub fn bin_of(measure: Measure, bins: u32, r: u8, g: u8, b: u8) -> u32 {
    if let Measure::LogLuminance(range) = measure {
        let f = |c: u8| c as f32 * INV_255;
        return log_luminance_bin(range, bins, f(r), f(g), f(b));
    }
    let (r, g, b) = (r as u64, g as u64, b as u64);
    match measure {
        Measure::Luminance => (((2126 * r + 7152 * g + 722 * b) * bins as u64) / 2_550_000).min(bins as u64 - 1) as u32,
        Measure::Grey => ((r + g + b) * (bins as u64 - 1) / 765) as u32,
        Measure::LogLuminance(_) => unreachable!("handled above"),
    }
}

/// Single-threaded reference over RGBA8 pixels.
pub fn histogram(pixels: &[u8], measure: Measure, bins: u32) -> Vec<u32> {
    if bins == 0 {
        return Vec::new(); // no bin to count into (the GPU ops refuse it: `validate`)
    }
    let mut h = vec![0u32; bins as usize];
    for p in pixels.chunks_exact(4) {
        h[bin_of(measure, bins, p[0], p[1], p[2]) as usize] += 1;
    }
    h
}

/// Multi-threaded reference: per-thread histograms over chunks of rows, summed.
pub fn histogram_par(pixels: &[u8], measure: Measure, bins: u32) -> Vec<u32> {
    if bins == 0 {
        return Vec::new();
    }
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

    /// Zero bins is no histogram (it indexed an empty vector: a panic in a library call).
    #[test]
    fn zero_bins_count_nothing() {
        assert!(histogram(&[1, 2, 3, 255], Measure::Luminance, 0).is_empty());
        assert!(histogram_par(&[1, 2, 3, 255], Measure::Grey, 0).is_empty());
    }

    #[test]
    fn binning_edges() {
        assert_eq!(bin_of(Measure::Luminance, 256, 255, 255, 255), 255);
        assert_eq!(bin_of(Measure::Luminance, 256, 0, 0, 0), 0);
        assert_eq!(bin_of(Measure::Luminance, 1, 255, 255, 255), 0);
        assert_eq!(bin_of(Measure::Grey, 16, 255, 255, 255), 15);
        assert_eq!(bin_of(Measure::Grey, 1, 255, 255, 255), 0);
        assert_eq!(bin_of(Measure::Luminance, 1 << 22, 255, 255, 255), (1 << 22) - 1);
    }

    #[test]
    fn log_luminance_edges() {
        let r = LogRange::default();
        let bin = |l: f32| log_luminance_bin(r, 256, l, l, l);
        // L = l (the coefficients sum to 1 within rounding); 8 bins an octave from 2^-16.
        assert_eq!(bin(0.0), 0);
        assert_eq!(bin(-1.0), 0);
        assert_eq!(bin(f32::NAN), 0);
        assert_eq!(bin(f32::INFINITY), 255);
        assert_eq!(bin(1e30), 255);
        // 0.2126 = 2^-3 x 1.7008: octave -3 (bins 104..112), mantissa's top three bits 5.
        assert_eq!(log_luminance_bin(r, 256, 1.0, 0.0, 0.0), 109);
        // The edges themselves: L = 2^k exactly (r = g = b = 2^k gives L = 2^k rounded).
        let at = |k: i32| log_luminance_bin(r, 256, 0.0, (2f32).powi(k) / LUMA[1], 0.0);
        assert_eq!(at(-16), 0);
        assert_eq!(at(0), 128);
        assert_eq!(at(15), 248);
        assert_eq!(at(16), 255);
        // The GLSL writes the coefficients by their bits.
        assert_eq!(LUMA.map(f32::to_bits), [0x3E59B3D0, 0x3F371759, 0x3D93DD98]);
        assert_eq!(INV_255.to_bits(), 0x3B808081);
        assert_eq!(LogRange::default().lo_bits(), 0x3780_0000);
        assert_eq!(LogRange::default().shift(256), 20);
    }
}
