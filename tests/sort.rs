//! Sorting in one workgroup (seed 002 and a bitonic network): every variant equals the CPU sort
//! bit for bit (f32 in IEEE total order), on awkward sizes, degenerate inputs and fresh random
//! data, under validation; the one-workgroup limit is refused with one line.
mod common;
use common::{fails_with_one_line, gpu, rng, wg};
use proptest::prelude::*;
use rand::Rng;
use workgroup::cpu;
use workgroup::ops::reduce::ElemType;
use workgroup::ops::sort::{max_n, time, Sorter, Variant};

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
fn more_than_one_workgroup_is_refused() {
    let g = gpu();
    let n = max_n(&g) + 1;
    let e = Sorter::new(&g, Variant::Bitonic, ElemType::F32, n).err().expect("refused");
    assert!(e.to_string().contains("at most"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]
    #[test]
    fn fresh_random_data(n in 0usize..=2048, seed in any::<u64>(), t in 0usize..3, v in 0usize..4) {
        let g = gpu();
        let n = n.min(max_n(&g));
        let ty = ElemType::ALL[t];
        let mut r = rng(seed);
        let data: Vec<u32> = (0..n).map(|_| r.gen()).collect(); // any bits, NaNs included for f32
        let got = time(&g, &data, ty, Variant::ALL[v], 0, 0).unwrap().1;
        prop_assert_eq!(got, cpu::sort::sort(&data, ty));
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
    fails_with_one_line(&["sort", "--n", "100000"], "at most");
    fails_with_one_line(&["sort", "--type", "u8"], "type");
    fails_with_one_line(&["sort", "--variant", "quick"], "variant");
    fails_with_one_line(&["sort", "--input", "/nonexistent.npy"], "cannot read");
}
