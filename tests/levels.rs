//! Auto levels (seed 000's open ideas): the levels, the adjusted image and the chart drawn on the
//! GPU equal the CPU bit for bit on photos, awkward sizes, flat, two-valued and random images and
//! every clip from 0 to just under half; frames recorded back to back into one command buffer;
//! under validation; bad input gives one line.
mod common;
use common::{fails_with_one_line, gpu, wg};
use proptest::prelude::*;
use workgroup::cpu::levels as reference;
use workgroup::gpu::{vk, Buffer, Image, Sync};
use workgroup::ops::images::{self, ColorFormat, Rgba8, SampledSource, Synthetic};
use workgroup::ops::levels::{self, Levels, Storage, CHART_HEIGHT, CHART_WIDTH, MAX_CLIP_PPM};

fn check(g: &common::Gpu, img: &Rgba8, clip_ppm: u32, what: &str) {
    let want = reference::frame(img, clip_ppm);
    let (w, h) = (img.width, img.height);
    let out = levels::run(g, img, clip_ppm, true).unwrap();
    assert_eq!(out.levels, want.levels, "levels of {what} ({w}x{h}, clip {clip_ppm} ppm)");
    assert!(out.image == want.image, "image of {what} ({w}x{h}, clip {clip_ppm} ppm)");
    assert!(out.chart.as_ref() == Some(&want.chart), "chart of {what} ({w}x{h}, clip {clip_ppm} ppm)");
    // Without the chart: the same levels and image, no chart.
    let out = levels::run(g, img, clip_ppm, false).unwrap();
    assert!(out.image == want.image && out.levels == want.levels && out.chart.is_none(), "{what} without the chart");
    // The same frame on rgba8 storage images (`record_images`), with and without the chart.
    for chart in [true, false] {
        let (_, out) = levels::time_on(g, img, Storage::Images, clip_ppm, chart, 0, 0).unwrap();
        assert_eq!(out.levels, want.levels, "levels of {what} on images ({w}x{h}, clip {clip_ppm} ppm)");
        assert!(out.image == want.image, "image of {what} on images ({w}x{h}, clip {clip_ppm} ppm)");
        assert!(out.chart == chart.then(|| want.chart.clone()), "chart of {what} on images ({w}x{h}, clip {clip_ppm} ppm)");
    }
}

#[test]
fn photos_sizes_flat_two_valued_and_random() {
    let g = gpu();
    for f in ["assets/chelsea.png", "assets/coffee.png", "assets/rocket.jpg"] {
        let img = images::load(std::path::Path::new(f)).unwrap();
        for clip in [0, 5_000, 100_000, MAX_CLIP_PPM] {
            check(&g, &img, clip, f);
        }
    }
    // 1 pixel, a prime count, sizes that are not a multiple of 4 pixels or of a workgroup.
    for (w, h) in [(1, 1), (7, 6), (17, 13), (257, 1), (1, 4099), (1000, 999), (1283, 1031)] {
        let img = images::synthetic(w, h, Synthetic::Random, (w * h) as u64).unwrap();
        check(&g, &img, 5_000, "random");
        check(&g, &images::synthetic(w, h, Synthetic::Natural, 7).unwrap(), 0, "natural");
    }
    // One bin: white = black, the image stays as it is.
    for rgba in [[0u8, 0, 0, 0], [255, 255, 255, 255], [1, 2, 3, 4]] {
        check(&g, &Rgba8::flat(33, 17, rgba).unwrap(), 5_000, "flat");
    }
    // Two values, in every proportion around the clip: the levels jump from one to the other.
    for dark in [1usize, 4, 5, 6, 50, 95, 99] {
        let px: Vec<u8> = (0..100).flat_map(|i| if i < dark { [40u8, 40, 40, 255] } else { [200, 200, 200, 7] }).collect();
        check(&g, &Rgba8::new(10, 10, px).unwrap(), 50_000, &format!("two values, {dark} dark"));
    }
}

#[test]
fn grey_ramps_stretch_to_the_full_range() {
    // The definition's purpose, on the CPU reference: with no clip, a grey image's darkest value
    // goes to 0 and its brightest to 255, and the order of values is kept.
    for (lo, hi) in [(10u8, 20u8), (0, 255), (100, 101), (3, 250)] {
        let px: Vec<u8> = (lo..=hi).flat_map(|v| [v, v, v, 255]).collect();
        let img = Rgba8::new((hi - lo) as u32 + 1, 1, px).unwrap();
        let f = reference::frame(&img, 0);
        assert_eq!(f.levels, reference::Levels { black: lo as u32, white: hi as u32 });
        let out: Vec<u8> = f.image.pixels.chunks(4).map(|p| p[0]).collect();
        assert_eq!((out[0], *out.last().unwrap()), (0, 255), "{lo}..{hi}");
        assert!(out.windows(2).all(|w| w[0] < w[1]), "{lo}..{hi}: {out:?}");
    }
}

#[test]
fn frames_back_to_back_in_one_command_buffer() {
    // Engine mode: two different frames recorded into one submission with the same Levels, each
    // with its own output; the second must not see the first's histogram or levels, and
    // synchronization validation checks the barriers between them.
    let g = gpu();
    let a = images::synthetic(301, 77, Synthetic::Natural, 1).unwrap();
    let mut b = images::synthetic(301, 77, Synthetic::Random, 2).unwrap();
    for p in b.pixels.chunks_mut(4) {
        for c in &mut p[..3] {
            *c = 60 + *c / 4; // a dull frame: 60..123
        }
    }
    let lv = Levels::new(&g, a.pixel_count()).unwrap();
    let n = a.pixel_count() as usize;
    let upload = |img: &Rgba8| {
        let mut packed = img.packed().to_vec();
        packed.resize(n.div_ceil(4) * 4, 0);
        Buffer::from_slice(&g, &packed, "frame").unwrap()
    };
    let (src_a, src_b) = (upload(&a), upload(&b));
    let outs: Vec<Buffer<u32>> = (0..2).map(|_| Buffer::new(&g, n.div_ceil(4) * 4, "out").unwrap()).collect();
    let charts: Vec<Buffer<u32>> = (0..2).map(|_| Buffer::new(&g, (CHART_WIDTH * CHART_HEIGHT) as usize, "chart").unwrap()).collect();
    g.submit(|rec| {
        lv.record(rec, &src_a, &outs[0], a.width, a.height, 5_000, Some(&charts[0]))?;
        lv.record(rec, &src_b, &outs[1], b.width, b.height, 20_000, Some(&charts[1]))?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    for (i, (img, clip)) in [(&a, 5_000), (&b, 20_000)].into_iter().enumerate() {
        let want = reference::frame(img, clip);
        let px: Vec<u32> = g.read(&outs[i]).unwrap();
        assert!(bytemuck::cast_slice::<u32, u8>(&px[..n]) == &want.image.pixels[..], "frame {i}'s image");
        let chart: Vec<u32> = g.read(&charts[i]).unwrap();
        assert!(bytemuck::cast_slice::<u32, u8>(&chart) == &want.chart.pixels[..], "frame {i}'s chart");
    }
    let levels: Vec<u32> = g.read(lv.levels_buffer()).unwrap();
    assert_eq!(reference::Levels { black: levels[0], white: levels[1] }, reference::frame(&b, 20_000).levels, "the last frame's levels");
    // What record refuses, before recording anything.
    let small: Buffer<u32> = Buffer::new(&g, n, "small").unwrap(); // 23177 pixels: not rounded up to 4
    let err = |r: workgroup::gpu::Result<()>| r.unwrap_err().to_string();
    let e = g.submit(|rec| lv.record(rec, &small, &outs[0], a.width, a.height, 0, None));
    assert!(err(e).contains("pixels"));
    let e = g.submit(|rec| lv.record(rec, &src_a, &outs[0], a.width, a.height, 500_000, None));
    assert!(err(e).contains("ppm"));
    let e = g.submit(|rec| lv.record(rec, &src_a, &outs[0], 0, a.height, 0, None));
    assert!(err(e).contains("empty"));
    let e = g.submit(|rec| lv.record(rec, &src_a, &outs[0], a.width + 1, a.height, 0, None));
    assert!(err(e).contains("at most"));
    assert!(Levels::new(&g, 0).is_err());
}

#[test]
fn video_one_frame_late() {
    // Frames whose levels move (a rising exposure, then an unrelated random frame, then a flat
    // one), on sizes that are not a multiple of 4 pixels: frame 0 with its own levels, each
    // later one in one pass with the levels of the frame before, all in one submission.
    let g = gpu();
    // (1283x1031: more than 4 x 262144 pixels, so the one-pass kernel's grid-stride loop takes
    // its two-loads step and then its one-load step, and 1 pixel is left for the tail.)
    for (w, h) in [(17, 13), (301, 77), (1, 1), (1283, 1031)] {
        let base = images::synthetic(w, h, Synthetic::Natural, 9).unwrap();
        let mut frames: Vec<Rgba8> = (0..4).map(|k| reference::exposure_frame(&base, k, 4)).collect();
        frames.push(images::synthetic(w, h, Synthetic::Random, 10).unwrap());
        frames.push(Rgba8::flat(w, h, [90, 90, 90, 255]).unwrap());
        frames.push(images::synthetic(w, h, Synthetic::Natural, 11).unwrap());
        let want = reference::video(&frames, 5_000);
        for storage in [Storage::Buffers, Storage::Images] {
            let (_, got) = levels::time_video_on(&g, &frames, storage, 5_000, 0, 0).unwrap();
            for (k, (out, (l, image))) in got.iter().zip(&want).enumerate() {
                assert!(out == image, "{w}x{h} frame {k} on {storage:?} (levels {l:?})");
            }
        }
        // The same frames as they arrive, one submission each (the levels stay on the GPU).
        let mut stream = levels::Stream::new(&g, w, h, 5_000).unwrap();
        for (k, (f, (_, image))) in frames.iter().zip(&want).enumerate() {
            assert!(stream.next(f).unwrap().0 == *image, "{w}x{h} frame {k} streamed");
        }
        assert!(stream.next(&Rgba8::flat(w + 1, h, [0, 0, 0, 0]).unwrap()).is_err(), "a frame of another size");
        // The levels move from frame to frame, so a frame stretched with its own levels would differ.
        assert_ne!(want[1].0, reference::frame(&frames[1], 5_000).levels, "{w}x{h}: frame 1's own levels equal the frame before's");
    }
    // Timed: the first frame, the following ones and the whole video are reported.
    let frames: Vec<Rgba8> =
        (0..3).map(|k| reference::exposure_frame(&images::synthetic(64, 48, Synthetic::Natural, 1).unwrap(), k, 3)).collect();
    let (t, _) = levels::time_video(&g, &frames, 0, 1, 2).unwrap();
    assert!(t.first.runs == 2 && t.following.runs == 4 && t.video.runs == 2, "{t:?}");
    // A following frame needs one before it; a video needs frames of one size.
    let lv = Levels::new(&g, 64).unwrap();
    let buf: Buffer<u32> = Buffer::new(&g, 64, "frame").unwrap();
    let out: Buffer<u32> = Buffer::new(&g, 64, "out").unwrap();
    let e = g.submit(|rec| lv.record_following(rec, &buf, &out, 8, 8, 0)).unwrap_err();
    assert!(e.to_string().contains("recorded before"), "{e}");
    let mixed = [Rgba8::flat(2, 2, [1, 2, 3, 4]).unwrap(), Rgba8::flat(3, 2, [1, 2, 3, 4]).unwrap()];
    assert!(levels::time_video(&g, &mixed, 0, 0, 0).is_err());
    assert!(levels::time_video(&g, &[], 0, 0, 0).is_err());
}

#[test]
fn timed_frames_report_every_step() {
    let g = gpu();
    let img = images::synthetic(640, 360, Synthetic::Natural, 5).unwrap();
    let (t, out) = levels::time(&g, &img, 5_000, true, 1, 3).unwrap();
    for (name, s) in [
        ("histogram", t.histogram),
        ("find", t.find_levels),
        ("stretch", t.stretch),
        ("after", t.histogram_after),
        ("draw", t.draw_chart),
        ("frame", t.frame),
    ] {
        assert!(s.runs == 3 && s.median_ns > 0.0, "{name}: {s:?}");
    }
    assert!(out.image == reference::frame(&img, 5_000).image);
}

/// Every step on an engine's 8-bit images of any layout (`record_sampled`): each format holds the
/// same codes (sRGB and BGRA included), and the output in RGBA order equals the CPU on those
/// codes, with and without the chart.
fn check_sampled(g: &common::Gpu, img: &Rgba8, clip_ppm: u32, what: &str) {
    let want = reference::frame(img, clip_ppm);
    let (w, h) = (img.width, img.height);
    for (i, format) in levels::SAMPLED_FORMATS.into_iter().enumerate() {
        let chart = i % 2 == 0;
        let (_, out) = levels::time_on(g, img, Storage::Sampled(format), clip_ppm, chart, 0, 0).unwrap();
        let at = format!("{what} in {} ({w}x{h}, clip {clip_ppm} ppm)", format.name());
        assert_eq!(out.levels, want.levels, "levels of {at}");
        assert!(out.image == want.image, "image of {at}");
        assert!(out.chart == chart.then(|| want.chart.clone()), "chart of {at}");
        assert_eq!(out.histogram_variant, workgroup::ops::histogram::Variant::FastestSampled);
    }
}

#[test]
fn sampled_formats_adjust_their_stored_codes() {
    let g = gpu();
    for f in ["assets/chelsea.png", "assets/rocket.jpg"] {
        check_sampled(&g, &images::load(std::path::Path::new(f)).unwrap(), 5_000, f);
    }
    // Every code in every channel (the sRGB decode undone exactly), alpha varied.
    let every: Vec<u8> =
        (0..256u32 * 3).flat_map(|i| [(i % 256) as u8, (i * 7 % 256) as u8, (255 - i % 256) as u8, (i * 13 % 256) as u8]).collect();
    check_sampled(&g, &Rgba8::new(256, 3, every).unwrap(), 0, "every code");
    for (w, h) in [(1, 1), (7, 6), (257, 1), (1, 300), (65, 129)] {
        check_sampled(&g, &images::synthetic(w, h, Synthetic::Random, (w * h) as u64).unwrap(), 20_000, "random");
        check_sampled(&g, &images::synthetic(w, h, Synthetic::Natural, 3).unwrap(), MAX_CLIP_PPM, "natural");
    }
    check_sampled(&g, &Rgba8::flat(33, 17, [1, 2, 3, 4]).unwrap(), 5_000, "flat");
    // A video on sampled images: each following frame in one pass with the levels of the one
    // before (`record_following_sampled`).
    let base = images::synthetic(45, 31, Synthetic::Natural, 9).unwrap();
    let mut frames: Vec<Rgba8> = (0..3).map(|k| reference::exposure_frame(&base, k, 3)).collect();
    frames.push(images::synthetic(45, 31, Synthetic::Random, 10).unwrap());
    let want = reference::video(&frames, 5_000);
    for format in levels::SAMPLED_FORMATS {
        let (_, got) = levels::time_video_on(&g, &frames, Storage::Sampled(format), 5_000, 0, 0).unwrap();
        for (k, (out, (l, image))) in got.iter().zip(&want).enumerate() {
            assert!(out == image, "frame {k} in {} (levels {l:?})", format.name());
        }
    }
    // Float formats are refused in one line that says what to use instead.
    let e = levels::time_on(&g, &base, Storage::Sampled(ColorFormat::Rgba16f), 0, false, 0, 0).err().unwrap();
    assert!(e.to_string().contains("log-luminance"), "{e}");
}

/// Engine mode on the caller's own images: a BGRA sRGB frame in GENERAL and an rgba8 one in
/// SHADER_READ_ONLY_OPTIMAL, recorded back to back into one command buffer (the second a
/// following frame), under synchronization validation; then what `record_sampled` refuses.
#[test]
fn engine_sampled_frames_back_to_back() {
    let g = gpu();
    let a = images::synthetic(129, 65, Synthetic::Natural, 1).unwrap();
    let b = images::synthetic(129, 65, Synthetic::Random, 2).unwrap();
    let (w, h) = (a.width, a.height);
    let sampled = |img: &Rgba8, format: ColorFormat| {
        Image::sampled_from_texels(&g, w, h, format.vk(), format.texel_bytes(), &format.texels_from_rgba8(img), "frame").unwrap()
    };
    let (src_a, src_b) = (sampled(&a, ColorFormat::Bgra8Srgb), sampled(&b, ColorFormat::Rgba8));
    let outs: Vec<Image> = (0..2).map(|_| Image::new(&g, w, h, "out").unwrap()).collect();
    let chart: Buffer<u32> = Buffer::new(&g, (CHART_WIDTH * CHART_HEIGHT) as usize, "chart").unwrap();
    let lv = Levels::new(&g, a.pixel_count()).unwrap();
    let source_a = SampledSource { view: src_a.view(), layout: vk::ImageLayout::GENERAL, format: ColorFormat::Bgra8Srgb.vk() };
    let source_b = SampledSource { view: src_b.view(), layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, format: ColorFormat::Rgba8.vk() };
    g.submit(|rec| {
        rec.image_layout(&src_a, vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, vk::ImageLayout::GENERAL);
        for o in &outs {
            rec.image_layout(o, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
        }
        lv.record_sampled(rec, source_a, outs[0].view(), w, h, 5_000, Some(&chart))?;
        lv.record_following_sampled(rec, source_b, outs[1].view(), w, h, 5_000)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    let want = reference::video(&[a.clone(), b.clone()], 5_000);
    for (k, out) in outs.iter().enumerate() {
        assert!(Rgba8::new(w, h, out.read(&g).unwrap()).unwrap() == want[k].1, "frame {k}");
    }
    let px: Vec<u32> = g.read(&chart).unwrap();
    assert!(bytemuck::cast_slice::<u32, u8>(&px) == &reference::frame(&a, 5_000).chart.pixels[..], "the first frame's chart");
    // Refused before anything is recorded, each in one line.
    let refused =
        |src: SampledSource, dst: vk::ImageView| g.submit(|rec| lv.record_sampled(rec, src, dst, w, h, 0, None)).unwrap_err().to_string();
    assert!(refused(source_a, src_a.view()).contains("two different images"));
    assert!(refused(SampledSource { format: vk::Format::R16G16B16A16_SFLOAT, ..source_a }, outs[0].view()).contains("float format"));
    assert!(refused(SampledSource { format: vk::Format::R5G6B5_UNORM_PACK16, ..source_a }, outs[0].view()).contains("accepted"));
    assert!(refused(SampledSource { layout: vk::ImageLayout::TRANSFER_SRC_OPTIMAL, ..source_a }, outs[0].view()).contains("GENERAL"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
    #[test]
    fn fresh_random_images(w in 1u32..300, h in 1u32..300, seed in any::<u64>(), clip in 0u32..=MAX_CLIP_PPM, natural in any::<bool>()) {
        let g = gpu();
        let kind = if natural { Synthetic::Natural } else { Synthetic::Random };
        check(&g, &images::synthetic(w, h, kind, seed).unwrap(), clip, "proptest");
    }
}

#[test]
fn cli_png_json_and_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let (png, chart) = (dir.path().join("levels.png"), dir.path().join("chart.png"));
    let out = wg()
        .args(["--validate", "levels", "--json", "--runs", "1", "--clip", "1", "assets/chelsea.png", "-o"])
        .arg(&png)
        .arg("--chart")
        .arg(&chart)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["matches_cpu"], serde_json::json!({"levels": true, "image": true, "chart": true}), "{v}");
    assert_eq!(v["clip_ppm"], 10_000);
    assert_eq!(v["steps"].as_array().unwrap().len(), 6, "{v}");
    let want = reference::frame(&images::load(std::path::Path::new("assets/chelsea.png")).unwrap(), 10_000);
    assert_eq!((v["black"].as_u64(), v["white"].as_u64()), (Some(want.levels.black as u64), Some(want.levels.white as u64)));
    assert!(images::load(&png).unwrap() == want.image);
    assert!(images::load(&chart).unwrap() == want.chart);
    // The adjustment alone: three steps and the frame, no chart.
    let out = wg().args(["levels", "--json", "--runs", "1", "--synthetic", "63x47:random", "--without-chart"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["matches_cpu"], serde_json::json!({"levels": true, "image": true, "chart": null}), "{v}");
    assert_eq!(v["steps"].as_array().unwrap().len(), 4, "{v}");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--without-chart", "--chart", "c.png"], "cannot be used");
    // On rgba8 storage images: the same frame, written as PNG.
    let png_images = dir.path().join("levels-images.png");
    let out = wg()
        .args(["--validate", "levels", "--json", "--runs", "1", "--clip", "1", "assets/chelsea.png", "--images", "-o"])
        .arg(&png_images)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["storage"].as_str(), v["matches_cpu"]["image"].as_bool()), (Some("rgba8 storage images"), Some(true)), "{v}");
    assert!(images::load(&png_images).unwrap() == want.image);
    // Past one storage binding of pixels (lavapipe's: 128 MiB, 33554432 pixels), buffers are
    // refused in one line that names --images, and images take the frame, exact. Checked on
    // lavapipe, which CI and scripts/bootstrap install: an NVIDIA GPU binds 4 GiB, as many pixels
    // as its largest image holds (32768 x 32768), so no frame is past its binding there.
    if common::devices().iter().any(|d| d["name"].as_str().unwrap_or("").contains("llvmpipe")) {
        let big = ["levels", "--synthetic", "8193x4097:natural", "--runs", "1", "--without-chart"];
        fails_with_one_line(&[&["--device", "llvmpipe"], &big[..]].concat(), "--images");
        let out = wg().args(["--device", "llvmpipe", "--validate", "--json"]).args(big).arg("--images").output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["matches_cpu"], serde_json::json!({"levels": true, "image": true, "chart": null}), "{v}");
    } else {
        eprintln!("levels: no lavapipe here, so the frame past one storage binding was not checked");
    }
    // A video: every frame checked.
    let out = wg().args(["levels", "--json", "--runs", "1", "--synthetic", "33x21", "--video", "4"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["matches_cpu"].as_bool(), v["frames"].as_u64(), v["levels"].as_array().map(|l| l.len())),
        (Some(true), Some(4), Some(4)),
        "{v}"
    );
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--video", "1"], "2 to 1000");
    // A folder of frames, one submission each, written into another folder.
    let (frames_dir, out_dir) = (dir.path().join("frames"), dir.path().join("adjusted"));
    std::fs::create_dir_all(&frames_dir).unwrap();
    std::fs::create_dir_all(&out_dir).unwrap();
    let base = images::synthetic(50, 30, Synthetic::Natural, 4).unwrap();
    let mut frames: Vec<Rgba8> = (0..3).map(|k| reference::exposure_frame(&base, k, 3)).collect();
    frames.push(images::synthetic(50, 30, Synthetic::Random, 5).unwrap());
    for (k, f) in frames.iter().enumerate() {
        images::save_png(f, &frames_dir.join(format!("{k:03}.png"))).unwrap();
    }
    std::fs::write(frames_dir.join("notes.txt"), "not a frame").unwrap();
    let out = wg().args(["--validate", "levels", "--json", "--frames"]).arg(&frames_dir).arg("--out-dir").arg(&out_dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["matches_cpu"].as_bool(), v["frames"].as_u64()), (Some(true), Some(4)), "{v}");
    for (k, (l, want)) in reference::video(&frames, 5_000).into_iter().enumerate() {
        assert!(images::load(&out_dir.join(format!("{k:03}.png"))).unwrap() == want, "frame {k}");
        assert_eq!(v["levels"][k], serde_json::json!([l.black, l.white]), "frame {k}");
    }
    let frames_arg = frames_dir.to_str().unwrap();
    fails_with_one_line(&["levels", "--frames", frames_arg, "--out-dir", frames_arg], "own folder");
    fails_with_one_line(&["levels", "--frames", frames_arg, "--out-dir", "/nonexistent/dir"], "not a folder");
    fails_with_one_line(&["levels", "--frames", frames_arg, "assets/chelsea.png"], "cannot be used");
    fails_with_one_line(&["levels", "--frames", frames_arg, "--runs", "3"], "cannot be used");
    fails_with_one_line(&["levels", "--frames", out_dir.join("000.png").to_str().unwrap()], "cannot read the folder");
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    fails_with_one_line(&["levels", "--frames", empty.to_str().unwrap()], "no image files");
    // A frame of another size stops the run before anything is written.
    images::save_png(&Rgba8::flat(51, 30, [1, 2, 3, 255]).unwrap(), &frames_dir.join("002b.png")).unwrap();
    let fresh = dir.path().join("fresh");
    std::fs::create_dir_all(&fresh).unwrap();
    fails_with_one_line(&["levels", "--frames", frames_arg, "--out-dir", fresh.to_str().unwrap()], "51x30");
    assert_eq!(std::fs::read_dir(&fresh).unwrap().count(), 0, "frames written before a frame of another size");
    // A frame that cannot be decoded after three that can (its header intact, its data cut):
    // nothing is written either, and no temporary file is left.
    let whole = std::fs::read(frames_dir.join("001.png")).unwrap();
    std::fs::write(frames_dir.join("002b.png"), &whole[..whole.len() / 2]).unwrap();
    fails_with_one_line(&["levels", "--frames", frames_arg, "--out-dir", fresh.to_str().unwrap()], "002b.png");
    let left: Vec<_> = std::fs::read_dir(&fresh).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).collect();
    assert!(left.is_empty(), "files left after a frame that cannot be decoded: {left:?}");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--video", "3", "--chart", "c.png"], "cannot be used");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--clip", "50"], "clip");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--clip=-1"], "clip");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--clip", "nan"], "clip");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--runs", "0"], "runs");
    fails_with_one_line(&["levels", "/nonexistent.png"], "cannot read");
    fails_with_one_line(&["levels", "--synthetic", "0x0:flat"], "empty");
    fails_with_one_line(&["levels"], "image");
    let missing = dir.path().join("no/such/folder/out.png");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "-o", missing.to_str().unwrap()], "does not exist");
}

#[test]
fn cli_sampled_formats_and_raw_texels() {
    let dir = tempfile::tempdir().unwrap();
    let photo = images::load(std::path::Path::new("assets/coffee.png")).unwrap();
    let want = reference::frame(&photo, 5_000);
    // The photo stored in an sRGB BGRA image: the same levels and image as its codes in rgba8.
    let png = dir.path().join("sampled.png");
    let out = wg()
        .args(["--validate", "levels", "--json", "--runs", "1", "assets/coffee.png", "--format", "bgra8-srgb", "-o"])
        .arg(&png)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["matches_cpu"], serde_json::json!({"levels": true, "image": true, "chart": true}), "{v}");
    assert_eq!(v["histogram_variant"], "fastest-sampled", "{v}");
    assert!(v["storage"].as_str().unwrap().contains("bgra8-srgb"), "{v}");
    assert!(images::load(&png).unwrap() == want.image);
    // A raw dump of a BGRA render target (an engine's swapchain image), and its video.
    let raw = dir.path().join("frame.bgra");
    std::fs::write(&raw, ColorFormat::Bgra8.texels_from_rgba8(&photo)).unwrap();
    let size = format!("{}x{}", photo.width, photo.height);
    let png_raw = dir.path().join("raw.png");
    let out = wg()
        .args(["levels", "--json", "--runs", "1", "--format", "bgra8", "--size", &size, "--texels"])
        .arg(&raw)
        .arg("-o")
        .arg(&png_raw)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(images::load(&png_raw).unwrap() == want.image);
    let out =
        wg().args(["levels", "--json", "--runs", "1", "--format", "rgba8-srgb", "--synthetic", "40x30", "--video", "3"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["matches_cpu"].as_bool(), v["frames"].as_u64()), (Some(true), Some(3)), "{v}");
    // Refused in one line each.
    let raw_arg = raw.to_str().unwrap();
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--format", "rgba16f"], "8-bit codes");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--format", "rgb565"], "unknown image format");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--format", "bgra8", "--images"], "cannot be used");
    fails_with_one_line(&["levels", "--texels", raw_arg, "--size", "10x10", "--format", "bgra8"], "bytes");
    fails_with_one_line(&["levels", "--texels", raw_arg], "--size");
    fails_with_one_line(&["levels", "--synthetic", "8x8", "--size", "3x3"], "cannot be used");
    fails_with_one_line(&["levels", "--texels", raw_arg, "--size", "ten"], "WxH");
}
