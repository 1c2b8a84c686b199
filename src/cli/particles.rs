//! `workgroup particles`: seed 004's particle system, per-frame dispatches and ours (fused).
use super::{timing_text, variants, Global};
use workgroup::ops::particles::{self, Variant};

#[derive(clap::Args)]
pub struct Args {
    /// Number of particles
    #[arg(long, default_value_t = 65536, allow_hyphen_values = true)] // "-5": a message on the value
    pub n: usize,
    /// Frames to simulate (at 60 per second)
    #[arg(long, default_value_t = 600)]
    pub frames: u32,
    /// per-frame, fused, a comma-separated list, or all
    #[arg(long, default_value = "all")]
    pub variant: String,
    /// Timed runs per variant (each from the spawn state)
    #[arg(long, default_value_t = 5, value_parser = super::runs_range())]
    pub runs: u32,
}

impl Args {
    pub fn demo() -> Args {
        Args { n: 4096, frames: 120, variant: "all".into(), runs: 3 }
    }
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let variants = variants(&a.variant, &Variant::ALL)?;
    if a.n == 0 {
        anyhow::bail!("--n 0: there are no particles to simulate");
    }
    if a.frames == 0 {
        anyhow::bail!("--frames 0: simulate at least one frame");
    }
    particles::check_frames(a.frames).map_err(|_| anyhow::anyhow!("--frames {}: at most {}", a.frames, particles::MAX_FRAMES))?;
    if a.runs == 0 {
        anyhow::bail!("--runs 0: it must be at least 1");
    }
    let ctx = g.context()?;
    let max = particles::max_particles(&ctx);
    if a.n > max {
        anyhow::bail!("--n {}: at most {max} particles on {} (one storage binding)", a.n, ctx.info().name);
    }
    // The CPU reference, a hundredth of the frames at a time: a long one (millions of particles
    // over many thousands of frames take minutes) shows its progress on a terminal after 2 s.
    let t0 = std::time::Instant::now();
    let bar = indicatif::ProgressBar::hidden();
    let want = particles::reference_in_steps(a.n, a.frames, a.frames.div_ceil(100), |done| {
        if bar.is_hidden() && t0.elapsed().as_secs() >= 2 {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.set_length(a.frames as u64);
            bar.set_style(
                indicatif::ProgressStyle::with_template("CPU reference {bar:30} {pos}/{len} frames {elapsed} (eta {eta})").unwrap(),
            );
        }
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let cpu_ms = t0.elapsed().as_secs_f64() * 1e3;
    let mut rows = Vec::new();
    for &v in &variants {
        let (t, got) = particles::time(&ctx, a.n, a.frames, v, 1, a.runs)?;
        rows.push((v, t, got == want));
    }
    g.finish(&ctx)?;
    let alive = want.iter().filter(|p| p.life > 0).count();
    let mean_height = want.iter().map(|p| p.pos[1] as f64).sum::<f64>() / a.n as f64;
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "n": a.n, "frames": a.frames, "cpu_ms": cpu_ms,
            "mean_height": mean_height, "alive": alive,
            "results": rows.iter().map(|(v, t, ok)| serde_json::json!({
                "variant": v.name(), "median_ms": t.median_ns * 1e-6, "min_ms": t.min_ns * 1e-6,
                "max_ms": t.max_ns * 1e-6, "runs": t.runs, "ms_per_frame": t.median_ns * 1e-6 / a.frames as f64, "matches_cpu": ok,
            })).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "particles: {} for {} frames on {}; CPU (rayon) {cpu_ms:.2} ms; after the last frame {alive} alive, mean height {mean_height:.3}",
            a.n,
            a.frames,
            ctx.info().name
        );
        println!("{:<10} {:>30} {:>12}  matches-cpu  what", "variant", "GPU median ms (min..max)", "ms/frame");
        for (v, t, ok) in &rows {
            let per = t.median_ns * 1e-6 / a.frames as f64;
            println!(
                "{:<10} {:>30} {:>12.5}  {:<11}  {}",
                v.name(),
                timing_text(t),
                per,
                if *ok { "yes (bit for bit)" } else { "NO" },
                v.description()
            );
        }
    }
    let bad: Vec<&str> = rows.iter().filter(|r| !r.2).map(|r| r.0.name()).collect();
    if !bad.is_empty() {
        anyhow::bail!("{} disagree(s) with the CPU", bad.join(", "));
    }
    Ok(())
}
