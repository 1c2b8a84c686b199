//! The `workgroup` command line.
mod bandwidth;
mod blur;
mod compact;
mod devices;
mod gray;
mod histogram;
mod layout;
mod levels;
mod numbers;
mod particles;
mod reduce;
mod scan;
mod sort;
mod study;

use clap::{Parser, Subcommand};
use workgroup::gpu::{Context, ContextOptions, DeviceSelector};

#[derive(Parser)]
#[command(name = "workgroup", version, about = "GPU compute algorithms on Vulkan, every variant, exact and measured")]
pub struct Cli {
    /// Device to use: index from `workgroup devices`, or a substring of its name
    #[arg(long, global = true)]
    device: Option<DeviceSelector>,
    /// Enable the Khronos validation layer with synchronization validation
    #[arg(long, global = true)]
    validate: bool,
    /// Seconds one submission may run before the command gives up with an error (large inputs
    /// on the CPU driver lavapipe, or slow filters, may need more)
    #[arg(long, global = true, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    timeout: u64,
    /// Print machine-readable JSON instead of text
    #[arg(long, global = true)]
    json: bool,
    /// Write what the driver tells of each kernel the command builds into DIR: its statistics
    /// (registers, shared memory, spills), internal representations where the driver gives them,
    /// and its pipeline cache data (VK_KHR_pipeline_executable_properties; on NVIDIA,
    /// scripts/nvidia-sass DIR then disassembles the machine code)
    #[arg(long, global = true, value_name = "DIR")]
    internals: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every Vulkan device with the limits that matter for compute
    Devices,
    /// Seed 004: each invocation writes its linear global index; verified and shown as a grid
    Layout(layout::Args),
    /// Memory bandwidth of this device: read kernel, copy kernel, vkCmdCopyBuffer
    Bandwidth(bandwidth::Args),
    /// Image histogram, every step of seeds 000 and 001 and ours (`--variant all`: a timed table)
    Histogram(histogram::Args),
    /// The performance study: every op and variant, timed on the GPU, verified, with bandwidth
    Study(study::Args),
    /// Seed 003: box blur of an image, one variant or the table of all (--variant all)
    Blur(blur::Args),
    /// Seed 004's tree reduction and ours: sum/min/max of u32, i32, f32, every variant vs the CPU
    Reduce(reduce::Args),
    /// Prefix scan (inclusive or exclusive sum, running min/max): the lecture's Hillis-Steele and Blelloch block scans, and ours (three passes, the same two overlapping, one pass with decoupled look-back)
    Scan(scan::Args),
    /// Seed 001's stream compaction and ours: keep x passing a predicate, every variant vs the CPU
    Compact(compact::Args),
    /// Seed 000's open ideas: auto levels from the histogram, every step on the GPU, and the histograms drawn there
    Levels(levels::Args),
    /// Seed 004: grayscale conversion, row-major vs column-major (coalescing) and ours
    Gray(gray::Args),
    /// Seed 004's particle system: one dispatch per frame, and ours (every frame in one dispatch)
    Particles(particles::Args),
    /// Seed 002: odd-even transposition sort in one workgroup (three versions), a bitonic network, and a radix sort of any n
    Sort(sort::Args),
    /// The demo: the device list, then each algorithm's demo on a bundled input
    Tour,
}

/// The variants a `--variant` value names: one, a comma-separated list (as `histogram` takes), or
/// every one for `all`.
/// `--runs`: 1 to 100,000 timed runs (more would take hours, and the samples' memory with them).
pub fn runs_range() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=100_000)
}

/// `--warmup`: 0 to 10,000 runs before the timed ones.
pub fn warmup_range() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(0..=10_000)
}

pub fn variants<V: std::str::FromStr<Err = workgroup::gpu::Error> + Copy>(name: &str, all: &[V]) -> anyhow::Result<Vec<V>> {
    if name == "all" {
        return Ok(all.to_vec());
    }
    Ok(name.split(',').map(|v| v.trim().parse()).collect::<Result<_, _>>()?)
}

/// [`variants`], where the list may also name `auto` (the library's choice for the input's size,
/// made once the device and n are known): the other names, and whether `auto` was among them.
pub fn variants_or_auto<V: std::str::FromStr<Err = workgroup::gpu::Error> + Copy>(name: &str, all: &[V]) -> anyhow::Result<(Vec<V>, bool)> {
    let auto = name.split(',').any(|v| v.trim() == "auto");
    let rest: Vec<&str> = name.split(',').filter(|v| v.trim() != "auto").collect();
    let named =
        if rest.is_empty() { Vec::new() } else { variants(&rest.join(","), all).map_err(|e| anyhow::anyhow!("{e}, auto or all"))? };
    Ok((named, auto))
}

/// Refuses an output path whose folder does not exist, or that is a folder, before any work is
/// done (the write itself is atomic: a temporary file renamed into place).
pub fn check_output(flag: &str, path: Option<&std::path::Path>) -> anyhow::Result<()> {
    let Some(path) = path else { return Ok(()) };
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if !dir.is_dir() {
        anyhow::bail!("{flag} {}: the folder {} does not exist", path.display(), dir.display());
    }
    if path.is_dir() {
        anyhow::bail!("{flag} {}: that is a folder; name a file", path.display());
    }
    // The file is written beside itself and renamed into place at the end: the folder must take
    // a new file, known before any work rather than after it.
    let probe = dir.join(format!(".workgroup-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new().write(true).create_new(true).open(&probe) {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
        }
        Err(e) => anyhow::bail!("{flag} {}: cannot write in {}: {e}", path.display(), dir.display()),
    }
    Ok(())
}

/// Refuses work that needs more host memory than the machine has free (past it an allocation
/// aborts the process, or the kernel kills it): `what` names the option that asks for it.
pub fn check_host_memory(what: &str, need: u64) -> anyhow::Result<()> {
    if let Some(free) = available_memory() {
        if need > free {
            let gib = |b: u64| b as f64 / (1u64 << 30) as f64;
            anyhow::bail!("{what} needs about {:.1} GiB of host memory; this machine has {:.1} GiB available", gib(need), gib(free));
        }
    }
    Ok(())
}

/// MemAvailable of /proc/meminfo in bytes (Linux), else nothing known.
fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Where `path` leads: the file itself resolved where it exists (links, `..`), else its folder
/// resolved and its name; as given where neither can be.
fn resolved(path: &std::path::Path) -> std::path::PathBuf {
    if let Ok(p) = std::fs::canonicalize(path) {
        return p;
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    match (std::fs::canonicalize(dir), path.file_name()) {
        (Ok(d), Some(name)) => d.join(name),
        _ => std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()),
    }
}

/// Whether two paths name one file, however they are written (`x.png`, `../a/x.png`, a link).
pub fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    resolved(a) == resolved(b)
}

/// Two output options that name the same file would leave only one of their results: refused.
pub fn distinct_outputs(a: (&str, Option<&std::path::Path>), b: (&str, Option<&std::path::Path>)) -> anyhow::Result<()> {
    if let ((fa, Some(pa)), (fb, Some(pb))) = (a, b) {
        if same_file(pa, pb) {
            anyhow::bail!("{fa} and {fb} name the same file {}: give each its own", pa.display());
        }
    }
    Ok(())
}

/// A chart or plot written over the photo it was drawn from would destroy the photo: refused.
/// (An image op's result over its input, `-o` as the input, is an edit in place and allowed.)
pub fn not_the_input(flag: &str, out: Option<&std::path::Path>, input: Option<&std::path::Path>) -> anyhow::Result<()> {
    if let (Some(o), Some(i)) = (out, input) {
        if same_file(o, i) {
            anyhow::bail!("{flag} {} is the input image: the chart would replace the photo; name another file", o.display());
        }
    }
    Ok(())
}

/// [`check_output`], and the file must be named `*.{ext}` (any case): the extension names the
/// format written, so a PNG is never written as `out.jpg`.
pub fn check_output_as(flag: &str, path: Option<&std::path::Path>, ext: &str, what: &str) -> anyhow::Result<()> {
    check_output(flag, path)?;
    let Some(p) = path else { return Ok(()) };
    if !p.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case(ext)) {
        let format = if ext == "exr" { "OpenEXR".to_string() } else { ext.to_uppercase() };
        anyhow::bail!("{flag} {}: {what} is written as {format}: name it *.{ext}", p.display());
    }
    Ok(())
}

/// "median (min..max)" in ms.
pub fn timing_text(t: &workgroup::gpu::Timing) -> String {
    format!("{:.4} ({:.4}..{:.4})", t.median_ns * 1e-6, t.min_ns * 1e-6, t.max_ns * 1e-6)
}

/// The image an image op runs on: a file of any format the image crate reads (converted to
/// RGBA8), or a synthetic one; flattened into histogram, blur and gray.
#[derive(clap::Args)]
pub struct ImageInput {
    /// Image file (PNG, JPEG, ...; converted to RGBA8); or use --synthetic
    #[arg(conflicts_with = "synthetic")]
    pub image: Option<std::path::PathBuf>,
    /// A generated image instead of a file: WxH[:natural|flat|random] (e.g. 8192x8192:flat)
    #[arg(long, value_name = "WxH:KIND")]
    pub synthetic: Option<String>,
    /// The tour's photo, compiled into the binary (so the tour runs from any directory, and from
    /// a binary carried to another machine).
    #[arg(skip)]
    bundled: Option<(&'static str, &'static [u8])>,
}

/// The tour's photos (assets/SOURCES.md: CC0).
const BUNDLED: [(&str, &[u8]); 2] =
    [("chelsea.png", include_bytes!("../../assets/chelsea.png")), ("coffee.png", include_bytes!("../../assets/coffee.png"))];

impl ImageInput {
    /// The tour's input: one of the photos in [`BUNDLED`].
    pub fn bundled(name: &str) -> ImageInput {
        let photo = BUNDLED.iter().copied().find(|(n, _)| *n == name);
        assert!(photo.is_some(), "{name} is not one of the bundled photos"); // a programming error
        ImageInput { image: None, synthetic: None, bundled: photo }
    }

    /// The image, with a description for the report.
    pub fn load(&self) -> anyhow::Result<(workgroup::ops::images::Rgba8, String)> {
        use workgroup::ops::images;
        if let Some((name, bytes)) = self.bundled {
            let description = format!("assets/{name} (bundled)");
            return Ok((images::decode(bytes, &description)?, description));
        }
        match (&self.image, &self.synthetic) {
            (Some(p), _) => Ok((images::load(p)?, p.display().to_string())),
            (None, Some(s)) => {
                let (w, h, kind) = images::parse_synthetic(s)?;
                Ok((images::synthetic(w, h, kind, 1)?, format!("synthetic {s}")))
            }
            (None, None) => anyhow::bail!("give an IMAGE file or --synthetic WxH[:natural|flat|random]"),
        }
    }
}

/// `--size WxH`.
pub fn parse_size(size: &str) -> anyhow::Result<(u32, u32)> {
    let bad = || anyhow::anyhow!("--size {size:?}: give WxH, e.g. 1920x1080");
    let (w, h) = size.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (w.parse().map_err(|_| bad())?, h.parse().map_err(|_| bad())?);
    if w == 0 || h == 0 {
        anyhow::bail!("--size {size}: an image needs at least one pixel each way");
    }
    Ok((w, h))
}

/// The ops' input as texels of `format`, with a description: a raw dump (`raw`, of `size`, in
/// the format's memory layout), an HDR file's linear colours (float formats), or the photo or
/// synthetic image stored in the format (float formats get its linear light).
pub fn texels_of(
    input: &ImageInput,
    raw: Option<&std::path::Path>,
    size: Option<&str>,
    format: workgroup::ops::images::ColorFormat,
) -> anyhow::Result<(workgroup::ops::images::Texels, String)> {
    use anyhow::Context as _;
    use workgroup::ops::images::{self, Texels};
    if let Some(path) = raw {
        let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let (w, h) = parse_size(size.unwrap_or_default())?;
        let label = path.display().to_string();
        return Ok((Texels::new(w, h, format, bytes).with_context(|| label.clone())?, label));
    }
    if let Some(path) = input.image.as_deref().filter(|p| images::is_float_file(p)) {
        let (w, h, rgba) = images::load_float(path)?;
        return Ok((Texels::new(w, h, format, format.texels_from_f32(&rgba)?)?, path.display().to_string()));
    }
    let (img, label) = input.load()?;
    Ok((Texels::new(img.width, img.height, format, format.texels_from_rgba8(&img))?, label))
}

pub struct Global {
    pub device: Option<DeviceSelector>,
    pub validate: bool,
    pub json: bool,
    /// `--timeout`: how long one submission may run.
    pub timeout: std::time::Duration,
    /// `--internals DIR`: every kernel's statistics and internal representations go there.
    pub internals: Option<std::path::PathBuf>,
}

impl Global {
    pub fn context(&self) -> anyhow::Result<Context> {
        let ctx = Context::new(&self.context_options(self.device.clone()))?;
        if let Some(dir) = &self.internals {
            ctx.dump_internals_to(dir)?;
        }
        Ok(ctx)
    }

    /// The context options of these flags, for `device`.
    pub fn context_options(&self, device: Option<DeviceSelector>) -> ContextOptions {
        ContextOptions { device, validate: self.validate, echo_validation: self.validate, timeout: self.timeout }
    }

    /// With `--validate`, any validation message makes the command fail.
    pub fn finish(&self, ctx: &Context) -> anyhow::Result<()> {
        let slow = ctx.take_slow_clock_timings();
        if !slow.is_empty() {
            let low = slow.iter().copied().fold(f64::MAX, f64::min);
            eprintln!(
                "note: {} timing(s) ran with the shader clock at {low:.0} MHz or so, under 90% of the {:.0} MHz this GPU showed \
                 (it slowed itself down): their times are longer than at full clock; time again",
                slow.len(),
                ctx.sm_clock_peak()
            );
        }
        let n = ctx.validation_messages().len();
        if n > 0 {
            anyhow::bail!("{n} validation message(s) reported (see above)");
        }
        Ok(())
    }
}

fn tour(g: &Global) -> anyhow::Result<()> {
    if g.json {
        // Its demos print a dozen reports with titles between: no one JSON document.
        anyhow::bail!("--json: the tour prints text; give --json to each command instead");
    }
    println!("== workgroup devices");
    devices::run(g)?;
    println!("\n== workgroup layout --groups 4 2 --local 4 4  (seed 004)");
    layout::run(g, &layout::Args::demo())?;
    println!("\n== workgroup histogram assets/chelsea.png --variant all --plot histogram.png  (seeds 000, 001)");
    histogram::tour(g)?;
    println!("\n== workgroup levels assets/chelsea.png --clip 0.5  (seed 000's open ideas: levels from the histogram, drawn on the GPU)");
    levels::run(g, &levels::Args::demo())?;
    println!("\nthe same photo as an engine's swapchain image (bgra8-srgb, sampled; its stored codes adjusted):");
    levels::run(g, &levels::Args::demo_swapchain())?;
    println!("\n== workgroup blur assets/chelsea.png --filter 15 --variant all  (seed 003)");
    blur::run(g, &blur::Args::demo())?;
    println!("\nthe same photo as an engine's HDR target (rgba16f, sampled; each pass the exact window mean rounded to half):");
    blur::run(g, &blur::Args::demo_hdr())?;
    println!("\n== workgroup reduce --n 1000003 --type f32 --op sum  (seed 004 tree, then ours)");
    reduce::run(g, &reduce::Args::demo())?;
    println!("\n== workgroup scan --n 1000003 --type f32 --op sum  (the lecture's block scans, then ours)");
    scan::run(g, &scan::Args::demo())?;
    println!("\n== workgroup compact --n 1000003 --pred gt:0.5 --pass-fraction 0.5  (seed 001, then ours)");
    compact::run(g, &compact::Args::demo())?;
    println!("\n== workgroup gray assets/coffee.png  (seed 004: coalesced, transposed, ours)");
    gray::run(g, &gray::Args::demo())?;
    println!("\n== workgroup particles --n 4096 --frames 120  (seed 004, then ours)");
    particles::run(g, &particles::Args::demo())?;
    println!("\n== workgroup sort --n 128 --type f32  (seed 002, then ours)");
    sort::run(g, &sort::Args::demo())?;
    Ok(())
}

pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand)
            {
                let _ = e.print();
                return if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand { 2 } else { 0 };
            }
            // One line: clap's first paragraph ("error: ...", and the arguments it lists, e.g. the
            // missing ones) without the tips and the usage block.
            let text = e.render().to_string();
            let first: Vec<&str> =
                text.lines().skip_while(|l| l.trim().is_empty()).take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            let first = if first.is_empty() { "error: invalid arguments".to_string() } else { first.join(" ") };
            eprintln!("{first} (see --help)");
            return 2;
        }
    };
    let global = Global {
        device: cli.device,
        validate: cli.validate,
        json: cli.json,
        timeout: std::time::Duration::from_secs(cli.timeout),
        internals: cli.internals,
    };
    let result = match cli.command {
        Command::Devices => devices::run(&global),
        Command::Layout(args) => layout::run(&global, &args),
        Command::Bandwidth(args) => bandwidth::run(&global, &args),
        Command::Histogram(args) => histogram::run(&global, &args),
        Command::Study(args) => study::run(&global, &args),
        Command::Blur(args) => blur::run(&global, &args),
        Command::Reduce(args) => reduce::run(&global, &args),
        Command::Scan(args) => scan::run(&global, &args),
        Command::Compact(args) => compact::run(&global, &args),
        Command::Levels(args) => levels::run(&global, &args),
        Command::Gray(args) => gray::run(&global, &args),
        Command::Particles(args) => particles::run(&global, &args),
        Command::Sort(args) => sort::run(&global, &args),
        Command::Tour => tour(&global),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            let msg = format!("{e:#}").replace('\n', " ");
            eprintln!("error: {msg}");
            1
        }
    }
}
