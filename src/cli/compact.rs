use super::numbers::{check_n, Numbers};
use super::{timing_text, variants, Global};
use std::path::PathBuf;
use workgroup::cpu;
use workgroup::ops::compact::{self, Func, Predicate, Variant};
use workgroup::ops::numbers;
use workgroup::ops::reduce::ElemType;

#[derive(clap::Args)]
pub struct Args {
    /// Number of generated elements (ignored with --input)
    #[arg(long, default_value_t = 1 << 20, allow_hyphen_values = true)] // "-5": a message on the value
    pub n: usize,
    /// Predicate: gt:T, lt:T, nonzero or even (integers only). Default: gt:0.5 for f32 (torch's
    /// `x[x > 0.5]`), even for u32 and i32 (half of uniform integers pass either way)
    #[arg(long)]
    pub pred: Option<String>,
    /// Generate data where each element passes with this probability (else: --dist)
    #[arg(long, allow_negative_numbers = true, conflicts_with_all = ["input", "dist"])]
    pub pass_fraction: Option<f64>,
    /// f(x) written for kept elements: identity or negate
    #[arg(long, default_value = "identity")]
    pub func: String,
    /// global-atomic, group-counter, subgroup-ballot, tile-atomic, stable, stable-lookback, a comma-separated list, or all
    #[arg(long, default_value = "all")]
    pub variant: String,
    /// Write the kept values to FILE (format by extension, as --input; the stable result with `all`)
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Numbers: --type, --dist (when no --pass-fraction), --input, --seed, --runs, --warmup
    #[command(flatten)]
    pub numbers: Numbers,
    /// Diagnosis: also time each pass of each variant (GPU timestamps between dispatches, median)
    #[arg(long, hide = true)]
    pub passes: bool,
    /// Measuring: before each timed run (untimed), read this many MiB of another buffer, so a run finds neither its input nor the last run's output in L2 (0: none)
    #[arg(long, hide = true, default_value_t = 0, value_name = "MIB")]
    pub l2_scrub: usize,
    /// Check: after timing, K more runs of each variant's compactor on fresh inputs of alternating sizes (n, n/3 + 1, ...) and pass fractions, each checked against the CPU (scratch left from run to run)
    #[arg(long, hide = true, default_value_t = 0, value_name = "K")]
    pub alternate_check: usize,
    /// Knob: elements per range (one input binding, one output window): a power of two from 4096 up to the device's most (the default)
    #[arg(long, hide = true)]
    pub range: Option<usize>,
    /// Knob: output windows, 1 (one plain binding; auto when the output fits one) or 4 (branchy)
    #[arg(long, hide = true)]
    pub windows: Option<u32>,
    /// Knob: stable scatter stages kept values in shared memory, then writes coalesced
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().stage_output, action = clap::ArgAction::Set)]
    pub stage_output: bool,
    /// Knob: workgroups of the grid-stride dispatches (stable count/scatter, unordered variants)
    #[arg(long, hide = true)]
    pub groups: Option<u32>,
    /// Knob: stable rounds per tile, 4 or 8 (tiles of 4096 or 8192)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().rounds)]
    pub tile_rounds: u32,
    /// Knob: stable in 2 passes (count with superblock sums, scatter finding each tile's prefix) or 3 (count, scan, scatter)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().stable_passes)]
    pub stable_passes: u32,
    /// Knob: stable's counter groups running beside the scatter (default: one per multiprocessor where the driver tells their number, on a GPU; 0: count, barrier, scatter)
    #[arg(long, hide = true)]
    pub stable_overlap: Option<u32>,
    /// Knob: with overlapping passes, a barrier between the counters and the scatter all the same (what the validation layer can check)
    #[arg(long, hide = true, default_value_t = false, action = clap::ArgAction::Set)]
    pub stable_overlap_barrier: bool,
    /// Diagnosis: with overlapping passes, the counters publish nothing, so the scatter counts every tile before its own itself (exact, slow)
    #[arg(long, hide = true, default_value_t = false, action = clap::ArgAction::Set)]
    pub stable_overlap_recount: bool,
    /// Knob: with overlapping passes, the scatter writes each tile staged in halves by the group (true) or a round at a time by each subgroup (false); default: halves
    #[arg(long, hide = true, action = clap::ArgAction::Set)]
    pub stable_overlap_halves: Option<bool>,
    /// Knob: with overlapping passes and the scatter in halves, a persistent scatter grid of N groups (0: one group per tile); default: as many as fit beside the counters, from 2^25 elements, where the driver tells what that takes
    #[arg(long, hide = true)]
    pub stable_overlap_persistent: Option<u32>,
    /// Knob: with overlapping passes, a last tile that ends in a partial uvec4 is scattered alone by its own pipeline (true) or every tile by the pipeline with element-by-element loads (false); default: by device (false on an H100)
    #[arg(long, hide = true, action = clap::ArgAction::Set)]
    pub stable_overlap_split_tail: Option<bool>,
    /// Knob: stable takes one pass (tile-atomic's body with a look-back) up to this many elements (default: 2097152 on a GPU, 0 on CPU devices; at most 4194303)
    #[arg(long, hide = true)]
    pub stable_one_pass_max: Option<usize>,
    /// Knob: stable-lookback's exact fallback for a look-back that gives up (false: timing only)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_fallback, action = clap::ArgAction::Set)]
    pub lookback_fallback: bool,
    /// Knob: stable-lookback's fallback in the kernel (true: the last group) or recorded after it (false: stable's 3 passes); default: in the kernel except on CPU devices
    #[arg(long, hide = true, action = clap::ArgAction::Set)]
    pub lookback_tail: Option<bool>,
    /// Diagnosis: stable-lookback's look-back iterations per group before it gives up (0: every tile after the first gives up, so the fallback writes the result)
    #[arg(long, hide = true, default_value_t = compact::SPIN_LIMIT)]
    pub lookback_spin_limit: u32,
    /// Knob: workgroups of stable-lookback's persistent grid
    #[arg(long, hide = true)]
    pub lookback_groups: Option<u32>,
    /// Knob: predecessors stable-lookback reads per step, in subgroups (1..=8)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_slices)]
    pub lookback_slices: u32,
    /// Knob: stable-lookback invocations per group, 256 or 512 (also 128 or 384 with --lookback-warp-write true)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_local)]
    pub lookback_local: u32,
    /// Knob: stable scan in coalesced blocks (else one contiguous chunk per invocation)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().scan_coalesced, action = clap::ArgAction::Set)]
    pub scan_coalesced: bool,
    /// Knob: with --stage-output true and one output window, 16-byte stores where aligned
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().stage_vec4, action = clap::ArgAction::Set)]
    pub stage_vec4: bool,
    /// Diagnosis: stable-lookback without the look-back (1) and the ticket (2): wrong results, timing only; 3: count the look-back's reads (with --passes); 4: the dealt grid's owners publish only the range's last counts, so the others are claimed
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().look_diag)]
    pub lookback_diag: u32,
    /// Knob: stable-lookback with one tile per workgroup instead of its persistent grid
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_one_tile, action = clap::ArgAction::Set)]
    pub lookback_one_tile: bool,
    /// Knob: stable-lookback's tile kept in registers through its look-back, then staged and written one round at a time (with --lookback-one-tile true, or --lookback-prefetch false)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_warp_write, action = clap::ArgAction::Set)]
    pub lookback_warp_write: bool,
    /// Knob: stable-lookback's rounds of uvec4 per tile, 1..=4 (0: tiles of 4096; default 3)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_rounds)]
    pub lookback_rounds: u32,
    /// Knob: stable-lookback's persistent grid loads the next tile before counting this one
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_prefetch, action = clap::ArgAction::Set)]
    pub lookback_prefetch: bool,
    /// Knob: stable-lookback by subgroup agents (tiles of --lookback-rounds uvec4 per lane; 0: 4)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_agents, action = clap::ArgAction::Set)]
    pub lookback_agents: bool,
    /// Knob: subgroup agents' staged tiles each, 1..=4
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_lag)]
    pub lookback_lag: u32,
    /// Knob: stable-lookback's kernels write staged tiles with 16-byte stores (one output window)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_vec4, action = clap::ArgAction::Set)]
    pub lookback_vec4: bool,
    /// Knob: stable-lookback's look-back waits this many subgroup-clock ticks before its first read (VK_KHR_shader_clock)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_wait_first)]
    pub lookback_wait_first: u32,
    /// Knob: ... and before re-reading a window that held an unpublished tile
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_wait_poll)]
    pub lookback_wait_poll: u32,
    /// Knob: stable-lookback's persistent grid dealt its tiles (g, g + G, ...): no tickets, no walks
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_dealt, action = clap::ArgAction::Set)]
    pub lookback_dealt: bool,
    /// Knob: the dealt grid claims (and counts itself) a tile whose count is still unpublished after this many re-reads (0: never)
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_claim_after)]
    pub lookback_claim_after: u32,
    /// Knob: the dealt grid deals its tiles among the groups that check in at its start (occupancy discovery), so none waits on a group that is not running
    #[arg(long, hide = true, default_value_t = compact::Knobs::default().lookback_discover, action = clap::ArgAction::Set)]
    pub lookback_discover: bool,
    /// Knob: stable-lookback's kernel zeroes its state at the end of a run (true) or the host fills it before each run (false); default: true where it can (fallback in the kernel, no diagnosis)
    #[arg(long, hide = true, action = clap::ArgAction::Set)]
    pub lookback_clean: Option<bool>,
    /// Knob: stable-lookback runs from this many elements use the large kernel (one tile of 4096 per workgroup in registers, clock waits, subgroups' write): a number, or never; default: 8388608 on GPUs with the subgroup clock, never elsewhere
    #[arg(long, hide = true, value_parser = parse_large_from)]
    pub lookback_large_from: Option<usize>,
}

/// `--lookback-large-from`: a number of elements, or `never`.
fn parse_large_from(s: &str) -> Result<usize, String> {
    if s == "never" {
        return Ok(usize::MAX);
    }
    s.parse().map_err(|_| format!("'{s}': give a number of elements or never"))
}

impl Args {
    fn knobs(&self) -> compact::Knobs {
        compact::Knobs {
            windows: self.windows,
            stage_output: self.stage_output,
            groups: self.groups,
            rounds: self.tile_rounds,
            stable_passes: self.stable_passes,
            stable_overlap: self.stable_overlap,
            stable_overlap_barrier: self.stable_overlap_barrier,
            stable_overlap_recount: self.stable_overlap_recount,
            stable_overlap_halves: self.stable_overlap_halves,
            stable_overlap_persistent: self.stable_overlap_persistent,
            stable_overlap_split_tail: self.stable_overlap_split_tail,
            stable_one_pass_max: self.stable_one_pass_max,
            lookback_fallback: self.lookback_fallback,
            lookback_tail: self.lookback_tail,
            lookback_groups: self.lookback_groups,
            lookback_slices: self.lookback_slices,
            lookback_local: self.lookback_local,
            scan_coalesced: self.scan_coalesced,
            stage_vec4: self.stage_vec4,
            look_diag: self.lookback_diag,
            lookback_one_tile: self.lookback_one_tile,
            lookback_warp_write: self.lookback_warp_write,
            lookback_rounds: self.lookback_rounds,
            lookback_prefetch: self.lookback_prefetch,
            lookback_agents: self.lookback_agents,
            lookback_lag: self.lookback_lag,
            lookback_vec4: self.lookback_vec4,
            lookback_wait_first: self.lookback_wait_first,
            lookback_wait_poll: self.lookback_wait_poll,
            lookback_dealt: self.lookback_dealt,
            lookback_claim_after: self.lookback_claim_after,
            lookback_discover: self.lookback_discover,
            lookback_clean: self.lookback_clean,
            lookback_large_from: self.lookback_large_from,
        }
    }
}

impl Args {
    /// The tour's run: every variant, with the library's default knobs.
    pub fn demo() -> Args {
        let k = compact::Knobs::default();
        Args {
            n: 1_000_003,
            pred: Some("gt:0.5".into()),
            pass_fraction: Some(0.5),
            func: "identity".into(),
            variant: "all".into(),
            out: None,
            numbers: Numbers::demo(3),
            passes: false,
            l2_scrub: 0,
            alternate_check: 0,
            range: None,
            windows: k.windows,
            stage_output: k.stage_output,
            groups: k.groups,
            tile_rounds: k.rounds,
            stable_passes: k.stable_passes,
            stable_overlap: k.stable_overlap,
            stable_overlap_barrier: k.stable_overlap_barrier,
            stable_overlap_recount: k.stable_overlap_recount,
            stable_overlap_halves: k.stable_overlap_halves,
            stable_overlap_persistent: k.stable_overlap_persistent,
            stable_overlap_split_tail: k.stable_overlap_split_tail,
            stable_one_pass_max: k.stable_one_pass_max,
            lookback_fallback: k.lookback_fallback,
            lookback_tail: k.lookback_tail,
            lookback_spin_limit: compact::SPIN_LIMIT,
            lookback_groups: k.lookback_groups,
            lookback_slices: k.lookback_slices,
            lookback_local: k.lookback_local,
            scan_coalesced: k.scan_coalesced,
            stage_vec4: k.stage_vec4,
            lookback_diag: k.look_diag,
            lookback_one_tile: k.lookback_one_tile,
            lookback_warp_write: k.lookback_warp_write,
            lookback_rounds: k.lookback_rounds,
            lookback_prefetch: k.lookback_prefetch,
            lookback_agents: k.lookback_agents,
            lookback_lag: k.lookback_lag,
            lookback_vec4: k.lookback_vec4,
            lookback_wait_first: k.lookback_wait_first,
            lookback_wait_poll: k.lookback_wait_poll,
            lookback_dealt: k.lookback_dealt,
            lookback_claim_after: k.lookback_claim_after,
            lookback_discover: k.lookback_discover,
            lookback_clean: k.lookback_clean,
            lookback_large_from: k.lookback_large_from,
        }
    }
}

/// `--alternate-check K`: K runs of one compactor on fresh inputs of alternating sizes and pass
/// fractions, each against the CPU (a run's scratch is the last run's: `stable`'s two sets of
/// words, the look-back state). Says how many differed; true if none.
fn alternate_check(
    ctx: &workgroup::gpu::Context,
    c: &compact::Compactor,
    a: &Args,
    n: usize,
    ty: compact::ElemType,
    pred: Predicate,
    func: Func,
) -> anyhow::Result<bool> {
    let mut bad = 0;
    for k in 0..a.alternate_check {
        let m = if k % 2 == 0 { n } else { n / 3 + 1 }.min(n);
        let frac = [0.5, 0.9, 0.1, 0.001][k % 4];
        let data = numbers::generate_for_predicate(m, ty, pred, frac, a.numbers.seed.wrapping_add(1000 + k as u64))?;
        let got = compact::run_compactor(ctx, c, &data)?;
        let want = cpu::compact::par_compact(&data, ty, pred, func);
        let mut want_sorted = want.clone();
        want_sorted.sort_unstable();
        bad += !matches_cpu(c.variant.ordered(), &got, &want, &want_sorted) as usize;
    }
    if a.alternate_check > 0 {
        eprintln!("{}: {bad} of {} alternating runs differ from the CPU", c.variant.name(), a.alternate_check);
    }
    Ok(bad == 0)
}

/// The GPU's output against the CPU's: exactly for the ordered variants, as a multiset for the
/// others (`want_sorted`: the CPU's output sorted).
fn matches_cpu(ordered: bool, got: &[u32], want: &[u32], want_sorted: &[u32]) -> bool {
    if ordered {
        return got == want;
    }
    let mut s = got.to_vec();
    s.sort_unstable();
    s == want_sorted
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let ty = a.numbers.ty()?;
    let pred = match &a.pred {
        Some(p) => Predicate::parse(p, ty)?,
        None if ty == ElemType::F32 => Predicate::Greater(0.5f32.to_bits()),
        None => Predicate::Even,
    };
    let func: Func = a.func.parse()?;
    let vs = variants(&a.variant, &Variant::ALL)?;
    super::check_output("--out", a.out.as_deref())?;
    let (data, source) = match (a.pass_fraction, &a.numbers.input) {
        (Some(f), None) => {
            check_n(a.n)?;
            (numbers::generate_for_predicate(a.n, ty, pred, f, a.numbers.seed)?, format!("pass fraction {f}"))
        }
        _ => a.numbers.load(a.n, ty)?,
    };
    let ctx = g.context()?;
    let n = data.len();
    let want = cpu::compact::par_compact(&data, ty, pred, func);
    let mut sorted_want = want.clone();
    sorted_want.sort_unstable();
    let mut rows = Vec::new();
    let mut keep_out = None;
    // A fresh device per variant (as the study does): on an H200 (driver 580) the later variants
    // of one process ran 3-5x slower than alone, every pass of them, even with the staging kept;
    // on a fresh device each runs as it does alone.
    let fresh = |first: bool| -> anyhow::Result<workgroup::gpu::Context> {
        if first || vs.len() == 1 {
            Ok(ctx.clone())
        } else {
            g.context()
        }
    };
    let compactor = |ctx: &workgroup::gpu::Context, v: Variant| {
        let range = a.range.unwrap_or(compact::range_elems(ctx));
        compact::Compactor::with_knobs(ctx, v, ty, pred, func, n, range, a.lookback_spin_limit, a.knobs())
    };
    for (i, v) in vs.iter().enumerate() {
        let ctx = fresh(i == 0)?;
        let c = compactor(&ctx, *v)?;
        let (t, got) = compact::time_compactor(&ctx, &c, &data, a.numbers.warmup, a.numbers.runs.max(1), a.l2_scrub)?;
        let gave_up = if *v == compact::Variant::StableLookback && n > 0 { c.lookback_gave_up_runs(&ctx)? } else { 0 };
        if gave_up > 0 {
            eprintln!("note: stable-lookback's look-back gave up waiting in {gave_up} of its runs (warm-ups included); its fallback wrote those results");
        }
        let alternate_ok = alternate_check(&ctx, &c, a, n, ty, pred, func)?;
        g.finish(&ctx)?;
        let ok = alternate_ok && matches_cpu(v.ordered(), &got, &want, &sorted_want);
        let gbps = if t.median_ns > 0.0 { (n + got.len()) as f64 * 4.0 / t.median_ns } else { 0.0 };
        rows.push((*v, t, got.len(), ok, gbps));
        if keep_out.is_none() || v.ordered() {
            keep_out = Some(got);
        }
    }
    let mut pass_lines = Vec::new();
    if a.passes {
        for v in &vs {
            let ctx = fresh(false)?;
            let c = compactor(&ctx, *v)?;
            let p = compact::time_passes(&ctx, &c, &data, a.numbers.warmup, a.numbers.runs.max(1), a.l2_scrub)?;
            g.finish(&ctx)?;
            let mut parts: Vec<String> = p.iter().map(|(l, ns)| format!("{l} {:.4} ms", ns * 1e-6)).collect();
            if a.lookback_diag >= 3 && *v == compact::Variant::StableLookback {
                let [walks, reads, steps] = c.lookback_counters(&ctx)?;
                let dealt = c.lookback_groups_dealt(&ctx)?.map(|p| format!(", {p} groups dealt (found running)")).unwrap_or_default();
                parts.push(if a.lookback_dealt {
                    format!("{walks} look-backs, {reads} window reads, {steps} tiles claimed and counted by a waiter{dealt}")
                } else {
                    format!("{walks} look-backs, {reads} window reads, {steps} steps back")
                });
            }
            let total: f64 = p.iter().map(|(_, ns)| ns).sum();
            pass_lines.push(format!("{} {} | total {:.4} ms", v.name(), parts.join(" | "), total * 1e-6));
            for (name, stats) in c.kernel_statistics() {
                if !stats.is_empty() {
                    let st: Vec<String> = stats.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    pass_lines.push(format!("  {name}: {}", st.join(", ")));
                }
            }
        }
    }
    g.finish(&ctx)?;
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "n": n, "type": ty.name(), "predicate": pred.describe(ty), "input": source,
            "cpu_kept": want.len(),
            "results": rows.iter().map(|(v, t, kept, ok, gbps)| serde_json::json!({
                "variant": v.name(), "ordered": v.ordered(), "median_ms": t.median_ns * 1e-6, "min_ms": t.min_ns * 1e-6,
                "max_ms": t.max_ns * 1e-6, "runs": t.runs, "gb_per_s": gbps, "kept": kept, "matches_cpu": ok,
            })).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!("compact: keep {} of {n} {} ({source}) on {}; CPU keeps {}", pred.describe(ty), ty.name(), ctx.info().name, want.len());
        println!("{:<16} {:>30} {:>9} {:>10}  matches-cpu", "variant", "GPU median ms (min..max)", "GB/s", "kept");
        for (v, t, kept, ok, gbps) in &rows {
            let m = match (ok, v.ordered()) {
                (false, _) => "NO",
                (true, true) => "yes (exact order)",
                (true, false) => "yes (as multiset)",
            };
            println!("{:<16} {:>30} {:>9.1} {:>10}  {m}", v.name(), timing_text(t), gbps, kept);
        }
    }
    for l in &pass_lines {
        if g.json {
            eprintln!("passes: {l}");
        } else {
            println!("passes: {l}");
        }
    }
    let bad: Vec<&str> = rows.iter().filter(|r| !r.3).map(|r| r.0.name()).collect();
    if !bad.is_empty() {
        anyhow::bail!("{} disagree(s) with the CPU", bad.join(", "));
    }
    // Written only once every variant agreed with the CPU: never a wrong file.
    if let (Some(path), Some(out)) = (&a.out, &keep_out) {
        numbers::save(path, ty, out)?;
    }
    Ok(())
}
