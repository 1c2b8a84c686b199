//! The thin layer over `ash` + `gpu-allocator`. It knows nothing of any algorithm.
//!
//! * `context` — instance/device/queue, created or adopted; device facts (`DeviceInfo`);
//! * `buffer`, `image` — typed device-local buffers, rgba8 storage images, staging transfers;
//! * `kernel` — pipelines from the generated shader table with specialization constants;
//! * `record` — recording into any command buffer: dispatch, barriers, fill, copy; run-and-wait;
//! * `timer` — labelled GPU timestamps and pipeline statistics;
//! * `selftest` — checks, run on the device, of what the kernels assume of it;
//! * `validation` — the Khronos layer with synchronization validation, messages collected.
mod buffer;
mod context;
mod error;
mod image;
mod kernel;
mod record;
pub mod selftest;
pub mod shader;
mod timer;
pub mod validation;

pub use ash::vk;
pub use buffer::Buffer;
pub use context::{choose_device, list_devices, AdoptInfo, Context, ContextOptions, DeviceInfo, DeviceSelector};
pub use error::{Error, Result};
pub use image::Image;
pub use kernel::{InternalRepresentation, Kernel};
pub use record::{Bind, Recorder, Sync};
pub use shader::{BindingInfo, BindingKind, ShaderInfo};
pub use timer::{measure, measure_after, probe_clock_mhz, sm_clock_mhz, InvocationCounter, Timer, Timing};

/// Packs push constants: `push(&[a.to_le_bytes(), ...])` style helper for plain-old-data.
pub fn push_bytes<T: bytemuck::Pod>(value: &T) -> Vec<u8> {
    bytemuck::bytes_of(value).to_vec()
}
