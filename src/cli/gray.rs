//! `workgroup gray`: seed 004's grayscale kernel, its column-major counter-example and ours.
use super::{timing_text, variants, Global};
use std::path::PathBuf;
use workgroup::ops::gray::{self, Variant};
use workgroup::ops::images;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: super::ImageInput,
    /// Write the grey image here as PNG (written atomically)
    #[arg(short, long, value_name = "OUT.png")]
    output: Option<PathBuf>,
    /// row-major, column-major, vec4, a comma-separated list, or all (a table)
    #[arg(long, default_value = "all")]
    variant: String,
    /// Timed runs per variant (median, min, max of GPU timestamps)
    #[arg(long, default_value_t = 10, value_parser = super::runs_range())]
    runs: u32,
}

impl Args {
    /// The tour's demo: a bundled photo, every variant.
    pub fn demo() -> Args {
        Args { input: super::ImageInput::bundled("coffee.png"), output: None, variant: "all".into(), runs: 3 }
    }
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let variants = variants(&a.variant, &Variant::ALL)?;
    if a.runs == 0 {
        anyhow::bail!("--runs 0: it must be at least 1");
    }
    super::check_output_as("--output", a.output.as_deref(), "png", "the grey image")?;
    let (img, label) = a.input.load()?;
    let ctx = g.context()?;
    let want = workgroup::cpu::gray::gray(&img);
    let bytes = img.pixel_count() as f64 * 8.0; // read and written once
    let mut rows = Vec::new();
    for &v in &variants {
        let (t, out) = gray::time(&ctx, &img, v, 2, a.runs)?;
        let gbps = if t.median_ns > 0.0 { bytes / t.median_ns } else { 0.0 };
        rows.push((v, t, gbps, out == want));
    }
    g.finish(&ctx)?;
    if let Some(path) = &a.output {
        images::save_png(&want, path)?; // every matching variant's result is this image
    }
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "image": label, "width": img.width, "height": img.height,
            "results": rows.iter().map(|(v, t, gbps, ok)| serde_json::json!({
                "variant": v.name(), "median_ms": t.median_ns * 1e-6, "min_ms": t.min_ns * 1e-6,
                "max_ms": t.max_ns * 1e-6, "runs": t.runs, "gb_per_s": gbps, "matches_cpu": ok,
            })).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!("gray: {label} ({}x{}) on {}; GB/s counts the image read and written once", img.width, img.height, ctx.info().name);
        println!("{:<13} {:>30} {:>9}  matches-cpu  what", "variant", "GPU median ms (min..max)", "GB/s");
        for (v, t, gbps, ok) in &rows {
            println!("{:<13} {:>30} {:>9.1}  {:<11}  {}", v.name(), timing_text(t), gbps, if *ok { "yes" } else { "NO" }, v.description());
        }
        if let Some(path) = &a.output {
            println!("wrote {}", path.display());
        }
    }
    let bad: Vec<&str> = rows.iter().filter(|r| !r.3).map(|r| r.0.name()).collect();
    if !bad.is_empty() {
        anyhow::bail!("{} disagree(s) with the CPU", bad.join(", "));
    }
    Ok(())
}
