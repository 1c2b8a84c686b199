use super::Global;

#[derive(clap::Args)]
pub struct Args {
    /// Megabytes of data (use more than the last-level cache: 256 on H100/H200)
    #[arg(long, default_value_t = 256)]
    mb: u64,
    /// Timed runs (median reported)
    #[arg(long, default_value_t = 20, value_parser = super::runs_range())]
    runs: u32,
    /// The read kernel's rate by data size instead: sizes of 1, 1.5, 2, 3, 4, 6, ... MiB up to --mb, each size read
    /// over and over in one dispatch (more than half of --mb read), so that what fits a cache is read from it;
    /// on a large GPU use --mb 1024 or more, so that every dispatch lasts long past its start
    #[arg(long)]
    sweep: bool,
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    if a.mb == 0 || a.runs == 0 {
        anyhow::bail!("--mb and --runs must be at least 1");
    }
    let ctx = g.context()?;
    let asked = a.mb.saturating_mul(1 << 20);
    if a.sweep {
        return sweep(g, &ctx, asked, a.runs);
    }
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

fn sweep(g: &Global, ctx: &workgroup::gpu::Context, asked: u64, runs: u32) -> anyhow::Result<()> {
    let rows = workgroup::ops::bandwidth::cache_sweep(ctx, asked, runs)?;
    g.finish(ctx)?;
    if g.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(());
    }
    println!("read kernel by data size on {} (each size read over and over in one dispatch)", ctx.info().name);
    println!("| data MiB | reads per dispatch | median ms | min ms | max ms | GB/s |");
    println!("| ---: | ---: | ---: | ---: | ---: | ---: |");
    for r in rows {
        println!(
            "| {} | {} | {:.4} | {:.4} | {:.4} | {:.0} |",
            r.bytes as f64 / (1u64 << 20) as f64,
            r.repeats,
            r.timing.median_ns * 1e-6,
            r.timing.min_ns * 1e-6,
            r.timing.max_ns * 1e-6,
            r.gb_per_s
        );
    }
    Ok(())
}
