//! Seed 004, "how work is distributed": each invocation writes its linear global index
//! `x + y * numWorkGroups.x * workGroupSize.x` (plus its workgroup id and local index).
use crate::gpu::{Buffer, Context, Error, Kernel, Result, Sync};
use crate::shaders;

/// What one invocation wrote: linear index, linear workgroup id, local invocation index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvocationIds {
    /// Linear global index, `x + y * numWorkGroups.x * workGroupSize.x`.
    pub linear: u32,
    /// Linear workgroup id, `gl_WorkGroupID.x + gl_WorkGroupID.y * numWorkGroups.x`.
    pub group: u32,
    /// `gl_LocalInvocationIndex` within the workgroup.
    pub local: u32,
}

/// What [`run`] found: every invocation's ids over the grid, and whether they match the formula.
pub struct LayoutResult {
    /// Grid width in invocations (groups in x times local size in x).
    pub width: u32,
    /// Grid height in invocations (groups in y times local size in y).
    pub height: u32,
    /// Row-major, `width * height` entries.
    pub ids: Vec<InvocationIds>,
    /// The first disagreement with the formula, if any.
    pub mismatch: Option<String>,
}

/// Checks the request against the device's workgroup limits, with a clear message.
pub fn validate(ctx: &Context, groups: [u32; 2], local: [u32; 2]) -> Result<()> {
    let info = ctx.info();
    if groups.contains(&0) || local.contains(&0) {
        return Err(Error::invalid(format!(
            "--groups {} {} --local {} {}: every size must be at least 1",
            groups[0], groups[1], local[0], local[1]
        )));
    }
    for d in 0..2 {
        if local[d] > info.max_workgroup_size[d] {
            return Err(Error::invalid(format!(
                "--local {}: the device allows at most {} in dimension {d}",
                local[d], info.max_workgroup_size[d]
            )));
        }
        if groups[d] > info.max_workgroup_count[d] {
            return Err(Error::invalid(format!(
                "--groups {}: the device allows at most {} in dimension {d}",
                groups[d], info.max_workgroup_count[d]
            )));
        }
    }
    let inv = local[0] as u64 * local[1] as u64;
    if inv > info.max_workgroup_invocations as u64 {
        return Err(Error::invalid(format!(
            "--local {}x{} = {inv} invocations; the device allows {} per workgroup",
            local[0], local[1], info.max_workgroup_invocations
        )));
    }
    let total = groups[0] as u64 * local[0] as u64 * groups[1] as u64 * local[1] as u64;
    let bytes = total * 16;
    if total > u32::MAX as u64 || bytes > info.max_storage_buffer_range {
        return Err(Error::invalid(format!(
            "{total} invocations need {bytes} bytes; the device binds at most {}",
            info.max_storage_buffer_range
        )));
    }
    Ok(())
}

/// Runs the kernel on `groups` workgroups of `local` invocations and verifies every entry.
pub fn run(ctx: &Context, groups: [u32; 2], local: [u32; 2]) -> Result<LayoutResult> {
    validate(ctx, groups, local)?;
    let kernel = Kernel::new(ctx, &shaders::LAYOUT_LINEAR_INDEX, &[(0, local[0]), (1, local[1])])?;
    let width = groups[0] * local[0];
    let height = groups[1] * local[1];
    let n = width as usize * height as usize;
    let ids: Buffer<[u32; 4]> = Buffer::new(ctx, n, "layout ids")?;
    ctx.submit(|rec| {
        // Poison first, so an entry nobody wrote cannot pass.
        rec.fill(&ids, 0xFFFF_FFFF);
        rec.barrier(Sync::TransferToCompute);
        rec.dispatch(&kernel, [groups[0], groups[1], 1], &[ids.bind()], &[])?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    let raw = ctx.read(&ids)?;
    let mut mismatch = None;
    let mut out = Vec::with_capacity(n);
    for (i, e) in raw.iter().enumerate() {
        let (x, y) = (i as u32 % width, i as u32 / width);
        let expect_group = x / local[0] + (y / local[1]) * groups[0];
        let expect_local = x % local[0] + (y % local[1]) * local[0];
        let got = InvocationIds { linear: e[0], group: e[1], local: e[2] };
        if mismatch.is_none() && (e[0] != i as u32 || e[1] != expect_group || e[2] != expect_local || e[3] != 1) {
            mismatch =
                Some(format!("invocation ({x}, {y}): wrote {:?}, expected linear {i}, group {expect_group}, local {expect_local}", e));
        }
        out.push(got);
    }
    Ok(LayoutResult { width, height, ids: out, mismatch })
}
