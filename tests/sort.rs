//! Sorting in one workgroup (seed 002 and a bitonic network) and the radix sorts across the GPU
//! (three-step and onesweep): every variant equals the CPU sort bit for bit (f32 in IEEE total
//! order), on awkward sizes, degenerate inputs and fresh random data, under validation; the
//! one-workgroup limit is refused with one line; onesweep's look-backs that give up are redone
//! by its fallback or reported.
mod common;
use common::{fails_with_one_line, gpu, rng, wg};
use proptest::prelude::*;
use rand::Rng;
use workgroup::cpu;
use workgroup::gpu::{Buffer, Sync};
use workgroup::ops::reduce::ElemType;
use workgroup::ops::sort::{
    max_n, onesweep_max_n_on, radix_max_n, time, time_pairs, time_with, OnesweepKnobs, Sorter, Variant, ONESWEEP_FASTEST_UP_TO,
    RADIX_SCAN_BLOCK, RADIX_TILE,
};

/// Inputs of n keys of `ty`: random, sorted, reversed, all equal, few distinct values, and (f32)
/// the special values: NaNs of both signs, infinities, signed zeros, subnormals.
fn inputs(n: usize, ty: ElemType, seed: u64) -> Vec<(&'static str, Vec<u32>)> {
    let mut r = rng(seed);
    let random: Vec<u32> = (0..n)
        .map(|_| match ty {
            ElemType::F32 => (r.gen_range(-1000f32..1000.0)).to_bits(),
            _ => r.gen(),
        })
        .collect();
    let sorted = cpu::sort::sort(&random, ty);
    let reversed: Vec<u32> = sorted.iter().rev().copied().collect();
    let equal = vec![random.first().copied().unwrap_or(7); n];
    let few: Vec<u32> = (0..n).map(|i| random[i % 3.min(n)]).collect();
    let mut v = vec![("random", random), ("sorted", sorted), ("reversed", reversed), ("equal", equal), ("few distinct", few)];
    if ty == ElemType::F32 {
        let specials = [
            f32::NAN.to_bits(),
            (-f32::NAN).to_bits(),
            0x7F80_0001, // signalling NaN
            f32::INFINITY.to_bits(),
            f32::NEG_INFINITY.to_bits(),
            0.0f32.to_bits(),
            (-0.0f32).to_bits(),
            1, // the smallest subnormal
            0x8000_0001,
            f32::MAX.to_bits(),
            f32::MIN.to_bits(),
            1.5f32.to_bits(),
        ];
        v.push(("f32 specials", (0..n).map(|i| specials[(i * 7 + seed as usize) % specials.len()]).collect()));
    }
    v
}

#[test]
fn every_variant_type_size_and_input() {
    let g = gpu();
    let max = max_n(&g);
    assert!(max >= 128, "one workgroup should sort the document's 128 keys, not only {max}");
    for ty in ElemType::ALL {
        for n in [0usize, 1, 2, 3, 7, 64, 127, 128, 129, 1000, max - 1, max] {
            for v in Variant::ALL {
                for (what, data) in inputs(n, ty, n as u64) {
                    // The slow odd-even versions at the largest sizes only on random input.
                    if n > 1000 && v != Variant::Bitonic && what != "random" {
                        continue;
                    }
                    let got = time(&g, &data, ty, v, 0, 0).unwrap().1;
                    let want = cpu::sort::sort(&data, ty);
                    assert_eq!(got, want, "{} {} n={n} {what}", v.name(), ty.name());
                }
            }
        }
    }
}

/// The radix sorts past one workgroup: sizes around their tile (5120 keys), primes, 10^6 + 3, every
/// type and input shape, and keys whose image is the largest (the tile's padding): u32::MAX,
/// i32::MAX, f32 +NaN with every payload bit set.
#[test]
fn radix_sorts_any_size() {
    let g = gpu();
    let t = RADIX_TILE;
    for n in [t - 1, t, t + 1, 2 * t + 1, 4095, 8191, 12_289, 65_537, 1_000_003] {
        for ty in ElemType::ALL {
            let mut cases = inputs(n, ty, n as u64 + 11);
            if n > 100_000 {
                cases.truncate(1); // random only at the largest size, to keep lavapipe's time down
            }
            let largest = match ty {
                ElemType::U32 => u32::MAX,
                ElemType::I32 => i32::MAX as u32,
                ElemType::F32 => 0x7FFF_FFFF,
            };
            let mut r = rng(n as u64);
            cases.push(("largest image", (0..n).map(|i| if i % 3 == 0 { largest } else { r.gen() }).collect()));
            // Only one digit varies: every other pass finds all keys in one bucket.
            cases.push(("one digit varies", (0..n).map(|i| 0x1234_5600 | ((i as u32).wrapping_mul(7919) & 0xFF)).collect()));
            cases.push(("top digit only", (0..n).map(|i| ((i as u32).wrapping_mul(31) & 0xFF) << 24).collect()));
            for (what, data) in cases {
                for v in Variant::WHOLE_GPU {
                    let got = time(&g, &data, ty, v, 0, 0).unwrap().1;
                    assert!(got == cpu::sort::sort(&data, ty), "{} {} n={n} {what}", v.name(), ty.name());
                }
            }
        }
    }
}

/// The three-step pass's scan has two paths (radix_scan.comp): the first subgroup alone, and the
/// whole group with barriers past `scan_alone_chunks`. Lavapipe takes the first by default, so
/// here both run, around the switch (subgroup chunks of 4 x 8 tiles on lavapipe, 4 x 32 on GPUs),
/// for `radix` and for onesweep's fallback (every look-back giving up).
#[test]
fn radix_scan_paths_agree() {
    let g = gpu();
    let t = RADIX_TILE;
    for n in [1, t + 1, 32 * t, 32 * t + 1, 64 * t + 5, 128 * t + 1, 300_007] {
        let data: Vec<u32> = {
            let mut r = rng(n as u64 + 3);
            (0..n).map(|_| r.gen()).collect()
        };
        let want = cpu::sort::sort(&data, ElemType::U32);
        for chunks in [0, 1, 2, 1 << 16] {
            let knobs = OnesweepKnobs { scan_alone_chunks: Some(chunks), walk_limit: Some(0), fallback: Some(true), ..Default::default() };
            for v in Variant::WHOLE_GPU {
                let s = Sorter::whole_gpu(&g, v, ElemType::U32, n, false, knobs).unwrap();
                let got = time_with(&g, &s, &data, 0, 0).unwrap().1;
                assert!(got == want, "{} n={n} scan_alone_chunks={chunks}", v.name());
            }
        }
    }
}

/// The three-step pass's scan by blocks of RADIX_SCAN_BLOCK tiles (each tile's offset is its
/// block's plus the counts of the block's tiles before it): sizes around whole and partial
/// blocks, every type, with indices, and one sorter run at falling then rising sizes (each scan
/// zeroes the block sums it read, so no run may see another's).
#[test]
fn radix_scan_by_blocks_agrees() {
    let g = gpu();
    let (t, b) = (RADIX_TILE, RADIX_SCAN_BLOCK);
    let sizes = [1, t + 1, b * t, b * t + 1, (b + 1) * t + 5, 2 * b * t + 7];
    for ty in [ElemType::U32, ElemType::I32, ElemType::F32] {
        let big = *sizes.iter().max().unwrap();
        let data: Vec<u32> = {
            let mut r = rng(big as u64 + 11);
            (0..big).map(|_| r.gen()).collect()
        };
        let s = Sorter::new(&g, Variant::Radix, ty, big).unwrap();
        for n in sizes.iter().rev().chain(sizes.iter()).copied() {
            let got = time_with(&g, &s, &data[..n], 0, 0).unwrap().1;
            assert!(got == cpu::sort::sort(&data[..n], ty), "radix {} n={n}", ty.name());
        }
    }
    // With indices, keys of few distinct values (the argsort's stability shows).
    let n = (b + 1) * t + 5;
    let keys: Vec<u32> = (0..n as u32).map(|i| (i.wrapping_mul(2654435761) >> 7) % 1000).collect();
    let pairs = Sorter::radix_pairs(&g, ElemType::U32, n).unwrap();
    assert!(argsort_with(&g, &pairs, &keys) == cpu::sort::argsort(&keys, ElemType::U32), "radix argsort across blocks");
}

/// Keys with values: values 0, 1, 2, ... come back as the stable argsort (equal keys in input
/// order), and any other values follow their keys; every type, sizes around the tile, the input
/// shapes above (all-equal and few-distinct keys test the stability).
#[test]
fn radix_pairs_give_the_stable_argsort() {
    let g = gpu();
    let t = RADIX_TILE;
    for n in [0usize, 1, 2, t - 1, t + 1, 65_537, 1_000_003] {
        for ty in ElemType::ALL {
            let mut cases = inputs(n, ty, n as u64 + 5);
            if n > 100_000 {
                cases.truncate(1);
            }
            for (what, keys) in cases {
                for v in Variant::WHOLE_GPU {
                    let index: Vec<u32> = (0..n as u32).collect();
                    let (_, sorted, got) = time_pairs(&g, &keys, &index, ty, v, 0, 0).unwrap();
                    let want = cpu::sort::argsort(&keys, ty);
                    assert!(sorted == cpu::sort::sort(&keys, ty), "keys: {} pairs {} n={n} {what}", v.name(), ty.name());
                    assert!(got == want, "indices: {} pairs {} n={n} {what}", v.name(), ty.name());
                    let mut r = rng(n as u64);
                    let payload: Vec<u32> = (0..n).map(|_| r.gen()).collect();
                    let (_, _, moved) = time_pairs(&g, &keys, &payload, ty, v, 0, 0).unwrap();
                    let follows = moved.iter().zip(&want).all(|(&x, &i)| x == payload[i as usize]);
                    assert!(follows, "payload: {} {} n={n} {what}", v.name(), ty.name());
                }
            }
        }
    }
    // The two kinds of radix sorter refuse each other's recording.
    let (a, b) = (Buffer::from_slice(&g, &[3u32, 1, 2], "a").unwrap(), Buffer::<u32>::new(&g, 3, "b").unwrap());
    let (c, d) = (Buffer::from_slice(&g, &[0u32, 1, 2], "c").unwrap(), Buffer::<u32>::new(&g, 3, "d").unwrap());
    let pairs = Sorter::radix_pairs(&g, ElemType::U32, 3).unwrap();
    let e = g.submit(|rec| pairs.record(rec, &a, 3, &b)).expect_err("refused");
    assert!(e.to_string().contains("record_pairs"), "{e}");
    let keys_only = Sorter::new(&g, Variant::Radix, ElemType::U32, 3).unwrap();
    let e = g.submit(|rec| keys_only.record_pairs(rec, &a, &c, 3, &b, &d)).expect_err("refused");
    assert!(e.to_string().contains("radix_pairs"), "{e}");
    assert!(time_pairs(&g, &[1, 2], &[0], ElemType::U32, Variant::Onesweep, 0, 0).is_err(), "one value per key");
    let e = Sorter::pairs(&g, Variant::Bitonic, ElemType::U32, 3).err().expect("refused");
    assert!(e.to_string().contains("radix or onesweep"), "{e}");
}

/// Engine mode: one radix sorter of each kind, recorded twice into one command buffer (two
/// sizes, the larger first, a barrier between), under synchronization validation.
#[test]
fn radix_sorter_records_twice_in_one_command_buffer() {
    for v in Variant::WHOLE_GPU {
        records_twice(v);
    }
}

fn records_twice(v: Variant) {
    let g = gpu();
    let a: Vec<u32> = inputs(9000, ElemType::F32, 3).remove(0).1;
    let b: Vec<u32> = inputs(5000, ElemType::F32, 4).remove(0).1;
    let s = Sorter::new(&g, v, ElemType::F32, 9000).unwrap();
    let (ia, ib) = (Buffer::from_slice(&g, &a, "a").unwrap(), Buffer::from_slice(&g, &b, "b").unwrap());
    let (oa, ob) = (Buffer::<u32>::new(&g, 9000, "sorted a").unwrap(), Buffer::<u32>::new(&g, 5000, "sorted b").unwrap());
    g.submit(|rec| {
        s.record(rec, &ia, a.len(), &oa)?;
        rec.barrier(Sync::ComputeToCompute); // the second sort reuses the sorter's scratch
        s.record(rec, &ib, b.len(), &ob)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    assert!(g.read(&oa).unwrap() == cpu::sort::sort(&a, ElemType::F32), "{}: first sort", v.name());
    assert!(g.read(&ob).unwrap() == cpu::sort::sort(&b, ElemType::F32), "{}: second sort", v.name());
    assert_eq!(g.read(&ia).unwrap(), a, "the input is only read");
}

/// Onesweep's look-backs that give up (walk_limit 0: every tile after the first gives up on
/// every digit, in every pass): with the three-step fallback recorded the result is exact (keys,
/// and keys with values); without it, `time_with` reports them.
/// The indices that `pairs` (a sorter with values) sorts along with `data`, recorded with
/// `record_pairs`: the argsort.
fn argsort_with(g: &common::Gpu, pairs: &Sorter, data: &[u32]) -> Vec<u32> {
    let n = data.len();
    let (keys, values) =
        (Buffer::from_slice(g, data, "keys").unwrap(), Buffer::from_slice(g, &(0..n as u32).collect::<Vec<_>>(), "values").unwrap());
    let (sk, sv) = (Buffer::<u32>::new(g, n, "sorted keys").unwrap(), Buffer::<u32>::new(g, n, "sorted values").unwrap());
    g.submit(|rec| {
        pairs.record_pairs(rec, &keys, &values, n, &sk, &sv)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    g.read(&sv).unwrap()
}

#[test]
fn onesweep_look_backs_that_give_up_are_redone_or_reported() {
    let g = gpu();
    let t = RADIX_TILE;
    for n in [t + 1, 5 * t + 17, 100_003] {
        let data = inputs(n, ElemType::F32, n as u64).remove(0).1;
        let give_up = |fallback| OnesweepKnobs { walk_limit: Some(0), fallback: Some(fallback), ..Default::default() };
        let s = Sorter::whole_gpu(&g, Variant::Onesweep, ElemType::F32, n, false, give_up(true)).unwrap();
        let got = time_with(&g, &s, &data, 0, 0).unwrap().1;
        assert!(got == cpu::sort::sort(&data, ElemType::F32), "redone by the fallback, n={n}");
        let tiles = n.div_ceil(t) as u32;
        assert_eq!(s.gave_up(&g).unwrap(), 4 * 256 * (tiles - 1), "every look-back gave up, n={n}");
        // With values.
        let pairs = Sorter::whole_gpu(&g, Variant::Onesweep, ElemType::F32, n, true, give_up(true)).unwrap();
        assert!(argsort_with(&g, &pairs, &data) == cpu::sort::argsort(&data, ElemType::F32), "argsort redone by the fallback, n={n}");
        assert!(pairs.gave_up(&g).unwrap() > 0);
        // No fallback: reported, never silent.
        let s = Sorter::whole_gpu(&g, Variant::Onesweep, ElemType::F32, n, false, give_up(false)).unwrap();
        let e = time_with(&g, &s, &data, 0, 0).expect_err("reported");
        assert!(e.to_string().contains("gave up"), "{e}");
    }
    // Long walks (every look-back goes back to tile 0, four words a step): exact, and most of
    // them find their prefix (a walk that went wrong would run out of steps and give up: under
    // CI's load a few do give up, waiting for a tile whose thread is not running, and the
    // fallback redoes their pass).
    for n in [t + 1, 5 * t + 17, 100_003] {
        let data = inputs(n, ElemType::I32, n as u64).remove(0).1;
        let knobs = OnesweepKnobs { walk_limit: Some(6000), fallback: Some(true), long_walks: true, ..Default::default() };
        let s = Sorter::whole_gpu(&g, Variant::Onesweep, ElemType::I32, n, false, knobs).unwrap();
        let got = time_with(&g, &s, &data, 0, 0).unwrap().1;
        assert!(got == cpu::sort::sort(&data, ElemType::I32), "long walks, n={n}");
        let walks = 4 * 256 * (n.div_ceil(t) as u32 - 1);
        let gave_up = s.gave_up(&g).unwrap();
        assert!(gave_up < walks / 2, "long walks, n={n}: {gave_up} of {walks} gave up");
    }
    // Late publishing: every odd tile publishes its counts only after the next tile's look-back
    // ended, so that look-back meets a tile that has not published: it must wait (here until it
    // gives up, and the fallback redoes the pass). A walk that stepped over the tile would be
    // silently wrong; with values too.
    for (n, ty) in [(40 * t + 5, ElemType::U32), (9 * t + 1, ElemType::F32)] {
        let data = inputs(n, ty, n as u64).remove(0).1;
        let knobs = OnesweepKnobs { walk_limit: Some(300), fallback: Some(true), late_publish: true, ..Default::default() };
        let s = Sorter::whole_gpu(&g, Variant::Onesweep, ty, n, false, knobs).unwrap();
        let got = time_with(&g, &s, &data, 0, 0).unwrap().1;
        assert!(got == cpu::sort::sort(&data, ty), "late publishing, n={n}");
        // Two tiles in flight at once are needed for one to meet the other unpublished: one
        // lavapipe thread runs the groups one after another.
        let lavapipe_threads = std::env::var("LP_NUM_THREADS").ok().and_then(|v| v.parse::<u32>().ok());
        if g.info().device_type != "CPU" || lavapipe_threads.is_none_or(|t| t > 1) {
            assert!(s.gave_up(&g).unwrap() > 0, "late publishing, n={n}: no look-back met an unpublished tile");
        } else {
            eprintln!("late publishing, n={n}: lavapipe runs one thread here, so no look-back can meet an unpublished tile; only exactness is checked");
        }
        let pairs = Sorter::whole_gpu(&g, Variant::Onesweep, ty, n, true, knobs).unwrap();
        assert!(argsort_with(&g, &pairs, &data) == cpu::sort::argsort(&data, ty), "late publishing, argsort, n={n}");
    }
    // With the default bound nothing is reported on this device (its fallback redoes any pass).
    let data = inputs(200_000, ElemType::U32, 9).remove(0).1;
    let s = Sorter::new(&g, Variant::Onesweep, ElemType::U32, data.len()).unwrap();
    assert!(time_with(&g, &s, &data, 0, 3).unwrap().1 == cpu::sort::sort(&data, ElemType::U32));
    // ... and the look-backs find their prefixes: at most a few give up (under load), not all.
    let walks = 4 * 256 * (data.len().div_ceil(t) as u32 - 1);
    let gave_up = s.gave_up(&g).unwrap();
    assert!(gave_up < walks / 2, "{gave_up} of {walks} look-backs gave up");
}

#[test]
fn a_sorter_made_for_more_sorts_fewer() {
    let g = gpu();
    let data = inputs(100, ElemType::I32, 5).remove(0).1;
    for v in Variant::ALL {
        let s = Sorter::new(&g, v, ElemType::I32, 1000).unwrap();
        let input = workgroup::gpu::Buffer::from_slice(&g, &data, "in").unwrap();
        let output = workgroup::gpu::Buffer::<u32>::new(&g, 100, "out").unwrap();
        g.submit(|rec| {
            s.record(rec, &input, 100, &output)?;
            rec.barrier(workgroup::gpu::Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap();
        assert_eq!(g.read(&output).unwrap(), cpu::sort::sort(&data, ElemType::I32), "{}", v.name());
        let small = workgroup::gpu::Buffer::<u32>::new(&g, 10, "small").unwrap();
        assert!(g.submit(|rec| s.record(rec, &input, 100, &small)).is_err(), "an output too small is refused");
    }
}

#[test]
fn auto_picks_by_size_and_sorts_exactly() {
    let g = gpu();
    let one_group = max_n(&g);
    let picks = [(0, false), (1, false), (one_group, false), (one_group + 1, false), (1, true), (ONESWEEP_FASTEST_UP_TO, true)];
    for (n, values) in picks {
        let want = if !values && n <= one_group { Variant::Bitonic } else { Variant::Onesweep };
        assert_eq!(Variant::fastest(&g, n, values), want, "n = {n}, values: {values}");
    }
    assert_eq!(Variant::fastest(&g, ONESWEEP_FASTEST_UP_TO + 1, false), Variant::Radix);
    assert_eq!(Variant::fastest(&g, ONESWEEP_FASTEST_UP_TO + 1, true), Variant::Radix);
    for n in [1, one_group - 1, one_group + 1, 100_003] {
        let data = inputs(n, ElemType::F32, 9).remove(0).1;
        let v = Variant::fastest(&g, n, false);
        assert_eq!(time(&g, &data, ElemType::F32, v, 0, 1).unwrap().1, cpu::sort::sort(&data, ElemType::F32), "{} n = {n}", v.name());
        let pairs = Sorter::pairs(&g, Variant::fastest(&g, n, true), ElemType::F32, n).unwrap();
        assert_eq!(argsort_with(&g, &pairs, &data), cpu::sort::argsort(&data, ElemType::F32), "n = {n} with indices");
    }
    // The command line names its choice (text and JSON) and times it beside the others asked for.
    let out = wg().args(["sort", "--json", "--n", "5000", "--variant", "auto,radix", "--runs", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["auto"], "onesweep", "{v}");
    let names: Vec<&str> = v["results"].as_array().unwrap().iter().map(|r| r["variant"].as_str().unwrap()).collect();
    assert_eq!(names, ["onesweep", "radix"], "{v}");
    assert!(v["results"].as_array().unwrap().iter().all(|r| r["matches_cpu"] == true), "{v}");
    wg().args(["sort", "--n", "100", "--variant", "auto", "--runs", "1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("auto: bitonic"))
        .stdout(predicates::str::contains("\nbitonic "));
    wg().args(["sort", "--n", "100", "--indices", "--variant", "auto", "--runs", "1"])
        .assert()
        .success()
        .stdout(predicates::str::contains("auto: onesweep"));
    fails_with_one_line(&["sort", "--variant", "auto,quick"], "variant");
}

#[test]
fn more_than_one_workgroup_is_refused() {
    let g = gpu();
    let n = max_n(&g) + 1;
    let e = Sorter::new(&g, Variant::Bitonic, ElemType::F32, n).err().expect("refused");
    assert!(e.to_string().contains("at most"), "{e}");
    let e = Sorter::new(&g, Variant::Radix, ElemType::F32, radix_max_n(&g) + 1).err().expect("refused");
    assert!(e.to_string().contains("radix sort takes at most"), "{e}");
    let e = Sorter::new(&g, Variant::Onesweep, ElemType::F32, onesweep_max_n_on(g.info()) + 1).err().expect("refused");
    assert!(e.to_string().contains("onesweep takes at most"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
    #[test]
    fn fresh_random_data(n in 0usize..=2048, seed in any::<u64>(), t in 0usize..3, v in 0usize..6) {
        let g = gpu();
        let n = n.min(max_n(&g));
        let ty = ElemType::ALL[t];
        let mut r = rng(seed);
        let data: Vec<u32> = (0..n).map(|_| r.gen()).collect(); // any bits, NaNs included for f32
        let got = time(&g, &data, ty, Variant::ALL[v], 0, 0).unwrap().1;
        prop_assert_eq!(got, cpu::sort::sort(&data, ty));
    }

    #[test]
    fn radix_fresh_random_data(n in 0usize..=300_000, seed in any::<u64>(), t in 0usize..3, spread in 0u32..4, w in 0usize..2) {
        let g = gpu();
        let ty = ElemType::ALL[t];
        let mut r = rng(seed);
        // Any bits, or keys confined to the low 8, 16 or 24 bits (many equal digits).
        let mask = if spread == 0 { u32::MAX } else { (1u32 << (8 * spread)) - 1 };
        let data: Vec<u32> = (0..n).map(|_| r.gen::<u32>() & mask).collect();
        let v = Variant::WHOLE_GPU[w];
        let got = time(&g, &data, ty, v, 0, 0).unwrap().1;
        prop_assert!(got == cpu::sort::sort(&data, ty), "{} n={} {}", v.name(), n, ty.name());
        let index: Vec<u32> = (0..n as u32).collect();
        let (_, _, order) = time_pairs(&g, &data, &index, ty, v, 0, 0).unwrap();
        prop_assert!(order == cpu::sort::argsort(&data, ty), "{} argsort n={} {}", v.name(), n, ty.name());
    }
}

#[test]
fn cli_table_json_and_bad_input() {
    let out = wg().args(["sort", "--json", "--n", "300", "--type", "i32", "--runs", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), Variant::ALL.len());
    assert!(results.iter().all(|r| r["matches_cpu"] == true), "{v}");
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    std::fs::write(&input, "3\n-1\nnan\n-0\n0\ninf\n-inf\n2.5\n").unwrap();
    let sorted = dir.path().join("out.txt");
    let out =
        wg().args(["sort", "--variant", "odd-even-flag", "--runs", "1", "--input"]).arg(&input).arg("--out").arg(&sorted).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&sorted).unwrap(), "-inf\n-1.0\n-0.0\n0.0\n2.5\n3.0\ninf\nNaN\n");
    fails_with_one_line(&["sort", "--n", "100000", "--variant", "bitonic"], "--variant radix");
    // Past one workgroup, `all` is the radix sorts.
    let out = wg().args(["sort", "--json", "--n", "100000", "--runs", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["results"].as_array().unwrap().len(), 2, "{v}");
    assert_eq!(v["results"][0]["variant"], "radix", "{v}");
    assert_eq!(v["results"][1]["variant"], "onesweep", "{v}");
    assert!(v["results"].as_array().unwrap().iter().all(|r| r["matches_cpu"] == true), "{v}");
    // --stats: one line per kernel of the variant (lavapipe's driver gives no statistics).
    let out = wg().args(["sort", "--stats", "--n", "5000", "--runs", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    for kernel in ["radix_count", "radix_scan", "radix_scatter"] {
        assert!(text.lines().any(|l| l.starts_with(&format!("radix sort/{kernel}: "))), "{text}");
    }
    for kernel in ["radix_digit_counts", "radix_onesweep"] {
        assert!(text.lines().any(|l| l.starts_with(&format!("onesweep sort/{kernel}: "))), "{text}");
    }
    // The stable argsort from the command line: equal keys keep their input order.
    let keys = dir.path().join("keys.txt");
    std::fs::write(&keys, "3\n1\n3\n2\n1\n").unwrap();
    let (order, sorted) = (dir.path().join("order.txt"), dir.path().join("sorted.txt"));
    let out = wg()
        .args(["sort", "--type", "u32", "--indices", "--runs", "1", "--input"])
        .arg(&keys)
        .arg("--indices-out")
        .arg(&order)
        .arg("--out")
        .arg(&sorted)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&order).unwrap(), "1\n4\n3\n0\n2\n");
    assert_eq!(std::fs::read_to_string(&sorted).unwrap(), "1\n1\n2\n3\n3\n");
    fails_with_one_line(&["sort", "--n", "100", "--indices", "--variant", "bitonic"], "only the radix sorts");
    fails_with_one_line(&["sort", "--n", "100", "--indices-out", "/tmp/never-written.txt"], "add --indices");
    fails_with_one_line(&["sort", "--type", "u8"], "type");
    fails_with_one_line(&["sort", "--variant", "quick"], "variant");
    fails_with_one_line(&["sort", "--input", "/nonexistent.npy"], "cannot read");
}

#[test]
fn onesweep_runs_of_changing_n_leave_no_state_that_a_later_run_takes() {
    // The status regions are laid out for each run's tiles, so a longer run's region 0 covers
    // words a shorter run left in its region 1: each run must reset every word it uses before
    // using it. With `check_state` every tile checks that its word is 0 when it publishes.
    let g = gpu();
    let cap = 40_000;
    let knobs = OnesweepKnobs { check_state: true, ..Default::default() };
    let s = Sorter::whole_gpu(&g, Variant::Onesweep, ElemType::U32, cap, false, knobs).unwrap();
    let mut r = rng(99);
    let data: Vec<u32> = (0..cap).map(|_| r.gen()).collect();
    let (input, output) = (Buffer::from_slice(&g, &data, "keys").unwrap(), Buffer::<u32>::new(&g, cap, "sorted").unwrap());
    for n in [9_000usize, 39_000, 14_000, 39_000, 3_000, 20_000] {
        g.submit(|rec| {
            s.record(rec, &input, n, &output)?;
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap();
        assert_eq!(g.read_range(&output, 0, n).unwrap(), cpu::sort::sort(&data[..n], ElemType::U32), "n {n}");
        assert!(!s.dirty_state(&g).unwrap(), "n {n}: a tile found a status word left by an earlier run");
    }
}
