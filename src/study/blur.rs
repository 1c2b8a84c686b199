//! The blur's cases: every variant of seed 003 and ours, filter 15, one iteration.
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::blur::{self, Params, Variant};
use crate::ops::images::{self, ColorFormat, Encoding, Synthetic, Texels};

pub fn cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let sizes: Vec<(u32, u32)> = if opts.quick { vec![(256, 256)] } else { vec![(1024, 1024), (4096, 4096)] };
    let mut cases = Vec::new();
    for (w, h) in sizes {
        for filter in [3u32, 15] {
            if opts.quick && filter == 3 {
                continue;
            }
            cases.push(Case {
                op: "blur",
                label: format!("blur {w}x{h} filter {filter}"),
                run: Box::new(move |ctx, o, bw| {
                    let img = images::synthetic(w, h, Synthetic::Natural, 2)?;
                    let params = Params { filter, iterations: 1 };
                    let (cpu_t, reference) = cpu_time(o.runs.min(5), || crate::cpu::blur::blur(&img, filter, 1));
                    let (par_t, _) = cpu_time(o.runs.min(5), || crate::cpu::blur::blur_par(&img, filter, 1));
                    let base = Row {
                        op: "blur".into(),
                        size: format!("{w}x{h} N={filter}"),
                        elements: w as u64 * h as u64,
                        input: "natural".into(),
                        bytes: blur::ideal_bytes(w, h, params),
                        correct: true,
                        ..Default::default()
                    };
                    let mut rows = vec![
                        timed_row(Row { variant: "cpu".into(), device: "cpu".into(), ..base.clone() }, &cpu_t),
                        timed_row(Row { variant: "cpu-par".into(), device: "cpu".into(), ..base.clone() }, &par_t),
                    ];
                    for v in Variant::ALL.into_iter().filter(|&v| v != Variant::Cpu) {
                        let mut row = Row { variant: v.name().into(), device: "gpu".into(), ..base.clone() };
                        if let Err(e) = blur::validate(ctx.info(), w, h, params, v) {
                            row.correct = false;
                            row.note = Some(format!("refused: {e}"));
                            rows.push(row);
                            continue;
                        }
                        let (t, out) = blur::time(&o.device(ctx)?, &img, params, v, o.warmup, o.runs)?;
                        if out == reference {
                            rows.push(timed_row(row, &t));
                        } else {
                            row.correct = false;
                            row.note = Some("result differs from the CPU reference".into());
                            rows.push(row);
                        }
                    }
                    finish_case(&mut rows, Some(cpu_t.median_ns * 1e-6), Some(par_t.median_ns * 1e-6), bw);
                    Ok((rows, Vec::new()))
                }),
            });
        }
    }
    cases
}

/// `fastest-sampled` on an engine's image formats, filter 15, next to `fastest` on the rgba8
/// picture: the 8-bit formats blur their stored codes, the float ones (the picture's linear light)
/// take each pass's exact mean rounded to half. Each row is checked against the CPU reference of
/// its own texels; the cpu-par rows time that reference.
pub fn format_cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let (w, h) = if opts.quick { (256u32, 256u32) } else { (4096, 4096) };
    let eight: Vec<(Variant, ColorFormat)> = std::iter::once((Variant::Fastest, ColorFormat::Rgba8))
        .chain(ColorFormat::ALL.into_iter().filter(|f| f.encoding() != Encoding::Float).map(|f| (Variant::FastestSampled, f)))
        .collect();
    let float: Vec<(Variant, ColorFormat)> =
        ColorFormat::ALL.into_iter().filter(|f| f.encoding() == Encoding::Float).map(|f| (Variant::FastestSampled, f)).collect();
    [("8-bit formats (their codes)", eight), ("float formats (exact means rounded to half)", float)]
        .into_iter()
        .map(|(what, todo)| Case {
            op: "blur-formats",
            label: format!("blur {w}x{h} natural filter 15, {what}"),
            run: Box::new(move |ctx, o, bw| {
                let img = images::synthetic(w, h, Synthetic::Natural, 2)?;
                let params = Params { filter: 15, iterations: 1 };
                let mut rows = Vec::new();
                let mut cpu_par_ms = None;
                for &(v, format) in &todo {
                    let t = Texels::new(w, h, format, format.texels_from_rgba8(&img))?;
                    let base = Row {
                        op: "blur-formats".into(),
                        size: format!("{w}x{h} N=15"),
                        elements: w as u64 * h as u64,
                        input: "natural".into(),
                        bytes: blur::ideal_bytes_of(format, w, h, params),
                        correct: true,
                        ..Default::default()
                    };
                    // The CPU reference of these texels, timed once per case (the first format).
                    let (ref_t, reference) = cpu_time(o.runs.min(3), || blur::reference_texels(&t, params));
                    let reference = reference?;
                    if cpu_par_ms.is_none() {
                        rows.push(timed_row(
                            Row { variant: format!("cpu-par {}", format.name()), device: "cpu".into(), ..base.clone() },
                            &ref_t,
                        ));
                        cpu_par_ms = Some(ref_t.median_ns * 1e-6);
                    }
                    let mut row = Row { variant: format!("{} {}", v.name(), format.name()), device: "gpu".into(), ..base };
                    if let Err(e) = blur::validate_texels(ctx.info(), &t, params, v, &blur::FastestConfig::default()) {
                        row.correct = false;
                        row.note = Some(format!("refused: {e}"));
                        rows.push(row);
                        continue;
                    }
                    let (timing, out) = blur::time_texels(&o.device(ctx)?, &t, params, v, o.warmup, o.runs)?;
                    if out.same_as(&reference) {
                        rows.push(timed_row(row, &timing));
                    } else {
                        row.correct = false;
                        row.note = Some("result differs from the CPU reference".into());
                        rows.push(row);
                    }
                }
                finish_case(&mut rows, None, cpu_par_ms, bw);
                Ok((rows, Vec::new()))
            }),
        })
        .collect()
}
