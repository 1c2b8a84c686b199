//! Reduction (sum, min, max) of u32, i32 and f32: seed 004's shared-memory tree, then ours
//! (subgroup arithmetic over a persistent grid; single pass with the last group finishing).
//!
//! Exactness (see docs/reduce_compact.md): integer sums wrap (mod 2^32, as u32/i32 `wrapping_add`);
//! min and max are exact for every type (f32: -0 < +0; any NaN gives NaN, 0x7FC00000); f32 sums
//! differ from the sequential sum by at most [`f32_sum_bound`]. n = 0 has no result (`None`).
//!
//! Inputs longer than one storage binding are processed in ranges of [`range_elems`] elements.
use super::grid2d;
use crate::gpu::{Buffer, Context, Error, Kernel, Recorder, Result, Sync, Timing};
use crate::shaders;

/// The element type; data always travels as `u32` bits (`f32::to_bits`, `i32 as u32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum ElemType {
    /// Unsigned 32-bit integers.
    U32,
    /// Signed 32-bit integers (`i32 as u32` bits).
    I32,
    /// 32-bit floats (`f32::to_bits`).
    F32,
}

impl ElemType {
    /// Every type: u32, i32, f32.
    pub const ALL: [ElemType; 3] = [ElemType::U32, ElemType::I32, ElemType::F32];
    /// The type's name on the command line and in reports (`u32`, `i32`, `f32`).
    pub fn name(self) -> &'static str {
        match self {
            ElemType::U32 => "u32",
            ElemType::I32 => "i32",
            ElemType::F32 => "f32",
        }
    }
    fn spec(self) -> u32 {
        self as u32
    }
    /// The value of `bits` as text (`f32` with enough digits to round-trip).
    pub fn format(self, bits: u32) -> String {
        match self {
            ElemType::U32 => bits.to_string(),
            ElemType::I32 => (bits as i32).to_string(),
            ElemType::F32 => format!("{:?}", f32::from_bits(bits)),
        }
    }
    /// Parses one number of this type into bits.
    pub fn parse(self, s: &str) -> Result<u32> {
        let s = s.trim();
        let article = if self == ElemType::U32 { "a" } else { "an" };
        let bad = || Error::invalid(format!("{s:?} is not {article} {} number", self.name()));
        match self {
            ElemType::U32 => s.parse::<u32>().map_err(|_| bad()),
            ElemType::I32 => s.parse::<i32>().map(|v| v as u32).map_err(|_| bad()),
            ElemType::F32 => {
                let v = s.parse::<f32>().map_err(|_| bad())?;
                // Rust rounds a finite number past f32's range to infinity; only "inf" means it.
                let says_infinity = s.trim_start_matches(['+', '-']).to_ascii_lowercase().starts_with("inf");
                if v.is_infinite() && !says_infinity {
                    return Err(Error::invalid(format!("{s:?} is beyond f32's range (at most about 3.4e38)")));
                }
                Ok(v.to_bits())
            }
        }
    }
    /// As a JSON value (NaN and infinities as strings).
    pub fn json(self, bits: u32) -> serde_json::Value {
        match self {
            ElemType::U32 => bits.into(),
            ElemType::I32 => (bits as i32).into(),
            ElemType::F32 => {
                let f = f32::from_bits(bits);
                if f.is_finite() {
                    (f as f64).into()
                } else {
                    format!("{f:?}").into()
                }
            }
        }
    }
}

impl std::str::FromStr for ElemType {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        ElemType::ALL.into_iter().find(|t| t.name() == s).ok_or_else(|| Error::invalid(format!("type {s:?}: use u32, i32 or f32")))
    }
}

/// The operation of a reduction (and of a scan).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Op {
    /// The sum (integers wrap mod 2^32; f32 sums round: see [`f32_sum_bound`]).
    Sum,
    /// The minimum (exact; f32: -0 < +0, and any NaN gives NaN).
    Min,
    /// The maximum (exact; f32: -0 < +0, and any NaN gives NaN).
    Max,
}

impl Op {
    /// Every operation: sum, min, max.
    pub const ALL: [Op; 3] = [Op::Sum, Op::Min, Op::Max];
    /// The operation's name on the command line and in reports (`sum`, `min`, `max`).
    pub fn name(self) -> &'static str {
        match self {
            Op::Sum => "sum",
            Op::Min => "min",
            Op::Max => "max",
        }
    }
    /// The identity of the operation (what `record` writes for n = 0), as bits.
    pub fn identity(self, ty: ElemType) -> u32 {
        match (self, ty) {
            (Op::Sum, _) => 0,
            (Op::Min, ElemType::U32) => u32::MAX,
            (Op::Min, ElemType::I32) => i32::MAX as u32,
            (Op::Min, ElemType::F32) => f32::INFINITY.to_bits(),
            (Op::Max, ElemType::U32) => 0,
            (Op::Max, ElemType::I32) => i32::MIN as u32,
            (Op::Max, ElemType::F32) => f32::NEG_INFINITY.to_bits(),
        }
    }
}

impl std::str::FromStr for Op {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        Op::ALL.into_iter().find(|o| o.name() == s).ok_or_else(|| Error::invalid(format!("op {s:?}: use sum, min or max")))
    }
}

/// The variants, the lecture's step first, then ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Seed 004: 64 elements per workgroup in shared memory, halved with a barrier at each step.
    Tree,
    /// Ours: persistent grid, 16-byte loads, subgroup arithmetic, then a pass over the partials.
    Subgroup,
    /// Ours: as `Subgroup`, and the last workgroup to finish reduces the partials.
    SinglePass,
}

impl Variant {
    /// Every variant, in the order `--variant all` runs them.
    pub const ALL: [Variant; 3] = [Variant::Tree, Variant::Subgroup, Variant::SinglePass];
    /// The variant's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Tree => "tree",
            Variant::Subgroup => "subgroup",
            Variant::SinglePass => "single-pass",
        }
    }
    /// One line on what the variant does and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            Variant::Tree => "seed 004: 64 per workgroup in shared memory, barrier at each halving, further passes over the partials",
            Variant::Subgroup => "ours: persistent grid, 16-byte grid-stride loads, subgroup arithmetic, one partial per group, 2nd pass",
            Variant::SinglePass => "ours: as subgroup, and the last workgroup to finish (atomic counter) reduces the partials",
        }
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        super::variant_named(s, &Variant::ALL, Variant::name, "variant")
    }
}

/// Elements per range: the largest power of two whose bytes fit one storage binding (2^25 on
/// lavapipe's 128 MiB, 2^29 on NVIDIA's 4 GiB), so range offsets are always well aligned.
pub fn range_elems(ctx: &Context) -> usize {
    let bytes = ctx.info().max_storage_buffer_range.min(u32::MAX as u64);
    let elems = (bytes / 4).max(4096);
    1usize << (63 - elems.leading_zeros())
}

const TREE_LOCAL: u32 = 64;
const LOCAL: u32 = 256;
/// Workgroups of the persistent grid (per range): a few per SM on a big GPU.
pub const GRID: u32 = 1024;
const FLAG_ENCODE: u32 = 1;
const FLAG_DECODE: u32 = 2;
const FLAG_COUNTED: u32 = 4;

fn push(n: usize, flags: u32, partial_offset: u32, finish_count: u32) -> Vec<u8> {
    bytemuck::cast_slice(&[n as u32, flags, partial_offset, finish_count]).to_vec()
}

/// Kernels and scratch for one (variant, type, op), reusable for any n up to `capacity`.
pub struct Reducer {
    /// The variant it records.
    pub variant: Variant,
    /// The element type of its input.
    pub ty: ElemType,
    /// The operation it reduces with.
    pub op: Op,
    kernel: Kernel,
    capacity: usize,
    range: usize,
    /// Partials (ping and pong for the tree).
    partials: [Buffer<u32>; 2],
    /// The single-pass arrival counter; 0 between runs (the last group resets it).
    counter: Buffer<u32>,
}

impl Reducer {
    /// Kernels and scratch for any n up to `capacity` elements, in ranges of [`range_elems`];
    /// an error past `u32::MAX` elements.
    pub fn new(ctx: &Context, variant: Variant, ty: ElemType, op: Op, capacity: usize) -> Result<Reducer> {
        Self::with_range(ctx, variant, ty, op, capacity, range_elems(ctx))
    }

    /// As `new` with ranges of `range` elements (a power of two, at least 4096, at most
    /// [`range_elems`]): tests use small ranges to exercise range processing on small inputs.
    pub fn with_range(ctx: &Context, variant: Variant, ty: ElemType, op: Op, capacity: usize, range: usize) -> Result<Reducer> {
        if !range.is_power_of_two() || range < 4096 || range > range_elems(ctx) {
            return Err(Error::invalid(format!("range of {range} elements: a power of two in 4096..={}", range_elems(ctx))));
        }
        if capacity > u32::MAX as usize {
            return Err(Error::invalid(format!("n = {capacity}: at most {} elements", u32::MAX)));
        }
        let spec = |local| [(0, local), (1, ty.spec()), (2, op as u32)];
        let (kernel, partial_len) = match variant {
            Variant::Tree => (Kernel::new(ctx, &shaders::REDUCE_TREE, &spec(TREE_LOCAL))?, capacity.div_ceil(TREE_LOCAL as usize)),
            Variant::Subgroup => (Kernel::new(ctx, &shaders::REDUCE_SUBGROUP, &spec(LOCAL))?, capacity.div_ceil(range) * GRID as usize),
            Variant::SinglePass => {
                (Kernel::new(ctx, &shaders::REDUCE_SINGLE_PASS, &spec(LOCAL))?, capacity.div_ceil(range) * GRID as usize)
            }
        };
        let partials = [Buffer::new(ctx, partial_len.max(1), "reduce partials")?, Buffer::new(ctx, partial_len.max(1), "reduce partials")?];
        let counter = Buffer::new(ctx, 1, "reduce counter")?;
        ctx.submit(|rec| {
            rec.fill(&counter, 0);
            rec.barrier(Sync::TransferToAll);
            Ok(())
        })?;
        Ok(Reducer { variant, ty, op, kernel, capacity, range, partials, counter })
    }

    /// Elements per range of this reducer.
    pub fn range(&self) -> usize {
        self.range
    }

    /// Records the reduction of `input[0..n)` (bits of `ty`) into `output[0]` (bits; min/max of
    /// NaN-containing f32 input is 0x7FC00000; n = 0 writes `op.identity(ty)` with a fill).
    ///
    /// Barrier contract: before, `input` must be written and visible to compute-shader reads
    /// (e.g. `Sync::TransferToCompute` after an upload, `Sync::ComputeToCompute` after a
    /// dispatch), and no earlier work may still read or write `output`. Between its own
    /// dispatches it records `Sync::ComputeToCompute`. After, `output[0]` is written by a compute
    /// shader (n = 0: by a transfer): follow with `Sync::ComputeToTransfer`/`ComputeToCompute`
    /// (or `Sync::Full`) before reading it. Two records of one `Reducer` must be separated by a
    /// barrier (they share scratch).
    pub fn record(&self, rec: &mut Recorder, input: &Buffer<u32>, n: usize, output: &Buffer<u32>) -> Result<()> {
        if n > self.capacity || n > input.len() {
            return Err(Error::invalid(format!(
                "reduce of {n} elements: the input holds {}, the reducer was made for {}",
                input.len(),
                self.capacity
            )));
        }
        if output.is_empty() {
            return Err(Error::invalid("reduce: the output buffer is empty"));
        }
        if n == 0 {
            rec.fill_raw(output.raw(), 0, 4, self.op.identity(self.ty));
            // A transfer wrote the result: this barrier chains it to the compute-stage barrier
            // the contract asks the caller to add after.
            rec.barrier(Sync::TransferToCompute);
            return Ok(());
        }
        let ranges: Vec<(usize, usize)> = (0..n).step_by(self.range).map(|s| (s, (s + self.range).min(n))).collect();
        match self.variant {
            Variant::Tree => {
                // Pass 1, per range: 64 elements -> 1 partial. Then partials -> partials.
                let mut len = n.div_ceil(TREE_LOCAL as usize);
                let final_first = len == 1;
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    if k > 0 {
                        // Disjoint partials, but one binding: sync validation wants the order.
                        rec.barrier(Sync::ComputeToCompute);
                    }
                    let groups = (e - s).div_ceil(TREE_LOCAL as usize);
                    let flags = FLAG_ENCODE | if final_first { FLAG_DECODE } else { 0 };
                    let out = if final_first { output.bind() } else { self.partials[0].bind() };
                    let offset = (s / TREE_LOCAL as usize) as u32;
                    rec.dispatch(&self.kernel, grid2d(groups), &[input.bind_range(s, e), out], &push(e - s, flags, offset, 0))?;
                }
                let mut src = 0;
                while len > 1 {
                    rec.barrier(Sync::ComputeToCompute);
                    let groups = len.div_ceil(TREE_LOCAL as usize);
                    let last = groups == 1;
                    let out = if last { output.bind() } else { self.partials[1 - src].bind() };
                    let flags = if last { FLAG_DECODE } else { 0 };
                    rec.dispatch(&self.kernel, grid2d(groups), &[self.partials[src].bind(), out], &push(len, flags, 0, 0))?;
                    len = groups;
                    src = 1 - src;
                }
            }
            Variant::Subgroup => {
                let mut total = 0u32;
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    if k > 0 {
                        rec.barrier(Sync::ComputeToCompute);
                    }
                    let groups = grid_groups(e - s);
                    let binds = [input.bind_range(s, e), input.bind_range(s, e), self.partials[0].bind()];
                    rec.dispatch(&self.kernel, [groups, 1, 1], &binds, &push(e - s, FLAG_ENCODE, total, 0))?;
                    total += groups;
                }
                rec.barrier(Sync::ComputeToCompute);
                let p = &self.partials[0];
                let binds = [p.bind_range(0, total as usize), p.bind_range(0, total as usize), output.bind()];
                rec.dispatch(&self.kernel, [1, 1, 1], &binds, &push(total as usize, FLAG_DECODE, 0, 0))?;
            }
            Variant::SinglePass => {
                let mut total = 0u32;
                for (k, &(s, e)) in ranges.iter().enumerate() {
                    let groups = grid_groups(e - s);
                    let last = k + 1 == ranges.len();
                    if k > 0 {
                        rec.barrier(Sync::ComputeToCompute); // earlier ranges' partials
                    }
                    let binds = [
                        input.bind_range(s, e),
                        input.bind_range(s, e),
                        self.partials[0].bind(),
                        self.counter.bind(),
                        output.bind_range(0, 1),
                        input.bind_range(s, e), // the count of a counted run: unused
                    ];
                    let finish = if last { total + groups } else { 0 };
                    rec.dispatch(&self.kernel, [groups, 1, 1], &binds, &push(e - s, 0, total, finish))?;
                    total += groups;
                }
            }
        }
        Ok(())
    }

    /// As [`record`](Reducer::record), with the number of elements read by the GPU from word 0
    /// of `count` when the reduction runs (as [`Compactor::record`](super::compact::Compactor::record)
    /// writes it), so nothing goes back to the host between the step that counts and this one.
    /// The count is clamped to the reducer's capacity and the input's length; a count of 0
    /// writes `op.identity(ty)`. Single pass only, and inputs of one range (up to
    /// [`range`](Reducer::range) elements: 2^29 on a GPU whose bindings reach 4 GiB - 1).
    ///
    /// Barrier contract: as `record`'s, and `count` too must be written and visible to
    /// compute-shader reads before.
    pub fn record_counted(&self, rec: &mut Recorder, input: &Buffer<u32>, count: &Buffer<u32>, output: &Buffer<u32>) -> Result<()> {
        if self.variant != Variant::SinglePass {
            return Err(super::not_counted("a reduction", self.variant.name(), "single-pass"));
        }
        if count.is_empty() || output.is_empty() {
            return Err(Error::invalid("reduce: the count or the output buffer is empty"));
        }
        let bound = self.capacity.min(input.len());
        super::check_one_range("a reduction", bound, self.range)?;
        // One element at least, so that the bindings are not empty (a buffer holds 16 bytes at
        // least); the grid covers the bound and its groups past the count add nothing.
        let bound_bind = bound.max(1);
        let groups = grid_groups(bound);
        let binds = [
            input.bind_range(0, bound_bind),
            input.bind_range(0, bound_bind),
            self.partials[0].bind(),
            self.counter.bind(),
            output.bind_range(0, 1),
            count.bind_range(0, 1),
        ];
        rec.dispatch(&self.kernel, [groups, 1, 1], &binds, &push(bound, FLAG_COUNTED, 0, groups))
    }
}

/// Workgroups of the persistent grid for `len` elements: enough for 8 uvec4 per invocation on
/// small inputs, at most `GRID`.
fn grid_groups(len: usize) -> u32 {
    (len.div_ceil(LOCAL as usize * 32)).clamp(1, GRID as usize) as u32
}

/// Reduces `data` (bits of `ty`) on the GPU. `None` for n = 0 (no elements: no sum, min or max).
pub fn run(ctx: &Context, data: &[u32], ty: ElemType, op: Op, variant: Variant) -> Result<Option<u32>> {
    if data.is_empty() {
        return Ok(None);
    }
    let r = Reducer::new(ctx, variant, ty, op, data.len())?;
    let input = Buffer::from_slice(ctx, data, "reduce input")?;
    let output = Buffer::new(ctx, 1, "reduce output")?;
    ctx.submit(|rec| {
        r.record(rec, &input, data.len(), &output)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    Ok(Some(ctx.read(&output)?[0]))
}

/// Uploads once, then times only the GPU work (`gpu::measure`: `warmup` + `runs` submissions).
pub fn time(ctx: &Context, data: &[u32], ty: ElemType, op: Op, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Option<u32>)> {
    if data.is_empty() {
        return Ok((Timing::default(), None));
    }
    let r = Reducer::new(ctx, variant, ty, op, data.len())?;
    let input = Buffer::from_slice(ctx, data, "reduce input")?;
    let output = Buffer::new(ctx, 1, "reduce output")?;
    let timing = crate::gpu::measure(ctx, warmup, runs, |rec| r.record(rec, &input, data.len(), &output))?;
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    Ok((timing, Some(ctx.read(&output)?[0])))
}

/// The stated f32 accuracy: |gpu - exact| <= depth * 2^-24 * sum(|x|) + n * 2^-126, where
/// `depth` bounds the number of roundings on any element's path through the variant's summation
/// tree (chains per invocation, subgroup and workgroup steps counted as sequential, the partial
/// passes); the last term covers flushed subnormals. `exact` is the f64 sum.
pub fn f32_sum_bound(variant: Variant, n: usize, sum_abs: f64, range: usize) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let range = range.max(1);
    let ranges = n.div_ceil(range);
    let depth = match variant {
        // 6 halvings per pass of 64.
        Variant::Tree => {
            let mut passes = 1;
            let mut len = n.div_ceil(64);
            while len > 1 {
                len = len.div_ceil(64);
                passes += 1;
            }
            6 * passes
        }
        Variant::Subgroup | Variant::SinglePass => {
            let per_range = n.min(range);
            let groups = grid_groups(per_range) as usize;
            let chain = per_range.div_ceil(groups * LOCAL as usize * 4) + 8; // per lane, 4 lanes, the tail
            let group = LOCAL as usize; // subgroup + shared steps, at worst sequential
            let partials = ranges * GRID as usize;
            chain + group + partials.div_ceil(LOCAL as usize) + group
        }
    };
    crate::cpu::reduce::rounding_bound(depth, sum_abs, n)
}
