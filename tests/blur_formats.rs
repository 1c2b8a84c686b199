//! `fastest-sampled` on images of every colour format: the 8-bit formats' codes blurred as rgba8,
//! the float formats' exact means rounded to half, each equal to the CPU reference (halves bit
//! for bit, NaN as NaN), under validation.
mod common;
use common::{gpu, rng, Gpu};
use rand::Rng;
use workgroup::gpu::{vk, Image, Sync};
use workgroup::ops::blur::{self, output_format, Blur, Blurred, FastestConfig, Params, SampledSource, Variant};
use workgroup::ops::images::{self, ColorFormat, Encoding, Rgba16f, Texels};

fn is_nan(h: u16) -> bool {
    h & 0x7C00 == 0x7C00 && h & 0x03FF != 0
}

/// Equal, where NaN equals any NaN (a store may change its payload).
fn assert_same(got: &Blurred, want: &Blurred, what: &str) {
    match (got, want) {
        (Blurred::Codes(a), Blurred::Codes(b)) => assert!(a == b, "{what}: the codes differ"),
        (Blurred::Halves(a), Blurred::Halves(b)) => {
            assert_eq!((a.width, a.height), (b.width, b.height), "{what}");
            for (i, (x, y)) in a.texels.iter().zip(&b.texels).enumerate() {
                for c in 0..4 {
                    let same = x[c] == y[c] || (is_nan(x[c]) && is_nan(y[c]));
                    assert!(same, "{what}: texel {i} channel {c}: got {:#06x}, want {:#06x}", x[c], y[c]);
                }
            }
        }
        _ => panic!("{what}: the result has another format"),
    }
}

fn random_texels(format: ColorFormat, w: u32, h: u32, seed: u64) -> Texels {
    let mut r = rng(seed);
    let bytes = (0..w * h * format.texel_bytes()).map(|_| r.gen()).collect();
    Texels::new(w, h, format, bytes).unwrap()
}

fn check(g: &Gpu, blur: &Blur, t: &Texels, params: Params, what: &str) {
    let got = blur::run_texels_on(g, blur, t, params).unwrap();
    assert_eq!(got.format(), output_format(t.format), "{what}");
    assert_same(&got, &blur::reference_texels(t, params).unwrap(), what);
}

#[test]
fn every_format_on_awkward_sizes_and_random_bits() {
    let g = gpu();
    let blur = Blur::new(&g, Variant::FastestSampled).unwrap();
    // Random bytes: every half and packed-float pattern (NaN, infinities, subnormals, negative
    // zero), every f32 pattern for rgba32f (rounded to half first).
    let sizes = [(1u32, 1u32), (7, 6), (257, 1), (1, 300), (65, 129), (33, 70)];
    for (f, format) in ColorFormat::ALL.into_iter().enumerate() {
        for (s, &(w, h)) in sizes.iter().enumerate() {
            let t = random_texels(format, w, h, 100 * f as u64 + s as u64);
            for (filter, iterations) in [(1, 1), (2, 1), (3, 2), (4, 1), (15, 1), (31, 1)] {
                check(&g, &blur, &t, Params { filter, iterations }, &format!("{} {w}x{h} N={filter} x{iterations}", format.name()));
            }
        }
    }
}

/// The running-sum passes (the default of the float formats, and of the 8-bit ones from N = 40)
/// and the fused tile, each forced at every filter size: every format, random bits, segments
/// that end inside the image and past it, windows wider than the image, two iterations.
#[test]
fn running_sum_passes_and_the_fused_tile_at_every_filter() {
    let g = gpu();
    let with = |segment| {
        Blur::with_config(&g, Variant::FastestSampled, FastestConfig { sampled_segment: Some(segment), ..FastestConfig::default() })
            .unwrap()
    };
    let (passes8, passes128, fused) = (with(8), with(128), with(0));
    let sizes = [(1u32, 1u32), (37, 5), (5, 41), (64, 17), (300, 1), (1, 130)];
    for (f, format) in ColorFormat::ALL.into_iter().enumerate() {
        for (s, &(w, h)) in sizes.iter().enumerate() {
            let t = random_texels(format, w, h, 7000 + 100 * f as u64 + s as u64);
            for (filter, iterations) in [(1, 1), (2, 2), (3, 1), (8, 1), (33, 2), (128, 1)] {
                let params = Params { filter, iterations };
                let what = |form: &str| format!("{form} {} {w}x{h} N={filter} x{iterations}", format.name());
                check(&g, &passes8, &t, params, &what("passes of 8"));
                check(&g, &passes128, &t, params, &what("passes of 128"));
                check(&g, &fused, &t, params, &what("fused"));
            }
        }
    }
    // The knob's bounds, in one clear line.
    let bad = FastestConfig { sampled_segment: Some(12), ..FastestConfig::default() };
    assert!(Blur::with_config(&g, Variant::FastestSampled, bad).is_err());
}

#[test]
fn the_photo_in_every_format_and_the_largest_filter() {
    let g = gpu();
    let blur = Blur::new(&g, Variant::FastestSampled).unwrap();
    let photo = images::load(std::path::Path::new("assets/chelsea.png")).unwrap();
    for format in ColorFormat::ALL {
        let t = Texels::new(photo.width, photo.height, format, format.texels_from_rgba8(&photo)).unwrap();
        for (filter, iterations) in [(15, 2), (128, 1)] {
            check(&g, &blur, &t, Params { filter, iterations }, &format!("photo {} N={filter}", format.name()));
        }
    }
    // On rgba8 the 8-bit path equals the rgba8 variants.
    let fastest = blur::run(&g, &photo, Params { filter: 9, iterations: 1 }, Variant::Fastest).unwrap();
    let sampled = blur::run(&g, &photo, Params { filter: 9, iterations: 1 }, Variant::FastestSampled).unwrap();
    assert!(fastest == sampled, "fastest-sampled on rgba8 differs from fastest");
}

/// Halves from a few neighbouring values and the non-finite ones: windows of 2 and 4 land on
/// exact midpoints (ties to even), and every mix of NaN and infinities meets.
#[test]
fn ties_infinities_and_nan() {
    let g = gpu();
    let blur = Blur::new(&g, Variant::FastestSampled).unwrap();
    let palette: [u16; 14] =
        [0x3C00, 0x3C01, 0x3C02, 0x3C03, 0xBC01, 0x0001, 0x8001, 0x0003, 0x7BFF, 0x7BFE, 0x7C00, 0xFC00, 0x7E00, 0x8000];
    let mut r = rng(5);
    for (w, h) in [(31u32, 17u32), (64, 3)] {
        for rare in [2u32, 40] {
            // One texel in `rare` is non-finite; the rest are ties waiting to happen.
            let texels = (0..w * h)
                .map(|_| {
                    std::array::from_fn(
                        |_| if r.gen_range(0..rare) == 0 { palette[r.gen_range(10..14)] } else { palette[r.gen_range(0..10)] },
                    )
                })
                .collect();
            let t = Texels::new(w, h, ColorFormat::Rgba16f, Rgba16f::new(w, h, texels).unwrap().bytes()).unwrap();
            for filter in [2, 3, 4, 8] {
                check(&g, &blur, &t, Params { filter, iterations: 1 }, &format!("palette {w}x{h} 1/{rare} N={filter}"));
            }
        }
    }
}

/// rgba32f is rounded to half before the blur: with N = 1 the result is that rounding alone,
/// checked on the edges of every half (midpoints, their neighbours, overflow, underflow).
#[test]
fn rgba32f_rounds_to_the_nearest_half() {
    let g = gpu();
    let blur = Blur::new(&g, Variant::FastestSampled).unwrap();
    let mut values = vec![65504.0f32, 65519.99, 65520.0, 1e9, f32::INFINITY, f32::NAN, 2.0f32.powi(-25), 2.0f32.powi(-26), 0.0, -0.0];
    let mut r = rng(9);
    for _ in 0..4000 {
        let b = r.gen_range(0..0x7BFFu16);
        let mid = (half::f16::from_bits(b).to_f64() + half::f16::from_bits(b + 1).to_f64()) / 2.0;
        let m = mid as f32; // exact: a midpoint has 12 significant bits
        let s = if r.gen_bool(0.5) { -1.0 } else { 1.0 };
        values.extend([m, f32::from_bits(m.to_bits() + 1), f32::from_bits(m.to_bits() - 1)].map(|v| s * v));
    }
    values.extend((0..4000).map(|_| f32::from_bits(r.gen())));
    let w = values.len() as u32 / 4;
    let bytes: Vec<u8> = values[..w as usize * 4].iter().flat_map(|v| v.to_le_bytes()).collect();
    let t = Texels::new(w, 1, ColorFormat::Rgba32f, bytes).unwrap();
    // The mean of one value is that value, but a zero mean is +0: -0 and the negatives that
    // round to it come out +0.
    let half = |v: f32| match half::f16::from_f32(v).to_bits() {
        0x8000 => 0,
        b => b,
    };
    let want: Vec<[u16; 4]> = values[..w as usize * 4].chunks(4).map(|c| std::array::from_fn(|i| half(c[i]))).collect();
    let got = blur::run_texels_on(&g, &blur, &t, Params { filter: 1, iterations: 1 }).unwrap();
    assert_same(&got, &Blurred::Halves(Rgba16f::new(w, 1, want).unwrap()), "rgba32f to half");
}

/// Engine mode: the caller's own images (a source in GENERAL, its own dst and tmp), three
/// iterations in one command buffer; then what is refused.
#[test]
fn record_sampled_on_the_callers_images() {
    let g = gpu();
    let blur = Blur::new(&g, Variant::FastestSampled).unwrap();
    let (w, h) = (45u32, 38u32);
    let params = Params { filter: 5, iterations: 3 };
    for format in [ColorFormat::Bgra8Srgb, ColorFormat::B10g11r11f] {
        let t = random_texels(format, w, h, 77);
        let src = Image::sampled_from_texels(&g, w, h, format.vk(), format.texel_bytes(), &t.bytes, "engine src").unwrap();
        let out = output_format(format);
        let usage = vk::ImageUsageFlags::STORAGE | vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_SRC;
        let dst = Image::with_format(&g, w, h, out.vk(), out.texel_bytes(), usage, "engine dst").unwrap();
        let tmp = Image::with_format(&g, w, h, out.vk(), out.texel_bytes(), usage, "engine tmp").unwrap();
        g.submit(|rec| {
            rec.image_layout(&src, vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL, vk::ImageLayout::GENERAL);
            for i in [&dst, &tmp] {
                rec.image_layout(i, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
            }
            let source = SampledSource { view: src.view(), layout: vk::ImageLayout::GENERAL, format: format.vk() };
            blur.record_sampled(rec, source, [dst.view(), tmp.view()], [w, h], params)?;
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap();
        let bytes = dst.read(&g).unwrap();
        let got = match format.encoding() {
            Encoding::Float => Blurred::Halves(Rgba16f::from_bytes(w, h, &bytes).unwrap()),
            _ => Blurred::Codes(images::Rgba8::new(w, h, bytes).unwrap()),
        };
        assert_same(&got, &blur::reference_texels(&t, params).unwrap(), &format!("engine {}", format.name()));

        // Refusals, each one line, nothing recorded.
        let source = SampledSource { view: src.view(), layout: vk::ImageLayout::GENERAL, format: format.vk() };
        let refused = |source: SampledSource, views: [vk::ImageView; 2], blur: &Blur| {
            let mut message = String::new();
            g.submit(|rec| {
                message = blur.record_sampled(rec, source, views, [w, h], params).unwrap_err().to_string();
                Ok(())
            })
            .unwrap();
            assert!(!message.contains('\n') && !message.is_empty(), "{message}");
            message
        };
        assert!(refused(source, [dst.view(), dst.view()], &blur).contains("three different"));
        let odd = SampledSource { format: vk::Format::R5G6B5_UNORM_PACK16, ..source };
        assert!(refused(odd, [dst.view(), tmp.view()], &blur).contains("R5G6B5"));
        let moved = SampledSource { layout: vk::ImageLayout::TRANSFER_SRC_OPTIMAL, ..source };
        assert!(refused(moved, [dst.view(), tmp.view()], &blur).contains("GENERAL"));
        let tiled = Blur::new(&g, Variant::Tiled).unwrap();
        assert!(refused(source, [dst.view(), tmp.view()], &tiled).contains("fastest-sampled"));
    }
    // Host texels of a float format are refused by the rgba8-only variants.
    let t = random_texels(ColorFormat::Rgba16f, 4, 4, 1);
    let e = blur::run_texels(&g, &t, params, Variant::Fastest).unwrap_err().to_string();
    assert!(e.contains("fastest-sampled"), "{e}");
}
