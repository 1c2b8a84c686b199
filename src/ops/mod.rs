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

/// `groups` workgroups as a 2-D grid when past the 65535 limit of one dimension: 32768 wide, so
/// kernels find their group as `gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x` and the
/// extra groups of the last row leave.
pub(crate) fn grid2d(groups: usize) -> [u32; 3] {
    let x = groups.min(32768);
    [x as u32, groups.div_ceil(x.max(1)) as u32, 1]
}

/// A variant by its command-line name; the error lists every name (`what`: "variant", ...).
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

/// Writes `path` atomically: `write` fills a temporary file of its own beside it (a hidden
/// `.NAME.PID.N.tmp`, so no file of the user's is touched), which is renamed over `path` once
/// complete. On any error the temporary file is removed and `path` is left as it was: nothing
/// half-written. The error (`Error::Io`) names `path` and the system's reason.
pub fn write_atomic(path: &std::path::Path, write: impl FnOnce(&std::path::Path) -> Result<(), String>) -> crate::gpu::Result<()> {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let name = path.file_name().ok_or_else(|| crate::gpu::Error::invalid(format!("{} names no file", path.display())))?;
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = path.with_file_name(format!(".{}.{}.{n}.tmp", name.to_string_lossy(), std::process::id()));
    let failed = |reason: String| {
        let _ = std::fs::remove_file(&tmp);
        crate::gpu::Error::Io(format!("cannot write {}: {reason}", path.display()))
    };
    write(&tmp).map_err(failed)?;
    std::fs::rename(&tmp, path).map_err(|e| failed(e.to_string()))
}
