//! Sorting inside one workgroup (seed 002: odd-even transposition sort, "parallel bubble sort"),
//! each version the document walks through, then a bitonic network (ours; the document's
//! references name it), and past the document's limit a radix sort across the whole GPU (ours).
//!
//! One workgroup of `L` invocations sorts up to `2 L` keys in shared memory, as in the document
//! (128 f32 with 64 invocations): for those variants `n` is at most twice the device's largest
//! workgroup (2048 on lavapipe and NVIDIA), and larger inputs are refused with that limit in the
//! message. `Radix` sorts any `n` up to [`radix_max_n`] (one binding of keys).
//! Order: u32 and i32 numerically, f32 in IEEE total order (`f32::total_cmp`: -NaN < -inf < ... <
//! -0 < +0 < ... < +inf < +NaN), so every variant equals the CPU's sort bit for bit.
use crate::gpu::{Buffer, Context, Error, Kernel, Recorder, Result, Sync, Timing};
pub use crate::ops::reduce::ElemType;
use crate::shaders;

/// The variants: the document's three versions in order, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    OddEvenFlag,
    OddEvenFixed,
    OddEvenPaired,
    Bitonic,
    Radix,
}

impl Variant {
    pub const ALL: [Variant; 5] = [Variant::OddEvenFlag, Variant::OddEvenFixed, Variant::OddEvenPaired, Variant::Bitonic, Variant::Radix];
    /// The variants that sort in one workgroup (seed 002's limit).
    pub const ONE_WORKGROUP: [Variant; 4] = [Variant::OddEvenFlag, Variant::OddEvenFixed, Variant::OddEvenPaired, Variant::Bitonic];
    pub fn name(self) -> &'static str {
        match self {
            Variant::OddEvenFlag => "odd-even-flag",
            Variant::OddEvenFixed => "odd-even-fixed",
            Variant::OddEvenPaired => "odd-even-paired",
            Variant::Bitonic => "bitonic",
            Variant::Radix => "radix",
        }
    }
    pub fn description(self) -> &'static str {
        match self {
            Variant::OddEvenFlag => "002 v1: steps until two in a row swap nothing (shared flag; WGSL rejects it, GLSL allows it)",
            Variant::OddEvenFixed => "002 v2: a fixed 2L steps, parity from step % 2 (divergent odd steps)",
            Variant::OddEvenPaired => "002 v3: L iterations of even step, barrier, odd step, barrier",
            Variant::Bitonic => "ours: bitonic network, log2(2L)(log2(2L)+1)/2 barriers instead of 2L",
            Variant::Radix => "ours, any n: LSD radix sort over the whole GPU, 4 passes of 8-bit digits (count, scan, scatter)",
        }
    }
    /// The most keys this variant sorts on this device.
    pub fn max_n(self, ctx: &Context) -> usize {
        match self {
            Variant::Radix => radix_max_n(ctx),
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

/// Keys per radix tile: 256 invocations x 12 (`glsl/include/radix_common.glsl`; on the H200 12
/// beat 8, 16 and 24 at 2^24 and 2^26: docs/sort.md).
pub const RADIX_TILE: usize = 3072;
// The scatter with values sorts (digit << 12 | place in the tile).
const _: () = assert!(RADIX_TILE <= 4096);
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
    pub variant: Variant,
    pub ty: ElemType,
    capacity: usize,
    pipelines: Pipelines,
}

enum Pipelines {
    OneWorkgroup(Kernel),
    Radix(Box<Radix>),
}

/// The radix sort's three kernels and its scratch: a second buffer of keys (the passes
/// alternate between it and the output), the per-tile digit counts and offsets, the digit totals;
/// with values, a second buffer of values (else a word bound in their place).
struct Radix {
    count: Kernel,
    scan: Kernel,
    scatter: Kernel,
    keys: Buffer<u32>,
    values: Option<Buffer<u32>>,
    no_values: Buffer<u32>,
    tile_counts: Buffer<u32>,
    tile_offsets: Buffer<u32>,
    digit_totals: Buffer<u32>,
}

impl Radix {
    fn new(ctx: &Context, ty: ElemType, capacity: usize, with_values: bool) -> Result<Radix> {
        let tiles = capacity.div_ceil(RADIX_TILE).max(1);
        let spec = [(1, ty as u32)];
        Ok(Radix {
            count: Kernel::new(ctx, &shaders::SORT_RADIX_COUNT, &spec)?,
            scan: Kernel::new(ctx, &shaders::SORT_RADIX_SCAN, &[])?,
            scatter: Kernel::new(ctx, &shaders::SORT_RADIX_SCATTER, &[(1, ty as u32), (2, with_values as u32)])?,
            keys: Buffer::new(ctx, capacity.max(1), "radix keys")?,
            values: if with_values { Some(Buffer::new(ctx, capacity.max(1), "radix values")?) } else { None },
            no_values: Buffer::new(ctx, 1, "radix no values")?,
            tile_counts: Buffer::new(ctx, RADIX_DIGITS * tiles, "radix tile counts")?,
            tile_offsets: Buffer::new(ctx, RADIX_DIGITS * tiles, "radix tile offsets")?,
            digit_totals: Buffer::new(ctx, RADIX_DIGITS, "radix digit totals")?,
        })
    }

    /// Four passes, the lowest digit first; each reads one buffer of keys (and values) and writes
    /// the other: input -> scratch -> output -> scratch -> output.
    fn record(
        &self,
        rec: &mut Recorder,
        input: &Buffer<u32>,
        n: usize,
        output: &Buffer<u32>,
        values: Option<(&Buffer<u32>, &Buffer<u32>)>,
    ) -> Result<()> {
        let tiles = n.div_ceil(RADIX_TILE) as u32;
        let (values_in, values_out) = values.unwrap_or((&self.no_values, &self.no_values));
        let values_scratch = self.values.as_ref().unwrap_or(&self.no_values);
        for pass in 0..RADIX_PASSES {
            let ((src, dst), (src_values, dst_values)) = match pass {
                0 => ((input, &self.keys), (values_in, values_scratch)),
                1 | 3 => ((&self.keys, output), (values_scratch, values_out)),
                _ => ((output, &self.keys), (values_out, values_scratch)),
            };
            let push: [u32; 3] = [n as u32, 8 * pass, tiles];
            let push = bytemuck::bytes_of(&push);
            rec.dispatch(&self.count, [tiles, 1, 1], &[src.bind(), self.tile_counts.bind(), src.bind()], push)?;
            rec.barrier(Sync::ComputeToCompute);
            let digits = RADIX_DIGITS as u32;
            rec.dispatch(&self.scan, [digits, 1, 1], &[self.tile_counts.bind(), self.tile_offsets.bind(), self.digit_totals.bind()], push)?;
            rec.barrier(Sync::ComputeToCompute);
            // The keys are bound twice: as words (the tile's last keys) and as 16-byte vectors.
            let binds = [
                src.bind(),
                self.tile_counts.bind(),
                self.tile_offsets.bind(),
                self.digit_totals.bind(),
                dst.bind(),
                src.bind(),
                src_values.bind(),
                dst_values.bind(),
            ];
            rec.dispatch(&self.scatter, [tiles, 1, 1], &binds, push)?;
            if pass + 1 < RADIX_PASSES {
                rec.barrier(Sync::ComputeToCompute); // the next pass reads these keys and reuses the counts
            }
        }
        Ok(())
    }
}

impl Sorter {
    pub fn new(ctx: &Context, variant: Variant, ty: ElemType, capacity: usize) -> Result<Sorter> {
        let pipelines = match variant {
            Variant::Radix => {
                variant.check_n(ctx, capacity)?;
                Pipelines::Radix(Box::new(Radix::new(ctx, ty, capacity, false)?))
            }
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
            Pipelines::Radix(r) => vec![&r.count, &r.scan, &r.scatter],
        };
        kernels.into_iter().map(|k| (k.shader.name.to_string(), k.statistics())).collect()
    }

    /// The radix sort of keys that each carry a 32-bit value (an index, for an argsort): see
    /// [`Sorter::record_pairs`].
    pub fn radix_pairs(ctx: &Context, ty: ElemType, capacity: usize) -> Result<Sorter> {
        Variant::Radix.check_n(ctx, capacity)?;
        let pipelines = Pipelines::Radix(Box::new(Radix::new(ctx, ty, capacity, true)?));
        Ok(Sorter { variant: Variant::Radix, ty, capacity, pipelines })
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
        radix.record(rec, keys, n, sorted_keys, Some((values, sorted_values)))
    }

    /// Engine mode: sorts `input[0..n]` into `output[0..n]` (distinct buffers). The one-workgroup
    /// variants record one dispatch of one workgroup; `Radix` records four passes of three
    /// dispatches with compute-to-compute barriers between them, and uses `output` and its own
    /// scratch in between (`input` is only read). Before: `input` visible to compute-shader reads,
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
            Pipelines::Radix(radix) => radix.record(rec, input, n, output, None),
        }
    }
}

/// Sorts `keys` (bits of `ty`) with the radix sort, moving `values` with them; returns the
/// timing (`runs` > 0), the sorted keys and their values.
pub fn time_pairs(
    ctx: &Context,
    keys: &[u32],
    values: &[u32],
    ty: ElemType,
    warmup: u32,
    runs: u32,
) -> Result<(Timing, Vec<u32>, Vec<u32>)> {
    let n = keys.len();
    if values.len() != n {
        return Err(Error::invalid(format!("sort of {n} keys with {} values: one value per key", values.len())));
    }
    let s = Sorter::radix_pairs(ctx, ty, n)?;
    if n == 0 {
        return Ok((Timing::default(), Vec::new(), Vec::new()));
    }
    let (k_in, v_in) = (Buffer::from_slice(ctx, keys, "sort keys")?, Buffer::from_slice(ctx, values, "sort values")?);
    let (k_out, v_out) = (Buffer::new(ctx, n, "sorted keys")?, Buffer::new(ctx, n, "sorted values")?);
    let record = |rec: &mut Recorder| s.record_pairs(rec, &k_in, &v_in, n, &k_out, &v_out);
    let timing = if runs > 0 {
        crate::gpu::measure(ctx, warmup, runs, record)?
    } else {
        ctx.submit(record)?;
        Timing::default()
    };
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    Ok((timing, ctx.read(&k_out)?, ctx.read(&v_out)?))
}

/// Sorts `data` (bits of `ty`) on the GPU.
pub fn run(ctx: &Context, data: &[u32], ty: ElemType, variant: Variant) -> Result<Vec<u32>> {
    Ok(time(ctx, data, ty, variant, 0, 0)?.1)
}

/// Uploads once, times only the GPU work (`runs` > 0), and returns the sorted keys.
pub fn time(ctx: &Context, data: &[u32], ty: ElemType, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Vec<u32>)> {
    let n = data.len();
    let s = Sorter::new(ctx, variant, ty, n)?;
    if n == 0 {
        return Ok((Timing::default(), Vec::new()));
    }
    let input = Buffer::from_slice(ctx, data, "sort input")?;
    let output = Buffer::new(ctx, n, "sort output")?;
    let timing = if runs > 0 {
        crate::gpu::measure(ctx, warmup, runs, |rec| s.record(rec, &input, n, &output))?
    } else {
        ctx.submit(|rec| s.record(rec, &input, n, &output))?;
        Timing::default()
    };
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    Ok((timing, ctx.read(&output)?))
}
