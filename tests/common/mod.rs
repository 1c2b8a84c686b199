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

pub fn gpu() -> Gpu {
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
