use super::Global;
use anyhow::Context as _;
use std::path::PathBuf;
use workgroup::ops::histogram::{self, ChunkShape, LogRange, Measure, Params, Variant};
use workgroup::ops::images::{self, ColorFormat, Encoding, Rgba8};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: super::ImageInput,
    /// Raw texels instead of an image: a dump of a render target in --format's memory layout,
    /// row-major, no header (with --size)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["image", "synthetic"], requires = "size")]
    texels: Option<PathBuf>,
    /// log-luminance: also the auto exposure on the GPU (`Exposure`), the mean log2 luminance
    /// after cutting this many parts per million at each end (e.g. 5000), next to the CPU's
    #[arg(long, value_name = "PPM")]
    exposure: Option<u32>,
    /// The size of --texels, WxH
    #[arg(long, value_name = "WxH", requires = "texels", conflicts_with_all = ["image", "synthetic"])]
    size: Option<String>,
    /// Number of bins (1 ..= 4194304)
    #[arg(long, default_value_t = 256)]
    bins: u32,
    /// What is binned: luminance (seed 000), grey (seed 001), or log-luminance (octaves of linear
    /// luminance, for exposure; see --log-range). Default: luminance, or log-luminance for a
    /// float --format
    #[arg(long, value_enum)]
    measure: Option<MeasureArg>,
    /// log-luminance: the octaves binned, MIN:MAX (2^MIN <= L < 2^MAX; bins = octaves times a
    /// power of two)
    /// (default -16:16)
    #[arg(long, allow_hyphen_values = true, value_name = "MIN:MAX")]
    log_range: Option<String>,
    /// The image format fastest-sampled reads (the photo is stored in it; float formats get its
    /// linear light): rgba8, rgba8-srgb, bgra8, bgra8-srgb, rgba16f, rgba32f, b10g11r11f.
    /// Default: rgba8, or rgba32f for an HDR file (.hdr, .exr)
    #[arg(long)]
    format: Option<String>,
    /// Variant: cpu, cpu-par, single, racy, atomic, chunks-sum, chunks-reduce, global-atomic,
    /// shared, per-thread, fastest, fastest-image, fastest-sampled, auto (fastest that fits), all (a timed table), or a
    /// comma-separated list (a timed table of those)
    #[arg(long, default_value = "auto")]
    variant: String,
    /// Chunk shape of the chunk variants: 256x1 or 16x16 (any WxH within the device limits)
    #[arg(long, default_value = "256x1")]
    chunk: String,
    /// fastest: workgroups of the persistent grid (default: 3 per multiprocessor)
    #[arg(long)]
    groups: Option<u32>,
    /// fastest: invocations per workgroup (default 512)
    #[arg(long)]
    wg: Option<u32>,
    /// fastest: aggregate runs of equal bins inside a lane (true/false; default false)
    #[arg(long)]
    lane_runs: Option<bool>,
    /// fastest: 16-byte loads per invocation per iteration (1..=8; default 2)
    #[arg(long)]
    loads: Option<u32>,
    /// fastest: load the next iteration's pixels before counting this one (true/false; default true)
    #[arg(long)]
    prefetch: Option<bool>,
    /// fastest: warp-aggregated atomics via subgroupPartitionNV (NVIDIA; true/false)
    #[arg(long)]
    partitioned: Option<bool>,
    /// fastest: blocks binned without the one-colour test after one that failed it (default 3)
    #[arg(long, hide = true)]
    check_skip: Option<u32>,
    /// Timing: include the bins' zero fill in the timed region (default false: the fill comes before the start timestamp, as in the CUDA peer)
    #[arg(long, hide = true)]
    time_clear: Option<bool>,
    /// Timed runs per variant (median reported) with --variant all
    #[arg(long, default_value_t = 20, value_parser = super::runs_range())]
    runs: u32,
    /// Write the counts as CSV (bin,count) to stdout
    #[arg(long)]
    csv: bool,
    /// Draw the histogram (000's scale rule) beside the image into this PNG
    #[arg(long)]
    plot: Option<PathBuf>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum MeasureArg {
    Luminance,
    Grey,
    LogLuminance,
}

fn parse_log_range(s: &str) -> anyhow::Result<LogRange> {
    let bad = || anyhow::anyhow!("--log-range {s:?}: give MIN:MAX in octaves, e.g. -16:16");
    let (lo, hi) = s.split_once(':').ok_or_else(bad)?;
    Ok(LogRange { min: lo.trim().parse().map_err(|_| bad())?, max: hi.trim().parse().map_err(|_| bad())? })
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let chunk: ChunkShape = a.chunk.parse()?;
    let hdr_file = a.input.image.as_deref().filter(|p| images::is_float_file(p));
    let format: ColorFormat = match &a.format {
        Some(f) => f.parse()?,
        None if hdr_file.is_some() => ColorFormat::Rgba32f,
        None => ColorFormat::Rgba8,
    };
    let float = format.encoding() == Encoding::Float;
    let measure = match a.measure.unwrap_or(if float { MeasureArg::LogLuminance } else { MeasureArg::Luminance }) {
        MeasureArg::Luminance => Measure::Luminance,
        MeasureArg::Grey => Measure::Grey,
        MeasureArg::LogLuminance => Measure::LogLuminance(parse_log_range(a.log_range.as_deref().unwrap_or("-16:16"))?),
    };
    if a.log_range.is_some() && !matches!(measure, Measure::LogLuminance(_)) {
        anyhow::bail!("--log-range sets the octaves of --measure log-luminance (the default for float formats only)");
    }
    let params = Params {
        bins: a.bins,
        measure,
        chunk,
        groups: a.groups,
        workgroup: a.wg,
        lane_runs: a.lane_runs,
        loads: a.loads,
        prefetch: a.prefetch,
        partitioned: a.partitioned,
        check_skip: a.check_skip,
        time_clear: a.time_clear,
        format,
    };
    if a.bins == 0 {
        anyhow::bail!("--bins must be at least 1");
    }
    if a.runs == 0 {
        anyhow::bail!("--runs must be at least 1");
    }
    let all = a.variant == "all" || a.variant.contains(',');
    let listed: Vec<Variant> = if a.variant == "all" {
        Variant::ALL.to_vec()
    } else if all {
        if a.variant.split(',').any(|v| matches!(v.trim(), "auto" | "all")) {
            anyhow::bail!("--variant {}: auto and all stand alone; a list names variants", a.variant);
        }
        a.variant.split(',').map(|v| v.trim().parse()).collect::<Result<_, _>>()?
    } else {
        Vec::new()
    };
    let chosen: Option<Variant> = if all || a.variant == "auto" { None } else { Some(a.variant.parse()?) };
    // A table of variants prints timings, not one set of counts.
    if all && a.exposure.is_some() {
        anyhow::bail!("--exposure goes with one variant's counts, not with a table of variants (--variant {})", a.variant);
    }
    if all && a.csv {
        anyhow::bail!("--csv writes one variant's counts, not a table of variants (--variant {})", a.variant);
    }
    if a.csv && g.json {
        anyhow::bail!("--csv and --json both choose what stdout carries: give one");
    }
    super::check_output_as("--plot", a.plot.as_deref(), "png", "the plot")?;
    super::not_the_input("--plot", a.plot.as_deref(), a.input.image.as_deref())?;
    if a.texels.is_some() || hdr_file.is_some() {
        let (texels, label) = super::texels_of(&a.input, a.texels.as_deref(), a.size.as_deref(), format)?;
        return run_texels(g, a, &params, &texels, &label, chosen);
    }
    let (img, label) = a.input.load()?;
    let ctx = g.context()?;
    let info = ctx.info().clone();
    histogram::validate_fastest_knobs(&info, &params)?; // a wrong knob is wrong whichever variant runs
    if let Some(v) = chosen {
        histogram::validate(&info, &params, v)?;
    }
    if all {
        return table(g, &ctx, &img, &label, &params, a, &listed);
    }
    let variant = chosen.unwrap_or_else(|| histogram::auto(&info, &params));
    let counts = histogram::run(&ctx, &img, &params, variant)?;
    let exposure = exposure(&ctx, a, &params, &counts)?;
    g.finish(&ctx)?;
    if let Some(p) = &a.plot {
        draw(&img, &counts, p)?;
    }
    if variant == Variant::Racy {
        let sum: u64 = counts.iter().map(|&c| c as u64).sum();
        eprintln!("note: racy is wrong on purpose; it lost {} of {} counts this run", img.pixel_count() - sum, img.pixel_count());
    }
    let fields = serde_json::json!({"image": label});
    let heading = format!("{label}: {}x{} as {}", img.width, img.height, format.name());
    print_counts(g, a, fields, &heading, (img.width, img.height), &info.name, variant, &params, &counts, &exposure)
}

/// One variant's counts: as JSON (`fields` and the rest), CSV, or text under `heading`, then the
/// auto exposure if asked.
#[allow(clippy::too_many_arguments)]
fn print_counts(
    g: &Global,
    a: &Args,
    mut fields: serde_json::Value,
    heading: &str,
    (width, height): (u32, u32),
    device: &str,
    variant: Variant,
    params: &Params,
    counts: &[u32],
    exposure: &Option<serde_json::Value>,
) -> anyhow::Result<()> {
    if g.json {
        let rest = serde_json::json!({"width": width, "height": height, "device": device, "variant": variant.name(),
            "format": params.format.name(), "bins": params.bins, "measure": params.measure, "counts": counts, "exposure": exposure});
        if let (Some(f), Some(r)) = (fields.as_object_mut(), rest.as_object()) {
            f.extend(r.clone());
        }
        println!("{}", serde_json::to_string_pretty(&fields)?);
    } else if a.csv {
        println!("bin,count");
        for (b, c) in counts.iter().enumerate() {
            println!("{b},{c}");
        }
    } else {
        println!("{heading}, {} bins of {}, variant {} on {device}", params.bins, measure_name(params.measure), variant.name());
        for (b, c) in counts.iter().enumerate() {
            println!("{b:>5} {c}");
        }
        print_exposure(exposure);
    }
    Ok(())
}

fn table(
    g: &Global,
    ctx: &workgroup::gpu::Context,
    img: &Rgba8,
    label: &str,
    params: &Params,
    a: &Args,
    variants: &[Variant],
) -> anyhow::Result<()> {
    let info = ctx.info();
    histogram::validate_fastest_knobs(info, params)?;
    // What every variant shares (bins, the log range) is refused as the command's error, before
    // the CPU reference bins anything: as skipped rows it left a table of skips and exit 0.
    histogram::validate(info, params, Variant::Cpu)?;
    let reference = histogram::reference(img, params);
    let bytes = img.pixel_count() as f64 * params.format.texel_bytes() as f64;
    let mut rows = Vec::new();
    for &v in variants {
        if histogram::validate(info, params, v).is_err() {
            rows.push(serde_json::json!({"variant": v.name(), "skipped": histogram::validate(info, params, v).unwrap_err().to_string()}));
            continue;
        }
        let m = histogram::time(ctx, img, params, v, 3, a.runs).with_context(|| format!("variant {}", v.name()))?;
        let matches = m.counts == reference;
        let lost = if v == Variant::Racy {
            let sum: u64 = m.counts.iter().map(|&c| c as u64).sum();
            Some(img.pixel_count() - sum)
        } else {
            None
        };
        rows.push(serde_json::json!({
            "variant": v.name(), "on_gpu": m.on_gpu, "runs": m.timing.runs,
            "median_ms": m.timing.median_ns * 1e-6, "min_ms": m.timing.min_ns * 1e-6, "max_ms": m.timing.max_ns * 1e-6,
            "gb_per_s": bytes / m.timing.median_ns, "matches_reference": matches, "lost_counts": lost,
        }));
    }
    let racy_runs = if variants.contains(&Variant::Racy) && histogram::validate(info, params, Variant::Racy).is_ok() {
        histogram::racy_losses(ctx, img, params, 5)?
    } else {
        vec![]
    };
    g.finish(ctx)?;
    if let Some(p) = &a.plot {
        draw(img, &reference, p)?;
    }
    if g.json {
        let v = serde_json::json!({"image": label, "width": img.width, "height": img.height, "bins": params.bins,
            "measure": params.measure, "format": params.format.name(), "device": info.name, "driver": format!("{} {}", info.driver_name, info.driver_info),
            "rows": rows, "racy_lost_per_run": racy_runs});
        println!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(());
    }
    println!(
        "{label}: {}x{} ({:.1} MB) as {}, {} bins of {}, on {} ({} {})",
        img.width,
        img.height,
        bytes / 1e6,
        params.format.name(),
        params.bins,
        measure_name(params.measure),
        info.name,
        info.driver_name,
        info.driver_info
    );
    println!("| variant | where | median ms | min ms | max ms | runs | GB/s | matches cpu |");
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |");
    for r in &rows {
        if let Some(s) = r.get("skipped") {
            println!("| {} | | | | | | | skipped: {} |", r["variant"].as_str().unwrap_or(""), s.as_str().unwrap_or(""));
            continue;
        }
        let ok = match (r["matches_reference"].as_bool(), r["lost_counts"].as_u64()) {
            (Some(true), _) => "yes".to_string(),
            (_, Some(l)) => format!("NO (lost {l}, wrong on purpose)"),
            _ => "NO".to_string(),
        };
        println!(
            "| {} | {} | {:.4} | {:.4} | {:.4} | {} | {:.1} | {} |",
            r["variant"].as_str().unwrap_or(""),
            if r["on_gpu"].as_bool() == Some(true) { "GPU" } else { "CPU" },
            r["median_ms"].as_f64().unwrap_or(0.0),
            r["min_ms"].as_f64().unwrap_or(0.0),
            r["max_ms"].as_f64().unwrap_or(0.0),
            r["runs"],
            r["gb_per_s"].as_f64().unwrap_or(0.0),
            ok
        );
    }
    if !racy_runs.is_empty() {
        println!("racy lost per run (of {} pixels): {:?}", img.pixel_count(), racy_runs);
    }
    if rows.iter().any(|r| r["matches_reference"].as_bool() == Some(false) && r["variant"] != "racy") {
        anyhow::bail!("a variant disagreed with the CPU reference");
    }
    Ok(())
}

/// `--exposure CUT`: the counts uploaded, `Exposure` recorded on them, and the CPU's mean beside.
fn exposure(ctx: &workgroup::gpu::Context, a: &Args, params: &Params, counts: &[u32]) -> anyhow::Result<Option<serde_json::Value>> {
    let Some(cut) = a.exposure else { return Ok(None) };
    let Measure::LogLuminance(range) = params.measure else {
        anyhow::bail!("--exposure needs --measure log-luminance (the default for float formats)");
    };
    if cut >= 500_000 {
        anyhow::bail!("--exposure {cut}: cut fewer than 500000 parts per million at each end");
    }
    let e = histogram::Exposure::new(ctx, params.bins, range)?;
    let bins = workgroup::gpu::Buffer::from_slice(ctx, counts, "histogram")?;
    let out: workgroup::gpu::Buffer<u32> = workgroup::gpu::Buffer::new(ctx, 2, "exposure")?;
    ctx.submit(|rec| {
        e.record(rec, bins.raw(), cut, cut, out.raw())?;
        rec.barrier(workgroup::gpu::Sync::ComputeToTransfer);
        Ok(())
    })?;
    let gpu = f32::from_bits(ctx.read(&out)?[0]) as f64;
    let (cpu, pixels) = histogram::exposure_reference(counts, range, cut, cut);
    if (gpu - cpu).abs() > histogram::EXPOSURE_TOLERANCE {
        anyhow::bail!("exposure: the GPU's mean log2 luminance {gpu} differs from the CPU's {cpu}");
    }
    Ok(Some(serde_json::json!({"cut_ppm": cut, "mean_log2": gpu, "cpu_mean_log2": cpu, "pixels": pixels,
        "exposure_for_key_0_18": 0.18 / gpu.exp2()})))
}

fn print_exposure(e: &Option<serde_json::Value>) {
    if let Some(e) = e {
        let mean = e["mean_log2"].as_f64().unwrap_or(f64::NAN);
        println!(
            "auto exposure (Exposure, on the GPU): mean log2 luminance {mean:.5} (CPU {:.5}) after cutting {} ppm at each end; exposure for a key of 0.18: {:.5}",
            e["cpu_mean_log2"].as_f64().unwrap_or(f64::NAN),
            e["cut_ppm"],
            0.18 / mean.exp2()
        );
    }
}

/// `--texels` or an HDR file: one variant over texels of any format, its counts printed as for
/// an image.
fn run_texels(
    g: &Global,
    a: &Args,
    params: &Params,
    texels: &histogram::Texels,
    label: &str,
    chosen: Option<Variant>,
) -> anyhow::Result<()> {
    if a.variant == "all" || a.variant.contains(',') {
        anyhow::bail!(
            "texels of --texels or an HDR file are binned by one variant at a time (e.g. --variant fastest-sampled, then --variant cpu)"
        );
    }
    if a.plot.is_some() {
        anyhow::bail!("--plot draws an 8-bit photo beside the bars; not with --texels or an HDR file");
    }
    let (w, h) = (texels.width, texels.height);
    let ctx = g.context()?;
    let info = ctx.info().clone();
    histogram::validate_fastest_knobs(&info, params)?; // a wrong knob is wrong whichever variant runs
    let variant = chosen.unwrap_or_else(|| histogram::auto(&info, params));
    let counts = histogram::run_texels(&ctx, texels, params, variant)?;
    let exposure = exposure(&ctx, a, params, &counts)?;
    g.finish(&ctx)?;
    let heading = format!("{label}: {w}x{h} {}", params.format.name());
    print_counts(g, a, serde_json::json!({"texels": label}), &heading, (w, h), &info.name, variant, params, &counts, &exposure)
}

fn measure_name(m: Measure) -> String {
    match m {
        Measure::Luminance => "luminance".into(),
        Measure::Grey => "grey".into(),
        Measure::LogLuminance(r) => format!("log-luminance (2^{} to 2^{})", r.min, r.max),
    }
}

/// Draws one bar per bin with 000's scale rule, `scale = max(1/max, 0.2 * bins / pixels)`,
/// the image beside the bars, and writes the PNG atomically.
pub fn draw(img: &Rgba8, counts: &[u32], path: &std::path::Path) -> anyhow::Result<()> {
    let h = 320u32;
    let bins = counts.len() as u32;
    let bar_w = (768 / bins).clamp(1, 8);
    let plot_w = (bar_w * bins).min(1024);
    let thumb_w = ((img.width as u64 * h as u64) / img.height as u64).clamp(1, 1024) as u32;
    let pad = 12;
    let (w, total_h) = (plot_w + thumb_w + 3 * pad, h + 2 * pad);
    let mut out = vec![255u8; (w * total_h * 4) as usize];
    let put = |out: &mut Vec<u8>, x: u32, y: u32, c: [u8; 4]| {
        let i = ((y * w + x) * 4) as usize;
        out[i..i + 4].copy_from_slice(&c);
    };
    let max = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let pixels = img.pixel_count() as f64;
    let scale = (1.0 / max).max(0.2 * bins as f64 / pixels);
    for x in 0..plot_w {
        // A column covers one bin (or several when there are more bins than columns).
        let b0 = (x as u64 * bins as u64 / plot_w as u64) as usize;
        let b1 = (((x + 1) as u64 * bins as u64).div_ceil(plot_w as u64) as usize).max(b0 + 1);
        let c = counts[b0..b1.min(counts.len())].iter().copied().max().unwrap_or(0) as f64;
        let bar = ((c * scale).min(1.0) * h as f64).round() as u32;
        for y in 0..bar {
            put(&mut out, pad + x, pad + h - 1 - y, [40, 70, 160, 255]);
        }
    }
    for y in 0..h {
        put(&mut out, pad - 1, pad + y, [0, 0, 0, 255]);
    }
    for x in 0..plot_w {
        put(&mut out, pad + x, pad + h, [0, 0, 0, 255]);
    }
    let x0 = plot_w + 2 * pad;
    for y in 0..h {
        let sy = (y as u64 * img.height as u64 / h as u64) as u32;
        for x in 0..thumb_w {
            let sx = (x as u64 * img.width as u64 / thumb_w as u64) as u32;
            let i = (sy as usize * img.width as usize + sx as usize) * 4; // past 2^30 pixels u32 wraps
            let p = &img.pixels[i..i + 4];
            put(&mut out, x0 + x, pad + y, [p[0], p[1], p[2], 255]);
        }
    }
    images::save_png(&Rgba8::new(w, total_h, out)?, path)?;
    Ok(())
}

/// The tour's histogram step: every variant on a bundled photo, and the plot.
pub fn tour(g: &Global) -> anyhow::Result<()> {
    use clap::Parser;
    #[derive(clap::Parser)]
    struct Wrap {
        #[command(flatten)]
        a: Args,
    }
    let mut w = Wrap::try_parse_from(["histogram", "--variant", "all", "--runs", "5", "--plot", "histogram.png"])?;
    // The photo compiled into the binary, as blur's and gray's demos use theirs.
    w.a.input = super::ImageInput::bundled("chelsea.png");
    run(g, &w.a)?;
    println!("plot written to histogram.png");
    // The same photo as an engine's HDR target: half floats of its linear light, read as a
    // sampled image and binned by log-luminance (8 bins an octave).
    let mut w = Wrap::try_parse_from(["histogram", "--variant", "cpu,fastest-sampled", "--runs", "5", "--format", "rgba16f"])?;
    w.a.input = super::ImageInput::bundled("chelsea.png");
    println!("\nthe same photo as an engine's HDR target (rgba16f, a sampled image, log-luminance):");
    run(g, &w.a)
}
