//! Records whose length is counted on the GPU (`record_counted`): the count is word 0 of a
//! buffer written before the op runs, either uploaded or by a compaction in the same command
//! buffer (an engine's cull, then a scan, reduction or sort of what it kept, with no read back).
//! Every result is checked against the CPU on exactly the counted prefix, and nothing past it may
//! be written. Under validation.
mod common;
use common::{gpu, rng};
use rand::Rng;
use workgroup::cpu;
use workgroup::gpu::{Buffer, Context, Kernel, Recorder, Sync};
use workgroup::ops::compact::{self, Compactor, Func, Predicate};
use workgroup::ops::indirect::ArgsFromCount;
use workgroup::ops::numbers::{generate, Dist};
use workgroup::ops::reduce::{self, ElemType, Op, Reducer};
use workgroup::ops::scan::{self, Kind, Scanner};
use workgroup::ops::sort::{self, Sorter};

/// Records `f` and a barrier that makes its outputs readable, submits, and waits.
fn record_and_wait(g: &Context, f: impl FnOnce(&mut Recorder) -> workgroup::gpu::Result<()>) {
    g.submit(|rec| {
        f(rec)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
}

/// Past the counted prefix the outputs must still hold this.
const UNTOUCHED: u32 = 0xDEAD_BEEF;

/// The counts every op is tried with, for a capacity of `cap`: none, one, primes, the capacity
/// and past it (clamped to it).
fn counts(cap: usize) -> Vec<u32> {
    let mut c = vec![0, 1, 2, 3, 255, 257, 2047, 2049, 6151, cap as u32 - 1, cap as u32, cap as u32 + 1, u32::MAX];
    c.retain(|&k| k as usize <= cap || k > cap as u32);
    c
}

fn sentinel(g: &Context, len: usize, what: &str) -> Buffer<u32> {
    Buffer::from_slice(g, &vec![UNTOUCHED; len], what).unwrap()
}

/// Checks `got` (the whole output buffer): the first `n` against `want(n)`, the rest untouched.
fn assert_prefix(got: &[u32], n: usize, what: &str, check: impl Fn(&[u32]) -> Option<String>) {
    if let Some(wrong) = check(&got[..n]) {
        panic!("{what}, count {n}: {wrong}");
    }
    if let Some(k) = got[n..].iter().position(|&x| x != UNTOUCHED) {
        panic!("{what}, count {n}: element {} past the count was written", n + k);
    }
}

#[test]
fn scan_counted_by_an_uploaded_count() {
    let g = gpu();
    let cap = 10_007;
    for (ty, op, kind) in [
        (ElemType::U32, Op::Sum, Kind::Exclusive),
        (ElemType::F32, Op::Sum, Kind::Inclusive),
        (ElemType::I32, Op::Min, Kind::Exclusive),
        (ElemType::F32, Op::Max, Kind::Inclusive),
    ] {
        let s = Scanner::new(&g, scan::Variant::SinglePass, ty, op, kind, cap).unwrap();
        let data = generate(cap, ty, Dist::Normal, 5);
        let input = Buffer::from_slice(&g, &data, "in").unwrap();
        for c in counts(cap) {
            let count = Buffer::from_slice(&g, &[c], "count").unwrap();
            let out = sentinel(&g, cap, "out");
            record_and_wait(&g, |rec| s.record_counted(rec, &input, &count, &out));
            let n = (c as usize).min(cap);
            let what = format!("scan {} {} {}", ty.name(), op.name(), kind.name());
            assert_prefix(&g.read(&out).unwrap(), n, &what, |got| scan::verify(&data[..n], got, ty, op, kind, s.f32_sum_depth(n)).0);
        }
    }
}

#[test]
fn scan_counted_refuses_what_it_cannot_do() {
    let g = gpu();
    let input: Buffer<u32> = Buffer::new(&g, 100, "in").unwrap();
    let count = Buffer::from_slice(&g, &[50u32], "count").unwrap();
    for v in [scan::Variant::HillisSteele, scan::Variant::Blelloch, scan::Variant::ReduceThenScan] {
        let s = Scanner::new(&g, v, ElemType::U32, Op::Sum, Kind::Inclusive, 100).unwrap();
        let e = g.submit(|rec| s.record_counted(rec, &input, &count, &input)).unwrap_err().to_string();
        assert!(e.contains("single-pass"), "{}: {e}", v.name());
        let e = g.submit(|rec| s.record_with_total(rec, &input, 100, &input, &count)).unwrap_err().to_string();
        assert!(e.contains("single-pass"), "{}: {e}", v.name());
    }
    // More than one range: small ranges make it so at 10 000 elements.
    let s = Scanner::with_range(&g, scan::Variant::SinglePass, ElemType::U32, Op::Sum, Kind::Inclusive, 10_000, 4096).unwrap();
    let big: Buffer<u32> = Buffer::new(&g, 10_000, "in").unwrap();
    let e = g.submit(|rec| s.record_counted(rec, &big, &count, &big)).unwrap_err().to_string();
    assert!(e.contains("one range"), "{e}");
    let empty = Buffer::<u32>::new(&g, 0, "no count").unwrap();
    let s = Scanner::new(&g, scan::Variant::SinglePass, ElemType::U32, Op::Sum, Kind::Inclusive, 100).unwrap();
    let e = g.submit(|rec| s.record_counted(rec, &input, &empty, &input)).unwrap_err().to_string();
    assert!(e.contains("count buffer is empty"), "{e}");
    let e = g.submit(|rec| s.record_with_total(rec, &input, 100, &input, &empty)).unwrap_err().to_string();
    assert!(e.contains("total buffer is empty"), "{e}");
}

/// An engine's frame: cull (a stable compaction of x > threshold) and then work on what was
/// kept, its count only on the GPU.
struct Culled {
    data: Vec<u32>,
    input: Buffer<u32>,
    kept: Buffer<u32>,
    count: Buffer<u32>,
    compactor: Compactor,
    keep: Predicate,
}

fn culled(g: &Context, n: usize, threshold: f32, seed: u64) -> Culled {
    let mut r = rng(seed);
    let data: Vec<u32> = (0..n).map(|_| r.gen::<f32>().to_bits()).collect();
    let keep = Predicate::Greater(threshold.to_bits());
    Culled {
        input: Buffer::from_slice(g, &data, "values").unwrap(),
        kept: sentinel(g, n, "kept"),
        count: Buffer::new(g, 1, "kept count").unwrap(),
        compactor: Compactor::new(g, compact::Variant::Stable, ElemType::F32, keep, Func::Identity, n).unwrap(),
        data,
        keep,
    }
}

impl Culled {
    fn want(&self) -> Vec<u32> {
        cpu::compact::compact(&self.data, ElemType::F32, self.keep, Func::Identity)
    }
}

#[test]
fn scan_of_what_a_compaction_kept() {
    let g = gpu();
    // Thresholds that keep everything, most, a few, one and none of 100 003 values in [0, 1).
    for (k, threshold) in [-1.0f32, 0.3, 0.999, 0.99999, 2.0].into_iter().enumerate() {
        let c = culled(&g, 100_003, threshold, 11 + k as u64);
        let s = Scanner::new(&g, scan::Variant::SinglePass, ElemType::F32, Op::Sum, Kind::Exclusive, c.data.len()).unwrap();
        let out = sentinel(&g, c.data.len(), "scanned");
        record_and_wait(&g, |rec| {
            c.compactor.record(rec, &c.input, c.data.len(), &c.kept, &c.count)?;
            rec.barrier(Sync::ComputeToCompute); // the kept values and their count
            s.record_counted(rec, &c.kept, &c.count, &out)?;
            Ok(())
        });
        let kept = c.want();
        assert_eq!(g.read(&c.count).unwrap()[0] as usize, kept.len());
        let what = format!("exclusive f32 sum of the values > {threshold}");
        assert_prefix(&g.read(&out).unwrap(), kept.len(), &what, |got| {
            scan::verify(&kept, got, ElemType::F32, Op::Sum, Kind::Exclusive, s.f32_sum_depth(kept.len())).0
        });
    }
}

#[test]
fn reduce_counted_by_an_uploaded_count() {
    let g = gpu();
    let cap = 100_003;
    for ty in ElemType::ALL {
        let data = generate(cap, ty, Dist::Normal, 9);
        let input = Buffer::from_slice(&g, &data, "in").unwrap();
        for op in Op::ALL {
            let r = Reducer::new(&g, reduce::Variant::SinglePass, ty, op, cap).unwrap();
            for c in counts(cap) {
                let count = Buffer::from_slice(&g, &[c], "count").unwrap();
                let out = sentinel(&g, 2, "out");
                record_and_wait(&g, |rec| r.record_counted(rec, &input, &count, &out));
                let n = (c as usize).min(cap);
                let what = format!("reduce {} {}", ty.name(), op.name());
                assert_prefix(&g.read(&out).unwrap(), 1, &what, |got| reduce_wrong(&data[..n], got[0], ty, op, &r));
            }
        }
    }
}

/// The reduction of `data` against the CPU's (f32 sums within the stated bound; n = 0 gives the
/// identity).
fn reduce_wrong(data: &[u32], got: u32, ty: ElemType, op: Op, r: &Reducer) -> Option<String> {
    if data.is_empty() {
        return (got != op.identity(ty)).then(|| format!("{got:#x} for no elements, not the identity {:#x}", op.identity(ty)));
    }
    if ty == ElemType::F32 && op == Op::Sum {
        let sum = cpu::reduce::F32SumRef::of(data);
        let bound = reduce::f32_sum_bound(r.variant, data.len(), sum.abs, r.range());
        let g = f32::from_bits(got);
        return (!sum.accepts(g, bound)).then(|| format!("sum {g} against the f64 sum {} (bound {bound:e})", sum.exact()));
    }
    let want = cpu::reduce::reduce(data, ty, op).unwrap();
    (got != want).then(|| format!("{got:#x} where the CPU has {want:#x}"))
}

#[test]
fn reduce_of_what_a_compaction_kept() {
    let g = gpu();
    for (k, threshold) in [-1.0f32, 0.5, 0.99999, 2.0].into_iter().enumerate() {
        let c = culled(&g, 100_003, threshold, 21 + k as u64);
        let kept = c.want();
        for op in Op::ALL {
            let r = Reducer::new(&g, reduce::Variant::SinglePass, ElemType::F32, op, c.data.len()).unwrap();
            let out = sentinel(&g, 2, "out");
            record_and_wait(&g, |rec| {
                c.compactor.record(rec, &c.input, c.data.len(), &c.kept, &c.count)?;
                rec.barrier(Sync::ComputeToCompute);
                r.record_counted(rec, &c.kept, &c.count, &out)?;
                Ok(())
            });
            let what = format!("{} of the values > {threshold}", op.name());
            assert_prefix(&g.read(&out).unwrap(), 1, &what, |got| reduce_wrong(&kept, got[0], ElemType::F32, op, &r));
        }
    }
}

#[test]
fn reduce_counted_refuses_what_it_cannot_do() {
    let g = gpu();
    let input: Buffer<u32> = Buffer::new(&g, 100, "in").unwrap();
    let count = Buffer::from_slice(&g, &[50u32], "count").unwrap();
    for v in [reduce::Variant::Tree, reduce::Variant::Subgroup] {
        let r = Reducer::new(&g, v, ElemType::U32, Op::Sum, 100).unwrap();
        let e = g.submit(|rec| r.record_counted(rec, &input, &count, &input)).unwrap_err().to_string();
        assert!(e.contains("single-pass"), "{}: {e}", v.name());
    }
    let r = Reducer::with_range(&g, reduce::Variant::SinglePass, ElemType::U32, Op::Sum, 10_000, 4096).unwrap();
    let big: Buffer<u32> = Buffer::new(&g, 10_000, "in").unwrap();
    let e = g.submit(|rec| r.record_counted(rec, &big, &count, &input)).unwrap_err().to_string();
    assert!(e.contains("one range"), "{e}");
}

#[test]
fn sort_counted_by_an_uploaded_count() {
    let g = gpu();
    let cap = 20_011;
    for variant in [sort::Variant::Radix, sort::Variant::Onesweep] {
        for ty in ElemType::ALL {
            let data = generate(cap, ty, Dist::Normal, 31);
            let input = Buffer::from_slice(&g, &data, "keys").unwrap();
            let s = Sorter::new(&g, variant, ty, cap).unwrap();
            // Rising then falling counts: a run may not depend on what a longer or shorter one
            // left in the sorter's state.
            let rising = counts(cap);
            for c in rising.iter().chain(rising.iter().rev().skip(1)).copied() {
                let count = Buffer::from_slice(&g, &[c], "count").unwrap();
                let out = sentinel(&g, cap, "sorted");
                record_and_wait(&g, |rec| s.record_counted(rec, &input, &count, &out));
                let n = (c as usize).min(cap);
                let want = cpu::sort::sort(&data[..n], ty);
                let what = format!("{} {}", variant.name(), ty.name());
                assert_prefix(&g.read(&out).unwrap(), n, &what, |got| first_difference(got, &want));
            }
        }
    }
}

fn first_difference(got: &[u32], want: &[u32]) -> Option<String> {
    let k = got.iter().zip(want).position(|(g, w)| g != w)?;
    Some(format!("element {k}: {:#x} where the CPU has {:#x}", got[k], want[k]))
}

#[test]
fn argsort_of_what_a_compaction_kept() {
    // An engine's frame: cull, then the draw order of the kept objects by depth (the stable
    // argsort of the kept values), the count only on the GPU.
    let g = gpu();
    let n = 100_003;
    let iota = Buffer::from_slice(&g, &(0..n as u32).collect::<Vec<u32>>(), "indices").unwrap();
    for variant in sort::Variant::WHOLE_GPU {
        for (k, threshold) in [-1.0f32, 0.5, 0.99999, 2.0].into_iter().enumerate() {
            let c = culled(&g, n, threshold, 41 + k as u64);
            let s = Sorter::pairs(&g, variant, ElemType::F32, n).unwrap();
            let (depths, order) = (sentinel(&g, n, "sorted kept"), sentinel(&g, n, "order"));
            record_and_wait(&g, |rec| {
                c.compactor.record(rec, &c.input, n, &c.kept, &c.count)?;
                rec.barrier(Sync::ComputeToCompute);
                s.record_pairs_counted(rec, &c.kept, &iota, &c.count, &depths, &order)?;
                Ok(())
            });
            let kept = c.want();
            let want_order = cpu::sort::argsort(&kept, ElemType::F32);
            let want_depths: Vec<u32> = want_order.iter().map(|&i| kept[i as usize]).collect();
            let what = format!("{} of the values > {threshold}", variant.name());
            assert_prefix(&g.read(&order).unwrap(), kept.len(), &format!("argsort {what}"), |got| first_difference(got, &want_order));
            assert_prefix(&g.read(&depths).unwrap(), kept.len(), &format!("sort {what}"), |got| first_difference(got, &want_depths));
        }
    }
}

#[test]
fn sort_counted_refuses_what_it_cannot_do() {
    let g = gpu();
    let buf: Buffer<u32> = Buffer::new(&g, 100, "keys").unwrap();
    let count = Buffer::from_slice(&g, &[50u32], "count").unwrap();
    let one_group = Sorter::new(&g, sort::Variant::Bitonic, ElemType::U32, 100).unwrap();
    let e = g.submit(|rec| one_group.record_counted(rec, &buf, &count, &buf)).unwrap_err().to_string();
    assert!(e.contains("radix or onesweep"), "{e}");
    let keys_only = Sorter::new(&g, sort::Variant::Radix, ElemType::U32, 100).unwrap();
    let e = g.submit(|rec| keys_only.record_pairs_counted(rec, &buf, &buf, &count, &buf, &buf)).unwrap_err().to_string();
    assert!(e.contains("Sorter::pairs"), "{e}");
    let pairs = Sorter::pairs(&g, sort::Variant::Onesweep, ElemType::U32, 100).unwrap();
    let e = g.submit(|rec| pairs.record_counted(rec, &buf, &count, &buf)).unwrap_err().to_string();
    assert!(e.contains("record_pairs_counted"), "{e}");
}

#[test]
fn onesweep_counted_whose_look_backs_all_give_up_is_redone_exactly() {
    // A walk limit of 0: every look-back after tile 0 gives up, and the three-step fallback
    // redoes each pass, counted as well.
    let g = gpu();
    let cap = 30_000;
    let knobs = sort::OnesweepKnobs { walk_limit: Some(0), fallback: Some(true), ..Default::default() };
    let data = generate(cap, ElemType::U32, Dist::Uniform, 51);
    let input = Buffer::from_slice(&g, &data, "keys").unwrap();
    let s = Sorter::whole_gpu(&g, sort::Variant::Onesweep, ElemType::U32, cap, false, knobs).unwrap();
    for c in [0u32, 5121, 9000, 29_999] {
        let count = Buffer::from_slice(&g, &[c], "count").unwrap();
        let out = sentinel(&g, cap, "sorted");
        record_and_wait(&g, |rec| s.record_counted(rec, &input, &count, &out));
        let n = c as usize;
        let want = cpu::sort::sort(&data[..n], ElemType::U32);
        assert_prefix(&g.read(&out).unwrap(), n, "onesweep with its fallback", |got| first_difference(got, &want));
        let tiles = n.div_ceil(workgroup::ops::sort::RADIX_TILE) as u32;
        assert_eq!(s.gave_up(&g).unwrap(), 4 * 256 * tiles.saturating_sub(1), "count {c}: every walk after tile 0 gives up");
    }
}

#[test]
fn onesweep_counted_runs_leave_no_state_that_a_later_run_takes() {
    // Odd tiles publish late (`late_publish`), so a walk that met a status word left by an
    // earlier run would take it instead of waiting; and every tile checks that its word is 0
    // when it publishes (`check_state`). Runs alternate two inputs and their counts rise and
    // fall: every word a run reads must be its own.
    let g = gpu();
    let cap = 30_000;
    let knobs = sort::OnesweepKnobs { late_publish: true, fallback: Some(true), check_state: true, ..Default::default() };
    let s = Sorter::whole_gpu(&g, sort::Variant::Onesweep, ElemType::U32, cap, false, knobs).unwrap();
    let inputs: Vec<Vec<u32>> = (0..2).map(|k| generate(cap, ElemType::U32, Dist::Uniform, 61 + k)).collect();
    let buffers: Vec<Buffer<u32>> = inputs.iter().map(|d| Buffer::from_slice(&g, d, "keys").unwrap()).collect();
    for (run, c) in [14_000u32, 14_000, 9_000, 14_000, 29_000, 14_000].into_iter().enumerate() {
        let count = Buffer::from_slice(&g, &[c], "count").unwrap();
        let out = sentinel(&g, cap, "sorted");
        record_and_wait(&g, |rec| s.record_counted(rec, &buffers[run % 2], &count, &out));
        let n = c as usize;
        let want = cpu::sort::sort(&inputs[run % 2][..n], ElemType::U32);
        assert_prefix(&g.read(&out).unwrap(), n, &format!("run {run}"), |got| first_difference(got, &want));
        assert!(!s.dirty_state(&g).unwrap(), "run {run} (count {c}) found a status word left by a run before");
    }
}

/// Whether `got` is the total of `data`: exact for integers and min/max (the identity for none),
/// an f32 sum within the scanner's stated bound.
fn total_wrong(data: &[u32], got: u32, s: &Scanner) -> Option<String> {
    if s.ty == ElemType::F32 && s.op == Op::Sum {
        let sum = cpu::reduce::F32SumRef::of(data);
        let bound = sum.bound(s.f32_sum_depth(data.len()), data.len());
        let g = f32::from_bits(got);
        return (!sum.accepts(g, bound)).then(|| format!("total {g}, the f64 sum is {} (bound {bound:e})", sum.exact()));
    }
    let want = cpu::reduce::reduce(data, s.ty, s.op).unwrap_or(s.op.identity(s.ty));
    (got != want).then(|| format!("total {got:#x} where the CPU has {want:#x}"))
}

#[test]
fn scan_totals_with_n_from_the_host_and_counted() {
    let g = gpu();
    let cap = 10_007;
    for ty in ElemType::ALL {
        for op in Op::ALL {
            for kind in [Kind::Inclusive, Kind::Exclusive] {
                let data = generate(cap, ty, Dist::Normal, 71);
                let input = Buffer::from_slice(&g, &data, "in").unwrap();
                // Small ranges: the total of several ranges, from the host; one range counted.
                for range in [4096, 16384] {
                    let s = Scanner::with_range(&g, scan::Variant::SinglePass, ty, op, kind, cap, range).unwrap();
                    let what = format!("{} {} {} range {range}", ty.name(), op.name(), kind.name());
                    for n in [0usize, 1, 2, 2049, 4096, 6151, cap] {
                        let (out, total) = (sentinel(&g, cap, "out"), sentinel(&g, 1, "total"));
                        let count = Buffer::from_slice(&g, &[n as u32], "count").unwrap();
                        record_and_wait(&g, |rec| {
                            if range >= cap {
                                s.record_counted_with_total(rec, &input, &count, &out, &total)?;
                            } else {
                                s.record_with_total(rec, &input, n, &out, &total)?;
                            }
                            Ok(())
                        });
                        assert_prefix(&g.read(&out).unwrap(), n, &what, |got| {
                            scan::verify(&data[..n], got, ty, op, kind, s.f32_sum_depth(n)).0
                        });
                        if let Some(wrong) = total_wrong(&data[..n], g.read(&total).unwrap()[0], &s) {
                            panic!("{what}, n {n}: {wrong}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_scans_total_counts_the_next_step() {
    // Objects emit 0..7 items each; the exclusive scan of those counts gives each object's first
    // item, and its total is the number of items, which the sort of the items reads as its count.
    let g = gpu();
    let objects = 20_011;
    let mut r = rng(81);
    let emitted: Vec<u32> = (0..objects).map(|_| r.gen_range(0..8)).collect();
    let items: Vec<u32> = (0..objects * 7).map(|_| r.gen()).collect();
    let total_items: u32 = emitted.iter().sum();
    let (emitted_buf, items_buf) = (Buffer::from_slice(&g, &emitted, "emitted").unwrap(), Buffer::from_slice(&g, &items, "items").unwrap());
    let (starts, total, sorted) = (sentinel(&g, objects, "starts"), sentinel(&g, 1, "total"), sentinel(&g, items.len(), "sorted"));
    let scanner = Scanner::new(&g, scan::Variant::SinglePass, ElemType::U32, Op::Sum, Kind::Exclusive, objects).unwrap();
    let sorter = Sorter::new(&g, sort::Variant::Onesweep, ElemType::U32, items.len()).unwrap();
    record_and_wait(&g, |rec| {
        scanner.record_with_total(rec, &emitted_buf, objects, &starts, &total)?;
        rec.barrier(Sync::ComputeToCompute); // the total, read as the sort's count
        sorter.record_counted(rec, &items_buf, &total, &sorted)?;
        Ok(())
    });
    assert_eq!(g.read(&total).unwrap()[0], total_items);
    assert_eq!(g.read(&starts).unwrap(), cpu::scan::scan(&emitted, ElemType::U32, Op::Sum, Kind::Exclusive));
    let want = cpu::sort::sort(&items[..total_items as usize], ElemType::U32);
    assert_prefix(&g.read(&sorted).unwrap(), total_items as usize, "the items, sorted", |got| first_difference(got, &want));
}

#[test]
fn indirect_arguments_from_a_count() {
    let g = gpu();
    let maker = ArgsFromCount::new(&g).unwrap();
    let max_x = g.info().max_workgroup_count[0];
    let bound = 3_000_000u32;
    for c in [0u32, 1, 63, 64, 65, 1_000_003, bound, bound + 1, u32::MAX] {
        let count = Buffer::from_slice(&g, &[c], "count").unwrap();
        let (dispatch, draw) = (sentinel(&g, 4, "dispatch args"), sentinel(&g, 4, "draw args"));
        let (one_each, many) = (sentinel(&g, 4, "one item a group"), sentinel(&g, 4, "256 a group"));
        record_and_wait(&g, |rec| {
            maker.record_dispatch(rec, &count, bound, 64, &dispatch)?;
            maker.record_dispatch(rec, &count, bound, 1, &one_each)?;
            maker.record_dispatch(rec, &count, bound, 256, &many)?;
            maker.record_draw(rec, &count, bound, 6, &draw)?;
            Ok(())
        });
        let n = c.min(bound);
        let grid = |per: u32| {
            let groups = n.div_ceil(per);
            let x = groups.min(max_x);
            [x, if x == 0 { 1 } else { groups.div_ceil(x) }, 1, 0]
        };
        assert_eq!(g.read(&dispatch).unwrap(), grid(64), "count {c}, 64 a group");
        assert_eq!(g.read(&one_each).unwrap(), grid(1), "count {c}, 1 a group");
        assert_eq!(g.read(&many).unwrap(), grid(256), "count {c}, 256 a group");
        assert_eq!(g.read(&draw).unwrap(), vec![6, n, 0, 0], "count {c}, draw");
    }
    let count = Buffer::from_slice(&g, &[5u32], "count").unwrap();
    let short: Buffer<u32> = Buffer::new(&g, 3, "3 words").unwrap();
    let e = g.submit(|rec| maker.record_dispatch(rec, &count, 10, 0, &short)).unwrap_err().to_string();
    assert!(e.contains("0 items per workgroup"), "{e}");
    let e = g.submit(|rec| maker.record_draw(rec, &count, 10, 3, &short)).unwrap_err().to_string();
    assert!(e.contains("at least 1 and 4"), "{e}");
}

#[test]
fn an_engine_kernel_dispatched_over_what_a_compaction_kept() {
    // The cull's count becomes the workgroups of the engine's own kernel (here the thin layer's
    // self-test kernel, y = 3 x + 1, 64 invocations a group), dispatched indirectly.
    let g = gpu();
    let n = 100_003;
    let kernel = Kernel::new(&g, &workgroup::shaders::SELFTEST_SCALE_ADD, &[(0, 64), (1, 1)]).unwrap();
    let maker = ArgsFromCount::new(&g).unwrap();
    let args: Buffer<u32> = Buffer::new(&g, 4, "args").unwrap();
    for (k, threshold) in [-1.0f32, 0.5, 0.99999, 2.0].into_iter().enumerate() {
        let c = culled(&g, n, threshold, 91 + k as u64);
        let out = sentinel(&g, n, "out");
        record_and_wait(&g, |rec| {
            c.compactor.record(rec, &c.input, n, &c.kept, &c.count)?;
            rec.barrier(Sync::ComputeToCompute);
            maker.record_dispatch(rec, &c.count, n as u32, 64, &args)?;
            rec.barrier(Sync::ComputeToIndirect);
            let push: [u32; 2] = [n as u32, 3];
            rec.dispatch_indirect(&kernel, args.raw(), 0, &[c.kept.bind(), out.bind()], bytemuck::cast_slice(&push))?;
            Ok(())
        });
        let kept = c.want();
        // The groups cover the kept items rounded up to 64; the kernel checks only its own n.
        let covered = kept.len().div_ceil(64) * 64;
        let got = g.read(&out).unwrap();
        let kept_words = g.read(&c.kept).unwrap();
        for (i, &y) in got.iter().enumerate() {
            let want = if i < covered.min(n) { kept_words[i].wrapping_mul(3).wrapping_add(1) } else { UNTOUCHED };
            assert_eq!(y, want, "threshold {threshold}: output {i} ({} kept)", kept.len());
        }
    }
}

#[test]
fn compaction_counted_by_an_uploaded_count() {
    let g = gpu();
    let cap = 30_011;
    for (ty, pred) in [
        (ElemType::F32, Predicate::Greater(0.0f32.to_bits())),
        (ElemType::U32, Predicate::Even),
        (ElemType::I32, Predicate::Less(0)),
        (ElemType::U32, Predicate::NonZero),
    ] {
        let data = generate(cap, ty, Dist::Normal, 101);
        let input = Buffer::from_slice(&g, &data, "in").unwrap();
        for v in [compact::Variant::Stable, compact::Variant::TileAtomic] {
            let c = Compactor::new(&g, v, ty, pred, Func::Identity, cap).unwrap();
            for k in counts(cap) {
                let input_count = Buffer::from_slice(&g, &[k], "input count").unwrap();
                let (out, kept) = (sentinel(&g, cap, "out"), sentinel(&g, 1, "kept"));
                record_and_wait(&g, |rec| c.record_counted(rec, &input, &input_count, &out, &kept));
                let n = (k as usize).min(cap);
                let mut want = cpu::compact::compact(&data[..n], ty, pred, Func::Identity);
                let what = format!("{} {} {pred:?}, count {k}", v.name(), ty.name());
                assert_eq!(g.read(&kept).unwrap()[0] as usize, want.len(), "{what}");
                if !v.ordered() {
                    want.sort_unstable(); // unordered across tiles: compared as a multiset
                }
                assert_prefix(&g.read(&out).unwrap(), want.len(), &what, |got| {
                    let mut got = got.to_vec();
                    if !v.ordered() {
                        got.sort_unstable();
                    }
                    first_difference(&got, &want)
                });
            }
        }
    }
}

#[test]
fn a_second_cull_of_what_the_first_kept_and_host_runs_between() {
    // Two-stage culling: x > 0.3, then x < 0.6 of what was kept, the second counted by the
    // first's count. The second compactor also runs with n from the host between counted runs
    // (its two-pass state and the counted three passes share one compactor), in its default form
    // and with the overlapping passes (NVIDIA's default).
    let g = gpu();
    let n = 100_003;
    let second_pred = Predicate::Less(0.6f32.to_bits());
    let knob_sets = [compact::Knobs::default(), compact::Knobs { stable_overlap: Some(3), ..Default::default() }];
    for (k, knobs) in knob_sets.into_iter().enumerate() {
        let second = Compactor::with_knobs(
            &g,
            compact::Variant::Stable,
            ElemType::F32,
            second_pred,
            Func::Identity,
            n,
            workgroup::ops::reduce::range_elems(&g),
            compact::SPIN_LIMIT,
            knobs,
        )
        .unwrap();
        for (run, threshold) in [0.3f32, 0.5, -1.0, 0.9, 2.0].into_iter().enumerate() {
            let c = culled(&g, n, threshold, 111 + run as u64 + 10 * k as u64);
            let (out, kept2) = (sentinel(&g, n, "second cull"), sentinel(&g, 1, "kept twice"));
            record_and_wait(&g, |rec| {
                c.compactor.record(rec, &c.input, n, &c.kept, &c.count)?;
                rec.barrier(Sync::ComputeToCompute);
                second.record_counted(rec, &c.kept, &c.count, &out, &kept2)
            });
            let want = cpu::compact::compact(&c.want(), ElemType::F32, second_pred, Func::Identity);
            let what = format!("knobs {k}, x > {threshold} then x < 0.6");
            assert_eq!(g.read(&kept2).unwrap()[0] as usize, want.len(), "{what}");
            assert_prefix(&g.read(&out).unwrap(), want.len(), &what, |got| first_difference(got, &want));
            // The same compactor with n from the host, on the whole input.
            let (out_host, kept_host) = (sentinel(&g, n, "host run"), sentinel(&g, 1, "host count"));
            record_and_wait(&g, |rec| second.record(rec, &c.input, n, &out_host, &kept_host));
            let want_host = cpu::compact::compact(&c.data, ElemType::F32, second_pred, Func::Identity);
            assert_eq!(g.read(&kept_host).unwrap()[0] as usize, want_host.len(), "{what}: the host run between");
            assert_prefix(&g.read(&out_host).unwrap(), want_host.len(), &format!("{what}: the host run"), |got| {
                first_difference(got, &want_host)
            });
        }
    }
}

#[test]
fn compaction_counted_refuses_what_it_cannot_do() {
    let g = gpu();
    let buf: Buffer<u32> = Buffer::new(&g, 100, "in").unwrap();
    let (input_count, kept) = (Buffer::from_slice(&g, &[50u32], "count").unwrap(), Buffer::<u32>::new(&g, 1, "kept").unwrap());
    let keep = Predicate::NonZero;
    for v in
        [compact::Variant::GlobalAtomic, compact::Variant::GroupCounter, compact::Variant::SubgroupBallot, compact::Variant::StableLookback]
    {
        let c = Compactor::new(&g, v, ElemType::U32, keep, Func::Identity, 100).unwrap();
        let e = g.submit(|rec| c.record_counted(rec, &buf, &input_count, &buf, &kept)).unwrap_err().to_string();
        assert!(e.contains("use stable"), "{}: {e}", v.name());
    }
    let c = Compactor::new(&g, compact::Variant::Stable, ElemType::U32, keep, Func::Identity, 100).unwrap();
    let e = g.submit(|rec| c.record_counted(rec, &buf, &input_count, &buf, &input_count)).unwrap_err().to_string();
    assert!(e.contains("different buffers"), "{e}");
    let short: Buffer<u32> = Buffer::new(&g, 10, "short").unwrap();
    let e = g.submit(|rec| c.record_counted(rec, &buf, &input_count, &short, &kept)).unwrap_err().to_string();
    assert!(e.contains("output holds 10"), "{e}");
    let ranged = Compactor::with_range(&g, compact::Variant::Stable, ElemType::U32, keep, Func::Identity, 10_000, 4096).unwrap();
    let big: Buffer<u32> = Buffer::new(&g, 10_000, "big").unwrap();
    let e = g.submit(|rec| ranged.record_counted(rec, &big, &input_count, &big, &kept)).unwrap_err().to_string();
    assert!(e.contains("one range"), "{e}");
}
