//! Every kernel is written for any subgroup size: ballots are `uvec4`, group scans run over
//! `gl_NumSubgroups`, and no shared array assumes a number of lanes. lavapipe makes subgroups as
//! wide as the vectors it compiles for (LP_NATIVE_VECTOR_WIDTH bits / 32 invocations: 4 at 128,
//! 8 at 256, its default on AVX2 machines, 16 at 512), so these tests run the quick study and
//! each command on awkward sizes with subgroups of 4 and of 16, under validation. Every command
//! fails on any disagreement with the CPU. (Above 512 bits, lavapipe 22.3 reports subgroups of 32
//! or 64 that are in fact 16 wide, so wider sizes cannot be tested there.)
mod common;

fn at_subgroup_size(size: u32) {
    let width = (size * 32).to_string();
    let run = |args: &[&str], hint: &str| {
        let out = common::wg()
            .env("LP_NATIVE_VECTOR_WIDTH", &width)
            .args(["--device", "llvmpipe", "--validate"])
            .args(args)
            .timeout(std::time::Duration::from_secs(300))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "subgroups of {size}: `workgroup {}` failed{hint}:\n{}\n{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    // The driver made the subgroups asked for; otherwise this test would prove nothing.
    let devices: serde_json::Value =
        serde_json::from_str(&run(&["--json", "devices"], " (these tests need Mesa's lavapipe: install mesa-vulkan-drivers)")).unwrap();
    let lavapipe = devices.as_array().unwrap().iter().find(|d| d["name"].as_str().unwrap().contains("llvmpipe")).unwrap();
    assert_eq!(lavapipe["subgroup_size"], size, "lavapipe ignored LP_NATIVE_VECTOR_WIDTH={width}");
    assert_eq!(lavapipe["subgroup_layout_ok"], true, "{lavapipe}");

    let dir = tempfile::tempdir().unwrap();
    run(&["study", "--quick", "--runs", "1", "--out", dir.path().to_str().unwrap()], "");
    // Sizes that are not multiples of a tile, a group or a subgroup, on several tiles.
    run(&["sort", "--n", "255", "--variant", "all", "--runs", "1"], "");
    run(&["sort", "--n", "100003", "--type", "f32", "--variant", "radix,onesweep", "--indices", "--runs", "1"], "");
    run(&["compact", "--n", "1000003", "--pass-fraction", "0.5", "--variant", "all", "--runs", "1"], "");
    run(&["reduce", "--n", "1000003", "--type", "f32", "--variant", "all", "--runs", "1"], "");
    run(&["reduce", "--n", "1000003", "--type", "i32", "--op", "min", "--variant", "all", "--runs", "1"], "");
    run(&["scan", "--n", "1000003", "--type", "f32", "--variant", "all", "--runs", "1"], "");
    run(&["scan", "--n", "300007", "--type", "i32", "--op", "max", "--exclusive", "--variant", "all", "--runs", "1"], "");
    run(
        &[
            "scan",
            "--n",
            "300007",
            "--type",
            "u32",
            "--variant",
            "single-pass",
            "--stuck-polls",
            "0",
            "--grid",
            "3",
            "--max-tiles",
            "60",
            "--runs",
            "1",
        ],
        "",
    );
    run(&["histogram", "--synthetic", "1283x1031:natural", "--variant", "all", "--runs", "1"], "");
    run(&["levels", "--synthetic", "1283x1031:natural", "--video", "3", "--runs", "1"], "");
    run(&["levels", "--synthetic", "1283x1031:natural", "--video", "3", "--images", "--runs", "1"], "");
    run(&["blur", "--synthetic", "1283x1031:random", "--filter", "15", "--variant", "all", "--runs", "1"], "");
    run(&["gray", "--synthetic", "1283x1031:random", "--variant", "all", "--runs", "1"], "");
    run(&["particles", "--n", "4099", "--frames", "10", "--runs", "1"], "");
}

#[test]
fn every_op_is_exact_with_subgroups_of_4() {
    at_subgroup_size(4);
}

#[test]
fn every_op_is_exact_with_subgroups_of_16() {
    at_subgroup_size(16);
}
