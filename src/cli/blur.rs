//! `workgroup blur`: seed 003's box blur, one variant or the table of all.
use super::Global;
use std::path::PathBuf;
use workgroup::ops::blur::{self, Blurred, FastestConfig, Params, Variant};
use workgroup::ops::images::{self, ColorFormat};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: super::ImageInput,
    /// Raw texels instead of an image: a dump of a render target in --format's memory layout,
    /// row-major, no header (with --size)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["image", "synthetic"], requires = "size")]
    texels: Option<PathBuf>,
    /// The size of --texels, WxH
    #[arg(long, value_name = "WxH", requires = "texels", conflicts_with_all = ["image", "synthetic"])]
    size: Option<String>,
    /// The image format fastest-sampled reads: rgba8, rgba8-srgb, bgra8, bgra8-srgb (the stored
    /// codes blurred, written as rgba8) or rgba16f, rgba32f, b10g11r11f (each pass the exact
    /// window mean rounded to half, written as rgba16f). The photo is stored in it (float formats
    /// get its linear light). Default: rgba8, or rgba16f for an HDR file (.exr, .hdr)
    #[arg(long)]
    format: Option<String>,
    /// Write the blurred image here, atomically: PNG for 8-bit results, OpenEXR (*.exr) for
    /// float ones
    #[arg(short, long, value_name = "OUT.png|OUT.exr")]
    output: Option<PathBuf>,
    /// Box size N (1..=128); even N centres on the left/upper middle texel
    #[arg(long, default_value_t = 15)]
    filter: u32,
    /// Horizontal + vertical passes repeated
    #[arg(long, default_value_t = 1)]
    iterations: u32,
    /// cpu, naive, separable, tiled, fastest, fastest-sampled, or all (a table). Default:
    /// fastest, or fastest-sampled for another format than rgba8 (the only variant that reads them)
    #[arg(long)]
    variant: Option<String>,
    /// Timed runs per variant (median, min, max of GPU timestamps)
    #[arg(long, default_value_t = 10, value_parser = super::runs_range())]
    runs: u32,
    /// fastest: output tile WxH (width a power of two 16..=256, height 16..=256 or 0 = 64 - (N - 1); shrinks where shared memory is short)
    #[arg(long, value_name = "WxH", hide = true)]
    tile: Option<String>,
    /// fastest: invocations per workgroup (power of two, >= tile width)
    #[arg(long, value_name = "N", hide = true)]
    wg: Option<u32>,
    /// fastest: phase-1 outputs per invocation (4, 8 or 16)
    #[arg(long, value_name = "N", hide = true)]
    px: Option<u32>,
    /// fastest: 16-byte uvec4 loads/stores in phase 1 (true) or scalar (false)
    #[arg(long, value_name = "BOOL", hide = true)]
    vec_loads: Option<bool>,
    /// fastest: 0 = tile kernel; R = streaming kernel, strips of R rows (power of two 16..=4096),
    /// --tile WxH = strip width x rows per step
    #[arg(long, value_name = "R", hide = true)]
    stream_rows: Option<u32>,
    /// fastest, streaming kernel: load the next step's rows before this step's vertical pass
    #[arg(long, value_name = "BOOL", hide = true)]
    prefetch: Option<bool>,
    /// fastest-sampled: tile width x rows in shared memory x workgroup x px (default: per format and filter)
    #[arg(long, value_name = "TWxROWSxWGxPX", hide = true)]
    sampled_shape: Option<String>,
    /// fastest-sampled: 0 for the fused tile, else the running-sum passes with this many outputs
    /// an invocation (default: per format and filter)
    #[arg(long, value_name = "S", hide = true)]
    sampled_segment: Option<u32>,
    /// Diagnosis: print the driver's statistics of fastest's pipeline (registers, spills, ...)
    #[arg(long, hide = true)]
    stats: bool,
    /// fastest, streaming kernel: the ring holds 16-bit-lane words (8 bytes a texel) instead of rgba8
    #[arg(long, value_name = "BOOL", hide = true)]
    ring_lanes: Option<bool>,
}

impl Args {
    /// The tour's demo: a bundled photo, every variant.
    pub fn demo() -> Args {
        Args {
            input: super::ImageInput::bundled("chelsea.png"),
            texels: None,
            size: None,
            format: None,
            output: None,
            filter: 15,
            iterations: 1,
            variant: Some("all".into()),
            runs: 3,
            tile: None,
            wg: None,
            px: None,
            vec_loads: None,
            stream_rows: None,
            prefetch: None,
            ring_lanes: None,
            sampled_shape: None,
            sampled_segment: None,
            stats: false,
        }
    }

    /// The tour's second blur: the same photo as an engine's HDR target (rgba16f, sampled).
    pub fn demo_hdr() -> Args {
        Args { format: Some("rgba16f".into()), ..Args::demo() }
    }

    /// `fastest`'s knobs: the defaults overridden by the hidden options.
    fn fastest_config(&self) -> anyhow::Result<FastestConfig> {
        let mut c = FastestConfig::default();
        if let Some(t) = &self.tile {
            let parsed = t.split_once('x').and_then(|(w, h)| Some([w.trim().parse().ok()?, h.trim().parse().ok()?]));
            c.tile = parsed.ok_or_else(|| anyhow::anyhow!("--tile {t:?}: use WxH, e.g. 64x64"))?;
        }
        c.workgroup = self.wg.unwrap_or(c.workgroup);
        c.px = self.px.unwrap_or(c.px);
        c.vec_loads = self.vec_loads.unwrap_or(c.vec_loads);
        c.stream_rows = self.stream_rows.unwrap_or(c.stream_rows);
        c.prefetch = self.prefetch.unwrap_or(c.prefetch);
        c.ring_lanes = self.ring_lanes.unwrap_or(c.ring_lanes);
        if let Some(t) = &self.sampled_shape {
            let v: Vec<u32> = t.split('x').filter_map(|p| p.trim().parse().ok()).collect();
            let [tile_w, rows, workgroup, px] = v[..] else {
                anyhow::bail!("--sampled-shape {t:?}: use TWxROWSxWGxPX, e.g. 32x64x128x8");
            };
            c.sampled = Some(blur::SampledShape { tile_w, rows, workgroup, px });
        }
        c.sampled_segment = self.sampled_segment;
        c.check()?;
        Ok(c)
    }
}

#[derive(serde::Serialize)]
struct Row {
    variant: Variant,
    /// "gpu timestamps" or "cpu wall clock"
    clock: &'static str,
    runs: u32,
    median_ms: f64,
    min_ms: f64,
    max_ms: f64,
    gb_per_s: f64,
    matches_cpu: bool,
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let hdr_file = a.input.image.as_deref().is_some_and(images::is_float_file);
    let format: ColorFormat = match &a.format {
        Some(f) => f.parse()?,
        // The float blur works in halves: an HDR file's colours go to rgba16f.
        None if hdr_file => ColorFormat::Rgba16f,
        None => ColorFormat::Rgba8,
    };
    let variants: Vec<Variant> = match a.variant.as_deref() {
        Some("all") if format == ColorFormat::Rgba8 => Variant::ALL.to_vec(),
        Some("all") => vec![Variant::Cpu, Variant::FastestSampled],
        Some(v) => vec![v.parse()?],
        None if format == ColorFormat::Rgba8 => vec![Variant::Fastest],
        None => vec![Variant::FastestSampled],
    };
    if a.runs == 0 {
        anyhow::bail!("--runs 0: it must be at least 1");
    }
    match blur::output_format(format) {
        ColorFormat::Rgba16f => super::check_output_as("--output", a.output.as_deref(), "exr", "a float result")?,
        _ => super::check_output_as("--output", a.output.as_deref(), "png", "an 8-bit result")?,
    }
    let (texels, label) = super::texels_of(&a.input, a.texels.as_deref(), a.size.as_deref(), format)?;
    let params = Params { filter: a.filter, iterations: a.iterations };
    let cfg = a.fastest_config()?;
    let ctx = g.context()?;
    for &v in &variants {
        blur::validate_texels(ctx.info(), &texels, params, v, &cfg)?;
    }
    let cfg = cfg.for_device(ctx.info(), params.filter);
    let (tw, th, _) = cfg.tile_for(ctx.info().max_shared_memory_bytes, params.filter);
    let mut knobs = format!("tile {tw}x{th}, wg {}, px {}, vec_loads {}", cfg.workgroup, cfg.px, cfg.vec_loads);
    if cfg.streams() {
        knobs += &format!(", stream_rows {}, prefetch {}, ring_lanes {}", cfg.stream_rows, cfg.prefetch, cfg.ring_lanes);
    }
    let reference = blur::reference_texels(&texels, params)?;
    let bytes = blur::ideal_bytes_of(texels.format, texels.width, texels.height, params) as f64;
    let mut rows = Vec::new();
    let mut result = None;
    for (i, &v) in variants.iter().enumerate() {
        // A fresh device per variant after the first, as in `compact` and the study: on an H200
        // `fastest` at filter 3 measured 0.107 ms after the other variants on one device, 0.067
        // on its own.
        let ctx = if i == 0 { ctx.clone() } else { g.context()? };
        let (t, out) = blur::time_texels_with(&ctx, &texels, params, v, cfg, 2, a.runs)?;
        g.finish(&ctx)?;
        rows.push(Row {
            variant: v,
            clock: if v == Variant::Cpu { "cpu wall clock" } else { "gpu timestamps" },
            runs: t.runs,
            median_ms: t.median_ns * 1e-6,
            min_ms: t.min_ns * 1e-6,
            max_ms: t.max_ns * 1e-6,
            gb_per_s: if t.median_ns > 0.0 { bytes / t.median_ns } else { 0.0 },
            matches_cpu: out.same_as(&reference),
        });
        result = Some(out);
    }
    g.finish(&ctx)?;
    // --stats: the driver's statistics of fastest's pipeline (empty where the driver has none).
    let stats = if a.stats && variants.contains(&Variant::Fastest) {
        Some(blur::Blur::with_config(&ctx, Variant::Fastest, cfg)?.fastest_statistics(&ctx, params.filter)?)
    } else if a.stats && variants.contains(&Variant::FastestSampled) {
        Some(blur::Blur::with_config(&ctx, Variant::FastestSampled, cfg)?.sampled_statistics(&ctx, format, params.filter)?)
    } else {
        None
    };
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "image": label, "width": texels.width, "height": texels.height,
            "format": format.name(), "output_format": blur::output_format(format).name(),
            "filter": params.filter, "iterations": params.iterations, "ideal_bytes": bytes, "results": rows,
            "output": a.output,
            "fastest_config": {"tile": [tw, th], "workgroup": cfg.workgroup, "px": cfg.px, "vec_loads": cfg.vec_loads,
                "stream_rows": cfg.stream_rows, "prefetch": cfg.prefetch, "ring_lanes": cfg.ring_lanes},
            "fastest_sampled_form": blur::sampled_form(ctx.info(), &cfg, format, params.filter),
            "fastest_statistics": stats.as_ref().map(|st| st.iter().cloned().collect::<std::collections::BTreeMap<String, String>>()),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "blur {label} ({}x{} {}, written as {}), filter {}, {} iteration(s), device {}; {} timed runs (gpu timestamps; cpu: wall clock)",
            texels.width,
            texels.height,
            format.name(),
            blur::output_format(format).name(),
            params.filter,
            params.iterations,
            ctx.info().name,
            a.runs
        );
        if variants.contains(&Variant::Fastest) {
            println!("fastest: {knobs}");
        }
        if variants.contains(&Variant::FastestSampled) {
            println!("fastest-sampled: {}", blur::sampled_form(ctx.info(), &cfg, format, params.filter));
        }
        println!("GB/s counts the ideal traffic: the image read and written once per iteration ({bytes:.0} bytes)");
        println!("{:<15} {:>10} {:>10} {:>10} {:>9}  matches cpu", "variant", "median ms", "min ms", "max ms", "GB/s");
        for r in &rows {
            println!(
                "{:<15} {:>10.4} {:>10.4} {:>10.4} {:>9.2}  {}",
                r.variant.name(),
                r.median_ms,
                r.min_ms,
                r.max_ms,
                r.gb_per_s,
                if r.matches_cpu { "yes" } else { "NO" }
            );
        }
    }
    if let (Some(stats), false) = (&stats, g.json) {
        let st: Vec<String> = stats.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let which = if variants.contains(&Variant::Fastest) { "fastest" } else { "fastest-sampled" };
        println!("{which} pipeline: {}", if st.is_empty() { "no driver statistics".to_string() } else { st.join(", ") });
    }
    let bad: Vec<&str> = rows.iter().filter(|r| !r.matches_cpu).map(|r| r.variant.name()).collect();
    if !bad.is_empty() {
        anyhow::bail!("blur variant(s) {} differ from the cpu reference", bad.join(", "));
    }
    // Written only once every variant agreed with the CPU: never a wrong image.
    if let Some(path) = &a.output {
        // Every variant wrote the reference; write the one the user saw last.
        match result.as_ref().unwrap_or(&reference) {
            Blurred::Codes(img) => images::save_png(img, path)?,
            Blurred::Halves(img) => images::save_exr(img, path)?,
        }
        if !g.json {
            println!("wrote {}", path.display());
        }
    }
    Ok(())
}
