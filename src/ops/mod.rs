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

/// Files written as one: each is written to a temporary file of its own beside its path (a
/// hidden `.STEM.PID.N.tmp.EXT`, so no file of the user's is touched, and the extension kept for
/// writers that choose a format by it), and [`commit`](StagedFiles::commit) renames them all into
/// place. Dropped without `commit` (an error on the way), it removes its temporary files: nothing
/// half-written, and the paths left as they were. Renames within one folder do not fail once
/// their files are written, so `commit` places all or, in that rare case, says which it could not.
#[derive(Default)]
pub struct StagedFiles {
    staged: Vec<(std::path::PathBuf, std::path::PathBuf)>,
}

impl StagedFiles {
    /// No files yet.
    pub fn new() -> StagedFiles {
        StagedFiles::default()
    }

    /// `write` fills the temporary file of `path`. On its error the temporary file is removed
    /// and the error (`Error::Io`) names `path` and the reason; the files staged before stay
    /// staged (dropping `self` removes them).
    pub fn write(&mut self, path: &std::path::Path, write: impl FnOnce(&std::path::Path) -> Result<(), String>) -> crate::gpu::Result<()> {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let stem = path.file_stem().ok_or_else(|| crate::gpu::Error::invalid(format!("{} names no file", path.display())))?;
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut name = format!(".{}.{}.{n}.tmp", stem.to_string_lossy(), std::process::id());
        if let Some(ext) = path.extension() {
            name = format!("{name}.{}", ext.to_string_lossy());
        }
        let tmp = path.with_file_name(name);
        if let Err(reason) = write(&tmp) {
            let _ = std::fs::remove_file(&tmp);
            return Err(crate::gpu::Error::Io(format!("cannot write {}: {reason}", path.display())));
        }
        self.staged.push((tmp, path.to_path_buf()));
        Ok(())
    }

    /// Renames every staged file over its path, in the order they were written.
    pub fn commit(mut self) -> crate::gpu::Result<()> {
        let staged = std::mem::take(&mut self.staged);
        for (k, (tmp, path)) in staged.iter().enumerate() {
            if let Err(e) = std::fs::rename(tmp, path) {
                self.staged = staged[k..].to_vec(); // removed on drop
                return Err(crate::gpu::Error::Io(format!("cannot write {}: {e}", path.display())));
            }
        }
        Ok(())
    }
}

impl Drop for StagedFiles {
    fn drop(&mut self) {
        for (tmp, _) in &self.staged {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// Writes `path` atomically: `write` fills a temporary file of its own beside it (as
/// [`StagedFiles`]), which is renamed over `path` once complete. On any error the temporary file
/// is removed and `path` is left as it was: nothing half-written. The error (`Error::Io`) names
/// `path` and the system's reason.
pub fn write_atomic(path: &std::path::Path, write: impl FnOnce(&std::path::Path) -> Result<(), String>) -> crate::gpu::Result<()> {
    let mut files = StagedFiles::new();
    files.write(path, write)?;
    files.commit()
}

#[cfg(test)]
mod tests {
    use super::StagedFiles;

    fn names(dir: &std::path::Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn staged_files_are_placed_together_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.png"), dir.path().join("b.txt"));
        std::fs::write(&a, "earlier").unwrap();
        // Dropped without commit: the temporary files go, the earlier file stays as it was.
        {
            let mut files = StagedFiles::new();
            files.write(&a, |tmp| std::fs::write(tmp, "new a").map_err(|e| e.to_string())).unwrap();
            assert!(names(dir.path()).iter().any(|n| n.starts_with(".a.") && n.ends_with(".tmp.png")), "{:?}", names(dir.path()));
            files.write(&b, |tmp| std::fs::write(tmp, "new b").map_err(|e| e.to_string())).unwrap();
        }
        assert_eq!(names(dir.path()), ["a.png"]);
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "earlier");
        // A writer's error: its temporary file is removed, the error names the path.
        let mut files = StagedFiles::new();
        files.write(&a, |tmp| std::fs::write(tmp, "new a").map_err(|e| e.to_string())).unwrap();
        let err = files
            .write(&b, |tmp| {
                std::fs::write(tmp, "half").unwrap();
                Err("no space".into())
            })
            .unwrap_err();
        assert!(err.to_string().contains("b.txt") && err.to_string().contains("no space"), "{err}");
        drop(files);
        assert_eq!(names(dir.path()), ["a.png"]);
        // Committed: both placed, nothing else left.
        let mut files = StagedFiles::new();
        files.write(&a, |tmp| std::fs::write(tmp, "new a").map_err(|e| e.to_string())).unwrap();
        files.write(&b, |tmp| std::fs::write(tmp, "new b").map_err(|e| e.to_string())).unwrap();
        files.commit().unwrap();
        assert_eq!(names(dir.path()), ["a.png", "b.txt"]);
        assert_eq!((std::fs::read_to_string(&a).unwrap(), std::fs::read_to_string(&b).unwrap()), ("new a".into(), "new b".into()));
    }
}
