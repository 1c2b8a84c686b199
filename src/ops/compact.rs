//! Stream compaction (seed 001's "filter"): keep the elements that pass a predicate, writing
//! f(x). The lecture's steps (one global atomic per element; a shared group counter), then ours
//! (subgroup ballots; a stable, order-preserving compaction by reduce-then-scan).
//!
//! The unordered variants give the right multiset in an unspecified order; `stable` and
//! `stable-lookback` (one pass, decoupled look-back, with an exact fallback for a look-back that
//! gives up waiting: on GPUs the group that finishes last compacts the rest in the same kernel; on
//! CPU devices `stable`'s three passes recorded as indirect dispatches) give exactly the CPU's
//! sequence. Inputs longer than one storage binding are processed in ranges; the output is bound
//! as four windows, so n may be up to 4 x [`range_elems`].
use super::bandwidth::L2Scrub;
pub use super::reduce::{range_elems, ElemType};
use crate::gpu::{Buffer, Context, Error, Kernel, Recorder, Result, Sync, Timing};
use crate::shaders;

/// Which elements are kept. Thresholds are bits of the element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    /// x > threshold (f32: false for NaN).
    Greater(u32),
    /// x < threshold (f32: false for NaN).
    Less(u32),
    /// x != 0 (f32: +0 and -0 are zero; NaN is not).
    NonZero,
    /// x even (integer types only).
    Even,
}

impl Predicate {
    /// Parses `gt:T`, `lt:T`, `nonzero`, `even` for elements of `ty`.
    pub fn parse(s: &str, ty: ElemType) -> Result<Predicate> {
        let p = match s.split_once(':') {
            Some(("gt", t)) => Predicate::Greater(ty.parse(t).map_err(|e| e.within(format_args!("predicate {s:?}")))?),
            Some(("lt", t)) => Predicate::Less(ty.parse(t).map_err(|e| e.within(format_args!("predicate {s:?}")))?),
            None if s == "nonzero" => Predicate::NonZero,
            None if s == "even" => Predicate::Even,
            _ => return Err(Error::invalid(format!("predicate {s:?}: use gt:T, lt:T, nonzero or even"))),
        };
        p.check(ty)?;
        Ok(p)
    }
    /// An error for a predicate that `ty` does not take (`even` on f32).
    pub fn check(self, ty: ElemType) -> Result<()> {
        if self == Predicate::Even && ty == ElemType::F32 {
            return Err(Error::invalid("predicate even needs an integer type (u32 or i32)"));
        }
        Ok(())
    }
    /// The predicate as text for elements of `ty`, e.g. `x > 0.5`.
    pub fn describe(self, ty: ElemType) -> String {
        match self {
            Predicate::Greater(t) => format!("x > {}", ty.format(t)),
            Predicate::Less(t) => format!("x < {}", ty.format(t)),
            Predicate::NonZero => "x != 0".into(),
            Predicate::Even => "x even".into(),
        }
    }
    fn spec(self) -> (u32, u32) {
        match self {
            Predicate::Greater(t) => (0, t),
            Predicate::Less(t) => (1, t),
            Predicate::NonZero => (2, 0),
            Predicate::Even => (3, 0),
        }
    }
    /// The predicate on the CPU (the reference).
    pub fn keep(self, ty: ElemType, x: u32) -> bool {
        match (self, ty) {
            (Predicate::NonZero, ElemType::F32) => x & 0x7FFF_FFFF != 0,
            (Predicate::NonZero, _) => x != 0,
            (Predicate::Even, _) => x & 1 == 0,
            (Predicate::Greater(t), ElemType::F32) => f32::from_bits(x) > f32::from_bits(t),
            (Predicate::Less(t), ElemType::F32) => f32::from_bits(x) < f32::from_bits(t),
            (Predicate::Greater(t), ElemType::I32) => (x as i32) > (t as i32),
            (Predicate::Less(t), ElemType::I32) => (x as i32) < (t as i32),
            (Predicate::Greater(t), ElemType::U32) => x > t,
            (Predicate::Less(t), ElemType::U32) => x < t,
        }
    }
}

/// What is written for a kept element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    /// x unchanged.
    Identity,
    /// -x (f32: sign flipped, exact; integers: wrapping).
    Negate,
}

impl Func {
    /// f(x) on the CPU (the reference): the bits written for a kept `x` of type `ty`.
    pub fn apply(self, ty: ElemType, x: u32) -> u32 {
        match (self, ty) {
            (Func::Identity, _) => x,
            (Func::Negate, ElemType::F32) => x ^ 0x8000_0000,
            (Func::Negate, _) => x.wrapping_neg(),
        }
    }
}

impl std::str::FromStr for Func {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "identity" => Ok(Func::Identity),
            "negate" => Ok(Func::Negate),
            _ => Err(Error::invalid(format!("function {s:?}: use identity or negate"))),
        }
    }
}

/// The variants, the lecture's steps first, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Seed 001: one global `atomicAdd` per kept element (unordered).
    GlobalAtomic,
    /// Seed 001: a shared counter, one global `atomicAdd` per workgroup (unordered).
    GroupCounter,
    /// Ours: `subgroupBallot` and bit counts, one global `atomicAdd` per tile of 1024 (unordered).
    SubgroupBallot,
    /// Ours: `stable`'s scatter, each tile of 4096 placed by one global `atomicAdd` (in order
    /// inside a tile only).
    TileAtomic,
    /// Ours: input order kept, by reduce-then-scan in two passes (tile counts, then scatter).
    Stable,
    /// Ours: input order kept, in one pass with decoupled look-back (and an exact fallback).
    StableLookback,
}

impl Variant {
    /// Every variant, in the order `--variant all` runs them.
    pub const ALL: [Variant; 6] = [
        Variant::GlobalAtomic,
        Variant::GroupCounter,
        Variant::SubgroupBallot,
        Variant::TileAtomic,
        Variant::Stable,
        Variant::StableLookback,
    ];
    /// The variant's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::GlobalAtomic => "global-atomic",
            Variant::GroupCounter => "group-counter",
            Variant::SubgroupBallot => "subgroup-ballot",
            Variant::TileAtomic => "tile-atomic",
            Variant::Stable => "stable",
            Variant::StableLookback => "stable-lookback",
        }
    }
    /// One line on what the variant does and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            Variant::GlobalAtomic => "seed 001: one global atomicAdd per passing element (unordered)",
            Variant::GroupCounter => "seed 001: shared counter, one global atomicAdd per group, write at group_offset + offset (unordered)",
            Variant::SubgroupBallot => "ours: subgroupBallot + bit counts, one global atomicAdd per tile of 1024 (unordered)",
            Variant::TileAtomic => {
                "ours: one workgroup per tile of 4096 (16-byte loads), ranked in the group, one global atomicAdd per tile, written coalesced in halves (unordered across tiles)"
            }
            Variant::Stable => "ours: order-preserving reduce-then-scan in two passes (tile and superblock counts; scatter, each tile reading its own prefix), 16-byte loads",
            Variant::StableLookback => {
                "ours: order-preserving in one pass: atomic tile tickets, decoupled look-back over status words, staged writes (from 2^23 on GPUs: one tile per workgroup in registers)"
            }
        }
    }
    /// Whether the output keeps the input order.
    pub fn ordered(self) -> bool {
        matches!(self, Variant::Stable | Variant::StableLookback)
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        super::variant_named(s, &Variant::ALL, Variant::name, "variant")
    }
}

const LOCAL: u32 = 256;
/// Workgroups of the grid-stride loops (at most 65535 in one dimension).
const MAX_GROUPS: usize = 65535;
/// Elements per tile of `stable` (4 rounds x 256 invocations x uvec4).
const TILE: usize = 4096;
const SCAN_LOCAL: u32 = 1024;
/// Invocations per counter group of `stable` with overlapping passes (2 rounds of uvec4).
const COUNTER_LOCAL: u32 = 512;
/// Words before the tile words of the overlapping passes: the set flag and a header (16 words).
const OVERLAP_HEADER: usize = 16;
/// The overlap's scatter writes its tiles staged in halves at every size (by subgroups only when
/// asked). On the H200 halves were 5-13% faster from 2^20 to 2^25 elements (2026-11-24,
/// eighteenth session) and within 2% either way past it; on the H100 they were 2-6% faster past
/// 2^25 too (thirtieth session, docs/reduce_compact.md), where until then the default had
/// switched to subgroups.
const HALVES_BY_DEFAULT: bool = true;

/// The overlap's scatter takes a persistent grid ([`Knobs::stable_overlap_persistent`]) by default
/// from this many elements. On the H200 (2026-12-02, fifth session, docs/reduce_compact.md) it
/// was 3-5% faster at 2^26 f32 (50% kept), 9% at 100%, 3-6% at 2^27 and 2% at 2^25; tied at
/// 2^23 and 2^24; 1-2% slower at 0.1% kept and 5% slower at 2^22.
pub const PERSISTENT_FROM: usize = 1 << 25;

/// How many persistent scatter groups (256 invocations) fit beside one counter group (512) on
/// each multiprocessor, times the multiprocessors; `None` where the driver does not tell what
/// that takes. By NVIDIA's rules: 65,536 registers a multiprocessor in four partitions, each
/// warp given 32 lanes x its registers rounded up to 8, a group's warps dealt evenly over the
/// partitions; and the driver's warps per multiprocessor (`shaderWarpsPerSM`). Shared memory
/// (9 KiB a scatter group) never binds first there. The grid must not hold more than fit: a
/// group that waits for a slot delays every G-th tile to the end (400 groups on the H200's 396
/// slots: 0.2185 ms instead of 0.1405 at 2^26).
pub fn persistent_fit(
    compute_units: Option<u32>,
    warps_per_unit: Option<u32>,
    counter_registers: u32,
    scatter_registers: u32,
) -> Option<u32> {
    let (units, warps) = (compute_units?, warps_per_unit?);
    let warp_registers = |r: u32| r.div_ceil(8) * 8 * 32;
    let (counter_warps, scatter_warps) = (COUNTER_LOCAL / 32, LOCAL / 32);
    let partition = (65536 / 4u32).checked_sub(counter_warps / 4 * warp_registers(counter_registers))?;
    let by_registers = partition / (scatter_warps / 4 * warp_registers(scatter_registers)).max(1);
    let by_warps = warps.checked_sub(counter_warps)? / scatter_warps;
    let per_unit = by_registers.min(by_warps);
    (per_unit > 0).then_some(units * per_unit)
}

/// Whether the overlap's persistent scatter, recounting every prefix itself
/// (`Knobs::stable_overlap_recount`), stays within llvmpipe's loop limit: llvmpipe counts the
/// iterations of every loop of an invocation together and, past 65,535, leaves each loop as though
/// it had ended, so the prefix would come out wrong with no error. An invocation's worst case: for
/// each of its group's tiles one tile recounted (`count_tiles` loads 8 uvec4s an iteration: 128
/// for a tile) and about 160 iterations of the group's other loops (32 subgroups of 8), and for
/// each of its tiles past the first superblock one superblock recounted (32,768). Refused past
/// that, saying what to change.
fn recount_fits_llvmpipe(tiles: usize, groups: usize) -> Result<()> {
    const LIMIT: usize = 65_535;
    const TILE_RECOUNT: usize = TILE / 4 / 8;
    const OTHER_LOOPS: usize = 160;
    let per_group = tiles.div_ceil(groups.max(1));
    let past_first = tiles.saturating_sub(SUPER_TILES).div_ceil(groups.max(1));
    let worst = per_group * (TILE_RECOUNT + OTHER_LOOPS) + past_first * SUPER_TILES * TILE_RECOUNT;
    if worst <= LIMIT {
        return Ok(());
    }
    Err(Error::invalid(format!(
        "--stable-overlap-recount with a persistent scatter grid of {groups} over {tiles} tiles takes up to {worst} loop iterations an invocation, past llvmpipe's limit of {LIMIT} (its results would be wrong): give more groups (--stable-overlap-persistent N) or 0 for one group per tile"
    )))
}

/// The driver's register count of a kernel (VK_KHR_pipeline_executable_properties), if it tells.
fn registers(kernel: &Kernel) -> Option<u32> {
    kernel.statistics().into_iter().find(|(name, _)| name == "Register Count").and_then(|(_, v)| v.parse().ok())
}

/// Whether the overlap's scatter gives a last tile that ends in a partial uvec4 a pipeline of its
/// own by default on this device. Measured on two GPUs, 2^26 f32 at 50% (thirty-second and
/// thirty-third sessions, docs/reduce_compact.md): the H200 ran 6% faster with it (11% at 0.1%
/// kept), the H100 80GB HBM3 4% slower (8% at 0.1%). Vulkan tells the two apart only by name;
/// every other device takes the H200's choice.
pub fn split_tail_by_default(device_name: &str) -> bool {
    !device_name.contains("H100")
}
/// The most tiles one group of stable-lookback's persistent grids draws (see SPIN_LIMIT), and on
/// CPU devices: there each tile's other loops take up to about 150 iterations per invocation
/// (32 subgroups of 8 at 256 invocations, summed in loops; the dealt grid's claims re-read and
/// re-sum its window), so 128 tiles and the spin limit stay below llvmpipe's loop limiter.
const MAX_TILES_PER_GROUP: usize = 1024;
const MAX_TILES_PER_GROUP_CPU: usize = 128;
/// The most groups the dealt grid's occupancy discovery counts (a 15-bit field of its poll word).
const MAX_DISCOVER_GROUPS: u32 = 32767;
/// The most tickets one subgroup agent of stable-lookback draws (see SPIN_LIMIT).
const MAX_TICKETS_PER_AGENT: usize = 256;
/// stable-lookback's subgroup agents: invocations per multiprocessor (a full one on the H200).
const AGENT_INVOCATIONS_PER_CU: u32 = 2048;
/// stable-lookback's persistent grid: invocations per multiprocessor (3 groups of 256: at 75
/// registers no more fit one at once on the H200).
const LOOKBACK_INVOCATIONS_PER_CU: u32 = 768;

/// Tuning knobs for measuring (the CLI's hidden options); `Knobs::default()` is what `new` uses.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// Output windows: `Some(4)` always four bindings with a branch per store; `Some(1)` or
    /// `None` (auto) one plain binding when the whole output fits one window (capacity <= range).
    pub windows: Option<u32>,
    /// `stable` (and the fallback) scatter: stage kept values in shared memory, then write the
    /// tile's output range coalesced.
    pub stage_output: bool,
    /// Workgroups of the grid-stride dispatches (stable count/scatter and the unordered
    /// variants); `None`: one per tile (at most 65535).
    pub groups: Option<u32>,
    /// `stable`'s rounds per tile (4 or 8: tiles of 4096 or 8192 elements; 8 only with
    /// `stable_passes` 3); other variants: 4.
    pub rounds: u32,
    /// `stable`'s passes: 2 (default: count each tile and its superblock's sum, then scatter, each
    /// tile finding its own prefix; glsl/compact/stable_count_super.comp and
    /// stable_scatter_prefix.comp) or 3 (count, scan the tile counts, scatter: the classic
    /// reduce-then-scan, and stable-lookback's recorded fallback). `groups`, `stage_output`,
    /// `stage_vec4` and `scan_coalesced` shape the 3 passes only.
    pub stable_passes: u32,
    /// `stable` in two passes: the count's persistent groups (of 512) run beside the scatter, with
    /// no barrier between (glsl/compact/stable_count_overlap.comp, stable_scatter_overlap.comp),
    /// so the scatter finds its tile in L2. `None`: one group per multiprocessor on a GPU whose
    /// driver tells their number (VK_NV_shader_sm_builtins), else not; `Some(0)`: not (count,
    /// barrier, scatter). One range only (more: not).
    pub stable_overlap: Option<u32>,
    /// With `stable_overlap`: a barrier between the counters and the scatter all the same, so the
    /// validation layer can check the run (it cannot see the waits that order the two).
    pub stable_overlap_barrier: bool,
    /// With `stable_overlap`, tests: the counters publish nothing, so the scatter's waits give up
    /// at once and each invocation counts the tiles before its own itself (exact, slow). On CPU
    /// devices with a persistent scatter, refused past llvmpipe's loop limit
    /// (`recount_fits_llvmpipe`).
    pub stable_overlap_recount: bool,
    /// With `stable_overlap`: the scatter writes each tile staged in halves by the whole group
    /// (`Some(true)`) or one round at a time by each subgroup (`Some(false)`); `None`: halves.
    pub stable_overlap_halves: Option<bool>,
    /// With `stable_overlap` and the scatter in halves: the tiles that end in whole uvec4s are
    /// scattered by a persistent grid of this many groups (tiles g, g + G, ..., each group's next
    /// tile loaded while it scatters this one; glsl/compact/stable_scatter_overlap.comp,
    /// PERSISTENT); `Some(0)`: one group per tile. `None`: for runs of at least
    /// [`PERSISTENT_FROM`] elements, as many groups as fit beside the counters where the driver
    /// tells what that takes ([`persistent_fit`]), else one group per tile. Where the last tile
    /// is not split off ([`Knobs::stable_overlap_split_tail`]; the H100's default) every tile
    /// takes the other pipeline, and this has no effect.
    pub stable_overlap_persistent: Option<u32>,
    /// With `stable_overlap`: a last tile that ends in a partial uvec4 is scattered alone by a
    /// pipeline of its own, so that the other tiles' pipeline has no element-by-element loads
    /// (`Some(true)`), or every tile by the pipeline with them (`Some(false)`); `None`: by device
    /// ([`split_tail_by_default`]).
    pub stable_overlap_split_tail: Option<bool>,
    /// `stable`: runs of at most this many elements (and one range, not counted) take ONE pass,
    /// `tile-atomic`'s body with a decoupled look-back (glsl/compact/stable_one_pass.comp); the
    /// other knobs of `stable` shape the larger runs. `None`: [`ONE_PASS_MAX`] on a GPU, 0 (never)
    /// on CPU devices, where groups that wait on each other share the worker threads; at most
    /// [`ONE_PASS_LIMIT`].
    pub stable_one_pass_max: Option<usize>,
    /// `stable-lookback`: the fallback for a look-back that gives up (`lookback_tail`). Without it
    /// a look-back that gave up leaves a wrong result (for timing only).
    pub lookback_fallback: bool,
    /// `stable-lookback`'s fallback: `Some(true)` the group that finishes last compacts the rest in
    /// the look-back kernel (glsl/include/lookback_tail.glsl: nothing recorded after it);
    /// `Some(false)` `stable`'s three passes recorded after it as indirect dispatches, empty
    /// unless a tile gave up (7-9 us of barriers per run on the H200). `None`: in the kernel,
    /// except on CPU devices, where llvmpipe's loop limiter (65535 loop iterations per
    /// invocation) could cut a long tail short after long walks.
    pub lookback_tail: Option<bool>,
    /// `stable-lookback`: workgroups of its persistent grid (`None`: 768 invocations per
    /// multiprocessor where the driver tells their number, else one group per tile).
    pub lookback_groups: Option<u32>,
    /// `stable-lookback`: predecessors read per look-back step, in subgroups (1..=8).
    pub lookback_slices: u32,
    /// `stable-lookback`: invocations per group, 256 (4 rounds of uvec4 per tile) or 512 (2).
    pub lookback_local: u32,
    /// `stable` (and the fallback) scan: coalesced blocks instead of per-invocation chunks.
    pub scan_coalesced: bool,
    /// With `stage_output` and one output window: 16-byte stores of the staged values.
    pub stage_vec4: bool,
    /// `stable-lookback`, diagnosis only (wrong results): 1 skips the look-back, 2 also the
    /// ticket; 0 (default) the real kernel.
    pub look_diag: u32,
    /// `stable-lookback`: one tile per workgroup (stable_lookback_tile.comp) instead of the
    /// persistent grid (stable_lookback.comp).
    pub lookback_one_tile: bool,
    /// `stable-lookback`, one tile per workgroup or the persistent grid without prefetch: keep the
    /// tile in registers through its look-back, then stage and write it one round at a time:
    /// shared memory for one round instead of the tile (NVIDIA's driver gives a pipeline 48 KiB
    /// per multiprocessor). One tile: each subgroup writes its part; the persistent grid: the
    /// whole group (in its loop an H200 did not keep a subgroup's lanes together). Groups of 128,
    /// 256, 384 or 512 invocations.
    pub lookback_warp_write: bool,
    /// `stable-lookback`: rounds of uvec4 per tile, 1..=4 (0: tiles of 4096 elements; default 3:
    /// 3072 with 256 invocations).
    pub lookback_rounds: u32,
    /// `stable-lookback`'s persistent grid: load the next tile before counting this one (default;
    /// the one-tile and agents kernels have no prefetch and ignore it).
    pub lookback_prefetch: bool,
    /// `stable-lookback`: subgroup agents (stable_lookback_agents.comp) instead of the
    /// persistent grid of workgroups; tiles of `lookback_rounds` (0: 4) uvec4 per lane.
    pub lookback_agents: bool,
    /// `stable-lookback`'s subgroup agents: counted tiles each keeps staged (1..=4).
    pub lookback_lag: u32,
    /// `stable-lookback`'s kernels, with one output window: 16-byte stores of the staged tile.
    pub lookback_vec4: bool,
    /// `stable-lookback` (persistent grid or one tile): subgroup-clock ticks the look-back waits
    /// before its first read (CUB waits about 1.1 us); needs VK_KHR_shader_clock. 0: no wait.
    pub lookback_wait_first: u32,
    /// As `lookback_wait_first`, before re-reading a window that held an unpublished tile.
    pub lookback_wait_poll: u32,
    /// `stable-lookback`: the persistent grid DEALT its tiles (stable_lookback_dealt.comp: group g
    /// takes g, g + G, ...; a tile's prefix is the inclusive prefix of the tile G before it plus
    /// the G - 1 counts between, read by the whole group at once) instead of tickets and walks.
    /// Runs fastest with every group resident at once: the grid comes from the number of
    /// multiprocessors (or `lookback_groups`); where the groups do not all run at once, a waiting group claims
    /// the counts that do not come and counts those tiles itself (`lookback_claim_after`).
    pub lookback_dealt: bool,
    /// The dealt grid: re-reads of a count not yet published before the waiting group claims
    /// that tile and counts it itself, so that no group waits on one that is not running (0:
    /// never; the wait then gives up after the spin limit and the fallback writes the result).
    pub lookback_claim_after: u32,
    /// The dealt grid: occupancy discovery. The groups that check in on a poll at the kernel's
    /// start, before the first closes it, deal the tiles among themselves, so no group waits on
    /// one that is not running; later groups take no tile.
    pub lookback_discover: bool,
    /// `stable-lookback`: the group that finishes a run zeroes the look-back state for the next
    /// (glsl/include/lookback_tail.glsl), so a run records a barrier where it recorded a fill and
    /// a barrier. `None`: wherever it can, that is with the fallback in the kernel (or none) and
    /// no diagnosis.
    pub lookback_clean: Option<bool>,
    /// `stable-lookback`: from how many elements a run uses the LARGE kernel (`large_knobs`: one
    /// tile per workgroup, 4096 elements, kept in registers through a look-back that first waits
    /// on the subgroup clock, and written one round per subgroup) instead of the persistent grid.
    /// `None`: the device's default, `LARGE_FROM` on a GPU with VK_KHR_shader_clock, never
    /// elsewhere; `Some(usize::MAX)`: never. Only with the default kernel's knobs.
    pub lookback_large_from: Option<usize>,
}

impl Default for Knobs {
    fn default() -> Knobs {
        // From the H200 runs of 2026-11-22 (docs/reduce_compact.md). The first sweep's large
        // gains (stable 1.06 -> 0.26 ms at 2^26) were mostly the one-process slowdown that a
        // fresh device per variant removes; measured alone, the staged scatter and coalesced scan
        // give 0.258 ms against 0.265 ms without them. stable-lookback's persistent grid: tiles of
        // 3072 with the next one prefetched, 3 groups per multiprocessor (adopted 2026-11-23 after
        // four H200 calls: 0.2301-0.2353 ms against 0.2407-0.2428 for 4096-element tiles without
        // prefetch on 4 groups per multiprocessor, 2^26 f32 at 50%; 0.206 against 0.219 at 0.1%).
        Knobs {
            windows: None,
            stage_output: true,
            groups: None,
            rounds: 4,
            stable_passes: 2,
            stable_overlap: None,
            stable_overlap_barrier: false,
            stable_overlap_recount: false,
            stable_overlap_halves: None,
            stable_overlap_persistent: None,
            stable_overlap_split_tail: None,
            stable_one_pass_max: None,
            lookback_fallback: true,
            lookback_tail: None,
            lookback_groups: None,
            lookback_slices: 1,
            lookback_local: 256,
            scan_coalesced: true,
            stage_vec4: false,
            look_diag: 0,
            lookback_one_tile: false,
            lookback_warp_write: false,
            lookback_rounds: 3,
            lookback_prefetch: true,
            lookback_agents: false,
            lookback_lag: 2,
            lookback_vec4: false,
            lookback_wait_first: 0,
            lookback_wait_poll: 0,
            lookback_dealt: false,
            lookback_claim_after: 32,
            lookback_discover: false,
            lookback_clean: None,
            lookback_large_from: None,
        }
    }
}

/// Kernels and scratch for one (variant, type, predicate, f), for any n up to `capacity`.
pub struct Compactor {
    /// The variant it records.
    pub variant: Variant,
    /// The element type of its input.
    pub ty: ElemType,
    /// Which elements it keeps.
    pub pred: Predicate,
    kernels: Vec<Kernel>,
    capacity: usize,
    range: usize,
    threshold: u32,
    tiles: Buffer<u32>,
    /// stable-lookback: fallback dispatch sizes, tickets, the runs that gave up, then one status
    /// word per tile (layout in glsl/include/lookback_walk.glsl). Zeroed when made; then by the
    /// host before every run, or (`clean`) by the kernel at the end of every run.
    state: Buffer<u32>,
    knobs: Knobs,
    /// stable-lookback: runs of at least `large_from` elements use `large` (the large kernel's
    /// knobs; its kernel is `kernels[4]`).
    large: Option<Knobs>,
    large_from: usize,
    /// Elements per tile of the count/scatter kernels.
    tile: usize,
    /// `stable` in two passes: where the superblock sums start in `tiles` (after the tile
    /// counts, at a 256-byte boundary for their binding), and how many there are.
    supers: Option<(usize, usize)>,
    /// One output window (spec WINDOWS = 1).
    one_window: bool,
    /// Workgroups of stable-lookback's persistent grid.
    lookback_groups: u32,
    /// `stable` in two passes, overlapping: the counter groups (kernels 5..=11: counters, scatter
    /// by subgroups, flip, scatter in halves, the two for a partial last uvec4, the persistent scatter).
    overlap: Option<u32>,
    /// ... its scatter in halves as a persistent grid (`kernels[11]`): (groups, from this many
    /// elements of a run) ([`Knobs::stable_overlap_persistent`]).
    persistent: Option<(u32, usize)>,
    /// ... with a barrier between the counters and the scatter (asked for, or validation on).
    overlap_barrier: bool,
    /// ... a last tile that ends in a partial uvec4 scattered alone ([`Knobs::stable_overlap_split_tail`]).
    split_tail: bool,
    /// The most tiles one group of the persistent grids draws on this device.
    max_tiles_per_group: usize,
    /// stable-lookback: look-back iterations of one group before it gives up (SPIN_LIMIT).
    spin_limit: u32,
    /// The device's subgroup size (the subgroup agents' tiles).
    subgroup: u32,
    /// stable-lookback's fallback runs in the look-back kernel (else recorded after it).
    tail_in_kernel: bool,
    /// A CPU device (llvmpipe's loop limit: [`recount_fits_llvmpipe`]).
    cpu: bool,
    /// stable-lookback: the kernel leaves its state zeroed (no fill before a run).
    clean: bool,
    /// stable-lookback: the runs that gave up, as `lookback_gave_up` last read them.
    gave_up_seen: std::sync::atomic::AtomicU32,
    /// `stable`'s one pass for small runs, where it has one.
    one_pass: Option<OnePass>,
}

/// Rounds of uvec4 per lane in a tile of the subgroup agents.
fn agent_rounds(knobs: &Knobs) -> u32 {
    if knobs.lookback_rounds == 0 {
        4
    } else {
        knobs.lookback_rounds
    }
}

/// Elements per tile of `stable-lookback`'s kernel (`subgroup`: the device's subgroup size).
fn lookback_tile(knobs: &Knobs, subgroup: u32) -> usize {
    if knobs.lookback_agents {
        4 * (agent_rounds(knobs) * subgroup) as usize
    } else if knobs.lookback_rounds == 0 {
        TILE
    } else {
        4 * (knobs.lookback_rounds * knobs.lookback_local) as usize
    }
}

/// Tiles per superblock of `stable` in two passes (glsl/compact/stable_count_super.comp).
const SUPER_TILES: usize = 256;

/// Words of the look-back state before the status words (args[6], done[4], ticket[4],
/// gave_up_runs, pad[3], first_gave_up, carry: glsl/include/lookback_walk.glsl).
const STATE_HEADER: usize = 20;
/// The state's count of runs that gave up: zeroed only when the state is made.
const GAVE_UP_RUNS: usize = 14;
/// The state's tickets, one per range (the dealt grid: the discovery poll words).
const TICKETS: usize = 10;
/// Look-back iterations (spins and steps) of one group, over all its tiles, before it gives up:
/// with at most MAX_TILES_PER_GROUP_CPU tiles on CPU devices (each under about 150 other loop
/// iterations) below llvmpipe's loop limiter (65535 in total per invocation, after which loops
/// are left silently), and far beyond any honest wait on a GPU.
#[doc(hidden)]
pub const SPIN_LIMIT: u32 = 32768;

/// `stable` in one pass up to this many elements on a GPU ([`Knobs::stable_one_pass_max`]). On an
/// H200 (2026-12-01, medians of 30, 50% kept; docs/reduce_compact.md) one pass took 7.9 / 8.5 /
/// 9.9 / 12.3 us at 2^10 / 2^16 / 2^20 / 2^21 against the two passes' 9.9 / 10.2 / 11.8 / 13.9,
/// tied at 3 x 2^20 and 2^22 and lost at 2^23 (35 against 29 us): there each tile waits for the
/// slowest tile still loading ahead of it.
pub const ONE_PASS_MAX: usize = 1 << 21;
/// The most `stable_one_pass_max` may be: its status words hold 22-bit counts.
pub const ONE_PASS_LIMIT: usize = (1 << 22) - 1;
/// Words of the one pass's state before its status words (glsl/compact/stable_one_pass.comp).
const ONE_PASS_HEADER: usize = 4;

/// `stable`'s one pass: its pipelines (every tile but one ending in a partial uvec4, and that
/// one), its state (the epoch, the groups done, a status word per tile; zeroed when made, then
/// kept by the kernel) and the most elements it takes.
struct OnePass {
    kernels: [Kernel; 2],
    state: Buffer<u32>,
    max: usize,
}

/// Where `stable-lookback` switches to its large kernel by default (GPUs with the subgroup clock).
/// On the H200 (2026-11-23, docs/reduce_compact.md, twelfth session) the large kernel is 5-12%
/// faster from 2^24 elements on and 2-18% slower up to 2^22; 2^23 is near the crossing.
pub const LARGE_FROM: usize = 1 << 23;
/// The large kernel's waits in subgroup-clock ticks (H200: about 1.26 us before the first read,
/// 76 ns between re-reads of a window that held an unpublished tile; as CUB's select waits).
const LARGE_WAIT_FIRST: u32 = 2500;
const LARGE_WAIT_POLL: u32 = 150;

/// The most tiles one group of the persistent grids draws on `ctx`'s device.
fn max_tiles_per_group(ctx: &Context) -> usize {
    if ctx.info().device_type == "CPU" {
        MAX_TILES_PER_GROUP_CPU
    } else {
        MAX_TILES_PER_GROUP
    }
}

/// Whether `k` leaves stable-lookback's kernel as the default (the persistent grid with its
/// default shape): only then may the large kernel replace it for large runs.
fn default_kernel(k: &Knobs) -> bool {
    let d = Knobs::default();
    !k.lookback_one_tile
        && !k.lookback_agents
        && !k.lookback_dealt
        && !k.lookback_warp_write
        && !k.lookback_vec4
        && k.lookback_groups.is_none()
        && k.lookback_rounds == d.lookback_rounds
        && k.lookback_local == d.lookback_local
        && k.lookback_prefetch == d.lookback_prefetch
        && k.lookback_slices == d.lookback_slices
        && k.lookback_wait_first == 0
        && k.lookback_wait_poll == 0
}

/// The large kernel's knobs, from the compactor's (diagnosis, fallback and cleaning kept).
pub fn large_knobs(k: &Knobs) -> Knobs {
    Knobs {
        lookback_one_tile: true,
        lookback_warp_write: true,
        lookback_rounds: 4,
        lookback_local: 256,
        lookback_wait_first: LARGE_WAIT_FIRST,
        lookback_wait_poll: LARGE_WAIT_POLL,
        ..*k
    }
}

/// stable-lookback's kernel for `knobs` (validated), with the shared specialization constants
/// `spec` (local size, type, predicate, f, windows).
fn lookback_kernel(ctx: &Context, knobs: &Knobs, spec: &[(u32, u32)], tail_in_kernel: bool, clean: bool) -> Result<Kernel> {
    let waits = knobs.lookback_wait_first > 0 || knobs.lookback_wait_poll > 0;
    let sg = ctx.info().subgroup_size;
    let rounds = if knobs.lookback_agents { agent_rounds(knobs) } else { lookback_tile(knobs, sg) as u32 / (4 * knobs.lookback_local) };
    let mut lb = vec![
        (0, knobs.lookback_local),
        spec[1],
        spec[2],
        spec[3],
        spec[4],
        (7, rounds),
        (8, knobs.lookback_vec4 as u32),
        (10, knobs.look_diag),
        (11, knobs.lookback_slices),
        (18, (knobs.lookback_fallback && tail_in_kernel) as u32),
        (19, clean as u32),
    ];
    let shader = if knobs.lookback_agents {
        // Each agent's LAG slots of one tile: LAG x rounds x 4 words per invocation.
        let shared = 16 * knobs.lookback_lag * rounds * knobs.lookback_local;
        if shared > ctx.info().max_shared_memory_bytes {
            return Err(Error::Unsupported(format!(
                "subgroup agents staging {} tiles need {shared} bytes of shared memory; {} has {}",
                knobs.lookback_lag,
                ctx.info().name,
                ctx.info().max_shared_memory_bytes
            )));
        }
        lb.extend([(13, knobs.lookback_lag), (15, sg)]);
        &shaders::COMPACT_STABLE_LOOKBACK_AGENTS
    } else {
        if waits {
            lb.extend([(16, knobs.lookback_wait_first), (17, knobs.lookback_wait_poll)]);
        }
        match (knobs.lookback_one_tile, waits) {
            _ if knobs.lookback_dealt => {
                lb.retain(|&(id, _)| id != 11); // no walk: no slices
                lb.extend([(12, knobs.lookback_prefetch as u32), (13, knobs.lookback_claim_after), (20, knobs.lookback_discover as u32)]);
                &shaders::COMPACT_STABLE_LOOKBACK_DEALT
            }
            (true, waited) => {
                lb.push((21, knobs.lookback_warp_write as u32));
                if waited {
                    &shaders::COMPACT_STABLE_LOOKBACK_TILE_WAIT
                } else {
                    &shaders::COMPACT_STABLE_LOOKBACK_TILE
                }
            }
            (false, waited) => {
                lb.extend([(12, knobs.lookback_prefetch as u32), (21, knobs.lookback_warp_write as u32)]);
                if waited {
                    &shaders::COMPACT_STABLE_LOOKBACK_WAIT
                } else {
                    &shaders::COMPACT_STABLE_LOOKBACK
                }
            }
        }
    };
    Kernel::new(ctx, shader, &lb)
}

impl Compactor {
    /// Kernels and scratch for any n up to `capacity` elements, in ranges of [`range_elems`]; an
    /// error where `pred` does not take `ty`, or past 4 x [`range_elems`] (or `u32::MAX`) elements.
    pub fn new(ctx: &Context, variant: Variant, ty: ElemType, pred: Predicate, func: Func, capacity: usize) -> Result<Compactor> {
        Self::with_range(ctx, variant, ty, pred, func, capacity, range_elems(ctx))
    }

    /// As `new` with ranges (and output windows) of `range` elements: a power of two in
    /// 4096..=[`range_elems`]. Tests use small ranges to exercise the range logic cheaply.
    pub fn with_range(
        ctx: &Context,
        variant: Variant,
        ty: ElemType,
        pred: Predicate,
        func: Func,
        capacity: usize,
        range: usize,
    ) -> Result<Compactor> {
        Self::with_spin_limit(ctx, variant, ty, pred, func, capacity, range, SPIN_LIMIT)
    }

    /// As `with_range`, with `stable-lookback`'s bound on one tile's look-back iterations. Tests
    /// use 0 (every tile after the first gives up at once) to exercise the fallback.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub fn with_spin_limit(
        ctx: &Context,
        variant: Variant,
        ty: ElemType,
        pred: Predicate,
        func: Func,
        capacity: usize,
        range: usize,
        spin_limit: u32,
    ) -> Result<Compactor> {
        Self::with_knobs(ctx, variant, ty, pred, func, capacity, range, spin_limit, Knobs::default())
    }

    /// As `with_spin_limit`, with measuring knobs.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub fn with_knobs(
        ctx: &Context,
        variant: Variant,
        ty: ElemType,
        pred: Predicate,
        func: Func,
        capacity: usize,
        range: usize,
        spin_limit: u32,
        knobs: Knobs,
    ) -> Result<Compactor> {
        pred.check(ty)?;
        if knobs.rounds != 4 && knobs.rounds != 8 {
            return Err(Error::invalid(format!("{} rounds per tile: use 4 or 8", knobs.rounds)));
        }
        if knobs.stable_passes != 2 && knobs.stable_passes != 3 {
            return Err(Error::invalid(format!("stable in {} passes: use 2 or 3", knobs.stable_passes)));
        }
        let two_pass = variant == Variant::Stable && knobs.stable_passes == 2;
        if two_pass && knobs.rounds != 4 {
            return Err(Error::invalid(format!("{} rounds per tile are for stable in 3 passes (--stable-passes 3)", knobs.rounds)));
        }
        if knobs.lookback_rounds > 4 {
            return Err(Error::invalid(format!("{} rounds per look-back tile: use 1..=4 (0: tiles of {TILE})", knobs.lookback_rounds)));
        }
        let waits = knobs.lookback_wait_first > 0 || knobs.lookback_wait_poll > 0;
        if waits && !ctx.info().shader_clock {
            return Err(Error::Unsupported(format!(
                "look-back waits read the subgroup clock: {} lacks VK_KHR_shader_clock (shaderSubgroupClock)",
                ctx.info().name
            )));
        }
        if knobs.lookback_agents {
            if waits {
                return Err(Error::invalid("subgroup agents take no look-back waits"));
            }
            if knobs.lookback_one_tile {
                return Err(Error::invalid("subgroup agents and one tile per workgroup are two different kernels: choose one"));
            }
            if !(1..=4).contains(&knobs.lookback_lag) {
                return Err(Error::invalid(format!("subgroup agents staging {} tiles: use 1..=4", knobs.lookback_lag)));
            }
            if ![64, 128, 256, 512].contains(&knobs.lookback_local) {
                return Err(Error::invalid(format!(
                    "subgroup agents in groups of {} invocations: use 64, 128, 256 or 512",
                    knobs.lookback_local
                )));
            }
        } else if knobs.lookback_warp_write {
            if ![128, 256, 384, 512].contains(&knobs.lookback_local) {
                return Err(Error::invalid(format!(
                    "stable-lookback groups of {} invocations with the subgroups' write: use 128, 256, 384 or 512",
                    knobs.lookback_local
                )));
            }
        } else if knobs.lookback_local != 256 && knobs.lookback_local != 512 {
            return Err(Error::invalid(format!("stable-lookback groups of {} invocations: use 256 or 512", knobs.lookback_local)));
        }
        if knobs.lookback_discover && !knobs.lookback_dealt {
            return Err(Error::invalid("--lookback-discover true is for the dealt grid (--lookback-dealt true)"));
        }
        if knobs.lookback_dealt {
            if knobs.lookback_agents || knobs.lookback_one_tile || waits {
                return Err(Error::invalid(
                    "the dealt grid is its own kernel: no subgroup agents, one tile per workgroup or look-back waits with it",
                ));
            }
            if knobs.lookback_discover && (knobs.look_diag == 4 || knobs.lookback_groups.is_some_and(|g| g > MAX_DISCOVER_GROUPS)) {
                return Err(Error::invalid(format!(
                    "the dealt grid's discovery counts at most {MAX_DISCOVER_GROUPS} groups, and all of them own tiles (no --lookback-diag 4)"
                )));
            }
            if knobs.lookback_groups.is_none() && ctx.info().compute_units.is_none() {
                return Err(Error::Unsupported(format!(
                    "the dealt grid is sized by the number of multiprocessors: {} does not tell it (VK_NV_shader_sm_builtins); give --lookback-groups",
                    ctx.info().name
                )));
            }
        }
        if knobs.look_diag > 4 || (knobs.look_diag == 4 && !knobs.lookback_dealt) {
            return Err(Error::invalid(format!(
                "look-back diagnosis {}: use 0..=3 (4: the dealt grid's claims, with --lookback-dealt true)",
                knobs.look_diag
            )));
        }
        if knobs.lookback_warp_write
            && !((knobs.lookback_one_tile || !knobs.lookback_prefetch)
                && knobs.lookback_rounds > 0
                && !knobs.lookback_vec4
                && !knobs.lookback_agents
                && !knobs.lookback_dealt)
        {
            return Err(Error::invalid(
                "--lookback-warp-write true is for one tile per workgroup (--lookback-one-tile true) or the persistent grid without prefetch (--lookback-prefetch false), with 1..=4 rounds and scalar stores",
            ));
        }
        if knobs.lookback_one_tile && knobs.lookback_groups.is_some() {
            return Err(Error::invalid("the look-back grid size is for the persistent grid, not one tile per workgroup"));
        }
        if !(1..=8).contains(&knobs.lookback_slices) {
            return Err(Error::invalid(format!("{} look-back slices: use 1..=8", knobs.lookback_slices)));
        }
        // The large kernel: from `from` elements on (usize::MAX: never).
        let large_from = match knobs.lookback_large_from {
            _ if variant != Variant::StableLookback => usize::MAX,
            None if default_kernel(&knobs) && ctx.info().shader_clock && ctx.info().device_type != "CPU" => LARGE_FROM,
            None | Some(usize::MAX) => usize::MAX,
            Some(from) => {
                if !default_kernel(&knobs) {
                    return Err(Error::invalid(
                        "--lookback-large-from replaces the default look-back kernel: no other kernel knobs with it",
                    ));
                }
                if !ctx.info().shader_clock {
                    return Err(Error::Unsupported(format!(
                        "the large look-back kernel waits on the subgroup clock: {} lacks VK_KHR_shader_clock (shaderSubgroupClock)",
                        ctx.info().name
                    )));
                }
                from
            }
        };
        let large = (large_from < usize::MAX).then(|| large_knobs(&knobs));
        let mut knobs = knobs;
        if variant != Variant::Stable {
            knobs.rounds = 4; // stable-lookback's tiles are 4096 (its fallback shares them)
        }
        // stable_scatter's shared memory: the subgroup sums (local size uvec4), and the staging.
        let shared = 16 * LOCAL + if knobs.stage_output { 16 * knobs.rounds * LOCAL } else { 4 };
        if variant.ordered() && shared > ctx.info().max_shared_memory_bytes {
            return Err(Error::Unsupported(format!(
                "staged output with {} rounds needs {shared} bytes of shared memory; {} has {}",
                knobs.rounds,
                ctx.info().name,
                ctx.info().max_shared_memory_bytes
            )));
        }
        if !matches!(knobs.windows, None | Some(1) | Some(4)) {
            return Err(Error::invalid("output windows: use 1 or 4"));
        }
        if knobs.groups == Some(0) || knobs.groups.is_some_and(|g| g as usize > MAX_GROUPS) {
            return Err(Error::invalid(format!("groups: 1..={MAX_GROUPS}")));
        }
        if !range.is_power_of_two() || range < TILE || range > range_elems(ctx) {
            return Err(Error::invalid(format!("range of {range} elements: a power of two in {TILE}..={}", range_elems(ctx))));
        }
        let max = (4 * range).min(u32::MAX as usize);
        if capacity > max {
            return Err(Error::invalid(format!("n = {capacity} is too large: this device compacts at most {max} elements at once")));
        }
        let one_window = capacity <= range && knobs.windows != Some(4);
        if knobs.windows == Some(1) && !one_window {
            return Err(Error::invalid(format!("one output window holds {range} elements, fewer than n = {capacity}")));
        }
        let tile = knobs.rounds as usize * 4 * LOCAL as usize;
        let tail_in_kernel = knobs.lookback_tail.unwrap_or(ctx.info().device_type != "CPU");
        // The recorded fallback reads the dispatch sizes in the state after the kernel, and the
        // host reads a diagnosis's counters: then the host zeroes the state before each run.
        let can_clean = (tail_in_kernel || !knobs.lookback_fallback) && knobs.look_diag == 0;
        let clean = variant == Variant::StableLookback && knobs.lookback_clean.unwrap_or(can_clean);
        if clean && !can_clean {
            return Err(Error::invalid(
                "--lookback-clean true needs the fallback in the kernel (--lookback-tail true) and no --lookback-diag",
            ));
        }
        let (kind, threshold) = pred.spec();
        let spec = [(0, LOCAL), (1, ty as u32), (2, kind), (3, func as u32), (5, if one_window { 1 } else { 4 })];
        let scatter_spec =
            [spec[0], spec[1], spec[2], spec[3], spec[4], (6, knobs.stage_output as u32), (7, knobs.rounds), (8, knobs.stage_vec4 as u32)];
        // `stable` with the count and the scatter overlapping: its counter groups.
        let overlap = match knobs.stable_overlap {
            _ if !two_pass => None,
            Some(0) => None,
            Some(g) => Some(g.min(MAX_GROUPS as u32)),
            None if ctx.info().device_type == "CPU" => None,
            None => ctx.info().compute_units,
        };
        if knobs.stable_overlap_recount && overlap.is_none() {
            return Err(Error::invalid("--stable-overlap-recount true is for stable with overlapping passes (--stable-overlap N)"));
        }
        if let Some(groups) = knobs.stable_overlap_persistent.filter(|&g| g > 0) {
            if overlap.is_none() {
                return Err(Error::invalid("--stable-overlap-persistent N is for stable with overlapping passes (--stable-overlap N)"));
            }
            if knobs.stable_overlap_halves == Some(false) {
                return Err(Error::invalid(
                    "--stable-overlap-persistent N is for the scatter in halves, not --stable-overlap-halves false",
                ));
            }
            if groups as usize > MAX_GROUPS {
                return Err(Error::invalid(format!("--stable-overlap-persistent: 0..={MAX_GROUPS} groups")));
            }
        }
        let kernels = match variant {
            Variant::GlobalAtomic => vec![Kernel::new(ctx, &shaders::COMPACT_GLOBAL_ATOMIC, &spec)?],
            Variant::GroupCounter => vec![Kernel::new(ctx, &shaders::COMPACT_GROUP_COUNTER, &spec)?],
            Variant::SubgroupBallot => vec![Kernel::new(ctx, &shaders::COMPACT_SUBGROUP_BALLOT, &spec)?],
            // Every tile with 16-byte loads only, then the tile that ends in a partial uvec4
            // (PARTIAL_UVEC4): its element-by-element loads in a pipeline cost it time even where
            // they never run (stable_tile.glsl).
            Variant::TileAtomic => vec![
                Kernel::new(ctx, &shaders::COMPACT_TILE_ATOMIC, &[&spec[..], &[(12, 0)]].concat())?,
                Kernel::new(ctx, &shaders::COMPACT_TILE_ATOMIC, &[&spec[..], &[(12, 1)]].concat())?,
            ],
            Variant::Stable | Variant::StableLookback => {
                let mut k = vec![
                    // no f(x) and no output in counting
                    Kernel::new(ctx, &shaders::COMPACT_STABLE_COUNT, &[spec[0], spec[1], spec[2], (7, knobs.rounds)])?,
                    Kernel::new(ctx, &shaders::COMPACT_STABLE_SCAN, &[(0, SCAN_LOCAL), (1, knobs.scan_coalesced as u32)])?,
                    Kernel::new(ctx, &shaders::COMPACT_STABLE_SCATTER, &scatter_spec)?,
                ];
                if two_pass {
                    k.push(Kernel::new(ctx, &shaders::COMPACT_STABLE_COUNT_SUPER, &[spec[0], spec[1], spec[2]])?);
                    k.push(Kernel::new(ctx, &shaders::COMPACT_STABLE_SCATTER_PREFIX, &spec)?);
                }
                if overlap.is_some() {
                    // Counter groups of 512 in 2 rounds: tiles of 4096, as the scatter's.
                    let publish = (10, !knobs.stable_overlap_recount as u32);
                    let cspec = [(0, COUNTER_LOCAL), spec[1], spec[2], (7, 4 * LOCAL / COUNTER_LOCAL), publish];
                    k.push(Kernel::new(ctx, &shaders::COMPACT_STABLE_COUNT_OVERLAP, &cspec)?);
                    let spin = if knobs.stable_overlap_recount { vec![(10, 0)] } else { vec![] };
                    // the scatter writing by subgroups, the flip, the scatter writing in halves, then
                    // both scatters for the tile that ends in a partial uvec4 (PARTIAL_UVEC4)
                    let scatter = |halves: u32, tail: u32| {
                        Kernel::new(
                            ctx,
                            &shaders::COMPACT_STABLE_SCATTER_OVERLAP,
                            &[&spec[..], &spin, &[(11, halves), (12, tail)]].concat(),
                        )
                    };
                    k.push(scatter(0, 0)?);
                    k.push(Kernel::new(ctx, &shaders::COMPACT_STABLE_OVERLAP_FLIP, &[])?);
                    k.push(scatter(1, 0)?);
                    k.push(scatter(0, 1)?);
                    k.push(scatter(1, 1)?);
                    // kernels[11]: the scatter in halves as a persistent grid (whole uvec4s only)
                    k.push(Kernel::new(
                        ctx,
                        &shaders::COMPACT_STABLE_SCATTER_OVERLAP,
                        &[&spec[..], &spin, &[(11, 1), (12, 0), (13, 1)]].concat(),
                    )?);
                }
                if variant == Variant::StableLookback {
                    if capacity >= 1 << 30 {
                        return Err(Error::invalid(format!(
                            "n = {capacity} is too large for stable-lookback: its status words hold 30-bit counts (n < 2^30); use stable"
                        )));
                    }
                    k.push(lookback_kernel(ctx, &knobs, &spec, tail_in_kernel, clean)?);
                    if let Some(large) = &large {
                        k.push(lookback_kernel(ctx, large, &spec, tail_in_kernel, clean)?);
                    }
                }
                k
            }
        };
        // The overlap's persistent scatter: the groups asked for (from any size), or as many as fit
        // (from PERSISTENT_FROM elements); None: one group per tile.
        let persistent = match (overlap, knobs.stable_overlap_persistent) {
            (None, _) | (_, Some(0)) => None,
            (Some(_), Some(g)) => Some((g, 0)),
            (Some(_), None) => registers(&kernels[5])
                .zip(registers(&kernels[11]))
                .and_then(|(c, s)| persistent_fit(ctx.info().compute_units, ctx.info().warps_per_compute_unit, c, s))
                .map(|g| (g.min(MAX_GROUPS as u32), PERSISTENT_FROM)),
        };
        let ntiles = if variant.ordered() { capacity.div_ceil(tile).max(1) } else { 1 };
        // Two passes: after the tile counts, the parity word, the scatter's copy of it, and two
        // sets of a sum per 256 tiles (stable_count_super.comp), all zero to begin with.
        let supers = two_pass.then(|| (ntiles.div_ceil(64) * 64, ntiles.div_ceil(SUPER_TILES)));
        // Overlapping passes: then their own tile words (a set flag, a header, two sets of a word per
        // tile of every superblock), at a 256-byte boundary.
        let overlap_words = |len: usize| if overlap.is_some() { 64 + OVERLAP_HEADER + 2 * len * SUPER_TILES } else { 0 };
        let tiles = Buffer::new(ctx, supers.map_or(ntiles, |(at, len)| at + 2 + 2 * len + overlap_words(len)), "compact tiles")?;
        if two_pass {
            ctx.submit(|rec| {
                rec.fill(&tiles, 0);
                Ok(())
            })?;
        }
        // One status word per look-back tile of every range (a range need not be a whole number
        // of look-back tiles).
        let sg = ctx.info().subgroup_size;
        let smallest_tile = large.as_ref().map_or(usize::MAX, |l| lookback_tile(l, sg)).min(lookback_tile(&knobs, sg));
        let lookback_tiles = capacity.div_ceil(range).max(1) * capacity.min(range).div_ceil(smallest_tile).max(1);
        // The dealt grid: a count word and an inclusive word per tile.
        let words_per_tile = if knobs.lookback_dealt { 2 } else { 1 };
        let state_len = if variant == Variant::StableLookback { STATE_HEADER + words_per_tile * lookback_tiles.max(ntiles) } else { 1 };
        let state = Buffer::new(ctx, state_len, "compact look-back state")?;
        if variant == Variant::StableLookback {
            ctx.submit(|rec| {
                rec.fill(&state, 0);
                Ok(())
            })?;
        }
        // stable-lookback's persistent grid: LOOKBACK_INVOCATIONS_PER_CU per multiprocessor where the driver
        // tells their number, else one group per tile (at most MAX_GROUPS) as a plain grid.
        let lookback_groups = knobs
            .lookback_groups
            .unwrap_or_else(|| {
                let per_cu =
                    if knobs.lookback_agents { AGENT_INVOCATIONS_PER_CU } else { LOOKBACK_INVOCATIONS_PER_CU } / knobs.lookback_local;
                ctx.info().compute_units.map(|c| c * per_cu).unwrap_or(MAX_GROUPS as u32)
            })
            .clamp(1, MAX_GROUPS as u32);
        if knobs.stable_one_pass_max.is_some_and(|m| m > ONE_PASS_LIMIT) {
            return Err(Error::invalid(format!("stable in one pass up to {ONE_PASS_LIMIT} elements (22-bit counts), not more")));
        }
        let cpu = ctx.info().device_type == "CPU";
        let one_pass_max = knobs.stable_one_pass_max.unwrap_or(if cpu { 0 } else { ONE_PASS_MAX }).min(capacity).min(range);
        let one_pass = if variant == Variant::Stable && one_pass_max > 0 {
            // A status word per tile, in whole blocks of 4 (the look-back reads uvec4s). Waits
            // that run out count the tile from the input: on CPU devices after a few re-reads.
            let words = ONE_PASS_HEADER + 4 * one_pass_max.div_ceil(TILE).div_ceil(4);
            let state = Buffer::new(ctx, words, "compact one-pass state")?;
            ctx.submit(|rec| {
                rec.fill(&state, 0);
                Ok(())
            })?;
            let spin = (10, if cpu { spin_limit.min(64) } else { spin_limit });
            let kernel = |tail: u32| Kernel::new(ctx, &shaders::COMPACT_STABLE_ONE_PASS, &[&spec[..], &[spin, (12, tail)]].concat());
            Some(OnePass { kernels: [kernel(0)?, kernel(1)?], state, max: one_pass_max })
        } else {
            None
        };
        Ok(Compactor {
            variant,
            ty,
            pred,
            kernels,
            capacity,
            range,
            threshold,
            tiles,
            state,
            knobs,
            large,
            large_from,
            tile,
            supers,
            one_window,
            lookback_groups,
            overlap,
            persistent,
            overlap_barrier: knobs.stable_overlap_barrier || ctx.validating(),
            split_tail: knobs.stable_overlap_split_tail.unwrap_or_else(|| split_tail_by_default(&ctx.info().name)),
            max_tiles_per_group: max_tiles_per_group(ctx),
            spin_limit,
            subgroup: ctx.info().subgroup_size,
            tail_in_kernel,
            cpu,
            clean,
            gave_up_seen: std::sync::atomic::AtomicU32::new(0),
            one_pass,
        })
    }

    /// Records the compaction of `input[0..n)` into `output` (at least n elements; the first
    /// `count[0]` are written) and the kept count into `count[0]`.
    ///
    /// Barrier contract: before, `input` must be visible to compute-shader reads, and no earlier
    /// work may still use `output` or `count`. It records a fill of `count` (the unordered
    /// variants count with atomics from 0; `stable-lookback` only where its kernel does not leave
    /// its state zeroed: then a fill of that state too, else a compute-to-compute barrier for it;
    /// `stable` records no fill, only a compute-to-compute barrier: in two passes each run's count
    /// zeroes the next run's superblock sums), and its own barriers between steps. `stable` with
    /// overlapping passes (the default on NVIDIA) records its count and scatter with no barrier
    /// between (the scatter waits for the counts in the shader; with validation on, a barrier
    /// goes there), then a barrier and a one-invocation dispatch that flips its scratch's set;
    /// runs of at most [`Knobs::stable_one_pass_max`] elements take one pass instead (a dispatch,
    /// and where n is not a multiple of 4 a second for the last tile, which waits in the shader
    /// for the others: a barrier between with validation on). After, `count`
    /// and `output` are written by compute shaders: follow with `Sync::ComputeToTransfer` or
    /// `Sync::ComputeToCompute` before using them. n = 0 writes count 0 (a fill). The runs of one
    /// `stable` or `stable-lookback` compactor share its scratch (tile counts, look-back state),
    /// so they must execute one after another: on one queue the barrier each run records first
    /// orders it after the last; across queues, synchronize them (or make one compactor per queue).
    pub fn record(&self, rec: &mut Recorder, input: &Buffer<u32>, n: usize, output: &Buffer<u32>, count: &Buffer<u32>) -> Result<()> {
        self.record_stamped(rec, input, n, output, count, &mut |_, _| Ok(()))
    }

    /// As [`record`](Compactor::record), with the number of input elements read by the GPU from
    /// word 0 of `input_count` when the compaction runs (an earlier compaction's count, say: a
    /// second cull of what the first one kept, with no read back between them). The count is
    /// clamped to the compactor's capacity and the input's length; nothing past it is read.
    /// `count` (the kept elements) must be another buffer. `stable` and `tile-atomic` only, in
    /// one range: `stable` by its three passes (count, scan, scatter: they share no state with
    /// the two-pass forms, so counted and host runs of one compactor may alternate),
    /// `tile-atomic` with a group for every tile of the bound (those past the count leave at
    /// once).
    ///
    /// Barrier contract: as `record`'s, and `input_count` too must be written and visible to
    /// compute-shader reads before.
    pub fn record_counted(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        input_count: &Buffer<u32>,
        output: &Buffer<u32>,
        count: &Buffer<u32>,
    ) -> Result<()> {
        if !matches!(self.variant, Variant::Stable | Variant::TileAtomic) {
            return Err(super::not_counted("a compaction", self.variant.name(), "stable or tile-atomic"));
        }
        if input_count.is_empty() || count.is_empty() {
            return Err(Error::invalid("compact: the count buffer is empty"));
        }
        if input_count.raw() == count.raw() {
            return Err(Error::invalid("compact: the input's count and the kept count must be different buffers"));
        }
        let bound = self.capacity.min(input.len());
        super::check_one_range("a compaction", bound, self.range)?;
        if output.len() < bound {
            return Err(Error::invalid(format!("compact: the output holds {}, the input may count {bound}", output.len())));
        }
        let windows = self.windows(output);
        if self.variant == Variant::TileAtomic {
            // The kept count from 0 (as `record`), then every tile of the bound; the groups past
            // the count leave at once.
            rec.fill_raw(count.raw(), 0, 4, 0);
            rec.barrier(Sync::TransferToCompute);
            return self.record_tile_atomic(rec, input, (0, bound), count.bind_range(0, 1), &windows, Some(input_count));
        }
        // The last run's reads of the tile counts (and this run's inputs: the caller's barrier).
        rec.barrier(Sync::ComputeToCompute);
        let ranges = [(0, bound)];
        self.record_stable(rec, input, &ranges, &windows, count.bind_range(0, 1), false, Some(input_count), &mut |_, _| Ok(()))
    }

    /// As `record`, calling `stamp(rec, pass)` after each pass (after the dispatches of every
    /// range of that pass): "fill", "count", "scan", "scatter", "lookback", "fallback" or
    /// "compact". `--passes` records GPU timestamps there.
    #[doc(hidden)]
    pub fn record_stamped(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        n: usize,
        output: &Buffer<u32>,
        count: &Buffer<u32>,
        stamp: &mut dyn FnMut(&mut Recorder, &'static str) -> Result<()>,
    ) -> Result<()> {
        if n > self.capacity || n > input.len() || n > output.len() {
            return Err(Error::invalid(format!(
                "compact of {n} elements: input holds {}, output {}, the compactor was made for {}",
                input.len(),
                output.len(),
                self.capacity
            )));
        }
        if count.is_empty() {
            return Err(Error::invalid("compact: the count buffer is empty"));
        }
        let w = self.range;
        let windows = self.windows(output);
        let shift = w.trailing_zeros();
        let push = |len: usize, tile_base: usize| -> Vec<u8> {
            bytemuck::cast_slice(&[len as u32, self.threshold, shift, tile_base as u32]).to_vec()
        };
        let ranges: Vec<(usize, usize)> = (0..n).step_by(w).map(|s| (s, (s + w).min(n))).collect();
        let cnt = count.bind_range(0, 1);
        // The count starts at 0 for every variant but the ordered ones (written by `stable`'s scan
        // and by stable-lookback's last tile or fallback); stable-lookback also zeroes its state
        // (all but the runs that gave up), unless the last run's kernel left it zeroed: then the
        // state only needs that run's writes visible. One barrier after the fills, and for the
        // ordered variants one before them: a run's scratch is the last run's too.
        if self.variant == Variant::StableLookback && self.clean && n > 0 {
            rec.barrier(Sync::ComputeToCompute);
        } else if self.variant == Variant::Stable && n > 0 {
            // The last run's reads of the tile counts (and in two passes, of the superblock sums
            // that this run's count zeroes, and its flip of the parity).
            rec.barrier(Sync::ComputeToCompute);
        } else if self.variant != Variant::Stable || n == 0 {
            if self.variant == Variant::StableLookback {
                rec.barrier(Sync::ComputeToTransfer); // the last run's use of the state
            }
            rec.fill_raw(count.raw(), 0, 4, 0);
            if self.variant == Variant::StableLookback {
                let state = self.state.raw();
                rec.fill_raw(state, 0, 4 * GAVE_UP_RUNS as u64, 0);
                rec.fill_raw(state, 4 * (GAVE_UP_RUNS as u64 + 1), 4 * (self.state.len() - GAVE_UP_RUNS - 1) as u64, 0);
            }
            rec.barrier(Sync::TransferToCompute);
        }
        stamp(rec, "fill")?;
        match self.variant {
            Variant::GlobalAtomic | Variant::GroupCounter | Variant::SubgroupBallot => {
                let per_group = if self.variant == Variant::SubgroupBallot { 4 * LOCAL as usize } else { LOCAL as usize };
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    if k > 0 {
                        rec.barrier(Sync::ComputeToCompute);
                    }
                    let groups = self.knobs.groups.unwrap_or((e - s).div_ceil(per_group).min(MAX_GROUPS) as u32);
                    let binds = [input.bind_range(s, e), cnt, windows[0], windows[1], windows[2], windows[3]];
                    rec.dispatch(&self.kernels[0], [groups, 1, 1], &binds, &push(e - s, 0))?;
                }
                stamp(rec, "compact")?;
            }
            Variant::TileAtomic => {
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    if k > 0 {
                        rec.barrier(Sync::ComputeToCompute);
                    }
                    self.record_tile_atomic(rec, input, (s, e), cnt, &windows, None)?;
                }
                stamp(rec, "compact")?;
            }
            Variant::Stable if self.one_pass.as_ref().is_some_and(|o| n <= o.max) && ranges.len() == 1 => {
                self.record_one_pass(rec, input, n, cnt, &windows)?;
                stamp(rec, "one-pass")?;
            }
            Variant::Stable => match self.supers {
                Some(supers) => self.record_two_pass(rec, input, &ranges, &windows, cnt, supers, stamp)?,
                None => self.record_stable(rec, input, &ranges, &windows, cnt, false, None, stamp)?,
            },
            Variant::StableLookback => {
                // One pass per range (its tickets and status words zeroed here). A tile that gave
                // up waiting leaves the rest to the group that finishes last (in the kernel), or
                // to `stable`'s three passes recorded after it as indirect dispatches that are
                // empty unless a tile gave up.
                let fallback_groups = (w / TILE).min(MAX_GROUPS) as u32;
                // The kernel of this run: the large one from large_from elements on.
                let (knobs, kernel) = match &self.large {
                    Some(large) if n >= self.large_from => (large, &self.kernels[4]),
                    _ => (&self.knobs, &self.kernels[3]),
                };
                let mut tile_base = 0;
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    if k > 0 {
                        rec.barrier(Sync::ComputeToCompute);
                    }
                    let tiles = (e - s).div_ceil(lookback_tile(knobs, self.subgroup));
                    let binds = [
                        input.bind_range(s, e),
                        input.bind_range(s, e),
                        cnt,
                        self.state.bind(),
                        windows[0],
                        windows[1],
                        windows[2],
                        windows[3],
                        windows[0], // as uvec4 (lookback_vec4)
                    ];
                    // The grid, the most tiles (tickets) one group or agent takes, and the
                    // iterations one walk may take before it gives up.
                    let (grid, per_group, walk_limit) = if knobs.lookback_agents {
                        // A persistent grid of agents (subgroups); each draws at most `tickets` tiles,
                        // so its walks stay within the spin limit.
                        let agents_per_group = (knobs.lookback_local / self.subgroup).max(1) as usize;
                        let groups = (self.lookback_groups as usize)
                            .max(tiles.div_ceil(MAX_TICKETS_PER_AGENT * agents_per_group))
                            .min(tiles.div_ceil(agents_per_group))
                            .clamp(1, MAX_GROUPS);
                        let tickets = tiles.div_ceil(groups * agents_per_group).max(1) as u32;
                        ([groups as u32, 1, 1], tickets, self.spin_limit / tickets)
                    } else if knobs.lookback_one_tile {
                        // One group per tile: a 2-D grid past 65535 groups (extra groups leave).
                        let x = tiles.clamp(1, MAX_GROUPS);
                        let y = tiles.div_ceil(x).max(1) as u32;
                        ([x as u32, y, 1], 1, self.spin_limit)
                    } else {
                        let groups = self.lookback_groups.max(tiles.div_ceil(self.max_tiles_per_group) as u32).min(tiles.max(1) as u32);
                        let per_group = tiles.div_ceil(groups as usize) as u32;
                        ([groups, 1, 1], per_group, self.spin_limit / per_group)
                    };
                    let pc = [
                        (e - s) as u32,
                        self.threshold,
                        shift,
                        tile_base as u32,
                        k as u32,
                        fallback_groups,
                        per_group,
                        walk_limit,
                        ranges.len() as u32,
                    ];
                    rec.dispatch(kernel, grid, &binds, bytemuck::cast_slice(&pc))?;
                    tile_base += tiles;
                }
                stamp(rec, "lookback")?;
                if n > 0 && self.knobs.lookback_fallback && !self.tail_in_kernel {
                    rec.barrier(Sync::Full); // the indirect arguments were filled, then maybe written
                    self.record_stable(rec, input, &ranges, &windows, cnt, true, None, &mut |_, _| Ok(()))?;
                    stamp(rec, "fallback")?;
                }
            }
        }
        Ok(())
    }

    /// `stable` in two passes: count every range (tile counts and superblock sums), then scatter
    /// every range, each tile reading its own prefix. `(at, len)`: the superblock sums in `tiles`.
    #[allow(clippy::too_many_arguments)]
    fn record_two_pass(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        ranges: &[(usize, usize)],
        windows: &[crate::gpu::Bind],
        cnt: crate::gpu::Bind,
        (at, len): (usize, usize),
        stamp: &mut dyn FnMut(&mut Recorder, &'static str) -> Result<()>,
    ) -> Result<()> {
        let supers = self.tiles.bind_range(at, at + 2 + 2 * len);
        let counts = self.tiles.bind_range(0, at);
        let shift = self.range.trailing_zeros();
        // push: n, threshold, out_shift, tile_base (the tiles of the ranges before), then the
        // count's superblocks at capacity (it zeroes the other set's sums) or the scatter's 1 in
        // the last range.
        let push = |(s, e): (usize, usize), tile_base: usize, fifth: usize| -> Vec<u8> {
            bytemuck::cast_slice(&[(e - s) as u32, self.threshold, shift, tile_base as u32, fifth as u32]).to_vec()
        };
        // One group per tile: a 2-D grid past MAX_GROUPS tiles (the extra groups leave at once).
        let grid = |(s, e): (usize, usize)| {
            let tiles = (e - s).div_ceil(self.tile);
            let x = tiles.clamp(1, MAX_GROUPS);
            [x as u32, tiles.div_ceil(x) as u32, 1]
        };
        // The scatter's bindings: input (scalar, uvec4), count, tile counts or words, output
        // windows, sums.
        let scatter_binds = |(s, e): (usize, usize), counts| {
            let w = windows;
            vec![input.bind_range(s, e), input.bind_range(s, e), cnt, counts, w[0], w[1], w[2], w[3], supers]
        };
        // Overlapping (one range): the counters, then with no barrier the scatter, whose groups wait
        // for the counts before their tile; after a barrier, the flip of the set of words.
        if let (Some(counters), [r]) = (self.overlap, ranges) {
            // Their own tile words, after the superblock sums.
            let ov = (at + 2 + 2 * len).div_ceil(64) * 64;
            let words = self.tiles.bind_range(ov, ov + OVERLAP_HEADER + 2 * len * SUPER_TILES);
            let total_tiles = (r.1 - r.0).div_ceil(self.tile);
            let binds = [input.bind_range(r.0, r.1), input.bind_range(r.0, r.1), words, supers];
            rec.dispatch(&self.kernels[5], [counters.clamp(1, total_tiles as u32), 1, 1], &binds, &push(*r, 0, len))?;
            stamp(rec, "count")?;
            if self.overlap_barrier {
                rec.barrier(Sync::ComputeToCompute); // the same kernels one after the other
            }
            let binds = [scatter_binds(*r, words), vec![words, supers]].concat(); // and their volatile twins
            let halves = self.knobs.stable_overlap_halves.unwrap_or(HALVES_BY_DEFAULT);
            // Split (by default on most devices): a last tile that ends in a partial uvec4 goes to
            // the PARTIAL_UVEC4 pipeline, alone, and the other tiles' pipeline has no
            // element-by-element loads. Not split: every tile goes to the PARTIAL_UVEC4 pipeline.
            let whole = match ((r.1 - r.0) % 4 == 0, self.split_tail) {
                (_, false) => 0,
                (true, true) => total_tiles,
                (false, true) => total_tiles - 1,
            };
            let pc = |first: usize| [push(*r, 0, 1), bytemuck::cast_slice(&[total_tiles as u32, first as u32]).to_vec()].concat();
            let grid_of = |tiles: usize| {
                let x = tiles.min(MAX_GROUPS);
                [x as u32, tiles.div_ceil(x) as u32, 1]
            };
            let persistent = self.persistent.filter(|&(_, from)| halves && r.1 - r.0 >= from);
            if let (true, true, Some((groups, _))) = (self.cpu, self.knobs.stable_overlap_recount, persistent) {
                recount_fits_llvmpipe(total_tiles, groups as usize)?;
            }
            if let (true, Some((groups, _))) = (whole > 0, persistent) {
                // As many groups as fit at once, each scattering tiles g, g + groups, ...
                rec.dispatch(&self.kernels[11], [groups.min(whole as u32), 1, 1], &binds, &pc(0))?;
            } else if whole > 0 {
                rec.dispatch(&self.kernels[if halves { 8 } else { 6 }], grid_of(whole), &binds, &pc(0))?;
            }
            if whole < total_tiles {
                if self.overlap_barrier && whole > 0 {
                    rec.barrier(Sync::ComputeToCompute); // validation: both write the output's binding
                }
                rec.dispatch(&self.kernels[if halves { 10 } else { 9 }], grid_of(total_tiles - whole), &binds, &pc(whole))?;
            }
            stamp(rec, "scatter")?;
            rec.barrier(Sync::ComputeToCompute); // every group has read the parity
            rec.dispatch(&self.kernels[7], [1, 1, 1], &[words, supers], &[])?;
            stamp(rec, "flip")?;
            return Ok(());
        }
        let mut tile_base = 0;
        let mut bases = Vec::new();
        for (k, &r) in ranges.iter().enumerate() {
            if k > 0 {
                rec.barrier(Sync::ComputeToCompute); // the same counts and sums
            }
            let binds = [input.bind_range(r.0, r.1), input.bind_range(r.0, r.1), counts, supers];
            rec.dispatch(&self.kernels[3], grid(r), &binds, &push(r, tile_base, len))?;
            bases.push(tile_base);
            tile_base += (r.1 - r.0).div_ceil(self.tile);
        }
        stamp(rec, "count")?;
        for (k, (&r, &base)) in ranges.iter().zip(&bases).enumerate() {
            rec.barrier(Sync::ComputeToCompute); // every count and sum (then: the count word)
            rec.dispatch(&self.kernels[4], grid(r), &scatter_binds(r, counts), &push(r, base, (k + 1 == ranges.len()) as usize))?;
        }
        stamp(rec, "scatter")?;
        Ok(())
    }

    /// `tile-atomic` over the range (s, e) of `input`: one group per tile (a 2-D grid past
    /// MAX_GROUPS), and where the last tile may end in a partial uvec4, one group of the
    /// PARTIAL_UVEC4 pipeline, which takes that tile if it does (each pipeline skips the other's
    /// tile). The two write disjoint places and need no barrier between them (one under
    /// validation, which sees two writers of a binding). `counted`: the elements are word 0 of
    /// that buffer, at most e - s; else e - s.
    fn record_tile_atomic(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        (s, e): (usize, usize),
        cnt: crate::gpu::Bind,
        windows: &[crate::gpu::Bind],
        counted: Option<&Buffer<u32>>,
    ) -> Result<()> {
        let n_bind = counted.map_or(input.bind_range(s, s + 1), |c| c.bind_range(0, 1)); // unused when not counted
        let binds = [input.bind_range(s, e), input.bind_range(s, e), cnt, n_bind, windows[0], windows[1], windows[2], windows[3]];
        // n (the bound), threshold, out_shift, tile_base (unused), counted
        let push: Vec<u8> =
            bytemuck::cast_slice(&[(e - s) as u32, self.threshold, self.range.trailing_zeros(), 0, counted.is_some() as u32]).to_vec();
        let tiles = (e - s).div_ceil(TILE);
        let x = tiles.clamp(1, MAX_GROUPS);
        rec.dispatch(&self.kernels[0], [x as u32, tiles.div_ceil(x).max(1) as u32, 1], &binds, &push)?;
        if counted.is_some() || (e - s) % 4 != 0 {
            if self.overlap_barrier {
                rec.barrier(Sync::ComputeToCompute);
            }
            rec.dispatch(&self.kernels[1], [1, 1, 1], &binds, &push)?;
        }
        Ok(())
    }

    /// `stable` in one pass over the n elements of one range: a group per tile, and where the last
    /// tile ends in a partial uvec4 one group of the PARTIAL_UVEC4 pipeline for it, after a
    /// barrier under validation (it waits on the others' status words, which the layer cannot
    /// see; nobody waits on it). The state needs no fill: the kernel keeps it (the epoch).
    fn record_one_pass(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        n: usize,
        cnt: crate::gpu::Bind,
        windows: &[crate::gpu::Bind],
    ) -> Result<()> {
        let one = self.one_pass.as_ref().expect("a one pass");
        let state = one.state.bind();
        let binds = [
            input.bind_range(0, n),
            input.bind_range(0, n),
            cnt, // binding 3 (a counted run's count) is not there: no counted runs
            windows[0],
            windows[1],
            windows[2],
            windows[3],
            state,
            state,
            state,
        ];
        // n, threshold, out_shift, tile_base and counted (both unused)
        let push: Vec<u8> = bytemuck::cast_slice(&[n as u32, self.threshold, self.range.trailing_zeros(), 0, 0]).to_vec();
        let tiles = n.div_ceil(TILE) as u32;
        rec.dispatch(&one.kernels[0], [tiles, 1, 1], &binds, &push)?;
        if n % 4 != 0 {
            if self.overlap_barrier {
                rec.barrier(Sync::ComputeToCompute);
            }
            rec.dispatch(&one.kernels[1], [1, 1, 1], &binds, &push)?;
        }
        Ok(())
    }

    /// The output's four windows of one range each (bindings 4..7).
    fn windows(&self, output: &Buffer<u32>) -> Vec<crate::gpu::Bind> {
        let w = self.range;
        (0..4)
            .map(|k| {
                if self.one_window {
                    return output.bind_range(0, output.len().min(w).max(1)); // WINDOWS = 1: only window 0 is used
                }
                let s = k * w;
                if s < output.len() {
                    output.bind_range(s, (s + w).min(output.len()))
                } else {
                    output.bind_range(0, w.min(output.len()).max(1)) // never written: k*w >= n
                }
            })
            .collect()
    }

    /// The 3-pass `stable`; `indirect`: its dispatch sizes come from the look-back state (all
    /// zero unless the look-back gave up); `counted`: the elements are word 0 of that buffer, at
    /// most the one range's length (`record_counted`).
    #[allow(clippy::too_many_arguments)]
    fn record_stable(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        ranges: &[(usize, usize)],
        windows: &[crate::gpu::Bind],
        cnt: crate::gpu::Bind,
        indirect: bool,
        counted: Option<&Buffer<u32>>,
        stamp: &mut dyn FnMut(&mut Recorder, &'static str) -> Result<()>,
    ) -> Result<()> {
        let shift = self.range.trailing_zeros();
        let flag = counted.is_some() as u32;
        let push = |len: usize, tile_base: usize| -> Vec<u8> {
            bytemuck::cast_slice(&[len as u32, self.threshold, shift, tile_base as u32, flag]).to_vec()
        };
        // The device count's binding (a counted run), else one word of the input's range (unused;
        // a whole input past one range would exceed the device's binding limit).
        let n_bind = |s: usize| counted.map_or(input.bind_range(s, s + 1), |c| c.bind_range(0, 1));
        let go = |rec: &mut Recorder, kernel: &Kernel, groups: u32, args: u64, binds: &[crate::gpu::Bind], pc: &[u8]| {
            if indirect {
                rec.dispatch_indirect(kernel, self.state.raw(), args * 12, binds, pc)
            } else {
                rec.dispatch(kernel, [groups, 1, 1], binds, pc)
            }
        };
        let mut tile_base = 0;
        let mut bases = Vec::new();
        for (k, &(s, e)) in ranges.iter().enumerate() {
            if k > 0 {
                rec.barrier(Sync::ComputeToCompute);
            }
            let tiles = (e - s).div_ceil(self.tile);
            let groups = self.knobs.groups.unwrap_or(tiles.min(MAX_GROUPS) as u32);
            let binds = [input.bind_range(s, e), input.bind_range(s, e), self.tiles.bind(), n_bind(s)];
            go(rec, &self.kernels[0], groups, 0, &binds, &push(e - s, tile_base))?;
            bases.push(tile_base);
            tile_base += tiles;
        }
        stamp(rec, "count")?;
        if !ranges.is_empty() {
            rec.barrier(Sync::ComputeToCompute);
            let bound = ranges.last().map_or(0, |r| r.1);
            let scan_push: Vec<u8> = bytemuck::cast_slice(&[tile_base as u32, flag, bound as u32, self.tile as u32]).to_vec();
            let n = n_bind(0);
            go(rec, &self.kernels[1], 1, 1, &[self.tiles.bind(), cnt, n], &scan_push)?;
        }
        stamp(rec, "scan")?;
        for (&(s, e), &base) in ranges.iter().zip(&bases) {
            rec.barrier(Sync::ComputeToCompute);
            let tiles = (e - s).div_ceil(self.tile);
            let groups = self.knobs.groups.unwrap_or(tiles.min(MAX_GROUPS) as u32);
            let binds = [
                input.bind_range(s, e),
                input.bind_range(s, e),
                self.tiles.bind(),
                windows[0],
                windows[1],
                windows[2],
                windows[3],
                windows[0],
                n_bind(s),
            ];
            go(rec, &self.kernels[2], groups, 0, &binds, &push(e - s, base))?;
        }
        stamp(rec, "scatter")?;
        Ok(())
    }

    /// The driver's statistics of each kernel (VK_KHR_pipeline_executable_properties: registers,
    /// spills, shared memory where the driver reports them), by shader name.
    #[doc(hidden)]
    pub fn kernel_statistics(&self) -> Vec<(String, Vec<(String, String)>)> {
        let one_pass = self.one_pass.iter().flat_map(|o| o.kernels.iter());
        self.kernels.iter().chain(one_pass).map(|k| (k.shader.name.to_string(), k.statistics())).collect()
    }

    /// `stable-lookback` with `look_diag` 3 (or 4, the dealt grid): the last run's look-backs,
    /// their window reads and steps back (the dealt grid: tiles counted by a group that claimed
    /// them).
    #[doc(hidden)]
    pub fn lookback_counters(&self, ctx: &Context) -> Result<[u32; 3]> {
        let w = ctx.read_range(&self.state, GAVE_UP_RUNS + 1, GAVE_UP_RUNS + 4)?;
        Ok([w[0], w[1], w[2]])
    }

    /// `stable-lookback`: whether a run since the last call (or since the compactor was made)
    /// gave up waiting somewhere, so that the fallback wrote its result. Read after the runs have
    /// completed.
    pub fn lookback_gave_up(&self, ctx: &Context) -> Result<bool> {
        let runs = self.lookback_gave_up_runs(ctx)?;
        Ok(self.gave_up_seen.swap(runs, std::sync::atomic::Ordering::Relaxed) != runs)
    }

    /// The dealt grid with occupancy discovery: how many groups the last run dealt its first
    /// range's tiles among, that is how many had checked in (were running) when the first group
    /// closed the poll: the groups of this kernel that run at once on the device, where the grid
    /// dispatched more. `None` for the other kernels, and where the kernel zeroes its state at the
    /// end of a run (`lookback_clean`; a diagnosis or `lookback_clean: Some(false)` keeps it).
    pub fn lookback_groups_dealt(&self, ctx: &Context) -> Result<Option<u32>> {
        if self.variant != Variant::StableLookback || !self.knobs.lookback_discover || self.clean {
            return Ok(None);
        }
        let poll = ctx.read_range(&self.state, TICKETS, TICKETS + 1)?[0];
        Ok(Some(poll >> 15 & 0x7FFF)) // bits 15..29 of the poll word (stable_lookback_dealt.comp)
    }

    /// `stable-lookback`: the runs, since the compactor was made, whose look-back gave up waiting
    /// somewhere (their fallback wrote the result). Read after the runs have completed.
    pub fn lookback_gave_up_runs(&self, ctx: &Context) -> Result<u32> {
        if self.variant != Variant::StableLookback {
            return Ok(0);
        }
        Ok(ctx.read_range(&self.state, GAVE_UP_RUNS, GAVE_UP_RUNS + 1)?[0])
    }

    /// `stable`'s one pass: its state as the last run left it (the last epoch, the groups done,
    /// two unused words, a status word per tile), or `None` where it has no one pass. Tests.
    #[doc(hidden)]
    pub fn one_pass_state(&self, ctx: &Context) -> Result<Option<Vec<u32>>> {
        self.one_pass.as_ref().map(|o| ctx.read_range(&o.state, 0, o.state.len())).transpose()
    }
}

/// `l2_scrub_mib`: before each timed run, untimed, read that many MiB ([`L2Scrub`]; 0: none).
fn run_with(ctx: &Context, c: &Compactor, data: &[u32], warmup: u32, runs: u32, l2_scrub_mib: usize) -> Result<(Timing, Vec<u32>)> {
    let n = data.len();
    let input = Buffer::from_slice(ctx, data, "compact input")?;
    let output = Buffer::new(ctx, n.max(1), "compact output")?;
    let count = Buffer::new(ctx, 1, "compact count")?;
    let timing = if runs > 0 {
        let scrub = L2Scrub::new(ctx, l2_scrub_mib)?;
        crate::gpu::measure_after(ctx, warmup, runs, |rec| scrub.record(rec), |rec| c.record(rec, &input, n, &output, &count))?
    } else {
        ctx.submit(|rec| c.record(rec, &input, n, &output, &count))?;
        Timing::default()
    };
    ctx.submit(|rec| {
        rec.barrier(Sync::Full);
        Ok(())
    })?;
    let kept = ctx.read(&count)?[0] as usize;
    if kept > n {
        return Err(Error::invalid(format!("compact: the GPU counted {kept} of {n} elements")));
    }
    Ok((timing, ctx.read_range(&output, 0, kept)?))
}

/// Compacts `data` (bits of `ty`) on the GPU: the kept f(x), in input order for `stable`.
pub fn run(ctx: &Context, data: &[u32], ty: ElemType, pred: Predicate, func: Func, variant: Variant) -> Result<Vec<u32>> {
    let c = Compactor::new(ctx, variant, ty, pred, func, data.len())?;
    Ok(run_with(ctx, &c, data, 0, 0, 0)?.1)
}

/// Uploads once, then times only the GPU work (`gpu::measure`), and returns the last result.
#[allow(clippy::too_many_arguments)]
pub fn time(
    ctx: &Context,
    data: &[u32],
    ty: ElemType,
    pred: Predicate,
    func: Func,
    variant: Variant,
    warmup: u32,
    runs: u32,
) -> Result<(Timing, Vec<u32>)> {
    let c = Compactor::new(ctx, variant, ty, pred, func, data.len())?;
    run_with(ctx, &c, data, warmup, runs.max(1), 0)
}

/// As [`time`] with a prepared compactor; `l2_scrub_mib` as for [`time_passes`].
#[doc(hidden)]
pub fn time_compactor(
    ctx: &Context,
    c: &Compactor,
    data: &[u32],
    warmup: u32,
    runs: u32,
    l2_scrub_mib: usize,
) -> Result<(Timing, Vec<u32>)> {
    run_with(ctx, c, data, warmup, runs.max(1), l2_scrub_mib)
}

/// Per-pass GPU times of a prepared compactor: `warmup` untimed runs, then `runs` runs each with
/// a timestamp after every pass (`Compactor::record_stamped`); returns (pass, median ns) in
/// recording order, the passes of all ranges of one kind summed ("fill" is the count/state fill,
/// or the barrier alone). `l2_scrub_mib` > 0: before each run, untimed, read that many MiB of
/// another buffer ([`L2Scrub`]), so that the run finds neither its input nor the last run's
/// output in L2.
#[doc(hidden)]
pub fn time_passes(ctx: &Context, c: &Compactor, data: &[u32], warmup: u32, runs: u32, l2_scrub_mib: usize) -> Result<Vec<(String, f64)>> {
    let n = data.len();
    let input = Buffer::from_slice(ctx, data, "compact input")?;
    let output = Buffer::new(ctx, n.max(1), "compact output")?;
    let count = Buffer::new(ctx, 1, "compact count")?;
    let mut timer = crate::gpu::Timer::new(ctx, 16)?;
    let mut samples: Vec<(String, Vec<f64>)> = Vec::new();
    let scrub = L2Scrub::new(ctx, l2_scrub_mib)?;
    for i in 0..warmup.saturating_add(runs.max(1)) {
        ctx.submit(|rec| {
            timer.reset(rec);
            scrub.record(rec)?;
            rec.barrier(Sync::Full);
            timer.stamp(rec, "start")?;
            c.record_stamped(rec, &input, n, &output, &count, &mut |rec, label| timer.stamp(rec, label))
        })?;
        if i < warmup {
            continue;
        }
        let stamps = timer.read()?;
        for w in stamps.windows(2) {
            let (label, dt) = (&w[1].0, w[1].1 - w[0].1);
            match samples.iter_mut().find(|(l, _)| l == label) {
                Some((_, v)) if v.len() as u32 > i - warmup => *v.last_mut().unwrap() += dt,
                Some((_, v)) => v.push(dt),
                None => samples.push((label.clone(), vec![dt])),
            }
        }
    }
    Ok(samples.into_iter().map(|(l, v)| (l, Timing::from_samples(v).median_ns)).collect())
}

/// Runs a prepared compactor (for tests of the range logic with [`Compactor::with_range`]).
pub fn run_compactor(ctx: &Context, c: &Compactor, data: &[u32]) -> Result<Vec<u32>> {
    Ok(run_with(ctx, c, data, 0, 0, 0)?.1)
}
