//! The study: its JSON follows docs/study.schema.json, its files are written, and its times come
//! from the GPU (a kernel made k times longer is timed about k times longer).
mod common;
use common::wg;
use workgroup::gpu::{measure, Buffer, Kernel};

#[test]
fn quick_study_writes_md_csv_json_png_that_follow_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let out = wg()
        .args(["--validate", "study", "--quick", "--runs", "2", "--out"])
        .arg(dir.path())
        .timeout(std::time::Duration::from_secs(300))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    for f in ["study.md", "study.csv", "study.json", "histogram-natural.png"] {
        assert!(dir.path().join(f).exists(), "{f} missing");
    }
    // Written through temporary files, all placed at the end: none is left.
    let temps = common::temporary_files_in(dir.path());
    assert!(temps.is_empty(), "{temps:?}");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.path().join("study.json")).unwrap()).unwrap();
    let schema: serde_json::Value = serde_json::from_str(include_str!("../docs/study.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&json).map(|e| format!("{e} at {}", e.instance_path)).collect();
    assert!(errors.is_empty(), "schema violations: {errors:?}");
    // Every variant that is meant to be right was verified right.
    for row in json["rows"].as_array().unwrap() {
        if row["variant"] != "racy" && row["median_ms"].is_number() {
            assert_eq!(row["correct"], true, "{row}");
        }
    }
    // The subgroup layout the kernels assume was checked on the device, and held.
    assert_eq!(json["fingerprint"]["subgroup_layout_ok"], true);
    let bw = json["bandwidth"].as_array().unwrap();
    assert_eq!(bw.len(), 3, "read kernel, copy kernel, vkCmdCopyBuffer");
    // A broken schema must be caught: the validator is not vacuous.
    let mut broken = json.clone();
    broken["rows"][0]["device"] = serde_json::json!("toaster");
    assert!(!validator.is_valid(&broken));
    // --compare reads two reports.
    let p = dir.path().join("study.json");
    wg().args(["study", "--compare"]).arg(&p).arg(&p).assert().success().stdout(predicates::str::contains("B/A"));
    // A report from before the layout check (no such field) is still read.
    let mut before = json.clone();
    before["fingerprint"].as_object_mut().unwrap().remove("subgroup_layout_ok");
    let older = dir.path().join("older.json");
    std::fs::write(&older, serde_json::to_string(&before).unwrap()).unwrap();
    wg().args(["study", "--compare"]).arg(&older).arg(&p).assert().success();
    // A report of another schema version is refused in one line, not misread.
    let mut other = json.clone();
    other["schema_version"] = serde_json::json!(2);
    let q = dir.path().join("other.json");
    std::fs::write(&q, serde_json::to_string(&other).unwrap()).unwrap();
    let out = wg().args(["study", "--compare"]).arg(&p).arg(&q).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("schema version 2") && err.lines().count() == 1, "{err}");
}

#[test]
fn gpu_times_scale_with_the_work() {
    let g = common::gpu();
    let n = 1u32 << 14;
    let v: Buffer<u32> = Buffer::from_slice(&g, &vec![3u32; n as usize], "v").unwrap();
    let k = Kernel::new(&g, &workgroup::shaders::SELFTEST_BUSY, &[]).unwrap();
    let time = |iterations: u32| {
        // The fastest run: the least disturbed by other work on the machine.
        measure(&g, 1, 7, |rec| rec.dispatch(&k, [n / 64, 1, 1], &[v.bind()], bytemuck::cast_slice(&[n, iterations]))).unwrap().min_ns
    };
    let base = time(8000);
    let k4 = time(32000);
    let ratio = k4 / base;
    assert!((2.5..6.0).contains(&ratio), "4x the work timed {ratio:.2}x longer ({base} ns vs {k4} ns)");
}
