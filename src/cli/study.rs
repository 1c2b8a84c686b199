use super::Global;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use workgroup::study::{self, Options, Report};

#[derive(clap::Args)]
pub struct Args {
    /// Small sizes for CI and lavapipe (well under 2 minutes there)
    #[arg(long)]
    quick: bool,
    /// Folder for study.md, study.csv, study.json and the PNG charts
    #[arg(long, default_value = "study-out")]
    out: PathBuf,
    /// Timed runs per row (median, min, max reported); default 20, 5 with --quick
    #[arg(long, value_parser = super::runs_range())]
    runs: Option<u32>,
    /// Untimed warm-up runs per row
    #[arg(long, default_value_t = 3, value_parser = super::warmup_range())]
    warmup: u32,
    /// Only these ops (comma-separated), e.g. histogram
    #[arg(long)]
    ops: Option<String>,
    /// Also sweep these workgroup sizes where a variant takes one (e.g. 256,512,1024)
    #[arg(long, value_delimiter = ',')]
    sweep_wg: Vec<u32>,
    /// Compare two study.json files instead of measuring: per-row ratios B/A
    #[arg(long, num_args = 2, value_names = ["A", "B"],
          conflicts_with_all = ["quick", "out", "runs", "warmup", "ops", "sweep_wg", "shared_device"])]
    compare: Option<Vec<PathBuf>>,
    /// Run every variant on one device instead of a fresh device per variant
    #[arg(long)]
    shared_device: bool,
    /// With --compare: flag rows more than this many times slower (above 1; default 1.10)
    #[arg(long)]
    slower: Option<f64>,
}

/// The folders a study made for its output, deepest first; dropped, it removes those still
/// empty (after a study that wrote its report none are).
struct MadeFolders(Vec<PathBuf>);

impl MadeFolders {
    fn create(dir: &Path) -> anyhow::Result<MadeFolders> {
        let missing: Vec<PathBuf> =
            dir.ancestors().take_while(|d| !d.as_os_str().is_empty() && !d.exists()).map(Path::to_path_buf).collect();
        std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
        Ok(MadeFolders(missing))
    }
}

impl Drop for MadeFolders {
    fn drop(&mut self) {
        for d in &self.0 {
            let _ = std::fs::remove_dir(d); // only an empty folder goes
        }
    }
}

fn read_report(p: &Path) -> anyhow::Result<Report> {
    let text = std::fs::read_to_string(p).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", p.display()))?;
    let report: Report = serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{} is not a study.json: {e}", p.display()))?;
    if report.schema_version != study::SCHEMA_VERSION {
        anyhow::bail!(
            "{} has the study schema version {}, this build reads version {}",
            p.display(),
            report.schema_version,
            study::SCHEMA_VERSION
        );
    }
    Ok(report)
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    // (clap's `requires` is not checked where the required option conflicts with one given, as
    // --compare does with --quick: so here.)
    if a.slower.is_some() && a.compare.is_none() {
        anyhow::bail!("--slower goes with --compare A B");
    }
    let slower = a.slower.unwrap_or(1.10);
    if !(slower.is_finite() && slower > 1.0) {
        anyhow::bail!("--slower {slower}: give a factor above 1, e.g. 1.10");
    }
    if let Some(files) = &a.compare {
        let (ra, rb) = (read_report(&files[0])?, read_report(&files[1])?);
        print!("{}", study::compare::markdown(&ra, &rb, slower));
        return Ok(());
    }
    let runs = a.runs.unwrap_or(if a.quick { 5 } else { 20 });
    if runs == 0 {
        anyhow::bail!("--runs must be at least 1");
    }
    if a.sweep_wg.contains(&0) {
        anyhow::bail!("--sweep-wg sizes must be at least 1");
    }
    let ctx = g.context()?;
    // A fresh device per variant (see study::Options::fresh_device); its validation messages
    // are kept so that --validate still fails on any of them.
    type Sinks = Arc<std::sync::Mutex<Vec<Arc<workgroup::gpu::validation::MessageSink>>>>;
    let sinks: Sinks = Default::default();
    let fresh_device: Option<study::DeviceFactory> = if a.shared_device {
        None
    } else {
        let (device, validate, timeout, sinks, internals) = (g.device.clone(), g.validate, g.timeout, sinks.clone(), g.internals.clone());
        Some(Arc::new(move || {
            let c = workgroup::gpu::Context::new(&workgroup::gpu::ContextOptions {
                device: device.clone(),
                validate,
                echo_validation: validate,
                timeout,
            })?;
            if let Some(dir) = &internals {
                c.dump_internals_to(dir)?;
            }
            if let Ok(mut s) = sinks.lock() {
                s.push(c.message_sink());
            }
            Ok(c)
        }))
    };
    let opts = Options {
        quick: a.quick,
        warmup: if a.quick { a.warmup.min(1) } else { a.warmup },
        runs,
        sweep_workgroup: a.sweep_wg.clone(),
        fresh_device,
    };
    let info = ctx.info().clone();
    // What the subgroup kernels assume, checked first: where it fails, their rows will disagree
    // with the CPU, and the report says why.
    let layout = workgroup::gpu::selftest::subgroup_layout(&ctx)?;
    if let Some(seen) = &layout {
        eprintln!("note: subgroups here are not laid out as the kernels assume ({seen}); subgroup variants will disagree with the CPU");
    }
    let mut cases = study::registry(&opts, &info);
    if let Some(ops) = &a.ops {
        let want: Vec<&str> = ops.split(',').map(str::trim).collect();
        let known = study::op_names(&opts, &info);
        for w in &want {
            if !known.contains(w) {
                anyhow::bail!("--ops {w}: unknown op (have {})", known.join(", "));
            }
        }
        cases.retain(|c| want.contains(&c.op));
    }

    // The folder and any missing parents are made now (as `mkdir -p`), and removed again, while
    // still empty, if the study ends in an error before writing into them.
    let _made = MadeFolders::create(&a.out)?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, Ordering::SeqCst));
    }
    let bar = indicatif::ProgressBar::new(cases.len() as u64 + 1);
    bar.set_style(indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {msg}").unwrap());
    bar.set_message("bandwidth");
    let (bandwidth_rows, bw) = study::bandwidth(&ctx, &opts)?;
    bar.inc(1);
    let mut rows = Vec::new();
    let mut driver_stats = Vec::new();
    let mut interrupted = false;
    for case in &cases {
        if stop.load(Ordering::SeqCst) {
            interrupted = true;
            break;
        }
        bar.set_message(case.label.clone());
        match (case.run)(&ctx, &opts, &bw) {
            Ok((r, s)) => {
                rows.extend(r);
                driver_stats.extend(s);
            }
            Err(e @ (workgroup::gpu::Error::DeviceLost | workgroup::gpu::Error::Timeout(_) | workgroup::gpu::Error::Abandoned)) => {
                bar.abandon();
                anyhow::bail!("{}: {e}", case.label);
            }
            Err(e) => rows.push(study::Row {
                op: case.op.into(),
                variant: "-".into(),
                size: case.label.clone(),
                note: Some(format!("error: {e}")),
                ..Default::default()
            }),
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    if stop.load(Ordering::SeqCst) {
        interrupted = true;
    }
    let report = Report {
        schema_version: study::SCHEMA_VERSION,
        fingerprint: study::Fingerprint { subgroup_layout_ok: Some(layout.is_none()), ..study::Fingerprint::of(&info, &opts) },
        bandwidth: bandwidth_rows,
        rows,
        driver_stats,
        counters: study::counters(&info),
        interrupted,
    };
    let md = study::markdown(&report);
    // The report's files and charts are placed together, or none of them.
    let mut files = workgroup::ops::StagedFiles::new();
    let (csv, json) = (study::csv(&report), serde_json::to_string_pretty(&report)?);
    for (name, text) in [("study.md", &md), ("study.csv", &csv), ("study.json", &json)] {
        files.write(&a.out.join(name), |tmp| std::fs::write(tmp, text).map_err(|e| e.to_string()))?;
    }
    let charts = study::charts::write(&report, &a.out, &mut files)?;
    files.commit()?;
    g.finish(&ctx)?;
    let case_messages: usize = sinks.lock().map(|s| s.iter().map(|k| k.messages.lock().map(|m| m.len()).unwrap_or(0)).sum()).unwrap_or(0);
    if case_messages > 0 {
        anyhow::bail!("{case_messages} validation message(s) reported (see above)");
    }
    if g.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{md}");
        println!("wrote {}/study.md, study.csv, study.json and {} chart(s)", a.out.display(), charts.len());
    }
    if report.rows.iter().any(|r| !r.correct && r.median_ms.is_none() && r.note.as_deref().is_some_and(|n| n.contains("differs"))) {
        anyhow::bail!("some variant disagreed with the CPU reference (see the table)");
    }
    if interrupted {
        // The partial report is written (and says INTERRUPTED), but the study did not finish.
        anyhow::bail!("interrupted: wrote what was measured into {}", a.out.display());
    }
    Ok(())
}
