//! Grayscale (seed 004): every variant equals the CPU bit for bit on photos, awkward sizes, flat
//! and random images, in bands, under validation; bad input gives one line.
mod common;
use common::{fails_with_one_line, gpu, wg};
use proptest::prelude::*;
use workgroup::cpu;
use workgroup::ops::gray::{band_rows, time_bands, Variant};
use workgroup::ops::images::{self, Rgba8, Synthetic};

fn check(g: &common::Gpu, img: &Rgba8, what: &str) {
    let want = cpu::gray::gray(img);
    for v in Variant::ALL {
        let band = band_rows(g, img.width).unwrap();
        let got = time_bands(g, img, v, band, 0, 0).unwrap().1;
        assert!(got == want, "{} {what} ({}x{})", v.name(), img.width, img.height);
    }
}

#[test]
fn photos_sizes_flat_and_random() {
    let g = gpu();
    for f in ["assets/chelsea.png", "assets/coffee.png", "assets/rocket.jpg"] {
        check(&g, &images::load(std::path::Path::new(f)).unwrap(), f);
    }
    for (w, h) in [(1, 1), (7, 6), (17, 13), (257, 1), (1, 4099), (1000, 999)] {
        check(&g, &images::synthetic(w, h, Synthetic::Random, (w * h) as u64).unwrap(), "random");
    }
    for rgba in [[0u8, 0, 0, 0], [255, 255, 255, 255], [1, 2, 3, 4]] {
        check(&g, &Rgba8::flat(33, 17, rgba).unwrap(), "flat");
    }
    // Every (r, g, b) corner and mid value, with alpha kept.
    let px: Vec<u8> =
        (0..4096u32).flat_map(|i| [(i % 16 * 17) as u8, (i / 16 % 16 * 17) as u8, (i / 256 * 17) as u8, (i % 251) as u8]).collect();
    check(&g, &Rgba8::new(64, 64, px).unwrap(), "colour cube");
}

#[test]
fn bands_of_rows() {
    // Bands of 64 rows over images of odd widths: the band offsets, the last short band.
    let g = gpu();
    for (w, h) in [(257, 300), (3, 129), (1, 64), (100, 65)] {
        let img = images::synthetic(w, h, Synthetic::Natural, 3).unwrap();
        let want = cpu::gray::gray(&img);
        for v in Variant::ALL {
            assert!(time_bands(&g, &img, v, 64, 0, 0).unwrap().1 == want, "{} {w}x{h} in bands of 64", v.name());
        }
        assert!(time_bands(&g, &img, Variant::RowMajor, 63, 0, 0).is_err(), "bands must be a multiple of 64 rows");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
    #[test]
    fn fresh_random_images(w in 1u32..300, h in 1u32..300, seed in any::<u64>()) {
        let g = gpu();
        let img = images::synthetic(w, h, Synthetic::Random, seed).unwrap();
        check(&g, &img, "proptest");
    }
}

#[test]
fn cli_png_json_and_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("grey.png");
    let out = wg().args(["gray", "--json", "--runs", "1", "assets/chelsea.png", "-o"]).arg(&png).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["results"].as_array().unwrap().iter().all(|r| r["matches_cpu"] == true), "{v}");
    let written = images::load(&png).unwrap();
    assert!(written == cpu::gray::gray(&images::load(std::path::Path::new("assets/chelsea.png")).unwrap()));
    fails_with_one_line(&["gray", "/nonexistent.png"], "cannot read");
    fails_with_one_line(&["gray", "--synthetic", "0x0:flat"], "empty");
    fails_with_one_line(&["gray", "--synthetic", "8x8", "--variant", "diagonal"], "variant");
    fails_with_one_line(&["gray"], "image");
    let corrupt = dir.path().join("corrupt.png");
    std::fs::write(&corrupt, b"not a png").unwrap();
    fails_with_one_line(&["gray", corrupt.to_str().unwrap()], "cannot decode");
}
