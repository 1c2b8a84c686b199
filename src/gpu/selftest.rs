//! Checks, run on the device, of what the kernels assume of it beyond what Vulkan promises.
use super::{Buffer, Context, Kernel, Result, Sync};

/// The workgroup widths the kernels use (multiples of every subgroup size a device may have).
const WIDTHS: [u32; 4] = [64, 256, 512, 1024];

/// Whether workgroups of 64, 256, 512 and 1024 invocations (those the device allows) run full
/// subgroups laid out in `gl_LocalInvocationIndex` order, as every subgroup kernel assumes
/// (`glsl/selftest/full_subgroups.comp`: invocation i is lane i % size of subgroup i / size, and
/// all `gl_SubgroupSize` lanes run). `None` where it holds; else, in words, what the first
/// invocation that saw otherwise saw. Every result is still checked against the CPU; this says
/// why results would disagree on such a device.
pub fn subgroup_layout(ctx: &Context) -> Result<Option<String>> {
    for local in WIDTHS.into_iter().filter(|&w| w <= ctx.info().max_workgroup_invocations && w <= ctx.info().max_workgroup_size[0]) {
        let groups = 7u32;
        let kernel = Kernel::new(ctx, &crate::shaders::SELFTEST_FULL_SUBGROUPS, &[(0, local)])?;
        let out: Buffer<u32> = Buffer::new(ctx, (groups * local) as usize, "subgroup layout check")?;
        ctx.submit(|rec| {
            rec.fill(&out, 0);
            rec.barrier(Sync::TransferToCompute);
            rec.dispatch(&kernel, [groups, 1, 1], &[out.bind()], &[])?;
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })?;
        let got = ctx.read(&out)?;
        if let Some(i) = got.iter().position(|&v| v != 1) {
            let (size, running) = ((got[i] >> 16) & 0x7FFF, got[i] & 0xFFFF);
            let what = match got[i] {
                0 => "never ran".to_string(),
                _ if running == size => format!(
                    "ran in a full subgroup of {size}, but not as lane {} of subgroup {}",
                    i as u32 % local % size.max(1),
                    i as u32 % local / size.max(1)
                ),
                _ => format!("ran with {running} of its subgroup's {size} lanes"),
            };
            return Ok(Some(format!("in workgroups of {local}, invocation {i} {what}")));
        }
    }
    Ok(None)
}
