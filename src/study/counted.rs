//! What a length counted on the GPU costs (`record_counted`): each op, made for a capacity C,
//! records K = C/2 + 3 elements twice, once with K known to the host (`record`) and once with K
//! read by the GPU from a buffer (`record_counted`: the grid covers C, groups past K return). The
//! difference between the two rows is the price of not reading the count back. Then what it
//! saves: a cull (a stable compaction of x > 0.5, about half kept) followed by the argsort of what
//! it kept, by wall clock from the first submit to the last fence, once with the count read back
//! to the host between two submits and once counted on the GPU in one submit. Every row is
//! checked against the CPU on its K elements.
use super::{cpu_time, finish_case, timed_row, Bandwidth, Case, DriverStats, Options, Row};
use crate::gpu::{Buffer, Context, DeviceInfo, Recorder, Result, Sync};
use crate::ops::compact::{self, Compactor, Func, Predicate};
use crate::ops::numbers::{self, Dist};
use crate::ops::reduce::{self, ElemType, Op, Reducer};
use crate::ops::scan::{self, Kind, Scanner};
use crate::ops::sort::{self, Sorter};

fn pow2(n: usize) -> String {
    format!("2^{}", n.trailing_zeros())
}

pub fn cases(opts: &Options, _info: &DeviceInfo) -> Vec<Case> {
    let sizes: Vec<usize> = if opts.quick { vec![1 << 20] } else { vec![1 << 20, 1 << 24, 1 << 26] };
    sizes
        .into_iter()
        .map(|cap| Case { op: "counted", label: format!("counted {}", pow2(cap)), run: Box::new(move |ctx, o, bw| run(ctx, o, bw, cap)) })
        .collect()
}

/// The two rows of one op: `record(rec, counted)` timed both ways, then `check` on the outputs.
struct Form<'a> {
    g: &'a Context,
    o: &'a Options,
    cap: usize,
    k: usize,
}

impl Form<'_> {
    fn rows(
        &self,
        what: &str,
        bytes_per_elem: u64,
        mut record: impl FnMut(&mut Recorder, bool) -> Result<()>,
        mut check: impl FnMut() -> Result<Option<String>>,
    ) -> Result<Vec<Row>> {
        let mut rows = Vec::new();
        for counted in [false, true] {
            let t = crate::gpu::measure(self.g, self.o.warmup, self.o.runs, |rec| record(rec, counted))?;
            self.g.submit(|rec| {
                rec.barrier(Sync::ComputeToTransfer);
                Ok(())
            })?;
            let row = Row {
                op: "counted".into(),
                variant: format!("{what}, {}", if counted { "counted on the GPU" } else { "n from the host" }),
                size: pow2(self.cap),
                elements: self.k as u64,
                // One input label for every capacity: the charts plot each form against K.
                input: "K = C/2 + 3 of a capacity C".into(),
                device: "gpu".into(),
                bytes: self.k as u64 * bytes_per_elem,
                correct: true,
                ..Default::default()
            };
            rows.push(match check()? {
                None => timed_row(row, &t),
                Some(wrong) => Row { correct: false, note: Some(format!("differs from the CPU reference: {wrong}")), ..row },
            });
        }
        Ok(rows)
    }
}

fn first_difference(got: &[u32], want: &[u32]) -> Option<String> {
    let k = got.iter().zip(want).position(|(g, w)| g != w)?;
    Some(format!("element {k}: {:#x} where the CPU has {:#x}", got[k], want[k]))
}

fn run(ctx: &Context, o: &Options, bw: &Bandwidth, cap: usize) -> Result<(Vec<Row>, Vec<DriverStats>)> {
    let k = cap / 2 + 3;
    let mut rows = Vec::new();
    let floats = numbers::generate(cap, ElemType::F32, Dist::Uniform, 5);
    let words = numbers::generate(cap, ElemType::U32, Dist::Uniform, 6);
    {
        // The f32 sum, single pass.
        let g = o.device(ctx)?;
        let f = Form { g: &g, o, cap, k };
        let (input, count, out) =
            (Buffer::from_slice(&g, &floats, "values")?, Buffer::from_slice(&g, &[k as u32], "count")?, Buffer::new(&g, 1, "sum")?);
        let r = Reducer::new(&g, reduce::Variant::SinglePass, ElemType::F32, Op::Sum, cap)?;
        let sum_ref = crate::cpu::reduce::F32SumRef::of(&floats[..k]);
        let bound = reduce::f32_sum_bound(r.variant, k, sum_ref.abs, r.range());
        rows.extend(f.rows(
            "reduce f32 sum single-pass",
            4,
            |rec, counted| if counted { r.record_counted(rec, &input, &count, &out) } else { r.record(rec, &input, k, &out) },
            || {
                let got = f32::from_bits(g.read(&out)?[0]);
                Ok((!sum_ref.accepts(got, bound)).then(|| format!("sum {got} against the f64 sum {} (bound {bound:e})", sum_ref.exact())))
            },
        )?);
    }
    {
        // The exclusive u32 sum, single pass.
        let g = o.device(ctx)?;
        let f = Form { g: &g, o, cap, k };
        let (input, count, out) =
            (Buffer::from_slice(&g, &words, "values")?, Buffer::from_slice(&g, &[k as u32], "count")?, Buffer::new(&g, cap, "scanned")?);
        let s = Scanner::new(&g, scan::Variant::SinglePass, ElemType::U32, Op::Sum, Kind::Exclusive, cap)?;
        // With its total (the sum of all K), as a later counted step would read it.
        let total = Buffer::new(&g, 1, "total")?;
        let want_total = words[..k].iter().fold(0u32, |a, &x| a.wrapping_add(x));
        rows.extend(f.rows(
            "scan u32 exclusive sum single-pass, with its total",
            8,
            |rec, counted| {
                if counted {
                    s.record_counted_with_total(rec, &input, &count, &out, &total)
                } else {
                    s.record_with_total(rec, &input, k, &out, &total)
                }
            },
            || {
                let got_total = g.read(&total)?[0];
                if got_total != want_total {
                    return Ok(Some(format!("total {got_total}, the CPU's {want_total}")));
                }
                Ok(scan::verify(&words[..k], &g.read_range(&out, 0, k)?, ElemType::U32, Op::Sum, Kind::Exclusive, 0).0)
            },
        )?);
    }
    for variant in [compact::Variant::Stable, compact::Variant::TileAtomic] {
        // A cull (x > 0.5: about half of K kept): n from the host in the default form, and
        // counted (`stable` in its three passes, `tile-atomic` in its one). Each on a device of
        // its own: sharing one, `tile-atomic`'s rows ran up to 2.2x slower, from the host too
        // (docs/counted.md).
        let g = o.device(ctx)?;
        let f = Form { g: &g, o, cap, k };
        let keep = Predicate::Greater(0.5f32.to_bits());
        let (input, count) = (Buffer::from_slice(&g, &floats, "values")?, Buffer::from_slice(&g, &[k as u32], "count")?);
        let (out, kept) = (Buffer::new(&g, cap, "kept")?, Buffer::new(&g, 1, "kept count")?);
        let c = Compactor::new(&g, variant, ElemType::F32, keep, Func::Identity, cap)?;
        // Unordered: compared as a multiset (both sides sorted).
        let in_order = |mut v: Vec<u32>| {
            if !variant.ordered() {
                v.sort_unstable();
            }
            v
        };
        let want = in_order(crate::cpu::compact::compact(&floats[..k], ElemType::F32, keep, Func::Identity));
        rows.extend(f.rows(
            &format!("compact f32 x > 0.5 {}", variant.name()),
            6,
            |rec, counted| if counted { c.record_counted(rec, &input, &count, &out, &kept) } else { c.record(rec, &input, k, &out, &kept) },
            || {
                let got = g.read(&kept)?[0] as usize;
                if got != want.len() {
                    return Ok(Some(format!("kept {got}, the CPU {}", want.len())));
                }
                Ok(first_difference(&in_order(g.read_range(&out, 0, got)?), &want))
            },
        )?);
    }
    let want_order = crate::cpu::sort::argsort(&floats[..k], ElemType::F32);
    let want_sorted: Vec<u32> = want_order.iter().map(|&i| floats[i as usize]).collect();
    for variant in sort::Variant::WHOLE_GPU {
        // The f32 keys sorted, then with their indices (the argsort).
        let g = o.device(ctx)?;
        let f = Form { g: &g, o, cap, k };
        let (input, count, out) =
            (Buffer::from_slice(&g, &floats, "keys")?, Buffer::from_slice(&g, &[k as u32], "count")?, Buffer::new(&g, cap, "sorted")?);
        let s = Sorter::new(&g, variant, ElemType::F32, cap)?;
        rows.extend(f.rows(
            &format!("sort f32 {}", variant.name()),
            8,
            |rec, counted| if counted { s.record_counted(rec, &input, &count, &out) } else { s.record(rec, &input, k, &out) },
            || {
                s.check_gave_up(&g)?;
                Ok(first_difference(&g.read_range(&out, 0, k)?, &want_sorted))
            },
        )?);
        drop(s);
        let iota = Buffer::from_slice(&g, &(0..cap as u32).collect::<Vec<u32>>(), "indices")?;
        let order = Buffer::new(&g, cap, "order")?;
        let s = Sorter::pairs(&g, variant, ElemType::F32, cap)?;
        rows.extend(f.rows(
            &format!("sort f32 with indices {}", variant.name()),
            16,
            |rec, counted| {
                if counted {
                    s.record_pairs_counted(rec, &input, &iota, &count, &out, &order)
                } else {
                    s.record_pairs(rec, &input, &iota, k, &out, &order)
                }
            },
            || {
                s.check_gave_up(&g)?;
                let keys = first_difference(&g.read_range(&out, 0, k)?, &want_sorted);
                Ok(keys.or_else(|| first_difference(&g.read_range(&order, 0, k).ok()?, &want_order).map(|w| format!("indices: {w}"))))
            },
        )?);
    }
    rows.extend(cull_then_argsort(ctx, o, cap, &floats)?);
    finish_case(&mut rows, None, None, bw);
    Ok((rows, Vec::new()))
}

/// The cull and the argsort of what it kept, by wall clock: the count read back between two
/// submits, then counted on the GPU in one.
fn cull_then_argsort(ctx: &Context, o: &Options, cap: usize, floats: &[u32]) -> Result<Vec<Row>> {
    let g = o.device(ctx)?;
    let keep = Predicate::Greater(0.5f32.to_bits());
    let kept_cpu = crate::cpu::compact::compact(floats, ElemType::F32, keep, Func::Identity);
    let want_order = crate::cpu::sort::argsort(&kept_cpu, ElemType::F32);
    let input = Buffer::from_slice(&g, floats, "values")?;
    let iota = Buffer::from_slice(&g, &(0..cap as u32).collect::<Vec<u32>>(), "indices")?;
    let (kept, count, depths, order) =
        (Buffer::new(&g, cap, "kept")?, Buffer::new(&g, 1, "count")?, Buffer::new(&g, cap, "depths")?, Buffer::new(&g, cap, "order")?);
    let compactor = Compactor::new(&g, compact::Variant::Stable, ElemType::F32, keep, Func::Identity, cap)?;
    let sorter = Sorter::pairs(&g, sort::Variant::Radix, ElemType::F32, cap)?;
    let read_back = || -> Result<()> {
        g.submit(|rec| compactor.record(rec, &input, cap, &kept, &count))?;
        let k = g.read(&count)?[0] as usize;
        g.submit(|rec| {
            rec.barrier(Sync::ComputeToCompute);
            sorter.record_pairs(rec, &kept, &iota, k, &depths, &order)
        })
    };
    let counted = || -> Result<()> {
        g.submit(|rec| {
            compactor.record(rec, &input, cap, &kept, &count)?;
            rec.barrier(Sync::ComputeToCompute);
            sorter.record_pairs_counted(rec, &kept, &iota, &count, &depths, &order)
        })
    };
    let mut rows = Vec::new();
    for (form, chain) in
        [("count read back, two submits", &read_back as &dyn Fn() -> Result<()>), ("counted on the GPU, one submit", &counted)]
    {
        for _ in 0..o.warmup.max(1) {
            chain()?;
        }
        let (t, last) = cpu_time(o.runs, chain);
        last?;
        g.submit(|rec| {
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })?;
        let k = kept_cpu.len();
        let got_k = g.read(&count)?[0] as usize;
        let wrong = if got_k != k {
            Some(format!("kept {got_k}, the CPU {k}"))
        } else {
            first_difference(&g.read_range(&order, 0, k)?, &want_order)
        };
        let row = Row {
            op: "counted".into(),
            variant: format!("cull + argsort radix, {form}"),
            size: pow2(cap),
            elements: cap as u64,
            input: "cull of C f32 (x > 0.5) + argsort, wall clock".into(),
            device: "gpu".into(),
            bytes: cap as u64 * 4,
            correct: true,
            note: Some(format!("{k} kept; wall clock, first submit to last fence")),
            ..Default::default()
        };
        rows.push(match wrong {
            None => timed_row(row, &t),
            Some(w) => Row { correct: false, note: Some(format!("differs from the CPU reference: {w}")), ..row },
        });
    }
    Ok(rows)
}
