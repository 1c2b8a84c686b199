//! Diagnosis of 2026-12-02 (calls 2-3; built as examples/held_diag.rs, not kept there): where
//! stable-lookback's held persistent grid writes wrong elements, by tile, round and subgroup.
use std::collections::HashMap;
use workgroup::cpu;
use workgroup::gpu::{Context, ContextOptions};
use workgroup::ops::compact::{run_compactor, Compactor, ElemType, Func, Knobs, Predicate, Variant, SPIN_LIMIT};
use workgroup::ops::numbers::generate_for_predicate;

fn main() {
    let ctx = Context::new(&ContextOptions::default()).unwrap();
    println!("device {}", ctx.info().name);
    let (ty, pred, func) = (ElemType::U32, Predicate::Even, Func::Identity);
    let d = Knobs::default();
    let held = Knobs { lookback_warp_write: true, lookback_prefetch: false, lookback_groups: Some(5), lookback_local: 128, ..d };
    for (name, knobs) in [("held", held), ("held diag1", Knobs { look_diag: 1, ..held }), ("held 256", Knobs { lookback_local: 256, ..held })] {
        let local = knobs.lookback_local as usize;
        let tile = local * 3 * 4;
        for (n, seed) in [(30_011usize, 1u64), (30_011, 2), (100_003, 3)] {
            let data = generate_for_predicate(n, ty, pred, 0.5, seed).unwrap();
            let c = Compactor::with_knobs(&ctx, Variant::StableLookback, ty, pred, func, n, 1 << 24, SPIN_LIMIT, knobs).unwrap();
            let got = run_compactor(&ctx, &c, &data).unwrap();
            let gave_up = c.lookback_gave_up(&ctx).unwrap();
            // Expected output and, for every output index, the input index it comes from.
            let mut want = Vec::new();
            let mut src = Vec::new();
            if knobs.look_diag == 1 {
                want = vec![u32::MAX; got.len().max(n)];
                src = vec![usize::MAX; got.len().max(n)];
                for t in 0..n.div_ceil(tile) {
                    let mut k = t * tile;
                    for i in t * tile..((t + 1) * tile).min(n) {
                        if data[i] % 2 == 0 {
                            want[k] = data[i];
                            src[k] = i;
                            k += 1;
                        }
                    }
                }
            } else {
                for (i, &x) in data.iter().enumerate() {
                    if x % 2 == 0 {
                        want.push(x);
                        src.push(i);
                    }
                }
                assert_eq!(want, cpu::compact::compact(&data, ty, pred, func));
            }
            let pos: HashMap<u32, usize> = data.iter().enumerate().map(|(i, &x)| (x, i)).collect();
            let mut bad = Vec::new();
            for k in 0..got.len().min(want.len()) {
                if want[k] != u32::MAX && got[k] != want[k] {
                    bad.push(k);
                }
            }
            println!("## {name} n={n} seed={seed} tile={tile} got {} want {} gave_up={gave_up}: {} wrong", got.len(), want.len(), bad.len());
            // Per (tile, round, subgroup) of the expected element: how many wrong.
            let mut by: std::collections::BTreeMap<(usize, usize, usize), usize> = Default::default();
            for &k in &bad {
                let i = src[k];
                let (t, r, sg) = (i / tile, (i % tile) / (4 * local), (i % (4 * local)) / 128);
                *by.entry((t, r, sg)).or_default() += 1;
            }
            let s: Vec<String> = by.iter().take(40).map(|((t, r, sg), c)| format!("t{t}r{r}s{sg}:{c}")).collect();
            println!("  wrong by tile/round/subgroup: {}", s.join(" "));
            for &k in bad.iter().take(12) {
                let i = src[k];
                let g = got[k];
                let gi = pos.get(&g).copied();
                let desc = match gi {
                    Some(j) => format!(
                        "input[{j}] (tile {} round {} sg {} lane {} c {}) {}",
                        j / tile,
                        (j % tile) / (4 * local),
                        (j % (4 * local)) / 128,
                        (j % (4 * local)) / 4 % 32,
                        j % 4,
                        if g % 2 == 0 { "kept" } else { "NOT kept" }
                    ),
                    None => "not in the input".into(),
                };
                println!(
                    "  out[{k}] want input[{i}] (tile {} round {} sg {} lane {} c {}) got {g:#x}: {desc}",
                    i / tile,
                    (i % tile) / (4 * local),
                    (i % (4 * local)) / 128,
                    (i % (4 * local)) / 4 % 32,
                    i % 4
                );
            }
        }
    }
}
