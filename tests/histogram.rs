//! Every histogram variant but `racy` equals the CPU reference exactly, under validation.
mod common;
use common::{gpu, rng};
use proptest::prelude::*;
use rand::Rng;
use workgroup::cpu::histogram::histogram as reference;
use workgroup::ops::histogram::{self, ChunkShape, Measure, Params, Variant};
use workgroup::ops::images::{self, Rgba8, Synthetic};

fn random_image(w: u32, h: u32, seed: u64) -> Rgba8 {
    let mut r = rng(seed);
    Rgba8::new(w, h, (0..w * h * 4).map(|_| r.gen()).collect()).unwrap()
}

fn exact_variants() -> impl Iterator<Item = Variant> {
    Variant::ALL.into_iter().filter(|v| v.is_exact())
}

fn check(g: &common::Gpu, img: &Rgba8, params: &Params, what: &str) {
    let want = reference(&img.pixels, params.measure, params.bins);
    for v in exact_variants() {
        let got = histogram::run(g, img, params, v).unwrap_or_else(|e| panic!("{what} {}: {e}", v.name()));
        assert_eq!(got, want, "{what}: variant {} bins {} {:?}", v.name(), params.bins, params.measure);
    }
}

#[test]
fn awkward_sizes_and_bin_counts() {
    let g = gpu();
    let sizes = [(1u32, 1u32), (7, 6), (17, 13), (257, 1), (1, 4099)];
    let images: Vec<Rgba8> = sizes.iter().enumerate().map(|(i, &(w, h))| random_image(w, h, i as u64)).collect();
    for measure in [Measure::Luminance, Measure::Grey] {
        for bins in [1u32, 3, 16, 255, 256, 1000] {
            let params = Params { bins, measure, ..Default::default() };
            for v in exact_variants().filter(|v| v.is_gpu()) {
                let h = histogram::Histogram::new(&g, v, &params, 257, 4099).unwrap();
                let _ = h;
            }
            for img in &images {
                check(&g, img, &params, &format!("{}x{}", img.width, img.height));
            }
        }
    }
}

#[test]
fn large_image_3200x2400_and_chunk_shapes() {
    let g = gpu();
    let img = images::synthetic(3200, 2400, Synthetic::Natural, 7).unwrap();
    check(&g, &img, &Params::default(), "3200x2400 natural luminance");
    let grey16 = Params { bins: 16, measure: Measure::Grey, ..Default::default() };
    check(&g, &img, &grey16, "3200x2400 natural grey 16");
    let p = Params { chunk: ChunkShape { width: 16, height: 16 }, ..Default::default() };
    let want = reference(&img.pixels, p.measure, p.bins);
    for v in [Variant::ChunksSum, Variant::ChunksReduce] {
        assert_eq!(histogram::run(&g, &img, &p, v).unwrap(), want, "16x16 chunks {}", v.name());
    }
}

#[test]
fn photos_flat_and_random() {
    let g = gpu();
    for f in ["assets/chelsea.png", "assets/coffee.png", "assets/rocket.jpg"] {
        let img = images::load(std::path::Path::new(f)).unwrap();
        check(&g, &img, &Params::default(), f);
        check(&g, &img, &Params { bins: 16, measure: Measure::Grey, ..Default::default() }, f);
    }
    for rgba in [[0u8, 0, 0, 255], [255, 255, 255, 255], [142, 87, 201, 0]] {
        let img = Rgba8::flat(301, 203, rgba).unwrap();
        check(&g, &img, &Params::default(), "flat");
        check(&g, &img, &Params { bins: 3, ..Default::default() }, "flat, 3 bins");
    }
    let img = images::synthetic(1031, 977, Synthetic::Random, 3).unwrap();
    check(&g, &img, &Params::default(), "random");
    // Near-flat: one colour whose alpha varies, and two colours of one luminance bin in turn.
    // `fastest` aggregates only blocks of one packed colour, so these take its general path.
    let (w, h) = (257u32, 131u32);
    let alpha: Vec<u8> = (0..w * h).flat_map(|i| [90, 60, 30, (i % 7) as u8]).collect();
    check(&g, &Rgba8::new(w, h, alpha).unwrap(), &Params::default(), "one colour, alpha varies");
    let two: Vec<u8> = (0..w * h).flat_map(|i| if i % 3 == 0 { [100, 100, 100, 255] } else { [101, 100, 99, 255] }).collect();
    check(&g, &Rgba8::new(w, h, two).unwrap(), &Params::default(), "two colours, one bin");
}

#[test]
fn fastest_grid_and_workgroup_sizes() {
    let g = gpu();
    let img = images::synthetic(1000, 999, Synthetic::Natural, 11).unwrap();
    let want = reference(&img.pixels, Measure::Luminance, 256);
    for (groups, wg, loads) in [(1u32, 32u32, 1u32), (3, 64, 2), (7, 256, 4), (64, 128, 3), (1000, 512, 2), (5, 64, 8)] {
        for prefetch in [false, true] {
            let p = Params {
                groups: Some(groups),
                workgroup: Some(wg),
                lane_runs: Some(wg == 64),
                loads: Some(loads),
                prefetch: Some(prefetch),
                ..Default::default()
            };
            assert_eq!(
                histogram::run(&g, &img, &p, Variant::Fastest).unwrap(),
                want,
                "groups {groups} wg {wg} loads {loads} prefetch {prefetch}"
            );
        }
    }
}

#[test]
fn fastest_one_colour_test_skipping() {
    // Flat stripes between random ones, so blocks that pass and fail the one-colour test alternate.
    let g = gpu();
    let (w, h) = (777u32, 301u32);
    let mut r = rng(5);
    let px: Vec<u8> =
        (0..w * h).flat_map(|i| if (i / w / 8) % 2 == 0 { [9, 200, 31, 255] } else { [r.gen(), r.gen(), r.gen(), 255] }).collect();
    let img = Rgba8::new(w, h, px).unwrap();
    let want = reference(&img.pixels, Measure::Luminance, 256);
    for skip in [0u32, 1, 3, 7] {
        for (prefetch, loads) in [(true, 2u32), (false, 1)] {
            let p = Params { check_skip: Some(skip), prefetch: Some(prefetch), loads: Some(loads), groups: Some(5), ..Default::default() };
            assert_eq!(histogram::run(&g, &img, &p, Variant::Fastest).unwrap(), want, "check_skip {skip} prefetch {prefetch}");
        }
    }
}

#[test]
fn racy_loses_counts() {
    let g = gpu();
    let img = Rgba8::flat(512, 512, [200, 200, 200, 255]).unwrap();
    let lost = histogram::racy_losses(&g, &img, &Params::default(), 3).unwrap();
    assert!(lost.iter().any(|&l| l > 0), "the race should lose counts on a flat image: {lost:?}");
}

#[test]
fn refusals_are_errors_not_panics() {
    let g = gpu();
    let img = random_image(5, 5, 1);
    let huge = Params { bins: 1 << 20, ..Default::default() };
    for v in [Variant::Shared, Variant::ChunksSum, Variant::Fastest, Variant::PerThread, Variant::FastestImage] {
        let e = histogram::run(&g, &img, &huge, v).unwrap_err().to_string();
        assert!(e.contains("shared memory") || e.contains("private"), "{e}");
    }
    assert!(histogram::run(&g, &img, &Params { bins: 0, ..Default::default() }, Variant::Atomic).is_err());
    // Huge bin counts still work where the bins live in global memory, and `auto` falls back.
    let want = reference(&img.pixels, Measure::Luminance, 1 << 20);
    assert_eq!(histogram::run(&g, &img, &huge, Variant::Atomic).unwrap(), want);
    assert_eq!(histogram::auto(g.info(), &huge), Variant::Atomic);
    assert_eq!(histogram::auto_image(g.info(), &huge), Variant::GlobalAtomic);
    let want = reference(&img.pixels, Measure::Grey, 1 << 22);
    let p = Params { bins: 1 << 22, measure: Measure::Grey, ..Default::default() };
    assert_eq!(histogram::run(&g, &img, &p, Variant::GlobalAtomic).unwrap(), want);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]
    #[test]
    fn fresh_random_images(w in 1u32..300, h in 1u32..200, bins in 1u32..600, seed in any::<u64>(), grey in any::<bool>()) {
        let g = gpu();
        let img = random_image(w, h, seed);
        let measure = if grey { Measure::Grey } else { Measure::Luminance };
        check(&g, &img, &Params { bins, measure, ..Default::default() }, "proptest");
    }
}

/// 6000x6000 RGBA8 is 144 MB: more than lavapipe's 128 MiB storage binding, so the buffer
/// variants must process it in bands (and `single` in bands of at most 65000 x 256 pixels).
#[test]
fn input_larger_than_one_binding_is_processed_in_bands() {
    let g = gpu();
    let img = images::synthetic(6000, 6000, Synthetic::Natural, 5).unwrap();
    let p = Params::default();
    let want = reference(&img.pixels, p.measure, p.bins);
    for v in [Variant::Atomic, Variant::Fastest, Variant::Single, Variant::ChunksSum] {
        assert_eq!(histogram::run(&g, &img, &p, v).unwrap(), want, "{}", v.name());
    }
}

/// Engine mode: one histogram recorded twice into one command buffer, over two images into two
/// bin buffers, gives each its own counts, under synchronization validation (the chunk variants'
/// scratch is shared by the two records); an empty image records nothing and leaves zeros.
#[test]
fn two_records_of_one_histogram_in_one_command_buffer() {
    use workgroup::gpu::{Buffer, Sync};
    let g = gpu();
    let params = Params::default();
    let (a, b) = (random_image(67, 45, 11), random_image(67, 45, 12));
    let packed = |img: &Rgba8| -> Vec<u32> {
        let mut w: Vec<u32> = img.pixels.chunks_exact(4).map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]])).collect();
        w.resize(w.len().div_ceil(4) * 4, 0); // to a multiple of 16 bytes
        w
    };
    for v in [Variant::ChunksSum, Variant::ChunksReduce, Variant::Atomic, Variant::Fastest] {
        let h = histogram::Histogram::new(&g, v, &params, 67, 45).unwrap();
        let (pa, pb) = (Buffer::from_slice(&g, &packed(&a), "a").unwrap(), Buffer::from_slice(&g, &packed(&b), "b").unwrap());
        let bins: Vec<Buffer<u32>> = (0..3).map(|_| Buffer::new(&g, params.bins as usize, "bins").unwrap()).collect();
        g.submit(|rec| {
            for (img, out, (w, hgt)) in [(&pa, &bins[0], (67, 45)), (&pb, &bins[1], (67, 45)), (&pa, &bins[2], (0, 45))] {
                let input = histogram::Input::Buffer { buffer: img.raw(), offset: 0, width: w, height: hgt };
                h.record(rec, input, out.raw())?;
            }
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap();
        assert_eq!(g.read(&bins[0]).unwrap(), reference(&a.pixels, params.measure, params.bins), "{}: first", v.name());
        assert_eq!(g.read(&bins[1]).unwrap(), reference(&b.pixels, params.measure, params.bins), "{}: second", v.name());
        assert!(g.read(&bins[2]).unwrap().iter().all(|&c| c == 0), "{}: empty image", v.name());
    }
}
