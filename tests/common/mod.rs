//! Shared test harness: a validated context that fails the test on any validation message.
#![allow(dead_code)]
use std::ops::Deref;
use workgroup::gpu::{Context, ContextOptions};

/// A context with VK_LAYER_KHRONOS_validation + synchronization validation. On drop, any
/// collected message fails the test. Never skips: no device or no layer is a failure.
pub struct Gpu(pub Context);

impl Deref for Gpu {
    type Target = Context;
    fn deref(&self) -> &Context {
        &self.0
    }
}

impl Drop for Gpu {
    fn drop(&mut self) {
        let messages = self.0.take_validation_messages();
        if !messages.is_empty() && !std::thread::panicking() {
            panic!("{} validation message(s):\n{}", messages.len(), messages.join("\n"));
        }
    }
}

/// lavapipe starts one worker thread per CPU it sees. A container that sees more CPUs than its
/// quota lets it use (CI machines) time-slices those threads, and a workgroup that waits on
/// another (the look-back) can then wait for a whole scheduling period. Tests match lavapipe's
/// threads to the CPUs this process may really use, unless the user chose LP_NUM_THREADS.
/// Done once, before the first Vulkan instance, so the driver reads it at start-up.
pub fn limit_lavapipe_threads() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if std::env::var_os("LP_NUM_THREADS").is_none() {
            let n = std::thread::available_parallelism().map_or(1, |n| n.get());
            std::env::set_var("LP_NUM_THREADS", n.to_string());
        }
    });
}

pub fn gpu() -> Gpu {
    limit_lavapipe_threads();
    let device = std::env::var("WORKGROUP_DEVICE").ok().map(|s| s.parse().unwrap());
    match Context::new(&ContextOptions { device, validate: true, ..Default::default() }) {
        Ok(c) => Gpu(c),
        Err(e) => panic!(
            "GPU tests need a Vulkan device and the Khronos validation layer: {e}\n\
             Install them with scripts/bootstrap (Debian/Ubuntu: libvulkan1 mesa-vulkan-drivers vulkan-validationlayers)"
        ),
    }
}

/// A small deterministic generator for tests that must be reproducible (proptest draws fresh ones).
pub fn rng(seed: u64) -> rand::rngs::SmallRng {
    use rand::SeedableRng;
    rand::rngs::SmallRng::seed_from_u64(seed)
}

/// The `workgroup` binary as a user runs it: lavapipe's threads limited as for the library tests,
/// and a timeout so that a hang fails the test instead of stalling it.
pub fn wg() -> assert_cmd::Command {
    limit_lavapipe_threads();
    let mut c = assert_cmd::Command::cargo_bin("workgroup").unwrap();
    c.timeout(std::time::Duration::from_secs(120));
    c
}

/// The devices as `workgroup devices --json` lists them (name, device_type, limits).
pub fn devices() -> Vec<serde_json::Value> {
    let out = wg().args(["devices", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    v.as_array().unwrap().clone()
}

/// Runs `workgroup args`, expects failure (not a panic) with exactly one line on stderr that
/// contains `needle` (case-insensitive).
pub fn fails_with_one_line(args: &[&str], needle: &str) {
    let out = wg().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} should fail; stderr: {stderr}");
    assert_ne!(out.status.code(), Some(101), "{args:?} panicked: {stderr}");
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "{args:?}: expected one line of error, got:\n{stderr}");
    assert!(lines[0].to_lowercase().contains(&needle.to_lowercase()), "{args:?}: {:?} lacks {needle:?}", lines[0]);
    // A message wrapped in another names its kind once ("invalid input: FILE:3: ...").
    assert!(lines[0].matches("invalid input").count() <= 1, "{args:?}: {:?} repeats its kind", lines[0]);
}

/// Whether a command's table marks a row wrong: `NO` (or `NO:`) as a word of its own in the
/// matches-cpu column. A bare `contains("NO")` also found it in a temporary folder's random name
/// printed in the header (`/tmp/.tmpFJfNOs/v.npy` failed a run of CI).
pub fn marks_a_row_wrong(text: &str) -> bool {
    text.split_whitespace().any(|w| w == "NO" || w == "NO:")
}

/// The temporary files (`ops::StagedFiles`' hidden `.STEM.PID.N.tmp.EXT`) left in `dir`: none
/// should be, after a command succeeds or fails.
#[allow(dead_code)]
pub fn temporary_files_in(dir: &std::path::Path) -> Vec<std::ffi::OsString> {
    std::fs::read_dir(dir).unwrap().filter_map(|e| e.ok()).map(|e| e.file_name()).filter(|n| n.to_string_lossy().contains(".tmp")).collect()
}
