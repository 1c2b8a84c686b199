//! The library's typed error. Every failure a user can cause or meet is one of these; none panics.
use ash::vk;
use std::time::Duration;

/// A `std::result::Result` whose error is ours unless told otherwise.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Every failure the library reports; its message says what went wrong, and often what to do.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The Vulkan loader library (or the one `WORKGROUP_VULKAN_LIBRARY` names) could not be loaded.
    #[error("no Vulkan loader (libvulkan.so.1) could be loaded: {0}; install libvulkan1 (Debian/Ubuntu) or vulkan-loader (Fedora/Arch)")]
    NoLoader(String),
    /// No usable driver: the loader supports less than Vulkan 1.3 or finds no device, or a call
    /// returned `ERROR_INCOMPATIBLE_DRIVER`.
    #[error("no Vulkan driver found ({0}); install a driver, e.g. mesa-vulkan-drivers for the CPU driver lavapipe")]
    NoDriver(String),
    /// No device fits: the `DeviceSelector` matches none, or the device lacks Vulkan 1.3, a compute
    /// queue, VK_KHR_push_descriptor or synchronization2.
    #[error("no suitable Vulkan device: {0}")]
    NoDevice(String),
    /// Validation was asked for, but VK_LAYER_KHRONOS_validation is not installed.
    #[error("the Khronos validation layer VK_LAYER_KHRONOS_validation is not installed; install vulkan-validationlayers (Debian/Ubuntu), vulkan-validation-layers (Fedora/Arch)")]
    NoValidationLayer,
    /// A call ran out of device or host memory, or an allocation by `gpu-allocator` failed.
    #[error("out of memory: {0}")]
    OutOfMemory(String),
    /// A call returned `ERROR_DEVICE_LOST`.
    #[error("the Vulkan device was lost (driver reset or crash)")]
    DeviceLost,
    /// The work may still be running: the context is abandoned (`Context::is_abandoned`).
    #[error("GPU work did not finish within {0:?} (raise the timeout: `--timeout` on the command line, `ContextOptions::timeout` in the library)")]
    Timeout(Duration),
    /// A submission to a context whose earlier submission timed out (`Context::is_abandoned`).
    #[error("an earlier submission of this context timed out and may still be running; wait for it (`Context::wait_idle`) or make a new context")]
    Abandoned,
    /// Writing a file failed; the message names the file and the system's reason.
    #[error("{0}")]
    Io(String),
    /// The caller's input is wrong (a size, range, name, option, binding...); the message says how.
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// What was asked cannot be done here: the device lacks a feature, extension, format or limit it
    /// needs (on an adopted device, as far as we can see), or the chosen variant cannot do it.
    #[error("not supported by this device: {0}")]
    Unsupported(String),
    /// A Vulkan call failed with a result no other variant covers.
    #[error("{call} failed: {result}")]
    Vulkan {
        /// The Vulkan function that failed, e.g. `"vkCreateBuffer"`.
        call: &'static str,
        /// What it returned.
        result: vk::Result,
    },
}

impl Error {
    /// Maps a `vk::Result` of `call` to the most telling variant.
    pub fn vk(call: &'static str) -> impl Fn(vk::Result) -> Error {
        move |result| match result {
            vk::Result::ERROR_DEVICE_LOST => Error::DeviceLost,
            vk::Result::ERROR_OUT_OF_DEVICE_MEMORY | vk::Result::ERROR_OUT_OF_HOST_MEMORY => {
                Error::OutOfMemory(format!("{call}: {result}"))
            }
            vk::Result::ERROR_INCOMPATIBLE_DRIVER => Error::NoDriver(format!("{call}: {result}")),
            _ => Error::Vulkan { call, result },
        }
    }

    /// An [`Error::InvalidInput`] with `msg`.
    pub fn invalid(msg: impl Into<String>) -> Error {
        Error::InvalidInput(msg.into())
    }

    /// Names where an invalid input was met (a file and line, an option) before its message,
    /// so the message says "invalid input" once; any other error is returned as it is.
    pub fn within(self, place: impl std::fmt::Display) -> Error {
        match self {
            Error::InvalidInput(msg) => Error::InvalidInput(format!("{place}: {msg}")),
            other => other,
        }
    }
}

impl From<gpu_allocator::AllocationError> for Error {
    fn from(e: gpu_allocator::AllocationError) -> Self {
        match e {
            gpu_allocator::AllocationError::OutOfMemory => Error::OutOfMemory("device memory allocation failed".into()),
            gpu_allocator::AllocationError::NoCompatibleMemoryTypeFound => {
                Error::Unsupported("no memory type of this device fits the allocation".into())
            }
            other => Error::OutOfMemory(other.to_string()),
        }
    }
}
