//! The sRGB code table: the stored 8-bit code of a value that a format unit decoded from sRGB,
//! by one lookup. The kernels that read sRGB images bind it (`srgb_lut_buffer`) and copy it to
//! shared memory (`glsl/include/sampled_codes.glsl`).

/// The sRGB code table of `glsl/include/sampled_codes.glsl`: the stored 8-bit code of a value
/// that the format unit decoded from sRGB, by one lookup instead of encoding it again (with `pow`,
/// the histogram of an sRGB image ran at 0.59x the UNORM rate on an H200). The values 2^-13 to 1 fall in 13
/// binades of 128 buckets each, a bucket being the floats that share their top 16 bits (and one
/// more for 1.0): `index = (bits >> 16) - SRGB_LUT_BASE`, clamped to the table. Codes change at
/// the midpoints between neighbouring codes' exact values, and no bucket holds two of those
/// midpoints (adjacent codes are at least 0.9% apart, a bucket at most 0.78% wide), so an entry
/// is the bucket's lowest code (bits 17..24) and, where a midpoint falls in the bucket, its low
/// 16 bits (bits 0..16; 0x10000: none): `code = (e >> 17) + ((bits & 0xFFFF) >= (e & 0x1FFFF))`.
/// Values below 2^-13 are code 0 (code 1 decodes to 3.0e-4), and above 1 code 255. A decoder
/// that errs by less than half the way to a neighbouring code gets every code back exactly.
pub fn srgb_code_lut() -> Vec<u32> {
    let exact = |c: u32| {
        let v = c as f64 / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    // The first float of code c (1..=255): the least f32 at or above the midpoint.
    let first: Vec<u32> = (1..256)
        .map(|c| {
            let m = (exact(c - 1) + exact(c)) / 2.0;
            let f = m as f32;
            if (f as f64) < m {
                f.to_bits() + 1
            } else {
                f.to_bits()
            }
        })
        .collect();
    (0..SRGB_LUT_WORDS as u32)
        .map(|i| {
            let start = (SRGB_LUT_BASE + i) << 16;
            let lowest = first.iter().filter(|&&t| t <= start).count() as u32;
            let inside: Vec<u32> = first.iter().filter(|&&t| t > start && t < start + 0x10000).map(|&t| t - start).collect();
            assert!(inside.len() <= 1, "bucket {i} holds {} code changes", inside.len());
            lowest << 17 | inside.first().copied().unwrap_or(0x10000)
        })
        .collect()
}

/// `floatBitsToUint(2^-13) >> 16`: the first bucket of [`srgb_code_lut`].
pub const SRGB_LUT_BASE: u32 = (127 - 13) << 7;
/// The entries of [`srgb_code_lut`]: 13 binades of 128 buckets, and 1.0.
pub const SRGB_LUT_WORDS: usize = 13 * 128 + 1;

/// The shader's lookup in [`srgb_code_lut`], on the CPU.
pub fn srgb_code_of(lut: &[u32], linear: f32) -> u8 {
    let b = linear.max(0.0).to_bits();
    let i = ((b >> 16) as i64 - SRGB_LUT_BASE as i64).clamp(0, SRGB_LUT_WORDS as i64 - 1) as usize;
    let e = lut[i];
    ((e >> 17) + ((b & 0xFFFF) >= (e & 0x1FFFF)) as u32) as u8
}

/// [`srgb_code_lut`] for the kernels: a small host-visible table, so that it may be made while
/// a command buffer is being recorded (the ops make it on first use).
pub fn srgb_lut_buffer(ctx: &crate::gpu::Context) -> crate::gpu::Result<crate::gpu::Buffer<u32>> {
    crate::gpu::Buffer::host_table(ctx, &srgb_code_lut(), "sRGB code table")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::images::srgb_to_linear;

    #[test]
    fn the_srgb_code_table_gives_every_code_back() {
        let lut = srgb_code_lut();
        assert_eq!(lut.len(), SRGB_LUT_WORDS);
        for c in 0..=255u8 {
            let l = srgb_to_linear(c);
            // A decoder a few hundred ulps off still gives the code back.
            for ulps in [-300i64, -64, -1, 0, 1, 64, 300] {
                let near = if l == 0.0 { (ulps.max(0) as f32) * 1e-12 } else { f32::from_bits((l.to_bits() as i64 + ulps) as u32) };
                assert_eq!(srgb_code_of(&lut, near), c, "code {c}, {ulps} ulps from {l:e}");
            }
        }
        // Codes change at the midpoints between neighbouring codes' values, nowhere else.
        let mut last = 0u8;
        for k in 0..=200_000u32 {
            let l = k as f32 / 200_000.0;
            let c = srgb_code_of(&lut, l);
            assert!(c == last || c == last + 1, "{l}: {c} after {last}");
            last = c;
        }
        for (l, c) in [(0.0, 0), (-1.0, 0), (1e-30, 0), (1.5e-4, 0), (1.6e-4, 1), (1.0, 255), (2.0, 255), (f32::INFINITY, 255)] {
            assert_eq!(srgb_code_of(&lut, l), c, "{l}");
        }
    }

    #[test]
    fn the_shader_has_the_tables_constants() {
        let glsl = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/glsl/include/sampled_codes.glsl")).unwrap();
        assert!(glsl.contains(&format!("const int SRGB_LUT_BASE = {SRGB_LUT_BASE};")), "SRGB_LUT_BASE");
        assert!(glsl.contains(&format!("const uint SRGB_LUT_WORDS = {SRGB_LUT_WORDS}u;")), "SRGB_LUT_WORDS");
    }
}
