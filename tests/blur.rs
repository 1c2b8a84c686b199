//! The box blur: every GPU variant equals the CPU reference bit for bit, under validation.
mod common;

use proptest::prelude::*;
use workgroup::cpu;
use workgroup::gpu::{Context, Error};
use workgroup::ops::blur::{self, FastestConfig, Params, Variant, MAX_FILTER};
use workgroup::ops::images::{self, Rgba8, Synthetic};

const GPU: [Variant; 4] = [Variant::Naive, Variant::Separable, Variant::Tiled, Variant::Fastest];

fn random(w: u32, h: u32, seed: u64) -> Rgba8 {
    images::synthetic(w, h, Synthetic::Random, seed).unwrap()
}

fn first_difference(a: &Rgba8, b: &Rgba8) -> String {
    let i = a.pixels.iter().zip(&b.pixels).position(|(x, y)| x != y).unwrap_or(0);
    let p = i / 4;
    format!(
        "first difference at ({}, {}) channel {}: {} vs {}",
        p % a.width as usize,
        p / a.width as usize,
        i % 4,
        a.pixels[i],
        b.pixels[i]
    )
}

fn check(ctx: &Context, img: &Rgba8, filter: u32, iterations: u32, variants: &[Variant]) {
    let params = Params { filter, iterations };
    let want = cpu::blur::blur(img, filter, iterations);
    for &v in variants {
        let got =
            blur::run(ctx, img, params, v).unwrap_or_else(|e| panic!("{v} {}x{} N={filter} K={iterations}: {e}", img.width, img.height));
        assert!(got == want, "{v} {}x{} N={filter} K={iterations}: {}", img.width, img.height, first_difference(&got, &want));
    }
}

#[test]
fn awkward_sizes_all_filters_all_variants() {
    let g = common::gpu();
    for (i, (w, h)) in [(1, 1), (1, 300), (129, 3), (1000, 1)].into_iter().enumerate() {
        let img = random(w, h, 100 + i as u64);
        for filter in [1, 2, 3, 15, 33, MAX_FILTER] {
            for iterations in [1, 3] {
                check(&g, &img, filter, iterations, &GPU);
            }
        }
    }
}

/// `fastest`'s knob shapes: (tile, workgroup). Default; one segment per column (wg = tile width);
/// wide; tall with 8 segments; more segments than rows (empty ones); a tile that must shrink.
const SHAPES: [([u32; 2], u32); 10] = [
    ([64, 64], 256),
    ([64, 64], 64),
    ([128, 32], 128),
    ([32, 128], 256),
    ([16, 16], 512),
    ([256, 64], 256),
    ([64, 50], 256), // heights that are not powers of two: 64 - (15 - 1) rows
    ([32, 17], 64),
    ([32, 0], 128), // auto height: 64 - (N - 1), at least 16
    ([32, 0], 0),   // auto height and workgroup: per filter size (the default)
];

fn tile_configs() -> Vec<FastestConfig> {
    let d = FastestConfig::default();
    let mut out = Vec::new();
    for (tile, workgroup) in SHAPES {
        for px in [4, 8, 16] {
            for vec_loads in [false, true] {
                out.push(FastestConfig { tile, workgroup, px, vec_loads, ..d });
            }
        }
    }
    out
}

/// The streaming kernel's shapes: (strip width x rows per step, workgroup, rows per strip). One
/// warp, two steps per strip; phase-2 invocations to spare (wg > width); a strip shorter than a
/// step, and at px 4 more phase-1 items than invocations (the unpipelined path whatever
/// `prefetch` says); the start point `FastestConfig::STREAM`; a tile that must shrink (N = 128).
const STREAM_SHAPES: [([u32; 2], u32, u32); 5] =
    [([32, 16], 32, 32), ([16, 16], 64, 64), ([64, 32], 64, 16), ([64, 16], 64, 128), ([256, 16], 256, 16)];

fn stream_configs() -> Vec<FastestConfig> {
    let mut out = Vec::new();
    for (tile, workgroup, stream_rows) in STREAM_SHAPES {
        for px in [4, 8, 16] {
            // (vec_loads, prefetch, ring_lanes)
            for (vec_loads, prefetch, ring_lanes) in
                [(true, true, false), (false, true, false), (true, false, false), (true, true, true), (false, false, true)]
            {
                out.push(FastestConfig { tile, workgroup, px, vec_loads, stream_rows, prefetch, ring_lanes, ..FastestConfig::default() });
            }
        }
    }
    out
}

/// Every config against the CPU on awkward sizes; `full` configs get every (filter,
/// iterations), the others alternate iterations per filter (and both for 15) to keep the test
/// time reasonable on lavapipe.
fn check_configs(configs: Vec<FastestConfig>, full: impl Fn(&FastestConfig) -> bool) {
    let g = common::gpu();
    // Widths not multiple of 4 (scalar path), multiples of 4 (uvec4 path inside, scalar at edges);
    // heights 67 and 70 give the streaming kernel strips that end early and steps cut short.
    let imgs: Vec<Rgba8> =
        [(1, 1), (1, 45), (45, 1), (132, 67), (203, 70)].iter().enumerate().map(|(i, &(w, h))| random(w, h, 40 + i as u64)).collect();
    let mut want = std::collections::HashMap::new();
    for cfg in configs {
        let b = blur::Blur::with_config(&g, Variant::Fastest, cfg).unwrap();
        for (f, filter) in [1, 2, 3, 15, 33, MAX_FILTER].into_iter().enumerate() {
            for iterations in [1, 3] {
                if !full(&cfg) && filter != 15 && (iterations == 3) != (f % 2 == 1) {
                    continue;
                }
                for (i, img) in imgs.iter().enumerate() {
                    let w = want.entry((i, filter, iterations)).or_insert_with(|| cpu::blur::blur(img, filter, iterations));
                    let got = blur::run_on(&g, &b, img, Params { filter, iterations }).unwrap();
                    assert!(got == *w, "{cfg:?} {}x{} N={filter} K={iterations}: {}", img.width, img.height, first_difference(&got, w));
                }
            }
        }
    }
}

#[test]
fn fastest_every_knob_combination() {
    check_configs(tile_configs(), |c| c.tile == SHAPES[0].0 && c.workgroup == SHAPES[0].1);
}

#[test]
fn fastest_stream_every_knob_combination() {
    let lanes = FastestConfig { ring_lanes: true, ..FastestConfig::STREAM };
    check_configs(stream_configs(), |c| *c == FastestConfig::STREAM || *c == lanes);
}

#[test]
fn fastest_knobs_are_checked() {
    let g = common::gpu();
    let img = random(8, 8, 1);
    let p = Params { filter: 3, iterations: 1 };
    let d = FastestConfig::default();
    // The auto workgroup follows the device: where 256 invocations do not fit, 128 with 64 rows.
    let mut small = g.info().clone();
    small.max_workgroup_invocations = 128;
    assert_eq!(d.for_device(&small, 15), FastestConfig { workgroup: 128, ..d });
    assert_eq!(d.for_device(&small, 15).tile_for(49152, 15), (32, 50, 14));
    assert_eq!(d.for_device(&small, 10), d.for_filter(10));
    assert_eq!(d.for_device(g.info(), 15), d.for_filter(15));
    for (bad, needle) in [
        (FastestConfig { tile: [48, 64], ..d }, "tile 48x64"),
        (FastestConfig { tile: [64, 8], ..d }, "tile 64x8"),
        (FastestConfig { tile: [64, 257], ..d }, "tile 64x257"),
        (FastestConfig { tile: [64, 50], ..FastestConfig::STREAM }, "tile 64x50"),
        (FastestConfig { tile: [64, 32], workgroup: 32, ..d }, "at least the tile width"),
        (FastestConfig { workgroup: 96, ..d }, "power of two"),
        (FastestConfig { workgroup: 1 << 16, tile: [16, 16], ..d }, "power of two"),
        (FastestConfig { px: 5, ..d }, "px"),
        (FastestConfig { stream_rows: 8, ..FastestConfig::STREAM }, "stream rows"),
        (FastestConfig { stream_rows: 100, ..FastestConfig::STREAM }, "stream rows"),
        (FastestConfig { stream_rows: 8192, ..FastestConfig::STREAM }, "stream rows"),
    ] {
        let e = blur::run_with(&g, &img, p, Variant::Fastest, bad).unwrap_err();
        assert!(matches!(&e, Error::InvalidInput(m) if m.contains(needle)), "{bad:?}: {e}");
    }
    assert_eq!(FastestConfig::V1.tile_for(49152, 15), (64, 64, 14));
    assert_eq!(FastestConfig { tile: [256, 64], ..d }.tile_for(49152, 15), (256, 32, 14));
    assert_eq!(FastestConfig { tile: [256, 64], ..d }.tile_for(32768, 128), (32, 64, 127));
    // The streaming ring holds TH + N rows.
    let s = FastestConfig::STREAM;
    assert_eq!(s.tile_for(49152, 15), (64, 16, 15));
    assert_eq!(FastestConfig { tile: [64, 64], ..s }.tile_for(16384, 1), (64, 32, 1));
    assert_eq!(FastestConfig { tile: [256, 16], ..s }.tile_for(49152, 128), (64, 16, 128));
    // ... of 8 bytes with ring_lanes.
    assert_eq!(FastestConfig { ring_lanes: true, ..s }.tile_for(49152, 128), (32, 16, 128));
    assert_eq!(FastestConfig { ring_lanes: true, ..s }.tile_for(49152, 15), (64, 16, 15));
}

#[test]
fn photos_all_variants() {
    let g = common::gpu();
    for name in ["chelsea.png", "coffee.png", "rocket.jpg"] {
        let img = images::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join(name)).unwrap();
        check(&g, &img, 15, 1, &GPU);
        // The cheap variants also with even, large and repeated filters.
        check(&g, &img, 2, 3, &[Variant::Separable, Variant::Tiled, Variant::Fastest]);
        check(&g, &img, 33, 1, &[Variant::Separable, Variant::Tiled, Variant::Fastest]);
        check(&g, &img, MAX_FILTER, 3, &[Variant::Tiled, Variant::Fastest]);
    }
}

#[test]
fn tile_boundaries_and_flat_images() {
    let g = common::gpu();
    // Sizes around fastest's 64-texel tile and tiled's blockDim; a flat image stays flat.
    for (w, h, n) in [(64, 64, 15), (65, 63, 16), (127, 129, 4), (200, 70, 127), (2, 257, 5)] {
        check(&g, &random(w, h, (w * h) as u64), n, 1, &GPU);
    }
    let flat = Rgba8::flat(70, 50, [142, 87, 201, 255]).unwrap();
    check(&g, &flat, 9, 2, &GPU);
    assert_eq!(cpu::blur::blur(&flat, 9, 2), flat);
}

#[test]
fn cpu_single_and_parallel_agree() {
    let img = random(301, 97, 5);
    for n in [1, 2, 7, 64, 128] {
        assert_eq!(cpu::blur::blur(&img, n, 2), cpu::blur::blur_par(&img, n, 2));
    }
    let g = common::gpu();
    assert_eq!(blur::run(&g, &img, Params { filter: 7, iterations: 2 }, Variant::Cpu).unwrap(), cpu::blur::blur(&img, 7, 2));
}

#[test]
fn bad_parameters_are_refused_with_a_message() {
    let g = common::gpu();
    let img = random(8, 8, 1);
    for v in Variant::ALL {
        let e = blur::run(&g, &img, Params { filter: 0, iterations: 1 }, v).unwrap_err();
        assert!(matches!(&e, Error::InvalidInput(m) if m.contains("at least 1")), "{v}: {e}");
        let e = blur::run(&g, &img, Params { filter: MAX_FILTER + 1, iterations: 1 }, v).unwrap_err();
        assert!(matches!(&e, Error::InvalidInput(m) if m.contains("at most 128")), "{v}: {e}");
        let e = blur::run(&g, &img, Params { filter: 3, iterations: 0 }, v).unwrap_err();
        assert!(matches!(&e, Error::InvalidInput(m) if m.contains("iterations")), "{v}: {e}");
    }
    assert!("bogus".parse::<Variant>().is_err());
    for v in Variant::ALL {
        assert_eq!(v.name().parse::<Variant>().unwrap(), v);
    }
}

#[test]
fn fastest_tile_fits_shared_memory() {
    // Per filter size: 64 rows held below 15 (and past 97), 128 rows from 15 to 97.
    assert_eq!(blur::fastest_tile(49152, 15), (32, 114, 14));
    assert_eq!(blur::fastest_tile(49152, 3), (32, 62, 2));
    assert_eq!(blur::fastest_tile(49152, 14), (32, 51, 13));
    assert_eq!(blur::fastest_tile(49152, 97), (32, 32, 96));
    assert_eq!(blur::fastest_tile(32768, 128), (32, 16, 127));
    let d = FastestConfig::default();
    let wg = |n: u32| d.for_filter(n).workgroup;
    assert_eq!([wg(1), wg(6), wg(7), wg(14), wg(15), wg(97), wg(98), wg(128)], [256, 256, 128, 128, 256, 256, 128, 128]);
    // Given knobs are kept: an explicit workgroup keeps the 64-row auto height.
    let fixed = FastestConfig { workgroup: 128, ..d };
    assert_eq!(fixed.for_filter(15), fixed);
    assert_eq!(fixed.tile_for(49152, 15), (32, 50, 14));
    assert_eq!(FastestConfig { tile: [64, 40], ..d }.for_filter(3).tile, [64, 40]);
    for shared in [16384, 32768, 49152] {
        for n in 1..=MAX_FILTER {
            let (tw, th, apron) = blur::fastest_tile(shared, n);
            assert!(apron >= n - 1 && (th + apron) * tw * 4 <= shared, "{shared} {n}");
        }
    }
}

#[test]
fn engine_mode_records_into_the_callers_command_buffer() {
    use workgroup::gpu::{vk, Buffer, Image, Sync};
    let g = common::gpu();
    let img = random(37, 21, 9);
    let params = Params { filter: 5, iterations: 2 };
    let want = cpu::blur::blur(&img, 5, 2);
    // Images (tiled) and packed buffers (fastest), one command buffer each.
    let b = blur::Blur::new(&g, Variant::Tiled).unwrap();
    let src = Image::from_rgba8(&g, 37, 21, &img.pixels, "src").unwrap();
    let dst = Image::new(&g, 37, 21, "dst").unwrap();
    let tmp = Image::new(&g, 37, 21, "tmp").unwrap();
    let small = Image::new(&g, 5, 5, "small").unwrap();
    g.submit(|rec| {
        rec.image_layout(&dst, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
        rec.image_layout(&tmp, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
        assert!(b.record(rec, &src, &small, &tmp, params).is_err());
        assert!(b.record(rec, &src, &src, &tmp, params).is_err());
        b.record(rec, &src, &dst, &tmp, params)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    assert_eq!(dst.read(&g).unwrap(), want.pixels);
    // The same on bare views, as an engine holds its images (separable: two passes an iteration,
    // so the chain goes through tmp and ends in dst).
    let s = blur::Blur::new(&g, Variant::Separable).unwrap();
    let out = Image::new(&g, 37, 21, "out").unwrap();
    g.submit(|rec| {
        rec.image_layout(&out, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
        assert!(s.record_views(rec, [src.view(), src.view(), tmp.view()], 37, 21, params).is_err());
        s.record_views(rec, [src.view(), out.view(), tmp.view()], 37, 21, params)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    assert_eq!(out.read(&g).unwrap(), want.pixels);
    let f = blur::Blur::new(&g, Variant::Fastest).unwrap();
    let src: Buffer<u32> = Buffer::from_slice(&g, img.packed(), "src").unwrap();
    let dst: Buffer<u32> = Buffer::new(&g, 37 * 21, "dst").unwrap();
    let tmp: Buffer<u32> = Buffer::new(&g, 37 * 21, "tmp").unwrap();
    g.submit(|rec| {
        f.record_packed(rec, &src, &dst, &tmp, [37, 21], params)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    assert_eq!(bytemuck::cast_slice::<u32, u8>(&g.read(&dst).unwrap()), &want.pixels[..]);
    assert!(blur::Blur::new(&g, Variant::Cpu).is_err());
}

#[test]
fn timing_returns_the_same_pixels() {
    let g = common::gpu();
    let img = images::synthetic(96, 80, Synthetic::Natural, 3).unwrap();
    let params = Params { filter: 15, iterations: 1 };
    let want = cpu::blur::blur(&img, 15, 1);
    for v in Variant::ALL {
        let (t, out) = blur::time(&g, &img, params, v, 1, 3).unwrap();
        assert_eq!(t.runs, 3);
        assert!(t.min_ns <= t.median_ns && t.median_ns <= t.max_ns);
        assert!(out == want, "{v}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn random_images_and_filters(w in 1u32..70, h in 1u32..70, filter in 1u32..=40, iterations in 1u32..=2, seed in any::<u64>()) {
        let g = common::gpu();
        let img = random(w, h, seed);
        let want = cpu::blur::blur(&img, filter, iterations);
        for v in GPU {
            let got = blur::run(&g, &img, Params { filter, iterations }, v).unwrap();
            prop_assert!(got == want, "{} {}x{} N={} K={}: {}", v, w, h, filter, iterations, first_difference(&got, &want));
        }
        // The streaming kernel, with strips shorter than the image.
        let stream = FastestConfig { stream_rows: 16, ..FastestConfig::STREAM };
        let got = blur::run_with(&g, &img, Params { filter, iterations }, Variant::Fastest, stream).unwrap();
        prop_assert!(got == want, "stream {}x{} N={} K={}: {}", w, h, filter, iterations, first_difference(&got, &want));
    }
}

mod cli {
    use crate::common::{fails_with_one_line, wg};

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("workgroup-blur-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn blur_writes_a_png_and_the_table() {
        let photo = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/chelsea.png");
        let out = scratch("chelsea.png");
        let o = wg()
            .args(["--validate", "blur", photo, "-o", out.to_str().unwrap(), "--filter", "4", "--iterations", "2", "--runs", "1"])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(String::from_utf8_lossy(&o.stdout).contains("yes"));
        let written = workgroup::ops::images::load(&out).unwrap();
        let input = workgroup::ops::images::load(std::path::Path::new(photo)).unwrap();
        assert_eq!(written, workgroup::cpu::blur::blur(&input, 4, 2));

        let o = wg().args(["blur", "--synthetic", "40x30:random", "--variant", "all", "--runs", "2", "--json"]).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let rows = v["results"].as_array().unwrap();
        assert_eq!(rows.len(), workgroup::ops::blur::Variant::ALL.len());
        assert!(rows.iter().all(|r| r["matches_cpu"] == true && r["median_ms"].as_f64().unwrap() >= 0.0));

        // --stats: the pipeline's driver statistics (or that there are none), as text and JSON.
        let o = wg().args(["blur", "--synthetic", "40x30:random", "--runs", "1", "--stats"]).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(String::from_utf8_lossy(&o.stdout).contains("fastest pipeline: "));
        let o = wg().args(["blur", "--synthetic", "40x30:random", "--runs", "1", "--stats", "--json"]).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert!(v["fastest_statistics"].is_object());
    }

    #[test]
    fn blur_refuses_bad_input_with_one_line() {
        let photo = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/coffee.png");
        let corrupt = scratch("corrupt.png");
        std::fs::write(&corrupt, b"\x89PNG\r\n\x1a\nnot really").unwrap();
        fails_with_one_line(&["blur", "/nonexistent/photo.png"], "cannot read");
        fails_with_one_line(&["blur", corrupt.to_str().unwrap()], "cannot decode");
        fails_with_one_line(&["blur", photo, "--filter", "0"], "at least 1");
        fails_with_one_line(&["blur", photo, "--filter", "129"], "at most 128");
        fails_with_one_line(&["blur", photo, "--variant", "tiled", "--filter", "500"], "at most 128");
        fails_with_one_line(&["blur", photo, "--iterations", "0"], "iterations");
        fails_with_one_line(&["blur", "--synthetic", "0x0"], "empty");
        fails_with_one_line(&["blur", "--synthetic", "8x8", "--variant", "gaussian"], "unknown blur variant");
        fails_with_one_line(&["blur"], "--synthetic");
        fails_with_one_line(&["blur", "--synthetic", "8x8", "-o", "/nonexistent/dir/out.png"], "does not exist");
        fails_with_one_line(&["blur", photo, "--filter", "x3"], "invalid value");
        // Other formats: a float result is EXR, the rgba8-only variants refuse them, a dump must fit its size.
        fails_with_one_line(&["blur", photo, "--format", "rgba16f", "-o", scratch("x.png").to_str().unwrap()], "OpenEXR");
        fails_with_one_line(&["blur", photo, "-o", scratch("x.exr").to_str().unwrap()], "PNG");
        fails_with_one_line(&["blur", photo, "--format", "rgba16f", "--variant", "tiled"], "fastest-sampled");
        fails_with_one_line(&["blur", photo, "--format", "rgb9e5"], "unknown image format");
        fails_with_one_line(&["blur", "--texels", photo, "--size", "3x3", "--format", "rgba16f"], "not a 3x3 rgba16f image");
        fails_with_one_line(&["blur", "--synthetic", "8x8", "--sampled-shape", "7x64x128x8"], "tile width");
        fails_with_one_line(&["blur", "--synthetic", "8x8", "--size", "3x3"], "cannot be used");
    }

    /// An HDR image's blur from the command line: an .exr in, the exact half result out (as .exr),
    /// equal to the reference; the table of an 8-bit format runs cpu and fastest-sampled.
    #[test]
    fn blur_of_float_and_swapchain_formats() {
        use workgroup::ops::blur::{reference_texels, Blurred, Params};
        use workgroup::ops::images::{self, ColorFormat, Rgba16f, Texels};
        let photo = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/coffee.png");
        let (first, second) = (scratch("coffee-blur.exr"), scratch("coffee-blur-2.exr"));
        let o = wg()
            .args(["--validate", "blur", photo, "--format", "rgba16f", "--filter", "7", "-o", first.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        // The written EXR read back as an HDR input (rgba16f by default) and blurred again.
        let o = wg()
            .args(["blur", first.to_str().unwrap(), "--filter", "3", "--variant", "all", "--runs", "1", "-o", second.to_str().unwrap()])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success() && stdout.contains("rgba16f, written as rgba16f") && stdout.contains("fastest-sampled"), "{stdout}");
        let img = images::load(std::path::Path::new(photo)).unwrap();
        let t = Texels::new(img.width, img.height, ColorFormat::Rgba16f, ColorFormat::Rgba16f.texels_from_rgba8(&img)).unwrap();
        let once = reference_texels(&t, Params { filter: 7, iterations: 1 }).unwrap();
        let Blurred::Halves(once) = once else { panic!("a float blur gives halves") };
        let again = reference_texels(
            &Texels::new(img.width, img.height, ColorFormat::Rgba16f, once.bytes()).unwrap(),
            Params { filter: 3, iterations: 1 },
        )
        .unwrap();
        let (w, h, written) = images::load_float(&second).unwrap();
        let halves =
            Rgba16f::new(w, h, written.chunks(4).map(|c| std::array::from_fn(|i| half::f16::from_f32(c[i]).to_bits())).collect()).unwrap();
        assert!(Blurred::Halves(halves).same_as(&again), "the written EXR differs from the reference");
        let o = wg().args(["blur", photo, "--format", "bgra8-srgb", "--variant", "all", "--runs", "1", "--json"]).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let rows: Vec<&str> = v["results"].as_array().unwrap().iter().map(|r| r["variant"].as_str().unwrap()).collect();
        assert_eq!(rows, ["cpu", "fastest-sampled"]);
        assert!(v["results"].as_array().unwrap().iter().all(|r| r["matches_cpu"] == true));
        assert_eq!(v["output_format"], "rgba8");
    }
}
