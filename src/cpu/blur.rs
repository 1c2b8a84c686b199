//! The box blur reference: exact integer arithmetic, the definition every GPU variant equals.
//!
//! * one pass of size `N`: `out = (sum of the N clamped neighbours + N/2) / N` (integer division,
//!   i.e. round half up), per channel including alpha;
//! * window: offsets `-(N-1)/2 ..= +N/2` (even `N`: the centre is the left/upper of the two
//!   middle texels);
//! * edges: coordinates clamp to the border (the edge texel repeats);
//! * one iteration: the horizontal pass, then the vertical pass on its rounded result.
use crate::ops::images::Rgba8;
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
}
