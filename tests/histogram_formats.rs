//! `fastest-sampled` on images of every colour format, and log-luminance on every variant: each
//! equals the CPU reference exactly, under validation.
mod common;
use common::{gpu, rng, Gpu};
use rand::Rng;
use workgroup::gpu::{vk, Buffer, Image};
use workgroup::ops::histogram::{self, texel_histogram, Histogram, Input, LogRange, Measure, Params, Variant};
use workgroup::ops::images::{self, ColorFormat, Encoding, Rgba8};

fn random_image(w: u32, h: u32, seed: u64) -> Rgba8 {
    let mut r = rng(seed);
    Rgba8::new(w, h, (0..w * h * 4).map(|_| r.gen()).collect()).unwrap()
}

fn log(min: i32, max: i32) -> Measure {
    Measure::LogLuminance(LogRange { min, max })
}

/// The measures (with bins) each format is checked with.
fn measures(format: ColorFormat) -> Vec<(Measure, u32)> {
    let mut m = vec![(log(-16, 16), 256), (log(-4, 4), 64), (log(-64, 64), 128), (log(-1, 1), 4096)];
    if format.encoding() != Encoding::Float {
        m.extend([(Measure::Luminance, 256), (Measure::Grey, 16), (Measure::Luminance, 1000)]);
    }
    m
}

/// Records `fastest-sampled` over raw texels as an engine would: its own sampled image, in
/// `layout`, handed over as `Input::Sampled`.
fn run_texels(g: &Gpu, format: ColorFormat, w: u32, h: u32, texels: &[u8], params: &Params, layout: vk::ImageLayout) -> Vec<u32> {
    let image = Image::sampled_from_texels(g, w, h, format.vk(), format.texel_bytes(), texels, "test texels").unwrap();
    let hist = Histogram::new(g, Variant::FastestSampled, params, w, h).unwrap();
    let bins: Buffer<u32> = Buffer::new(g, params.bins as usize, "test bins").unwrap();
    g.submit(|rec| {
        if layout != vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL {
            rec.image_layout(&image, vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, layout);
        }
        let input = Input::Sampled { view: image.view(), layout, format: format.vk(), width: w, height: h };
        hist.record(rec, input, bins.raw())?;
        rec.barrier(workgroup::gpu::Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    g.read(&bins).unwrap()
}

#[test]
fn every_format_and_measure_on_awkward_sizes() {
    let g = gpu();
    let mut inputs: Vec<Rgba8> = [(1u32, 1u32), (7, 6), (257, 1), (1, 300), (65, 129)]
        .iter()
        .enumerate()
        .map(|(i, &(w, h))| random_image(w, h, 40 + i as u64))
        .collect();
    inputs.push(images::load(std::path::Path::new("assets/chelsea.png")).unwrap());
    for format in ColorFormat::ALL {
        for (measure, bins) in measures(format) {
            let params = Params { bins, measure, format, ..Default::default() };
            for img in &inputs {
                let want = histogram::reference(img, &params);
                assert_eq!(want.iter().map(|&c| c as u64).sum::<u64>(), img.pixel_count());
                let got = histogram::run(&g, img, &params, Variant::FastestSampled).unwrap();
                assert_eq!(got, want, "{} {measure:?} {bins} bins, {}x{}", format.name(), img.width, img.height);
                // The reference over the uploaded texels is the same as over the photo.
                assert_eq!(texel_histogram(format, &format.texels_from_rgba8(img), measure, bins), want);
            }
        }
    }
}

/// Each 8-bit code of each channel, alone: grey with 766 bins puts r + g + b in bin r + g + b,
/// so a code read back one off (an sRGB decode rounding the wrong way) moves a count.
#[test]
fn every_8_bit_code_comes_back_exactly() {
    let g = gpu();
    let px: Vec<u8> = (0..3)
        .flat_map(|ch| (0..=255u8).flat_map(move |c| [0, 1, 2].map(|k| if k == ch { c } else { 0 }).into_iter().chain([255])))
        .collect();
    let img = Rgba8::new(256, 3, px).unwrap();
    // Bins 0..=255 get three counts each (one a channel), the rest none.
    let want: Vec<u32> = (0..766).map(|b| if b < 256 { 3 } else { 0 }).collect();
    for format in ColorFormat::ALL.into_iter().filter(|f| f.encoding() != Encoding::Float) {
        let params = Params { bins: 766, measure: Measure::Grey, format, ..Default::default() };
        assert_eq!(histogram::reference(&img, &params), want);
        assert_eq!(histogram::run(&g, &img, &params, Variant::FastestSampled).unwrap(), want, "{}", format.name());
        // And every code of luminance with a bin per 2550000 / 2^20 steps, and of log-luminance.
        for (measure, bins) in [(Measure::Luminance, 1 << 13), (log(-16, 16), 4096)] {
            let params = Params { bins, measure, format, ..Default::default() };
            let got = histogram::run(&g, &img, &params, Variant::FastestSampled).unwrap();
            assert_eq!(got, histogram::reference(&img, &params), "{} {measure:?}", format.name());
        }
    }
}

/// Float texels of every class: random bit patterns (NaN, infinities, denormals, negatives, huge
/// and tiny), and values a few ulps around every octave edge, where a fused multiply-add or a
/// different rounding would move a count.
#[test]
fn float_texels_of_every_kind_and_around_every_edge() {
    let g = gpu();
    let mut r = rng(9);
    let (w, h) = (160u32, 120u32);
    let n = (w * h) as usize;
    // (r, g) with 0.2126 r + 0.7152 g a few ulps from 2^k: two products, so that fusing them into
    // an fma would move some of them across the edge (checked below).
    let edges: Vec<[f32; 2]> = (-70..70)
        .flat_map(|k| {
            let e = (2f64).powi(k);
            [0.2, 0.5, 0.8].into_iter().flat_map(move |q| {
                let red = e * q / 0.2126;
                (-2i32..=2).map(move |j| [red as f32, ((e * (1.0 + j as f64 * 2f64.powi(-23)) - 0.2126 * red) / 0.7152) as f32])
            })
        })
        .collect();
    for format in ColorFormat::ALL.into_iter().filter(|f| f.encoding() == Encoding::Float) {
        let texels: Vec<u8> = match format {
            ColorFormat::Rgba16f => (0..n * 4).flat_map(|_| r.gen::<u16>().to_le_bytes()).collect(),
            ColorFormat::B10g11r11f => (0..n).flat_map(|_| r.gen::<u32>().to_le_bytes()).collect(),
            _ => (0..n)
                .flat_map(|i| {
                    let v: [f32; 4] = match i % 4 {
                        0 => [f32::from_bits(r.gen()), f32::from_bits(r.gen()), f32::from_bits(r.gen()), 1.0],
                        1 => [edges[i / 4 % edges.len()][0], edges[i / 4 % edges.len()][1], 0.0, 1.0],
                        2 => [r.gen::<f32>() * 4.0, r.gen::<f32>(), r.gen::<f32>() * 0.01, 1.0],
                        _ => [[f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -0.0, 1e-40, -1.0][i % 6], r.gen(), r.gen::<f32>() * 1e-20, 1.0],
                    };
                    v.into_iter().flat_map(f32::to_le_bytes)
                })
                .collect(),
        };
        if format == ColorFormat::Rgba32f {
            // A device that fused 0.2126 r + 0.7152 g into an fma would bin some of these texels
            // differently: so the test can catch a missing `precise` there.
            use workgroup::cpu::histogram::{log_bin, log_luminance, LUMA};
            let moved = texels
                .chunks_exact(16)
                .map(|t| [0, 1, 2].map(|c| f32::from_le_bytes(t[4 * c..4 * c + 4].try_into().unwrap())))
                .filter(|&[r, g, b]| {
                    let fused = LUMA[2].mul_add(b, LUMA[1].mul_add(g, LUMA[0] * r));
                    log_bin(LogRange::default(), 256, fused) != log_bin(LogRange::default(), 256, log_luminance(r, g, b))
                })
                .count();
            assert!(moved > 0, "no texel would change bins under an fma");
        }
        for (measure, bins) in measures(format) {
            let params = Params { bins, measure, format, ..Default::default() };
            let want = texel_histogram(format, &texels, measure, bins);
            assert_eq!(want.iter().map(|&c| c as usize).sum::<usize>(), n);
            for layout in [vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, vk::ImageLayout::GENERAL] {
                let got = run_texels(&g, format, w, h, &texels, &params, layout);
                assert_eq!(got, want, "{} {measure:?} {bins} bins {layout:?}", format.name());
            }
        }
    }
}

/// Log-luminance of 8-bit codes (R = r / 255) on every variant that reads pixels.
#[test]
fn log_luminance_on_every_variant() {
    let g = gpu();
    let img = images::load(std::path::Path::new("assets/coffee.png")).unwrap();
    let small = random_image(33, 17, 3);
    for (measure, bins) in [(log(-16, 16), 256), (log(-12, 0), 96)] {
        let params = Params { bins, measure, ..Default::default() };
        for im in [&img, &small] {
            let want = workgroup::cpu::histogram::histogram(&im.pixels, measure, bins);
            for v in Variant::ALL.into_iter().filter(|v| v.is_exact()) {
                let got = histogram::run(&g, im, &params, v).unwrap_or_else(|e| panic!("{}: {e}", v.name()));
                assert_eq!(got, want, "{} {measure:?}", v.name());
            }
        }
    }
}

#[test]
fn refusals_name_the_problem() {
    let g = gpu();
    let img = random_image(9, 9, 1);
    let err = |p: &Params, v: Variant| histogram::run(&g, &img, p, v).unwrap_err().to_string();
    let half = Params { format: ColorFormat::Rgba16f, measure: log(-16, 16), ..Default::default() };
    assert!(err(&Params { measure: Measure::Luminance, ..half }, Variant::FastestSampled).contains("log-luminance"));
    assert!(err(&half, Variant::Fastest).contains("fastest-sampled"));
    assert!(err(&half, Variant::FastestImage).contains("fastest-sampled"));
    assert!(err(&Params { bins: 100, ..half }, Variant::FastestSampled).contains("power of two"));
    assert!(err(&Params { bins: 96, ..half }, Variant::FastestSampled).contains("power of two"));
    for (min, max) in [(0, 0), (3, -3), (-65, 0), (0, 65)] {
        assert!(err(&Params { measure: log(min, max), ..half }, Variant::FastestSampled).contains("log range"), "{min}:{max}");
    }
    assert_eq!(histogram::auto(g.info(), &half), Variant::FastestSampled);
    assert!(ColorFormat::from_vk(vk::Format::R8_UNORM).unwrap_err().to_string().contains("R16G16B16A16_SFLOAT"));
    assert!("rgb8".parse::<ColorFormat>().unwrap_err().to_string().contains("bgra8-srgb"));

    // Engine mode: the input must fit the variant and the format it was built for.
    let params = Params { format: ColorFormat::Bgra8Srgb, ..Default::default() };
    let texels = ColorFormat::Bgra8Srgb.texels_from_rgba8(&img);
    let image = Image::sampled_from_texels(&g, 9, 9, vk::Format::B8G8R8A8_SRGB, 4, &texels, "t").unwrap();
    let bins: Buffer<u32> = Buffer::new(&g, 256, "bins").unwrap();
    let sampled =
        |format| Input::Sampled { view: image.view(), layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, format, width: 9, height: 9 };
    let fastest_sampled = Histogram::new(&g, Variant::FastestSampled, &params, 9, 9).unwrap();
    let atomic = Histogram::new(&g, Variant::Atomic, &Params::default(), 9, 9).unwrap();
    let e = g.submit(|rec| fastest_sampled.record(rec, sampled(vk::Format::R8G8B8A8_SRGB), bins.raw())).unwrap_err().to_string();
    assert!(e.contains("built for bgra8-srgb"), "{e}");
    let e = g.submit(|rec| atomic.record(rec, sampled(vk::Format::B8G8R8A8_SRGB), bins.raw())).unwrap_err().to_string();
    assert!(e.contains("fastest-sampled"), "{e}");
    let input = Input::Buffer { buffer: bins.raw(), offset: 0, width: 4, height: 4 };
    let e = g.submit(|rec| fastest_sampled.record(rec, input, bins.raw())).unwrap_err().to_string();
    assert!(e.contains("not a buffer"), "{e}");
    // And the right one works, in the same recorder.
    let got = {
        g.submit(|rec| {
            fastest_sampled.record(rec, sampled(vk::Format::B8G8R8A8_SRGB), bins.raw())?;
            rec.barrier(workgroup::gpu::Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap();
        g.read(&bins).unwrap()
    };
    assert_eq!(got, histogram::reference(&img, &params));
}

/// `Exposure` on random and degenerate histograms: within `EXPOSURE_TOLERANCE` of the f64
/// reference, and the pixel count exact.
#[test]
fn exposure_from_the_histogram_on_the_gpu() {
    use histogram::{exposure_reference, Exposure, EXPOSURE_TOLERANCE};
    let g = gpu();
    let mut r = rng(21);
    let out: Buffer<u32> = Buffer::new(&g, 2, "exposure").unwrap();
    let cases: Vec<(u32, LogRange)> = vec![
        (256, LogRange::default()),
        (32, LogRange { min: -16, max: 16 }),
        (4096, LogRange { min: -8, max: 8 }),
        (128, LogRange { min: -64, max: 64 }),
        (64, LogRange { min: 3, max: 5 }),
    ];
    for (bins, range) in cases {
        let exposure = Exposure::new(&g, bins, range).unwrap();
        let shapes: Vec<Vec<u32>> = vec![
            (0..bins).map(|_| r.gen_range(0..100_000)).collect(),
            (0..bins).map(|b| if b % 7 == 3 { r.gen_range(0..3) } else { 0 }).collect(),
            (0..bins).map(|b| if b == bins / 3 { 1_000_000 } else { 0 }).collect(),
            (0..bins).map(|b| if b == 0 || b == bins - 1 { 5 } else { 0 }).collect(),
            vec![0; bins as usize],
            (0..bins).map(|_| r.gen_range(0..1 << 20)).collect(),
        ];
        for counts in shapes {
            let hist = Buffer::from_slice(&g, &counts, "histogram").unwrap();
            for (low, high) in [(0u32, 0u32), (5_000, 5_000), (500_000, 0), (0, 999_999), (250_000, 250_000), (1, 2)] {
                g.submit(|rec| {
                    exposure.record(rec, hist.raw(), low, high, out.raw())?;
                    rec.barrier(workgroup::gpu::Sync::ComputeToTransfer);
                    Ok(())
                })
                .unwrap();
                let got = g.read(&out).unwrap();
                let (mean, pixels) = exposure_reference(&counts, range, low, high);
                assert_eq!(got[1] as u64, pixels);
                let gpu_mean = f32::from_bits(got[0]) as f64;
                assert!(
                    (gpu_mean - mean).abs() <= EXPOSURE_TOLERANCE,
                    "{bins} bins {range:?}, cuts {low}/{high}: {gpu_mean} against {mean}"
                );
            }
        }
    }
    // A histogram of one value: its bin's middle, whatever the cuts.
    let range = LogRange::default();
    let mut one = vec![0u32; 256];
    one[128] = 77; // 2^0 .. 2^(1/8): middle log2(1 + 1/16)
    let (mean, _) = exposure_reference(&one, range, 100_000, 100_000);
    assert!((mean - (1.0f64 + 1.0 / 16.0).log2()).abs() < 1e-12);
    let refused = |bins| Exposure::new(&g, bins, range).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(refused(8192).contains("4096"));
    assert!(refused(100).contains("power of two"));
    let exposure = Exposure::new(&g, 256, range).unwrap();
    let hist = Buffer::from_slice(&g, &one, "histogram").unwrap();
    let e = g.submit(|rec| exposure.record(rec, hist.raw(), 600_000, 400_000, out.raw())).unwrap_err().to_string();
    assert!(e.contains("leaves nothing"), "{e}");
}
