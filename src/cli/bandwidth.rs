use super::Global;

#[derive(clap::Args)]
pub struct Args {
    /// Megabytes of data (use more than the last-level cache: 256 on H100/H200)
    #[arg(long, default_value_t = 256)]
    mb: u64,
    /// Timed runs (median reported)
    #[arg(long, default_value_t = 20, value_parser = super::runs_range())]
    runs: u32,
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    if a.mb == 0 || a.runs == 0 {
        anyhow::bail!("--mb and --runs must be at least 1");
    }
    let ctx = g.context()?;
    let asked = a.mb.saturating_mul(1 << 20);
    let rows = workgroup::ops::bandwidth::measure_all(&ctx, asked, a.runs)?;
    g.finish(&ctx)?;
    if g.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    // The probes bind their data whole: past the device's largest binding they measure that much.
    let capped = if rows[0].bytes < asked { format!(", the largest binding here, of {} asked", a.mb) } else { String::new() };
    println!("bandwidth on {} ({} MiB of data{capped}; copies count read + write)", ctx.info().name, rows[0].bytes >> 20);
    // The shader cores' clock probed after each probe's timed runs (GPUs with the subgroup clock).
    println!("| probe | median ms | min ms | max ms | GB/s | SM clock MHz |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for r in rows {
        let clock = r.timing.sm_clock_mhz.map_or("-".to_string(), |m| format!("{m:.0}"));
        println!(
            "| {} | {:.4} | {:.4} | {:.4} | {:.0} | {clock} |",
            r.probe.name(),
            r.timing.median_ns * 1e-6,
            r.timing.min_ns * 1e-6,
            r.timing.max_ns * 1e-6,
            r.gb_per_s
        );
    }
    Ok(())
}
