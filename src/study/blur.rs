//! The blur's cases: every variant of seed 003 and ours, filter 15, one iteration.
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::blur::{self, Params, Variant};
use crate::ops::images::{self, Synthetic};

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
