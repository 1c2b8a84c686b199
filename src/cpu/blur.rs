//! The box blur reference: exact integer arithmetic, the definition every GPU variant equals.
//!
//! * one pass of size `N`: `out = (sum of the N clamped neighbours + N/2) / N` (integer division,
//!   i.e. round half up), per channel including alpha;
//! * window: offsets `-(N-1)/2 ..= +N/2` (even `N`: the centre is the left/upper of the two
//!   middle texels);
//! * edges: coordinates clamp to the border (the edge texel repeats);
//! * one iteration: the horizontal pass, then the vertical pass on its rounded result.
use crate::ops::images::{Rgba16f, Rgba8};
use rayon::prelude::*;

/// Texels before and after the centre in a window of size `n`: `((n-1)/2, n/2)`.
pub fn window(n: u32) -> (u32, u32) {
    ((n - 1) / 2, n / 2)
}

/// One pass's rounding: `(sum + n/2) / n`.
#[inline]
pub fn round_div(sum: u32, n: u32) -> u32 {
    (sum + n / 2) / n
}

/// The horizontal pass of one row (running sum: O(1) per texel whatever `n`).
fn row_pass(src: &[u8], dst: &mut [u8], n: u32) {
    let w = src.len() / 4;
    let (before, after) = window(n);
    let at = |x: i64, c: usize| src[x.clamp(0, w as i64 - 1) as usize * 4 + c] as u32;
    for c in 0..4 {
        let mut s: u32 = (-(before as i64)..=after as i64).map(|k| at(k, c)).sum();
        for x in 0..w {
            dst[x * 4 + c] = round_div(s, n) as u8;
            let x = x as i64;
            s = s + at(x + 1 + after as i64, c) - at(x - before as i64, c);
        }
    }
}

/// The vertical pass for output rows `y0..y0 + band.len()/(4w)` of an image `h` rows high.
fn column_band(src: &[u8], band: &mut [u8], w: usize, h: usize, y0: usize, n: u32) {
    let (before, after) = window(n);
    let rows = band.len() / (w * 4);
    let row = |y: i64| y.clamp(0, h as i64 - 1) as usize * w * 4;
    let mut sums = vec![0u32; w * 4];
    for k in -(before as i64)..=after as i64 {
        let r = row(y0 as i64 + k);
        for (s, v) in sums.iter_mut().zip(&src[r..r + w * 4]) {
            *s += *v as u32;
        }
    }
    for i in 0..rows {
        let out = &mut band[i * w * 4..(i + 1) * w * 4];
        for (o, s) in out.iter_mut().zip(&sums) {
            *o = round_div(*s, n) as u8;
        }
        if i + 1 < rows {
            let y = (y0 + i) as i64;
            let add = row(y + 1 + after as i64);
            let sub = row(y - before as i64);
            for (j, s) in sums.iter_mut().enumerate() {
                *s = *s + src[add + j] as u32 - src[sub + j] as u32;
            }
        }
    }
}

fn check(filter: u32, iterations: u32) {
    assert!(filter >= 1, "filter size must be at least 1");
    assert!(iterations >= 1, "iterations must be at least 1");
}

/// The reference on one thread. Panics on `filter == 0` or `iterations == 0` (the ops layer
/// refuses those with a message before it gets here).
pub fn blur(img: &Rgba8, filter: u32, iterations: u32) -> Rgba8 {
    check(filter, iterations);
    let (w, h) = (img.width as usize, img.height as usize);
    let mut a = img.pixels.clone();
    let mut b = vec![0u8; a.len()];
    for _ in 0..iterations {
        for (s, d) in a.chunks_exact(w * 4).zip(b.chunks_exact_mut(w * 4)) {
            row_pass(s, d, filter);
        }
        column_band(&b, &mut a, w, h, 0, filter);
    }
    Rgba8 { width: img.width, height: img.height, pixels: a }
}

/// The same result on all cores (rows in parallel, then bands of rows in parallel).
pub fn blur_par(img: &Rgba8, filter: u32, iterations: u32) -> Rgba8 {
    check(filter, iterations);
    let (w, h) = (img.width as usize, img.height as usize);
    let mut a = img.pixels.clone();
    let mut b = vec![0u8; a.len()];
    const BAND: usize = 32;
    for _ in 0..iterations {
        a.par_chunks_exact(w * 4).zip(b.par_chunks_exact_mut(w * 4)).for_each(|(s, d)| row_pass(s, d, filter));
        a.par_chunks_mut(w * 4 * BAND).enumerate().for_each(|(i, band)| column_band(&b, band, w, h, i * BAND, filter));
    }
    Rgba8 { width: img.width, height: img.height, pixels: a }
}

// ---- The float blur (HDR targets): each pass writes the window's exact mean rounded to the
// nearest half, ties to even, so that it too is the same on every device.

/// A window's exact sum of halves: the finite ones in units of 2^-24 (a half is an integer
/// multiple of 2^-24 below 2^40, so the sum is exact), the non-finite ones counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HalfSum {
    /// The finite halves' sum, in units of 2^-24.
    pub units: i64,
    /// How many NaNs are in the window.
    pub nan: u32,
    /// How many +inf are in the window.
    pub pos_inf: u32,
    /// How many -inf are in the window.
    pub neg_inf: u32,
}

/// A finite half's magnitude in units of 2^-24.
fn half_magnitude(bits: u16) -> i64 {
    let (e, m) = ((bits >> 10) & 31, (bits & 1023) as i64);
    if e == 0 {
        m
    } else {
        (m | 1024) << (e - 1)
    }
}

impl HalfSum {
    /// Adds the half with these bits (one entering the window).
    pub fn add(&mut self, bits: u16) {
        self.step(bits, 1);
    }
    /// Takes away the half with these bits (one leaving the window; it must have been added).
    pub fn sub(&mut self, bits: u16) {
        self.step(bits, -1);
    }
    fn step(&mut self, bits: u16, k: i32) {
        let neg = bits & 0x8000 != 0;
        if (bits >> 10) & 31 == 31 {
            let count = if bits & 1023 != 0 {
                &mut self.nan
            } else if neg {
                &mut self.neg_inf
            } else {
                &mut self.pos_inf
            };
            *count = count.wrapping_add_signed(k);
            return;
        }
        let v = half_magnitude(bits);
        self.units += k as i64 * if neg { -v } else { v };
    }

    /// The mean of `n` halves: NaN where any is NaN or both infinities meet, else an infinity
    /// where there is one, else the exact mean rounded to the nearest half, ties to even (a
    /// negative mean that rounds to zero is -0).
    pub fn mean(&self, n: u32) -> u16 {
        if self.nan > 0 || (self.pos_inf > 0 && self.neg_inf > 0) {
            0x7E00
        } else if self.pos_inf > 0 {
            0x7C00
        } else if self.neg_inf > 0 {
            0xFC00
        } else {
            nearest_half(self.units, n)
        }
    }
}

/// The half nearest to `units / (n * 2^24)`, ties to even, found by exact integer comparisons
/// (an estimate, then the neighbours). Its magnitude must not exceed the largest half.
pub fn nearest_half(units: i64, n: u32) -> u16 {
    const MAX: u16 = 0x7BFF;
    let sign = if units < 0 { 0x8000 } else { 0 };
    let (s, n) = (units.unsigned_abs() as u128, n as u128);
    let u = |b: u16| half_magnitude(b) as u128;
    let mut b = half::f16::from_f64(s as f64 / n as f64 / 16_777_216.0).to_bits().min(MAX);
    while b < MAX && u(b + 1) * n <= s {
        b += 1;
    }
    while u(b) * n > s {
        b -= 1;
    }
    // u(b) * n <= s < u(b + 1) * n
    if u(b) * n == s || b == MAX {
        return sign | b;
    }
    let (twice, mid) = (2 * s, (u(b) + u(b + 1)) * n);
    let up = twice > mid || (twice == mid && b % 2 == 1);
    sign | (b + up as u16)
}

fn half_row_pass(src: &[[u16; 4]], dst: &mut [[u16; 4]], n: u32) {
    let w = src.len() as i64;
    let (before, after) = window(n);
    let at = |x: i64| src[x.clamp(0, w - 1) as usize];
    let mut sums = [HalfSum::default(); 4];
    for k in -(before as i64)..=after as i64 {
        for (s, v) in sums.iter_mut().zip(at(k)) {
            s.add(v);
        }
    }
    for (x, out) in dst.iter_mut().enumerate() {
        *out = std::array::from_fn(|c| sums[c].mean(n));
        let x = x as i64;
        let (enter, leave) = (at(x + 1 + after as i64), at(x - before as i64));
        for c in 0..4 {
            sums[c].add(enter[c]);
            sums[c].sub(leave[c]);
        }
    }
}

fn half_column_band(src: &[[u16; 4]], band: &mut [[u16; 4]], w: usize, h: usize, y0: usize, n: u32) {
    let (before, after) = window(n);
    let rows = band.len() / w;
    let row = |y: i64| y.clamp(0, h as i64 - 1) as usize * w;
    let mut sums = vec![[HalfSum::default(); 4]; w];
    for k in -(before as i64)..=after as i64 {
        let r = row(y0 as i64 + k);
        for (s, v) in sums.iter_mut().zip(&src[r..r + w]) {
            for c in 0..4 {
                s[c].add(v[c]);
            }
        }
    }
    for i in 0..rows {
        for (o, s) in band[i * w..(i + 1) * w].iter_mut().zip(&sums) {
            *o = std::array::from_fn(|c| s[c].mean(n));
        }
        if i + 1 < rows {
            let y = (y0 + i) as i64;
            let (add, sub) = (row(y + 1 + after as i64), row(y - before as i64));
            for (j, s) in sums.iter_mut().enumerate() {
                for c in 0..4 {
                    s[c].add(src[add + j][c]);
                    s[c].sub(src[sub + j][c]);
                }
            }
        }
    }
}

/// The float blur on all cores: the window, edges and passes of [`blur`], each pass writing the
/// exact mean of its window rounded to the nearest half ([`HalfSum::mean`]). Panics on
/// `filter == 0` or `iterations == 0`.
pub fn blur_half(img: &Rgba16f, filter: u32, iterations: u32) -> Rgba16f {
    check(filter, iterations);
    let (w, h) = (img.width as usize, img.height as usize);
    let mut a = img.texels.clone();
    let mut b = vec![[0u16; 4]; a.len()];
    const BAND: usize = 32;
    for _ in 0..iterations {
        a.par_chunks_exact(w).zip(b.par_chunks_exact_mut(w)).for_each(|(s, d)| half_row_pass(s, d, filter));
        a.par_chunks_mut(w * BAND).enumerate().for_each(|(i, band)| half_column_band(&b, band, w, h, i * BAND, filter));
    }
    Rgba16f { width: img.width, height: img.height, texels: a }
}

/// The fastest variant's division: `q = mulhi(v, ceil(2^32 / n))` equals `v / n` for every
/// numerator it meets (`v <= 255 n + n/2`), as its shader relies on.
pub fn mulhi_div(v: u32, n: u32) -> u32 {
    if n == 1 {
        return v;
    }
    let m = (u32::MAX / n).wrapping_add(1);
    ((v as u64 * m as u64) >> 32) as u32
}

/// The fastest variant's division of a word of two 16-bit lanes (`lo | hi << 16`, each
/// <= 255 n + n/2) by n, as in glsl/include/blur_lanes.glsl: the low lane by `mulhi_div`, the high
/// lane from `mulhi(word, m)`'s bits 16..31, where the low lane's share stays below bit 16.
pub fn lanes_div(word: u32, n: u32) -> u32 {
    if n == 1 {
        return word;
    }
    let m = (u32::MAX / n).wrapping_add(1) as u64;
    let high = ((word as u64 * m) >> 32) as u32 & 0xFFFF_0000;
    high | mulhi_div(word & 0xFFFF, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition written out literally: clamp, sum, round, twice.
    fn literal(img: &Rgba8, n: u32) -> Rgba8 {
        let (w, h) = (img.width as i64, img.height as i64);
        let (before, _) = window(n);
        let px = |p: &[u8], x: i64, y: i64, c: usize| p[((y.clamp(0, h - 1) * w + x.clamp(0, w - 1)) * 4) as usize + c] as u32;
        let mut hor = img.pixels.clone();
        for y in 0..h {
            for x in 0..w {
                for c in 0..4 {
                    let s: u32 = (0..n as i64).map(|f| px(&img.pixels, x - before as i64 + f, y, c)).sum();
                    hor[((y * w + x) * 4) as usize + c] = round_div(s, n) as u8;
                }
            }
        }
        let mut out = hor.clone();
        for y in 0..h {
            for x in 0..w {
                for c in 0..4 {
                    let s: u32 = (0..n as i64).map(|f| px(&hor, x, y - before as i64 + f, c)).sum();
                    out[((y * w + x) * 4) as usize + c] = round_div(s, n) as u8;
                }
            }
        }
        Rgba8 { width: img.width, height: img.height, pixels: out }
    }

    #[test]
    fn running_sums_equal_the_literal_definition() {
        let img = crate::ops::images::synthetic(23, 17, crate::ops::images::Synthetic::Random, 7).unwrap();
        for n in [1, 2, 3, 4, 5, 8, 15, 30, 40] {
            let want = literal(&img, n);
            assert_eq!(blur(&img, n, 1), want, "n = {n}");
            assert_eq!(blur_par(&img, n, 1), want, "n = {n} (parallel)");
        }
        let img = crate::ops::images::synthetic(1, 70, crate::ops::images::Synthetic::Random, 8).unwrap();
        assert_eq!(blur_par(&img, 6, 2), blur(&literal(&img, 6), 6, 1));
    }

    #[test]
    fn rounding_and_even_centre() {
        // One row 0, 0, 255, 0 with N = 2: the window is {x, x+1}.
        let img = Rgba8::new(4, 1, [0u8, 0, 255, 0].iter().flat_map(|&v| [v; 4]).collect()).unwrap();
        let out = blur(&img, 2, 1);
        let reds: Vec<u8> = out.pixels.chunks(4).map(|p| p[0]).collect();
        // (0+0+1)/2 = 0, (0+255+1)/2 = 128, (255+0+1)/2 = 128, (0+0+1)/2 = 0 (clamped edge)
        assert_eq!(reds, [0, 128, 128, 0]);
    }

    #[test]
    fn lanes_division_is_exact() {
        // For a fixed high lane the result only grows with the low lane, so its extremes (and a
        // middle value) cover every case.
        for n in 1..=256u32 {
            let top = 255 * n + n / 2;
            for hi in 0..=top {
                for lo in [0, top / 2, top] {
                    assert_eq!(lanes_div(lo | (hi << 16), n), (lo / n) | ((hi / n) << 16), "lo = {lo}, hi = {hi}, n = {n}");
                }
            }
        }
    }

    #[test]
    fn mulhi_division_is_exact() {
        for n in 1..=256u32 {
            for v in 0..=255 * n + n / 2 {
                assert_eq!(mulhi_div(v, n), v / n, "v = {v}, n = {n}");
            }
        }
    }
    /// The half nearest to `units / (n * 2^24)` by a scan over every finite half.
    fn nearest_by_scan(units: i64, n: u32) -> u16 {
        let (s, n) = (units.unsigned_abs() as i128, n as i128);
        let mut best = 0u16;
        for b in 0..0x7C00u16 {
            let (d, db) = ((2 * half_magnitude(b) as i128 * n - 2 * s).abs(), (2 * half_magnitude(best) as i128 * n - 2 * s).abs());
            if d < db || (d == db && b % 2 == 0) {
                best = b;
            }
        }
        best | if units < 0 { 0x8000 } else { 0 }
    }

    /// glsl/include/blur_sampled.glsl's `mean_value`, line for line: the float approximation
    /// of the mean rounded to half, corrected near a midpoint by the sign of 2S - N * 2M modulo
    /// 2^32. `fused`: the approximation's multiply and add as one fma, as a driver may compile it.
    fn shader_mean_half(units: i64, n: u32, fused: bool) -> u16 {
        let (mut sa, mut sb) = ((units >> 20) as i32, (units & 0xFFFFF) as i32);
        // The shader's sums arrive unnormalised: move up to 14 * 2^20 of A into B (the carry).
        let k = sa.clamp(0, 14);
        sa -= k;
        sb += k << 20;
        let scale = (2f64.powi(-24) / n as f64) as f32;
        let carry = sb >> 20;
        let (fa, fb) = ((sa + carry) as f32, (sb - (carry << 20)) as f32);
        let x = if fused { fa.mul_add(1048576.0, fb) } else { fa * 1048576.0 + fb } * scale;
        let ax = x.abs();
        let c = f32::from_bits((ax.to_bits() & 0x7F80_0000).max(0x3880_0000) + (13 << 23));
        let y = (ax + c) - c;
        let h = c * 5.960_464_5e-8;
        let off = ax - y;
        let near = (off.abs() - h).abs() <= c * 2.328_306_4e-10;
        let step = if off >= 0.0 { 2.0 * h } else { -2.0 * h };
        let m = y + 0.5 * step;
        let mb = m.to_bits();
        let ex = (mb >> 23) as i32 - 127 + 2;
        let sig = (mb & 0x7F_FFFF) | 0x80_0000;
        let twice_m = if ex >= 0 { sig.wrapping_shl(ex.min(31) as u32) } else { sig >> (-ex).min(31) };
        let mut s2 = ((sa as u32) << 20).wrapping_add(sb as u32) << 1;
        if x < 0.0 {
            s2 = 0u32.wrapping_sub(s2);
        }
        let d = s2.wrapping_sub(n.wrapping_mul(twice_m)) as i32;
        let other = y + step;
        let odd = (y * f32::from_bits((254 << 23) - (2.0 * h).to_bits())) as u32 & 1 != 0;
        let beyond = if off >= 0.0 { d > 0 } else { d < 0 };
        let r = if near && (beyond || (d == 0 && odd)) { other } else { y };
        half::f16::from_f32(if x < 0.0 { -r } else { r }).to_bits()
    }

    /// Sums to check the rounding on: random magnitudes over every octave, exact midpoints
    /// between neighbouring halves (ties), and their neighbours.
    fn rounding_cases(count: usize) -> Vec<(i64, u32)> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut cases = vec![(0, 1), (-1, 128), (1, 128), (64, 128), (-64, 128), (192, 128), (0x7BFF_i64 << 1, 1)];
        while cases.len() < count {
            let n = rng.gen_range(1..=128u32);
            let b = rng.gen_range(0..0x7BFFu16);
            let mid = (half_magnitude(b) + half_magnitude(b + 1)) * n as i64; // 2 * sum at the tie
            let sign = if rng.gen_bool(0.5) { -1 } else { 1 };
            let s = match rng.gen_range(0..4) {
                0 if mid % 2 == 0 => mid / 2,
                1 => mid / 2 + rng.gen_range(-2..=2),
                2 => rng.gen_range(0..=half_magnitude(0x7BFF) * n as i64),
                _ => {
                    let octave = rng.gen_range(0..40);
                    rng.gen_range(0..=1i64 << octave) * n as i64
                }
            };
            cases.push((sign * s.min(half_magnitude(0x7BFF) * n as i64), n));
        }
        cases
    }

    #[test]
    fn the_mean_rounds_to_the_nearest_half_ties_to_even() {
        for (units, n) in rounding_cases(400) {
            assert_eq!(nearest_half(units, n), nearest_by_scan(units, n), "units = {units}, n = {n}");
        }
        // Ties go to the even neighbour: the mean of 1 and 1 + 2^-10 is 1, of the next two the
        // upper one.
        let u = half_magnitude;
        assert_eq!(nearest_half(u(0x3C00) + u(0x3C01), 2), 0x3C00);
        assert_eq!(nearest_half(u(0x3C01) + u(0x3C02), 2), 0x3C02);
        assert_eq!(nearest_half(-(u(0x0001) + u(0x0002)), 2), 0x8002);
    }

    #[test]
    fn the_shader_rounding_equals_the_reference() {
        for (units, n) in rounding_cases(200_000) {
            for fused in [false, true] {
                assert_eq!(shader_mean_half(units, n, fused), nearest_half(units, n), "units = {units}, n = {n}, fused = {fused}");
            }
        }
    }

    #[test]
    fn half_sums_count_what_is_not_finite() {
        let mean = |v: &[u16]| {
            let mut s = HalfSum::default();
            v.iter().for_each(|&h| s.add(h));
            s.mean(v.len() as u32)
        };
        let (one, pinf, ninf, nan) = (0x3C00u16, 0x7C00u16, 0xFC00u16, 0x7E01u16);
        assert_eq!(mean(&[one, pinf]), 0x7C00);
        assert_eq!(mean(&[one, ninf, ninf]), 0xFC00);
        assert_eq!(mean(&[pinf, ninf]), 0x7E00);
        assert_eq!(mean(&[one, nan, one]), 0x7E00);
        assert_eq!(mean(&[0x8000, 0x8000]), 0x0000, "a zero sum is +0");
        assert_eq!(mean(&[0x8001, 0x0000, 0x0000, 0x0000]), 0x8000, "a tiny negative mean rounds to -0");
        let mut s = HalfSum::default();
        for h in [one, nan, pinf, 0x7BFF] {
            s.add(h);
        }
        for h in [nan, pinf] {
            s.sub(h);
        }
        assert_eq!(s.mean(2), nearest_half(half_magnitude(one) + half_magnitude(0x7BFF), 2));
    }

    #[test]
    fn the_float_blur_is_its_definition() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let (w, h) = (13usize, 9usize);
        let palette = [0x3C00u16, 0x3C01, 0x0001, 0x8001, 0x7BFF, 0xFBFF, 0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0x3555];
        let texels: Vec<[u16; 4]> = (0..w * h)
            .map(|i| {
                std::array::from_fn(
                    |c| if i % 7 == 0 || c == 3 { palette[rng.gen_range(0..palette.len())] } else { rng.gen_range(0..0x7C00) },
                )
            })
            .collect();
        let img = Rgba16f::new(w as u32, h as u32, texels).unwrap();
        for n in [1, 2, 3, 4, 7, 15] {
            // Literally: clamp, sum exactly, round; then the columns of the rounded rows.
            let (before, _) = window(n);
            let mean_at = |src: &[[u16; 4]], at: &dyn Fn(i64) -> usize, c: usize| {
                let mut s = HalfSum::default();
                (0..n as i64).for_each(|f| s.add(src[at(f - before as i64)][c]));
                s.mean(n)
            };
            let mut hor = img.texels.clone();
            for y in 0..h {
                for x in 0..w {
                    let at = |d: i64| y * w + (x as i64 + d).clamp(0, w as i64 - 1) as usize;
                    hor[y * w + x] = std::array::from_fn(|c| mean_at(&img.texels, &at, c));
                }
            }
            let mut want = hor.clone();
            for y in 0..h {
                for x in 0..w {
                    let at = |d: i64| (y as i64 + d).clamp(0, h as i64 - 1) as usize * w + x;
                    want[y * w + x] = std::array::from_fn(|c| mean_at(&hor, &at, c));
                }
            }
            assert_eq!(blur_half(&img, n, 1).texels, want, "n = {n}");
        }
    }
}
