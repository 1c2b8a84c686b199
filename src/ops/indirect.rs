//! Indirect arguments from a count on the GPU: after a step whose length only the GPU knows (a
//! compaction's count, a scan's total), the engine's own dispatch or draw over the counted items,
//! with no read back between them. The counted records of scan, reduce and sort
//! (`record_counted`) read such a count themselves; this is for the engine's own kernels and
//! draws.
use crate::gpu::{Buffer, Context, Error, Kernel, Recorder, Result};
use crate::shaders;

/// `args_from_count.comp`, made once per context.
pub struct ArgsFromCount {
    kernel: Kernel,
    max_x: u32,
}

impl ArgsFromCount {
    /// Builds the kernel and reads the device's largest group count in x.
    pub fn new(ctx: &Context) -> Result<ArgsFromCount> {
        Ok(ArgsFromCount { kernel: Kernel::new(ctx, &shaders::INDIRECT_ARGS_FROM_COUNT, &[])?, max_x: ctx.info().max_workgroup_count[0] })
    }

    /// Writes a `VkDispatchIndirectCommand` into `args[0..3]` for n = min(`count[0]`, `bound`)
    /// items, `per_group` a workgroup: `ceil(n / per_group)` groups in x, going on in y past the
    /// device's limit in x (then the kernel's group index is `x + y * gl_NumWorkGroups.x`, and its
    /// last groups must check n). `args[3]` is 0.
    ///
    /// Barrier contract: before, `count` written and visible to compute-shader reads (e.g.
    /// `Sync::ComputeToCompute` after a compaction). After, `args` is written by the compute stage:
    /// `Sync::ComputeToIndirect` before `vkCmdDispatchIndirect` reads it.
    pub fn record_dispatch(&self, rec: &mut Recorder, count: &Buffer<u32>, bound: u32, per_group: u32, args: &Buffer<u32>) -> Result<()> {
        if per_group == 0 {
            return Err(Error::invalid("indirect dispatch arguments: 0 items per workgroup"));
        }
        self.record(rec, count, [0, per_group, self.max_x, bound], args)
    }

    /// Writes a `VkDrawIndirectCommand` into `args[0..4]`: `vertices` vertices, and one instance
    /// per counted item, n = min(`count[0]`, `bound`) (first vertex and first instance 0).
    ///
    /// Barrier contract: as [`record_dispatch`](ArgsFromCount::record_dispatch)'s; before
    /// `vkCmdDrawIndirect` reads `args`, a compute-to-draw-indirect barrier
    /// (`Sync::ComputeToIndirect` covers it).
    pub fn record_draw(&self, rec: &mut Recorder, count: &Buffer<u32>, bound: u32, vertices: u32, args: &Buffer<u32>) -> Result<()> {
        self.record(rec, count, [1, vertices, self.max_x, bound], args)
    }

    fn record(&self, rec: &mut Recorder, count: &Buffer<u32>, push: [u32; 4], args: &Buffer<u32>) -> Result<()> {
        if count.is_empty() || args.len() < 4 {
            return Err(Error::invalid(format!(
                "indirect arguments: the count buffer holds {} words and the arguments {} (at least 1 and 4)",
                count.len(),
                args.len()
            )));
        }
        rec.dispatch(&self.kernel, [1, 1, 1], &[count.bind_range(0, 1), args.bind_range(0, 4)], bytemuck::cast_slice(&push))
    }
}
