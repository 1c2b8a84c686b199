//! Grayscale cases (seed 004): the coalesced kernel, its transposed counter-example and ours.
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::gray;
use crate::ops::images::{self, Synthetic};

pub fn cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let sizes: Vec<u32> = if opts.quick { vec![256] } else { vec![1024, 4096, 8192] };
    let mut cases = Vec::new();
    for s in sizes {
        cases.push(Case {
            op: "gray",
            label: format!("gray {s}x{s}"),
            run: Box::new(move |ctx, o, bw| {
                let img = images::synthetic(s, s, Synthetic::Natural, 4)?;
                let (cpu_t, want) = cpu_time(o.runs.min(5), || crate::cpu::gray::gray(&img));
                let base = Row {
                    op: "gray".into(),
                    size: format!("{s}x{s}"),
                    elements: img.pixel_count(),
                    input: "natural".into(),
                    bytes: img.pixel_count() * 8,
                    correct: true,
                    ..Default::default()
                };
                let mut rows = vec![timed_row(Row { variant: "cpu-par".into(), device: "cpu".into(), ..base.clone() }, &cpu_t)];
                for v in gray::Variant::ALL {
                    let (t, got) = gray::time(&o.device(ctx)?, &img, v, o.warmup, o.runs)?;
                    let row = Row { variant: v.name().into(), device: "gpu".into(), ..base.clone() };
                    if got == want {
                        rows.push(timed_row(row, &t));
                    } else {
                        rows.push(Row { correct: false, note: Some("image differs from the CPU".into()), ..row });
                    }
                }
                finish_case(&mut rows, None, Some(cpu_t.median_ns * 1e-6), bw);
                Ok((rows, Vec::new()))
            }),
        });
    }
    cases
}
