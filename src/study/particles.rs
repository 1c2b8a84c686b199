//! Particle cases (seed 004): 2^20 particles for 600 frames (quick: 4096 for 60).
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::particles;

pub fn cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let (n, frames) = if opts.quick { (4096usize, 60u32) } else { (1usize << 20, 600u32) };
    vec![Case {
        op: "particles",
        label: format!("particles {n} x {frames} frames"),
        run: Box::new(move |ctx, o, bw| {
            let (cpu_t, want) = cpu_time(o.runs.min(3), || particles::reference(n, frames));
            let base = Row {
                op: "particles".into(),
                size: format!("{n} x {frames}"),
                elements: n as u64 * frames as u64,
                input: "spawn state".into(),
                bytes: n as u64 * 64, // the state read and written once (per-frame moves it every frame)
                correct: true,
                ..Default::default()
            };
            let mut rows = vec![timed_row(Row { variant: "cpu-par".into(), device: "cpu".into(), ..base.clone() }, &cpu_t)];
            for v in particles::Variant::ALL {
                let (t, got) = particles::time(&o.device(ctx)?, n, frames, v, o.warmup, o.runs)?;
                let row = Row { variant: v.name().into(), device: "gpu".into(), ..base.clone() };
                if got == want {
                    rows.push(timed_row(row, &t));
                } else {
                    rows.push(Row { correct: false, note: Some("state differs from the CPU".into()), ..row });
                }
            }
            finish_case(&mut rows, None, Some(cpu_t.median_ns * 1e-6), bw);
            Ok((rows, Vec::new()))
        }),
    }]
}
