//! Sort cases (seed 002): one workgroup sorting f32 keys, the document's 128 and the largest one
//! workgroup takes on this device.
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::numbers::{self, Dist};
use crate::ops::reduce::ElemType;
use crate::ops::sort;

pub fn cases(opts: &Options, info: &DeviceInfo) -> Vec<Case> {
    // Twice the largest power-of-two workgroup, as sort::max_n computes it from the same limits.
    let inv = info.max_workgroup_invocations.min(info.max_workgroup_size[0]).min((info.max_shared_memory_bytes / 8).max(1)).max(1);
    let max = 2 * (1usize << (31 - inv.leading_zeros()));
    let sizes: Vec<usize> = if opts.quick { vec![128] } else { vec![128, max] };
    let mut cases = Vec::new();
    for n in sizes {
        let ty = ElemType::F32;
        cases.push(Case {
            op: "sort",
            label: format!("sort f32 {n}"),
            run: Box::new(move |ctx, o, bw| {
                let data = numbers::generate(n, ty, Dist::Uniform, 9);
                let (cpu_t, want) = cpu_time(o.runs.min(5), || crate::cpu::sort::sort(&data, ty));
                let base = Row {
                    op: "sort".into(),
                    size: n.to_string(),
                    elements: n as u64,
                    input: "f32 uniform, one workgroup".into(),
                    bytes: n as u64 * 8,
                    correct: true,
                    ..Default::default()
                };
                let mut rows = vec![timed_row(Row { variant: "cpu".into(), device: "cpu".into(), ..base.clone() }, &cpu_t)];
                for v in sort::Variant::ALL {
                    let (t, got) = sort::time(&o.device(ctx)?, &data, ty, v, o.warmup, o.runs)?;
                    let row = Row { variant: v.name().into(), device: "gpu".into(), ..base.clone() };
                    if got == want {
                        rows.push(timed_row(row, &t));
                    } else {
                        rows.push(Row { correct: false, note: Some("order differs from the CPU sort".into()), ..row });
                    }
                }
                finish_case(&mut rows, Some(cpu_t.median_ns * 1e-6), None, bw);
                Ok((rows, Vec::new()))
            }),
        });
    }
    cases
}
