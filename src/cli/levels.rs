//! `workgroup levels`: auto levels from the luminance histogram, every step on the GPU, and the
//! histograms drawn on the GPU (seed 000's open ideas).
use super::{timing_text, Global};
use std::path::PathBuf;
use workgroup::ops::images::{self, ColorFormat};
use workgroup::ops::levels;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: super::ImageInput,
    /// Raw texels instead of an image: a dump of an 8-bit render target in --format's memory
    /// layout (default rgba8), row-major, no header (with --size)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["image", "synthetic", "frames"], requires = "size")]
    texels: Option<PathBuf>,
    /// The size of --texels, WxH
    #[arg(long, value_name = "WxH", requires = "texels", conflicts_with_all = ["image", "synthetic", "frames"])]
    size: Option<String>,
    /// Read the frame as an engine's sampled image of this 8-bit format: rgba8, rgba8-srgb,
    /// bgra8 or bgra8-srgb (`Levels::record_sampled`; its stored codes are adjusted, written to
    /// an rgba8 image). The photo's codes are stored in it
    #[arg(long, conflicts_with_all = ["images", "frames"])]
    format: Option<String>,
    /// Write the adjusted image here as PNG (written atomically)
    #[arg(short, long, value_name = "OUT.png")]
    output: Option<PathBuf>,
    /// Draw the histograms before and after (256 x 256, drawn on the GPU) into this PNG
    #[arg(long, value_name = "CHART.png")]
    chart: Option<PathBuf>,
    /// Time the frame without steps 4 and 5 (the histogram after and the chart): the adjustment alone
    #[arg(long, conflicts_with = "chart")]
    without_chart: bool,
    /// Percent of the pixels that may fall outside the levels at each end (0 to 49.9999)
    #[arg(long, default_value_t = 0.5, allow_negative_numbers = true)]
    clip: f64,
    /// A video of N frames made from the image (its exposure rising from dull to bright): the
    /// first frame with its own levels, every later one in one pass with the levels of the frame
    /// before (as auto exposure); -o writes the last frame
    #[arg(long, value_name = "N", conflicts_with_all = ["chart", "without_chart"])]
    video: Option<u32>,
    /// Adjust every image in this folder, in file-name order, as the frames of a video (e.g.
    /// extracted with `ffmpeg -i in.mp4 DIR/%05d.png`): one submission a frame, the levels one
    /// frame late after the first, every frame checked against the CPU
    #[arg(long, value_name = "DIR", conflicts_with_all = ["image", "synthetic", "video", "chart", "without_chart", "output"])]
    frames: Option<PathBuf>,
    /// With --frames: write the adjusted frames into this folder as PNG, named as their inputs
    #[arg(long, value_name = "DIR", requires = "frames")]
    out_dir: Option<PathBuf>,
    /// Timed frames (median, min, max of GPU timestamps, the whole frame and each step; default
    /// 10). Not with --frames, where each frame runs once
    #[arg(long, conflicts_with = "frames", value_parser = super::runs_range())]
    runs: Option<u32>,
    /// Keep the pixels in rgba8 storage images (imageLoad / imageStore, as an engine's rendered
    /// frame: `Levels::record_images`) instead of buffers of packed pixels
    #[arg(long, conflicts_with = "frames")]
    images: bool,
}

impl Args {
    /// The tour's demo: a bundled photo, with the chart.
    pub fn demo() -> Args {
        Args {
            input: super::ImageInput::bundled("chelsea.png"),
            output: None,
            chart: None,
            without_chart: false,
            video: None,
            frames: None,
            out_dir: None,
            clip: 0.5,
            runs: Some(3),
            images: false,
            texels: None,
            size: None,
            format: None,
        }
    }

    /// The tour's second levels demo: the photo as a swapchain's sampled sRGB BGRA image.
    pub fn demo_swapchain() -> Args {
        Args { format: Some("bgra8-srgb".into()), ..Args::demo() }
    }

    /// The format of --format (or of --texels without it).
    fn color_format(&self) -> anyhow::Result<ColorFormat> {
        let Some(name) = &self.format else { return Ok(ColorFormat::Rgba8) };
        let format: ColorFormat = name.parse()?;
        levels::check_sampled_format(format).map_err(|e| anyhow::anyhow!("--format {name}: {e}"))?;
        Ok(format)
    }

    /// Where the frame's pixels are.
    fn storage(&self) -> anyhow::Result<levels::Storage> {
        Ok(match (&self.format, self.images) {
            (Some(_), _) => levels::Storage::Sampled(self.color_format()?),
            (None, true) => levels::Storage::Images,
            (None, false) => levels::Storage::Buffers,
        })
    }
}

fn storage_name(storage: levels::Storage) -> String {
    match storage {
        levels::Storage::Buffers => "buffers".into(),
        levels::Storage::Images => "rgba8 storage images".into(),
        levels::Storage::Sampled(f) => format!("a sampled {} image, into an rgba8 storage image", f.name()),
    }
}

/// `--clip` percent in parts per million.
fn clip_ppm(percent: f64) -> anyhow::Result<u32> {
    let ppm = (percent * 10_000.0).round();
    if !percent.is_finite() || !(0.0..=levels::MAX_CLIP_PPM as f64).contains(&ppm) {
        anyhow::bail!("--clip {percent}: use a percent from 0 to 49.9999 (less than half the pixels at each end)");
    }
    Ok(ppm as u32)
}

pub fn run(g: &Global, a: &Args) -> anyhow::Result<()> {
    let ppm = clip_ppm(a.clip)?;
    let runs = a.runs.unwrap_or(10);
    if runs == 0 {
        anyhow::bail!("--runs 0: it must be at least 1");
    }
    super::check_output_as("--output", a.output.as_deref(), "png", "the adjusted image")?;
    super::check_output_as("--chart", a.chart.as_deref(), "png", "the chart")?;
    super::distinct_outputs(("--output", a.output.as_deref()), ("--chart", a.chart.as_deref()))?;
    super::not_the_input("--chart", a.chart.as_deref(), a.input.image.as_deref())?;
    // (clap's `requires` is not checked where --frames conflicts with an option given, as the
    // image or --synthetic: so here.)
    if a.out_dir.is_some() && a.frames.is_none() {
        anyhow::bail!("--out-dir goes with --frames DIR (the adjusted frames); for one image use --output FILE");
    }
    if let Some(dir) = &a.frames {
        return frames(g, a, dir, ppm);
    }
    if let Some(frames) = a.video {
        if !(2..=1000).contains(&frames) {
            anyhow::bail!("--video {frames}: use 2 to 1000 frames");
        }
    }
    let storage = a.storage()?;
    // An 8-bit format stores the codes as they are: the frame is its codes in RGBA order.
    let (img, label) = match &a.texels {
        Some(raw) => {
            let (texels, label) = super::texels_of(&a.input, Some(raw), a.size.as_deref(), a.color_format()?)?;
            (texels.codes()?, label)
        }
        None => a.input.load()?,
    };
    if let Some(frames) = a.video {
        return video(g, a, storage, &img, &label, ppm, frames, runs);
    }
    let ctx = g.context()?;
    let want = workgroup::cpu::levels::frame(&img, ppm);
    let with_chart = !a.without_chart;
    let (t, out) = levels::time_on(&ctx, &img, storage, ppm, with_chart, 2, runs)?;
    g.finish(&ctx)?;
    let levels_ok = out.levels == want.levels;
    let image_ok = out.image == want.image;
    let chart_ok = !with_chart || out.chart.as_ref() == Some(&want.chart);
    let all_ok = levels_ok && image_ok && chart_ok;
    if all_ok {
        // Only results that match the CPU are written, both or neither.
        let mut files = workgroup::ops::StagedFiles::new();
        if let Some(path) = &a.output {
            files.write(path, |tmp| images::write_png(&out.image, tmp))?;
        }
        if let Some(path) = &a.chart {
            files.write(path, |tmp| images::write_png(&want.chart, tmp))?;
        }
        files.commit()?;
    }
    let ms = t.frame.median_ns * 1e-6;
    let fps = if ms > 0.0 { 1000.0 / ms } else { 0.0 };
    let (histogram, stretch) = match storage {
        levels::Storage::Images => (
            "000's luminance histogram, 256 bins (imageLoad, a shared histogram per subgroup)",
            "every pixel's r, g, b through the table (imageLoad, imageStore)",
        ),
        levels::Storage::Sampled(_) => (
            "000's luminance histogram, 256 bins (texelFetch, the stored codes, a shared histogram per subgroup)",
            "every pixel's r, g, b through the table (texelFetch, imageStore)",
        ),
        levels::Storage::Buffers => ("000's luminance histogram, 256 bins", "every pixel's r, g, b through the table (16-byte accesses)"),
    };
    let mut steps = vec![
        ("histogram", &t.histogram, histogram),
        ("find-levels", &t.find_levels, "one workgroup: black, white and the stretch table from the histogram on the GPU"),
        ("stretch", &t.stretch, stretch),
    ];
    if with_chart {
        steps.push(("histogram-after", &t.histogram_after, "the histogram of the result"));
        steps.push(("draw-chart", &t.draw_chart, "both histograms drawn on the GPU, 000's scale rule (256 x 256)"));
    }
    let what = if with_chart {
        "the five steps in one submission, no read-back between them"
    } else {
        "the three steps in one submission, no read-back between them"
    };
    steps.push(("frame", &t.frame, what));
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "image": label, "width": img.width, "height": img.height,
            "clip_ppm": ppm, "storage": storage_name(storage),
            "histogram_variant": out.histogram_variant.name(),
            "black": out.levels.black, "white": out.levels.white,
            "matches_cpu": {"levels": levels_ok, "image": image_ok, "chart": if with_chart { serde_json::json!(chart_ok) } else { serde_json::Value::Null }},
            "frames_per_s": fps,
            "steps": steps_json(&steps),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "levels: {label} ({}x{}, in {}) on {}; clip {}% at each end",
            img.width,
            img.height,
            storage_name(storage),
            ctx.info().name,
            a.clip
        );
        println!(
            "black {} white {} (CPU: {} {}); matches-cpu: levels {}, image {}, chart {}",
            out.levels.black,
            out.levels.white,
            want.levels.black,
            want.levels.white,
            yes(levels_ok),
            yes(image_ok),
            if with_chart { yes(chart_ok) } else { "not drawn" }
        );
        print_steps("step", &steps);
        let variant = out.histogram_variant.name();
        println!("{fps:.0} frames per second of {}x{} (the frame's median); histogram variant {variant}", img.width, img.height);
        for (flag, path) in [("image", &a.output), ("chart", &a.chart)] {
            if let (Some(p), true) = (path, all_ok) {
                println!("wrote {flag} {}", p.display());
            }
        }
    }
    if !all_ok {
        anyhow::bail!("the GPU frame disagrees with the CPU (levels {}, image {}, chart {})", yes(levels_ok), yes(image_ok), yes(chart_ok));
    }
    Ok(())
}

/// `--video N`: the frames of one image's rising exposure, adjusted one frame late.
#[allow(clippy::too_many_arguments)]
fn video(
    g: &Global,
    a: &Args,
    storage: levels::Storage,
    img: &images::Rgba8,
    label: &str,
    ppm: u32,
    count: u32,
    runs: u32,
) -> anyhow::Result<()> {
    use workgroup::cpu::levels as reference;
    // The frames, the GPU's and the CPU's adjusted frames: three copies of the video.
    super::check_host_memory(&format!("--video {count} of {}x{}", img.width, img.height), 3 * count as u64 * img.pixels.len() as u64)?;
    let frames: Vec<images::Rgba8> = (0..count).map(|k| reference::exposure_frame(img, k, count)).collect();
    let ctx = g.context()?;
    let (t, outs) = levels::time_video_on(&ctx, &frames, storage, ppm, 1, runs)?;
    g.finish(&ctx)?;
    let want = reference::video(&frames, ppm);
    let wrong: Vec<usize> = (0..frames.len()).filter(|&k| outs[k] != want[k].1).collect();
    if wrong.is_empty() {
        if let Some(path) = &a.output {
            images::save_png(&outs[outs.len() - 1], path)?;
        }
    }
    let fps = if t.following.median_ns > 0.0 { 1e9 / t.following.median_ns } else { 0.0 };
    let rows = [
        ("first frame", &t.first, "its own levels: histogram, levels, stretch (the pixels read twice)"),
        ("each following", &t.following, "one pass with the frame before's levels (read once, histogram counted on the way), then levels"),
        ("whole video", &t.video, "every frame in one submission, no read-back between them"),
    ];
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "image": label, "width": img.width, "height": img.height, "frames": count,
            "clip_ppm": ppm, "storage": storage_name(storage), "matches_cpu": wrong.is_empty(), "wrong_frames": wrong,
            "levels": want.iter().map(|(l, _)| [l.black, l.white]).collect::<Vec<_>>(),
            "following_frames_per_s": fps,
            "steps": steps_json(&rows),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "levels --video {count}: {label} ({}x{}, in {}) on {}, its exposure rising over {count} frames; clip {}% at each end",
            img.width,
            img.height,
            storage_name(storage),
            ctx.info().name,
            a.clip
        );
        let shown: Vec<String> = want.iter().map(|(l, _)| format!("{}..{}", l.black, l.white)).collect();
        println!("levels applied, frame by frame (one frame late after the first): {}", shown.join(" "));
        println!("every frame matches the CPU: {}", yes(wrong.is_empty()));
        print_steps("frames", &rows);
        println!("{fps:.0} following frames per second of {}x{}", img.width, img.height);
        if let (Some(p), true) = (&a.output, wrong.is_empty()) {
            println!("wrote the last frame {}", p.display());
        }
    }
    if !wrong.is_empty() {
        anyhow::bail!("frame(s) {wrong:?} of the video disagree with the CPU");
    }
    Ok(())
}

/// The image files of `dir` (by extension), in file-name order.
fn frame_files(dir: &std::path::Path) -> anyhow::Result<Vec<PathBuf>> {
    const EXTENSIONS: [&str; 12] = ["png", "jpg", "jpeg", "bmp", "gif", "tif", "tiff", "webp", "pnm", "ppm", "pgm", "tga"];
    let entries = std::fs::read_dir(dir).map_err(|e| anyhow::anyhow!("--frames {}: cannot read the folder: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| p.extension().and_then(|x| x.to_str()).is_some_and(|x| EXTENSIONS.contains(&x.to_ascii_lowercase().as_str())))
        .collect();
    files.sort();
    if files.is_empty() {
        anyhow::bail!("--frames {}: no image files there ({})", dir.display(), EXTENSIONS.join(", "));
    }
    Ok(files)
}

/// `--frames DIR`: a folder of frames adjusted as they arrive, one submission each.
fn frames(g: &Global, a: &Args, dir: &std::path::Path, ppm: u32) -> anyhow::Result<()> {
    let files = frame_files(dir)?;
    // Every frame's size from its header first, so that a frame of another size stops the run
    // before anything is written.
    let size = |p: &PathBuf| image::image_dimensions(p).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", p.display()));
    let (w, h) = size(&files[0])?;
    for f in &files[1..] {
        let (fw, fh) = size(f)?;
        if (fw, fh) != (w, h) {
            anyhow::bail!("{} is {fw}x{fh}; the frames before it are {w}x{h}", f.display());
        }
    }
    if let Some(out) = &a.out_dir {
        if !out.is_dir() {
            anyhow::bail!("--out-dir {}: not a folder (make it first)", out.display());
        }
        if out.canonicalize()? == dir.canonicalize()? {
            anyhow::bail!("--out-dir {}: the frames' own folder; name another one", out.display());
        }
        // Each frame is written as its name's stem + .png: two frames of one stem would collide.
        let mut stems: Vec<_> = files.iter().map(|f| f.file_stem().unwrap_or_default().to_ascii_lowercase()).collect();
        stems.sort();
        if let Some(w) = stems.windows(2).find(|w| w[0] == w[1]) {
            anyhow::bail!("--out-dir: two frames are named {:?} (another extension), and both would be written as its .png", w[0]);
        }
    }
    let ctx = g.context()?;
    let mut stream = levels::Stream::new(&ctx, w, h, ppm)?;
    let mut reference = workgroup::cpu::levels::VideoReference::new(ppm);
    let started = std::time::Instant::now();
    let (mut following, mut first_ns, mut applied) = (Vec::new(), 0.0, Vec::new());
    // The frames are placed only once every one has matched the CPU: a frame that cannot be
    // decoded or that disagrees leaves the folder as it was.
    let mut written = workgroup::ops::StagedFiles::new();
    // Ctrl-C stops the run between frames, and the frames staged so far are removed with
    // `written`: an interrupted run leaves the folder as it was, as an error does.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    {
        let stop = stop.clone();
        let _ = ctrlc::set_handler(move || stop.store(true, std::sync::atomic::Ordering::SeqCst));
    }
    for (k, f) in files.iter().enumerate() {
        if stop.load(std::sync::atomic::Ordering::SeqCst) {
            anyhow::bail!("interrupted after {k} of {} frames: nothing written", files.len());
        }
        let img = images::load(f)?;
        let (out, ns) = stream.next(&img)?;
        let (l, want) = reference.next(&img);
        if out != want {
            anyhow::bail!("frame {k} ({}) disagrees with the CPU", f.display());
        }
        applied.push([l.black, l.white]);
        if k == 0 {
            first_ns = ns;
        } else {
            following.push(ns);
        }
        if let Some(out_dir) = &a.out_dir {
            let name = f.file_stem().map(|s| s.to_os_string()).unwrap_or_default();
            written.write(&out_dir.join(name).with_extension("png"), |tmp| images::write_png(&out, tmp))?;
        }
    }
    g.finish(&ctx)?;
    written.commit()?;
    let wall = started.elapsed().as_secs_f64();
    let t = workgroup::gpu::Timing::from_samples(following);
    let fps = if t.median_ns > 0.0 { 1e9 / t.median_ns } else { 0.0 };
    if g.json {
        let v = serde_json::json!({
            "device": ctx.info().name, "frames_dir": dir.display().to_string(), "frames": files.len(), "width": w, "height": h,
            "clip_ppm": ppm, "matches_cpu": true, "levels": applied, "first_frame_ms": first_ns * 1e-6,
            "following_median_ms": t.median_ns * 1e-6, "following_min_ms": t.min_ns * 1e-6, "following_max_ms": t.max_ns * 1e-6,
            "following_frames_per_s": fps, "wall_s": wall,
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        println!(
            "levels --frames {}: {} frames of {w}x{h} on {}; clip {}% at each end",
            dir.display(),
            files.len(),
            ctx.info().name,
            a.clip
        );
        println!("every frame matches the CPU: yes (levels one frame late after the first)");
        println!(
            "first frame {:.4} ms on the GPU; each following {} ms",
            first_ns * 1e-6,
            if t.runs > 0 { timing_text(&t) } else { "-".into() }
        );
        println!(
            "{fps:.0} following frames per second of GPU work; {:.1} frames per second in all ({wall:.2} s with decoding, upload, read-back{})",
            files.len() as f64 / wall,
            if a.out_dir.is_some() { " and PNG encoding" } else { "" }
        );
        if let Some(out) = &a.out_dir {
            println!("wrote {} frames into {}", files.len(), out.display());
        }
    }
    Ok(())
}

/// Timed steps: (name, GPU timing, what it is).
type Steps<'a> = [(&'a str, &'a workgroup::gpu::Timing, &'a str)];

/// The steps' timings as JSON.
fn steps_json(steps: &Steps) -> Vec<serde_json::Value> {
    let ms = |ns: f64| ns * 1e-6;
    steps
        .iter()
        .map(|(name, t, _)| {
            serde_json::json!({"step": name, "median_ms": ms(t.median_ns), "min_ms": ms(t.min_ns), "max_ms": ms(t.max_ns), "runs": t.runs})
        })
        .collect()
}

/// The steps' timings as a table, the first column headed `first`.
fn print_steps(first: &str, steps: &Steps) {
    println!("{:<16} {:>30}  what", first, "GPU median ms (min..max)");
    for (name, t, what) in steps {
        println!("{:<16} {:>30}  {}", name, timing_text(t), what);
    }
}

fn yes(ok: bool) -> &'static str {
    if ok {
        "yes"
    } else {
        "NO"
    }
}
