use super::numbers::Numbers;
use super::{timing_text, variants_or_auto, Global};
use std::path::PathBuf;
use workgroup::ops::numbers;
use workgroup::ops::reduce::{range_elems, ElemType, Op};
use workgroup::ops::scan::{self, Kind, Knobs, Scanner, Variant};

#[derive(clap::Args)]
pub struct Args {
    /// Number of generated elements (ignored with --input)
    #[arg(long, default_value_t = 1 << 20, allow_hyphen_values = true)] // "-5": a message on the value
    pub n: usize,
    /// Operation: sum (prefix sums), min or max (running min / max)
    #[arg(long, default_value = "sum")]
    pub op: String,
    /// Exclusive scan (element k combines x0 .. x(k-1); element 0 is the identity); default inclusive
    #[arg(long)]
    pub exclusive: bool,
    /// hillis-steele, blelloch, reduce-then-scan, overlap, single-pass, auto (the fastest of ours for
    /// n on this kind of device), a comma-separated list, or all
    #[arg(long, default_value = "all")]
    pub variant: String,
    /// Write the scanned values to FILE (format by extension, as --input; the last variant's)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// single-pass: elements per invocation (a multiple of 4; a tile is 256 times as many)
    #[arg(long, hide = true, default_value_t = Knobs::default().per)]
    pub per: u32,
    /// single-pass: reads of an unpublished predecessor before reducing its input here
    #[arg(long, hide = true, default_value_t = Knobs::default().stuck_polls)]
    pub stuck_polls: u32,
    /// single-pass: workgroups of the persistent grid
    #[arg(long, hide = true, default_value_t = Knobs::default().grid)]
    pub grid: u32,
    /// single-pass: the most tiles a workgroup takes (0: by device)
    #[arg(long, hide = true, default_value_t = 0)]
    pub max_tiles: u32,
    /// single-pass: invocations per workgroup
    #[arg(long, hide = true, default_value_t = Knobs::default().local)]
    pub local: u32,
    /// single-pass: the last workgroup leaves the state zeroed for the next run (false: fills)
    #[arg(long, hide = true, default_value_t = Knobs::default().clean, action = clap::ArgAction::Set)]
    pub clean: bool,
    /// single-pass diagnosis, wrong results: 1 skips the walk back (timing what the rest costs)
    #[arg(long, hide = true, default_value_t = 0)]
    pub diag: u32,
    /// overlap: reducer groups (0: one per multiprocessor where the driver tells, else 64)
    #[arg(long, hide = true, default_value_t = 0)]
    pub reducers: u32,
    /// overlap: a barrier between the reducers and the scan groups all the same
    #[arg(long, hide = true)]
    pub overlap_barrier: bool,
    /// overlap: re-reads of an unpublished word before the scan group computes it itself (default: by device)
    #[arg(long, hide = true)]
    pub overlap_spin_limit: Option<u32>,
    /// overlap: the tile's subgroup scans after the waits for its prefix (true) or before them (default: after past 2^25 elements a range)
    #[arg(long, hide = true, action = clap::ArgAction::Set)]
    pub overlap_scan_late: Option<bool>,
    /// single-pass, overlap: check that the state words are 0 where a run starts or publishes (an error if not)
    #[arg(long, hide = true)]
    pub check_state: bool,
    /// Diagnosis: after the table, scan K fresh inputs (seeds after --seed) with one scanner per
    /// variant, each checked: a run must not depend on what the runs before it scanned
    #[arg(long, hide = true, default_value_t = 0)]
    pub repeat: u32,
    /// Time the scan in place (output = input; each run scans the last one's result, and the check
    /// is of one more run in place on the data)
    #[arg(long, hide = true)]
    pub in_place: bool,
    /// Numbers: --type, --dist, --input, --seed, --runs, --warmup
    #[command(flatten)]
    pub numbers: Numbers,
}

impl Args {
    pub fn demo() -> Args {
        Args {
            n: 1_000_003,
            op: "sum".into(),
            exclusive: false,
            variant: "all".into(),
            out: None,
            per: Knobs::default().per,
            stuck_polls: Knobs::default().stuck_polls,
            grid: Knobs::default().grid,
            max_tiles: 0,
            local: Knobs::default().local,
            clean: Knobs::default().clean,
            diag: 0,
            reducers: 0,
            overlap_barrier: false,
            overlap_spin_limit: None,
            overlap_scan_late: None,
            check_state: false,
            repeat: 0,
            in_place: false,
            numbers: Numbers::demo(3),
        }
    }
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let ty = a.numbers.ty()?;
    let op: Op = a.op.parse()?;
    let kind = if a.exclusive { Kind::Exclusive } else { Kind::Inclusive };
    let (mut vs, auto) = variants_or_auto(&a.variant, &Variant::ALL)?;
    super::check_output("--out", a.out.as_deref())?;
    if a.repeat > 0 && a.numbers.input.is_some() {
        anyhow::bail!("--repeat generates its inputs: it does not take --input");
    }
    let (data, source) = a.numbers.load(a.n, ty)?;
    let ctx = g.context()?;
    let n = data.len();
    let auto = auto.then(|| Variant::fastest(&ctx, n, op, a.in_place));
    if let Some(v) = auto.filter(|v| !vs.contains(v)) {
        vs.insert(0, v);
    }
    let f32_sum = ty == ElemType::F32 && op == Op::Sum;
    let knobs = Knobs {
        per: a.per,
        stuck_polls: a.stuck_polls,
        grid: a.grid,
        max_tiles: a.max_tiles,
        local: a.local,
        diag: a.diag,
        reducers: a.reducers,
        overlap_barrier: a.overlap_barrier,
        overlap_spin_limit: a.overlap_spin_limit,
        overlap_scan_late: a.overlap_scan_late,
        check_state: a.check_state,
        ..Knobs::default()
    };
    let time = if a.in_place { scan::time_scanner_in_place } else { scan::time_scanner };
    let mut rows = Vec::new();
    let mut last = Vec::new();
    // A fresh device per variant (as `compact` and the study): on an H200 the later variants of
    // one process ran up to 1.5x slower than alone once earlier ones had freed large buffers.
    for (i, &v) in vs.iter().enumerate() {
        let ctx = if i == 0 { ctx.clone() } else { g.context()? };
        let s = Scanner::with_knobs(&ctx, v, ty, op, kind, n.max(1), range_elems(&ctx), knobs)?;
        let depth = s.f32_sum_depth(n);
        let (t, got) = time(&ctx, &s, &data, a.numbers.warmup, a.numbers.runs.max(1))?;
        if s.dirty_state(&ctx)? {
            anyhow::bail!("{}: a run found its state words not 0 (--check-state)", v.name());
        }
        g.finish(&ctx)?;
        let (wrong, worst) = scan::verify(&data, &got, ty, op, kind, depth);
        // Read once, written once: the least a scan must move.
        let gbps = if t.median_ns > 0.0 { n as f64 * 8.0 / t.median_ns } else { 0.0 };
        rows.push((v, t, wrong, worst, gbps, got.last().copied()));
        last = got;
    }
    g.finish(&ctx)?;
    let fmt = |b: Option<u32>| b.map(|b| ty.format(b)).unwrap_or_else(|| "none (n = 0)".into());
    let report = serde_json::json!({
        "device": ctx.info().name, "n": n, "type": ty.name(), "op": op.name(), "kind": kind.name(), "input": source,
        "auto": auto.map(Variant::name),
        "results": rows.iter().map(|(v, t, wrong, worst, gbps, last)| serde_json::json!({
            "variant": v.name(), "median_ms": t.median_ns * 1e-6, "min_ms": t.min_ns * 1e-6, "max_ms": t.max_ns * 1e-6,
            "runs": t.runs, "gb_per_s": gbps, "last": last.map(|b| ty.json(b)), "matches_cpu": wrong.is_none(),
            "mismatch": wrong, "f32_error_of_bound": if f32_sum { Some(*worst) } else { None },
        })).collect::<Vec<_>>(),
    });
    if g.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!("scan: {} {} of {n} {} ({source}) on {}", kind.name(), op.name(), ty.name(), ctx.info().name);
        if let Some(v) = auto {
            println!(
                "auto: {} (the fastest of ours for {n} element{} on this kind of device: docs/scan.md)",
                v.name(),
                if n == 1 { "" } else { "s" }
            );
        }
        if f32_sum {
            println!("CPU: f64 prefix sums; f32 bound at element k: |gpu - f64| <= depth * 2^-24 * sum(|x_i|, i <= k)");
        } else {
            let wrap = if op == Op::Sum { " (integer sums wrap mod 2^32)" } else { "" };
            println!("CPU: sequential scan, compared bit for bit{wrap}");
        }
        println!("{:<17} {:>30} {:>9} {:>16}  matches-cpu", "variant", "GPU median ms (min..max)", "GB/s", "last element");
        for (v, t, wrong, worst, gbps, last) in &rows {
            let m = match wrong {
                Some(w) => format!("NO: {w}"),
                None if f32_sum => format!("yes (largest error {:.1}% of its bound)", worst * 100.0),
                None => "yes".into(),
            };
            println!("{:<17} {:>30} {:>9.1} {:>16}  {m}", v.name(), timing_text(t), gbps, fmt(*last));
        }
        for (v, ..) in &rows {
            println!("  {}: {}", v.name(), v.description());
        }
    }
    if a.repeat > 0 {
        let dist: numbers::Dist = a.numbers.dist.parse()?;
        for &v in &vs {
            let s = Scanner::with_knobs(&ctx, v, ty, op, kind, n.max(1), range_elems(&ctx), knobs)?;
            let mut wrong = 0;
            for k in 1..=a.repeat as u64 {
                let data = numbers::generate(n, ty, dist, a.numbers.seed.wrapping_add(k));
                let (_, got) = time(&ctx, &s, &data, 0, 1)?;
                if let (Some(w), _) = scan::verify(&data, &got, ty, op, kind, s.f32_sum_depth(n)) {
                    wrong += 1;
                    println!("repeat {k}: {}: {w}", v.name());
                }
            }
            println!("{}: {} fresh inputs, {wrong} wrong", v.name(), a.repeat);
            if wrong > 0 {
                anyhow::bail!("{}: {wrong} of {} fresh inputs disagree with the CPU", v.name(), a.repeat);
            }
        }
    }
    let bad: Vec<&str> = rows.iter().filter(|r| r.2.is_some()).map(|r| r.0.name()).collect();
    if !bad.is_empty() {
        anyhow::bail!("{} disagree(s) with the CPU", bad.join(", "));
    }
    if let Some(path) = &a.out {
        numbers::save(path, ty, &last)?;
    }
    Ok(())
}
