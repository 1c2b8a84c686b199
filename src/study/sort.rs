//! Sort cases (seed 002): one workgroup sorting f32 keys, the document's 128 and the largest one
//! workgroup takes on this device; then the radix sorts (three-step and onesweep) of 2^20, 2^24
//! and 2^26 f32 keys (as far as one binding holds them), the sizes `torch.sort` is timed at by
//! the peers.
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::numbers::{self, Dist};
use crate::ops::reduce::ElemType;
use crate::ops::sort::{self, Variant};

pub fn cases(opts: &Options, info: &DeviceInfo) -> Vec<Case> {
    // Twice the largest power-of-two workgroup, as sort::max_n computes it from the same limits.
    let inv = info.max_workgroup_invocations.min(info.max_workgroup_size[0]).min((info.max_shared_memory_bytes / 8).max(1)).max(1);
    let max = 2 * (1usize << (31 - inv.leading_zeros()));
    let sizes: Vec<usize> = if opts.quick { vec![128] } else { vec![128, max] };
    let mut cases: Vec<Case> = sizes.into_iter().map(|n| case(n, "sort f32", "one workgroup", &Variant::ONE_WORKGROUP)).collect();
    let radix_sizes: Vec<usize> = if opts.quick { vec![1 << 16] } else { vec![1 << 20, 1 << 24, 1 << 26] };
    let max = sort::radix_max_n_on(info).min(sort::onesweep_max_n_on(info));
    for n in radix_sizes.into_iter().filter(|&n| n <= max) {
        cases.push(case(n, "sort radix f32", "whole GPU", &Variant::WHOLE_GPU));
    }
    cases
}

/// Uniform f32 keys sorted by `variants`, next to the CPU sort; GB/s counts the keys read and
/// written once.
fn case(n: usize, label: &str, scope: &'static str, variants: &'static [Variant]) -> Case {
    let ty = ElemType::F32;
    Case {
        op: "sort",
        label: format!("{label} {n}"),
        run: Box::new(move |ctx, o, bw| {
            let data = numbers::generate(n, ty, Dist::Uniform, 9);
            let (cpu_t, want) = cpu_time(o.runs.min(5), || crate::cpu::sort::sort(&data, ty));
            let base = Row {
                op: "sort".into(),
                size: n.to_string(),
                elements: n as u64,
                input: format!("f32 uniform, {scope}"),
                bytes: n as u64 * 8,
                correct: true,
                ..Default::default()
            };
            let mut rows = vec![timed_row(Row { variant: "cpu".into(), device: "cpu".into(), ..base.clone() }, &cpu_t)];
            for &v in variants {
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
    }
}
