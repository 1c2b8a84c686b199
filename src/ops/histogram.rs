//! The image histogram, every step of seeds 000 (WebGPU article) and 001 (OpenGL lecture), and
//! ours. `run` takes host pixels; `Histogram::record` records into the caller's command buffer.
//!
//! Inputs larger than one storage binding (`maxStorageBufferRange`) are processed in bands of
//! rows; images larger than `maxImageDimension2D` are uploaded as tiles. Bins are zeroed by
//! `record` itself. `fastest-sampled` reads an engine's image of any [`ColorFormat`] (sRGB, BGRA,
//! half and float HDR) with `texelFetch`; for HDR, `Measure::LogLuminance` bins by octaves.
pub use crate::cpu::histogram::{LogRange, Measure};
use crate::gpu::{
    measure, measure_after, vk, Bind, Buffer, Context, DeviceInfo, Error, Image, InvocationCounter, Kernel, Recorder, Result, Sync, Timing,
};
/// Host texels of any format (moved to `ops::images`; kept here for callers of the histogram).
pub use crate::ops::images::Texels;
use crate::ops::images::{ColorFormat, Encoding, Rgba8, Texel};
use crate::shaders;

/// The most bins any variant accepts (grey's `(r+g+b) * (bins-1)` must fit 32 bits).
pub const MAX_BINS: u32 = 1 << 22;
/// The most bins `per-thread` keeps in a private (register/local) array.
pub const MAX_PRIVATE_BINS: u32 = 1024;
/// `fastest`'s default invocations per workgroup, groups per multiprocessor, and groups where
/// the driver does not tell the multiprocessors (the same 65536 invocations as 64 x 1024).
const FASTEST_WORKGROUP: u32 = 512;
const FASTEST_GROUPS_PER_CU: u32 = 3;
const FASTEST_GROUPS_UNKNOWN: u32 = 128;
/// The most workgroups (of 256) of a persistent grid over an image's tiles.
const IMAGE_TILE_GROUPS: u64 = 1024;

/// The workgroups (of 256) that walk a `width x height` image in tiles of 32 x 64 texels
/// (`glsl/include/image_tiles.glsl`): one per tile, at most IMAGE_TILE_GROUPS.
pub fn image_tile_groups(width: u32, height: u32) -> u32 {
    let tiles = width.div_ceil(32) as u64 * height.div_ceil(64) as u64;
    tiles.clamp(1, IMAGE_TILE_GROUPS) as u32
}
/// `fastest`'s default CHECK_SKIP (see Params::check_skip).
const FASTEST_CHECK_SKIP: u32 = 3;

/// The variants, in the order the documents teach them, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Seed 000 step 0 / 001: the CPU loop on one thread (the reference).
    Cpu,
    /// The CPU loop on every core (rayon).
    CpuPar,
    /// Seed 000 step 1: one GPU invocation loops over every pixel.
    Single,
    /// Seed 000 step 2: one invocation per pixel, plain `bins[b] += 1` (wrong on purpose).
    Racy,
    /// Seed 000 step 3: one invocation per pixel, a global `atomicAdd`.
    Atomic,
    /// Seed 000 steps 4+5: shared atomic bins per chunk, then one workgroup sums every chunk.
    ChunksSum,
    /// Seed 000 step 6: the chunks reduced pairwise in `ceil(log2(chunks))` dispatches.
    ChunksReduce,
    /// Seed 001 v1: `imageLoad` from an rgba8 `image2D`, one global `atomicAdd` per pixel.
    GlobalAtomic,
    /// Seed 001 v2: a shared-memory group histogram, one global `atomicAdd` per non-zero bin.
    Shared,
    /// Seed 001 v3: a private histogram per invocation over 4x4 pixels, then the group's.
    PerThread,
    /// Ours: per-subgroup shared sub-histograms, 16-byte loads, a persistent grid, run aggregation.
    Fastest,
    /// Ours on an rgba8 `image2D`: per-subgroup shared sub-histograms, tiles of 32 x 64 texels.
    FastestImage,
    /// Ours on a sampled image of any [`ColorFormat`]: `FastestImage`'s walk with `texelFetch`.
    FastestSampled,
}

impl Variant {
    /// Every variant, in the order the documents teach them, then ours.
    pub const ALL: [Variant; 13] = [
        Variant::Cpu,
        Variant::CpuPar,
        Variant::Single,
        Variant::Racy,
        Variant::Atomic,
        Variant::ChunksSum,
        Variant::ChunksReduce,
        Variant::GlobalAtomic,
        Variant::Shared,
        Variant::PerThread,
        Variant::Fastest,
        Variant::FastestImage,
        Variant::FastestSampled,
    ];
    /// The variant's name on the command line and in reports (what `FromStr` parses).
    pub fn name(self) -> &'static str {
        match self {
            Variant::Cpu => "cpu",
            Variant::CpuPar => "cpu-par",
            Variant::Single => "single",
            Variant::Racy => "racy",
            Variant::Atomic => "atomic",
            Variant::ChunksSum => "chunks-sum",
            Variant::ChunksReduce => "chunks-reduce",
            Variant::GlobalAtomic => "global-atomic",
            Variant::Shared => "shared",
            Variant::PerThread => "per-thread",
            Variant::Fastest => "fastest",
            Variant::FastestImage => "fastest-image",
            Variant::FastestSampled => "fastest-sampled",
        }
    }
    /// One line on what the variant does and which seed's step it is.
    pub fn description(self) -> &'static str {
        match self {
            Variant::Cpu => "000 step 0 / 001: the CPU loop, one thread (the reference)",
            Variant::CpuPar => "the CPU loop on every core (rayon)",
            Variant::Single => "000 step 1: one GPU invocation loops over every pixel",
            Variant::Racy => "000 step 2: one invocation per pixel, plain bins[b] += 1 (WRONG on purpose: loses counts)",
            Variant::Atomic => "000 step 3: one invocation per pixel, global atomicAdd",
            Variant::ChunksSum => "000 steps 4+5: shared atomic bins per chunk, then ONE workgroup sums all chunks",
            Variant::ChunksReduce => "000 step 6: shared atomic bins per chunk, chunks reduced pairwise in log2 dispatches",
            Variant::GlobalAtomic => "001 v1: imageLoad from an rgba8 image2D, 8x8 groups, one global atomicAdd per pixel",
            Variant::Shared => "001 v2: group histogram in shared memory, one global atomicAdd per non-zero bin per group",
            Variant::PerThread => "001 v3: private histogram per invocation over 4x4 pixels, then group, then global",
            Variant::Fastest => "ours: per-subgroup shared sub-histograms, 16-byte loads, persistent grid, run aggregation",
            Variant::FastestImage => {
                "ours on 001's rgba8 image2D: per-subgroup shared sub-histograms, tiles of 32x64 texels, 8 loads in flight"
            }
            Variant::FastestSampled => {
                "ours on a sampled image of any colour format (sRGB, BGRA, half/float HDR): fastest-image's walk with texelFetch"
            }
        }
    }
    /// Whether the variant runs on the GPU (all but `Cpu` and `CpuPar`).
    pub fn is_gpu(self) -> bool {
        !matches!(self, Variant::Cpu | Variant::CpuPar)
    }
    /// False for the variant that is wrong on purpose.
    pub fn is_exact(self) -> bool {
        self != Variant::Racy
    }
    /// 001's variants and `fastest-image` read an rgba8 `image2D`; the others a buffer of
    /// packed pixels.
    pub fn reads_image(self) -> bool {
        matches!(self, Variant::GlobalAtomic | Variant::Shared | Variant::PerThread | Variant::FastestImage)
    }
    /// `fastest-sampled` reads a sampled image (`Input::Sampled`) of `Params::format`.
    pub fn reads_sampled(self) -> bool {
        self == Variant::FastestSampled
    }
    /// Which variants keep the bins in shared memory.
    pub fn uses_shared(self) -> bool {
        matches!(
            self,
            Variant::ChunksSum
                | Variant::ChunksReduce
                | Variant::Shared
                | Variant::PerThread
                | Variant::Fastest
                | Variant::FastestImage
                | Variant::FastestSampled
        )
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Variant> {
        Variant::ALL.iter().copied().find(|v| v.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
            Error::invalid(format!("unknown histogram variant {s:?} (have {}, auto, all)", names.join(", ")))
        })
    }
}

/// 000's chunk shape for the chunk variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ChunkShape {
    /// Chunk width in pixels: the workgroup's invocations in x (default 256).
    pub width: u32,
    /// Chunk height in pixels: the workgroup's invocations in y (default 1).
    pub height: u32,
}

impl Default for ChunkShape {
    fn default() -> Self {
        ChunkShape { width: 256, height: 1 }
    }
}

impl std::str::FromStr for ChunkShape {
    type Err = Error;
    fn from_str(s: &str) -> Result<ChunkShape> {
        let bad = || Error::invalid(format!("chunk shape {s:?}: use WxH, e.g. 256x1 or 16x16"));
        let (w, h) = s.split_once('x').ok_or_else(bad)?;
        let (width, height) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
        if width == 0 || height == 0 {
            return Err(bad());
        }
        Ok(ChunkShape { width, height })
    }
}

/// What a histogram counts, and the variants' knobs (`None`: the default). `Params::default()`
/// is 256 bins of seed 000's luminance from rgba8 pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Params {
    /// Number of bins, 1 to [`MAX_BINS`] (default 256).
    pub bins: u32,
    /// What is binned: luminance (default), grey or log-luminance.
    pub measure: Measure,
    /// The chunk variants' chunk shape (default 256x1).
    pub chunk: ChunkShape,
    /// `fastest`: workgroups of the persistent grid (default: 3 per multiprocessor, or 128).
    pub groups: Option<u32>,
    /// `fastest`: invocations per workgroup (default 512, or the device's maximum).
    pub workgroup: Option<u32>,
    /// `fastest`: aggregate runs of equal bins inside a lane (default false: slower on an H200).
    pub lane_runs: Option<bool>,
    /// `fastest`: 16-byte loads per invocation per iteration (1..=8, default 2).
    pub loads: Option<u32>,
    /// `fastest`: issue the next iteration's loads before counting this one (default true).
    pub prefetch: Option<bool>,
    /// `fastest`: warp-aggregated shared atomics with subgroupPartitionNV, where the device
    /// offers VK_NV_shader_subgroup_partitioned (default: no).
    pub partitioned: Option<bool>,
    /// `fastest`: blocks binned without the one-colour test after one that failed it (default 3).
    pub check_skip: Option<u32>,
    /// `time`: include the zero fill of the bins in the timed region (default: no, the fill is
    /// recorded before the start timestamp, as the CUDA peer's memset is outside its events).
    pub time_clear: Option<bool>,
    /// The format of the image `fastest-sampled` reads (the others read rgba8 only). Host runs
    /// store the photo in it (`ColorFormat::texels_from_rgba8`).
    pub format: ColorFormat,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            bins: 256,
            measure: Measure::Luminance,
            chunk: ChunkShape::default(),
            groups: None,
            workgroup: None,
            lane_runs: None,
            loads: None,
            prefetch: None,
            partitioned: None,
            check_skip: None,
            time_clear: None,
            format: ColorFormat::Rgba8,
        }
    }
}

/// `fastest`'s invocations per workgroup: the request, else the default within the device's limits.
fn fastest_workgroup(info: &DeviceInfo, params: &Params) -> u32 {
    params.workgroup.unwrap_or(FASTEST_WORKGROUP.min(info.max_workgroup_invocations).min(info.max_workgroup_size[0]))
}

/// Checks that `variant` can compute `params` on this device, with a message naming the limit.
pub fn validate(info: &DeviceInfo, params: &Params, variant: Variant) -> Result<()> {
    let bins = params.bins;
    if bins == 0 {
        return Err(Error::invalid("bins must be at least 1"));
    }
    if bins > MAX_BINS {
        return Err(Error::invalid(format!("{bins} bins: at most {MAX_BINS} are supported")));
    }
    if let Measure::LogLuminance(range) = params.measure {
        validate_log_range(range, bins)?;
    }
    let format = params.format;
    if format != ColorFormat::Rgba8 && variant != Variant::FastestSampled && variant.is_gpu() {
        return Err(Error::invalid(format!(
            "{} reads rgba8 pixels; fastest-sampled reads {} images (or leave the format rgba8)",
            variant.name(),
            format.name()
        )));
    }
    if format.encoding() == Encoding::Float && !matches!(params.measure, Measure::LogLuminance(_)) {
        return Err(Error::invalid(format!(
            "{} holds float colours: bin them by log-luminance (luminance and grey bin 8-bit codes)",
            format.name()
        )));
    }
    let shared = info.max_shared_memory_bytes as u64;
    if variant.uses_shared() && bins as u64 * 4 > shared {
        return Err(Error::invalid(format!(
            "{bins} bins do not fit the shared memory of {} ({shared} bytes = {} bins) for variant {}; use atomic, global-atomic or auto",
            info.name,
            shared / 4,
            variant.name()
        )));
    }
    if variant == Variant::PerThread && bins > MAX_PRIVATE_BINS {
        return Err(Error::invalid(format!(
            "per-thread keeps a private histogram per invocation: at most {MAX_PRIVATE_BINS} bins, asked {bins}"
        )));
    }
    if matches!(variant, Variant::ChunksSum | Variant::ChunksReduce) {
        let c = params.chunk;
        let inv = c.width as u64 * c.height as u64;
        if inv > info.max_workgroup_invocations as u64 || c.width > info.max_workgroup_size[0] || c.height > info.max_workgroup_size[1] {
            return Err(Error::invalid(format!(
                "chunk {}x{} exceeds the device's workgroup limits ({:?}, {} invocations)",
                c.width, c.height, info.max_workgroup_size, info.max_workgroup_invocations
            )));
        }
    }
    if variant == Variant::Fastest {
        validate_fastest_knobs(info, params)?;
    }
    Ok(())
}

/// Checks `fastest`'s knobs (workgroup size, groups, loads, partitioned): wrong values are wrong
/// input whichever variants run, so a table refuses them before it runs any.
pub fn validate_fastest_knobs(info: &DeviceInfo, params: &Params) -> Result<()> {
    let wg = fastest_workgroup(info, params);
    if wg == 0 || wg > info.max_workgroup_size[0] || wg > info.max_workgroup_invocations {
        let max = info.max_workgroup_size[0].min(info.max_workgroup_invocations);
        return Err(Error::invalid(format!("workgroup size {wg}: use 1 to {max} (the device's limit)")));
    }
    if params.partitioned == Some(true) && !info.subgroup_partitioned {
        return Err(Error::invalid(format!("{} lacks VK_NV_shader_subgroup_partitioned (--partitioned)", info.name)));
    }
    if params.loads.is_some_and(|l| !(1..=8).contains(&l)) {
        return Err(Error::invalid("loads must be 1..=8"));
    }
    if params.groups == Some(0) {
        return Err(Error::invalid("groups must be at least 1"));
    }
    Ok(())
}

/// Checks a log-luminance range against the bins: edges within 2^-64 ..= 2^64, and a power of
/// two of bins an octave (a bin is then a run of f32 bit patterns: exact on every device).
fn validate_log_range(range: LogRange, bins: u32) -> Result<()> {
    let (lo, hi) = LogRange::LIMITS;
    if range.min < lo || range.max > hi || range.min >= range.max {
        return Err(Error::invalid(format!(
            "log range {}:{}: octaves MIN:MAX with {lo} <= MIN < MAX <= {hi}, e.g. -16:16",
            range.min, range.max
        )));
    }
    let octaves = range.octaves();
    let per = bins / octaves;
    if bins % octaves != 0 || !per.is_power_of_two() || per > 1 << 23 {
        return Err(Error::invalid(format!(
            "log-luminance over {octaves} octaves ({}:{}) needs {octaves} bins times a power of two ({}, {}, {}, ...), not {bins}",
            range.min,
            range.max,
            octaves,
            2 * octaves,
            4 * octaves
        )));
    }
    Ok(())
}

/// The fastest variant that fits the request on this device.
pub fn auto(info: &DeviceInfo, params: &Params) -> Variant {
    if params.format != ColorFormat::Rgba8 {
        // Only one variant reads the other formats.
        return Variant::FastestSampled;
    }
    // On a CPU driver (lavapipe) shared-memory atomics are emulated and slow; plain global
    // atomics measured fastest there.
    if info.device_type == "CPU" {
        return Variant::Atomic;
    }
    if validate(info, params, Variant::Fastest).is_ok() {
        Variant::Fastest
    } else {
        Variant::Atomic
    }
}

/// The fastest variant that reads an rgba8 image for the request on this device.
pub fn auto_image(info: &DeviceInfo, params: &Params) -> Variant {
    // As for buffers, a CPU driver's emulated shared atomics lose to plain global ones (lavapipe,
    // 1283x1031: global-atomic 7.4 ms, fastest-image 14.3).
    if info.device_type != "CPU" && validate(info, params, Variant::FastestImage).is_ok() {
        Variant::FastestImage
    } else {
        Variant::GlobalAtomic
    }
}

/// What `record` reads.
#[derive(Clone, Copy, Debug)]
pub enum Input {
    /// Packed RGBA8 pixels (`r | g << 8 | b << 16 | a << 24`), row-major, at `offset` bytes
    /// (a multiple of minStorageBufferOffsetAlignment). The buffer must extend to a multiple of
    /// 16 bytes past the last pixel (`fastest` reads 16 bytes at a time).
    Buffer {
        /// The buffer holding the pixels.
        buffer: vk::Buffer,
        /// Byte offset of the first pixel.
        offset: u64,
        /// Image width in pixels.
        width: u32,
        /// Image height in pixels.
        height: u32,
    },
    /// An rgba8 storage image in `GENERAL` layout.
    Image {
        /// The image's view.
        view: vk::ImageView,
        /// Image width in texels.
        width: u32,
        /// Image height in texels.
        height: u32,
    },
    /// A sampled image of `format` (one of [`ColorFormat`]'s, and the `Params::format` the
    /// histogram was built for) in `layout` (`SHADER_READ_ONLY_OPTIMAL` or `GENERAL`), for
    /// `fastest-sampled`. Only its first mip level and layer are read.
    Sampled {
        /// The image's view.
        view: vk::ImageView,
        /// The layout the image is in when the histogram reads it.
        layout: vk::ImageLayout,
        /// The view's format.
        format: vk::Format,
        /// Image width in texels.
        width: u32,
        /// Image height in texels.
        height: u32,
    },
}

/// The kernels of one variant, built for one `Params`, plus scratch space; reusable.
pub struct Histogram {
    /// The variant the kernels run.
    pub variant: Variant,
    /// The parameters the kernels were built for.
    pub params: Params,
    main: Kernel,
    sum: Option<Kernel>,
    reduce: Option<Kernel>,
    chunks: Option<Buffer<u32>>,
    max_range: u64,
    fastest_groups: u32,
}

/// Rows per band so that a band's pixels (and its chunks) fit one binding and one dispatch.
fn band_rows(variant: Variant, params: &Params, width: u32, max_range: u64, max_count: u32) -> u32 {
    let row_bytes = (width as u64 * 4).max(4);
    let mut rows = ((max_range - 64) / row_bytes).max(1);
    if matches!(variant, Variant::ChunksSum | Variant::ChunksReduce) {
        let c = params.chunk;
        let chunk_cols = width.div_ceil(c.width) as u64;
        let chunk_bytes_per_row_of_chunks = chunk_cols * params.bins as u64 * 4;
        let chunk_rows = (max_range / chunk_bytes_per_row_of_chunks).max(1).min(max_count as u64);
        rows = rows.min(chunk_rows * c.height as u64);
        rows = rows / c.height as u64 * c.height as u64;
    }
    if variant == Variant::Single {
        // One invocation per band: at most 65000 x 256 pixels (see glsl/histogram/single.comp).
        rows = rows.min((65_000 * 256 / width as u64).max(1));
    }
    if matches!(variant, Variant::Racy | Variant::Atomic) {
        rows = rows.min((max_count as u64 * max_count as u64 * 256) / width as u64);
    }
    // Band starts must stay aligned for binding offsets: a multiple of 64 rows is 256 bytes.
    if rows >= 64 {
        rows = rows / 64 * 64;
    }
    rows.clamp(1, u32::MAX as u64) as u32
}

fn grid_2d(groups: u64, max: u32) -> [u32; 3] {
    let gx = groups.min(max as u64).max(1);
    [gx as u32, groups.div_ceil(gx) as u32, 1]
}

impl Histogram {
    /// Builds the kernels of `variant` for `params`; `max_width`/`max_height` size the scratch.
    pub fn new(ctx: &Context, variant: Variant, params: &Params, max_width: u32, max_height: u32) -> Result<Histogram> {
        if !variant.is_gpu() {
            return Err(Error::invalid(format!("{} runs on the CPU", variant.name())));
        }
        let info = ctx.info();
        validate(info, params, variant)?;
        if max_width == 0 || max_height == 0 {
            return Err(Error::invalid(format!("a histogram of images up to {max_width}x{max_height}: both sides must be at least 1")));
        }
        let bins = params.bins;
        let m = params.measure.spec();
        // The log-luminance constants are declared by every kernel that bins (histogram_bin.glsl).
        let range = match params.measure {
            Measure::LogLuminance(r) => r,
            _ => LogRange::default(),
        };
        let log = [(10, range.lo_bits()), (11, range.shift(bins))];
        let common = [(1, bins), (2, m), log[0], log[1]];
        let max_range = info.max_storage_buffer_range.min(u32::MAX as u64);
        let mut sum = None;
        let mut reduce = None;
        let mut chunks = None;
        let mut fastest_groups = 0;
        let main = match variant {
            Variant::Single => Kernel::new(ctx, &shaders::HISTOGRAM_SINGLE, &common)?,
            Variant::Racy => Kernel::new(ctx, &shaders::HISTOGRAM_RACY, &common)?,
            Variant::Atomic => Kernel::new(ctx, &shaders::HISTOGRAM_ATOMIC, &common)?,
            Variant::GlobalAtomic => Kernel::new(ctx, &shaders::HISTOGRAM_GLOBAL_ATOMIC, &common)?,
            Variant::Shared => Kernel::new(ctx, &shaders::HISTOGRAM_SHARED, &common)?,
            Variant::PerThread => Kernel::new(ctx, &shaders::HISTOGRAM_PER_THREAD, &common)?,
            Variant::FastestImage => {
                // One sub-histogram per subgroup of the 256, as many as fit the shared memory.
                let fit = (info.max_shared_memory_bytes / (bins * 4)).max(1);
                let num_sub = (256 / info.subgroup_size.max(1)).clamp(1, 8).min(fit);
                Kernel::new(ctx, &shaders::HISTOGRAM_FASTEST_IMAGE, &[(1, bins), (2, m), (3, num_sub), log[0], log[1]])?
            }
            Variant::FastestSampled => {
                let fit = (info.max_shared_memory_bytes / (bins * 4)).max(1);
                let num_sub = (256 / info.subgroup_size.max(1)).clamp(1, 8).min(fit);
                let decode = match params.format.encoding() {
                    Encoding::Unorm8 => 0,
                    Encoding::Srgb8 => 1,
                    Encoding::Float => 2,
                };
                Kernel::new(ctx, &shaders::HISTOGRAM_FASTEST_SAMPLED, &[(1, bins), (2, m), (3, num_sub), (4, decode), log[0], log[1]])?
            }
            Variant::ChunksSum | Variant::ChunksReduce => {
                let c = params.chunk;
                let k = Kernel::new(ctx, &shaders::HISTOGRAM_CHUNKS, &[(0, c.width), (3, c.height), (1, bins), (2, m), log[0], log[1]])?;
                sum = Some(Kernel::new(ctx, &shaders::HISTOGRAM_CHUNKS_SUM, &[(1, bins)])?);
                if variant == Variant::ChunksReduce {
                    reduce = Some(Kernel::new(ctx, &shaders::HISTOGRAM_CHUNKS_REDUCE, &[(1, bins)])?);
                }
                let rows = band_rows(variant, params, max_width, max_range, info.max_workgroup_count[1]).min(max_height);
                let count = max_width.div_ceil(c.width) as u64 * rows.div_ceil(c.height) as u64;
                chunks = Some(Buffer::new(ctx, (count * bins as u64) as usize, "histogram chunks")?);
                k
            }
            Variant::Fastest => {
                let wg = fastest_workgroup(info, params);
                let sub = info.subgroup_size.max(1);
                // One sub-histogram per subgroup, as many as fit the shared memory.
                let fit = (info.max_shared_memory_bytes / (bins * 4)).max(1);
                let num_sub = wg.div_ceil(sub).min(fit).max(1);
                // Measured on an H200 (docs/histogram.md, 8192x8192, the bins' fill untimed): 512
                // invocations x 3 groups per multiprocessor, 2 loads per iteration with the next
                // iteration's 2 prefetched: natural 0.0669 ms, random 0.0672, flat 0.0658, 95-97%
                // of the read kernel's rate; the former 1024 x 2: 0.0698 / 0.0693 / 0.0689. (330 or
                // 462 groups of 512: 0.076-0.079 ms: a partial second wave.)
                fastest_groups = params
                    .groups
                    .unwrap_or_else(|| info.compute_units.map(|c| c * FASTEST_GROUPS_PER_CU).unwrap_or(FASTEST_GROUPS_UNKNOWN));
                let runs = params.lane_runs.unwrap_or(false) as u32;
                let loads = params.loads.unwrap_or(2);
                let pf = params.prefetch.unwrap_or(true) as u32;
                // H200, 8192x8192 (docs/histogram.md): skipping the one-colour test for 3 blocks
                // after a failed one: natural 0.0687 -> 0.0670 ms, random 0.0697 -> 0.0667, flat
                // 0.0659 -> 0.0656 (1 and 7 about the same).
                let skip = params.check_skip.unwrap_or(FASTEST_CHECK_SKIP);
                if params.partitioned == Some(true) {
                    // Partitions replace the lane runs: that shader has no LANE_RUNS constant.
                    Kernel::new(
                        ctx,
                        &shaders::HISTOGRAM_FASTEST_PARTITIONED,
                        &[(0, wg), (1, bins), (2, m), (3, num_sub), (5, loads), (6, pf), (7, skip), log[0], log[1]],
                    )?
                } else {
                    Kernel::new(
                        ctx,
                        &shaders::HISTOGRAM_FASTEST,
                        &[(0, wg), (1, bins), (2, m), (3, num_sub), (4, runs), (5, loads), (6, pf), (7, skip), log[0], log[1]],
                    )?
                }
            }
            Variant::Cpu | Variant::CpuPar => unreachable!(),
        };
        Ok(Histogram { variant, params: *params, main, sum, reduce, chunks, max_range, fastest_groups })
    }

    /// Records the histogram of `input` into `bins` (`params.bins` u32 at offset 0), zeroing it
    /// first.
    ///
    /// Barrier contract — before: the input's writes are visible to compute-shader storage reads
    /// (and a storage image is in `GENERAL`), or sampled reads for `Input::Sampled` (in the layout
    /// given); nothing still uses `bins`. After: `bins` holds the result,
    /// written by compute-shader storage writes; make it visible to your consumer (e.g.
    /// `Sync::ComputeToTransfer` before a copy, `Sync::ComputeToCompute` before a dispatch).
    pub fn record(&self, rec: &mut Recorder, input: Input, bins: vk::Buffer) -> Result<()> {
        rec.fill_raw(bins, 0, self.params.bins as u64 * 4, 0);
        rec.barrier(Sync::TransferToCompute);
        self.record_accumulate(rec, input, bins)
    }

    /// As `record`, but adds to `bins` without zeroing it (for tiles of one image).
    pub fn record_accumulate(&self, rec: &mut Recorder, input: Input, bins: vk::Buffer) -> Result<()> {
        let info = rec.context().info().clone();
        let nbins = self.params.bins as u64;
        let bins_bind = Bind::raw_buffer(bins, 0, nbins * 4);
        let max_count = info.max_workgroup_count[0];
        match input {
            Input::Image { view, width, height } => {
                if !self.variant.reads_image() {
                    return Err(Error::invalid(format!("{} reads a buffer of pixels, not an image", self.variant.name())));
                }
                let groups = if self.variant == Variant::FastestImage {
                    [image_tile_groups(width, height), 1, 1]
                } else {
                    let per = if self.variant == Variant::PerThread { 32 } else { 8 };
                    [width.div_ceil(per), height.div_ceil(per), 1]
                };
                rec.dispatch(&self.main, groups, &[Bind::raw_image(view), bins_bind], &[])?;
            }
            Input::Sampled { view, layout, format, width, height } => {
                if !self.variant.reads_sampled() {
                    return Err(Error::invalid(format!("{} does not read sampled images; use fastest-sampled", self.variant.name())));
                }
                let format = ColorFormat::from_vk(format)?;
                if format != self.params.format {
                    return Err(Error::invalid(format!(
                        "a {} image given to a histogram built for {} (Params::format)",
                        format.name(),
                        self.params.format.name()
                    )));
                }
                let groups = [image_tile_groups(width, height), 1, 1];
                rec.dispatch(&self.main, groups, &[Bind::raw_sampled(view, layout), bins_bind], &[])?;
            }
            Input::Buffer { buffer, offset, width, height } => {
                if self.variant.reads_image() || self.variant.reads_sampled() {
                    return Err(Error::invalid(format!("{} reads an image, not a buffer", self.variant.name())));
                }
                if width == 0 || height == 0 {
                    return Ok(()); // no pixels: nothing to add (`record` has zeroed the bins)
                }
                let rows_per_band = band_rows(self.variant, &self.params, width, self.max_range, info.max_workgroup_count[1]);
                let mut row = 0u32;
                let mut first = true;
                while row < height {
                    let rows = rows_per_band.min(height - row);
                    let n = width as u64 * rows as u64;
                    let band_offset = offset + row as u64 * width as u64 * 4;
                    let px = Bind::raw_buffer(buffer, band_offset, (n * 4).div_ceil(16) * 16);
                    if !first {
                        // The bins (and chunks) of the last band are written before this one adds.
                        rec.barrier(Sync::ComputeToCompute);
                    }
                    first = false;
                    let push: Vec<u8> = bytemuck::cast_slice(&[width, rows]).to_vec();
                    match self.variant {
                        Variant::Single => rec.dispatch(&self.main, [1, 1, 1], &[px, bins_bind], &push)?,
                        Variant::Racy | Variant::Atomic => {
                            rec.dispatch(&self.main, grid_2d(n.div_ceil(256), max_count), &[px, bins_bind], &push)?
                        }
                        Variant::Fastest => {
                            let groups = (self.fastest_groups as u64).min(n.div_ceil(4 * 64).max(1)) as u32;
                            rec.dispatch(&self.main, [groups, 1, 1], &[px, bins_bind], bytemuck::bytes_of(&(n as u32)))?
                        }
                        Variant::ChunksSum | Variant::ChunksReduce => self.record_chunks(rec, px, bins_bind, width, rows)?,
                        _ => unreachable!(),
                    }
                    row += rows;
                }
            }
        }
        Ok(())
    }

    fn record_chunks(&self, rec: &mut Recorder, px: Bind, bins: Bind, width: u32, rows: u32) -> Result<()> {
        let c = self.params.chunk;
        let chunks = self.chunks.as_ref().expect("chunk buffer");
        let (gx, gy) = (width.div_ceil(c.width), rows.div_ceil(c.height));
        let count = gx * gy;
        let nbins = self.params.bins as usize;
        if count as usize * nbins > chunks.len() {
            return Err(Error::invalid(format!(
                "a {width}-pixel-wide band of {rows} rows needs {count} chunks; this histogram was made for {} \
                 (Histogram::new's max_width and max_height)",
                chunks.len() / nbins
            )));
        }
        let chunk_bind = chunks.bind_range(0, count as usize * nbins);
        let sum = self.sum.as_ref().expect("sum kernel");
        // The chunks are this histogram's scratch: a record before this one in the same command
        // buffer may still be summing them.
        rec.barrier(Sync::ComputeToCompute);
        // Step 4: each workgroup counts its chunk into shared bins and copies them to its slot.
        rec.dispatch(&self.main, [gx, gy, 1], &[px, chunk_bind], bytemuck::cast_slice(&[width, rows]))?;
        rec.barrier(Sync::ComputeToCompute);
        match &self.reduce {
            None => {
                // Step 5: ONE workgroup sums every chunk.
                rec.dispatch(sum, [1, 1, 1], &[chunk_bind, bins], bytemuck::bytes_of(&count))?;
            }
            Some(reduce) => {
                // Step 6: pairwise, stride 1, 2, 4, ... (ceil(log2(chunks)) dispatches).
                let max = rec.context().info().max_workgroup_count[0];
                let mut stride = 1u32;
                while stride < count {
                    let pairs = (count as u64).div_ceil(2 * stride as u64);
                    rec.dispatch(reduce, grid_2d(pairs, max), &[chunk_bind], bytemuck::cast_slice(&[count, stride]))?;
                    rec.barrier(Sync::ComputeToCompute);
                    stride *= 2;
                }
                // Chunk 0 now holds the band's histogram: add it to the result.
                rec.dispatch(sum, [1, 1, 1], &[chunk_bind, bins], bytemuck::bytes_of(&1u32))?;
            }
        }
        Ok(())
    }
}

/// Host pixels uploaded in the form a variant reads: a padded pixel buffer, or image tiles.
pub struct Uploaded {
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    buffer: Option<Buffer<u32>>,
    tiles: Vec<Image>,
    /// The format of sampled tiles (None: rgba8 storage tiles, or a buffer).
    format: Option<ColorFormat>,
}

impl Uploaded {
    /// The pixels as `variant` reads them: packed in a buffer, in rgba8 storage images, or in
    /// sampled images of `params.format`.
    pub fn new(ctx: &Context, img: &Rgba8, variant: Variant, params: &Params) -> Result<Uploaded> {
        if !variant.reads_image() && !variant.reads_sampled() {
            let mut packed = img.packed().to_vec();
            packed.resize(packed.len().div_ceil(4) * 4 + 4, 0);
            let buffer = Buffer::from_slice(ctx, &packed, "histogram pixels")?;
            return Ok(Uploaded { width: img.width, height: img.height, buffer: Some(buffer), tiles: Vec::new(), format: None });
        }
        if variant.reads_sampled() {
            let f = params.format;
            return Self::tiles(ctx, &Texels { width: img.width, height: img.height, format: f, bytes: f.texels_from_rgba8(img) }, true);
        }
        Self::tiles(ctx, &Texels { width: img.width, height: img.height, format: ColorFormat::Rgba8, bytes: img.pixels.clone() }, false)
    }

    /// Texels in images (sampled, or rgba8 storage ones), in tiles no larger than the device
    /// allows for an image.
    fn tiles(ctx: &Context, t: &Texels, sampled: bool) -> Result<Uploaded> {
        let (texels, texel, format) = (&t.bytes, t.format.texel_bytes() as usize, sampled.then_some(t.format));
        let max = ctx.info().max_image_dimension_2d;
        let mut tiles = Vec::new();
        for y0 in (0..t.height).step_by(max as usize) {
            for x0 in (0..t.width).step_by(max as usize) {
                let (w, h) = ((t.width - x0).min(max), (t.height - y0).min(max));
                let mut px = Vec::with_capacity(w as usize * h as usize * texel);
                for y in y0..y0 + h {
                    let start = (y as usize * t.width as usize + x0 as usize) * texel;
                    px.extend_from_slice(&texels[start..start + w as usize * texel]);
                }
                tiles.push(match format {
                    Some(f) => Image::sampled_from_texels(ctx, w, h, f.vk(), f.texel_bytes(), &px, "histogram tile")?,
                    None => Image::from_rgba8(ctx, w, h, &px, "histogram tile")?,
                });
            }
        }
        Ok(Uploaded { width: t.width, height: t.height, buffer: None, tiles, format })
    }

    fn record(&self, h: &Histogram, rec: &mut Recorder, bins: vk::Buffer) -> Result<()> {
        rec.fill_raw(bins, 0, h.params.bins as u64 * 4, 0);
        rec.barrier(Sync::TransferToCompute);
        self.record_accumulate(h, rec, bins)
    }

    /// Adds this image's counts to `bins` (not zeroed here).
    fn record_accumulate(&self, h: &Histogram, rec: &mut Recorder, bins: vk::Buffer) -> Result<()> {
        match &self.buffer {
            Some(b) => h.record_accumulate(rec, Input::Buffer { buffer: b.raw(), offset: 0, width: self.width, height: self.height }, bins),
            None => {
                for (i, t) in self.tiles.iter().enumerate() {
                    if i > 0 {
                        rec.barrier(Sync::ComputeToCompute);
                    }
                    let input = match self.format {
                        Some(f) => Input::Sampled {
                            view: t.view(),
                            layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
                            format: f.vk(),
                            width: t.width,
                            height: t.height,
                        },
                        None => Input::Image { view: t.view(), width: t.width, height: t.height },
                    };
                    h.record_accumulate(rec, input, bins)?;
                }
                Ok(())
            }
        }
    }
}

/// Host texels in, counts out: the CPU variants bin them, `fastest-sampled` reads them from a
/// sampled image of their format, and the other variants take rgba8 texels only.
pub fn run_texels(ctx: &Context, t: &Texels, params: &Params, variant: Variant) -> Result<Vec<u32>> {
    let params = Params { format: t.format, ..*params };
    validate(ctx.info(), &params, variant)?;
    match variant {
        Variant::Cpu | Variant::CpuPar => Ok(texel_histogram(t.format, &t.bytes, params.measure, params.bins)),
        Variant::FastestSampled => {
            let h = Histogram::new(ctx, variant, &params, t.width, t.height)?;
            run_uploaded(ctx, &h, &Uploaded::tiles(ctx, t, true)?)
        }
        _ => run(ctx, &Rgba8::new(t.width, t.height, t.bytes.clone())?, &params, variant),
    }
}

/// Host pixels in, counts out.
pub fn run(ctx: &Context, img: &Rgba8, params: &Params, variant: Variant) -> Result<Vec<u32>> {
    match variant {
        Variant::Cpu | Variant::CpuPar => {
            validate(ctx.info(), params, variant)?;
            Ok(cpu(img, params, variant))
        }
        _ => {
            let h = Histogram::new(ctx, variant, params, img.width, img.height)?;
            let up = Uploaded::new(ctx, img, variant, params)?;
            run_uploaded(ctx, &h, &up)
        }
    }
}

fn cpu(img: &Rgba8, params: &Params, variant: Variant) -> Vec<u32> {
    if params.format.encoding() == Encoding::Float {
        // The photo's texels in the float format, decoded as the GPU reads them.
        return texel_histogram(params.format, &params.format.texels_from_rgba8(img), params.measure, params.bins);
    }
    // 8-bit formats hold the photo's own codes.
    if variant == Variant::CpuPar {
        crate::cpu::histogram::histogram_par(&img.pixels, params.measure, params.bins)
    } else {
        crate::cpu::histogram::histogram(&img.pixels, params.measure, params.bins)
    }
}

/// The CPU reference for `img` as a variant sees it with `params` (its format included).
pub fn reference(img: &Rgba8, params: &Params) -> Vec<u32> {
    cpu(img, params, Variant::CpuPar)
}

/// The CPU reference over texels of `format` (`format.texel_bytes()` each, as in memory): 8-bit
/// codes binned as `cpu::histogram::bin_of` does, float colours by `log_luminance_bin` (any other
/// measure of float colours bins nothing: `validate` refuses it).
pub fn texel_histogram(format: ColorFormat, texels: &[u8], measure: Measure, bins: u32) -> Vec<u32> {
    use crate::cpu::histogram::{bin_of, log_luminance_bin};
    if bins == 0 {
        return Vec::new(); // no bin to count into (`validate` refuses it)
    }
    use rayon::prelude::*;
    let texel = format.texel_bytes() as usize;
    let bin = |t: &[u8]| match (format.decode(t), measure) {
        (Texel::Codes([r, g, b]), m) => Some(bin_of(m, bins, r, g, b)),
        (Texel::Float([r, g, b]), Measure::LogLuminance(range)) => Some(log_luminance_bin(range, bins, r, g, b)),
        (Texel::Float(_), _) => None,
    };
    texels
        .par_chunks(texel * 65536)
        .fold(
            || vec![0u32; bins as usize],
            |mut h, chunk| {
                for b in chunk.chunks_exact(texel).filter_map(bin) {
                    h[b as usize] += 1;
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

fn run_uploaded(ctx: &Context, h: &Histogram, up: &Uploaded) -> Result<Vec<u32>> {
    let bins: Buffer<u32> = Buffer::new(ctx, h.params.bins as usize, "histogram bins")?;
    ctx.submit(|rec| {
        up.record(h, rec, bins.raw())?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    ctx.read(&bins)
}

/// One measured variant.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Measured {
    /// The variant measured.
    pub variant: Variant,
    /// GPU timestamps for GPU variants, host clock for the CPU ones.
    pub timing: Timing,
    /// Whether it ran on the GPU (false for `Cpu` and `CpuPar`).
    pub on_gpu: bool,
    /// The counts, one per bin.
    pub counts: Vec<u32>,
    /// Compute-shader invocations of one run (pipeline statistics), where available.
    pub invocations: Option<u64>,
    /// The driver's statistics of the main kernel (VK_KHR_pipeline_executable_properties).
    pub driver_stats: Vec<(String, String)>,
}

/// Times `variant` (GPU: uploads once, times only the GPU work with timestamps; CPU: host clock).
/// Slow variants get fewer runs: a GPU variant whose first run takes over 0.2 s gets 3 in all,
/// with no warm-up and the bins' zero fill inside the timed region (negligible beside 0.2 s); a
/// CPU variant stops once its runs add up to over 2 s.
pub fn time(ctx: &Context, img: &Rgba8, params: &Params, variant: Variant, warmup: u32, runs: u32) -> Result<Measured> {
    if !variant.is_gpu() {
        validate(ctx.info(), params, variant)?;
        let mut samples = Vec::new();
        let mut counts = Vec::new();
        for _ in 0..runs.max(1) {
            let t = std::time::Instant::now();
            counts = cpu(img, params, variant);
            samples.push(t.elapsed().as_secs_f64() * 1e9);
            if samples.iter().sum::<f64>() > 2e9 {
                break;
            }
        }
        return Ok(Measured {
            variant,
            timing: Timing::from_samples(samples),
            on_gpu: false,
            counts,
            invocations: None,
            driver_stats: Vec::new(),
        });
    }
    let h = Histogram::new(ctx, variant, params, img.width, img.height)?;
    let up = Uploaded::new(ctx, img, variant, params)?;
    let bins: Buffer<u32> = Buffer::new(ctx, params.bins as usize, "histogram bins")?;
    let probe = measure(ctx, 0, 1, |rec| up.record(&h, rec, bins.raw()))?;
    let timing = if probe.median_ns > 2e8 {
        let more = measure(ctx, 0, 2, |rec| up.record(&h, rec, bins.raw()))?;
        Timing::from_samples(vec![probe.median_ns, more.min_ns, more.max_ns])
    } else if params.time_clear == Some(true) {
        measure(ctx, warmup, runs, |rec| up.record(&h, rec, bins.raw()))?
    } else {
        // The zero fill of the bins (and its barrier) before the start timestamp, as the CUDA
        // peer's cudaMemset before its first event: the timed region is the counting itself.
        let clear = |rec: &mut Recorder| {
            rec.fill_raw(bins.raw(), 0, params.bins as u64 * 4, 0);
            Ok(())
        };
        measure_after(ctx, warmup, runs, clear, |rec| up.record_accumulate(&h, rec, bins.raw()))?
    };
    let counts = ctx.read(&bins)?;
    let invocations = match InvocationCounter::new(ctx) {
        Ok(counter) => {
            ctx.submit(|rec| {
                counter.begin(rec);
                up.record(&h, rec, bins.raw())?;
                counter.end(rec);
                Ok(())
            })?;
            Some(counter.read()?)
        }
        Err(_) => None,
    };
    Ok(Measured { variant, timing, on_gpu: true, counts, invocations, driver_stats: h.main.statistics() })
}

/// Runs `racy` `runs` times and returns the counts lost in each (pixels minus the sum).
pub fn racy_losses(ctx: &Context, img: &Rgba8, params: &Params, runs: u32) -> Result<Vec<u64>> {
    let h = Histogram::new(ctx, Variant::Racy, params, img.width, img.height)?;
    let up = Uploaded::new(ctx, img, Variant::Racy, params)?;
    let mut lost = Vec::new();
    for _ in 0..runs {
        let counts = run_uploaded(ctx, &h, &up)?;
        let sum: u64 = counts.iter().map(|&c| c as u64).sum();
        lost.push(img.pixel_count().saturating_sub(sum));
    }
    Ok(lost)
}

/// The most bins `Exposure` takes (16 an invocation of its one workgroup).
pub const EXPOSURE_MAX_BINS: u32 = 4096;
/// How far `Exposure`'s mean (in log2 units, f32 sums in a fixed tree) may be from the f64
/// reference: 2^-12, an exposure within 0.02%.
pub const EXPOSURE_TOLERANCE: f64 = 1.0 / 4096.0;

/// Auto exposure from a log-luminance histogram on the GPU (`glsl/histogram/exposure.comp`): the
/// mean log2 luminance of the pixels left after cutting the darkest and brightest parts per
/// million, written to a GPU buffer for the engine's tone mapping (exposure = key / 2^mean), so
/// the frame needs no read back. One workgroup.
pub struct Exposure {
    kernel: Kernel,
    bins: u32,
    range: LogRange,
}

impl Exposure {
    /// For histograms of `bins` log-luminance bins over `range` (as `Params` made them).
    pub fn new(ctx: &Context, bins: u32, range: LogRange) -> Result<Exposure> {
        if bins == 0 || bins > EXPOSURE_MAX_BINS {
            return Err(Error::invalid(format!("exposure: {bins} bins (1 ..= {EXPOSURE_MAX_BINS})")));
        }
        validate_log_range(range, bins)?;
        Ok(Exposure { kernel: Kernel::new(ctx, &shaders::HISTOGRAM_EXPOSURE, &[(1, bins)])?, bins, range })
    }

    /// Records the mean of `bins` (the histogram) into `out`: word 0 the mean log2 luminance
    /// (f32), word 1 the histogram's pixels (u32). `low_ppm` + `high_ppm` must stay below
    /// 1000000. With no pixel left, the mean is `range.min`.
    ///
    /// Barrier contract — before: the histogram's writes are visible to compute-shader storage
    /// reads (`Sync::ComputeToCompute` after `Histogram::record`); nothing still uses `out`.
    /// After: `out` is written by compute-shader storage writes.
    pub fn record(&self, rec: &mut Recorder, bins: vk::Buffer, low_ppm: u32, high_ppm: u32, out: vk::Buffer) -> Result<()> {
        if low_ppm as u64 + high_ppm as u64 >= 1_000_000 {
            return Err(Error::invalid(format!("exposure: cutting {low_ppm} + {high_ppm} parts per million leaves nothing")));
        }
        let per_octave = self.bins / self.range.octaves();
        let push = [self.range.min as u32, per_octave, low_ppm, high_ppm];
        let binds = [Bind::raw_buffer(bins, 0, self.bins as u64 * 4), Bind::raw_buffer(out, 0, 8)];
        rec.dispatch(&self.kernel, [1, 1, 1], &binds, bytemuck::cast_slice(&push))
    }
}

/// The CPU reference of `Exposure` in f64: (mean log2 luminance, pixels).
pub fn exposure_reference(counts: &[u32], range: LogRange, low_ppm: u32, high_ppm: u32) -> (f64, u64) {
    let total: u64 = counts.iter().map(|&c| c as u64).sum();
    let per = (counts.len() as u32 / range.octaves()).max(1) as f64;
    let (lo, hi) = (total as f64 * low_ppm as f64 * 1e-6, total as f64 * (1.0 - high_ppm as f64 * 1e-6));
    let (mut at, mut w, mut ws) = (0u64, 0f64, 0f64);
    for (b, &c) in counts.iter().enumerate() {
        let overlap = ((at + c as u64) as f64).min(hi) - (at as f64).max(lo);
        if c > 0 && overlap > 0.0 {
            let middle = range.min as f64 + (b as f64 / per).floor() + (1.0 + ((b as f64 % per) + 0.5) / per).log2();
            w += overlap;
            ws += overlap * middle;
        }
        at += c as u64;
    }
    (if w > 0.0 { ws / w } else { range.min as f64 }, total)
}
