//! Particles (seed 004): both variants equal the CPU bit for bit (integer lifetimes and hashes,
//! `precise` float steps) for awkward counts and frame counts, under validation.
mod common;
use common::{fails_with_one_line, gpu, wg};
use proptest::prelude::*;
use workgroup::ops::particles::{reference, time, Particles, Variant};

#[test]
fn every_variant_count_and_frames() {
    let g = gpu();
    for n in [1usize, 63, 64, 65, 257, 4099] {
        for frames in [1u32, 2, 31, 150] {
            let want = reference(n, frames);
            for v in Variant::ALL {
                let got = time(&g, n, frames, v, 0, 0).unwrap().1;
                assert!(got == want, "{} n={n} frames={frames}", v.name());
            }
        }
    }
}

#[test]
fn fused_splits_long_runs_and_matches_per_frame() {
    // 5000 frames: fused needs two dispatches (4096 + 904); every particle has died and
    // respawned many times (lifetimes are 30..120 frames).
    let g = gpu();
    let want = reference(300, 5000);
    assert!(want.iter().all(|p| p.life < 120) && want.iter().any(|p| p.pos[1] != 0.0));
    assert!(time(&g, 300, 5000, Variant::Fused, 0, 0).unwrap().1 == want);
}

#[test]
fn engine_mode_continues_a_run() {
    // Frames 1..=40 then 41..=100 in two recordings equal 1..=100 in one.
    let g = gpu();
    let n = 500;
    let ps = Particles::new(&g, Variant::Fused).unwrap();
    let state = workgroup::gpu::Buffer::from_slice(&g, &vec![[0u32; 4]; 2 * n], "particles").unwrap();
    g.submit(|rec| ps.record(rec, &state, n, 1, 40)).unwrap();
    g.submit(|rec| {
        rec.barrier(workgroup::gpu::Sync::ComputeToCompute);
        ps.record(rec, &state, n, 41, 60)?;
        rec.barrier(workgroup::gpu::Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    let words: Vec<[u32; 4]> = g.read(&state).unwrap();
    let flat: &[u32] = bytemuck::cast_slice(&words);
    let got: Vec<_> = flat.chunks(8).map(workgroup::cpu::particles::Particle::from_words).collect();
    assert!(got == reference(n, 100));
    // Refused, not recorded: more frames than one record takes, and frame numbers past u32::MAX
    // (they wrapped: the loop then recorded nothing, or without end).
    for (first, frames) in [(1, workgroup::ops::particles::MAX_FRAMES + 1), (u32::MAX - 5, 10)] {
        let e = g.submit(|rec| ps.record(rec, &state, n, first, frames)).unwrap_err();
        assert!(matches!(e, workgroup::gpu::Error::InvalidInput(_)), "{first}+{frames}: {e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]
    #[test]
    fn random_counts_and_frames(n in 1usize..3000, frames in 1u32..400, v in 0usize..2) {
        let g = gpu();
        prop_assert!(time(&g, n, frames, Variant::ALL[v], 0, 0).unwrap().1 == reference(n, frames));
    }
}

#[test]
fn cli_runs_and_refuses_bad_input() {
    let out = wg().args(["particles", "--json", "--n", "777", "--frames", "50", "--runs", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["results"].as_array().unwrap().iter().all(|r| r["matches_cpu"] == true), "{v}");
    fails_with_one_line(&["particles", "--n", "0"], "no particles");
    fails_with_one_line(&["particles", "--frames", "0"], "frames");
    fails_with_one_line(&["particles", "--n", "999999999999"], "at most");
    fails_with_one_line(&["particles", "--variant", "verlet"], "variant");
}
