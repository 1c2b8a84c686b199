//! The numbers the array ops (reduce, compact, sort) run on, and how they are timed: one set of
//! options, flattened into each command.
use std::path::PathBuf;
use workgroup::ops::numbers::{self, Dist};
use workgroup::ops::reduce::ElemType;

/// The largest generated input (2^31 elements = 8 GiB).
pub const MAX_N: usize = 1 << 31;

#[derive(clap::Args)]
pub struct Numbers {
    /// Element type: u32, i32 or f32. Default: a .npy input's dtype, else f32
    #[arg(long = "type")]
    pub ty: Option<String>,
    /// Generated distribution: uniform, normal, ones or seq
    #[arg(long, default_value = "uniform", conflicts_with = "input")]
    pub dist: String,
    /// Read the numbers from FILE (.npy, .txt/.csv one per line, else raw little-endian 4-byte values)
    #[arg(long)]
    pub input: Option<PathBuf>,
    /// Seed of the generated input
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Timed runs per variant (median, min, max reported)
    #[arg(long, default_value_t = 10, value_parser = super::runs_range())]
    pub runs: u32,
    /// Untimed runs first
    #[arg(long, default_value_t = 2, value_parser = super::warmup_range())]
    pub warmup: u32,
}

impl Numbers {
    /// The tours' settings: generated f32, uniform, `runs` timed runs after one warm-up.
    pub fn demo(runs: u32) -> Numbers {
        Numbers { ty: Some("f32".into()), dist: "uniform".into(), input: None, seed: 1, runs, warmup: 1 }
    }

    pub fn ty(&self) -> anyhow::Result<ElemType> {
        match (&self.ty, &self.input) {
            (Some(t), _) => Ok(t.parse()?),
            (None, Some(p)) if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("npy")) => Ok(numbers::npy_type(p)?),
            (None, _) => Ok(ElemType::F32),
        }
    }

    /// `n` generated numbers of `ty` (or the --input file's), as bits, with a description.
    pub fn load(&self, n: usize, ty: ElemType) -> anyhow::Result<(Vec<u32>, String)> {
        match &self.input {
            Some(path) => Ok((numbers::load(path, ty)?, path.display().to_string())),
            None => {
                let dist: Dist = self.dist.parse()?;
                check_n(n)?;
                Ok((numbers::generate(n, ty, dist, self.seed), format!("{dist:?}").to_lowercase()))
            }
        }
    }
}

pub fn check_n(n: usize) -> anyhow::Result<()> {
    if n > MAX_N {
        anyhow::bail!("--n {n} is too large for memory here: at most {MAX_N} (2^31) elements");
    }
    // The input, the CPU's reference and the GPU's result read back: at least 12 bytes an
    // element on the host. Past what the machine has free, an allocation would abort the process.
    super::check_host_memory(&format!("--n {n}"), n as u64 * 12)
}
