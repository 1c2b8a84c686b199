//! Seed 003, the box blur (the WebGPU samples' imageBlur), every step of the lecture and ours.
//!
//! The blur is defined as a separable integer filter so that every variant equals the CPU
//! reference ([`crate::cpu::blur`]) bit for bit:
//! * one pass of size `N`: `out = (sum of the N clamped neighbours + N/2) / N` (round half up);
//! * window: offsets `-(N-1)/2 ..= +N/2` (even `N`: the centre is the left/upper middle texel);
//! * edges clamp to the border; per channel, alpha included;
//! * one iteration = horizontal pass, then vertical pass on its rounded result.
//!
//! `naive` and `fastest` compute both passes in one dispatch and reproduce the two roundings.
//! Filter sizes `1 ..= MAX_FILTER` (128) for every variant: `tiled`'s 128-texel tile row leaves
//! `blockDim = 128 - (N - 1) >= 1` outputs only up to `N = 128`.
use crate::cpu;
use crate::gpu::{self, vk, Bind, Buffer, Context, DeviceInfo, Error, Image, Kernel, Recorder, Result, Sync, Timing};
pub use crate::ops::images::SampledSource;
use crate::ops::images::{ColorFormat, Encoding, Rgba16f, Rgba8, Texels};
use crate::shaders;
use std::sync::{Arc, Mutex};

/// The largest filter size every variant accepts (tiled's tile width).
pub const MAX_FILTER: u32 = TILED_TILE_W;
/// `tiled`: invocations per workgroup, texels per tile row, tile rows (seed 003's numbers).
pub const TILED_WORKGROUP: u32 = 32;
/// `tiled`: texels per tile row (also [`MAX_FILTER`]).
pub const TILED_TILE_W: u32 = 128;
/// `tiled`: rows per tile (each invocation loads a 4 x 4 block).
pub const TILED_ROWS: u32 = 4;
/// `naive` and `separable`: 16 x 16 invocations per workgroup.
const LOCAL_2D: u32 = 16;
/// `fastest`'s tuning knobs (all exact; they only change speed). See docs/blur.md, "Tuning fastest".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct FastestConfig {
    /// Requested output tile `[width, height]` (width a power of two 16..=256, height 16..=256,
    /// or 0: auto, the rows held in shared memory minus the apron, `R - (N - 1)`, at least 16;
    /// `R` = [`AUTO_ROWS`], or per filter size with an auto workgroup, see
    /// [`FastestConfig::for_filter`]). Where its shared array `(TH + N - 1) * TW * 4` bytes does
    /// not fit the device, the height then the width halve.
    pub tile: [u32; 2],
    /// Invocations per workgroup (a power of two, 32..=1024, >= tile width), or 0: auto, per
    /// filter size ([`FastestConfig::for_filter`]); phase 2 splits the tile's rows into
    /// `workgroup / tile width` segments.
    pub workgroup: u32,
    /// Phase-1 outputs per invocation and row: 4, 8 or 16 (the window sum is started once per PX).
    pub px: u32,
    /// 16-byte `uvec4` global loads (rows with `width % 4 == 0`, spans inside the row) and
    /// `uvec4` shared stores in phase 1; `false`: scalar loads and stores (the first version).
    pub vec_loads: bool,
    /// 0: the tile kernel (`glsl/blur/fastest.comp`). Otherwise the streaming kernel
    /// (`glsl/blur/fastest_stream.comp`): a workgroup walks down a strip of this many rows (a power
    /// of two, 16..=4096) `tile` width wide, `tile` height rows per step, carrying its vertical
    /// sums; `workgroup` >= tile width (phase 2 is one column per invocation).
    pub stream_rows: u32,
    /// Streaming kernel only: issue the next step's global loads before this step's vertical pass
    /// (where a step's phase-1 items fit the workgroup: tile height * width / px <= workgroup).
    pub prefetch: bool,
    /// Streaming kernel only: the ring holds each horizontal result as its two 16-bit-lane words
    /// (8 bytes, phase 2 adds them as they are) instead of packed rgba8 (4 bytes, unpacked there).
    pub ring_lanes: bool,
    /// `fastest-sampled`'s knobs; `None`: per format and filter size ([`SampledShape::auto`]).
    pub sampled: Option<SampledShape>,
    /// `fastest-sampled`: 0 runs the fused tile; otherwise the two running-sum passes
    /// (`glsl/blur/{horizontal,vertical}_running_sums*.comp`), each invocation this many outputs
    /// along its pass (a power of two, 8..=4096). `None`: per format and filter size
    /// ([`auto_segment`]).
    pub sampled_segment: Option<u32>,
}

impl Default for FastestConfig {
    fn default() -> FastestConfig {
        // Measured best on an H200 at 4096x4096 (docs/blur.md, "Tiles per filter size"):
        // 32-texel-wide tiles, their height and the workgroup chosen per filter size.
        FastestConfig {
            tile: [32, 0],
            workgroup: 0,
            px: 16,
            vec_loads: true,
            stream_rows: 0,
            prefetch: true,
            ring_lanes: false,
            sampled: None,
            sampled_segment: None,
        }
    }
}

/// `fastest`'s rows held in shared memory when the tile height is 0 (auto) and the workgroup is
/// given: output rows plus the apron. With 32-texel tiles and 16 outputs per phase-1 item, 64 rows
/// are 128 items.
pub const AUTO_ROWS: u32 = 64;

/// The tile kernel's rows held in shared memory and workgroup size for filter size `n`, where
/// both are auto (measured on an H200, 4096x4096, docs/perf/2026-11-23-h200/blur-filters.txt):
/// 64 rows with 256 invocations below 7 (filter 3: 0.0611 ms against 0.0645 with 128), 64 rows
/// with 128 invocations below 15, 128 rows with 256 invocations up to 97 (filter 15: 0.0784 against
/// 0.0789, 31: 0.1027 against 0.1206, 63: 0.208 against 0.386), beyond that 64 rows with 128
/// (the tile is then 16 rows tall either way; 128 invocations measured faster at filter 128).
pub fn auto_shape(n: u32) -> (u32, u32) {
    match n.max(1) {
        1..=6 => (64, 256),
        7..=14 => (64, 128),
        15..=97 => (128, 256),
        _ => (64, 128),
    }
}

/// Bytes a float texel takes in `fastest-sampled`'s shared tile (four exact halves as floats).
pub const SAMPLED_HALF_BYTES: u32 = 16;

/// `fastest-sampled`'s shape (knobs: every shape gives the same result, only the speed changes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct SampledShape {
    /// Output tile width (a power of two, 8..=256, a multiple of `px`); it halves (down to `px`)
    /// where the shared tile does not fit.
    pub tile_w: u32,
    /// Rows held in shared memory: output rows plus the apron (`rows - (N - 1)` outputs, at
    /// least 16).
    pub rows: u32,
    /// Invocations per workgroup (a power of two, 32..=1024, at least `tile_w`).
    pub workgroup: u32,
    /// Phase-1 outputs per item (4, 8 or 16).
    pub px: u32,
}

impl SampledShape {
    /// The shape for filter size `n`, measured best on an H200 at 4096x4096
    /// (docs/perf/2026-11-25-h200/s28/sweep-call5.txt and sweep-large-call7.txt):
    /// * 8-bit codes: 32-wide tiles of 128 rows, 256 invocations, 16 outputs an item (filter 15:
    ///   0.116 ms against 0.149 with 32x64x128x8); from filter 64, 256 rows with 128 invocations
    ///   (filter 63: 0.467 against 0.470; 127: 1.99 against 4.77);
    /// * halves: 16-wide tiles of 64 rows with 128 invocations below filter 24 (filter 15: 0.83 ms
    ///   against 1.59), 128 rows with 256 invocations from there (31: 1.65 against 3.26; 63: 4.16
    ///   against 8.18 with 8x256x64), 8 outputs an item; from filter 96, 8-wide tiles of 256
    ///   rows with 64 invocations (127: 19.8 against 44.9; between 64 and 126 not measured).
    ///
    /// Where the device allows fewer invocations, 128 (Vulkan's minimum).
    pub fn auto(info: &DeviceInfo, halves: bool, n: u32) -> SampledShape {
        let mut s = match (halves, n) {
            (false, 0..=63) => SampledShape { tile_w: 32, rows: 128, workgroup: 256, px: 16 },
            (false, _) => SampledShape { tile_w: 32, rows: 256, workgroup: 128, px: 16 },
            (true, 0..=23) => SampledShape { tile_w: 16, rows: 64, workgroup: 128, px: 8 },
            (true, 24..=95) => SampledShape { tile_w: 16, rows: 128, workgroup: 256, px: 8 },
            (true, _) => SampledShape { tile_w: 8, rows: 256, workgroup: 64, px: 8 },
        };
        if s.workgroup > info.max_workgroup_invocations || s.workgroup > info.max_workgroup_size[0] {
            s.workgroup = 128;
        }
        s
    }

    /// Checks the knobs (not the device) with one clear line.
    pub fn check(&self) -> Result<()> {
        let pow2 = |v: u32, lo: u32, hi: u32| v.is_power_of_two() && (lo..=hi).contains(&v);
        if !pow2(self.tile_w, 8, 256) || ![4, 8, 16].contains(&self.px) || self.tile_w < self.px {
            return Err(Error::invalid(format!(
                "fastest-sampled tile width {} with px {}: the width is a power of two in 8..=256, px 4, 8 or 16 and at most the width",
                self.tile_w, self.px
            )));
        }
        if !pow2(self.workgroup, 32, 1024) || self.workgroup < self.tile_w || !(16..=1024).contains(&self.rows) {
            return Err(Error::invalid(format!(
                "fastest-sampled workgroup {} and rows {}: the workgroup is a power of two in 32..=1024, at least the tile width; rows 16..=1024",
                self.workgroup, self.rows
            )));
        }
        Ok(())
    }

    /// The output tile (width, height) for filter size `n` with shared texels of `texel_bytes`
    /// (4: codes, [`SAMPLED_HALF_BYTES`]: halves), and its shared bytes.
    pub fn tile(&self, max_shared_bytes: u32, n: u32, texel_bytes: u32) -> (u32, u32, u32) {
        let n = n.max(1);
        let th = self.rows.saturating_sub(n - 1).max(16);
        let bytes = |tw: u32| (th + n - 1) * tw * texel_bytes;
        let mut tw = self.tile_w;
        while tw > self.px && bytes(tw) > max_shared_bytes {
            tw /= 2;
        }
        (tw, th, bytes(tw))
    }
}

/// Invocations per workgroup of the running-sum passes.
pub const PASS_WORKGROUP: u32 = 128;

/// `fastest-sampled`'s form for filter size `n`: 0 for the fused tile, else the running-sum
/// passes with this many outputs an invocation. The passes read each texel about
/// `(N + 2 * segment) / segment` times whatever N, the fused tile `(N + tile - 1) / tile` times in
/// each direction with tiles that shared memory keeps small, so the passes win from some N on.
/// Chosen from the H200 sweep of the thirtieth session (docs/blur.md, "Large filters"): halves
/// (16 bytes a texel in the fused tile's shared memory, so small tiles) take the passes at every
/// N, 2.3x faster at N = 15 and 39x at 127; the 8-bit codes keep the fused tile below 40.
pub fn auto_segment(halves: bool, n: u32) -> u32 {
    match (halves, n) {
        (true, ..16) => 16,
        (true, ..40) => 32,
        (true, _) => 128,
        (false, 40..) => 128,
        (false, _) => 0,
    }
}

/// What `fastest-sampled` runs on `format` at filter size `filter` with `config`, in words: the
/// running-sum passes and their segment, or the fused tile's shape.
pub fn sampled_form(info: &DeviceInfo, config: &FastestConfig, format: ColorFormat, filter: u32) -> String {
    let halves = format.encoding() == Encoding::Float;
    match config.sampled_segment.unwrap_or_else(|| auto_segment(halves, filter)) {
        0 => {
            let sh = config.sampled.unwrap_or_else(|| SampledShape::auto(info, halves, filter));
            let (tw, th, _) = sh.tile(info.max_shared_memory_bytes, filter, shared_texel_bytes(halves));
            format!("the fused tile {tw}x{th}, wg {}, px {}", sh.workgroup, sh.px)
        }
        s => format!("two running-sum passes, {s} outputs an invocation, wg {PASS_WORKGROUP}"),
    }
}

/// The storage format `fastest-sampled` writes for an input format: rgba8 (the stored codes,
/// in RGBA order) for the 8-bit formats, rgba16f for the float ones.
pub fn output_format(input: ColorFormat) -> ColorFormat {
    match input.encoding() {
        Encoding::Float => ColorFormat::Rgba16f,
        _ => ColorFormat::Rgba8,
    }
}

impl FastestConfig {
    /// The first version of `fastest` (64 x 64 tile, 256 invocations, 4 outputs, scalar loads).
    pub const V1: FastestConfig = FastestConfig {
        tile: [64, 64],
        workgroup: 256,
        px: 4,
        vec_loads: false,
        stream_rows: 0,
        prefetch: false,
        ring_lanes: false,
        sampled: None,
        sampled_segment: None,
    };

    /// The streaming kernel's start point: 64-texel strips of 128 rows, 16 rows per step, one
    /// invocation per column, each step's 64 phase-1 items one per invocation (so it prefetches).
    pub const STREAM: FastestConfig = FastestConfig {
        tile: [64, 16],
        workgroup: 64,
        px: 16,
        vec_loads: true,
        stream_rows: 128,
        prefetch: true,
        ring_lanes: false,
        sampled: None,
        sampled_segment: None,
    };

    /// Checks the knobs (not the device): clear messages, never panics.
    pub fn check(&self) -> Result<()> {
        let [tw, th] = self.tile;
        let pow2 = |v: u32, lo: u32, hi: u32| v.is_power_of_two() && (lo..=hi).contains(&v);
        // The tile kernel takes any height (e.g. 64 - (N - 1), so that the rows held in shared
        // memory are a multiple of the phase-1 items a workgroup runs at once); the streaming
        // kernel steps by powers of two.
        let height_ok = if self.streams() { pow2(th, 16, 256) } else { th == 0 || (16..=256).contains(&th) };
        if !pow2(tw, 16, 256) || !height_ok {
            return Err(Error::invalid(format!(
                "fastest tile {tw}x{th}: the width must be a power of two in 16..=256, the height in 16..=256 or 0 for auto (a power of two with --stream-rows)"
            )));
        }
        if self.workgroup != 0 && (!pow2(self.workgroup, 32, 1024) || self.workgroup < tw) {
            return Err(Error::invalid(format!(
                "fastest workgroup {}: it must be 0 (auto) or a power of two in 32..=1024 and at least the tile width {tw}",
                self.workgroup
            )));
        }
        if ![4, 8, 16].contains(&self.px) {
            return Err(Error::invalid(format!("fastest px {}: use 4, 8 or 16", self.px)));
        }
        if let Some(seg) = self.sampled_segment {
            if seg != 0 && !(seg.is_power_of_two() && (8..=4096).contains(&seg)) {
                return Err(Error::invalid(format!("fastest-sampled segment {seg}: 0 (the fused tile) or a power of two in 8..=4096")));
            }
        }
        if let Some(sh) = &self.sampled {
            sh.check()?;
        }
        if self.stream_rows != 0 && !pow2(self.stream_rows, 16, 4096) {
            return Err(Error::invalid(format!(
                "fastest stream rows {}: use 0 (the tile kernel) or a power of two in 16..=4096",
                self.stream_rows
            )));
        }
        Ok(())
    }

    /// The knobs for filter size `filter`, the auto values resolved: an auto workgroup (0) and an
    /// auto tile height (0) take [`auto_shape`]; an auto workgroup alone takes its size from it;
    /// an auto height with a given workgroup stays 0 ([`AUTO_ROWS`], in `tile_for`). The
    /// streaming kernel has no auto values (an auto workgroup there is the strip width).
    pub fn for_filter(&self, filter: u32) -> FastestConfig {
        let mut c = *self;
        if c.workgroup != 0 {
            return c;
        }
        let n = filter.max(1);
        let (rows, wg) = auto_shape(n);
        if c.streams() {
            c.workgroup = c.tile[0];
        } else {
            c.workgroup = wg.max(c.tile[0]);
            if c.tile[1] == 0 {
                c.tile[1] = rows.saturating_sub(n - 1).max(16);
            }
        }
        c
    }

    /// [`FastestConfig::for_filter`] on a device: where the auto workgroup exceeds the device's
    /// invocations per workgroup (Vulkan guarantees 128), 128 invocations with the 64-row auto
    /// height instead.
    pub fn for_device(&self, info: &DeviceInfo, filter: u32) -> FastestConfig {
        let c = self.for_filter(filter);
        let fits = |wg: u32| wg <= info.max_workgroup_invocations && wg <= info.max_workgroup_size[0];
        if self.workgroup == 0 && !c.streams() && !fits(c.workgroup) {
            return FastestConfig { workgroup: 128.max(self.tile[0]), ..*self };
        }
        c
    }

    /// Whether the streaming kernel runs (`stream_rows > 0`).
    pub fn streams(&self) -> bool {
        self.stream_rows > 0
    }

    /// The tile for a filter size on a device: (tile width, tile height, apron rows = N - 1).
    /// The requested tile if its shared array fits, else the height halves (down to 16), then the
    /// width (down to 16) with the requested height again.
    /// The streaming kernel's ring holds one row more (`TH + N`; the third value is then `N`),
    /// 8 bytes a texel with `ring_lanes`.
    pub fn tile_for(&self, max_shared_bytes: u32, filter: u32) -> (u32, u32, u32) {
        let c = self.for_filter(filter);
        if c != *self {
            return c.tile_for(max_shared_bytes, filter);
        }
        let apron = if self.streams() { filter.max(1) } else { filter.max(1) - 1 };
        let texel_bytes = self.shared_texel_bytes();
        let [tw0, th0] = self.tile;
        let th0 = if th0 == 0 { AUTO_ROWS.saturating_sub(filter.max(1) - 1).max(16) } else { th0 };
        let mut tw = tw0.max(16);
        while tw >= 16 {
            let mut th = th0.max(16);
            while th >= 16 {
                if (th + apron) * tw * texel_bytes <= max_shared_bytes {
                    return (tw, th, apron);
                }
                th /= 2;
            }
            tw /= 2;
        }
        (16, 16, apron) // (16 + 128) * 16 * 4 = 9 KiB: within Vulkan's 16 KiB minimum (lanes: 18 KiB)
    }

    /// Bytes of shared memory per tile texel: 8 for the streaming kernel's `ring_lanes`, else 4.
    pub fn shared_texel_bytes(&self) -> u32 {
        if self.streams() && self.ring_lanes {
            8
        } else {
            4
        }
    }
}

/// The blur variants: the CPU reference, the lecture's steps, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// The reference on the CPU (rayon), exact integer running sums.
    Cpu,
    /// Lecture step 1: one dispatch, `N x N` image reads per output.
    Naive,
    /// Lecture step 2: a horizontal and a vertical dispatch of one shader, `N` reads per output.
    Separable,
    /// Lecture step 3, seed 003's sample: 32 invocations fill a shared 4 x 128 tile.
    Tiled,
    /// Ours: both passes fused in one dispatch on packed `u32` buffers, running sums.
    Fastest,
    /// Ours on an engine's image of any [`ColorFormat`], read as a sampled image (`record_sampled`).
    FastestSampled,
}

impl Variant {
    /// The lecture's steps in order, then ours.
    pub const ALL: [Variant; 6] =
        [Variant::Cpu, Variant::Naive, Variant::Separable, Variant::Tiled, Variant::Fastest, Variant::FastestSampled];

    /// The variant's name on the command line and in reports (what `FromStr` parses).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Cpu => "cpu",
            Variant::Naive => "naive",
            Variant::Separable => "separable",
            Variant::Tiled => "tiled",
            Variant::Fastest => "fastest",
            Variant::FastestSampled => "fastest-sampled",
        }
    }

    /// One line on what the variant does and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            Variant::Cpu => "reference on the CPU (rayon), exact integer running sums",
            Variant::Naive => "one dispatch, N x N image reads per output",
            Variant::Separable => "horizontal + vertical dispatch of one shader (flip), N reads per output, no shared memory",
            Variant::Tiled => "seed 003: 32 invocations load a 4 x 128 shared tile (4x4 each), blockDim = 128 - (N - 1)",
            Variant::Fastest => "ours: both passes fused in one dispatch, packed u32 buffers, shared tile, running sums",
            Variant::FastestSampled => {
                "ours on an engine's image of any format: fastest's fused tile reading a sampled image (8-bit codes; floats: exact means rounded to half)"
            }
        }
    }

    /// The largest filter size this variant accepts.
    pub fn max_filter(self) -> u32 {
        MAX_FILTER
    }

    /// Dispatches per iteration of `record` / `record_views` / `record_packed` (0 for the CPU).
    /// `fastest-sampled` counts its fused pass; where `record_sampled` takes the running-sum
    /// passes (by default float formats and 8-bit filters from 40) it records two.
    pub fn passes_per_iteration(self) -> u32 {
        match self {
            Variant::Cpu => 0,
            Variant::Naive | Variant::Fastest | Variant::FastestSampled => 1,
            Variant::Separable | Variant::Tiled => 2,
        }
    }

    /// Whether `record` takes rgba8 images (`false`: packed u32 buffers, see `record_packed`,
    /// or a sampled image, see `record_sampled`).
    pub fn uses_images(self) -> bool {
        matches!(self, Variant::Naive | Variant::Separable | Variant::Tiled)
    }

    /// Whether the variant reads images of any [`ColorFormat`] (`record_sampled`); the others
    /// read rgba8 only.
    pub fn reads_sampled(self) -> bool {
        self == Variant::FastestSampled
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Variant> {
        super::variant_named(s, &Variant::ALL, Variant::name, "unknown blur variant")
    }
}

/// One blur's request: the box size and how many times to apply it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Params {
    /// Box size N (1 ..= MAX_FILTER).
    pub filter: u32,
    /// Horizontal + vertical passes repeated (1 ..= MAX_ITERATIONS).
    pub iterations: u32,
}

/// The most iterations one blur takes: each is recorded as its own dispatches in one command
/// buffer, so a count with no bound would fill memory before the GPU ran any of it.
pub const MAX_ITERATIONS: u32 = 1000;

fn check_iterations(iterations: u32) -> Result<()> {
    if iterations == 0 {
        return Err(Error::invalid("iterations 0: it must be at least 1"));
    }
    if iterations > MAX_ITERATIONS {
        return Err(Error::invalid(format!("iterations {iterations}: at most {MAX_ITERATIONS}")));
    }
    Ok(())
}

/// Checks a request with clear messages (never panics).
pub fn validate(info: &DeviceInfo, width: u32, height: u32, params: Params, variant: Variant) -> Result<()> {
    if width == 0 || height == 0 {
        return Err(Error::invalid(format!("image size {width}x{height} is empty")));
    }
    if params.filter == 0 {
        return Err(Error::invalid("filter size 0: it must be at least 1"));
    }
    let max = variant.max_filter();
    if params.filter > max {
        return Err(Error::invalid(format!(
            "filter size {} is too large: the {} variant allows at most {max} (every variant shares tiled's limit: its {TILED_TILE_W}-texel tile leaves blockDim = {TILED_TILE_W} - (N - 1) >= 1 outputs)",
            params.filter,
            variant.name()
        )));
    }
    check_iterations(params.iterations)?;
    if variant == Variant::Cpu {
        return Ok(());
    }
    if variant.uses_images() || variant.reads_sampled() {
        let m = info.max_image_dimension_2d;
        if width > m || height > m {
            return Err(Error::invalid(format!("image size {width}x{height} exceeds the device's maxImageDimension2D {m}")));
        }
    } else {
        let bytes = width as u64 * height as u64 * 4;
        if bytes > info.max_storage_buffer_range {
            return Err(Error::invalid(format!(
                "image size {width}x{height} ({bytes} bytes) exceeds the device's maxStorageBufferRange {} for the {} variant",
                info.max_storage_buffer_range,
                variant.name()
            )));
        }
    }
    validate_groups(info, width, height, params, variant, &FastestConfig::default())
}

/// [`validate`] plus `fastest`'s knobs on this device.
pub fn validate_with(info: &DeviceInfo, width: u32, height: u32, params: Params, variant: Variant, cfg: &FastestConfig) -> Result<()> {
    validate(info, width, height, params, variant)?;
    if variant != Variant::Fastest {
        return Ok(());
    }
    cfg.check()?;
    let cfg = &cfg.for_device(info, params.filter);
    if cfg.workgroup > info.max_workgroup_invocations || cfg.workgroup > info.max_workgroup_size[0] {
        return Err(Error::invalid(format!(
            "fastest workgroup {}: the device allows {} invocations ({} along x)",
            cfg.workgroup, info.max_workgroup_invocations, info.max_workgroup_size[0]
        )));
    }
    let (tw, th, apron) = cfg.tile_for(info.max_shared_memory_bytes, params.filter);
    let shared = (th + apron) * tw * cfg.shared_texel_bytes();
    if shared > info.max_shared_memory_bytes {
        return Err(Error::invalid(format!(
            "fastest at filter {}: its smallest tile needs {shared} bytes of shared memory, the device allows {} (ring_lanes doubles it)",
            params.filter, info.max_shared_memory_bytes
        )));
    }
    validate_groups(info, width, height, params, variant, cfg)
}

fn validate_groups(info: &DeviceInfo, width: u32, height: u32, params: Params, variant: Variant, cfg: &FastestConfig) -> Result<()> {
    let groups = dispatch_groups(info, width, height, params.filter, variant, cfg);
    for g in groups {
        if g[0] > info.max_workgroup_count[0] || g[1] > info.max_workgroup_count[1] {
            return Err(Error::invalid(format!(
                "image size {width}x{height} needs {}x{} workgroups; the device allows {:?}",
                g[0], g[1], info.max_workgroup_count
            )));
        }
    }
    Ok(())
}

/// `fastest`'s tile with the default knobs: (tile width, tile height, apron rows = N - 1), see
/// [`FastestConfig::tile_for`].
pub fn fastest_tile(max_shared_bytes: u32, filter: u32) -> (u32, u32, u32) {
    FastestConfig::default().tile_for(max_shared_bytes, filter)
}

/// Workgroups of each dispatch of one iteration.
fn dispatch_groups(info: &DeviceInfo, w: u32, h: u32, filter: u32, variant: Variant, cfg: &FastestConfig) -> Vec<[u32; 2]> {
    match variant {
        Variant::Cpu => vec![],
        Variant::Naive => vec![[w.div_ceil(LOCAL_2D), h.div_ceil(LOCAL_2D)]],
        Variant::Separable => vec![[w.div_ceil(LOCAL_2D), h.div_ceil(LOCAL_2D)]; 2],
        Variant::Tiled => {
            let block = TILED_TILE_W - (filter - 1);
            vec![[w.div_ceil(block), h.div_ceil(TILED_ROWS)], [h.div_ceil(block), w.div_ceil(TILED_ROWS)]]
        }
        Variant::Fastest => {
            let cfg = cfg.for_device(info, filter);
            let (tw, th, _) = cfg.tile_for(info.max_shared_memory_bytes, filter);
            let rows = if cfg.streams() { cfg.stream_rows } else { th };
            vec![[w.div_ceil(tw), h.div_ceil(rows)]]
        }
        Variant::FastestSampled => {
            // The tile of the wider (half) texels: never more workgroups than the codes' tile.
            // The most workgroups any format's shape can take.
            let (tw, th, _) = SampledShape::auto(info, true, filter).tile(info.max_shared_memory_bytes, filter, SAMPLED_HALF_BYTES);
            vec![[w.div_ceil(tw), h.div_ceil(th)]]
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct Push {
    width: u32,
    height: u32,
    filter_size: u32,
    flip: u32,
}

/// `fastest`'s (tile width, tile height, apron rows, filter size).
type TileKey = (u32, u32, u32, u32);

/// The kernels of one variant, built once and reused for any size and filter.
pub struct Blur {
    variant: Variant,
    /// `fastest`'s knobs.
    config: FastestConfig,
    kernel: Option<Kernel>,
    /// `fastest`: one pipeline per filter size (a specialization constant), built on first use.
    fastest: Mutex<Vec<(TileKey, Arc<Kernel>)>>,
    /// `fastest-sampled`: one pipeline per (halves, decode, filter size), built on first use.
    sampled: Mutex<Vec<(SampledKey, Arc<Kernel>)>>,
    /// `fastest-sampled`'s running-sum passes: one pipeline per (vertical, key, segment).
    passes: Mutex<Vec<(PassKey, Arc<Kernel>)>>,
}

/// A running-sum pass: (vertical, [`SampledKey`], segment).
type PassKey = (bool, SampledKey, u32);

/// `fastest-sampled`'s (halves, decode, filter size); decode is 1 for sRGB (codes) or rgba32f
/// (halves: rounded to half first), else 0.
type SampledKey = (bool, u32, u32);

/// The kernel `fastest-sampled` runs on images of `format` at filter size `filter`.
fn sampled_key(format: ColorFormat, filter: u32) -> SampledKey {
    let decode = format.encoding() == Encoding::Srgb8 || format == ColorFormat::Rgba32f;
    (format.encoding() == Encoding::Float, decode as u32, filter)
}

/// Bytes a texel takes in `fastest-sampled`'s shared tile: packed codes, or four floats.
fn shared_texel_bytes(halves: bool) -> u32 {
    if halves {
        SAMPLED_HALF_BYTES
    } else {
        4
    }
}

/// The (input, output) of each of `passes` dispatches so that the last writes `dst`, `src` is
/// only read, and the others alternate between `dst` and `tmp`.
fn chain<'a, T>(passes: u32, src: &'a T, dst: &'a T, tmp: &'a T) -> Vec<(&'a T, &'a T)> {
    let mut out = Vec::with_capacity(passes as usize);
    let mut input = src;
    for i in 0..passes {
        let output = if (passes - 1 - i) % 2 == 0 { dst } else { tmp };
        out.push((input, output));
        input = output;
    }
    out
}

impl Blur {
    /// The kernels of `variant` with `fastest`'s default knobs (an error for `Cpu`).
    pub fn new(ctx: &Context, variant: Variant) -> Result<Blur> {
        Blur::with_config(ctx, variant, FastestConfig::default())
    }

    /// As [`Blur::new`] with `fastest`'s knobs (ignored by the other variants).
    pub fn with_config(ctx: &Context, variant: Variant, config: FastestConfig) -> Result<Blur> {
        config.check()?;
        let kernel = match variant {
            Variant::Cpu => return Err(Error::invalid("the cpu blur variant has no GPU kernels")),
            Variant::Naive => Some(Kernel::new(ctx, &shaders::BLUR_NAIVE, &[(0, LOCAL_2D), (1, LOCAL_2D)])?),
            Variant::Separable => Some(Kernel::new(ctx, &shaders::BLUR_SEPARABLE, &[(0, LOCAL_2D), (1, LOCAL_2D)])?),
            Variant::Tiled => Some(Kernel::new(ctx, &shaders::BLUR_TILED, &[(0, TILED_WORKGROUP), (1, TILED_TILE_W), (2, TILED_ROWS)])?),
            Variant::Fastest | Variant::FastestSampled => None,
        };
        Ok(Blur {
            variant,
            config,
            kernel,
            fastest: Mutex::new(Vec::new()),
            sampled: Mutex::new(Vec::new()),
            passes: Mutex::new(Vec::new()),
        })
    }

    /// The variant these kernels run.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// `fastest`'s knobs this `Blur` was built with.
    pub fn config(&self) -> FastestConfig {
        self.config
    }

    /// The driver's statistics of `fastest`'s pipeline for `filter` (VK_KHR_pipeline_executable_
    /// properties: registers, spills, ...; empty where the driver offers none or for the other variants).
    #[doc(hidden)]
    pub fn fastest_statistics(&self, ctx: &Context, filter: u32) -> Result<Vec<(String, String)>> {
        if self.variant != Variant::Fastest {
            return Ok(Vec::new());
        }
        Ok(self.fastest_kernel(ctx, filter)?.statistics())
    }

    /// The driver's statistics of `fastest-sampled`'s first pipeline for images of `format`
    /// (empty where the driver offers none or for the other variants).
    #[doc(hidden)]
    pub fn sampled_statistics(&self, ctx: &Context, format: ColorFormat, filter: u32) -> Result<Vec<(String, String)>> {
        if !self.variant.reads_sampled() {
            return Ok(Vec::new());
        }
        Ok(self.sampled_kernel(ctx, sampled_key(format, filter))?.statistics())
    }

    fn fastest_kernel(&self, ctx: &Context, filter: u32) -> Result<Arc<Kernel>> {
        let cfg = self.config.for_device(ctx.info(), filter);
        let (tw, th, apron) = cfg.tile_for(ctx.info().max_shared_memory_bytes, filter);
        let key = (tw, th, apron, filter);
        let mut cache = self.fastest.lock().map_err(|_| Error::invalid("blur kernel cache poisoned"))?;
        if let Some((_, k)) = cache.iter().find(|(k, _)| *k == key) {
            return Ok(k.clone());
        }
        let k = if cfg.streams() {
            let spec = [
                (0, cfg.workgroup),
                (1, tw),
                (2, th),
                (3, cfg.stream_rows),
                (4, filter),
                (5, cfg.px),
                (6, cfg.vec_loads as u32),
                (7, cfg.prefetch as u32),
                (8, cfg.ring_lanes as u32),
            ];
            Arc::new(Kernel::new(ctx, &shaders::BLUR_FASTEST_STREAM, &spec)?)
        } else {
            let spec = [(0, cfg.workgroup), (1, tw), (2, th), (3, apron), (4, filter), (5, cfg.px), (6, cfg.vec_loads as u32)];
            Arc::new(Kernel::new(ctx, &shaders::BLUR_FASTEST, &spec)?)
        };
        cache.push((key, k.clone()));
        Ok(k)
    }

    /// Engine mode for the image variants (`naive`, `separable`, `tiled`): records the blur of
    /// `src` into `dst`, all three distinct rgba8 storage images of one size in `GENERAL` layout.
    ///
    /// Barrier contract. Before: whatever wrote `src` must be visible to compute-shader storage
    /// reads, and nothing may still access `dst` or `tmp` (e.g. `Sync::ComputeToCompute` or
    /// `Sync::TransferToCompute` after the producer). Inside: `Sync::ComputeToCompute` between its
    /// own dispatches. After: `dst` holds the result, written at `COMPUTE_SHADER` with
    /// `SHADER_STORAGE_WRITE` and *not yet* made visible: the caller records the barrier its
    /// consumer needs (`Sync::ComputeToCompute`, `Sync::ComputeToTransfer`, ...). `src` is only
    /// read; `tmp` is scratch (left holding an intermediate pass).
    pub fn record(&self, rec: &mut Recorder, src: &Image, dst: &Image, tmp: &Image, params: Params) -> Result<()> {
        if !self.variant.uses_images() {
            return Err(Error::invalid(format!("the {} blur variant works on packed u32 buffers: use record_packed", self.variant)));
        }
        let (w, h) = (src.width, src.height);
        if (dst.width, dst.height) != (w, h) || (tmp.width, tmp.height) != (w, h) {
            return Err(Error::invalid(format!(
                "blur images differ in size: src {w}x{h}, dst {}x{}, tmp {}x{}",
                dst.width, dst.height, tmp.width, tmp.height
            )));
        }
        self.record_views(rec, [src.view(), dst.view(), tmp.view()], w, h, params)
    }

    /// `record` on views of the caller's own images (engine mode): `[src, dst, tmp]`, three
    /// distinct `R8G8B8A8_UNORM` storage images of `width x height` in `GENERAL` layout. Barrier
    /// contract as for [`Blur::record`].
    pub fn record_views(&self, rec: &mut Recorder, views: [vk::ImageView; 3], width: u32, height: u32, params: Params) -> Result<()> {
        if !self.variant.uses_images() {
            return Err(Error::invalid(format!("the {} blur variant works on packed u32 buffers: use record_packed", self.variant)));
        }
        let [src, dst, tmp] = views;
        if src == dst || src == tmp || dst == tmp {
            return Err(Error::invalid("blur: src, dst and tmp must be three different images"));
        }
        let (w, h) = (width, height);
        let info = rec.context().info().clone();
        validate(&info, w, h, params, self.variant)?;
        let kernel = self.kernel.as_ref().ok_or_else(|| Error::invalid("blur kernel missing"))?;
        let groups = dispatch_groups(&info, w, h, params.filter, self.variant, &self.config);
        let per = self.variant.passes_per_iteration();
        let passes = chain(params.iterations * per, &src, &dst, &tmp);
        for (i, (input, output)) in passes.into_iter().enumerate() {
            if i > 0 {
                rec.barrier(Sync::ComputeToCompute);
            }
            let pass = i % per as usize;
            let push = Push { width: w, height: h, filter_size: params.filter, flip: pass as u32 };
            let g = groups[pass];
            rec.dispatch(kernel, [g[0], g[1], 1], &[Bind::raw_image(*input), Bind::raw_image(*output)], &gpu::push_bytes(&push))?;
        }
        Ok(())
    }

    /// Engine mode for `fastest`: `src`, `dst`, `tmp` are three distinct buffers of at least
    /// `width * height` (`size`) packed pixels (`r | g << 8 | b << 16 | a << 24`, row-major, no padding).
    /// One dispatch per iteration; `tmp` is used only when `iterations > 1`. Barrier contract as
    /// for [`Blur::record`]: `src` visible to compute-shader reads before; `dst` written by the
    /// compute stage after, the caller's barrier makes it visible to its consumer.
    pub fn record_packed(
        &self,
        rec: &mut Recorder,
        src: &Buffer<u32>,
        dst: &Buffer<u32>,
        tmp: &Buffer<u32>,
        [width, height]: [u32; 2],
        params: Params,
    ) -> Result<()> {
        if self.variant != Variant::Fastest {
            return Err(Error::invalid(format!("the {} blur variant works on rgba8 images: use record", self.variant)));
        }
        let ctx = rec.context();
        let info = ctx.info().clone();
        validate_with(&info, width, height, params, self.variant, &self.config)?;
        let n = width as usize * height as usize;
        for (name, b) in [("src", src), ("dst", dst), ("tmp", tmp)] {
            if b.len() < n {
                return Err(Error::invalid(format!("blur {name}: {} pixels for a {width}x{height} image", b.len())));
            }
        }
        if src.raw() == dst.raw() || src.raw() == tmp.raw() || dst.raw() == tmp.raw() {
            return Err(Error::invalid("blur: src, dst and tmp must be three different buffers"));
        }
        let kernel = self.fastest_kernel(ctx, params.filter)?;
        let g = dispatch_groups(&info, width, height, params.filter, self.variant, &self.config)[0];
        let push = Push { width, height, filter_size: params.filter, flip: 0 };
        for (i, (input, output)) in chain(params.iterations, src, dst, tmp).into_iter().enumerate() {
            if i > 0 {
                rec.barrier(Sync::ComputeToCompute);
            }
            // Binding 2 is `src` again, seen as uvec4 (read only where width % 4 == 0).
            let binds = [input.bind_range(0, n), output.bind_range(0, n), input.bind_range(0, n)];
            rec.dispatch(&kernel, [g[0], g[1], 1], &binds, &gpu::push_bytes(&push))?;
        }
        Ok(())
    }

    /// `fastest-sampled`'s shape: the configured one, or [`SampledShape::auto`].
    fn sampled_shape(&self, info: &DeviceInfo, halves: bool, filter: u32) -> SampledShape {
        self.config.sampled.unwrap_or_else(|| SampledShape::auto(info, halves, filter))
    }

    /// `fastest-sampled`'s segment: the configured one, or [`auto_segment`].
    fn sampled_segment(&self, halves: bool, filter: u32) -> u32 {
        self.config.sampled_segment.unwrap_or_else(|| auto_segment(halves, filter))
    }

    fn pass_kernel(&self, ctx: &Context, key: PassKey) -> Result<Arc<Kernel>> {
        let (vertical, (halves, decode, filter), segment) = key;
        let mut cache = self.passes.lock().map_err(|_| Error::invalid("blur kernel cache poisoned"))?;
        if let Some((_, k)) = cache.iter().find(|(k, _)| *k == key) {
            return Ok(k.clone());
        }
        let shader = match (vertical, halves) {
            (false, false) => &shaders::BLUR_HORIZONTAL_RUNNING_SUMS,
            (true, false) => &shaders::BLUR_VERTICAL_RUNNING_SUMS,
            (false, true) => &shaders::BLUR_HORIZONTAL_RUNNING_SUMS_HALF,
            (true, true) => &shaders::BLUR_VERTICAL_RUNNING_SUMS_HALF,
        };
        // 5: the 8-bit decode (sRGB); 6: rgba32f texels rounded to half first.
        let spec = [(0, PASS_WORKGROUP), (3, filter), (7, segment), (if halves { 6 } else { 5 }, decode)];
        let k = Arc::new(Kernel::new(ctx, shader, &spec)?);
        cache.push((key, k.clone()));
        Ok(k)
    }

    fn sampled_kernel(&self, ctx: &Context, key: SampledKey) -> Result<Arc<Kernel>> {
        let (halves, decode, filter) = key;
        let mut cache = self.sampled.lock().map_err(|_| Error::invalid("blur kernel cache poisoned"))?;
        if let Some((_, k)) = cache.iter().find(|(k, _)| *k == key) {
            return Ok(k.clone());
        }
        let max = ctx.info().max_shared_memory_bytes;
        let sh = self.sampled_shape(ctx.info(), halves, filter);
        let (tw, th, shared) = sh.tile(max, filter, shared_texel_bytes(halves));
        if shared > max {
            return Err(Error::invalid(format!(
                "fastest-sampled at filter {filter}: its smallest tile needs {shared} bytes of shared memory, the device allows {max}"
            )));
        }
        if sh.workgroup > ctx.info().max_workgroup_invocations || sh.workgroup > ctx.info().max_workgroup_size[0] {
            return Err(Error::invalid(format!(
                "fastest-sampled workgroup {}: the device allows {}",
                sh.workgroup,
                ctx.info().max_workgroup_invocations
            )));
        }
        let spec = [(0, sh.workgroup), (1, tw), (2, th), (3, filter), (4, sh.px)];
        // 5: the 8-bit decode (sRGB); 6: rgba32f texels rounded to half first.
        let k = Arc::new(if halves {
            Kernel::new(ctx, &shaders::BLUR_FASTEST_SAMPLED_HALF, &[&spec[..], &[(6, decode)]].concat())?
        } else {
            Kernel::new(ctx, &shaders::BLUR_FASTEST_SAMPLED, &[&spec[..], &[(5, decode)]].concat())?
        });
        cache.push((key, k.clone()));
        Ok(k)
    }

    /// Engine mode for `fastest-sampled`: the blur of the caller's sampled image `src` (any
    /// [`ColorFormat`]) into `dst`. `dst` and `tmp` are two distinct storage images of `size` in
    /// [`output_format`] (`R8G8B8A8_UNORM` for 8-bit sources, the stored codes blurred as the
    /// rgba8 variants do; `R16G16B16A16_SFLOAT` for float sources, each pass the exact mean
    /// rounded to half) in `GENERAL` layout; where `iterations > 1` they also need `SAMPLED`
    /// usage (the next iteration reads the last one's output). By default (see [`auto_segment`];
    /// `FastestConfig::sampled_segment` overrides it), for 8-bit filters up to 39 one
    /// fused dispatch per iteration, and `tmp` is used only when `iterations > 1`; for float
    /// formats and from filters of 40, two running-sum dispatches per iteration (the rows into
    /// `tmp`, then its columns into `dst`), so `tmp` is always written. Barrier contract as for
    /// [`Blur::record`]: `src` visible to compute-shader sampled reads before; `dst` written by the
    /// compute stage after, the caller's barrier makes it visible to its consumer.
    pub fn record_sampled(
        &self,
        rec: &mut Recorder,
        src: SampledSource,
        [dst, tmp]: [vk::ImageView; 2],
        [width, height]: [u32; 2],
        params: Params,
    ) -> Result<()> {
        if !self.variant.reads_sampled() {
            return Err(Error::invalid(format!("the {} blur variant does not read sampled images: use fastest-sampled", self.variant)));
        }
        if src.view == dst || src.view == tmp || dst == tmp {
            return Err(Error::invalid("blur: src, dst and tmp must be three different images"));
        }
        let format = src.check("blur")?;
        let ctx = rec.context();
        let info = ctx.info().clone();
        validate(&info, width, height, params, self.variant)?;
        let (halves, _, _) = sampled_key(format, params.filter);
        // The float kernels' fourth word is 2^-24 / N rounded to f32, their approximate mean's factor.
        let scale = if halves { (2f64.powi(-24) / params.filter as f64) as f32 } else { 0.0 };
        let push = Push { width, height, filter_size: params.filter, flip: scale.to_bits() };
        let segment = self.sampled_segment(halves, params.filter);
        if segment > 0 {
            // The running-sum passes: per iteration, the input's rows into `tmp`, then `tmp`'s
            // columns into `dst`; the next iteration reads `dst`.
            let first = self.pass_kernel(ctx, (false, sampled_key(format, params.filter), segment))?;
            let rest = self.pass_kernel(ctx, (false, sampled_key(output_format(format), params.filter), segment))?;
            let vertical = self.pass_kernel(ctx, (true, sampled_key(output_format(format), params.filter), segment))?;
            let rows = [height.div_ceil(PASS_WORKGROUP), width.div_ceil(segment), 1];
            let columns = [width.div_ceil(PASS_WORKGROUP), height.div_ceil(segment), 1];
            for i in 0..params.iterations {
                let (kernel, input, layout) = if i == 0 { (&first, src.view, src.layout) } else { (&rest, dst, vk::ImageLayout::GENERAL) };
                if i > 0 {
                    rec.barrier(Sync::ComputeToCompute);
                }
                rec.dispatch(kernel, rows, &[Bind::raw_sampled(input, layout), Bind::raw_image(tmp)], &gpu::push_bytes(&push))?;
                rec.barrier(Sync::ComputeToCompute);
                rec.dispatch(&vertical, columns, &[Bind::raw_image(tmp), Bind::raw_image(dst)], &gpu::push_bytes(&push))?;
            }
            return Ok(());
        }
        let first = self.sampled_kernel(ctx, sampled_key(format, params.filter))?;
        let rest = self.sampled_kernel(ctx, sampled_key(output_format(format), params.filter))?;
        let shape = self.sampled_shape(&info, halves, params.filter);
        let (tw, th, _) = shape.tile(info.max_shared_memory_bytes, params.filter, shared_texel_bytes(halves));
        let groups = [width.div_ceil(tw), height.div_ceil(th), 1];
        for (i, (input, output)) in chain(params.iterations, &src.view, &dst, &tmp).into_iter().enumerate() {
            // The first pass reads the caller's image; later ones the last output, in GENERAL.
            let (kernel, layout) = if i == 0 { (&first, src.layout) } else { (&rest, vk::ImageLayout::GENERAL) };
            if i > 0 {
                rec.barrier(Sync::ComputeToCompute);
            }
            let binds = [Bind::raw_sampled(*input, layout), Bind::raw_image(*output)];
            rec.dispatch(kernel, groups, &binds, &gpu::push_bytes(&push))?;
        }
        Ok(())
    }
}

/// A blur's result: rgba8 codes (every variant on rgba8, `fastest-sampled` on 8-bit formats) or
/// halves (`fastest-sampled` on float formats).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Blurred {
    /// RGBA8 codes.
    Codes(Rgba8),
    /// Half-float RGBA texels.
    Halves(Rgba16f),
}

impl Blurred {
    /// The rgba8 result (an error for halves).
    pub fn codes(self) -> Result<Rgba8> {
        match self {
            Blurred::Codes(img) => Ok(img),
            Blurred::Halves(_) => Err(Error::invalid("the blur of a float image is rgba16f, not rgba8")),
        }
    }
    /// Equal, where a NaN equals any NaN (a store may change a NaN's payload).
    pub fn same_as(&self, other: &Blurred) -> bool {
        let nan = |h: u16| h & 0x7C00 == 0x7C00 && h & 0x03FF != 0;
        match (self, other) {
            (Blurred::Codes(a), Blurred::Codes(b)) => a == b,
            (Blurred::Halves(a), Blurred::Halves(b)) => {
                (a.width, a.height) == (b.width, b.height)
                    && a.texels.iter().flatten().zip(b.texels.iter().flatten()).all(|(x, y)| x == y || (nan(*x) && nan(*y)))
            }
            _ => false,
        }
    }
    /// The result's format: rgba8 or rgba16f.
    pub fn format(&self) -> ColorFormat {
        match self {
            Blurred::Codes(_) => ColorFormat::Rgba8,
            Blurred::Halves(_) => ColorFormat::Rgba16f,
        }
    }
}

/// The device-side images or buffers of one blur, uploaded once.
enum Resources {
    Images { src: Image, dst: Image, tmp: Image },
    Packed { src: Buffer<u32>, dst: Buffer<u32>, tmp: Buffer<u32> },
    Sampled { src: Image, dst: Image, tmp: Image },
}

impl Resources {
    fn new(ctx: &Context, t: &Texels, variant: Variant) -> Result<Resources> {
        let (w, h) = (t.width, t.height);
        let to_general = |images: [&Image; 2]| {
            ctx.submit(|rec| {
                for i in images {
                    rec.image_layout(i, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
                }
                Ok(())
            })
        };
        if variant.reads_sampled() {
            let src = Image::sampled_from_texels(ctx, w, h, t.format.vk(), t.format.texel_bytes(), &t.bytes, "blur src")?;
            let out = output_format(t.format);
            let usage = vk::ImageUsageFlags::STORAGE | vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_SRC;
            let dst = Image::with_format(ctx, w, h, out.vk(), out.texel_bytes(), usage, "blur dst")?;
            let tmp = Image::with_format(ctx, w, h, out.vk(), out.texel_bytes(), usage, "blur tmp")?;
            to_general([&dst, &tmp])?;
            return Ok(Resources::Sampled { src, dst, tmp });
        }
        if t.format != ColorFormat::Rgba8 {
            return Err(Error::invalid(format!(
                "the {variant} blur variant reads rgba8 only: use fastest-sampled for {}",
                t.format.name()
            )));
        }
        if variant.uses_images() {
            let src = Image::from_rgba8(ctx, w, h, &t.bytes, "blur src")?;
            let dst = Image::new(ctx, w, h, "blur dst")?;
            let tmp = Image::new(ctx, w, h, "blur tmp")?;
            to_general([&dst, &tmp])?;
            Ok(Resources::Images { src, dst, tmp })
        } else {
            let n = w as usize * h as usize;
            let src = Buffer::from_slice(ctx, &bytemuck::pod_collect_to_vec::<u8, u32>(&t.bytes), "blur src")?;
            let dst = Buffer::new(ctx, n, "blur dst")?;
            let tmp = Buffer::new(ctx, n, "blur tmp")?;
            Ok(Resources::Packed { src, dst, tmp })
        }
    }

    fn record(&self, blur: &Blur, rec: &mut Recorder, w: u32, h: u32, params: Params) -> Result<()> {
        match self {
            Resources::Images { src, dst, tmp } => blur.record(rec, src, dst, tmp, params),
            Resources::Packed { src, dst, tmp } => blur.record_packed(rec, src, dst, tmp, [w, h], params),
            Resources::Sampled { src, dst, tmp } => {
                let source = SampledSource { view: src.view(), layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, format: src.format };
                blur.record_sampled(rec, source, [dst.view(), tmp.view()], [w, h], params)
            }
        }
    }

    fn read(&self, ctx: &Context, w: u32, h: u32) -> Result<Blurred> {
        match self {
            Resources::Images { dst, .. } => Ok(Blurred::Codes(Rgba8::new(w, h, dst.read(ctx)?)?)),
            Resources::Packed { dst, .. } => Ok(Blurred::Codes(Rgba8::new(w, h, bytemuck::cast_slice(&ctx.read(dst)?).to_vec())?)),
            Resources::Sampled { dst, .. } if dst.format == vk::Format::R16G16B16A16_SFLOAT => {
                Ok(Blurred::Halves(Rgba16f::from_bytes(w, h, &dst.read(ctx)?)?))
            }
            Resources::Sampled { dst, .. } => Ok(Blurred::Codes(Rgba8::new(w, h, dst.read(ctx)?)?)),
        }
    }
}

fn rgba8_texels(img: &Rgba8) -> Texels {
    Texels { width: img.width, height: img.height, format: ColorFormat::Rgba8, bytes: img.pixels.clone() }
}

/// [`validate_with`] for texels of any format.
pub fn validate_texels(info: &DeviceInfo, t: &Texels, params: Params, variant: Variant, cfg: &FastestConfig) -> Result<()> {
    validate_format(t.format, variant)?;
    validate_with(info, t.width, t.height, params, variant, cfg)
}

/// Refuses formats other than rgba8 for the variants that read rgba8 only.
fn validate_format(format: ColorFormat, variant: Variant) -> Result<()> {
    if format != ColorFormat::Rgba8 && variant != Variant::Cpu && !variant.reads_sampled() {
        return Err(Error::invalid(format!(
            "the {variant} blur variant reads rgba8 only; {} images take fastest-sampled (or cpu)",
            format.name()
        )));
    }
    Ok(())
}

/// The CPU reference on texels of any format: the integer blur of the stored codes (8-bit
/// formats), or the exact-mean blur of the halves (float formats; `cpu::blur::blur_half`).
pub fn reference_texels(t: &Texels, params: Params) -> Result<Blurred> {
    check_iterations(params.iterations)?;
    if params.filter == 0 || params.filter > MAX_FILTER {
        // (past about 2^24 / 255 a window's u32 sum would wrap)
        return Err(Error::invalid(format!("filter size {}: use 1 to {MAX_FILTER}", params.filter)));
    }
    Ok(match t.format.encoding() {
        Encoding::Float => Blurred::Halves(cpu::blur::blur_half(&t.halves()?, params.filter, params.iterations)),
        _ => Blurred::Codes(cpu::blur::blur_par(&t.codes()?, params.filter, params.iterations)),
    })
}

/// Blurs host pixels with `variant` and returns the result.
pub fn run(ctx: &Context, img: &Rgba8, params: Params, variant: Variant) -> Result<Rgba8> {
    run_with(ctx, img, params, variant, FastestConfig::default())
}

/// [`run`] with `fastest`'s knobs.
pub fn run_with(ctx: &Context, img: &Rgba8, params: Params, variant: Variant, cfg: FastestConfig) -> Result<Rgba8> {
    validate_with(ctx.info(), img.width, img.height, params, variant, &cfg)?;
    if variant == Variant::Cpu {
        return Ok(cpu::blur::blur_par(img, params.filter, params.iterations));
    }
    run_on(ctx, &Blur::with_config(ctx, variant, cfg)?, img, params)
}

/// [`run`] with kernels already built (reused across images: pipelines are built once).
pub fn run_on(ctx: &Context, blur: &Blur, img: &Rgba8, params: Params) -> Result<Rgba8> {
    run_texels_on(ctx, blur, &rgba8_texels(img), params)?.codes()
}

/// Blurs host texels of any [`ColorFormat`]: `cpu` and `fastest-sampled` take every format, the
/// other variants rgba8.
pub fn run_texels(ctx: &Context, t: &Texels, params: Params, variant: Variant) -> Result<Blurred> {
    validate_format(t.format, variant)?;
    validate(ctx.info(), t.width, t.height, params, variant)?;
    if variant == Variant::Cpu {
        return reference_texels(t, params);
    }
    run_texels_on(ctx, &Blur::new(ctx, variant)?, t, params)
}

/// [`run_texels`] with kernels already built.
pub fn run_texels_on(ctx: &Context, blur: &Blur, t: &Texels, params: Params) -> Result<Blurred> {
    validate_format(t.format, blur.variant)?;
    validate_with(ctx.info(), t.width, t.height, params, blur.variant, &blur.config)?;
    let res = Resources::new(ctx, t, blur.variant)?;
    ctx.submit(|rec| {
        res.record(blur, rec, t.width, t.height, params)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    res.read(ctx, t.width, t.height)
}

/// Uploads once, then times only the blur: `warmup` untimed and `runs` timed submissions with
/// GPU timestamps (`gpu::measure`). For `cpu` the wall-clock time of the parallel reference.
/// Returns the timing and the result.
pub fn time(ctx: &Context, img: &Rgba8, params: Params, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Rgba8)> {
    time_with(ctx, img, params, variant, FastestConfig::default(), warmup, runs)
}

/// [`time`] with `fastest`'s knobs.
pub fn time_with(
    ctx: &Context,
    img: &Rgba8,
    params: Params,
    variant: Variant,
    cfg: FastestConfig,
    warmup: u32,
    runs: u32,
) -> Result<(Timing, Rgba8)> {
    let (timing, out) = time_texels_with(ctx, &rgba8_texels(img), params, variant, cfg, warmup, runs)?;
    Ok((timing, out.codes()?))
}

/// [`time`] on host texels of any format (see [`run_texels`]).
pub fn time_texels(ctx: &Context, t: &Texels, params: Params, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Blurred)> {
    time_texels_with(ctx, t, params, variant, FastestConfig::default(), warmup, runs)
}

/// [`time_texels`] with `fastest`'s knobs.
pub fn time_texels_with(
    ctx: &Context,
    t: &Texels,
    params: Params,
    variant: Variant,
    cfg: FastestConfig,
    warmup: u32,
    runs: u32,
) -> Result<(Timing, Blurred)> {
    validate_format(t.format, variant)?;
    validate_with(ctx.info(), t.width, t.height, params, variant, &cfg)?;
    if variant == Variant::Cpu {
        let mut samples = Vec::new();
        let mut out = None;
        for i in 0..warmup.saturating_add(runs.max(1)) {
            let start = std::time::Instant::now();
            let r = reference_texels(t, params)?;
            if i >= warmup {
                samples.push(start.elapsed().as_nanos() as f64);
            }
            out = Some(r);
        }
        return Ok((Timing::from_samples(samples), out.unwrap()));
    }
    let blur = Blur::with_config(ctx, variant, cfg)?;
    let res = Resources::new(ctx, t, variant)?;
    let timing = gpu::measure(ctx, warmup, runs.max(1), |rec| res.record(&blur, rec, t.width, t.height, params))?;
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    Ok((timing, res.read(ctx, t.width, t.height)?))
}

/// [`ideal_bytes`] for texels of `format`: the first iteration reads them, each writes its
/// [`output_format`], and later ones read that.
pub fn ideal_bytes_of(format: ColorFormat, width: u32, height: u32, params: Params) -> u64 {
    let (read, out) = (format.texel_bytes() as u64, output_format(format).texel_bytes() as u64);
    width as u64 * height as u64 * (read + out + (params.iterations.max(1) as u64 - 1) * 2 * out)
}

/// Bytes a variant must move at the least: the image read and written once per iteration.
pub fn ideal_bytes(width: u32, height: u32, params: Params) -> u64 {
    width as u64 * height as u64 * 4 * 2 * params.iterations as u64
}
