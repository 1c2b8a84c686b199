//! One module per algorithm: GPU variants, parameters, validation of input.
pub mod bandwidth;
pub mod blur;
pub mod compact;
pub mod gray;
pub mod histogram;
pub mod images;
pub mod indirect;
pub mod layout;
pub mod levels;
pub mod numbers;
pub mod particles;
pub mod reduce;
pub mod scan;
pub mod sort;

/// A variant by its command-line name; the error lists every name (`what`: "variant", ...).
/// `groups` workgroups as a 2-D grid when past the 65535 limit of one dimension: 32768 wide, so
/// kernels find their group as `gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x` and the
/// extra groups of the last row leave.
pub(crate) fn grid2d(groups: usize) -> [u32; 3] {
    let x = groups.min(32768);
    [x as u32, groups.div_ceil(x.max(1)) as u32, 1]
}

pub(crate) fn variant_named<V: Copy>(s: &str, all: &[V], name: fn(V) -> &'static str, what: &str) -> crate::gpu::Result<V> {
    all.iter().copied().find(|&v| name(v) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&v| name(v)).collect();
        crate::gpu::Error::invalid(format!("{what} {s:?}: use one of {}", names.join(", ")))
    })
}

/// The refusal of a counted record (`record_counted`) by a variant that takes its length from the
/// host: `what` names the op ("a scan"), `instead` the variant to use.
pub(crate) fn not_counted(what: &str, variant: &str, instead: &str) -> crate::gpu::Error {
    crate::gpu::Error::Unsupported(format!(
        "{what} counted on the GPU: the {variant} variant takes its length from the host; use {instead}"
    ))
}

/// Counted records work in one range (one binding of each buffer): an error past it.
pub(crate) fn check_one_range(what: &str, bound: usize, range: usize) -> crate::gpu::Result<()> {
    if bound > range {
        return Err(crate::gpu::Error::Unsupported(format!(
            "{what} counted on the GPU takes one range: at most {range} elements here, this one may count {bound}"
        )));
    }
    Ok(())
}
