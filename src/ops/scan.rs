//! Prefix scan (inclusive or exclusive; sum, min, max of u32, i32, f32): the scan lecture's two
//! classic block scans (Hillis & Steele, Blelloch, as in GPU Gems 3 ch. 39: blocks in shared
//! memory, block totals scanned the same way and added back), then ours: reduce-then-scan (striped
//! tiles, 16-byte loads, subgroup arithmetic, no workgroup waiting for another), the same with its
//! two passes overlapping (`overlap`: persistent reducers beside scan groups that wait for the
//! partials before their tile), and a single pass with decoupled look-back (as CUB's
//! `DeviceScan`; docs/scan.md).
//!
//! Exactness is [`reduce`](super::reduce)'s: integer sums wrap, min and max are exact (f32: -0 <
//! +0; NaN wins and stays), f32 sums are within [`f32_sum_depth`] roundings of the f64 prefix.
//! An exclusive scan starts at the operation's identity. The output may be the input (in place).
//!
//! Inputs longer than one storage binding are processed in ranges of
//! [`range_elems`] elements.
use super::grid2d;
use super::reduce::{range_elems, ElemType, Op};
use crate::gpu::{Buffer, Context, DeviceInfo, Error, Kernel, Recorder, Result, Sync, Timing};
use crate::shaders;

/// Inclusive (element k is x0 .. xk) or exclusive (x0 .. x(k-1); element 0 is the identity).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Kind {
    /// Element k is x0 .. xk.
    Inclusive,
    /// Element k is x0 .. x(k-1); element 0 is the operation's identity.
    Exclusive,
}

impl Kind {
    /// The kind's name on the command line and in reports (`inclusive`, `exclusive`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Inclusive => "inclusive",
            Kind::Exclusive => "exclusive",
        }
    }
}

/// The variants, the lecture's steps first, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Lecture step 1 (Hillis & Steele): 256 per workgroup in shared memory, n log n adds.
    HillisSteele,
    /// Lecture step 2 (Blelloch): work-efficient up-sweep and down-sweep, 512 per workgroup.
    Blelloch,
    /// Ours: each tile of 4096 reduced, the partials scanned, each tile rescanned from its partial.
    ReduceThenScan,
    /// Ours: reduce-then-scan with its passes overlapping (scan groups wait for the partials).
    Overlap,
    /// Ours: one pass with decoupled look-back (as CUB's `DeviceScan`).
    SinglePass,
}

impl Variant {
    /// Every variant, in the order `--variant all` runs them.
    pub const ALL: [Variant; 5] =
        [Variant::HillisSteele, Variant::Blelloch, Variant::ReduceThenScan, Variant::Overlap, Variant::SinglePass];
    /// The variant's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::HillisSteele => "hillis-steele",
            Variant::Blelloch => "blelloch",
            Variant::ReduceThenScan => "reduce-then-scan",
            Variant::Overlap => "overlap",
            Variant::SinglePass => "single-pass",
        }
    }
    /// One line on what the variant does and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            Variant::HillisSteele => {
                "lecture step 1: 256 per workgroup in shared memory, log2 steps of 'add the one d before' (n log n adds), totals scanned and added back"
            }
            Variant::Blelloch => "lecture step 2: 512 per workgroup, work-efficient up-sweep and down-sweep tree (padded against bank conflicts), totals scanned and added back",
            Variant::ReduceThenScan => {
                "ours: one tile of 4096 per group (striped 16-byte loads): each group reduces its tile, one group scans the partials, each group rescans its tile from its partial (one barrier)"
            }
            Variant::Overlap => {
                "ours: reduce-then-scan with its passes overlapping: persistent reducers publish each tile's partial, and the scan groups, with no barrier between, wait for the partials before their tile and read it again from L2"
            }
            Variant::SinglePass => {
                "ours: one pass, decoupled look-back (as CUB): a persistent grid takes tiles of 2048 by ticket, publishes each aggregate at once and walks back for it a tile later; a stuck predecessor is reduced here"
            }
        }
    }
    /// The variant to use for `n` elements of `op` on this device (`in_place`: the output is the
    /// input), from where one overtakes another (docs/scan.md, "Which variant": NVIDIA H200 and
    /// H100, driver 580.159.04, and lavapipe): `SinglePass` up to 2^14 elements. Above, on GPUs,
    /// `Overlap` for sums, and for running min / max up to 2^22, else `SinglePass`, which is also
    /// the choice in place (in place `Overlap` runs its passes one after the other); on CPU
    /// devices `ReduceThenScan`, whose groups never wait on each other. Other GPUs take NVIDIA's
    /// rule (not measured there).
    pub fn fastest(ctx: &Context, n: usize, op: Op, in_place: bool) -> Variant {
        Variant::fastest_on(ctx.info(), n, op, in_place)
    }
    /// [`Variant::fastest`] for a device described by `info`.
    pub fn fastest_on(info: &DeviceInfo, n: usize, op: Op, in_place: bool) -> Variant {
        let overlap_up_to = if op == Op::Sum { usize::MAX } else { 1 << 22 };
        if n <= 1 << 14 {
            Variant::SinglePass
        } else if info.device_type == "CPU" {
            Variant::ReduceThenScan
        } else if in_place || n > overlap_up_to {
            Variant::SinglePass
        } else {
            Variant::Overlap
        }
    }
    /// Elements one workgroup scans: a block of the block scans (the unit whose totals are
    /// scanned again), a tile of ours.
    fn block(self) -> usize {
        match self {
            Variant::HillisSteele => LOCAL as usize,
            Variant::Blelloch => 2 * LOCAL as usize,
            Variant::ReduceThenScan | Variant::Overlap => STRIPED_TILE,
            Variant::SinglePass => TILE,
        }
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        super::variant_named(s, &Variant::ALL, Variant::name, "variant")
    }
}

const LOCAL: u32 = 256;
/// Elements one workgroup of ours scans per step (8 per invocation).
const TILE: usize = 8 * LOCAL as usize;
/// Workgroups of ours' persistent grid per range: a few per SM on a big GPU.
pub const GRID: usize = 1024;
/// The most tiles a group of the single pass takes on a CPU device.
const MAX_TILES_CPU: usize = 4;
/// Loop iterations one invocation's walks back may spend: under llvmpipe's loop limiter (65535).
const WALK_BUDGET: u32 = 32768;
/// Reads of an unpublished predecessor before the single pass reduces its input itself.
const STUCK_POLLS: u32 = 64;
const ENCODE: u32 = 1;
const DECODE: u32 = 2;
const EXCLUSIVE: u32 = 4;
const TOTALS: u32 = 8;
const CLEAN: u32 = 16;
const LAST_RANGE: u32 = 32;
const COUNTED: u32 = 64;
const TOTAL: u32 = 128;
const IN_PLACE: u32 = 256;

fn push(n: usize, flags: u32, offset: usize, chunk: usize) -> Vec<u8> {
    bytemuck::cast_slice(&[n as u32, flags, offset as u32, chunk as u32]).to_vec()
}

/// Overlap: tiles per chunk (`CHUNK_SHIFT` in glsl/scan/overlap_scan.comp), and invocations per
/// reducer group (2 rounds of uvec4: tiles of 4096).
const OVERLAP_CHUNK: usize = 256;
const REDUCER_LOCAL: u32 = 512;
/// Overlap: ranges of more elements than this scan their tiles after the waits for their prefix
/// ([`Knobs::overlap_scan_late`]). On an H200 that was 3-5% faster for f32 sums of 2^26 and 2^28
/// elements and 2% for u32 at 2^28, a tie from 2^22 to 2^25, and 4-8% slower at 2^20 and 2^21
/// (docs/scan.md, "2026-12-02, third session").
pub const OVERLAP_SCAN_LATE_FROM: usize = 1 << 25;

/// Elements per tile of reduce-then-scan (`glsl/include/scan_striped_tile.glsl`: 4 rounds of
/// LOCAL uvec4), one tile per workgroup.
const STRIPED_TILE: usize = 4 * 4 * LOCAL as usize;

/// Reduce-then-scan's tiles (and workgroups) of a range of `len` elements: at least one.
fn striped_tiles(len: usize) -> usize {
    len.div_ceil(STRIPED_TILE).max(1)
}

#[allow(clippy::large_enum_variant)] // one per Scanner: its size does not matter
enum Kernels {
    /// The block scan, the uniform add; per level above the first, the block totals and their
    /// exclusive scan.
    Blocks { scan: Kernel, add: Kernel, totals: Vec<Buffer<u32>>, scanned: Vec<Buffer<u32>> },
    /// Steps 1-3 and the partials (one per workgroup of every range).
    /// Reduce-then-scan: the scan of whole tiles, and of a range's last tile when it ends in a
    /// partial uvec4 (`TAIL`).
    ReduceThenScan { reduce: Kernel, partials_scan: Kernel, scan: Kernel, scan_tail: Kernel, partials: Buffer<u32> },
    /// The look-back kernel; its ticket and tile status (zeroed before every run).
    SinglePass { kernel: Kernel, state: Buffer<u32> },
    /// Overlap: the reducers, the scan of whole tiles and of a range's last tile when it ends in
    /// a partial uvec4 (`TAIL`), the flip of the set; the set and its two sets of words, `slots`
    /// words (uvec2) a set.
    /// `scan` and `scan_tail`: the scan groups' pipelines with their subgroup scans before the
    /// waits (`[0]`) and after them (`[1]`, for ranges past [`OVERLAP_SCAN_LATE_FROM`]).
    Overlap { reduce: Kernel, scan: [Kernel; 2], scan_tail: [Kernel; 2], flip: Kernel, state: Buffer<u32>, slots: usize },
}

/// The single pass's settings (the study's defaults; the CLI's hidden flags sweep them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// Elements per invocation (a multiple of 4): a tile is 256 times as many.
    pub per: u32,
    /// Reads of an unpublished predecessor before the group reduces its input itself (0: at
    /// once, the tests' way to exercise that path).
    pub stuck_polls: u32,
    /// Workgroups of the persistent grid (at most; fewer when there are fewer tiles).
    pub grid: u32,
    /// The most tiles one group takes; 0: by device (4 on a CPU device, else no limit).
    pub max_tiles: u32,
    /// Invocations per workgroup (a power of two, 32..=1024).
    pub local: u32,
    /// Diagnosis (wrong results, timing only): 1 skips the walk back.
    pub diag: u32,
    /// Loop iterations one invocation's walks may spend before giving up (a test sets 0).
    pub walk_budget: u32,
    /// The last group of a range leaves the state zeroed for the next (no fill before a run).
    pub clean: bool,
    /// Tests: every tile checks that its status words are 0 when it starts (the single pass; overlap:
    /// each word before it is published) ([`Scanner::dirty_state`]).
    pub check_state: bool,
    /// Tests: 1 makes the walks reduce every predecessor not yet INCLUSIVE themselves (in place:
    /// input its group may be overwriting); 2 as 1 without the status read after it (wrong in
    /// place, for the tests to fail). On GPUs in place no walk reduces a predecessor: they wait
    /// for its INCLUSIVE instead.
    pub force_fallback: u32,
    /// Overlap: reducer groups (512 invocations each); 0: by device (one per multiprocessor where
    /// the driver tells their number, else 64).
    pub reducers: u32,
    /// Overlap: a barrier between the reducers and the scan groups all the same (always so under
    /// validation, on CPU devices, in place and with several ranges).
    pub overlap_barrier: bool,
    /// Overlap, tests: re-reads of an unpublished word before the scan group computes it itself
    /// (None: by device; 0: at once).
    pub overlap_spin_limit: Option<u32>,
    /// Overlap, tests: false makes the reducers publish nothing, so that every scan group
    /// reduces the tiles before its own from the input (out of place and one range only).
    pub overlap_publish: bool,
    /// Overlap: the tile's subgroup scans after the waits for its prefix (true) or before them
    /// (false); None: after them in ranges of more than [`OVERLAP_SCAN_LATE_FROM`] elements.
    pub overlap_scan_late: Option<bool>,
}

impl Default for Knobs {
    fn default() -> Knobs {
        Knobs {
            per: (TILE / LOCAL as usize) as u32,
            stuck_polls: STUCK_POLLS,
            grid: GRID as u32,
            max_tiles: 0,
            local: LOCAL,
            diag: 0,
            walk_budget: WALK_BUDGET,
            clean: true,
            check_state: false,
            force_fallback: 0,
            reducers: 0,
            overlap_barrier: false,
            overlap_spin_limit: None,
            overlap_publish: true,
            overlap_scan_late: None,
        }
    }
}

/// Kernels and scratch for one (variant, type, op, kind), reusable for any n up to `capacity`.
pub struct Scanner {
    /// The variant it records.
    pub variant: Variant,
    /// The element type of its input.
    pub ty: ElemType,
    /// The operation it scans with.
    pub op: Op,
    /// Inclusive or exclusive.
    pub kind: Kind,
    capacity: usize,
    range: usize,
    /// Elements per tile of the single pass, and its grid.
    tile: usize,
    /// The single pass cleans its state in the kernel (no fills).
    clean: bool,
    grid: usize,
    /// The most tiles one group of the single pass takes (few on CPU devices: llvmpipe's loop
    /// limiter counts every loop iteration of an invocation).
    max_tiles: usize,
    kernels: Kernels,
    /// Overlap: its reducer groups, whether a barrier always follows them, and whether its
    /// reducers publish (tests), and where its scan groups scan their tile (see
    /// [`Knobs::overlap_scan_late`]).
    reducers: usize,
    overlap_barrier: bool,
    overlap_publish: bool,
    overlap_scan_late: Option<bool>,
}

impl Scanner {
    /// Kernels and scratch for any n up to `capacity` elements, in ranges of [`range_elems`];
    /// an error past `u32::MAX` elements.
    pub fn new(ctx: &Context, variant: Variant, ty: ElemType, op: Op, kind: Kind, capacity: usize) -> Result<Scanner> {
        Self::with_range(ctx, variant, ty, op, kind, capacity, range_elems(ctx))
    }

    /// As `new` with ranges of `range` elements (a power of two, at least 4096, at most
    /// [`range_elems`]): tests use small ranges to exercise range processing on small inputs.
    pub fn with_range(ctx: &Context, variant: Variant, ty: ElemType, op: Op, kind: Kind, capacity: usize, range: usize) -> Result<Scanner> {
        Self::with_knobs(ctx, variant, ty, op, kind, capacity, range, Knobs::default())
    }

    /// As `with_range`, with the single pass's settings.
    #[allow(clippy::too_many_arguments)]
    pub fn with_knobs(
        ctx: &Context,
        variant: Variant,
        ty: ElemType,
        op: Op,
        kind: Kind,
        capacity: usize,
        range: usize,
        knobs: Knobs,
    ) -> Result<Scanner> {
        if knobs.per == 0 || knobs.per % 4 != 0 || knobs.per > 32 {
            return Err(Error::invalid(format!("{} elements per invocation: a multiple of 4, at most 32", knobs.per)));
        }
        if knobs.grid == 0 || knobs.grid > 65535 {
            return Err(Error::invalid(format!("a grid of {} workgroups: 1..=65535", knobs.grid)));
        }
        if !knobs.local.is_power_of_two() || !(32..=1024).contains(&knobs.local) {
            return Err(Error::invalid(format!("{} invocations per workgroup: a power of two in 32..=1024", knobs.local)));
        }
        if knobs.force_fallback > 2 {
            return Err(Error::invalid(format!("force_fallback {}: 0, 1 or 2", knobs.force_fallback)));
        }
        let tile = knobs.per as usize * knobs.local as usize;
        if !range.is_power_of_two() || range < 4096 || range > range_elems(ctx) {
            return Err(Error::invalid(format!("range of {range} elements: a power of two in 4096..={}", range_elems(ctx))));
        }
        if capacity > u32::MAX as usize {
            return Err(Error::invalid(format!("n = {capacity}: at most {} elements", u32::MAX)));
        }
        let spec = [(0, LOCAL), (1, ty as u32), (2, op as u32)];
        let kernels = match variant {
            Variant::HillisSteele | Variant::Blelloch => {
                let shader = if variant == Variant::HillisSteele { &shaders::SCAN_HILLIS_STEELE } else { &shaders::SCAN_BLELLOCH };
                let (mut totals, mut scanned) = (Vec::new(), Vec::new());
                for len in level_lens(capacity, variant.block()).into_iter().skip(1) {
                    totals.push(Buffer::new(ctx, len, "scan block totals")?);
                    scanned.push(Buffer::new(ctx, len, "scan scanned totals")?);
                }
                Kernels::Blocks {
                    scan: Kernel::new(ctx, shader, &spec)?,
                    add: Kernel::new(ctx, &shaders::SCAN_ADD_BLOCK_OFFSETS, &spec)?,
                    totals,
                    scanned,
                }
            }
            Variant::ReduceThenScan => {
                // A multiple of 4 words: the partials' scan reads and writes them as uvec4.
                let partials = (capacity.div_ceil(range) * striped_tiles(capacity.min(range))).div_ceil(4) * 4;
                Kernels::ReduceThenScan {
                    reduce: Kernel::new(ctx, &shaders::SCAN_REDUCE_THEN_SCAN_REDUCE, &spec)?,
                    partials_scan: Kernel::new(ctx, &shaders::SCAN_REDUCE_THEN_SCAN_PARTIALS, &spec)?,
                    scan: Kernel::new(ctx, &shaders::SCAN_REDUCE_THEN_SCAN_SCAN, &spec)?,
                    scan_tail: Kernel::new(ctx, &shaders::SCAN_REDUCE_THEN_SCAN_SCAN, &[spec.as_slice(), &[(3, 1)]].concat())?,
                    partials: Buffer::new(ctx, partials.max(1), "scan partials")?,
                }
            }
            Variant::SinglePass => {
                // One status slot per tile of every range (numbered on across ranges).
                let tiles: usize = (0..capacity).step_by(range).map(|s| (capacity - s).min(range).div_ceil(tile)).sum();
                // The walks' loop budget is a persistent group's, counted as llvmpipe's loop limiter
                // counts (over all its tiles). CPU devices take a few tiles a group and keep it; on
                // GPUs, which have no limiter, it grows with the tiles a group may take (four times
                // its share of the largest range), so that a walk's bound does not shrink with n.
                let walk_budget = if ctx.info().device_type == "CPU" || knobs.walk_budget != WALK_BUDGET {
                    knobs.walk_budget
                } else {
                    let share = capacity.min(range).div_ceil(tile).div_ceil((knobs.grid as usize).max(1)).max(1);
                    (WALK_BUDGET as usize).saturating_mul(4 * share).min(u32::MAX as usize / 2) as u32
                };
                let spec = [
                    (0, knobs.local),
                    (1, ty as u32),
                    (2, op as u32),
                    (3, knobs.per),
                    (4, knobs.stuck_polls),
                    (6, knobs.diag),
                    (7, walk_budget),
                    (8, knobs.check_state as u32),
                    (9, knobs.force_fallback),
                    // GPU_DEVICE. CPU devices: no fence in a walk (Mesa 22's llvmpipe suspends a
                    // subgroup at a fence in a loop as at a barrier, and only one subgroup walks),
                    // and in place the fallback stays (a thread there may be descheduled). GPUs:
                    // in place the walks only wait, so no group fences before its outputs.
                    (10, (ctx.info().device_type != "CPU") as u32),
                ];
                let state = Buffer::new(ctx, 4 + 4 * tiles.max(1), "scan look-back state")?;
                ctx.submit(|rec| {
                    rec.fill(&state, 0); // the cut-short flag starts clear; runs zero the rest
                    rec.barrier(Sync::TransferToAll);
                    Ok(())
                })?;
                Kernels::SinglePass { kernel: Kernel::new(ctx, &shaders::SCAN_SINGLE_PASS, &spec)?, state }
            }
            Variant::Overlap => {
                // Tile slots for every tile of every range (numbered on), a multiple of a chunk
                // (256 tiles), then a slot per chunk; two sets, after 16 words of header.
                let tiles: usize = (0..capacity.max(1)).step_by(range).map(|s| striped_tiles((capacity - s).min(range))).sum();
                let tiles = tiles.div_ceil(OVERLAP_CHUNK) * OVERLAP_CHUNK;
                let slots = tiles + tiles / OVERLAP_CHUNK;
                let spin = knobs.overlap_spin_limit.unwrap_or(if ctx.info().device_type == "CPU" { 1024 } else { 1 << 20 });
                let (publish, check) = ((10, knobs.overlap_publish as u32), (11, knobs.check_state as u32));
                let state = Buffer::new(ctx, 16 + 4 * slots, "scan overlap words")?;
                ctx.submit(|rec| {
                    rec.fill(&state, 0); // both sets, and set 0 first
                    rec.barrier(Sync::TransferToAll);
                    Ok(())
                })?;
                let overlap_scan = |tail: &[(u32, u32)], late: u32| {
                    Kernel::new(ctx, &shaders::SCAN_OVERLAP_SCAN, &[spec.as_slice(), tail, &[(10, spin), check, (12, late)]].concat())
                };
                Kernels::Overlap {
                    reduce: Kernel::new(ctx, &shaders::SCAN_OVERLAP_REDUCE, &[(0, REDUCER_LOCAL), spec[1], spec[2], publish, check])?,
                    scan: [overlap_scan(&[], 0)?, overlap_scan(&[], 1)?],
                    scan_tail: [overlap_scan(&[(3, 1)], 0)?, overlap_scan(&[(3, 1)], 1)?],
                    flip: Kernel::new(ctx, &shaders::SCAN_OVERLAP_FLIP, &[])?,
                    state,
                    slots,
                }
            }
        };
        let reducers = match knobs.reducers {
            0 => ctx.info().compute_units.filter(|_| ctx.info().device_type != "CPU").unwrap_or(64) as usize,
            r => r as usize,
        };
        // Under validation the reducers' words and the scan's reads of them are a hazard without
        // a barrier; on CPU devices a thread may be descheduled for long (the waits would give up).
        let overlap_barrier = knobs.overlap_barrier || ctx.validating() || ctx.info().device_type == "CPU";
        let max_tiles = match knobs.max_tiles {
            0 if ctx.info().device_type == "CPU" => MAX_TILES_CPU,
            0 => u32::MAX as usize,
            m => m as usize,
        };
        Ok(Scanner {
            variant,
            ty,
            op,
            kind,
            capacity,
            range,
            tile,
            clean: knobs.clean,
            grid: knobs.grid as usize,
            max_tiles,
            kernels,
            reducers,
            overlap_barrier,
            overlap_publish: knobs.overlap_publish,
            overlap_scan_late: knobs.overlap_scan_late,
        })
    }

    /// Elements per range of this scanner.
    pub fn range(&self) -> usize {
        self.range
    }

    /// Whether a single-pass run of this scanner gave up (its results are then wrong): a walk back
    /// stops when it has spent its loop budget (kept under llvmpipe's loop limiter), which takes
    /// thousands of predecessors that have not started, never seen with the ticket. Sticky from
    /// the scanner's creation; read it after the runs' fence; `time` and `run` check it.
    pub fn cut_short(&self, ctx: &Context) -> Result<bool> {
        match &self.kernels {
            Kernels::SinglePass { state, .. } => Ok(ctx.read_range(state, 1, 2)?[0] & 1 != 0),
            _ => Ok(false),
        }
    }

    /// With `Knobs::check_state`: whether a single-pass run found a tile's status words not 0
    /// when it started, or an overlap run a word not 0 before publishing it (a run before left the
    /// state dirty). Sticky, as `cut_short`.
    pub fn dirty_state(&self, ctx: &Context) -> Result<bool> {
        match &self.kernels {
            Kernels::SinglePass { state, .. } => Ok(ctx.read_range(state, 1, 2)?[0] & 2 != 0),
            Kernels::Overlap { state, .. } => Ok(ctx.read_range(state, 1, 2)?[0] & 1 != 0),
            _ => Ok(false),
        }
    }

    /// The f32 sum bound's depth for `n` elements with this scanner ([`f32_sum_depth`]).
    pub fn f32_sum_depth(&self, n: usize) -> usize {
        f32_sum_depth_tiles(self.variant, n, self.range, self.tile)
    }

    /// Records the scan of `input[0..n)` (bits of `ty`) into `output[0..n)`; `output` may be
    /// `input`. n = 0 records nothing.
    ///
    /// Barrier contract: before, `input` must be written and visible to compute-shader reads
    /// (`Sync::TransferToCompute` after an upload, `Sync::ComputeToCompute` after a dispatch), and
    /// no earlier work may still read or write `output`. Between its own dispatches it records
    /// `Sync::ComputeToCompute`, and the single pass one more before its first (its state, left
    /// clean by the last run; with `Knobs::clean` off, fills with transfer barriers); overlap none
    /// between its reducers and its scan groups (they wait for each other's words, unless in
    /// place, with several ranges, on CPU devices or under validation), and one before the flip of
    /// its set at the end. After, `output` is written by compute shaders: follow with
    /// `Sync::ComputeToTransfer` / `ComputeToCompute` before reading it. Two records of one
    /// `Scanner` must be separated by a barrier (they share scratch).
    pub fn record(&self, rec: &mut Recorder, input: &Buffer<u32>, n: usize, output: &Buffer<u32>) -> Result<()> {
        self.check_n(input, n, output)?;
        if n == 0 {
            return Ok(());
        }
        let ranges = self.ranges(n);
        let kind = if self.kind == Kind::Exclusive { EXCLUSIVE } else { 0 };
        match &self.kernels {
            Kernels::Blocks { scan, add, totals, scanned } => {
                let b = self.variant.block();
                let lens = level_lens(n, b);
                let levels = lens.len();
                let blocks_of = |len: usize| len.div_ceil(b);
                // Level 0, per range: blocks of the input, their totals into totals[0].
                let flags0 = ENCODE | kind | if levels > 1 { TOTALS } else { DECODE };
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    if k > 0 {
                        rec.barrier(Sync::ComputeToCompute); // disjoint totals, one binding
                    }
                    let up = if levels > 1 { totals[0].bind() } else { output.bind_range(s, e) }; // unused without TOTALS
                    let binds = [input.bind_range(s, e), output.bind_range(s, e), up];
                    rec.dispatch(scan, grid2d(blocks_of(e - s)), &binds, &push(e - s, flags0, s / b, b))?;
                }
                // Levels 1..: the totals of level k - 1 scanned (exclusive, keys), their own
                // totals one level up.
                for k in 1..levels {
                    rec.barrier(Sync::ComputeToCompute);
                    let flags = EXCLUSIVE | if k + 1 < levels { TOTALS } else { 0 };
                    let up = if k + 1 < levels { totals[k].bind() } else { scanned[k - 1].bind() }; // unused without TOTALS
                    let binds = [totals[k - 1].bind_range(0, lens[k]), scanned[k - 1].bind_range(0, lens[k]), up];
                    rec.dispatch(scan, grid2d(blocks_of(lens[k])), &binds, &push(lens[k], flags, 0, b))?;
                }
                // Back down: each level's scanned totals get the scanned totals above them.
                for k in (1..levels.saturating_sub(1)).rev() {
                    rec.barrier(Sync::ComputeToCompute);
                    let binds = [scanned[k - 1].bind_range(0, lens[k]), scanned[k].bind()];
                    rec.dispatch(add, grid2d(lens[k].div_ceil(LOCAL as usize)), &binds, &push(lens[k], 0, 0, b))?;
                }
                if levels > 1 {
                    for &(s, e) in &ranges {
                        rec.barrier(Sync::ComputeToCompute);
                        let binds = [output.bind_range(s, e), scanned[0].bind()];
                        rec.dispatch(add, grid2d((e - s).div_ceil(LOCAL as usize)), &binds, &push(e - s, DECODE, s / b, b))?;
                    }
                }
            }
            Kernels::ReduceThenScan { reduce, partials_scan, scan, scan_tail, partials } => {
                let mut offsets = Vec::new();
                let mut total = 0;
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    if k > 0 {
                        rec.barrier(Sync::ComputeToCompute); // disjoint partials, one binding
                    }
                    let groups = striped_tiles(e - s);
                    let binds = [input.bind_range(s, e), input.bind_range(s, e), partials.bind()];
                    rec.dispatch(reduce, grid2d(groups), &binds, &push(e - s, ENCODE, total, 0))?;
                    offsets.push(total);
                    total += groups;
                }
                rec.barrier(Sync::ComputeToCompute);
                rec.dispatch(partials_scan, [1, 1, 1], &[partials.bind()], &push(total, 0, 0, 0))?;
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    rec.barrier(Sync::ComputeToCompute);
                    // A last tile that ends in a partial uvec4 is scanned on its own, as a range
                    // of its own: the two dispatches bind disjoint parts of input and output (in
                    // place too), so no barrier goes between them.
                    let tiles = striped_tiles(e - s);
                    let whole = if (e - s) % 4 == 0 { tiles } else { tiles - 1 };
                    let mid = (s + whole * STRIPED_TILE).min(e);
                    let flags = ENCODE | DECODE | kind;
                    for (kernel, (a, b), groups, first) in [(scan, (s, mid), whole, 0), (scan_tail, (mid, e), tiles - whole, whole)] {
                        if groups > 0 && b > a {
                            let (i, o) = (input.bind_range(a, b), output.bind_range(a, b));
                            let binds = [i, i, o, o, partials.bind()];
                            rec.dispatch(kernel, grid2d(groups), &binds, &push(b - a, flags, offsets[k] + first, 0))?;
                        }
                    }
                }
            }
            Kernels::Overlap { reduce, scan, scan_tail, flip, state, slots } => {
                let in_place = input.raw() == output.raw();
                if !self.overlap_publish && (in_place || ranges.len() > 1) {
                    return Err(Error::invalid("overlap without published partials: out of place and one range only"));
                }
                let mut offsets = Vec::new();
                let mut total = 0;
                for &(s, e) in &ranges {
                    offsets.push(total);
                    total += striped_tiles(e - s);
                }
                // The reducers of every range, each numbering its tiles on from the last.
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    let groups = self.reducers.clamp(1, striped_tiles(e - s));
                    let binds = [input.bind_range(s, e), input.bind_range(s, e), state.bind()];
                    rec.dispatch(reduce, [groups as u32, 1, 1], &binds, &push(e - s, ENCODE, offsets[k], *slots))?;
                }
                // In place the scan groups write what a wait's fallback would read; with several
                // ranges a fallback could not reach the tiles of another.
                let apart = self.overlap_barrier || in_place || ranges.len() > 1;
                if apart {
                    rec.barrier(Sync::ComputeToCompute);
                }
                // The scan groups, with no barrier after the reducers (unless apart): each waits for
                // the partials before its tile. Both pipelines bind the whole range; a last tile
                // that ends in a partial uvec4 goes to the TAIL pipeline.
                let mut first = true;
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    let tiles = striped_tiles(e - s);
                    let whole = if (e - s) % 4 == 0 { tiles } else { tiles - 1 };
                    let (i, o) = (input.bind_range(s, e), output.bind_range(s, e));
                    let binds = [i, i, o, o, state.bind(), state.bind()];
                    let pc = push(e - s, ENCODE | DECODE | kind, offsets[k], *slots);
                    let late = self.overlap_scan_late.unwrap_or(e - s > OVERLAP_SCAN_LATE_FROM) as usize;
                    for (kernel, groups) in [(&scan[late], whole), (&scan_tail[late], tiles - whole)] {
                        if groups > 0 {
                            if apart && !first {
                                rec.barrier(Sync::ComputeToCompute); // validation: the chunks' totals, the output
                            }
                            rec.dispatch(kernel, grid2d(groups), &binds, &pc)?;
                            first = false;
                        }
                    }
                }
                rec.barrier(Sync::ComputeToCompute); // every group has read the set
                rec.dispatch(flip, [1, 1, 1], &[state.bind()], &[])?;
            }
            Kernels::SinglePass { .. } => self.record_single_pass(rec, input, &ranges, None, output, None)?,
        }
        Ok(())
    }

    /// As [`record`](Scanner::record), and `total[0]` gets the combination of all n elements
    /// (an exclusive sum's number of items, say, the count of a later
    /// [`record_counted`](Scanner::record_counted) step; for n = 0 the operation's identity,
    /// +inf / -inf for an f32 min / max). Single pass only.
    ///
    /// Barrier contract: as `record`'s; `total` is written by the compute stage too.
    pub fn record_with_total(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        n: usize,
        output: &Buffer<u32>,
        total: &Buffer<u32>,
    ) -> Result<()> {
        self.check_single_pass("a scan with its total")?;
        if total.is_empty() {
            return Err(Error::invalid("scan: the total buffer is empty"));
        }
        self.check_n(input, n, output)?;
        let mut ranges = self.ranges(n);
        if ranges.is_empty() {
            ranges.push((0, 0)); // one group writes the identity
        }
        self.record_single_pass(rec, input, &ranges, None, output, Some(total))
    }

    /// As [`record`](Scanner::record), with the number of elements read by the GPU from word 0
    /// of `count` when the scan runs (as [`Compactor::record`](super::compact::Compactor::record)
    /// writes it), so nothing goes back to the host between the step that counts and the scan.
    /// The count is clamped to the scanner's capacity and the lengths of `input` and `output`;
    /// nothing past it is read or written. Single pass only, and inputs of one range (up to
    /// [`range`](Scanner::range) elements: 2^29 on a GPU whose bindings reach 4 GiB - 1).
    ///
    /// Barrier contract: as `record`'s, and `count` too must be written and visible to
    /// compute-shader reads before.
    pub fn record_counted(&self, rec: &mut Recorder, input: &Buffer<u32>, count: &Buffer<u32>, output: &Buffer<u32>) -> Result<()> {
        self.counted(rec, input, count, output, None)
    }

    /// [`record_counted`](Scanner::record_counted) and the total, as
    /// [`record_with_total`](Scanner::record_with_total) (of the counted elements).
    pub fn record_counted_with_total(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        count: &Buffer<u32>,
        output: &Buffer<u32>,
        total: &Buffer<u32>,
    ) -> Result<()> {
        if total.is_empty() {
            return Err(Error::invalid("scan: the total buffer is empty"));
        }
        self.counted(rec, input, count, output, Some(total))
    }

    /// An error unless `n` fits the scanner and both buffers.
    fn check_n(&self, input: &Buffer<u32>, n: usize, output: &Buffer<u32>) -> Result<()> {
        if n > self.capacity || n > input.len() || n > output.len() {
            return Err(Error::invalid(format!(
                "scan of {n} elements: the input holds {}, the output {}, the scanner was made for {}",
                input.len(),
                output.len(),
                self.capacity
            )));
        }
        Ok(())
    }

    /// The ranges of `n` elements, each at most a binding's worth.
    fn ranges(&self, n: usize) -> Vec<(usize, usize)> {
        (0..n).step_by(self.range).map(|s| (s, (s + self.range).min(n))).collect()
    }

    fn check_single_pass(&self, what: &str) -> Result<()> {
        if !matches!(self.kernels, Kernels::SinglePass { .. }) {
            return Err(Error::Unsupported(format!("{what}: the {} variant does not make one; use single-pass", self.variant.name())));
        }
        Ok(())
    }

    fn counted(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        count: &Buffer<u32>,
        output: &Buffer<u32>,
        total: Option<&Buffer<u32>>,
    ) -> Result<()> {
        if !matches!(self.kernels, Kernels::SinglePass { .. }) {
            return Err(super::not_counted("a scan", self.variant.name(), "single-pass"));
        }
        if count.is_empty() {
            return Err(Error::invalid("scan: the count buffer is empty"));
        }
        let bound = self.capacity.min(input.len()).min(output.len());
        super::check_one_range("a scan", bound, self.range)?;
        if bound == 0 && total.is_none() {
            return Ok(());
        }
        self.record_single_pass(rec, input, &[(0, bound)], Some(count), output, total)
    }

    /// The single pass over `ranges` of `input`; with `count`, one range whose length is at most
    /// the device's count; with `total`, the last range writes the total there.
    fn record_single_pass(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        ranges: &[(usize, usize)],
        count: Option<&Buffer<u32>>,
        output: &Buffer<u32>,
        total: Option<&Buffer<u32>>,
    ) -> Result<()> {
        let Kernels::SinglePass { kernel, state } = &self.kernels else { unreachable!("a single-pass scanner") };
        let kind = if self.kind == Kind::Exclusive { EXCLUSIVE } else { 0 };
        // The ticket, the done count and the tile status start at 0: left so by the last
        // run (clean), else filled here; word 1, the cut-short flag, is kept.
        let fill_ticket = |rec: &mut Recorder| {
            rec.barrier(Sync::ComputeToTransfer); // the last run's or range's use of it
            rec.fill_raw(state.raw(), 0, 4, 0);
        };
        if self.clean {
            rec.barrier(Sync::ComputeToCompute); // the last run's clean-up
        } else {
            fill_ticket(rec);
            rec.fill_raw(state.raw(), 16, state.bytes() - 16, 0);
            rec.barrier(Sync::TransferToCompute);
        }
        // One status slot per tile of every range (numbered on across ranges).
        let mut first_tile = 0;
        for (k, &(s, e)) in ranges.iter().enumerate() {
            if k > 0 {
                rec.barrier(Sync::ComputeToCompute); // the earlier ranges' INCLUSIVEs
                if !self.clean {
                    fill_ticket(rec);
                    rec.barrier(Sync::TransferToCompute);
                }
            }
            // Counted: the grid covers the bound; groups past the device's count find no tile.
            let tiles = (e - s).div_ceil(self.tile);
            let groups = tiles.min(self.grid).max(tiles.div_ceil(self.max_tiles)).max(1); // one, to write an empty input's total
            let (i, o) = (input.bind_range(s, e), output.bind_range(s, e));
            let (n_bind, counted) = match count {
                Some(c) => (c.bind_range(0, 1), COUNTED),
                None => (i, 0), // unused
            };
            let last = k + 1 == ranges.len();
            let (total_bind, write_total) = match total {
                Some(t) if last => (t.bind_range(0, 1), TOTAL),
                _ => (i, 0), // unused
            };
            let binds = [i, i, o, o, state.bind(), n_bind, total_bind];
            let mut flags = ENCODE | DECODE | kind | counted | write_total;
            if input.raw() == output.raw() {
                flags |= IN_PLACE; // the outputs overwrite what a walk's fallback may read
            }
            if self.clean {
                flags |= CLEAN | if last { LAST_RANGE } else { 0 };
            }
            rec.dispatch(kernel, grid2d(groups), &binds, &push(e - s, flags, first_tile, self.max_tiles))?;
            first_tile += tiles;
        }
        Ok(())
    }
}

/// The lengths scanned at each level of the block scans: n, then its number of blocks, and so
/// on down to one block.
fn level_lens(n: usize, block: usize) -> Vec<usize> {
    let mut lens = vec![n];
    while *lens.last().unwrap() > block {
        let next = lens.last().unwrap().div_ceil(block);
        lens.push(next);
    }
    lens
}

/// Scans `data` (bits of `ty`) on the GPU.
pub fn run(ctx: &Context, data: &[u32], ty: ElemType, op: Op, kind: Kind, variant: Variant) -> Result<Vec<u32>> {
    Ok(time(ctx, data, ty, op, kind, variant, 0, 1)?.1)
}

/// Uploads once, then times only the GPU work (`gpu::measure`: `warmup` + `runs` submissions).
#[allow(clippy::too_many_arguments)]
pub fn time(
    ctx: &Context,
    data: &[u32],
    ty: ElemType,
    op: Op,
    kind: Kind,
    variant: Variant,
    warmup: u32,
    runs: u32,
) -> Result<(Timing, Vec<u32>)> {
    if data.is_empty() {
        return Ok((Timing::default(), Vec::new()));
    }
    time_scanner(ctx, &Scanner::new(ctx, variant, ty, op, kind, data.len())?, data, warmup, runs)
}

/// As [`time`] with a scanner made by the caller (`with_knobs`, `with_range`).
pub fn time_scanner(ctx: &Context, s: &Scanner, data: &[u32], warmup: u32, runs: u32) -> Result<(Timing, Vec<u32>)> {
    time_scanner_placed(ctx, s, data, warmup, runs, false)
}

/// As [`time_scanner`], scanning in place (`output` = `input`): every timed run scans the result
/// of the one before, so the values returned are those of one more run, in place, on a fresh
/// upload of `data`.
pub fn time_scanner_in_place(ctx: &Context, s: &Scanner, data: &[u32], warmup: u32, runs: u32) -> Result<(Timing, Vec<u32>)> {
    time_scanner_placed(ctx, s, data, warmup, runs, true)
}

fn time_scanner_placed(ctx: &Context, s: &Scanner, data: &[u32], warmup: u32, runs: u32, in_place: bool) -> Result<(Timing, Vec<u32>)> {
    if data.is_empty() {
        return Ok((Timing::default(), Vec::new()));
    }
    let input = Buffer::from_slice(ctx, data, "scan input")?;
    let output = if in_place { None } else { Some(Buffer::new(ctx, data.len(), "scan output")?) };
    let output = output.as_ref().unwrap_or(&input);
    let fresh = if in_place { Some(Buffer::from_slice(ctx, data, "scan upload")?) } else { None };
    let timing = crate::gpu::measure(ctx, warmup, runs, |rec| s.record(rec, &input, data.len(), output))?;
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        if let Some(fresh) = &fresh {
            // The checked run: in place on the data again.
            rec.copy(fresh, &input)?;
            rec.barrier(Sync::TransferToCompute);
            s.record(rec, &input, data.len(), &input)?;
            rec.barrier(Sync::ComputeToTransfer);
        }
        Ok(())
    })?;
    if s.cut_short(ctx)? {
        return Err(cut_short_error());
    }
    Ok((timing, ctx.read(output)?))
}

fn cut_short_error() -> Error {
    Error::Unsupported(
        "the single-pass scan gave up: a walk back met more unstarted tiles than its loop budget (the scheduler ran tiles far out of order); use reduce-then-scan here".into(),
    )
}

/// The stated f32 accuracy of a sum: every output k is within `depth x 2^-24 x sum(|x_i|)` (over
/// the elements it sums) of the f64 prefix, plus `(k + 1) x 2^-126` for flushed subnormals.
/// `depth` bounds the roundings on any element's path through the variant's additions (subgroup
/// and shared steps counted as sequential, the carries between tiles and chunks counted one by one).
pub fn f32_sum_depth(variant: Variant, n: usize, range: usize) -> usize {
    f32_sum_depth_tiles(variant, n, range, TILE)
}

/// As [`f32_sum_depth`] for a single pass with tiles of `tile` elements.
pub fn f32_sum_depth_tiles(variant: Variant, n: usize, range: usize, tile: usize) -> usize {
    if n == 0 {
        return 0;
    }
    let (range, tile) = (range.max(1), tile.max(1)); // (a range or tile of 0 holds one element's steps)
    let l = LOCAL as usize;
    match variant {
        // Per level: the block's steps (log2 256 = 8; Blelloch up and down 2 x 9), the
        // inclusive step, the add back.
        Variant::HillisSteele | Variant::Blelloch => {
            let steps = if variant == Variant::HillisSteele { 8 } else { 18 };
            level_lens(n, variant.block()).len() * (steps + 2)
        }
        Variant::ReduceThenScan => {
            let partials = n.div_ceil(range) * striped_tiles(n.min(range));
            let reduce = 4 + 4 + 2 * l; // the 4 rounds, the 4 lanes, subgroup + shared
                                        // The steps' carries, an invocation's run of 64, group steps, its prefix.
            let partials_scan = partials.div_ceil(64 * l) + 64 + 2 * l + 2;
            // A uvec4's lanes, the subgroup scan, the subgroups before (and each round's total),
            // the rounds before, the partial.
            let scan = 4 + 3 * l + 4 + 2;
            reduce + partials_scan + scan
        }
        // A tile's partial (the reducer's 2 rounds, 4 lanes, subgroup + shared over 512; the
        // fallback's 1024 in a row are fewer), a chunk's total over its 256 partials,
        // the chunks before (a run per invocation, then the group), the chunk's tiles before, their
        // combination, then the tile's own scan as reduce-then-scan's.
        Variant::Overlap => {
            let tiles: usize = (0..n).step_by(range).map(|s| striped_tiles((n - s).min(range))).sum();
            let partial = 2 + 4 + 4 * l;
            let chunk = partial + 2 * l + OVERLAP_CHUNK;
            let chunks = tiles.div_ceil(OVERLAP_CHUNK).div_ceil(l) + 2 * l;
            chunk + chunks + 2 * l + 2 + (4 + 3 * l + 4 + 2)
        }
        // A tile's own steps (at most one per element: in registers, subgroup and group steps)
        // for its aggregate and again for its outputs; along the chain of INCLUSIVEs every tile before adds its aggregate once and
        // each INCLUSIVE one more rounding.
        Variant::SinglePass => {
            let tiles: usize = (0..n).step_by(range).map(|s| (n - s).min(range).div_ceil(tile)).sum();
            2 * tiles + 2 * tile + 2
        }
    }
}

/// The first output that disagrees with the CPU reference, as a message; `None` when all agree
/// (integers and min/max bit for bit; f32 sums within `depth` roundings: [`f32_sum_depth`],
/// [`Scanner::f32_sum_depth`]). Also returns the largest f32 error relative to its bound (0 for
/// exact types).
pub fn verify(data: &[u32], got: &[u32], ty: ElemType, op: Op, kind: Kind, depth: usize) -> (Option<String>, f64) {
    if got.len() != data.len() {
        return (Some(format!("{} outputs for {} inputs", got.len(), data.len())), 0.0);
    }
    if ty == ElemType::F32 && op == Op::Sum {
        // The prefix's reference (F32SumRef: infinities, NaN and overflow as IEEE sums have them).
        let (mut prefix, mut worst) = (crate::cpu::reduce::F32SumRef::default(), 0.0f64);
        for (k, (&x, &g)) in data.iter().zip(got).enumerate() {
            if kind == Kind::Inclusive {
                prefix = prefix.with(f32::from_bits(x));
            }
            let g = f32::from_bits(g);
            let bound = prefix.bound(depth, k + 1);
            if !prefix.accepts(g, bound) {
                return (Some(format!("element {k}: {g:e}, the f64 prefix is {:e} (bound {bound:.2e})", prefix.exact())), worst);
            }
            if bound > 0.0 {
                worst = worst.max(prefix.error(g) / bound);
            }
            if kind == Kind::Exclusive {
                prefix = prefix.with(f32::from_bits(x));
            }
        }
        return (None, worst);
    }
    let want = crate::cpu::scan::scan(data, ty, op, kind);
    match want.iter().zip(got).position(|(w, g)| w != g) {
        Some(k) => (Some(format!("element {k}: {} where the CPU has {}", ty.format(got[k]), ty.format(want[k]))), 0.0),
        None => (None, 0.0),
    }
}
