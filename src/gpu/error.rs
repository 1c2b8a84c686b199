//! The library's typed error. Every failure a user can cause or meet is one of these; none panics.
use ash::vk;
use std::time::Duration;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("no Vulkan loader (libvulkan.so.1) could be loaded: {0}; install libvulkan1 (Debian/Ubuntu) or vulkan-loader (Fedora/Arch)")]
    NoLoader(String),
    #[error("no Vulkan driver found ({0}); install a driver, e.g. mesa-vulkan-drivers for the CPU driver lavapipe")]
    NoDriver(String),
    #[error("no suitable Vulkan device: {0}")]
    NoDevice(String),
    #[error("the Khronos validation layer VK_LAYER_KHRONOS_validation is not installed; install vulkan-validationlayers (Debian/Ubuntu), vulkan-validation-layers (Fedora/Arch)")]
    NoValidationLayer,
    #[error("out of device memory: {0}")]
    OutOfMemory(String),
    #[error("the Vulkan device was lost (driver reset or crash)")]
    DeviceLost,
    /// The work may still be running: the context is abandoned (`Context::is_abandoned`).
    #[error("GPU work did not finish within {0:?} (raise the timeout: `--timeout` on the command line, `ContextOptions::timeout` in the library)")]
    Timeout(Duration),
    #[error("an earlier submission of this context timed out and may still be running; wait for it (`Context::wait_idle`) or make a new context")]
    Abandoned,
    #[error("invalid input: {0}")]
    InvalidInput(String),
    #[error("not supported by this device: {0}")]
    Unsupported(String),
    #[error("{call} failed: {result}")]
    Vulkan { call: &'static str, result: vk::Result },
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
            gpu_allocator::AllocationError::OutOfMemory => Error::OutOfMemory("allocation failed".into()),
            other => Error::OutOfMemory(other.to_string()),
        }
    }
}
