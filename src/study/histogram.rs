//! The histogram's cases for the study: every variant at 000's and 001's sizes and 8192x8192,
//! on natural, flat and random input.
use super::{Case, DriverStats, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::histogram::{self, Measure, Params, Variant};
use crate::ops::images::{self, ColorFormat, Encoding, Synthetic};

pub fn cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    // (width, height, measure, bins): 000 uses 256 luminance bins, 001 16 grey bins.
    let sizes: Vec<(u32, u32, Measure, u32)> = if opts.quick {
        vec![(256, 256, Measure::Luminance, 256), (640, 480, Measure::Grey, 16)]
    } else {
        vec![(2448, 1505, Measure::Luminance, 256), (3200, 2400, Measure::Grey, 16), (8192, 8192, Measure::Luminance, 256)]
    };
    let mut cases = Vec::new();
    for (w, h, measure, bins) in sizes {
        for kind in [Synthetic::Natural, Synthetic::Flat, Synthetic::Random] {
            let kind_name = format!("{kind:?}").to_lowercase();
            let label = format!("histogram {w}x{h} {kind_name} ({bins} {measure:?} bins)");
            let sweep = opts.sweep_workgroup.clone();
            cases.push(Case {
                op: "histogram",
                label,
                run: Box::new(move |ctx, o, bw| {
                    let img = images::synthetic(w, h, kind, 1)?;
                    let reference = crate::cpu::histogram::histogram(&img.pixels, measure, bins);
                    let base = Params { bins, measure, ..Default::default() };
                    let mut rows = Vec::new();
                    let mut stats = Vec::new();
                    let mut cpu_ms = None;
                    let mut cpu_par_ms = None;
                    let mut todo: Vec<(Variant, Params, String)> = Variant::ALL.iter().map(|&v| (v, base, v.name().to_string())).collect();
                    for &wg in &sweep {
                        todo.push((Variant::Fastest, Params { workgroup: Some(wg), ..base }, format!("fastest wg={wg}")));
                    }
                    for (v, params, name) in todo {
                        let mut row = Row {
                            op: "histogram".into(),
                            variant: name.clone(),
                            size: format!("{w}x{h}"),
                            elements: w as u64 * h as u64,
                            input: kind_name.clone(),
                            device: if v.is_gpu() { "gpu" } else { "cpu" }.into(),
                            bytes: w as u64 * h as u64 * 4,
                            ..Default::default()
                        };
                        // One invocation over 67 M pixels takes seconds: keep `single` to the
                        // lecture sizes.
                        if v == Variant::Single && w as u64 * h as u64 > 8_000_000 {
                            row.note = Some("skipped: one invocation over this many pixels takes seconds".into());
                            rows.push(row);
                            continue;
                        }
                        if let Err(e) = histogram::validate(ctx.info(), &params, v) {
                            row.note = Some(format!("refused: {e}"));
                            rows.push(row);
                            continue;
                        }
                        let m = histogram::time(&o.device(ctx)?, &img, &params, v, o.warmup, o.runs)?;
                        row.runs = m.timing.runs;
                        row.invocations = m.invocations;
                        row.correct = m.counts == reference;
                        if row.correct || v == Variant::Racy {
                            row.min_ms = Some(m.timing.min_ns * 1e-6);
                            row.median_ms = Some(m.timing.median_ns * 1e-6);
                            row.max_ms = Some(m.timing.max_ns * 1e-6);
                        }
                        if v == Variant::Racy {
                            let sum: u64 = m.counts.iter().map(|&c| c as u64).sum();
                            row.note = Some(format!("wrong on purpose: lost {} of {} counts", img.pixel_count() - sum, img.pixel_count()));
                        } else if !row.correct {
                            row.note = Some("result differs from the CPU reference".into());
                        }
                        match v {
                            Variant::Cpu => cpu_ms = row.median_ms,
                            Variant::CpuPar => cpu_par_ms = row.median_ms,
                            _ => {}
                        }
                        if !m.driver_stats.is_empty() {
                            stats.push(DriverStats { op: "histogram".into(), variant: name, stats: m.driver_stats });
                        }
                        rows.push(row);
                    }
                    for r in &mut rows {
                        bw.rate(r);
                        if r.device == "gpu" {
                            r.cpu_ms = cpu_ms;
                            r.cpu_par_ms = cpu_par_ms;
                            if let Some(ms) = r.median_ms {
                                r.speedup_vs_cpu = cpu_ms.map(|c| c / ms);
                                r.speedup_vs_cpu_par = cpu_par_ms.map(|c| c / ms);
                            }
                        }
                    }
                    Ok((rows, stats))
                }),
            });
        }
    }
    cases
}

/// `fastest-sampled` on an engine's image formats, next to the rgba8 kernels on the same picture:
/// the 8-bit formats bin 000's luminance of the stored codes, the float ones (the picture's linear
/// light) log-luminance. Each row is checked against the CPU reference of its own texels.
pub fn format_cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let (w, h) = if opts.quick { (256u32, 256u32) } else { (8192, 8192) };
    let label = format!("histogram {w}x{h} natural, every image format (256 bins)");
    vec![Case {
        op: "histogram-formats",
        label,
        run: Box::new(move |ctx, o, bw| {
            let img = images::synthetic(w, h, Synthetic::Natural, 1)?;
            let log = Measure::LogLuminance(histogram::LogRange::default());
            let mut todo: Vec<(Variant, Params, String)> = vec![
                (Variant::CpuPar, Params::default(), "cpu-par rgba8".into()),
                (Variant::Fastest, Params::default(), "fastest rgba8 (buffer)".into()),
                (Variant::Fastest, Params { measure: log, ..Default::default() }, "fastest rgba8 (buffer), log-luminance".into()),
                (Variant::FastestImage, Params::default(), "fastest-image rgba8 (storage image)".into()),
            ];
            for format in ColorFormat::ALL {
                let measure = if format.encoding() == Encoding::Float { log } else { Measure::Luminance };
                let params = Params { format, measure, ..Default::default() };
                let what = if measure == log { ", log-luminance" } else { "" };
                todo.push((Variant::FastestSampled, params, format!("fastest-sampled {}{what}", format.name())));
            }
            let mut rows = Vec::new();
            let mut stats = Vec::new();
            let mut cpu_par_ms = None;
            for (v, params, name) in todo {
                let mut row = Row {
                    op: "histogram-formats".into(),
                    variant: name.clone(),
                    size: format!("{w}x{h}"),
                    elements: img.pixel_count(),
                    input: "natural".into(),
                    device: if v.is_gpu() { "gpu" } else { "cpu" }.into(),
                    bytes: img.pixel_count() * params.format.texel_bytes() as u64,
                    ..Default::default()
                };
                if let Err(e) = histogram::validate(ctx.info(), &params, v) {
                    row.note = Some(format!("refused: {e}"));
                    rows.push(row);
                    continue;
                }
                let reference = histogram::reference(&img, &params);
                let m = histogram::time(&o.device(ctx)?, &img, &params, v, o.warmup, o.runs)?;
                row.runs = m.timing.runs;
                row.invocations = m.invocations;
                row.correct = m.counts == reference;
                if row.correct {
                    row.min_ms = Some(m.timing.min_ns * 1e-6);
                    row.median_ms = Some(m.timing.median_ns * 1e-6);
                    row.max_ms = Some(m.timing.max_ns * 1e-6);
                } else {
                    row.note = Some("result differs from the CPU reference".into());
                }
                if v == Variant::CpuPar {
                    cpu_par_ms = row.median_ms;
                }
                if !m.driver_stats.is_empty() {
                    stats.push(DriverStats { op: "histogram-formats".into(), variant: name, stats: m.driver_stats });
                }
                rows.push(row);
            }
            // Auto exposure from the rgba16f picture's histogram (one workgroup), cutting 1% at
            // each end: checked against the f64 reference within EXPOSURE_TOLERANCE.
            let range = histogram::LogRange::default();
            let params = Params { format: ColorFormat::Rgba16f, measure: log, ..Default::default() };
            let counts = histogram::reference(&img, &params);
            let dev = o.device(ctx)?;
            let exposure = histogram::Exposure::new(&dev, 256, range)?;
            let bins = crate::gpu::Buffer::from_slice(&dev, &counts, "histogram")?;
            let out: crate::gpu::Buffer<u32> = crate::gpu::Buffer::new(&dev, 2, "exposure")?;
            let t = crate::gpu::measure(&dev, o.warmup, o.runs, |rec| exposure.record(rec, bins.raw(), 10_000, 10_000, out.raw()))?;
            let gpu = f32::from_bits(dev.read(&out)?[0]) as f64;
            let (cpu, _) = histogram::exposure_reference(&counts, range, 10_000, 10_000);
            let mut row = super::timed_row(
                Row {
                    op: "histogram-formats".into(),
                    variant: "exposure (mean log2 luminance of 256 bins, 1% cut at each end)".into(),
                    size: "256 bins".into(),
                    elements: 256,
                    input: "natural".into(),
                    device: "gpu".into(),
                    bytes: 1024,
                    ..Default::default()
                },
                &t,
            );
            row.correct = (gpu - cpu).abs() <= histogram::EXPOSURE_TOLERANCE;
            if !row.correct {
                row.note = Some(format!("mean log2 {gpu} against the CPU's {cpu}"));
                (row.min_ms, row.median_ms, row.max_ms) = (None, None, None);
            }
            rows.push(row);
            super::finish_case(&mut rows, None, cpu_par_ms, bw);
            Ok((rows, stats))
        }),
    }]
}
