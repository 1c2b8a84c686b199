//! Reduction: every variant against the CPU reference (integers bit for bit, f32 min/max exact,
//! f32 sums within the stated bound), sizes that are multiples of nothing, ranges, NaN, under
//! validation.
mod common;
use common::{fails_with_one_line, gpu, marks_a_row_wrong, rng, wg};
use proptest::prelude::*;
use rand::Rng;
use workgroup::cpu;
use workgroup::gpu::{Buffer, Context, Sync};
use workgroup::ops::numbers::{generate, Dist};
use workgroup::ops::reduce::{f32_sum_bound, range_elems, run, ElemType, Op, Reducer, Variant};

/// Checks one GPU result against the CPU by the rules of docs/reduce_compact.md.
fn check(data: &[u32], ty: ElemType, op: Op, variant: Variant, got: Option<u32>, range: usize, what: &str) {
    let want = cpu::reduce::par_reduce(data, ty, op);
    if data.is_empty() {
        assert_eq!(got, None, "{what}: n = 0 has no result");
        return;
    }
    let got = got.unwrap();
    if ty == ElemType::F32 && op == Op::Sum {
        let sum = cpu::reduce::F32SumRef::of(data);
        let g = f32::from_bits(got);
        let bound = f32_sum_bound(variant, data.len(), sum.abs, range);
        assert!(sum.accepts(g, bound), "{what}: {g} against the f64 sum {} (bound {bound})", sum.exact());
    } else {
        assert_eq!(got, want.unwrap(), "{what}: got {} want {}", ty.format(got), ty.format(want.unwrap()));
    }
}

fn reduce_with(g: &Context, r: &Reducer, data: &[u32]) -> u32 {
    let input = Buffer::from_slice(g, data, "in").unwrap();
    let out: Buffer<u32> = Buffer::new(g, 1, "out").unwrap();
    g.submit(|rec| {
        r.record(rec, &input, data.len(), &out)?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    g.read(&out).unwrap()[0]
}

#[test]
fn every_variant_type_op_and_size() {
    let g = gpu();
    for (k, n) in [0usize, 1, 255, 256, 257, 1_000_003].into_iter().enumerate() {
        for ty in ElemType::ALL {
            let dist = if k % 2 == 0 { Dist::Normal } else { Dist::Uniform };
            let data = generate(n, ty, dist, 7 + n as u64);
            for op in Op::ALL {
                for v in Variant::ALL {
                    let got = run(&g, &data, ty, op, v).unwrap();
                    check(&data, ty, op, v, got, range_elems(&g), &format!("{} {} {} n={n}", v.name(), ty.name(), op.name()));
                }
            }
        }
    }
}

#[test]
fn ranges_reuse_and_identity() {
    // Small ranges exercise the range logic (several bindings, partial offsets) on small inputs;
    // one reducer is reused for several n, including 0 (record writes the identity).
    let g = gpu();
    for v in Variant::ALL {
        for ty in ElemType::ALL {
            for op in Op::ALL {
                let r = Reducer::with_range(&g, v, ty, op, 50_000, 4096).unwrap();
                for n in [0usize, 4095, 4096, 4097, 12_289, 50_000] {
                    let data = generate(n, ty, Dist::Normal, n as u64);
                    let got = reduce_with(&g, &r, &data);
                    if n == 0 {
                        assert_eq!(got, op.identity(ty));
                    } else {
                        check(&data, ty, op, v, Some(got), 4096, &format!("ranged {} {} {} n={n}", v.name(), ty.name(), op.name()));
                    }
                }
            }
        }
    }
}

#[test]
fn f32_specials_are_exact() {
    let g = gpu();
    let nan = f32::NAN.to_bits();
    let cases: Vec<(Vec<f32>, &str)> = vec![
        (vec![0.0, -0.0, 0.0], "signed zeros"),
        (vec![-0.0, -0.0], "negative zeros"),
        (vec![1.0, f32::INFINITY, -5.0], "infinity"),
        (vec![f32::NEG_INFINITY, 3.0, f32::MIN_POSITIVE / 4.0], "subnormal"),
        ((0..1000).map(|i| if i == 777 { f32::from_bits(nan) } else { i as f32 }).collect(), "NaN"),
        (vec![f32::from_bits(0xFFC0_0001); 3], "negative NaN"),
        (vec![f32::INFINITY, 2.0, f32::NEG_INFINITY], "both infinities"),
        (vec![3e38; 5], "finite values whose sum overflows f32"),
        (vec![f32::MAX, f32::MAX, -f32::MAX, -f32::MAX, 1.0], "partial sums that may overflow"),
        (vec![f32::MAX, -1e38, f32::NEG_INFINITY], "an infinity beside overflowing partial sums"),
    ];
    let range = range_elems(&g);
    for (vals, what) in cases {
        let data: Vec<u32> = vals.iter().map(|f| f.to_bits()).collect();
        for v in Variant::ALL {
            for op in [Op::Min, Op::Max] {
                let got = run(&g, &data, ElemType::F32, op, v).unwrap().unwrap();
                let want = cpu::reduce::reduce(&data, ElemType::F32, op).unwrap();
                assert_eq!(got, want, "{what} {} {}", v.name(), op.name());
            }
            let sum = run(&g, &data, ElemType::F32, Op::Sum, v).unwrap();
            check(&data, ElemType::F32, Op::Sum, v, sum, range, &format!("{what} {} sum", v.name()));
        }
    }
    // Integer sums wrap.
    let data = vec![u32::MAX, 2, u32::MAX];
    for v in Variant::ALL {
        assert_eq!(
            run(&g, &data, ElemType::U32, Op::Sum, v).unwrap(),
            Some(0u32.wrapping_sub(0).wrapping_add(u32::MAX).wrapping_add(2).wrapping_add(u32::MAX))
        );
        assert_eq!(run(&g, &data, ElemType::I32, Op::Min, v).unwrap(), Some(u32::MAX));
    }
}

#[test]
fn two_to_the_26_in_ranges() {
    // 2^26 f32 = 256 MiB: more than lavapipe's 128 MiB binding, so two ranges there.
    let g = gpu();
    let n = 1usize << 26;
    let data = generate(n, ElemType::F32, Dist::Uniform, 26);
    let got = run(&g, &data, ElemType::F32, Op::Sum, Variant::SinglePass).unwrap();
    check(&data, ElemType::F32, Op::Sum, Variant::SinglePass, got, range_elems(&g), "2^26 single-pass f32 sum");
    let got = run(&g, &data, ElemType::F32, Op::Max, Variant::Subgroup).unwrap();
    check(&data, ElemType::F32, Op::Max, Variant::Subgroup, got, range_elems(&g), "2^26 subgroup f32 max");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]
    #[test]
    fn fresh_random_data(n in 1usize..20_000, seed in any::<u64>(), t in 0usize..3, o in 0usize..3, v in 0usize..3) {
        let g = gpu();
        let (ty, op, variant) = (ElemType::ALL[t], Op::ALL[o], Variant::ALL[v]);
        let mut r = rng(seed);
        let data: Vec<u32> = (0..n).map(|_| if ty == ElemType::F32 { r.gen_range(-1e3f32..1e3).to_bits() } else { r.gen() }).collect();
        let got = run(&g, &data, ty, op, variant).unwrap();
        check(&data, ty, op, variant, got, range_elems(&g), &format!("proptest {} {} {} n={n}", variant.name(), ty.name(), op.name()));
    }
}

// ---- the binary, as a user runs it ----

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("workgroup-reduce-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn cli_tables_json_and_files() {
    let out = wg().args(["--validate", "reduce", "--n", "100003", "--type", "i32", "--op", "min", "--runs", "2"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    for v in Variant::ALL {
        assert!(text.contains(v.name()), "{text}");
    }
    assert!(!marks_a_row_wrong(&text), "{text}");
    // The same numbers from each file format give the same answer.
    let vals = [3.5f32, -1.25, 8.0, 0.5];
    let txt = tmp("v.txt");
    std::fs::write(&txt, "3.5\n-1.25\n# comment\n8\n0.5\n").unwrap();
    let raw = tmp("v.bin");
    std::fs::write(&raw, vals.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<u8>>()).unwrap();
    let npy = tmp("v.npy");
    workgroup::ops::numbers::save(&npy, ElemType::F32, &vals.map(f32::to_bits)).unwrap();
    for f in [&txt, &raw, &npy] {
        let out =
            wg().args(["reduce", "--json", "--op", "max", "--variant", "single-pass", "--runs", "1", "--input"]).arg(f).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["results"][0]["result"], 8.0, "{f:?}");
        assert_eq!(v["n"], 4);
    }
    let empty = tmp("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let out = wg().args(["reduce", "--json", "--input"]).arg(&empty).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(out.status.success());
    assert_eq!(v["results"][0]["result"], serde_json::Value::Null, "n = 0: no result");
    let report = tmp("report.json");
    wg().args(["reduce", "--n", "1000", "--variant", "tree", "--runs", "1", "--out"]).arg(&report).assert().success();
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(v["results"][0]["matches_cpu"], true);
}

#[test]
fn cli_bad_input_gives_one_line() {
    fails_with_one_line(&["reduce", "--type", "f64"], "type");
    fails_with_one_line(&["reduce", "--op", "mean"], "op");
    fails_with_one_line(&["reduce", "--variant", "fastest"], "variant");
    fails_with_one_line(&["reduce", "--dist", "cauchy"], "distribution");
    fails_with_one_line(&["reduce", "--n", "99999999999"], "too large");
    fails_with_one_line(&["reduce", "--input", "/nonexistent/x.bin"], "cannot read");
    let odd = tmp("odd.bin");
    std::fs::write(&odd, [1u8, 2, 3, 4, 5]).unwrap();
    fails_with_one_line(&["reduce", "--input", odd.to_str().unwrap()], "4-byte");
    let bad = tmp("bad.txt");
    std::fs::write(&bad, "1\n2\nthree\n").unwrap();
    fails_with_one_line(&["reduce", "--type", "u32", "--input", bad.to_str().unwrap()], ":3");
    let npy = tmp("wrong.npy");
    workgroup::ops::numbers::save(&npy, ElemType::I32, &[1, 2]).unwrap();
    fails_with_one_line(&["reduce", "--type", "f32", "--input", npy.to_str().unwrap()], "dtype");
    let junk = tmp("junk.npy");
    std::fs::write(&junk, b"not numpy at all").unwrap();
    fails_with_one_line(&["reduce", "--input", junk.to_str().unwrap()], "npy");
    // A shape whose size overflows once read as 0 values: a silent empty answer.
    let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }";
    let huge = tmp("huge.npy");
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16 + 1).to_le_bytes());
    bytes.extend(header.as_bytes());
    bytes.push(b'\n');
    std::fs::write(&huge, bytes).unwrap();
    fails_with_one_line(&["reduce", "--input", huge.to_str().unwrap()], "more bytes of data than this machine can address");
    let f64s = tmp("f64.npy");
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    let header = "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }\n";
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    bytes.extend(1f64.to_le_bytes());
    std::fs::write(&f64s, bytes).unwrap();
    fails_with_one_line(&["reduce", "--input", f64s.to_str().unwrap()], "dtype <f8: the ops take <u4, <i4 or <f4");
}

/// Without `--type`, a .npy input's dtype gives the element type (every number command).
#[test]
fn npy_input_gives_the_type() {
    let dir = tempfile::tempdir().unwrap();
    let npy = dir.path().join("v.npy");
    workgroup::ops::numbers::save(&npy, ElemType::I32, &[(-7i32) as u32, 3, 9, (-2i32) as u32]).unwrap();
    let path = npy.to_str().unwrap();
    for (op, want) in [("reduce", "sum of 4 i32"), ("scan", "4 i32"), ("compact", "4 i32"), ("sort", "4 i32")] {
        let out = wg().args([op, "--input", path, "--runs", "1"]).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{op}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains(want) && !marks_a_row_wrong(&stdout), "{op}:\n{stdout}");
    }
    // An explicit --type still has to match.
    fails_with_one_line(&["reduce", "--type", "u32", "--input", path], "dtype <i4 does not match --type u32");
    // Big-endian data (numpy's '>i4') is read in its byte order.
    let header = "{'descr': '>i4', 'fortran_order': False, 'shape': (4,), }\n";
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend((header.len() as u16).to_le_bytes());
    bytes.extend(header.as_bytes());
    for v in [-7i32, 3, 9, -2000] {
        bytes.extend(v.to_be_bytes());
    }
    let big = dir.path().join("big.npy");
    std::fs::write(&big, bytes).unwrap();
    let out = wg().args(["--json", "reduce", "--input", big.to_str().unwrap(), "--runs", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((report["type"].as_str(), report["cpu"].as_i64()), (Some("i32"), Some(-1995)), "{report}");
    assert!(report["results"].as_array().unwrap().iter().all(|r| r["matches_cpu"] == true), "{report}");
}

/// Engine mode with n = 0 (an empty set this frame): the identity is the result, and the barrier
/// the contract asks for after the record (compute to transfer, before a copy) covers it under
/// synchronization validation, though a transfer wrote it.
#[test]
fn record_of_nothing_then_the_contracts_barrier() {
    let g = gpu();
    for v in Variant::ALL {
        let r = Reducer::new(&g, v, ElemType::U32, Op::Min, 1000).unwrap();
        let input = Buffer::from_slice(&g, &[5u32; 4], "input").unwrap();
        let (out, copy) = (Buffer::from_slice(&g, &[7u32], "out").unwrap(), Buffer::from_slice(&g, &[9u32], "copy").unwrap());
        g.submit(|rec| {
            r.record(rec, &input, 0, &out)?;
            rec.barrier(Sync::ComputeToTransfer);
            rec.copy(&out, &copy)
        })
        .unwrap();
        assert_eq!(g.read(&copy).unwrap(), [u32::MAX], "{}", v.name());
    }
}
