//! `examples/engine.rs`, which engine programmers copy from, compiled into this test from the
//! same source: it adopts a device made with plain ash, records a stable compaction, a reduction,
//! a radix sort with indices, an exclusive scan, two frames of auto levels and a box blur into the
//! engine's command buffer, and checks each against the CPU (any difference or validation message
//! is an error).
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
