//! Khronos validation with synchronization validation: every message is collected (and, when
//! asked, echoed to stderr). Tests fail on any collected message.
use ash::vk;
use std::ffi::CStr;
use std::sync::{Arc, Mutex};

/// The name of the Khronos validation layer.
pub const LAYER_NAME: &CStr = c"VK_LAYER_KHRONOS_validation";

/// Where validation messages end up.
#[derive(Default)]
pub struct MessageSink {
    /// The messages so far, each `validation error: ...` or `validation warning: ...`.
    pub messages: Mutex<Vec<String>>,
    /// Also print each message to stderr as it arrives.
    pub echo: bool,
}

pub(crate) unsafe extern "system" fn callback(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    _types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    user: *mut std::ffi::c_void,
) -> vk::Bool32 {
    if data.is_null() || user.is_null() {
        return vk::FALSE;
    }
    let sink = &*(user as *const MessageSink);
    let data = &*data;
    let text =
        if data.p_message.is_null() { String::from("(no message)") } else { CStr::from_ptr(data.p_message).to_string_lossy().into_owned() };
    let level = if severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR) { "error" } else { "warning" };
    let line = format!("validation {level}: {text}");
    if sink.echo {
        eprintln!("{line}");
    }
    if let Ok(mut m) = sink.messages.lock() {
        m.push(line);
    }
    vk::FALSE
}

/// The messenger description used both at instance creation (chained) and afterwards.
pub(crate) fn messenger_info(sink: &Arc<MessageSink>) -> vk::DebugUtilsMessengerCreateInfoEXT<'static> {
    vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(vk::DebugUtilsMessageSeverityFlagsEXT::WARNING | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR)
        .message_type(vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE)
        .pfn_user_callback(Some(callback))
        .user_data(Arc::as_ptr(sink) as *mut std::ffi::c_void)
}
