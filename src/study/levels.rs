//! Auto levels cases (seed 000's open ideas): the whole frame on the GPU (histogram, levels,
//! stretch, histogram after, chart), its two passes over the pixels on their own, and a video's
//! following frames (one pass each, the levels one frame late); each with the pixels in buffers,
//! again in rgba8 storage images (the `-images` rows: `Levels::record_images`), and in sampled
//! images of an engine's formats (`-sampled`: rgba8, `-sampled-bgra8-srgb`: a swapchain's sRGB
//! BGRA; `Levels::record_sampled`).
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::images::{self, ColorFormat, Synthetic};
use crate::ops::levels;

/// The clip of every case: 0.5% of the pixels at each end.
const CLIP_PPM: u32 = 5_000;

pub fn cases(opts: &Options, info: &DeviceInfo) -> Vec<Case> {
    let sizes: Vec<(u32, u32)> = if opts.quick { vec![(256, 256)] } else { vec![(1920, 1080), (3840, 2160), (8192, 8192)] };
    let mut cases = Vec::new();
    for (w, h) in sizes {
        let fits_an_image = w.max(h) <= info.max_image_dimension_2d;
        cases.push(Case {
            op: "levels",
            label: format!("levels {w}x{h}"),
            run: Box::new(move |ctx, o, bw| {
                let img = images::synthetic(w, h, Synthetic::Natural, 6)?;
                let (cpu_t, want) = cpu_time(o.runs.min(5), || crate::cpu::levels::frame(&img, CLIP_PPM));
                let px = img.pixel_count();
                let base = Row {
                    op: "levels".into(),
                    size: format!("{w}x{h}"),
                    elements: px,
                    input: "natural".into(),
                    // The frame reads the image twice (histogram, stretch), writes it, reads the
                    // result once (histogram after).
                    bytes: px * 16,
                    correct: true,
                    ..Default::default()
                };
                let mut rows = vec![timed_row(Row { variant: "cpu-par".into(), device: "cpu".into(), ..base.clone() }, &cpu_t)];
                let gpu = |variant: String, bytes: u64| Row { variant, device: "gpu".into(), bytes, ..base.clone() };
                let frames: Vec<_> = (0..4).map(|k| crate::cpu::levels::exposure_frame(&img, k, 4)).collect();
                let want_video = crate::cpu::levels::video(&frames, CLIP_PPM);
                let storages: &[(levels::Storage, &str)] = if fits_an_image {
                    &[
                        (levels::Storage::Buffers, ""),
                        (levels::Storage::Images, "-images"),
                        (levels::Storage::Sampled(ColorFormat::Rgba8), "-sampled"),
                        (levels::Storage::Sampled(ColorFormat::Bgra8Srgb), "-sampled-bgra8-srgb"),
                    ]
                } else {
                    &[(levels::Storage::Buffers, "")]
                };
                for &(storage, suffix) in storages {
                    let (t, got) = levels::time_on(&o.device(ctx)?, &img, storage, CLIP_PPM, true, o.warmup, o.runs)?;
                    let ok = got.levels == want.levels && got.image == want.image && got.chart.as_ref() == Some(&want.chart);
                    for (variant, bytes, timing) in
                        [("frame", px * 16, &t.frame), ("histogram", px * 4, &t.histogram), ("stretch", px * 8, &t.stretch)]
                    {
                        let row = gpu(format!("{variant}{suffix}"), bytes);
                        if ok {
                            rows.push(timed_row(row, timing));
                        } else {
                            rows.push(Row { correct: false, note: Some("levels, image or chart differ from the CPU".into()), ..row });
                        }
                    }
                    // Video: 4 frames of rising exposure; the following frames take one pass each.
                    let (vt, outs) = levels::time_video_on(&o.device(ctx)?, &frames, storage, CLIP_PPM, o.warmup, o.runs)?;
                    let row = gpu(format!("video-following{suffix}"), px * 8);
                    if outs.iter().zip(&want_video).all(|(got, (_, want))| got == want) {
                        rows.push(timed_row(row, &vt.following));
                    } else {
                        rows.push(Row { correct: false, note: Some("a video frame differs from the CPU".into()), ..row });
                    }
                }
                finish_case(&mut rows, None, Some(cpu_t.median_ns * 1e-6), bw);
                // The CPU reference is a whole frame: only the frame row compares with it.
                for r in rows.iter_mut().filter(|r| r.device == "gpu" && !r.variant.starts_with("frame")) {
                    (r.cpu_par_ms, r.speedup_vs_cpu_par) = (None, None);
                }
                Ok((rows, Vec::new()))
            }),
        });
    }
    cases
}
