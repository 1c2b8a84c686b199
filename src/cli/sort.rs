use super::numbers::Numbers;
use super::{timing_text, variants_or_auto, Global};
use std::path::PathBuf;
use workgroup::cpu;
use workgroup::ops::sort::{self, Variant};

#[derive(clap::Args)]
pub struct Args {
    /// Number of generated keys (ignored with --input); the one-workgroup variants take at most
    /// twice the largest workgroup, `radix` and `onesweep` any n
    #[arg(long, default_value_t = 128, allow_hyphen_values = true)] // "-5": a message on the value
    pub n: usize,
    /// odd-even-flag, odd-even-fixed, odd-even-paired, bitonic, radix, onesweep, auto (the fastest
    /// of ours for n on this kind of device), a comma-separated list, or all (all: those that take n)
    #[arg(long, default_value = "all")]
    pub variant: String,
    /// Write the sorted keys to FILE (same formats as --input; the last variant's result)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Sort each key's index with it (radix and onesweep): the stable argsort, checked against the CPU
    #[arg(long)]
    pub indices: bool,
    /// With --indices: write the indices to FILE (u32, same formats as --out)
    #[arg(long)]
    pub indices_out: Option<PathBuf>,
    /// Diagnosis: print the driver's statistics of each variant's kernels (registers, shared
    /// memory, spills; VK_KHR_pipeline_executable_properties, where the driver offers it)
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub numbers: Numbers,
}

impl Args {
    pub fn demo() -> Args {
        Args { n: 128, variant: "all".into(), out: None, indices: false, indices_out: None, stats: false, numbers: Numbers::demo(5) }
    }
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let ty = a.numbers.ty()?;
    let (mut vs, auto) = variants_or_auto(&a.variant, &Variant::ALL)?;
    super::check_output("--out", a.out.as_deref())?;
    super::check_output("--indices-out", a.indices_out.as_deref())?;
    super::distinct_outputs(("--out", a.out.as_deref()), ("--indices-out", a.indices_out.as_deref()))?;
    if a.indices_out.is_some() && !a.indices {
        anyhow::bail!("--indices-out writes the indices that --indices sorts: add --indices");
    }
    if a.indices {
        if a.variant == "all" {
            vs = Variant::WHOLE_GPU.to_vec();
        } else if let Some(v) = vs.iter().find(|v| !Variant::WHOLE_GPU.contains(v)) {
            anyhow::bail!("--indices: only the radix sorts (radix, onesweep) move indices with their keys, not {}", v.name());
        }
    }
    let (data, source) = a.numbers.load(a.n, ty)?;
    let ctx = g.context()?;
    let n = data.len();
    if a.variant == "all" {
        vs.retain(|v| Variant::WHOLE_GPU.contains(v) || n <= v.max_n(&ctx)); // past one workgroup, `all` is the radix sorts
    }
    let auto = auto.then(|| Variant::fastest(&ctx, n, a.indices));
    if let Some(v) = auto.filter(|v| !vs.contains(v)) {
        vs.insert(0, v);
    }
    for v in &vs {
        v.check_n(&ctx, n)?;
    }
    let t0 = std::time::Instant::now();
    let want = cpu::sort::sort(&data, ty);
    let want_indices = if a.indices { cpu::sort::argsort(&data, ty) } else { Vec::new() };
    let cpu_ms = t0.elapsed().as_secs_f64() * 1e3;
    let mut rows = Vec::new();
    let mut last = None;
    let mut last_indices = None;
    let mut stat_lines = Vec::new();
    for v in vs {
        if a.stats {
            let sorter = if a.indices { sort::Sorter::pairs(&ctx, v, ty, n)? } else { sort::Sorter::new(&ctx, v, ty, n)? };
            for (kernel, st) in sorter.kernel_statistics() {
                let text: Vec<String> = st.iter().map(|(k, v)| format!("{k}={v}")).collect();
                let text = if text.is_empty() { "no driver statistics".to_string() } else { text.join(", ") };
                stat_lines.push((v.name(), kernel, text));
            }
        }
        let (warmup, runs) = (a.numbers.warmup, a.numbers.runs.max(1));
        if a.indices {
            let index: Vec<u32> = (0..n as u32).collect();
            let (t, got, order) = sort::time_pairs(&ctx, &data, &index, ty, v, warmup, runs)?;
            rows.push((v, t, got == want && order == want_indices));
            last = Some(got);
            last_indices = Some(order);
        } else {
            let (t, got) = sort::time(&ctx, &data, ty, v, warmup, runs)?;
            rows.push((v, t, got == want));
            last = Some(got);
        }
    }
    g.finish(&ctx)?;
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "n": n, "type": ty.name(), "input": source, "cpu_ms": cpu_ms, "indices": a.indices,
            "auto": auto.map(Variant::name),
            "statistics": stat_lines.iter().map(|(v, k, t)| serde_json::json!({"variant": v, "kernel": k, "statistics": t})).collect::<Vec<_>>(),
            "results": rows.iter().map(|(v, t, ok)| serde_json::json!({
                "variant": v.name(), "median_ms": t.median_ns * 1e-6, "min_ms": t.min_ns * 1e-6,
                "max_ms": t.max_ns * 1e-6, "runs": t.runs, "matches_cpu": ok,
            })).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        let what = if a.indices { " with their indices (matches-cpu: keys and the stable argsort)" } else { "" };
        println!("sort: {n} {} ({source}){what} on {}; CPU sort {cpu_ms:.4} ms", ty.name(), ctx.info().name);
        if let Some(v) = auto {
            println!(
                "auto: {} (the fastest of ours for {n} key{} on this kind of device: docs/sort.md)",
                v.name(),
                if n == 1 { "" } else { "s" }
            );
        }
        println!("{:<16} {:>30}  matches-cpu  what", "variant", "GPU median ms (min..max)");
        for (v, t, ok) in &rows {
            println!("{:<16} {:>30}  {:<11}  {}", v.name(), timing_text(t), if *ok { "yes" } else { "NO" }, v.description());
        }
        for (v, kernel, text) in &stat_lines {
            println!("{v} {kernel}: {text}");
        }
    }
    let bad: Vec<&str> = rows.iter().filter(|r| !r.2).map(|r| r.0.name()).collect();
    if !bad.is_empty() {
        anyhow::bail!("{} disagree(s) with the CPU", bad.join(", "));
    }
    // Written only once every variant agreed with the CPU: never a wrong file; and both files
    // placed together, or neither.
    let mut files = workgroup::ops::StagedFiles::new();
    if let (Some(path), Some(keys)) = (&a.out, &last) {
        workgroup::ops::numbers::save_staged(&mut files, path, ty, keys)?;
    }
    if let (Some(path), Some(order)) = (&a.indices_out, &last_indices) {
        workgroup::ops::numbers::save_staged(&mut files, path, workgroup::ops::reduce::ElemType::U32, order)?;
    }
    files.commit()?;
    Ok(())
}
