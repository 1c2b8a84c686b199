//! The performance study: op x variant x size x input kind on one device, timed with GPU
//! timestamps, verified against the CPU reference, next to bandwidth measured in the same run.
//!
//! Each op registers itself in [`registry`] with a function that lists its cases; a case
//! measures every variant of one (size, input) and returns rows. The harness knows no op.
mod blur;
pub mod charts;
pub mod compare;
mod counted;
mod gray;
mod histogram;
mod levels;
mod particles;
mod reduce;
mod sort;

use crate::gpu::{Context, DeviceInfo, Result};
use serde::{Deserialize, Serialize};

/// The JSON schema version of [`Report`] (docs/study.schema.json).
pub const SCHEMA_VERSION: u32 = 1;

/// Makes a fresh device (see [`Options::device`]).
pub type DeviceFactory = std::sync::Arc<dyn Fn() -> Result<Context> + Send + Sync>;

/// How the study runs: sizes, timed runs, workgroup sizes to sweep and devices.
#[derive(Clone)]
pub struct Options {
    /// Small sizes for CI (lavapipe in well under 2 minutes).
    pub quick: bool,
    /// The least untimed warm-up runs per row (`gpu::measure` runs more until the GPU is at speed).
    pub warmup: u32,
    /// Timed runs per row (their min, median and max are reported).
    pub runs: u32,
    /// Workgroup sizes to sweep for variants that take one (empty: their default only).
    pub sweep_workgroup: Vec<u32>,
    /// When set, every variant of a case runs on a fresh device made by this factory. Measured
    /// on an NVIDIA H200: buffers of hundreds of MiB allocated after earlier ones were freed on
    /// the same device read at half speed or less (2^28 f32 sum 0.57 ms instead of 0.24 ms).
    pub fresh_device: Option<DeviceFactory>,
}

impl Options {
    /// The device for one variant: a fresh one when the options ask for it, else `ctx`.
    pub fn device(&self, ctx: &Context) -> Result<Context> {
        match &self.fresh_device {
            Some(f) => f(),
            None => Ok(ctx.clone()),
        }
    }
}

/// One measured (op, variant, size, input).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Row {
    /// The op measured (histogram, blur, reduce, compact, scan, sort, ..., or bandwidth).
    pub op: String,
    /// The variant's name (the step it teaches, or a CPU reference).
    pub variant: String,
    /// e.g. "3200x2400" or "2^24".
    pub size: String,
    /// Elements (pixels, numbers) processed.
    pub elements: u64,
    /// natural / flat / random / uniform ...
    pub input: String,
    /// "gpu" or "cpu".
    pub device: String,
    /// Bytes that must move through memory at least (each input read once, output written once).
    pub bytes: u64,
    /// Timed runs the times come from.
    pub runs: u32,
    /// The fastest timed run, ms (`None`: no time, see `note`).
    pub min_ms: Option<f64>,
    /// The median of the timed runs, ms (`None`: no time, see `note`).
    pub median_ms: Option<f64>,
    /// The slowest timed run, ms (`None`: no time, see `note`).
    pub max_ms: Option<f64>,
    /// `bytes` over the median time, in GB/s (10^9 bytes a second).
    pub gb_per_s: Option<f64>,
    /// Rate as a fraction of the read kernel's and the copy kernel's, measured in this run.
    pub of_read_kernel: Option<f64>,
    /// Rate as a fraction of the copy kernel's (GPU rows only).
    pub of_copy_kernel: Option<f64>,
    /// Compute-shader invocations per run (pipeline statistics).
    pub invocations: Option<u64>,
    /// CPU reference times for the same case (single thread, all cores) and GPU speed-ups.
    pub cpu_ms: Option<f64>,
    /// The CPU reference on all cores, median ms (GPU rows).
    pub cpu_par_ms: Option<f64>,
    /// `cpu_ms` over this row's median time: above 1, the GPU is faster.
    pub speedup_vs_cpu: Option<f64>,
    /// `cpu_par_ms` over this row's median time: above 1, the GPU is faster.
    pub speedup_vs_cpu_par: Option<f64>,
    /// Verified against the CPU reference.
    pub correct: bool,
    /// Why a row has no time (wrong result, refused, skipped) or what is special about it.
    pub note: Option<String>,
}

/// The device, driver and build a report was measured with, and the run's settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fingerprint {
    /// The device's name, as the driver gives it.
    pub device: String,
    /// `discrete GPU`, `integrated GPU`, `virtual GPU`, `CPU` or `other`.
    pub device_type: String,
    /// The vendor's PCI ID, as Vulkan gives it (0x10DE: NVIDIA).
    pub vendor_id: u32,
    /// The driver's name, as Vulkan gives it.
    pub driver_name: String,
    /// The driver's version text, as Vulkan gives it.
    pub driver_info: String,
    /// The driver's version number, major.minor.patch (NVIDIA's decoded its own way).
    pub driver_version: String,
    /// The Vulkan version the device supports, major.minor.patch.
    pub api_version: String,
    /// The device's default subgroup size, in invocations.
    pub subgroup_size: u32,
    /// Shared memory one workgroup may use, in bytes.
    pub max_shared_memory_bytes: u32,
    /// Nanoseconds per GPU timestamp tick.
    pub timestamp_period_ns: f32,
    /// Multiprocessors, where the driver tells (VK_NV_shader_sm_builtins); else `None`.
    pub compute_units: Option<u32>,
    /// Whether the driver offers VK_KHR_pipeline_executable_properties (see [`DriverStats`]).
    pub pipeline_executable_properties: bool,
    /// Whether the driver offers VK_KHR_performance_query (hardware counters; not used yet).
    pub performance_query: bool,
    /// Whether workgroups run full subgroups in invocation order on the device, as the subgroup
    /// kernels assume (`gpu::selftest::subgroup_layout`; `None`: not checked, as in reports
    /// before the forty-ninth session). Where false, subgroup variants disagree with the CPU.
    #[serde(default)]
    pub subgroup_layout_ok: Option<bool>,
    /// When the fingerprint was taken, UTC, as `YYYY-MM-DDTHH:MM:SSZ`.
    pub date: String,
    /// The commit the binary was built from (short hash; `unknown` outside a git checkout).
    pub git_commit: String,
    /// The crate's version (`CARGO_PKG_VERSION`).
    pub workgroup_version: String,
    /// Whether the run used `--quick`'s small sizes.
    pub quick: bool,
    /// Timed runs per row asked for ([`Options::runs`]).
    pub runs: u32,
}

impl Fingerprint {
    /// The fingerprint of the device `info` describes, with this build and `opts`, dated now.
    pub fn of(info: &DeviceInfo, opts: &Options) -> Fingerprint {
        Fingerprint {
            device: info.name.clone(),
            device_type: info.device_type.clone(),
            vendor_id: info.vendor_id,
            driver_name: info.driver_name.clone(),
            driver_info: info.driver_info.clone(),
            driver_version: info.driver_version.clone(),
            api_version: info.api_version.clone(),
            subgroup_size: info.subgroup_size,
            max_shared_memory_bytes: info.max_shared_memory_bytes,
            timestamp_period_ns: info.timestamp_period_ns,
            compute_units: info.compute_units,
            pipeline_executable_properties: info.pipeline_executable_properties,
            performance_query: info.performance_query,
            subgroup_layout_ok: None,
            date: chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            git_commit: env!("WORKGROUP_GIT_COMMIT").to_string(),
            workgroup_version: env!("CARGO_PKG_VERSION").to_string(),
            quick: opts.quick,
            runs: opts.runs,
        }
    }
}

/// Driver statistics of one variant's main kernel (VK_KHR_pipeline_executable_properties).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DriverStats {
    /// The op measured.
    pub op: String,
    /// The variant's name.
    pub variant: String,
    /// (statistic, value) pairs as the driver names them: registers, shared memory, spills, ...
    pub stats: Vec<(String, String)>,
}

/// One study run: its fingerprint, bandwidth references, rows and driver statistics (study.json).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The schema version ([`SCHEMA_VERSION`] when this build writes it).
    pub schema_version: u32,
    /// The device, driver, build and settings of the run.
    pub fingerprint: Fingerprint,
    /// Read kernel, copy kernel and vkCmdCopyBuffer, same run, same device.
    pub bandwidth: Vec<Row>,
    /// Every case's rows, in the order the cases ran.
    pub rows: Vec<Row>,
    /// Driver statistics of the variants' kernels, where the driver gives them.
    pub driver_stats: Vec<DriverStats>,
    /// What the driver offered of the optional counters, in words.
    pub counters: String,
    /// True when the run was interrupted (Ctrl-C) and holds only what was measured by then.
    pub interrupted: bool,
}

/// One case of an op: measured by `run`, which returns its rows (and driver statistics).
pub struct Case {
    /// The op's name (each row's `op`, and what `--ops` selects).
    pub op: &'static str,
    /// What the case measures, in words (shown while it runs, and in an error row's `size`).
    pub label: String,
    /// Measures every variant of the case, given the device, options and bandwidth references.
    #[allow(clippy::type_complexity)]
    pub run: Box<dyn Fn(&Context, &Options, &Bandwidth) -> Result<(Vec<Row>, Vec<DriverStats>)>>,
}

/// The bandwidth references of this run, for the rows' ratios.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bandwidth {
    /// The read kernel's rate in this run, GB/s (0: not measured).
    pub read_gb_s: f64,
    /// The copy kernel's rate in this run, GB/s (0: not measured).
    pub copy_gb_s: f64,
}

impl Bandwidth {
    /// Fills a row's rate and ratios from its bytes and median.
    pub fn rate(&self, row: &mut Row) {
        if let Some(ms) = row.median_ms {
            if ms > 0.0 {
                let gbs = row.bytes as f64 / (ms * 1e6);
                row.gb_per_s = Some(gbs);
                if row.device == "gpu" {
                    row.of_read_kernel = (self.read_gb_s > 0.0).then(|| gbs / self.read_gb_s);
                    row.of_copy_kernel = (self.copy_gb_s > 0.0).then(|| gbs / self.copy_gb_s);
                }
            }
        }
    }
}

/// Every op's cases. A new op adds one line here (its cases function).
pub fn registry(opts: &Options, info: &DeviceInfo) -> Vec<Case> {
    let mut cases = Vec::new();
    cases.extend(histogram::cases(opts, info));
    cases.extend(histogram::format_cases(opts, info));
    cases.extend(blur::cases(opts, info));
    cases.extend(blur::format_cases(opts, info));
    cases.extend(reduce::reduce_cases(opts, info));
    cases.extend(reduce::compact_cases(opts, info));
    cases.extend(reduce::scan_cases(opts, info));
    cases.extend(counted::cases(opts, info));
    cases.extend(sort::cases(opts, info));
    cases.extend(gray::cases(opts, info));
    cases.extend(levels::cases(opts, info));
    cases.extend(particles::cases(opts, info));
    cases
}

/// The op names known to the study.
pub fn op_names(opts: &Options, info: &DeviceInfo) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = registry(opts, info).iter().map(|c| c.op).collect();
    names.dedup();
    names
}

/// Measures the bandwidth references: read kernel, copy kernel, vkCmdCopyBuffer.
pub fn bandwidth(ctx: &Context, opts: &Options) -> Result<(Vec<Row>, Bandwidth)> {
    let bytes: u64 = if opts.quick { 16 << 20 } else { 1 << 30 };
    let probes = crate::ops::bandwidth::measure_all(ctx, bytes, opts.runs.max(5))?;
    let mut bw = Bandwidth::default();
    let mut rows = Vec::new();
    for p in probes {
        let t = p.timing;
        let moved = p.probe.moved(p.bytes);
        match p.probe {
            crate::ops::bandwidth::Probe::ReadKernel => bw.read_gb_s = p.gb_per_s,
            crate::ops::bandwidth::Probe::CopyKernel => bw.copy_gb_s = p.gb_per_s,
            _ => {}
        }
        rows.push(Row {
            op: "bandwidth".into(),
            variant: p.probe.name().into(),
            size: format!("{} MiB", p.bytes >> 20),
            elements: p.bytes / 16,
            input: "-".into(),
            device: "gpu".into(),
            bytes: moved,
            runs: t.runs,
            min_ms: Some(t.min_ns * 1e-6),
            median_ms: Some(t.median_ns * 1e-6),
            max_ms: Some(t.max_ns * 1e-6),
            correct: true,
            ..Default::default()
        });
    }
    for r in &mut rows {
        bw.rate(r);
    }
    Ok((rows, bw))
}

/// Markdown table of rows.
pub fn markdown(report: &Report) -> String {
    use std::fmt::Write;
    let f = &report.fingerprint;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Device: {} ({}), driver {} {} ({}), Vulkan {}, subgroup {}, shared {} B, timestamp period {} ns",
        f.device,
        f.device_type,
        f.driver_name,
        f.driver_version,
        f.driver_info,
        f.api_version,
        f.subgroup_size,
        f.max_shared_memory_bytes,
        f.timestamp_period_ns
    );
    let _ = writeln!(
        s,
        "Date {}, commit {}, {} runs per row{}{}{}\n",
        f.date,
        f.git_commit,
        f.runs,
        if f.quick { ", --quick" } else { "" },
        match f.subgroup_layout_ok {
            Some(false) => ", subgroups NOT laid out as the kernels assume (see `workgroup devices`)",
            _ => "",
        },
        if report.interrupted { ", INTERRUPTED" } else { "" }
    );
    let _ = writeln!(s, "| op | variant | size | input | on | median ms | min ms | max ms | GB/s | of read | of copy | invocations | CPU ms | CPU-par ms | vs CPU-par | correct |");
    let _ = writeln!(s, "| --- | --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    let o = |v: Option<f64>, d: usize| v.map(|x| format!("{x:.d$}")).unwrap_or_default();
    let pct = |v: Option<f64>| v.map(|x| format!("{:.0}%", x * 100.0)).unwrap_or_default();
    for r in report.bandwidth.iter().chain(&report.rows) {
        let correct =
            if r.correct { "yes".to_string() } else { format!("NO{}", r.note.as_ref().map(|n| format!(": {n}")).unwrap_or_default()) };
        let correct = if r.correct { r.note.as_ref().map(|n| format!("yes ({n})")).unwrap_or(correct) } else { correct };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.op,
            r.variant,
            r.size,
            r.input,
            r.device,
            o(r.median_ms, 4),
            o(r.min_ms, 4),
            o(r.max_ms, 4),
            o(r.gb_per_s, 1),
            pct(r.of_read_kernel),
            pct(r.of_copy_kernel),
            r.invocations.map(|x| x.to_string()).unwrap_or_default(),
            o(r.cpu_ms, 3),
            o(r.cpu_par_ms, 3),
            r.speedup_vs_cpu_par.map(|x| format!("{x:.1}x")).unwrap_or_default(),
            correct
        );
    }
    let _ = writeln!(s, "\nCounters: {}", report.counters);
    s
}

/// CSV of rows (header + one line per row).
pub fn csv(report: &Report) -> String {
    let mut s = String::from("op,variant,size,elements,input,device,bytes,runs,min_ms,median_ms,max_ms,gb_per_s,of_read_kernel,of_copy_kernel,invocations,cpu_ms,cpu_par_ms,speedup_vs_cpu,speedup_vs_cpu_par,correct,note\n");
    let o = |v: Option<f64>| v.map(|x| format!("{x}")).unwrap_or_default();
    for r in report.bandwidth.iter().chain(&report.rows) {
        let note = r.note.clone().unwrap_or_default().replace('"', "'");
        s.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},\"{}\"\n",
            r.op,
            r.variant,
            r.size,
            r.elements,
            r.input,
            r.device,
            r.bytes,
            r.runs,
            o(r.min_ms),
            o(r.median_ms),
            o(r.max_ms),
            o(r.gb_per_s),
            o(r.of_read_kernel),
            o(r.of_copy_kernel),
            r.invocations.map(|x| x.to_string()).unwrap_or_default(),
            o(r.cpu_ms),
            o(r.cpu_par_ms),
            o(r.speedup_vs_cpu),
            o(r.speedup_vs_cpu_par),
            r.correct,
            note
        ));
    }
    s
}

/// Describes the optional counters the driver offered.
pub fn counters(info: &DeviceInfo) -> String {
    format!(
        "pipeline statistics (compute invocations): {}; VK_KHR_pipeline_executable_properties (registers, shared memory, spills): {}; VK_KHR_performance_query (hardware counters): {}",
        if info.pipeline_statistics_query { "available" } else { "not offered" },
        if info.pipeline_executable_properties { "available" } else { "not offered by this driver" },
        if info.performance_query { "offered, not used yet" } else { "not offered by this driver" },
    )
}

/// Host-clock median of `f` over up to `runs` runs (stopping after 2 s), and its last result.
pub fn cpu_time<R>(runs: u32, mut f: impl FnMut() -> R) -> (crate::gpu::Timing, R) {
    let mut samples = Vec::new();
    let mut last;
    loop {
        let t = std::time::Instant::now();
        last = f();
        samples.push(t.elapsed().as_secs_f64() * 1e9);
        if samples.len() as u32 >= runs.max(1) || samples.iter().sum::<f64>() > 2e9 {
            break;
        }
    }
    (crate::gpu::Timing::from_samples(samples), last)
}

/// A row with a timing filled in.
pub fn timed_row(mut row: Row, t: &crate::gpu::Timing) -> Row {
    row.runs = t.runs;
    row.min_ms = Some(t.min_ns * 1e-6);
    row.median_ms = Some(t.median_ns * 1e-6);
    row.max_ms = Some(t.max_ns * 1e-6);
    row
}

/// Fills the CPU columns and speed-ups of the GPU rows of one case, and the rates.
pub fn finish_case(rows: &mut [Row], cpu_ms: Option<f64>, cpu_par_ms: Option<f64>, bw: &Bandwidth) {
    for r in rows.iter_mut() {
        bw.rate(r);
        if r.device == "gpu" {
            r.cpu_ms = cpu_ms;
            r.cpu_par_ms = cpu_par_ms;
            if let Some(ms) = r.median_ms {
                r.speedup_vs_cpu = cpu_ms.map(|c| c / ms);
                r.speedup_vs_cpu_par = cpu_par_ms.map(|c| c / ms);
            }
        }
    }
}
