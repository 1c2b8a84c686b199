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

fn validated_context() -> Context {
    let device = std::env::var("WORKGROUP_DEVICE").ok().map(|s| s.parse().unwrap());
    match Context::new(&ContextOptions { device, validate: true, ..Default::default() }) {
        Ok(c) => c,
        Err(e) => panic!(
            "GPU tests need a Vulkan device and the Khronos validation layer: {e}\n\
             Install them with scripts/bootstrap (Debian/Ubuntu: libvulkan1 mesa-vulkan-drivers vulkan-validationlayers)"
        ),
    }
}

/// One validated context that lives as long as the test process and is never dropped. The
/// loader unloads the driver and the layer libraries when the last instance goes, and loads
/// them again with the next: without this, tests that follow one another on two threads would
/// unload and reload lavapipe (and LLVM's users in it) and the layer many times over, and a
/// process exit would race a thread's destroy. Users' processes make one context and keep it.
fn keep_driver_loaded() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::mem::forget(validated_context()));
}

/// A crash of the test process (SIGSEGV, SIGBUS, SIGILL, SIGFPE: in a driver, a layer or ours)
/// prints the thread's name (libtest names it after the test), the faulting address and the
/// stack as glibc gives it (library and offset), then dies of the signal as before: a crash seen
/// once in CI then says where. The previous handler (Rust's stack-overflow report) runs after.
/// The handler allocates nothing: the crash may be in the allocator.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn report_crashes() {
    const SIGNALS: [libc::c_int; 4] = [libc::SIGSEGV, libc::SIGBUS, libc::SIGILL, libc::SIGFPE];
    static PREVIOUS: std::sync::OnceLock<[libc::sigaction; 4]> = std::sync::OnceLock::new();
    fn hex(mut v: usize, out: &mut [u8; 18]) -> &[u8] {
        let mut i = out.len();
        loop {
            i -= 1;
            out[i] = b"0123456789abcdef"[v & 15];
            v >>= 4;
            if v == 0 {
                break;
            }
        }
        i -= 2;
        out[i..i + 2].copy_from_slice(b"0x");
        &out[i..]
    }
    extern "C" fn on_crash(sig: libc::c_int, info: *mut libc::siginfo_t, context: *mut libc::c_void) {
        let say = |bytes: &[u8]| unsafe {
            libc::write(2, bytes.as_ptr().cast(), bytes.len());
        };
        let thread = std::thread::current();
        let mut digits = [0u8; 18];
        let signal: &[u8] = match sig {
            libc::SIGSEGV => b"SIGSEGV",
            libc::SIGBUS => b"SIGBUS",
            libc::SIGILL => b"SIGILL",
            _ => b"SIGFPE",
        };
        say(b"\n*** ");
        say(signal);
        say(b" in thread ");
        say(thread.name().unwrap_or("?").as_bytes());
        say(b" at address ");
        say(hex(unsafe { (*info).si_addr() } as usize, &mut digits));
        say(b"; stack:\n");
        let mut frames = [std::ptr::null_mut(); 64];
        unsafe {
            let n = libc::backtrace(frames.as_mut_ptr(), frames.len() as libc::c_int);
            libc::backtrace_symbols_fd(frames.as_ptr(), n, 2);
        }
        let previous = SIGNALS.iter().position(|&s| s == sig).and_then(|i| PREVIOUS.get().map(|p| p[i]));
        unsafe {
            match previous {
                Some(p) if p.sa_flags & libc::SA_SIGINFO != 0 && p.sa_sigaction > libc::SIG_IGN => {
                    let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) = std::mem::transmute(p.sa_sigaction);
                    f(sig, info, context)
                }
                // Die of the signal: the fault happens again once the handler returns.
                _ => {
                    libc::signal(sig, libc::SIG_DFL);
                }
            }
        }
    }
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| unsafe {
        // The first backtrace loads libgcc_s: done here, not in the handler.
        let mut warm = [std::ptr::null_mut(); 4];
        libc::backtrace(warm.as_mut_ptr(), warm.len() as libc::c_int);
        let previous = SIGNALS.map(|sig| {
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(sig, std::ptr::null(), &mut old);
            old
        });
        PREVIOUS.get_or_init(|| previous);
        for sig in SIGNALS {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_crash as extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(sig, &action, std::ptr::null_mut());
        }
    });
}
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn report_crashes() {}

pub fn gpu() -> Gpu {
    limit_lavapipe_threads();
    report_crashes();
    keep_driver_loaded();
    Gpu(validated_context())
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
