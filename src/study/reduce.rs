//! Reduction, stream compaction and scan cases: f32 sum (and u32 max) of uniform data; compaction
//! of f32 > 0.5 at 50%; the exclusive u32 sum and the inclusive f32 sum (read + write: 8 bytes an
//! element).
use super::{cpu_time, finish_case, timed_row, Case, Options, Row};
use crate::gpu::DeviceInfo;
use crate::ops::compact::{self, Func, Predicate};
use crate::ops::numbers::{self, Dist};
use crate::ops::reduce::{self, ElemType, Op};

fn pow2(n: usize) -> String {
    if n.is_power_of_two() {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

pub fn reduce_cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let sizes: Vec<usize> = if opts.quick { vec![1 << 16, 1 << 20] } else { vec![1 << 20, 1 << 24, 1 << 28] };
    let mut cases = Vec::new();
    for n in sizes {
        for (ty, op) in [(ElemType::F32, Op::Sum), (ElemType::U32, Op::Max)] {
            cases.push(Case {
                op: "reduce",
                label: format!("reduce {} {} {}", ty.name(), op.name(), pow2(n)),
                run: Box::new(move |ctx, o, bw| {
                    let data = numbers::generate(n, ty, Dist::Uniform, 5);
                    let (cpu_t, want) = cpu_time(o.runs.min(5), || crate::cpu::reduce::reduce(&data, ty, op));
                    let (par_t, _) = cpu_time(o.runs.min(5), || crate::cpu::reduce::par_reduce(&data, ty, op));
                    let sum_ref = crate::cpu::reduce::F32SumRef::of(if ty == ElemType::F32 { &data[..] } else { &[] });
                    let base = Row {
                        op: "reduce".into(),
                        size: pow2(n),
                        elements: n as u64,
                        input: format!("{} {} uniform", ty.name(), op.name()),
                        bytes: n as u64 * 4,
                        correct: true,
                        ..Default::default()
                    };
                    let mut rows = vec![
                        timed_row(Row { variant: "cpu".into(), device: "cpu".into(), ..base.clone() }, &cpu_t),
                        timed_row(Row { variant: "cpu-par".into(), device: "cpu".into(), ..base.clone() }, &par_t),
                    ];
                    for v in reduce::Variant::ALL {
                        let (t, got) = reduce::time(&o.device(ctx)?, &data, ty, op, v, o.warmup, o.runs)?;
                        let mut row = Row { variant: v.name().into(), device: "gpu".into(), ..base.clone() };
                        let ok = match (got, want) {
                            (Some(g), Some(_)) if ty == ElemType::F32 && op == Op::Sum => {
                                let bound = reduce::f32_sum_bound(v, n, sum_ref.abs, reduce::range_elems(ctx));
                                row.note = Some(format!("f32 error {:.2e} <= bound {bound:.2e}", sum_ref.error(f32::from_bits(g))));
                                sum_ref.accepts(f32::from_bits(g), bound)
                            }
                            (g, w) => g == w,
                        };
                        if ok {
                            rows.push(timed_row(row, &t));
                        } else {
                            row.correct = false;
                            row.note = Some(format!("result differs from the CPU reference ({})", row.note.unwrap_or_default()));
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

pub fn compact_cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let sizes: Vec<usize> = if opts.quick { vec![1 << 16, 1 << 20] } else { vec![1 << 20, 1 << 24, 1 << 26] };
    let mut cases = Vec::new();
    for n in sizes {
        for fraction in [0.5f64, 0.001] {
            if opts.quick && fraction < 0.5 {
                continue;
            }
            cases.push(Case {
                op: "compact",
                label: format!("compact f32 > 0.5, {} kept of {}", fraction, pow2(n)),
                run: Box::new(move |ctx, o, bw| {
                    let ty = ElemType::F32;
                    let pred = Predicate::parse("gt:0.5", ty)?;
                    let data = numbers::generate_for_predicate(n, ty, pred, fraction, 9)?;
                    let (cpu_t, want) = cpu_time(o.runs.min(5), || crate::cpu::compact::compact(&data, ty, pred, Func::Identity));
                    let (par_t, _) = cpu_time(o.runs.min(5), || crate::cpu::compact::par_compact(&data, ty, pred, Func::Identity));
                    let base = Row {
                        op: "compact".into(),
                        size: pow2(n),
                        elements: n as u64,
                        input: format!("f32 gt:0.5 pass {fraction}"),
                        bytes: (n + want.len()) as u64 * 4,
                        correct: true,
                        ..Default::default()
                    };
                    let mut rows = vec![
                        timed_row(Row { variant: "cpu".into(), device: "cpu".into(), ..base.clone() }, &cpu_t),
                        timed_row(Row { variant: "cpu-par".into(), device: "cpu".into(), ..base.clone() }, &par_t),
                    ];
                    let mut sorted_want = want.clone();
                    sorted_want.sort_unstable();
                    for v in compact::Variant::ALL {
                        let (t, got) = compact::time(&o.device(ctx)?, &data, ty, pred, Func::Identity, v, o.warmup, o.runs)?;
                        let row = Row { variant: v.name().into(), device: "gpu".into(), ..base.clone() };
                        let ok = if v.ordered() {
                            got == want
                        } else {
                            let mut g = got.clone();
                            g.sort_unstable();
                            g == sorted_want
                        };
                        if ok {
                            let mut r = timed_row(row, &t);
                            r.note = Some(if v.ordered() { "order kept".into() } else { "compared as a multiset".into() });
                            rows.push(r);
                        } else {
                            rows.push(Row { correct: false, note: Some("result differs from the CPU reference".into()), ..row });
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

pub fn scan_cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    use crate::ops::scan::{self, Kind};
    let sizes: Vec<usize> = if opts.quick { vec![1 << 16, 1 << 20] } else { vec![1 << 20, 1 << 24, 1 << 26, 1 << 28] };
    let mut cases = Vec::new();
    for n in sizes {
        for (ty, op, kind) in [(ElemType::U32, Op::Sum, Kind::Exclusive), (ElemType::F32, Op::Sum, Kind::Inclusive)] {
            cases.push(Case {
                op: "scan",
                label: format!("scan {} {} {} {}", kind.name(), ty.name(), op.name(), pow2(n)),
                run: Box::new(move |ctx, o, bw| {
                    let data = numbers::generate(n, ty, Dist::Uniform, 11);
                    let (cpu_t, _) = cpu_time(o.runs.min(5), || crate::cpu::scan::scan(&data, ty, op, kind));
                    let base = Row {
                        op: "scan".into(),
                        size: pow2(n),
                        elements: n as u64,
                        input: format!("{} {} {} uniform", ty.name(), kind.name(), op.name()),
                        bytes: n as u64 * 8,
                        correct: true,
                        ..Default::default()
                    };
                    let mut rows = vec![timed_row(Row { variant: "cpu".into(), device: "cpu".into(), ..base.clone() }, &cpu_t)];
                    for v in scan::Variant::ALL {
                        let (t, got) = scan::time(&o.device(ctx)?, &data, ty, op, kind, v, o.warmup, o.runs)?;
                        let row = Row { variant: v.name().into(), device: "gpu".into(), ..base.clone() };
                        match scan::verify(&data, &got, ty, op, kind, scan::f32_sum_depth(v, n, reduce::range_elems(ctx))) {
                            (None, worst) => {
                                let mut r = timed_row(row, &t);
                                if ty == ElemType::F32 {
                                    r.note = Some(format!("largest f32 error {:.1}% of its bound", worst * 100.0));
                                }
                                rows.push(r);
                            }
                            (Some(w), _) => {
                                rows.push(Row { correct: false, note: Some(format!("differs from the CPU reference: {w}")), ..row })
                            }
                        }
                    }
                    finish_case(&mut rows, Some(cpu_t.median_ns * 1e-6), None, bw);
                    Ok((rows, Vec::new()))
                }),
            });
        }
    }
    cases
}
