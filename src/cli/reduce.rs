use super::numbers::Numbers;
use super::{timing_text, variants, Global};
use std::path::PathBuf;
use workgroup::cpu;
use workgroup::ops::reduce::{self, range_elems, ElemType, Op, Variant};

#[derive(clap::Args)]
pub struct Args {
    /// Number of generated elements (ignored with --input)
    #[arg(long, default_value_t = 1 << 20, allow_hyphen_values = true)] // "-5": a message on the value
    pub n: usize,
    /// Operation: sum, min or max
    #[arg(long, default_value = "sum")]
    pub op: String,
    /// tree, subgroup, single-pass, a comma-separated list, or all
    #[arg(long, default_value = "all")]
    pub variant: String,
    /// Write the report (JSON) to FILE
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub numbers: Numbers,
}

impl Args {
    pub fn demo() -> Args {
        Args { n: 1_000_003, op: "sum".into(), variant: "all".into(), out: None, numbers: Numbers::demo(3) }
    }
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let ty = a.numbers.ty()?;
    let op: Op = a.op.parse()?;
    let vs = variants(&a.variant, &Variant::ALL)?;
    super::check_output_as("--out", a.out.as_deref(), "json", "the report")?;
    let (data, source) = a.numbers.load(a.n, ty)?;
    let ctx = g.context()?;
    let n = data.len();
    let cpu_bits = cpu::reduce::par_reduce(&data, ty, op);
    let sum_ref = cpu::reduce::F32SumRef::of(if ty == ElemType::F32 && op == Op::Sum { &data[..] } else { &[] });
    let (exact, abs) = (sum_ref.exact(), sum_ref.abs);
    let mut rows = Vec::new();
    for v in vs {
        let (t, got) = reduce::time(&ctx, &data, ty, op, v, a.numbers.warmup, a.numbers.runs.max(1))?;
        let (matches, error, bound) = match (got, cpu_bits) {
            (None, None) => (true, 0.0, 0.0),
            (Some(gb), Some(_)) if ty == ElemType::F32 && op == Op::Sum => {
                let bound = reduce::f32_sum_bound(v, n, abs, range_elems(&ctx));
                (sum_ref.accepts(f32::from_bits(gb), bound), sum_ref.error(f32::from_bits(gb)), bound)
            }
            (Some(gb), Some(cb)) => (gb == cb, 0.0, 0.0),
            _ => (false, 0.0, 0.0),
        };
        let gbps = if t.median_ns > 0.0 { n as f64 * 4.0 / t.median_ns } else { 0.0 };
        rows.push((v, t, got, matches, error, bound, gbps));
    }
    g.finish(&ctx)?;
    let fmt = |b: Option<u32>| b.map(|b| ty.format(b)).unwrap_or_else(|| "none (n = 0)".into());
    let report = serde_json::json!({
        "device": ctx.info().name, "n": n, "type": ty.name(), "op": op.name(), "input": source,
        "cpu": cpu_bits.map(|b| ty.json(b)),
        "cpu_f64_sum": if ty == ElemType::F32 && op == Op::Sum { Some(exact) } else { None },
        "results": rows.iter().map(|(v, t, got, ok, err, bound, gbps)| serde_json::json!({
            "variant": v.name(), "median_ms": t.median_ns * 1e-6, "min_ms": t.min_ns * 1e-6, "max_ms": t.max_ns * 1e-6,
            "runs": t.runs, "gb_per_s": gbps, "result": got.map(|b| ty.json(b)), "matches_cpu": ok,
            "abs_error": err, "error_bound": bound,
        })).collect::<Vec<_>>(),
    });
    if let Some(path) = &a.out {
        let text = serde_json::to_string_pretty(&report)?;
        workgroup::ops::write_atomic(path, |tmp| std::fs::write(tmp, &text).map_err(|e| e.to_string()))?;
    }
    if g.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!("reduce: {} of {n} {} ({source}) on {}", op.name(), ty.name(), ctx.info().name);
        if ty == ElemType::F32 && op == Op::Sum {
            println!("CPU: f64 sum {exact:e}; f32 bound |gpu - f64| <= depth * 2^-24 * sum|x| (finite x: sum|x| = {abs:e})");
        } else {
            let how = if op == Op::Sum { "exact; integer sums wrap mod 2^32" } else { "exact: compared bit for bit" };
            println!("CPU: {} ({how})", fmt(cpu_bits));
        }
        println!("{:<12} {:>30} {:>9} {:>16}  matches-cpu", "variant", "GPU median ms (min..max)", "GB/s", "result");
        for (v, t, got, ok, err, bound, gbps) in &rows {
            let m = if !ok {
                "NO".to_string()
            } else if ty == ElemType::F32 && op == Op::Sum && got.is_some_and(|b| !f32::from_bits(b).is_finite()) {
                "yes (an infinity or NaN, as IEEE sums of this input give)".into()
            } else if ty == ElemType::F32 && op == Op::Sum {
                format!("yes (err {err:.2e} <= {bound:.2e})")
            } else {
                "yes".into()
            };
            println!("{:<12} {:>30} {:>9.1} {:>16}  {m}", v.name(), timing_text(t), gbps, fmt(*got));
        }
    }
    let bad: Vec<&str> = rows.iter().filter(|r| !r.3).map(|r| r.0.name()).collect();
    if !bad.is_empty() {
        anyhow::bail!("{} disagree(s) with the CPU", bad.join(", "));
    }
    Ok(())
}
