//! Sorting inside one workgroup (seed 002: odd-even transposition sort, "parallel bubble sort"),
//! each version the document walks through, then a bitonic network (ours; the document's
//! references name it), and past the document's limit a radix sort across the whole GPU (ours).
//!
//! One workgroup of `L` invocations sorts up to `2 L` keys in shared memory, as in the document
//! (128 f32 with 64 invocations): for those variants `n` is at most twice the device's largest
//! workgroup (2048 on lavapipe and NVIDIA), and larger inputs are refused with that limit in the
//! message. `Radix` sorts any `n` up to [`radix_max_n`] (one binding of keys), and so does
//! `Onesweep` (up to [`onesweep_max_n_on`]), which reads the keys once per pass.
//! Order: u32 and i32 numerically, f32 in IEEE total order (`f32::total_cmp`: -NaN < -inf < ... <
//! -0 < +0 < ... < +inf < +NaN), so every variant equals the CPU's sort bit for bit.
use crate::gpu::{Bind, Buffer, Context, Error, Kernel, Recorder, Result, Sync, Timing};
pub use crate::ops::reduce::ElemType;
use crate::shaders;

/// The variants: the document's three versions in order, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Seed 002, v1: odd and even steps until two in a row swap nothing (a shared flag).
    OddEvenFlag,
    /// Seed 002, v2: a fixed 2L steps, the parity from the step number.
    OddEvenFixed,
    /// Seed 002, v3: L iterations of an even step and an odd step, a barrier after each.
    OddEvenPaired,
    /// Ours: a bitonic network in one workgroup, log2(2L)(log2(2L)+1)/2 barrier steps.
    Bitonic,
    /// Ours, any n: LSD radix sort over the whole GPU, 4 passes of 8-bit digits.
    Radix,
    /// Ours, any n: the radix sort reading the keys once per pass (after Onesweep, with look-back).
    Onesweep,
}

impl Variant {
    /// Every variant: the document's three versions in order, then ours.
    pub const ALL: [Variant; 6] =
        [Variant::OddEvenFlag, Variant::OddEvenFixed, Variant::OddEvenPaired, Variant::Bitonic, Variant::Radix, Variant::Onesweep];
    /// The variants that sort any n over the whole GPU (and move values with the keys).
    pub const WHOLE_GPU: [Variant; 2] = [Variant::Radix, Variant::Onesweep];
    /// The variants that sort in one workgroup (seed 002's limit).
    pub const ONE_WORKGROUP: [Variant; 4] = [Variant::OddEvenFlag, Variant::OddEvenFixed, Variant::OddEvenPaired, Variant::Bitonic];
    /// The variant's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::OddEvenFlag => "odd-even-flag",
            Variant::OddEvenFixed => "odd-even-fixed",
            Variant::OddEvenPaired => "odd-even-paired",
            Variant::Bitonic => "bitonic",
            Variant::Radix => "radix",
            Variant::Onesweep => "onesweep",
        }
    }
    /// One line on what the variant does and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            Variant::OddEvenFlag => "002 v1: steps until two in a row swap nothing (shared flag; WGSL rejects it, GLSL allows it)",
            Variant::OddEvenFixed => "002 v2: a fixed 2L steps, parity from step % 2 (divergent odd steps)",
            Variant::OddEvenPaired => "002 v3: L iterations of even step, barrier, odd step, barrier",
            Variant::Bitonic => "ours: bitonic network, log2(2L)(log2(2L)+1)/2 barriers instead of 2L",
            Variant::Radix => "ours, any n: LSD radix sort over the whole GPU, 4 passes of 8-bit digits (count, scan, scatter)",
            Variant::Onesweep => "ours, any n: the radix sort reading the keys once per pass (all digit counts up front, look-back)",
        }
    }
    /// The variant to use for `n` keys (`with_values`: each with a 32-bit value) on this device,
    /// from where one overtakes another (docs/sort.md, "Which variant": NVIDIA H200 and H100,
    /// driver 580.159.04, and lavapipe): the bitonic network while one workgroup holds the keys (keys
    /// only), then `Onesweep` up to 2^20 keys, `Radix` above. Other GPUs take this rule too (not
    /// measured there).
    pub fn fastest(ctx: &Context, n: usize, with_values: bool) -> Variant {
        if !with_values && n <= max_n(ctx) {
            Variant::Bitonic
        } else if n <= ONESWEEP_FASTEST_UP_TO {
            Variant::Onesweep
        } else {
            Variant::Radix
        }
    }
    /// The most keys this variant sorts on this device.
    pub fn max_n(self, ctx: &Context) -> usize {
        match self {
            Variant::Radix => radix_max_n(ctx),
            Variant::Onesweep => onesweep_max_n_on(ctx.info()),
            _ => max_n(ctx),
        }
    }
    /// Refuses `n` keys past [`Variant::max_n`], with one line that names the limit.
    pub fn check_n(self, ctx: &Context, n: usize) -> Result<()> {
        let max = self.max_n(ctx);
        if n <= max {
            return Ok(());
        }
        let name = &ctx.info().name;
        Err(Error::invalid(match self {
            Variant::Radix => format!("sort of {n} keys: the radix sort takes at most {max} on {name} (one storage binding of keys)"),
            Variant::Onesweep => {
                format!("sort of {n} keys: onesweep takes at most {max} on {name} (one storage binding of keys and of its state, n < 2^30)")
            }
            v => format!(
                "sort of {n} keys: {} sorts in one workgroup, at most {max} on {name} (twice its largest workgroup, as seed 002); `--variant radix` sorts any n",
                v.name()
            ),
        }))
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        super::variant_named(s, &Variant::ALL, Variant::name, "variant")
    }
}

/// Up to this many keys `Onesweep` is the faster whole-GPU sort (H200, u32 keys: 0.0694 ms
/// against radix's 0.0718 at 2^20, 0.1084 against 0.1048 at 2^21; the same crossing with indices
/// and on an H100: docs/sort.md, "Which variant").
pub const ONESWEEP_FASTEST_UP_TO: usize = 1 << 20;

/// Keys per radix tile: 256 invocations x 20 (`glsl/include/radix_common.glsl`): the most with
/// which 2 groups share the 48 KiB of shared memory NVIDIA's driver gives a compute pipeline on a
/// multiprocessor (docs/sort.md, forty-first session: 7-15% faster than 12 at 2^26 on the H100).
pub const RADIX_TILE: usize = 5120;
/// Tiles per block of the three-step pass's scan (SCAN_BLOCK, constant 8 in radix_common.glsl):
/// the scan turns the blocks' sums into offsets, and each tile adds the counts of the tiles before
/// it in its block (docs/sort.md, forty-second session: on the H100, blocks of 32 sorted 2^26 keys
/// 0.3-0.8% faster than blocks of 16 and 4% faster than 8; 16 was 1.2-1.6% faster at 2^16-2^20).
pub const RADIX_SCAN_BLOCK: usize = 32;
// The scatter with values sorts (digit << PLACE_BITS | place in the tile), places in 13 bits at most.
const _: () = assert!(RADIX_TILE <= 8192);
/// Digits per radix pass (8 bits), and passes for 32-bit keys.
const RADIX_DIGITS: usize = 256;
const RADIX_PASSES: u32 = 4;

/// The most keys the radix sort takes on this device: one storage binding of keys (and of the
/// tiles' counts), and one workgroup per tile in one dimension of a dispatch.
pub fn radix_max_n(ctx: &Context) -> usize {
    radix_max_n_on(ctx.info())
}

/// [`radix_max_n`] from a device's limits.
pub fn radix_max_n_on(info: &crate::gpu::DeviceInfo) -> usize {
    let words = (info.max_storage_buffer_range / 4) as usize;
    let tiles = (info.max_workgroup_count[0] as usize).min(words / RADIX_DIGITS);
    words.min(tiles * RADIX_TILE).min(u32::MAX as usize)
}

/// The most keys onesweep takes on this device: as [`radix_max_n_on`], its state's status words
/// (two per tile and digit) in one binding, and counts of 30 bits.
pub fn onesweep_max_n_on(info: &crate::gpu::DeviceInfo) -> usize {
    let words = (info.max_storage_buffer_range / 4) as usize;
    let tiles = words.saturating_sub(ONESWEEP_HEADER) / (2 * RADIX_DIGITS);
    radix_max_n_on(info).min(tiles * RADIX_TILE).min((1 << 30) - 1)
}

/// The most keys one workgroup of this device sorts: twice its largest workgroup (a power of
/// two, so the bitonic network fits), limited by shared memory (4 bytes per key).
pub fn max_n(ctx: &Context) -> usize {
    let info = ctx.info();
    let inv = info.max_workgroup_invocations.min(info.max_workgroup_size[0]).max(1);
    let by_shared = (info.max_shared_memory_bytes / 8).max(1);
    let l = inv.min(by_shared);
    2 * (1usize << (31 - l.leading_zeros())) // the largest power of two <= l, doubled
}

/// Invocations for `n` keys: the power of two covering half of them (at least 1).
fn local_size(n: usize) -> u32 {
    (n.max(2).next_power_of_two() / 2) as u32
}

/// The pipeline for one (variant, type, capacity): it sorts any n up to `capacity`.
pub struct Sorter {
    /// The variant it records.
    pub variant: Variant,
    /// The key type.
    pub ty: ElemType,
    capacity: usize,
    pipelines: Pipelines,
}

enum Pipelines {
    OneWorkgroup(Kernel),
    Radix(Box<Radix>),
}

/// The three-step radix pass (count, scan, scatter): its kernels, the tiles' digit counts (a row
/// of 256 per tile), the blocks' sums and offsets (a row per block of SCAN_BLOCK tiles), the
/// digit totals.
struct ThreeStep {
    count: Kernel,
    scan: Kernel,
    scatter: Kernel,
    tile_counts: Buffer<u32>,
    block_sums: Buffer<u32>,
    block_offsets: Buffer<u32>,
    digit_totals: Buffer<u32>,
}

impl ThreeStep {
    /// `scan_alone`: [`OnesweepKnobs::scan_alone_chunks`].
    fn new(ctx: &Context, ty: ElemType, capacity: usize, with_values: bool, scan_alone: Option<u32>) -> Result<ThreeStep> {
        let tiles = capacity.div_ceil(RADIX_TILE).max(1);
        let blocks = tiles.div_ceil(RADIX_SCAN_BLOCK);
        let scan_alone = scan_alone.unwrap_or(if ctx.info().device_type == "CPU" { 1 << 16 } else { 1 });
        let (ty_spec, block) = ((1, ty as u32), (8, RADIX_SCAN_BLOCK as u32));
        let [subgroups, count_words] = ranking_spec(ctx);
        let block_sums = Buffer::new(ctx, RADIX_DIGITS * blocks, "radix block sums")?;
        // Zero once: after this each pass's scan zeroes the sums it read.
        ctx.submit(|rec| {
            rec.fill(&block_sums, 0);
            rec.barrier(Sync::TransferToCompute);
            Ok(())
        })?;
        Ok(ThreeStep {
            count: Kernel::new(ctx, &shaders::SORT_RADIX_COUNT, &[ty_spec, block])?,
            scan: Kernel::new(ctx, &shaders::SORT_RADIX_SCAN, &[(0, scan_alone), block])?,
            scatter: Kernel::new(ctx, &shaders::SORT_RADIX_SCATTER, &[ty_spec, (2, with_values as u32), block, subgroups, count_words])?,
            tile_counts: Buffer::new(ctx, RADIX_DIGITS * tiles, "radix tile counts")?,
            block_sums,
            block_offsets: Buffer::new(ctx, RADIX_DIGITS * blocks, "radix block offsets")?,
            digit_totals: Buffer::new(ctx, RADIX_DIGITS, "radix digit totals")?,
        })
    }

    /// One pass, `keys.0` -> `keys.1` (and the values): count, barrier, scan, barrier, scatter.
    /// `indirect`: the dispatch sizes are three VkDispatchIndirectCommand at this offset of that
    /// buffer (onesweep's fallback: a group per tile, 256, a group per tile) instead. `count`:
    /// the binding of a counted run's count (else any buffer).
    #[allow(clippy::too_many_arguments)]
    fn record_pass(
        &self,
        rec: &mut Recorder,
        push: &[u8],
        tiles: u32,
        keys: Pair,
        values: Pair,
        count: Bind,
        indirect: Option<(&Buffer<u32>, u64)>,
    ) -> Result<()> {
        let dispatch = |rec: &mut Recorder, kernel: &Kernel, step: u64, groups: u32, binds: &[Bind]| match indirect {
            Some((args, offset)) => rec.dispatch_indirect(kernel, args.raw(), offset + 12 * step, binds, push),
            None => rec.dispatch(kernel, [groups, 1, 1], binds, push),
        };
        let (src, dst) = keys;
        let (counts, sums, block_offsets, totals) =
            (self.tile_counts.bind(), self.block_sums.bind(), self.block_offsets.bind(), self.digit_totals.bind());
        dispatch(rec, &self.count, 0, tiles, &[src.bind(), src.bind(), counts, sums, count])?;
        rec.barrier(Sync::ComputeToCompute);
        dispatch(rec, &self.scan, 1, RADIX_DIGITS as u32, &[sums, block_offsets, totals, count])?;
        rec.barrier(Sync::ComputeToCompute);
        let binds = [src.bind(), counts, block_offsets, totals, dst.bind(), values.0.bind(), values.1.bind(), count];
        dispatch(rec, &self.scatter, 2, tiles, &binds)
    }
}

/// A pass's source and destination buffers.
type Pair<'a> = (&'a Buffer<u32>, &'a Buffer<u32>);

/// The onesweep pass: the digit counts of all four passes up front, then one kernel per pass.
struct Onesweep {
    digit_counts: Kernel,
    pass: Kernel,
    /// The four passes' digit totals (pass-major).
    digit_totals: Buffer<u32>,
    /// radix_onesweep.glsl's state: the fallback's sizes, tickets, walks that gave up, status.
    state: Buffer<u32>,
    walk_limit: u32,
}

/// Words of the onesweep state before the status words (glsl/include/radix_onesweep.glsl), and
/// where the walks that gave up are counted.
const ONESWEEP_HEADER: usize = 48;
const ONESWEEP_GAVE_UP: usize = 40;
/// Where `OnesweepKnobs::check_state` flags a status word found not 0 (the header's pad[1]).
const ONESWEEP_DIRTY: usize = 46;

/// The radix sort's scratch (a second buffer of keys, between which and the output the passes
/// alternate; with values, a second buffer of values, else a word bound in their place) and its
/// passes: three-step, or onesweep with (on CPU devices) the three-step pass as its fallback.
struct Radix {
    keys: Buffer<u32>,
    values: Option<Buffer<u32>>,
    no_values: Buffer<u32>,
    three_step: Option<ThreeStep>,
    onesweep: Option<Onesweep>,
}

/// Onesweep's tuning and diagnosis knobs (None: the defaults).
#[derive(Clone, Copy, Debug, Default)]
pub struct OnesweepKnobs {
    /// Steps of one look-back before it gives up (default: 4096 on CPU devices, so that with its
    /// inner loops it stays under llvmpipe's limit of 65535 loop iterations per invocation; 2^18
    /// on GPUs, under a second); 0: every tile after the first gives up.
    pub walk_limit: Option<u32>,
    /// Record the three-step pass after each onesweep pass, as indirect dispatches that run only
    /// if a look-back gave up (default: on CPU devices only).
    pub fallback: Option<bool>,
    /// Diagnosis: tiles publish only their counts, never their inclusive prefixes, so that every
    /// look-back walks back to the first tile (slow; the tests use it to exercise long walks).
    pub long_walks: bool,
    /// Diagnosis: every odd tile publishes its counts only once the next tile's look-back has
    /// ended (or after as many steps as a walk may take), so that look-backs meet tiles that have
    /// not published yet and must wait for them (the tests use it: a walk that stepped over such
    /// a tile would be silently wrong).
    pub late_publish: bool,
    /// Tests: every tile checks that its status word is 0 when it publishes ([`Sorter::dirty_state`]).
    pub check_state: bool,
    /// The three-step pass's scan (`Radix`, and onesweep's fallback): up to how many chunks of
    /// 4 x subgroup-size tiles the first subgroup of each digit's group scans alone, without the
    /// group's barriers (radix_scan.comp). Default: 1 on GPUs; 2^16 (any) on CPU devices, where
    /// those barriers made a radix sort of 1000 keys take 260 ms on lavapipe (now 22). The tests
    /// set 0 and 1 to run the group's path on lavapipe too.
    pub scan_alone_chunks: Option<u32>,
}

/// Constants 9 and 10 of the scatter and the onesweep pass (glsl/include/radix_tile.glsl): the
/// most subgroups a group of 256 can have on this device (MAX_SUBGROUPS), and the words of the
/// separate array of 16-bit digit counts, a row of 256 per subgroup (at most 16 rows), where a
/// word per row and digit does not fit in the tile's shared memory (never with tiles of 5120 keys;
/// else 1, unused).
fn ranking_spec(ctx: &Context) -> [(u32, u32); 2] {
    let subgroups = 256 / ctx.info().min_subgroup_size.clamp(1, 256) as usize;
    let rows = subgroups.min(16);
    let in_tile = rows * RADIX_DIGITS <= RADIX_TILE + RADIX_TILE / 32;
    [(9, subgroups as u32), (10, if in_tile { 1 } else { (rows * RADIX_DIGITS / 2) as u32 })]
}

impl Radix {
    fn new(ctx: &Context, ty: ElemType, capacity: usize, with_values: bool, knobs: OnesweepKnobs, onesweep: bool) -> Result<Radix> {
        let cpu = ctx.info().device_type == "CPU";
        let scan_alone = knobs.scan_alone_chunks;
        let onesweep = onesweep.then_some(knobs);
        let tiles = capacity.div_ceil(RADIX_TILE).max(1);
        let spec = [(1, ty as u32), (2, with_values as u32)];
        let (three_step, onesweep) = match onesweep {
            None => (Some(ThreeStep::new(ctx, ty, capacity, with_values, scan_alone)?), None),
            Some(knobs) => {
                let fallback =
                    if knobs.fallback.unwrap_or(cpu) { Some(ThreeStep::new(ctx, ty, capacity, with_values, scan_alone)?) } else { None };
                let state = Buffer::new(ctx, ONESWEEP_HEADER + 2 * RADIX_DIGITS * tiles, "onesweep state")?;
                let digit_totals = Buffer::new(ctx, RADIX_PASSES as usize * RADIX_DIGITS, "onesweep digit totals")?;
                // Zero once: after this every run leaves the totals and `done` zero (and resets
                // the rest of the header and the status words itself before their use).
                ctx.submit(|rec| {
                    rec.fill(&state, 0);
                    rec.fill(&digit_totals, 0);
                    rec.barrier(Sync::TransferToCompute);
                    Ok(())
                })?;
                let [subgroups, count_words] = ranking_spec(ctx);
                let onesweep = Onesweep {
                    digit_counts: Kernel::new(ctx, &shaders::SORT_RADIX_DIGIT_COUNTS, &[(1, ty as u32)])?,
                    pass: Kernel::new(
                        ctx,
                        &shaders::SORT_RADIX_ONESWEEP,
                        &[
                            spec[0],
                            spec[1],
                            (3, knobs.long_walks as u32),
                            (4, knobs.late_publish as u32),
                            (5, knobs.check_state as u32),
                            subgroups,
                            count_words,
                        ],
                    )?,
                    digit_totals,
                    state,
                    walk_limit: knobs.walk_limit.unwrap_or(if cpu { 4096 } else { 1 << 18 }),
                };
                (fallback, Some(onesweep))
            }
        };
        Ok(Radix {
            keys: Buffer::new(ctx, capacity.max(1), "radix keys")?,
            values: if with_values { Some(Buffer::new(ctx, capacity.max(1), "radix values")?) } else { None },
            no_values: Buffer::new(ctx, 1, "radix no values")?,
            three_step,
            onesweep,
        })
    }

    /// Four passes, the lowest digit first; each reads one buffer of keys (and values) and writes
    /// the other: input -> scratch -> output -> scratch -> output. With `count`, the keys are
    /// its word 0, at most n (the grids and layouts are n's).
    fn record(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        n: usize,
        count: Option<&Buffer<u32>>,
        output: &Buffer<u32>,
        values: Option<(&Buffer<u32>, &Buffer<u32>)>,
    ) -> Result<()> {
        let tiles = n.div_ceil(RADIX_TILE) as u32;
        let (count_bind, counted) = match count {
            Some(c) => (c.bind_range(0, 1), 1),
            None => (input.bind_range(0, 1), 0), // unused
        };
        let (values_in, values_out) = values.unwrap_or((&self.no_values, &self.no_values));
        let values_scratch = self.values.as_ref().unwrap_or(&self.no_values);
        if let Some(o) = &self.onesweep {
            // Step 0: every pass's digit totals in one read of the keys (by at most 1024 groups,
            // each adding its histograms once), and the state reset for pass 0.
            let push: [u32; 5] = [n as u32, 0, tiles, o.walk_limit, counted];
            let groups = tiles.min(1024);
            rec.dispatch(
                &o.digit_counts,
                [groups, 1, 1],
                &[input.bind(), input.bind(), o.digit_totals.bind(), o.state.bind(), count_bind],
                bytemuck::bytes_of(&push),
            )?;
            rec.barrier(Sync::ComputeToCompute);
        }
        for pass in 0..RADIX_PASSES {
            let (keys, values): (Pair, Pair) = match pass {
                0 => ((input, &self.keys), (values_in, values_scratch)),
                1 | 3 => ((&self.keys, output), (values_scratch, values_out)),
                _ => ((output, &self.keys), (values_out, values_scratch)),
            };
            match &self.onesweep {
                Some(o) => {
                    let push: [u32; 5] = [n as u32, 8 * pass, tiles, o.walk_limit, counted];
                    let push = bytemuck::bytes_of(&push);
                    let (src, dst) = keys;
                    let binds =
                        [src.bind(), o.digit_totals.bind(), dst.bind(), values.0.bind(), values.1.bind(), o.state.bind(), count_bind];
                    rec.dispatch(&o.pass, [tiles, 1, 1], &binds, push)?;
                    if let Some(fallback) = &self.three_step {
                        // Redoes the pass if a look-back gave up (else its sizes are zero).
                        rec.barrier(Sync::ComputeToIndirect);
                        fallback.record_pass(rec, push, tiles, keys, values, count_bind, Some((&o.state, 36 * pass as u64)))?;
                    }
                }
                None => {
                    let push: [u32; 5] = [n as u32, 8 * pass, tiles, 0, counted];
                    let three_step = self.three_step.as_ref().expect("a three-step radix sort");
                    three_step.record_pass(rec, bytemuck::bytes_of(&push), tiles, keys, values, count_bind, None)?;
                }
            }
            if pass + 1 < RADIX_PASSES {
                rec.barrier(Sync::ComputeToCompute); // the next pass reads these keys and reuses the counts
            }
        }
        Ok(())
    }
}

impl Sorter {
    /// A sorter of keys alone for any n up to `capacity`; an error where `capacity` is past
    /// [`Variant::max_n`] on this device.
    pub fn new(ctx: &Context, variant: Variant, ty: ElemType, capacity: usize) -> Result<Sorter> {
        let pipelines = match variant {
            Variant::Radix | Variant::Onesweep => return Sorter::whole_gpu(ctx, variant, ty, capacity, false, OnesweepKnobs::default()),
            _ => {
                variant.check_n(ctx, capacity)?;
                let shader = match variant {
                    Variant::OddEvenFlag => &shaders::SORT_ODD_EVEN_FLAG,
                    Variant::OddEvenFixed => &shaders::SORT_ODD_EVEN_FIXED,
                    Variant::OddEvenPaired => &shaders::SORT_ODD_EVEN_PAIRED,
                    _ => &shaders::SORT_BITONIC,
                };
                Pipelines::OneWorkgroup(Kernel::new(ctx, shader, &[(0, local_size(capacity)), (1, ty as u32)])?)
            }
        };
        Ok(Sorter { variant, ty, capacity, pipelines })
    }

    /// The driver's statistics of each kernel (VK_KHR_pipeline_executable_properties: registers,
    /// shared memory, spills, ...); empty lists where the driver gives none.
    pub fn kernel_statistics(&self) -> Vec<(String, Vec<(String, String)>)> {
        let kernels: Vec<&Kernel> = match &self.pipelines {
            Pipelines::OneWorkgroup(k) => vec![k],
            Pipelines::Radix(r) => {
                let onesweep = r.onesweep.iter().flat_map(|o| [&o.digit_counts, &o.pass]);
                onesweep.chain(r.three_step.iter().flat_map(|t| [&t.count, &t.scan, &t.scatter])).collect()
            }
        };
        kernels.into_iter().map(|k| (k.shader.name.to_string(), k.statistics())).collect()
    }

    /// The radix sort of keys that each carry a 32-bit value (an index, for an argsort): see
    /// [`Sorter::record_pairs`].
    pub fn radix_pairs(ctx: &Context, ty: ElemType, capacity: usize) -> Result<Sorter> {
        Sorter::pairs(ctx, Variant::Radix, ty, capacity)
    }

    /// A sorter of keys that each carry a 32-bit value, by `Radix` or `Onesweep` (the variants
    /// that sort over the whole GPU): see [`Sorter::record_pairs`].
    pub fn pairs(ctx: &Context, variant: Variant, ty: ElemType, capacity: usize) -> Result<Sorter> {
        Sorter::whole_gpu(ctx, variant, ty, capacity, true, OnesweepKnobs::default())
    }

    /// `Radix` or `Onesweep`, with or without values, with onesweep's knobs (`Radix` takes only
    /// `scan_alone_chunks`).
    pub fn whole_gpu(
        ctx: &Context,
        variant: Variant,
        ty: ElemType,
        capacity: usize,
        with_values: bool,
        knobs: OnesweepKnobs,
    ) -> Result<Sorter> {
        if !Variant::WHOLE_GPU.contains(&variant) {
            return Err(Error::invalid(format!("{} sorts in one workgroup: keys with values take radix or onesweep", variant.name())));
        }
        variant.check_n(ctx, capacity)?;
        let pipelines = Pipelines::Radix(Box::new(Radix::new(ctx, ty, capacity, with_values, knobs, variant == Variant::Onesweep)?));
        Ok(Sorter { variant, ty, capacity, pipelines })
    }

    /// Onesweep's look-backs that gave up in the last run (0 for the other variants). Where the
    /// three-step fallback was recorded (CPU devices, by default) the result is exact anyway;
    /// elsewhere [`time`] and [`time_pairs`] report them as an error.
    pub fn gave_up(&self, ctx: &Context) -> Result<u32> {
        match &self.pipelines {
            Pipelines::Radix(r) => match &r.onesweep {
                Some(o) => Ok(ctx.read_range(&o.state, ONESWEEP_GAVE_UP, ONESWEEP_GAVE_UP + 4)?.iter().sum()),
                None => Ok(0),
            },
            Pipelines::OneWorkgroup(_) => Ok(0),
        }
    }

    /// With `OnesweepKnobs::check_state`: whether an onesweep tile found its status word not 0
    /// when it published (a run before left a word that this one did not reset). Sticky from
    /// the sorter's creation; read it after the runs' fence.
    pub fn dirty_state(&self, ctx: &Context) -> Result<bool> {
        match &self.pipelines {
            Pipelines::Radix(r) if r.onesweep.is_some() => {
                Ok(ctx.read_range(&r.onesweep.as_ref().unwrap().state, ONESWEEP_DIRTY, ONESWEEP_DIRTY + 1)?[0] != 0)
            }
            _ => Ok(false),
        }
    }

    /// Runs `record` once (`runs` = 0) or times it (untimed `warmup` runs first), then makes
    /// its outputs readable; an error if an onesweep look-back gave up with no fallback.
    fn timed(&self, ctx: &Context, warmup: u32, runs: u32, mut record: impl FnMut(&mut Recorder) -> Result<()>) -> Result<Timing> {
        let timing = if runs > 0 {
            crate::gpu::measure(ctx, warmup, runs, &mut record)?
        } else {
            ctx.submit(&mut record)?;
            Timing::default()
        };
        ctx.submit(|rec| {
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })?;
        self.check_gave_up(ctx)?;
        Ok(timing)
    }

    /// After a run: an error if a look-back gave up with no fallback recorded to redo its pass.
    pub(crate) fn check_gave_up(&self, ctx: &Context) -> Result<()> {
        let unrecovered = matches!(&self.pipelines, Pipelines::Radix(r) if r.onesweep.is_some() && r.three_step.is_none());
        let gave_up = if unrecovered { self.gave_up(ctx)? } else { 0 };
        if gave_up > 0 {
            return Err(Error::Unsupported(format!(
                "onesweep: {gave_up} look-back(s) on {} gave up waiting for an earlier tile (about a second), so the result is wrong; use --variant radix",
                ctx.info().name
            )));
        }
        Ok(())
    }

    /// Engine mode, a sorter made by [`Sorter::radix_pairs`]: sorts `keys[0..n]` into
    /// `sorted_keys` and moves `values[0..n]` with them into `sorted_values` (four distinct
    /// buffers). Stable: values of equal keys keep their input order, so values 0, 1, 2, ... give
    /// the stable argsort. Same passes and barrier contract as [`Sorter::record`], for both
    /// inputs and both outputs.
    pub fn record_pairs(
        &self,
        rec: &mut Recorder,
        keys: &Buffer<u32>,
        values: &Buffer<u32>,
        n: usize,
        sorted_keys: &Buffer<u32>,
        sorted_values: &Buffer<u32>,
    ) -> Result<()> {
        let radix = match &self.pipelines {
            Pipelines::Radix(r) if r.values.is_some() => r,
            _ => return Err(Error::invalid("record_pairs needs a sorter made by Sorter::radix_pairs")),
        };
        if n > self.capacity || n > keys.len().min(values.len()) || n > sorted_keys.len().min(sorted_values.len()) {
            return Err(Error::invalid(format!(
                "sort of {n} pairs: keys hold {}, values {}, outputs {} and {}, the sorter was made for {}",
                keys.len(),
                values.len(),
                sorted_keys.len(),
                sorted_values.len(),
                self.capacity
            )));
        }
        if n == 0 {
            return Ok(());
        }
        radix.record(rec, keys, n, None, sorted_keys, Some((values, sorted_values)))
    }

    /// As [`record`](Sorter::record) for `Radix` and `Onesweep`, with the number of keys read
    /// by the GPU from word 0 of `count` when the sort runs (as
    /// [`Compactor::record`](super::compact::Compactor::record) writes it), so nothing goes back
    /// to the host between the step that counts and the sort. The count is clamped to the
    /// sorter's capacity and the buffers' lengths; nothing past it is read or written. The passes
    /// are dispatched for that bound, and their groups past the count return at once.
    ///
    /// Barrier contract: as `record`'s, and `count` too must be written and visible to
    /// compute-shader reads before.
    pub fn record_counted(&self, rec: &mut Recorder, input: &Buffer<u32>, count: &Buffer<u32>, output: &Buffer<u32>) -> Result<()> {
        let radix = self.counted_radix(count, false)?;
        let bound = self.capacity.min(input.len()).min(output.len());
        if bound == 0 {
            return Ok(());
        }
        radix.record(rec, input, bound, Some(count), output, None)
    }

    /// [`record_pairs`](Sorter::record_pairs) with the number of pairs counted on the GPU, as
    /// [`record_counted`](Sorter::record_counted).
    pub fn record_pairs_counted(
        &self,
        rec: &mut Recorder,
        keys: &Buffer<u32>,
        values: &Buffer<u32>,
        count: &Buffer<u32>,
        sorted_keys: &Buffer<u32>,
        sorted_values: &Buffer<u32>,
    ) -> Result<()> {
        let radix = self.counted_radix(count, true)?;
        let bound = self.capacity.min(keys.len().min(values.len())).min(sorted_keys.len().min(sorted_values.len()));
        if bound == 0 {
            return Ok(());
        }
        radix.record(rec, keys, bound, Some(count), sorted_keys, Some((values, sorted_values)))
    }

    /// The radix sort behind a counted record (with or without values), or why there is none.
    fn counted_radix(&self, count: &Buffer<u32>, pairs: bool) -> Result<&Radix> {
        if count.is_empty() {
            return Err(Error::invalid("sort: the count buffer is empty"));
        }
        match &self.pipelines {
            Pipelines::Radix(r) if r.values.is_some() == pairs => Ok(r),
            Pipelines::Radix(_) if pairs => Err(Error::invalid("record_pairs_counted needs a sorter made by Sorter::pairs")),
            Pipelines::Radix(_) => Err(Error::invalid("this sorter moves values with its keys: use record_pairs_counted")),
            Pipelines::OneWorkgroup(_) => Err(Error::Unsupported(format!(
                "a sort counted on the GPU: {} sorts in one workgroup, its length from the host; use radix or onesweep",
                self.variant.name()
            ))),
        }
    }

    /// Engine mode: sorts `input[0..n]` into `output[0..n]` (distinct buffers). The one-workgroup
    /// variants record one dispatch of one workgroup; `Radix` records four passes of three
    /// dispatches with compute-to-compute barriers between them, `Onesweep` one dispatch of the
    /// digit counts and four of one (on CPU devices each followed by its fallback's indirect
    /// dispatches); both use `output` and their own scratch in between (`input` is only read). Before: `input` visible to compute-shader reads,
    /// and no earlier use of this sorter still running. After: `output` written by the compute
    /// stage; add the barrier your consumer needs (`Sync::ComputeToTransfer`, `ComputeToCompute`).
    /// n = 0 records nothing.
    pub fn record(&self, rec: &mut Recorder, input: &Buffer<u32>, n: usize, output: &Buffer<u32>) -> Result<()> {
        if n > self.capacity || n > input.len() || n > output.len() {
            return Err(Error::invalid(format!(
                "sort of {n} keys: input holds {}, output {}, the sorter was made for {}",
                input.len(),
                output.len(),
                self.capacity
            )));
        }
        if n == 0 {
            return Ok(());
        }
        match &self.pipelines {
            Pipelines::OneWorkgroup(kernel) => {
                rec.dispatch(kernel, [1, 1, 1], &[input.bind(), output.bind()], bytemuck::bytes_of(&(n as u32)))
            }
            Pipelines::Radix(radix) if radix.values.is_some() => {
                Err(Error::invalid("this sorter moves values with its keys: use record_pairs"))
            }
            Pipelines::Radix(radix) => radix.record(rec, input, n, None, output, None),
        }
    }
}

/// Sorts `keys` (bits of `ty`) with `variant` (radix or onesweep), moving `values` with them; returns the
/// timing (`runs` > 0), the sorted keys and their values.
pub fn time_pairs(
    ctx: &Context,
    keys: &[u32],
    values: &[u32],
    ty: ElemType,
    variant: Variant,
    warmup: u32,
    runs: u32,
) -> Result<(Timing, Vec<u32>, Vec<u32>)> {
    let n = keys.len();
    if values.len() != n {
        return Err(Error::invalid(format!("sort of {n} keys with {} values: one value per key", values.len())));
    }
    let s = Sorter::pairs(ctx, variant, ty, n)?;
    if n == 0 {
        return Ok((Timing::default(), Vec::new(), Vec::new()));
    }
    let (k_in, v_in) = (Buffer::from_slice(ctx, keys, "sort keys")?, Buffer::from_slice(ctx, values, "sort values")?);
    let (k_out, v_out) = (Buffer::new(ctx, n, "sorted keys")?, Buffer::new(ctx, n, "sorted values")?);
    let timing = s.timed(ctx, warmup, runs, |rec| s.record_pairs(rec, &k_in, &v_in, n, &k_out, &v_out))?;
    Ok((timing, ctx.read(&k_out)?, ctx.read(&v_out)?))
}

/// Sorts `data` (bits of `ty`) on the GPU.
pub fn run(ctx: &Context, data: &[u32], ty: ElemType, variant: Variant) -> Result<Vec<u32>> {
    Ok(time(ctx, data, ty, variant, 0, 0)?.1)
}

/// Uploads once, times only the GPU work (`runs` > 0), and returns the sorted keys.
pub fn time(ctx: &Context, data: &[u32], ty: ElemType, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Vec<u32>)> {
    time_with(ctx, &Sorter::new(ctx, variant, ty, data.len())?, data, warmup, runs)
}

/// As [`time`], with a sorter made by the caller (made for at least `data.len()` keys, without
/// values); an error if an onesweep look-back gave up with no fallback recorded.
pub fn time_with(ctx: &Context, s: &Sorter, data: &[u32], warmup: u32, runs: u32) -> Result<(Timing, Vec<u32>)> {
    let n = data.len();
    if n == 0 {
        return Ok((Timing::default(), Vec::new()));
    }
    let input = Buffer::from_slice(ctx, data, "sort input")?;
    let output = Buffer::new(ctx, n, "sort output")?;
    let timing = s.timed(ctx, warmup, runs, |rec| s.record(rec, &input, n, &output))?;
    Ok((timing, ctx.read(&output)?))
}
