//! `examples/engine.rs`, which engine programmers copy from, compiled into this test from the
//! same source: it adopts a device made with plain ash, records a stable compaction, a reduction
//! and a radix sort with indices into the engine's command buffer, and checks all three against
//! the CPU (any difference or validation message is an error).
mod common;
#[path = "../examples/engine.rs"]
#[allow(dead_code)] // its main
mod engine;

#[test]
fn engine_example_runs_under_validation() {
    // A validated context first: no device or no validation layer fails here, saying what to install.
    drop(common::gpu());
    engine::run(true).unwrap();
}
