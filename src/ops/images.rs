//! Image input shared by the image ops: files of any format the `image` crate reads (converted to
//! RGBA8), and synthetic images `WxH:natural|flat|random` for sizes beyond any file.
use crate::gpu::{Error, Result};
use rand::{Rng, SeedableRng};

/// An RGBA8 image in host memory, row-major, 4 bytes per pixel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgba8 {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Rgba8 {
    pub fn new(width: u32, height: u32, pixels: Vec<u8>) -> Result<Rgba8> {
        if width == 0 || height == 0 {
            return Err(Error::invalid(format!("image size {width}x{height} is empty")));
        }
        if pixels.len() as u64 != width as u64 * height as u64 * 4 {
            return Err(Error::invalid(format!("{} bytes for a {width}x{height} RGBA8 image", pixels.len())));
        }
        Ok(Rgba8 { width, height, pixels })
    }
    pub fn pixel_count(&self) -> u64 {
        self.width as u64 * self.height as u64
    }
    /// The pixels as packed little-endian u32 (r | g << 8 | b << 16 | a << 24).
    pub fn packed(&self) -> &[u32] {
        bytemuck::cast_slice(&self.pixels)
    }
    /// One colour everywhere.
    pub fn flat(width: u32, height: u32, rgba: [u8; 4]) -> Result<Rgba8> {
        let n = width as usize * height as usize;
        Rgba8::new(width, height, rgba.iter().copied().cycle().take(n * 4).collect())
    }
}

/// Reads an image file into RGBA8.
pub fn load(path: &std::path::Path) -> Result<Rgba8> {
    let bytes = std::fs::read(path).map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?;
    decode(&bytes, &path.display().to_string())
}

/// Decodes an encoded image (PNG, JPEG, ...) into RGBA8; `name` is for the error message.
pub fn decode(bytes: &[u8], name: &str) -> Result<Rgba8> {
    let img = image::load_from_memory(bytes).map_err(|e| Error::invalid(format!("cannot decode {name}: {e}")))?;
    let rgba = img.to_rgba8();
    let (w, h) = rgba.dimensions();
    Rgba8::new(w, h, rgba.into_raw())
}

/// Writes RGBA8 as PNG, atomically (a temporary file renamed into place: nothing half-written).
pub fn save_png(img: &Rgba8, path: &std::path::Path) -> Result<()> {
    let tmp = path.with_extension("png.tmp");
    image::save_buffer_with_format(&tmp, &img.pixels, img.width, img.height, image::ExtendedColorType::Rgba8, image::ImageFormat::Png)
        .map_err(|e| Error::invalid(format!("cannot write {}: {e}", path.display())))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        Error::invalid(format!("cannot write {}: {e}", path.display()))
    })
}

/// The kinds of synthetic image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Synthetic {
    /// Smooth gradients plus noise: like a photo (many bins, spatial coherence).
    Natural,
    /// One colour: the worst case for atomics (every pixel hits one bin).
    Flat,
    /// Uniform random bytes: every bin, no coherence.
    Random,
}

/// Parses `WxH:natural|flat|random` (kind optional, natural by default).
pub fn parse_synthetic(spec: &str) -> Result<(u32, u32, Synthetic)> {
    let (size, kind) = spec.split_once(':').unwrap_or((spec, "natural"));
    let kind = match kind {
        "natural" => Synthetic::Natural,
        "flat" => Synthetic::Flat,
        "random" => Synthetic::Random,
        other => return Err(Error::invalid(format!("synthetic kind {other:?}: use natural, flat or random"))),
    };
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(|| Error::invalid(format!("synthetic size {size:?}: use WxH, e.g. 3200x2400")))?;
    let parse = |s: &str| s.trim().parse::<u32>().map_err(|_| Error::invalid(format!("synthetic size {size:?}: {s:?} is not a number")));
    let (w, h) = (parse(w)?, parse(h)?);
    if w == 0 || h == 0 {
        return Err(Error::invalid(format!("synthetic size {w}x{h} is empty")));
    }
    if w as u64 * h as u64 > (1u64 << 31) {
        return Err(Error::invalid(format!("synthetic size {w}x{h} is over 2^31 pixels")));
    }
    Ok((w, h, kind))
}

/// Generates a synthetic image (deterministic for a seed).
pub fn synthetic(width: u32, height: u32, kind: Synthetic, seed: u64) -> Result<Rgba8> {
    use rayon::prelude::*;
    let n = width as usize * height as usize;
    if n == 0 {
        return Err(Error::invalid(format!("synthetic size {width}x{height} is empty")));
    }
    let mut pixels = vec![0u8; n * 4];
    match kind {
        Synthetic::Flat => {
            for p in pixels.chunks_exact_mut(4) {
                p.copy_from_slice(&[142, 87, 201, 255]);
            }
        }
        Synthetic::Random | Synthetic::Natural => {
            pixels.par_chunks_mut(width as usize * 4).enumerate().for_each(|(y, row)| {
                let mut rng = rand::rngs::SmallRng::seed_from_u64(seed ^ (y as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                for (x, p) in row.chunks_exact_mut(4).enumerate() {
                    if kind == Synthetic::Random {
                        let v: u32 = rng.gen();
                        p.copy_from_slice(&v.to_le_bytes());
                    } else {
                        let fx = x as f32 / width as f32;
                        let fy = y as f32 / height as f32;
                        let noise = rng.gen_range(-12i32..=12);
                        let r = (255.0 * (0.5 + 0.5 * (6.0 * fx + 2.0 * fy).sin())) as i32 + noise;
                        let g = (255.0 * fy * (0.6 + 0.4 * (9.0 * fx).cos())) as i32 + noise;
                        let b = (255.0 * (1.0 - fx) * (1.0 - 0.5 * fy)) as i32 + noise;
                        p.copy_from_slice(&[r.clamp(0, 255) as u8, g.clamp(0, 255) as u8, b.clamp(0, 255) as u8, 255]);
                    }
                }
            });
        }
    }
    Rgba8::new(width, height, pixels)
}
