//! The binary as a user runs it: every subcommand, and every bad input gives one line of error
//! and a non-zero exit, never a panic or a hang.
mod common;
use common::{fails_with_one_line, wg};
use predicates::prelude::*;

#[test]
fn devices_lists_a_device() {
    wg().args(["devices"])
        .assert()
        .success()
        .stdout(predicate::str::contains("subgroup size"))
        .stdout(predicate::str::contains("shared memory"));
    assert!(common::devices()[0]["max_shared_memory_bytes"].as_u64().unwrap() >= 16384);
    // The subgroup layout the kernels assume, run on every device (under validation too): on
    // lavapipe here and in CI, on the GPU where the tests run on one.
    let out = wg().args(["--validate", "devices", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for d in v.as_array().unwrap() {
        assert_eq!(d["subgroup_layout_ok"], true, "{d}");
    }
}

#[test]
fn layout_prints_a_verified_grid() {
    wg().args(["--validate", "layout", "--groups", "3", "2", "--local", "4", "2"])
        .assert()
        .success()
        .stdout(predicate::str::contains("verified"))
        .stdout(predicate::str::contains("36 37 38 39 40 41 42 43 44 45 46 47"));
    let out = wg().args(["layout", "--groups", "2", "2", "--local", "2", "1", "--json"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verified"], true);
    assert_eq!(v["linear"].as_array().unwrap().len(), 8);
}

#[test]
fn bad_input_gives_one_line() {
    fails_with_one_line(&["--device", "no-such-gpu", "layout"], "matches no device");
    fails_with_one_line(&["--device", "99", "layout"], "only");
    fails_with_one_line(&["--device", "99", "devices"], "only");
    fails_with_one_line(&["--device", "no-such-gpu", "devices"], "matches no device");
    fails_with_one_line(&["layout", "--local", "0", "1"], "at least 1");
    fails_with_one_line(&["layout", "--local", "4096", "1"], "at most");
    fails_with_one_line(&["layout", "--local", "64", "64"], "invocations");
    fails_with_one_line(&["layout", "--groups", "x", "1"], "invalid value");
    fails_with_one_line(&["no-such-command"], "unrecognized");
}

#[test]
fn missing_loader_or_driver_gives_one_line() {
    let out = wg().args(["devices"]).env("WORKGROUP_VULKAN_LIBRARY", "/nonexistent/libvulkan.so.1").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.lines().count() == 1 && err.contains("loader"), "{err}");
    let out =
        wg().args(["layout"]).env("VK_DRIVER_FILES", "/nonexistent.json").env("VK_ICD_FILENAMES", "/nonexistent.json").output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.lines().count() == 1 && err.to_lowercase().contains("driver"), "{err}");
}

#[test]
fn histogram_prints_counts_table_plot_and_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("h.png");
    let out = wg()
        .args(["--validate", "histogram", "assets/rocket.jpg", "--variant", "all", "--runs", "2", "--plot"])
        .arg(&plot)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for v in ["cpu", "single", "racy", "chunks-reduce", "per-thread", "fastest"] {
        assert!(text.contains(&format!("| {v} |")), "{v} missing from\n{text}");
    }
    assert!(text.contains("wrong on purpose"));
    let png = image::open(&plot).unwrap();
    assert!(png.width() > 300 && png.height() > 200);
    // Counts as CSV sum to the pixel count.
    let out = wg().args(["histogram", "--synthetic", "17x13:random", "--variant", "shared", "--csv", "--bins", "7"]).output().unwrap();
    let csv = String::from_utf8_lossy(&out.stdout);
    let total: u64 = csv.lines().skip(1).map(|l| l.split(',').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, 17 * 13);
    let out = wg().args(["histogram", "--synthetic", "5x5:flat", "--json", "--bins", "3"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["counts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum::<u64>(), 25);

    let corrupt = dir.path().join("corrupt.png");
    std::fs::write(&corrupt, b"\x89PNG\r\n\x1a\nthis is not a png").unwrap();
    fails_with_one_line(&["histogram", "no/such/file.png"], "cannot read");
    fails_with_one_line(&["histogram", corrupt.to_str().unwrap()], "cannot decode");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--bins", "0"], "at least 1");
    fails_with_one_line(&["histogram", "--synthetic", "0x0"], "empty");
    fails_with_one_line(&["histogram", "--synthetic", "axb:flat"], "not a number");
    fails_with_one_line(&["histogram", "--synthetic", "10x10:plaid"], "natural, flat or random");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--bins", "100000", "--variant", "shared"], "shared memory");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--bins", "5000", "--variant", "per-thread"], "private");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--bins", "99999999"], "at most");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--variant", "bogus"], "unknown histogram variant");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--chunk", "0x5", "--variant", "chunks-sum"], "chunk shape");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--plot", "out.txt"], "png");
    assert!(!dir.path().join("out.txt").exists());
}

#[test]
fn histogram_of_other_formats_and_raw_texels() {
    let csv = |args: &[&str]| {
        let out = wg().args(["--validate", "histogram"]).args(args).arg("--csv").output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    // An sRGB or BGRA image of the photo's codes bins as the photo does.
    let photo = csv(&["assets/chelsea.png"]);
    for f in ["rgba8-srgb", "bgra8", "bgra8-srgb"] {
        assert_eq!(csv(&["assets/chelsea.png", "--format", f]), photo, "{f}");
    }
    // A float format defaults to log-luminance; its counts sum to the pixels.
    let out = wg().args(["histogram", "assets/chelsea.png", "--format", "rgba16f", "--json", "--exposure", "5000"]).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let (gpu, cpu) = (v["exposure"]["mean_log2"].as_f64().unwrap(), v["exposure"]["cpu_mean_log2"].as_f64().unwrap());
    assert!((gpu - cpu).abs() <= workgroup::ops::histogram::EXPOSURE_TOLERANCE && (-4.0..0.0).contains(&gpu), "{gpu} {cpu}");
    assert_eq!(v["variant"], "fastest-sampled");
    assert_eq!(v["measure"]["log-luminance"]["min"], -16);
    assert_eq!(v["counts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum::<u64>(), 451 * 300);
    // Raw texels: the GPU and the CPU agree, on a dump with NaN, infinities and negatives.
    let dir = tempfile::tempdir().unwrap();
    let raw = dir.path().join("target.raw");
    let vals = [0.0f32, 1.0, 0.5, f32::NAN, f32::INFINITY, -2.0, 1e-30, 300.0, 0.01, 7.5, 0.2, 1e9];
    let bytes: Vec<u8> = (0..24 * 5 * 4).flat_map(|i| vals[(i * 7 + i / 5) % vals.len()].to_le_bytes()).collect();
    std::fs::write(&raw, bytes).unwrap();
    let raw = raw.to_str().unwrap();
    let texels = ["--texels", raw, "--size", "24x5", "--format", "rgba32f", "--log-range=-8:8", "--bins", "64"];
    let gpu = csv(&[&texels[..], &["--variant", "fastest-sampled"]].concat());
    assert_eq!(gpu, csv(&[&texels[..], &["--variant", "cpu"]].concat()));
    assert_eq!(gpu.lines().skip(1).map(|l| l.split(',').nth(1).unwrap().parse::<u64>().unwrap()).sum::<u64>(), 120);

    // HDR files (OpenEXR, Radiance): their linear colours, rgba32f by default or any float format.
    let mut r = 0.37f32;
    let hdr_px: Vec<f32> = (0..33 * 17 * 4)
        .map(|i| {
            r = (r * 7.13 + 0.291).fract();
            if i % 4 == 3 {
                1.0
            } else {
                r * r * [0.001, 1.0, 40.0, 3000.0][i % 7 % 4]
            }
        })
        .collect();
    let exr = dir.path().join("scene.exr");
    image::Rgba32FImage::from_raw(33, 17, hdr_px.clone()).unwrap().save(&exr).unwrap();
    let hdr = dir.path().join("scene.hdr");
    let rgb: Vec<f32> = hdr_px.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    image::DynamicImage::ImageRgb32F(image::Rgb32FImage::from_raw(33, 17, rgb).unwrap()).save(&hdr).unwrap();
    for file in [exr.to_str().unwrap(), hdr.to_str().unwrap()] {
        for format in [&[][..], &["--format", "rgba16f"], &["--format", "b10g11r11f"]] {
            let args = [&[file][..], format].concat();
            let gpu = csv(&[&args[..], &["--variant", "fastest-sampled"]].concat());
            assert_eq!(gpu, csv(&[&args[..], &["--variant", "cpu"]].concat()), "{args:?}");
            let counts: Vec<u64> = gpu.lines().skip(1).map(|l| l.split(',').nth(1).unwrap().parse().unwrap()).collect();
            assert_eq!(counts.iter().sum::<u64>(), 33 * 17);
            // Bright pixels: some above 2^10 (the exposure range reaches them).
            assert!(counts[(16 + 10) * 8..].iter().sum::<u64>() > 0, "{args:?}");
        }
    }
    let exr = exr.to_str().unwrap();
    fails_with_one_line(&["histogram", exr, "--format", "bgra8"], "float colours");
    fails_with_one_line(&["histogram", exr, "--variant", "all"], "one variant at a time");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--format", "rgb565"], "unknown image format");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--exposure", "5000"], "--measure log-luminance");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--format", "rgba16f", "--exposure", "500000"], "fewer than");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--format", "rgba16f", "--measure", "grey"], "log-luminance");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--format", "bgra8", "--variant", "fastest"], "fastest-sampled");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--measure", "log-luminance", "--bins", "100"], "power of two");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--measure", "log-luminance", "--log-range", "4"], "MIN:MAX");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--measure", "log-luminance", "--log-range=-99:0"], "log range");
    fails_with_one_line(&["histogram", "--texels", raw, "--size", "24x6", "--format", "rgba32f"], "not a 24x6 rgba32f image");
    fails_with_one_line(&["histogram", "--texels", raw, "--size", "24by5", "--format", "rgba32f"], "WxH");
    fails_with_one_line(&["histogram", "--texels", "no/such.raw", "--size", "2x2"], "cannot read");
    fails_with_one_line(&["histogram", "--texels", raw, "--format", "rgba32f"], "--size");
    fails_with_one_line(&["histogram", "--texels", raw, "--size", "24x5", "--format", "rgba32f", "--variant", "all"], "one variant");
    // --size belongs to --texels: beside an image it would be ignored, so it is refused.
    fails_with_one_line(&["histogram", "--synthetic", "8x8", "--size", "3x3"], "cannot be used");
    fails_with_one_line(&["histogram", "assets/rocket.jpg", "--size", "3x3"], "cannot be used");
}

/// A reader that stops early (`| head`) ends the command quietly, without a panic.
#[cfg(unix)]
#[test]
fn a_closed_pipe_is_not_a_panic() {
    common::limit_lavapipe_threads();
    let bin = assert_cmd::cargo::cargo_bin("workgroup");
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("'{}' histogram --synthetic 64x64:random --bins 1000000 --variant cpu | head -n 2", bin.display()))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "stderr should be empty");
}

/// A stdout that cannot be written (a full disk) is one line of error, not a panic.
#[test]
fn a_full_stdout_is_one_line_of_error() {
    common::limit_lavapipe_threads();
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("workgroup"))
        .args(["reduce", "--n", "1000", "--runs", "1", "--variant", "tree"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot write to stdout"), "{stderr}");
}

/// Options that would be ignored, or outputs that would overwrite each other, are refused.
#[test]
fn options_that_cannot_apply_are_refused() {
    fails_with_one_line(&["--json", "tour"], "the tour prints text");
    fails_with_one_line(&["--device", "", "devices"], "empty device name");
    fails_with_one_line(&["study", "--compare", "a.json", "b.json", "--quick"], "cannot be used with");
    fails_with_one_line(&["study", "--slower", "2"], "--compare");
    fails_with_one_line(&["study", "--compare", "a.json", "b.json", "--slower", "nan"], "above 1");
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "all", "--csv"], "not a table");
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "all", "--exposure", "5000"], "not with a table");
    fails_with_one_line(&["--json", "histogram", "--synthetic", "9x9", "--csv"], "give one");
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "auto,cpu"], "auto and all stand alone");
    fails_with_one_line(&["compact", "--input", "x.npy", "--pass-fraction", "0.5"], "cannot be used with");
    fails_with_one_line(&["reduce", "--input", "x.npy", "--dist", "normal"], "cannot be used with");
    let dir = tempfile::tempdir().unwrap();
    let same = dir.path().join("same.png");
    let s = same.to_str().unwrap();
    fails_with_one_line(&["levels", "--synthetic", "9x9", "-o", s, "--chart", s], "name the same file");
    let same = dir.path().join("same.txt");
    let s = same.to_str().unwrap();
    fails_with_one_line(&["sort", "--n", "10", "--variant", "radix", "--indices", "--out", s, "--indices-out", s], "name the same file");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing written");
    // A folder that takes no new file is said before any work (even to root: /proc).
    fails_with_one_line(&["reduce", "--n", "10", "--out", "/proc/reduce.json"], "cannot write in /proc");
}

#[test]
fn study_and_bandwidth_refuse_bad_input() {
    fails_with_one_line(&["study", "--ops", "nonsense"], "unknown op");
    fails_with_one_line(&["study", "--compare", "nope-a.json", "nope-b.json"], "cannot read");
    fails_with_one_line(&["study", "--runs", "0"], "0 is not in 1..");
    fails_with_one_line(&["bandwidth", "--mb", "0"], "at least 1");
    wg().args(["bandwidth", "--mb", "4", "--runs", "2"]).assert().success().stdout(predicate::str::contains("read kernel"));
    // More than any binding (and than u64 bytes): the largest binding, said so.
    wg().args(["bandwidth", "--mb", "18446744073709551615", "--runs", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("the largest binding here, of 18446744073709551615 asked"));
    // The cache sweep, under validation: 1 MiB read 3 times, 2 MiB once, then 3 MiB once.
    wg().args(["--validate", "bandwidth", "--mb", "3", "--sweep", "--runs", "1"]).assert().success().stdout(
        predicate::str::contains("| 1 | 3 |").and(predicate::str::contains("| 2 | 1 |")).and(predicate::str::contains("| 3 | 1 |")),
    );
}

/// The README's first command, as a new user runs it: the whole tour under validation, from a
/// directory other than the checkout (the bundled photos are found, the plot lands there).
#[test]
fn tour_runs_every_demo_from_any_directory() {
    let dir = tempfile::tempdir().unwrap();
    let out = wg().current_dir(dir.path()).args(["--validate", "tour"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    for step in ["devices", "layout", "histogram", "blur", "reduce", "compact", "gray", "particles", "sort"] {
        assert!(stdout.contains(&format!("== workgroup {step}")), "no {step} step:\n{stdout}");
    }
    assert!(stdout.contains("chelsea.png (bundled):") && stdout.contains("coffee.png (bundled)"), "a bundled photo is missing:\n{stdout}");
    assert!(stdout.contains("rgba16f, written as rgba16f"), "no HDR blur step:\n{stdout}");
    assert!(stdout.contains("in a sampled bgra8-srgb image"), "no swapchain levels step:\n{stdout}");
    assert!(!stdout.contains("synthetic"), "{stdout}");
    // Every verified row says yes, except the racy histogram, which is wrong on purpose.
    let wrong: Vec<&str> = stdout.lines().filter(|l| l.contains(" NO") && !l.contains("wrong on purpose")).collect();
    assert!(wrong.is_empty(), "{wrong:?}");
    assert!(stdout.contains("wrong on purpose"));
    let plot = image::open(dir.path().join("histogram.png")).unwrap();
    assert!(plot.width() > 0 && plot.height() > 0);
}

/// An output in a folder that does not exist, or naming a folder, is refused before any work
/// (nothing timed, nothing written), by every command that writes a file.
#[test]
fn output_paths_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let photo = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/chelsea.png");
    let missing = dir.path().join("missing").join("out.png");
    let missing = missing.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    for args in [
        vec!["blur", photo, "-o", missing],
        vec!["gray", photo, "-o", missing],
        vec!["histogram", photo, "--plot", missing],
        vec!["compact", "--n", "10", "--out", missing],
        vec!["reduce", "--n", "10", "--out", missing],
        vec!["sort", "--n", "10", "--out", missing],
    ] {
        fails_with_one_line(&args, "does not exist");
    }
    fails_with_one_line(&["gray", photo, "-o", folder], "folder");
    fails_with_one_line(&["reduce", "--n", "10", "--out", folder], "folder");
    // reduce's --out is its JSON report: a name saying otherwise is refused.
    let npy = dir.path().join("r.npy");
    fails_with_one_line(&["reduce", "--n", "10", "--out", npy.to_str().unwrap()], "name it *.json");
    assert!(!dir.path().join("missing").exists());
}

/// Inputs from a sweep of every command's options with odd values: each once hung, wrote a
/// file in a format its name did not say, gave a wrong message or was refused for a default.
#[test]
fn odd_values_from_the_option_sweep_are_refused_in_one_line() {
    // Each iteration is recorded in one command buffer: no bound meant filling memory, a hang.
    fails_with_one_line(&["blur", "--synthetic", "5x5", "--iterations", "4000000000"], "at most 1000");
    // The same for particles' frames (per-frame records a dispatch a frame; fused looped for hours).
    for variant in ["per-frame", "fused"] {
        fails_with_one_line(&["particles", "--n", "5", "--frames", "4000000000", "--variant", variant], "at most 100000");
    }
    // The extension names the format written: no PNG bytes under another name.
    let dir = tempfile::tempdir().unwrap();
    let named = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    fails_with_one_line(&["blur", "--synthetic", "5x5", "-o", &named("b.jpg")], "name it *.png");
    fails_with_one_line(&["levels", "--synthetic", "5x5", "-o", &named("l.exr")], "name it *.png");
    fails_with_one_line(&["levels", "--synthetic", "5x5", "--chart", &named("chart")], "name it *.png");
    fails_with_one_line(&["gray", "--synthetic", "5x5", "-o", &named("g.bmp")], "name it *.png");
    fails_with_one_line(&["histogram", "--synthetic", "5x5", "--plot", &named("p.jpg")], "name it *.png");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "a refused command wrote a file");
    wg().args(["gray", "--synthetic", "5x5", "--variant", "vec4", "-o", &named("g.PNG")]).assert().success();
    // Negative numbers reach their own check instead of clap's "unexpected argument".
    fails_with_one_line(&["levels", "--synthetic", "5x5", "--clip", "-1"], "--clip -1: use a percent");
    fails_with_one_line(&["compact", "--n", "5", "--pass-fraction", "-0.1"], "pass fraction -0.1");
    for op in ["reduce", "scan", "compact", "sort", "particles"] {
        fails_with_one_line(&[op, "--n", "-5"], "invalid value '-5' for '--n <N>'");
    }
    // Zero runs is refused by every command, the number commands too.
    for op in ["reduce", "scan", "compact", "sort"] {
        fails_with_one_line(&[op, "--n", "5", "--runs", "0"], "0 is not in 1..");
        // So are more runs or warm-ups than any study needs (they once aborted or hung).
        fails_with_one_line(&[op, "--n", "5", "--runs", "4294967295"], "4294967295 is not in 1..=100000");
        fails_with_one_line(&[op, "--n", "5", "--warmup", "4294967295"], "4294967295 is not in 0..=10000");
    }
    for args in [
        &["histogram", "--synthetic", "9x9", "--runs", "100001"][..],
        &["blur", "--synthetic", "9x9", "--runs", "100001"],
        &["gray", "--synthetic", "9x9", "--runs", "100001"],
        &["levels", "--synthetic", "9x9", "--runs", "100001"],
        &["particles", "--runs", "100001"],
        &["bandwidth", "--runs", "100001"],
        &["study", "--runs", "100001"],
        &["study", "--warmup", "10001"],
    ] {
        fails_with_one_line(args, "is not in");
    }
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "fastest", "--wg", "0"], "workgroup size 0: use 1 to");
    // In a table too: refused before any variant runs, not a skipped row.
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "all", "--wg", "0"], "workgroup size 0: use 1 to");
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "shared,fastest", "--groups", "0"], "groups must be at least 1");
    fails_with_one_line(&["--timeout", "0", "devices"], "0 is not in 1..");
}

/// Work that runs past `--timeout` ends in one line, not a crash: the buffers, the kernel and
/// the device used to be freed while lavapipe's threads still ran the dispatch (SIGSEGV).
#[test]
fn work_past_the_timeout_is_an_error_not_a_crash() {
    // A naive 128x128 box reads 2^14 texels per output: minutes on lavapipe. The command must
    // end soon after the timeout, not wait for the work at the device's teardown. A GPU blurs
    // 4096x4096 so in under a second (an H200 in 0.28 s), so there the one submission holds
    // as many iterations as take it about 4 s, from one blur timed first (an H200: 15, and its
    // CPU reference 2 s).
    let naive = ["blur", "--synthetic", "4096x4096", "--variant", "naive", "--filter", "128", "--runs", "1"];
    let on_a_gpu = common::devices().iter().any(|d| d["device_type"] != "CPU"); // the default device is a GPU
    let iterations = if on_a_gpu {
        let out = wg().arg("--json").args(naive).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let ms = v["results"][0]["median_ms"].as_f64().unwrap();
        (4000.0 / ms).ceil().clamp(1.0, 1000.0) as u32
    } else {
        1
    };
    let iterations = iterations.to_string();
    let args = [&["--timeout", "1"], &naive[..], &["--iterations", &iterations]].concat();
    let t0 = std::time::Instant::now();
    fails_with_one_line(&args, "did not finish within 1s");
    assert!(t0.elapsed().as_secs() < 60, "took {:?}: the teardown waited for the work", t0.elapsed());
}

/// `compact --type u32` without `--pred` once failed on the f32 default `gt:0.5`; integers take
/// `even` by default, which half of uniform integers pass.
#[test]
fn compact_takes_a_default_predicate_for_each_type() {
    for (ty, pred) in [("u32", "x even"), ("i32", "x even"), ("f32", "x > 0.5")] {
        let out =
            wg().args(["compact", "--n", "1001", "--type", ty, "--variant", "stable,subgroup-ballot", "--runs", "1"]).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{ty}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains(&format!("keep {pred} of 1001 {ty}")), "{ty}:\n{stdout}");
        assert_eq!(stdout.matches(" yes").count(), 2, "{ty}:\n{stdout}");
    }
}

#[test]
fn internals_are_written_where_the_driver_tells_them_and_refused_in_one_line_where_not() {
    let v = common::devices();
    let dir = tempfile::tempdir().unwrap();
    let to = dir.path().join("internals");
    let args = ["--device", "0", "--internals", to.to_str().unwrap(), "reduce", "--n", "1000", "--variant", "tree"];
    if v[0]["pipeline_executable_properties"] == true {
        wg().args(args).assert().success();
        let names: Vec<String> = std::fs::read_dir(&to).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        assert!(names.iter().any(|n| n.starts_with("reduce.tree.") && n.ends_with(".stats.txt")), "{names:?}");
    } else {
        fails_with_one_line(&args, "VK_KHR_pipeline_executable_properties");
        assert!(!to.exists(), "nothing written where nothing can be read");
    }
}

/// From the fiftieth session's sweep of bad inputs: each was accepted (exit 0) and lost data,
/// wrote over the photo, or read a wrong input silently.
#[test]
fn outputs_never_replace_the_input_or_each_other_and_damaged_inputs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let photo = sub.join("photo.png");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/chelsea.png"), &photo).unwrap();
    let before = std::fs::read(&photo).unwrap();
    let in_sub = |args: &[&str], needle: &str| {
        let out = wg().current_dir(&sub).args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && out.status.code() != Some(101), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    };
    // The same file written another way (`../sub/x`) is still the same file.
    let abs = sub.join("x.npy");
    in_sub(
        &["sort", "--n", "64", "--variant", "radix", "--indices", "--out", abs.to_str().unwrap(), "--indices-out", "../sub/x.npy"],
        "name the same file",
    );
    in_sub(&["levels", "photo.png", "-o", "y.png", "--chart", "../sub/y.png"], "name the same file");
    // A chart or plot over the photo it shows is refused; the photo stays as it was.
    in_sub(&["histogram", "photo.png", "--variant", "cpu", "--plot", "../sub/photo.png"], "is the input image");
    in_sub(&["levels", "../sub/photo.png", "--chart", "photo.png"], "is the input image");
    assert_eq!(std::fs::read(&photo).unwrap(), before);
    assert_eq!(std::fs::read_dir(&sub).unwrap().count(), 1, "a refused command wrote a file");
    // Options that go with another option (clap does not check `requires` where that one
    // conflicts with an option given) and knobs of a variant not run.
    fails_with_one_line(&["levels", "--synthetic", "9x9", "--out-dir", dir.path().to_str().unwrap()], "--frames");
    fails_with_one_line(&["study", "--quick", "--slower", "2"], "--compare");
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--log-range", "5:1"], "--measure log-luminance");
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "cpu", "--wg", "0"], "workgroup size 0");
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "atomic", "--loads", "99"], "loads must be 1..=8");
    fails_with_one_line(&["devices", "--internals", dir.path().join("i").to_str().unwrap()], "devices runs none");
    // A JPEG cut short decodes to grey without an error from the decoder: refused here.
    let jpeg = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/rocket.jpg")).unwrap();
    let cut = dir.path().join("cut.jpg");
    std::fs::write(&cut, &jpeg[..jpeg.len() / 3]).unwrap();
    fails_with_one_line(&["gray", cut.to_str().unwrap(), "--runs", "1"], "truncated");
    let whole = dir.path().join("whole.jpg");
    std::fs::write(&whole, &jpeg).unwrap();
    wg().args(["gray", whole.to_str().unwrap(), "--runs", "1"]).assert().success();
    // Numbers as text in a file not named .txt would be read raw: four numbers as 2 floats.
    let text = dir.path().join("numbers");
    std::fs::write(&text, "1\n2\n3\n4\n").unwrap();
    fails_with_one_line(&["reduce", "--input", text.to_str().unwrap()], "name it numbers.txt");
    // ... unless the name says raw; and a byte-order mark before text is skipped.
    let raw = dir.path().join("numbers.raw");
    std::fs::write(&raw, "1\n2\n3\n4\n").unwrap();
    wg().args(["reduce", "--input", raw.to_str().unwrap(), "--type", "u32", "--op", "max"]).assert().success();
    let bom = dir.path().join("bom.txt");
    std::fs::write(&bom, "\u{feff}1\n2\n").unwrap();
    wg().args(["reduce", "--input", bom.to_str().unwrap(), "--type", "u32"]).assert().success().stdout(predicate::str::contains("CPU: 3 "));
    // A table refuses what all its variants share (it printed a table of skipped rows, exit 0),
    // and before the CPU reference bins anything.
    fails_with_one_line(&["histogram", "--synthetic", "9x9", "--variant", "all", "--bins", "5000000"], "at most");
    fails_with_one_line(
        &["histogram", "--synthetic", "9x9", "--variant", "cpu,atomic", "--measure", "log-luminance", "--bins", "300"],
        "32 bins times a power of two",
    );
    // Work past the host's memory is refused, not left to the allocator's abort.
    fails_with_one_line(&["levels", "--synthetic", "16384x16384", "--video", "1000"], "GiB of host memory");
    // A .npy cut inside its header says so (it said "bad magic").
    let npy = dir.path().join("cut.npy");
    std::fs::write(&npy, b"\x93NUMPY\x01").unwrap();
    fails_with_one_line(&["reduce", "--input", npy.to_str().unwrap()], "truncated .npy");
}
