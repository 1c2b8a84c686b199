//! Image input shared by the image ops: files of any format the `image` crate reads (converted to
//! RGBA8), and synthetic images `WxH:natural|flat|random` for sizes beyond any file.
use crate::gpu::{Error, Result};
use rand::{Rng, SeedableRng};

/// An RGBA8 image in host memory, row-major, 4 bytes per pixel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgba8 {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes, r, g, b, a per pixel.
    pub pixels: Vec<u8>,
}

impl Rgba8 {
    /// Checks the size against the bytes: an error for an empty size or a length other than
    /// `width * height * 4`.
    pub fn new(width: u32, height: u32, pixels: Vec<u8>) -> Result<Rgba8> {
        if width == 0 || height == 0 {
            return Err(Error::invalid(format!("image size {width}x{height} is empty")));
        }
        if pixels.len() as u64 != width as u64 * height as u64 * 4 {
            return Err(Error::invalid(format!("{} bytes for a {width}x{height} RGBA8 image", pixels.len())));
        }
        Ok(Rgba8 { width, height, pixels })
    }
    /// `width * height`.
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
        let mut pixels = Vec::new();
        host_reserve(&mut pixels, n * 4, width, height)?;
        pixels.extend(rgba.iter().copied().cycle().take(n * 4));
        Rgba8::new(width, height, pixels)
    }
}

/// A half-float RGBA image in host memory (the blur's float result), row-major, each channel's
/// f16 bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgba16f {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height` texels, the f16 bits of r, g, b, a each.
    pub texels: Vec<[u16; 4]>,
}

impl Rgba16f {
    /// Checks the size against the texels: an error for an empty size or a count other than
    /// `width * height`.
    pub fn new(width: u32, height: u32, texels: Vec<[u16; 4]>) -> Result<Rgba16f> {
        if width == 0 || height == 0 {
            return Err(Error::invalid(format!("image size {width}x{height} is empty")));
        }
        if texels.len() as u64 != width as u64 * height as u64 {
            return Err(Error::invalid(format!("{} texels for a {width}x{height} image", texels.len())));
        }
        Ok(Rgba16f { width, height, texels })
    }

    /// The texels as `R16G16B16A16_SFLOAT` lays them out in memory (little-endian).
    pub fn bytes(&self) -> Vec<u8> {
        self.texels.iter().flat_map(|t| t.iter().flat_map(|h| h.to_le_bytes())).collect()
    }

    /// An image from `R16G16B16A16_SFLOAT` texels in memory.
    pub fn from_bytes(width: u32, height: u32, bytes: &[u8]) -> Result<Rgba16f> {
        if bytes.len() as u64 != width as u64 * height as u64 * 8 {
            return Err(Error::invalid(format!("{} bytes for a {width}x{height} rgba16f image", bytes.len())));
        }
        let h = |c: &[u8], i: usize| u16::from_le_bytes([c[2 * i], c[2 * i + 1]]);
        Rgba16f::new(width, height, bytes.chunks_exact(8).map(|c| [h(c, 0), h(c, 1), h(c, 2), h(c, 3)]).collect())
    }

    /// The channels as f32 (exact), RGBA interleaved.
    pub fn to_f32(&self) -> Vec<f32> {
        self.texels.iter().flat_map(|t| t.map(|h| half::f16::from_bits(h).to_f32())).collect()
    }
}

/// `len` zero bytes for an image of `width` x `height`, or an error where the host has not the
/// memory (where `vec!` would abort the process).
fn host_bytes(len: usize, width: u32, height: u32) -> Result<Vec<u8>> {
    let mut v = Vec::new();
    host_reserve(&mut v, len, width, height)?;
    v.resize(len, 0);
    Ok(v)
}

fn host_reserve(v: &mut Vec<u8>, len: usize, width: u32, height: u32) -> Result<()> {
    v.try_reserve_exact(len)
        .map_err(|_| Error::invalid(format!("a {width}x{height} image needs {len} bytes of host memory, more than this machine gives")))
}

/// Reads an image file into RGBA8.
pub fn load(path: &std::path::Path) -> Result<Rgba8> {
    let bytes = std::fs::read(path).map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?;
    decode(&bytes, &path.display().to_string())
}

/// Decodes an encoded image (PNG, JPEG, ...) into RGBA8; `name` is for the error message.
pub fn decode(bytes: &[u8], name: &str) -> Result<Rgba8> {
    if bytes.starts_with(&[0xFF, 0xD8]) && !jpeg_is_complete(bytes) {
        // The JPEG decoder fills what is missing with grey and says nothing.
        return Err(Error::invalid(format!("cannot decode {name}: the JPEG ends before its end marker (a truncated file?)")));
    }
    let img = image::load_from_memory(bytes).map_err(|e| decode_error(name, e))?;
    let rgba = img.to_rgba8();
    let (w, h) = rgba.dimensions();
    Rgba8::new(w, h, rgba.into_raw())
}

/// Whether a JPEG's end-of-image marker (FF D9) follows its first scan: the segments before the
/// scan (FF DA) are stepped over by their lengths (an EXIF thumbnail inside one has markers of
/// its own), and within the entropy-coded data an FF byte is always followed by 00 or a marker,
/// so a file cut short has no FF D9 after the scan's start. A file whose segments do not parse
/// is left to the decoder to refuse.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let mut i = 2;
    let sos = loop {
        match (bytes.get(i), bytes.get(i + 1)) {
            (None, _) | (_, None) => return false, // cut short before the scan
            (Some(&0xFF), Some(&0xDA)) => break i,
            (Some(&0xFF), Some(&0xFF)) => i += 1,                 // fill byte
            (Some(&0xFF), Some(&(0x01 | 0xD0..=0xD7))) => i += 2, // markers without a length
            (Some(&0xFF), Some(_)) => match bytes.get(i + 2..i + 4) {
                Some(len) => i += 2 + u16::from_be_bytes([len[0], len[1]]) as usize,
                None => return false,
            },
            _ => return true, // not a marker where one belongs: the decoder says what is wrong
        }
    };
    bytes[sos..].windows(2).any(|w| w == [0xFF, 0xD9])
}

/// The image crate's decoding error in words; a file that ends early says so.
fn decode_error(name: &str, e: image::ImageError) -> Error {
    match e {
        image::ImageError::IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            Error::invalid(format!("cannot decode {name}: the file ends early (a truncated file?)"))
        }
        e => Error::invalid(format!("cannot decode {name}: {e}")),
    }
}

/// Encodes pixels in `format` in memory, then writes them with one checked write: the image
/// crate's file writers flush their last buffer when dropped and drop its error, so a full disk
/// would leave a short file behind a success.
fn write_encoded(
    path: &std::path::Path,
    pixels: &[u8],
    width: u32,
    height: u32,
    color: image::ExtendedColorType,
    format: image::ImageFormat,
) -> std::result::Result<(), String> {
    let mut encoded = std::io::Cursor::new(Vec::new());
    image::write_buffer_with_format(&mut encoded, pixels, width, height, color, format).map_err(|e| format!("cannot encode: {e}"))?;
    std::fs::write(path, encoded.into_inner()).map_err(|e| e.to_string())
}

/// Writes 8-bit RGB pixels (rows top to bottom) as PNG into the file `path` as it is, with one
/// checked write (as [`write_png`]); the error in words.
pub fn write_rgb_png(pixels: &[u8], width: u32, height: u32, path: &std::path::Path) -> std::result::Result<(), String> {
    write_encoded(path, pixels, width, height, image::ExtendedColorType::Rgb8, image::ImageFormat::Png)
}

/// Whether `path` names an HDR file (`.hdr`, `.exr`), whose colours are floats, not 8-bit codes.
pub fn is_float_file(path: &std::path::Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("hdr") || e.eq_ignore_ascii_case("exr"))
}

/// Reads an HDR file (Radiance `.hdr`, OpenEXR `.exr`) as linear RGBA f32 (width, height, texels).
pub fn load_float(path: &std::path::Path) -> Result<(u32, u32, Vec<f32>)> {
    let bytes = std::fs::read(path).map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?;
    let img = image::load_from_memory(&bytes).map_err(|e| decode_error(&path.display().to_string(), e))?;
    let rgba = img.to_rgba32f();
    let (w, h) = rgba.dimensions();
    Ok((w, h, rgba.into_raw()))
}

/// Writes RGBA8 as PNG, atomically ([`super::write_atomic`]: nothing half-written).
pub fn save_png(img: &Rgba8, path: &std::path::Path) -> Result<()> {
    super::write_atomic(path, |tmp| write_png(img, tmp))
}

/// Writes `img` as PNG into the file `path` as it is (for [`StagedFiles`](super::StagedFiles),
/// whose temporary file it fills); the error in words.
pub fn write_png(img: &Rgba8, path: &std::path::Path) -> std::result::Result<(), String> {
    write_encoded(path, &img.pixels, img.width, img.height, image::ExtendedColorType::Rgba8, image::ImageFormat::Png)
}

/// Writes a half image as OpenEXR (32-bit float channels, every half exact), atomically.
pub fn save_exr(img: &Rgba16f, path: &std::path::Path) -> Result<()> {
    let floats = img.to_f32();
    super::write_atomic(path, |tmp| {
        write_encoded(
            tmp,
            bytemuck::cast_slice(&floats),
            img.width,
            img.height,
            image::ExtendedColorType::Rgba32F,
            image::ImageFormat::OpenExr,
        )
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
    let mut pixels = host_bytes(n * 4, width, height)?;
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

/// The colour formats the ops that read sampled images accept (an engine's swapchain, sRGB and
/// HDR targets). `texelFetch` decodes every one of them; the CPU references decode the same texels
/// with [`ColorFormat::decode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum ColorFormat {
    /// `R8G8B8A8_UNORM`
    Rgba8,
    /// `R8G8B8A8_SRGB`
    Rgba8Srgb,
    /// `B8G8R8A8_UNORM` (a common swapchain format)
    Bgra8,
    /// `B8G8R8A8_SRGB` (a common swapchain format)
    Bgra8Srgb,
    /// `R16G16B16A16_SFLOAT` (HDR targets)
    Rgba16f,
    /// `R32G32B32A32_SFLOAT`
    Rgba32f,
    /// `B10G11R11_UFLOAT_PACK32` (packed HDR targets)
    B10g11r11f,
}

/// How a format stores colour, for the kernels that must undo the format unit's decoding exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// 8-bit codes read as code / 255.
    Unorm8,
    /// 8-bit sRGB codes, read as linear light.
    Srgb8,
    /// Floats (half, 32-bit, packed unsigned).
    Float,
}

/// One texel as the CPU references see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Texel {
    /// The stored 8-bit codes of r, g, b (UNORM and sRGB formats alike).
    Codes([u8; 3]),
    /// The r, g, b values of a float format.
    Float([f32; 3]),
}

impl ColorFormat {
    /// Every accepted format.
    pub const ALL: [ColorFormat; 7] = [
        ColorFormat::Rgba8,
        ColorFormat::Rgba8Srgb,
        ColorFormat::Bgra8,
        ColorFormat::Bgra8Srgb,
        ColorFormat::Rgba16f,
        ColorFormat::Rgba32f,
        ColorFormat::B10g11r11f,
    ];
    /// The format's short name, as parsed by `FromStr` and printed in reports.
    pub fn name(self) -> &'static str {
        match self {
            ColorFormat::Rgba8 => "rgba8",
            ColorFormat::Rgba8Srgb => "rgba8-srgb",
            ColorFormat::Bgra8 => "bgra8",
            ColorFormat::Bgra8Srgb => "bgra8-srgb",
            ColorFormat::Rgba16f => "rgba16f",
            ColorFormat::Rgba32f => "rgba32f",
            ColorFormat::B10g11r11f => "b10g11r11f",
        }
    }
    /// The Vulkan format.
    pub fn vk(self) -> ash::vk::Format {
        use ash::vk::Format as F;
        match self {
            ColorFormat::Rgba8 => F::R8G8B8A8_UNORM,
            ColorFormat::Rgba8Srgb => F::R8G8B8A8_SRGB,
            ColorFormat::Bgra8 => F::B8G8R8A8_UNORM,
            ColorFormat::Bgra8Srgb => F::B8G8R8A8_SRGB,
            ColorFormat::Rgba16f => F::R16G16B16A16_SFLOAT,
            ColorFormat::Rgba32f => F::R32G32B32A32_SFLOAT,
            ColorFormat::B10g11r11f => F::B10G11R11_UFLOAT_PACK32,
        }
    }
    /// The format of a caller's `vk::Format`, or an error listing those accepted.
    pub fn from_vk(format: ash::vk::Format) -> Result<ColorFormat> {
        Self::ALL.into_iter().find(|f| f.vk() == format).ok_or_else(|| {
            let names: Vec<String> = Self::ALL.iter().map(|f| format!("{:?}", f.vk())).collect();
            Error::invalid(format!("images of {format:?} are not read here (accepted: {})", names.join(", ")))
        })
    }
    /// Bytes per texel: 4, 8 for `Rgba16f`, 16 for `Rgba32f`.
    pub fn texel_bytes(self) -> u32 {
        match self {
            ColorFormat::Rgba16f => 8,
            ColorFormat::Rgba32f => 16,
            _ => 4,
        }
    }
    /// How the format stores colour.
    pub fn encoding(self) -> Encoding {
        match self {
            ColorFormat::Rgba8 | ColorFormat::Bgra8 => Encoding::Unorm8,
            ColorFormat::Rgba8Srgb | ColorFormat::Bgra8Srgb => Encoding::Srgb8,
            _ => Encoding::Float,
        }
    }

    /// Decodes one texel (`texel_bytes` bytes, as laid out in memory). Float formats decode
    /// exactly as the format unit does (half and the packed 10/11-bit floats widen to f32
    /// without rounding).
    pub fn decode(self, t: &[u8]) -> Texel {
        let word = |i: usize| u32::from_le_bytes([t[4 * i], t[4 * i + 1], t[4 * i + 2], t[4 * i + 3]]);
        match self {
            ColorFormat::Rgba8 | ColorFormat::Rgba8Srgb => Texel::Codes([t[0], t[1], t[2]]),
            ColorFormat::Bgra8 | ColorFormat::Bgra8Srgb => Texel::Codes([t[2], t[1], t[0]]),
            ColorFormat::Rgba16f => {
                let h = |i: usize| half::f16::from_bits(u16::from_le_bytes([t[2 * i], t[2 * i + 1]])).to_f32();
                Texel::Float([h(0), h(1), h(2)])
            }
            ColorFormat::Rgba32f => Texel::Float([f32::from_bits(word(0)), f32::from_bits(word(1)), f32::from_bits(word(2))]),
            ColorFormat::B10g11r11f => {
                let w = word(0);
                Texel::Float([small_float(w & 0x7FF, 6), small_float((w >> 11) & 0x7FF, 6), small_float(w >> 22, 5)])
            }
        }
    }

    /// The texels of an 8-bit photo in this format: 8-bit formats store its codes as they are
    /// (an sRGB image of them holds the same picture); float formats store its linear light
    /// (the codes decoded from sRGB), as an HDR render target would.
    pub fn texels_from_rgba8(self, img: &Rgba8) -> Vec<u8> {
        let px = img.pixels.chunks_exact(4);
        let table: [f32; 256] = std::array::from_fn(|c| srgb_to_linear(c as u8));
        let srgb_to_linear = |c: u8| table[c as usize];
        match self {
            ColorFormat::Rgba8 | ColorFormat::Rgba8Srgb => img.pixels.clone(),
            ColorFormat::Bgra8 | ColorFormat::Bgra8Srgb => px.flat_map(|p| [p[2], p[1], p[0], p[3]]).collect(),
            ColorFormat::Rgba16f => px
                .flat_map(|p| {
                    let c = [srgb_to_linear(p[0]), srgb_to_linear(p[1]), srgb_to_linear(p[2]), p[3] as f32 / 255.0];
                    c.map(|v| half::f16::from_f32(v).to_bits().to_le_bytes())
                })
                .flatten()
                .collect(),
            ColorFormat::Rgba32f => px
                .flat_map(|p| {
                    let c = [srgb_to_linear(p[0]), srgb_to_linear(p[1]), srgb_to_linear(p[2]), p[3] as f32 / 255.0];
                    c.map(|v| v.to_le_bytes())
                })
                .flatten()
                .collect(),
            ColorFormat::B10g11r11f => px
                .flat_map(|p| {
                    let [r, g, b] = [p[0], p[1], p[2]].map(srgb_to_linear);
                    (to_small_float(r, 6) | to_small_float(g, 6) << 11 | to_small_float(b, 5) << 22).to_le_bytes()
                })
                .collect(),
        }
    }
}

/// A caller's sampled image, the input of the blur's and levels' paths that read an engine's
/// formats (`Blur::record_sampled`, `Levels::record_sampled`; the histogram's `Input::Sampled`
/// carries the same three and the size): a view of one of [`ColorFormat`]'s formats in `layout`
/// (`SHADER_READ_ONLY_OPTIMAL` or `GENERAL`).
#[derive(Clone, Copy, Debug)]
pub struct SampledSource {
    /// The caller's image view.
    pub view: ash::vk::ImageView,
    /// The layout the image is in when the op reads it.
    pub layout: ash::vk::ImageLayout,
    /// The view's format (one of [`ColorFormat`]'s).
    pub format: ash::vk::Format,
}

impl SampledSource {
    /// The source's format, after refusing a format or a layout not read here (`op` names the
    /// refusing op in the message).
    pub fn check(&self, op: &str) -> Result<ColorFormat> {
        use ash::vk::ImageLayout as L;
        let format = ColorFormat::from_vk(self.format)?;
        if self.layout != L::SHADER_READ_ONLY_OPTIMAL && self.layout != L::GENERAL {
            return Err(Error::invalid(format!("{op}: a sampled source in {:?}: use SHADER_READ_ONLY_OPTIMAL or GENERAL", self.layout)));
        }
        Ok(format)
    }
}

/// Texels of any [`ColorFormat`] in host memory: row-major, each as the format lays it out.
#[derive(Clone, Debug, PartialEq)]
pub struct Texels {
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// The format the bytes are in.
    pub format: ColorFormat,
    /// `width * height * format.texel_bytes()` bytes.
    pub bytes: Vec<u8>,
}

impl Texels {
    /// Checks the size against the bytes (one line naming both).
    pub fn new(width: u32, height: u32, format: ColorFormat, bytes: Vec<u8>) -> Result<Texels> {
        let want = width as u64 * height as u64 * format.texel_bytes() as u64;
        if width == 0 || height == 0 || bytes.len() as u64 != want {
            return Err(Error::invalid(format!(
                "{} bytes are not a {width}x{height} {} image ({want} bytes, {} a texel)",
                bytes.len(),
                format.name(),
                format.texel_bytes()
            )));
        }
        Ok(Texels { width, height, format, bytes })
    }
}

impl Texels {
    /// The RGBA codes an 8-bit format stores (BGRA swizzled to RGBA); float formats are refused.
    pub fn codes(&self) -> Result<Rgba8> {
        let (w, h, t) = (self.width, self.height, &self.bytes);
        match self.format {
            ColorFormat::Rgba8 | ColorFormat::Rgba8Srgb => Rgba8::new(w, h, t.clone()),
            ColorFormat::Bgra8 | ColorFormat::Bgra8Srgb => {
                Rgba8::new(w, h, t.chunks_exact(4).flat_map(|p| [p[2], p[1], p[0], p[3]]).collect())
            }
            f => Err(Error::invalid(format!("{} stores floats, not 8-bit codes", f.name()))),
        }
    }

    /// The RGBA halves a float format's texels hold, as the float blur reads them: half texels
    /// as they are, rgba32f rounded to the nearest half (ties to even), b10g11r11f exactly with
    /// alpha 1 (what `texelFetch` returns for a format without alpha). 8-bit formats are refused.
    pub fn halves(&self) -> Result<Rgba16f> {
        let word = |t: &[u8], i: usize| u32::from_le_bytes([t[4 * i], t[4 * i + 1], t[4 * i + 2], t[4 * i + 3]]);
        let half = |v: f32| half::f16::from_f32(v).to_bits();
        let texels: Vec<[u16; 4]> = match self.format {
            ColorFormat::Rgba16f => return Rgba16f::from_bytes(self.width, self.height, &self.bytes),
            ColorFormat::Rgba32f => self.bytes.chunks_exact(16).map(|t| [0, 1, 2, 3].map(|i| half(f32::from_bits(word(t, i))))).collect(),
            ColorFormat::B10g11r11f => self
                .bytes
                .chunks_exact(4)
                .map(|t| {
                    let w = word(t, 0);
                    [small_float(w & 0x7FF, 6), small_float((w >> 11) & 0x7FF, 6), small_float(w >> 22, 5), 1.0].map(half)
                })
                .collect(),
            f => return Err(Error::invalid(format!("{} stores 8-bit codes, not floats", f.name()))),
        };
        Rgba16f::new(self.width, self.height, texels)
    }
}

impl ColorFormat {
    /// The texels of linear RGBA f32 colours (an HDR file) in this float format: rounded to
    /// nearest for half, toward zero for the packed floats. 8-bit formats are refused: their
    /// codes are not linear light.
    pub fn texels_from_f32(self, rgba: &[f32]) -> Result<Vec<u8>> {
        let px = rgba.chunks_exact(4);
        Ok(match self {
            ColorFormat::Rgba16f => px.flat_map(|p| p.iter().flat_map(|&v| half::f16::from_f32(v).to_bits().to_le_bytes())).collect(),
            ColorFormat::Rgba32f => px.flat_map(|p| p.iter().flat_map(|v| v.to_le_bytes())).collect(),
            ColorFormat::B10g11r11f => px
                .flat_map(|p| (to_small_float(p[0], 6) | to_small_float(p[1], 6) << 11 | to_small_float(p[2], 5) << 22).to_le_bytes())
                .collect(),
            _ => {
                return Err(Error::invalid(format!(
                    "float colours (an HDR image) go to rgba16f, rgba32f or b10g11r11f, not {}",
                    self.name()
                )))
            }
        })
    }
}

impl std::str::FromStr for ColorFormat {
    type Err = Error;
    fn from_str(s: &str) -> Result<ColorFormat> {
        Self::ALL.into_iter().find(|f| f.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Self::ALL.iter().map(|f| f.name()).collect();
            Error::invalid(format!("unknown image format {s:?} (have {})", names.join(", ")))
        })
    }
}

/// The sRGB code's linear value (IEC 61966-2-1), computed in f64 and rounded once.
pub fn srgb_to_linear(code: u8) -> f32 {
    let c = code as f64 / 255.0;
    (if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }) as f32
}

/// An unsigned float of 5 exponent bits (bias 15) and `mantissa` bits, as in
/// `B10G11R11_UFLOAT_PACK32`: all-ones exponent is infinity (mantissa 0) or NaN.
fn small_float(bits: u32, mantissa: u32) -> f32 {
    let (e, m) = ((bits >> mantissa) & 31, bits & ((1 << mantissa) - 1));
    let scale = (1u32 << mantissa) as f32;
    match e {
        0 => m as f32 / scale * (2f32).powi(-14),
        31 if m == 0 => f32::INFINITY,
        31 => f32::NAN,
        _ => (1.0 + m as f32 / scale) * (2f32).powi(e as i32 - 15),
    }
}

/// The packed unsigned float of `v` (rounded toward zero; negatives and NaN to 0, values past
/// the largest finite one to it).
fn to_small_float(v: f32, mantissa: u32) -> u32 {
    if v.is_nan() || v <= 0.0 {
        return 0;
    }
    let bits = v.to_bits();
    let e = ((bits >> 23) & 255) as i32 - 127 + 15;
    if e >= 31 {
        return (30 << mantissa) | ((1 << mantissa) - 1);
    }
    if e <= 0 {
        // Denormal: the value in units of 2^-14 / 2^mantissa, truncated.
        return (v * (2f32).powi(14) * (1u32 << mantissa) as f32) as u32;
    }
    (e as u32) << mantissa | (bits & 0x7F_FFFF) >> (23 - mantissa)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small image's whole encoding fits the image crate's write buffer, whose last flush, on
    /// drop, dropped its error: a full disk gave a short file and success. /dev/full says ENOSPC
    /// to every write.
    #[test]
    fn a_failed_write_is_an_error() {
        let img = Rgba8::new(2, 2, vec![7; 16]).unwrap();
        let full = std::path::Path::new("/dev/full");
        assert!(write_png(&img, full).is_err());
        assert!(write_rgb_png(&[7; 12], 2, 2, full).is_err());
        let floats = [1.0f32; 4];
        assert!(write_encoded(full, bytemuck::cast_slice(&floats), 1, 1, image::ExtendedColorType::Rgba32F, image::ImageFormat::OpenExr)
            .is_err());
    }

    #[test]
    fn a_jpeg_cut_short_is_seen() {
        let jpeg = include_bytes!("../../assets/rocket.jpg");
        assert!(jpeg_is_complete(jpeg));
        for cut in [3, 100, jpeg.len() / 2, jpeg.len() - 2] {
            assert!(!jpeg_is_complete(&jpeg[..cut]), "cut at {cut}");
        }
    }
}
