//! The context: instance, physical device, device, compute queue, allocator, command pool.
//! Either created by us (device chosen discrete > integrated > virtual > CPU, or by index or
//! name) or adopted from the caller's raw handles, which we then never destroy.
use super::error::{Error, Result};
use super::validation::{self, MessageSink};
use ash::vk;
use gpu_allocator::vulkan::{Allocator, AllocatorCreateDesc};
use serde::Serialize;
use std::ffi::CStr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Which device to use: `--device 1` (index in `workgroup devices`) or `--device nvidia` (a
/// case-insensitive substring of the name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceSelector {
    /// The device at this index in [`list_devices`] (as `workgroup devices` numbers them).
    Index(usize),
    /// The first device supporting Vulkan 1.3 whose name contains this, ignoring case.
    Name(String),
}

impl std::str::FromStr for DeviceSelector {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> std::result::Result<Self, Self::Err> {
        Ok(match s.parse::<usize>() {
            Ok(i) => DeviceSelector::Index(i),
            Err(_) => DeviceSelector::Name(s.to_string()),
        })
    }
}

/// How [`Context::new`] makes a context. The default: the device [`choose_device`] prefers,
/// no validation, a 60 s timeout.
#[derive(Clone, Debug)]
pub struct ContextOptions {
    /// The device to use; `None`: discrete > integrated > virtual > CPU ([`choose_device`]).
    pub device: Option<DeviceSelector>,
    /// Enable VK_LAYER_KHRONOS_validation with synchronization validation.
    pub validate: bool,
    /// Echo validation messages to stderr as they arrive (they are always collected).
    pub echo_validation: bool,
    /// How long a submission may run before `Error::Timeout`.
    pub timeout: Duration,
}

impl Default for ContextOptions {
    fn default() -> Self {
        ContextOptions { device: None, validate: false, echo_validation: false, timeout: Duration::from_secs(60) }
    }
}

/// What `workgroup devices` prints: the limits seed 004 says to query, and more.
#[derive(Clone, Debug, Serialize)]
pub struct DeviceInfo {
    /// Index among the loader's physical devices, as [`list_devices`] and `--device N` number them.
    pub index: usize,
    /// The device's name (`deviceName`).
    pub name: String,
    /// `"discrete GPU"`, `"integrated GPU"`, `"virtual GPU"`, `"CPU"` or `"other"` (`deviceType`).
    pub device_type: String,
    /// PCI vendor id (`vendorID`; 0x10de is NVIDIA).
    pub vendor_id: u32,
    /// Vendor-specific device id (`deviceID`).
    pub device_id: u32,
    /// The driver's name (`driverName`).
    pub driver_name: String,
    /// What else the driver tells of itself, often its version (`driverInfo`).
    pub driver_info: String,
    /// `driverVersion` as `major.minor.patch` (NVIDIA's own packing decoded; others as a Vulkan
    /// version).
    pub driver_version: String,
    /// The Vulkan version the device supports, `major.minor.patch` (`apiVersion`).
    pub api_version: String,
    /// Subgroup size the driver uses by default (`subgroupSize`).
    pub subgroup_size: u32,
    /// Smallest subgroup size a pipeline may require (`minSubgroupSize`).
    pub min_subgroup_size: u32,
    /// Largest subgroup size a pipeline may require (`maxSubgroupSize`).
    pub max_subgroup_size: u32,
    /// Subgroup operations offered (`subgroupSupportedOperations`), of `basic`, `vote`, `arithmetic`,
    /// `ballot`, `shuffle`, `shuffle_relative`, `clustered`, `quad`.
    pub subgroup_operations: Vec<String>,
    /// Whether compute shaders may use subgroup operations (`subgroupSupportedStages` has compute).
    pub subgroup_in_compute: bool,
    /// Shared memory one workgroup may use, in bytes (`maxComputeSharedMemorySize`).
    pub max_shared_memory_bytes: u32,
    /// Largest workgroup size in x, y, z (`maxComputeWorkGroupSize`).
    pub max_workgroup_size: [u32; 3],
    /// Most invocations one workgroup may have (`maxComputeWorkGroupInvocations`).
    pub max_workgroup_invocations: u32,
    /// Most workgroups one dispatch may have in x, y, z (`maxComputeWorkGroupCount`).
    pub max_workgroup_count: [u32; 3],
    /// Largest storage-buffer binding, in bytes (`maxStorageBufferRange`).
    pub max_storage_buffer_range: u64,
    /// Bytes of push constants a pipeline may have (`maxPushConstantsSize`).
    pub max_push_constants_size: u32,
    /// Largest width and height of a 2D image, in texels (`maxImageDimension2D`).
    pub max_image_dimension_2d: u32,
    /// Nanoseconds per timestamp tick (`timestampPeriod`).
    pub timestamp_period_ns: f32,
    /// Whether every compute and graphics queue has timestamps (`timestampComputeAndGraphics`).
    pub timestamp_compute_and_graphics: bool,
    /// pipelineStatisticsQuery (`InvocationCounter`), enabled by `Context::new` where supported;
    /// false on an adopted device, whose enabled features we cannot see.
    pub pipeline_statistics_query: bool,
    /// subgroupSizeControl (`Kernel::with_subgroup_size`), enabled by `Context::new` where
    /// supported; false on an adopted device, as above.
    pub subgroup_size_control: bool,
    /// Streaming multiprocessors (VK_NV_shader_sm_builtins) where the driver tells; used to size
    /// persistent grids.
    pub compute_units: Option<u32>,
    /// Warps one multiprocessor holds at once (VK_NV_shader_sm_builtins), where the driver tells.
    pub warps_per_compute_unit: Option<u32>,
    /// VK_KHR_pipeline_executable_properties (registers, shared memory, spills per pipeline).
    pub pipeline_executable_properties: bool,
    /// vulkanMemoryModel (enabled by `Context::new` where supported; for kernels in the Vulkan
    /// memory model. None of ours needs it: `stable-lookback` polls a `coherent volatile` buffer,
    /// so it also runs on an adopted device, where this reads false).
    pub vulkan_memory_model: bool,
    /// VK_KHR_performance_query (hardware counters).
    pub performance_query: bool,
    /// VK_NV_shader_subgroup_partitioned (`subgroupPartitionNV`), enabled when offered.
    pub subgroup_partitioned: bool,
    /// VK_KHR_shader_clock with `shaderSubgroupClock` (`clock2x32ARB`), enabled when offered.
    pub shader_clock: bool,
}

pub(crate) struct Inner {
    pub entry: ash::Entry,
    pub instance: ash::Instance,
    pub physical: vk::PhysicalDevice,
    pub device: ash::Device,
    pub queue: vk::Queue,
    pub queue_family: u32,
    pub push_descriptor: ash::khr::push_descriptor::Device,
    pub allocator: Mutex<Option<Allocator>>,
    pub pool: Mutex<vk::CommandPool>,
    pub info: DeviceInfo,
    pub timestamp_valid_bits: u32,
    pub has_executable_properties: bool,
    /// Where each kernel built from now on writes its driver statistics and internal
    /// representations ([`Context::dump_internals_to`]); `None`: nowhere.
    pub internals_dir: Mutex<Option<std::path::PathBuf>>,
    pub sink: Arc<MessageSink>,
    messenger: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
    owned: bool,
    /// How long `Context::submit` waits for its work, in nanoseconds ([`Context::set_timeout`]).
    timeout_ns: std::sync::atomic::AtomicU64,
    /// Set when a submission timed out: its work may still be running, so from then on nothing of
    /// this device is freed (a driver running the work on the CPU, as lavapipe, would read freed
    /// memory) and no more work is taken.
    abandoned: std::sync::atomic::AtomicBool,
}

impl Inner {
    /// True once a submission timed out (see `abandoned`): drops leak rather than free.
    pub(crate) fn abandoned(&self) -> bool {
        self.abandoned.load(std::sync::atomic::Ordering::Acquire)
    }
    pub(crate) fn abandon(&self) {
        self.abandoned.store(true, std::sync::atomic::Ordering::Release);
    }
}

/// A Vulkan device ready for compute. Cheap to clone (shared); buffers and kernels keep it alive.
#[derive(Clone)]
pub struct Context {
    pub(crate) inner: Arc<Inner>,
    /// Kept staging buffers for uploads and read-backs (see `buffer::Staging`); shared by clones.
    pub(crate) staging: Arc<std::sync::Mutex<super::buffer::Staging>>,
    /// The highest shader-core clock the probe has seen on this device, in MHz (0: none yet;
    /// `timer::sm_clock_mhz`); shared by clones.
    pub(crate) sm_clock_peak: Arc<std::sync::Mutex<f64>>,
    /// The clocks of the measurements that ran below 0.9 of that peak (`take_slow_clock_timings`).
    pub(crate) slow_clock_timings: Arc<std::sync::Mutex<Vec<f64>>>,
}

/// The caller's raw handles, for engines that already drive Vulkan. The device must have been
/// created with Vulkan 1.3's `synchronization2` feature and the `VK_KHR_push_descriptor`
/// extension enabled; `queue` must belong to `queue_family_index` and support compute.
/// We never destroy any of these, and we use the queue only from `Context::submit`.
pub struct AdoptInfo {
    /// The caller's instance.
    pub instance: vk::Instance,
    /// The physical device `device` was created from.
    pub physical_device: vk::PhysicalDevice,
    /// The caller's device.
    pub device: vk::Device,
    /// The queue family of `queue`.
    pub queue_family_index: u32,
    /// The queue our submissions go to.
    pub queue: vk::Queue,
    /// Install a debug messenger on the caller's instance (it must have VK_EXT_debug_utils).
    pub collect_validation: bool,
}

/// Held while this process makes or destroys an instance or a device: those run one at a time.
/// The loader, the validation layer and drivers have all had races between one thread's
/// vkCreateInstance/vkCreateDevice and another's destroy (Vulkan-Loader #200; NVIDIA's driver in
/// kvark/blade #336), and the last instance's destroy unloads the driver and layer libraries
/// that the next one loads again. Tests make contexts on several threads; making one takes
/// milliseconds, so taking turns costs nothing that matters.
fn lifecycle_lock() -> std::sync::MutexGuard<'static, ()> {
    static LIFECYCLE: Mutex<()> = Mutex::new(());
    LIFECYCLE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Loads libvulkan at run time; `WORKGROUP_VULKAN_LIBRARY` names another loader library.
fn load_entry() -> Result<ash::Entry> {
    match std::env::var_os("WORKGROUP_VULKAN_LIBRARY") {
        Some(path) => unsafe { ash::Entry::load_from(&path) }.map_err(|e| Error::NoLoader(format!("{}: {e}", path.to_string_lossy()))),
        None => unsafe { ash::Entry::load() }.map_err(|e| Error::NoLoader(e.to_string())),
    }
}

fn version_string(v: u32) -> String {
    format!("{}.{}.{}", vk::api_version_major(v), vk::api_version_minor(v), vk::api_version_patch(v))
}

fn driver_version_string(vendor: u32, v: u32) -> String {
    if vendor == 0x10de {
        // NVIDIA packs 10.8.8.6 bits.
        format!("{}.{}.{}", v >> 22, (v >> 14) & 0xff, (v >> 6) & 0xff)
    } else {
        version_string(v)
    }
}

fn cstr(bytes: &[std::ffi::c_char]) -> String {
    unsafe { CStr::from_ptr(bytes.as_ptr()) }.to_string_lossy().into_owned()
}

fn create_instance(
    entry: &ash::Entry,
    validate: bool,
    sink: &Arc<MessageSink>,
) -> Result<(ash::Instance, Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>)> {
    let version = unsafe { entry.try_enumerate_instance_version() }.map_err(Error::vk("vkEnumerateInstanceVersion"))?;
    let version = version.unwrap_or(vk::API_VERSION_1_0);
    if version < vk::API_VERSION_1_3 {
        return Err(Error::NoDriver(format!("the Vulkan loader supports only API {}; workgroup needs 1.3", version_string(version))));
    }
    let app = vk::ApplicationInfo::default().application_name(c"workgroup").engine_name(c"workgroup").api_version(vk::API_VERSION_1_3);
    let mut layers = Vec::new();
    let mut extensions = Vec::new();
    if validate {
        let available = unsafe { entry.enumerate_instance_layer_properties() }.map_err(Error::vk("vkEnumerateInstanceLayerProperties"))?;
        if !available.iter().any(|l| l.layer_name_as_c_str().ok() == Some(validation::LAYER_NAME)) {
            return Err(Error::NoValidationLayer);
        }
        layers.push(validation::LAYER_NAME.as_ptr());
        extensions.push(ash::ext::debug_utils::NAME.as_ptr());
    }
    let enables = [vk::ValidationFeatureEnableEXT::SYNCHRONIZATION_VALIDATION];
    let mut features = vk::ValidationFeaturesEXT::default().enabled_validation_features(&enables);
    let mut messenger_info = validation::messenger_info(sink);
    let mut info =
        vk::InstanceCreateInfo::default().application_info(&app).enabled_layer_names(&layers).enabled_extension_names(&extensions);
    if validate {
        info = info.push_next(&mut features).push_next(&mut messenger_info);
    }
    let instance = unsafe { entry.create_instance(&info, None) }.map_err(|r| match r {
        vk::Result::ERROR_INCOMPATIBLE_DRIVER => {
            Error::NoDriver("no installable client driver answered (vkCreateInstance: ERROR_INCOMPATIBLE_DRIVER)".into())
        }
        vk::Result::ERROR_LAYER_NOT_PRESENT => Error::NoValidationLayer,
        other => Error::vk("vkCreateInstance")(other),
    })?;
    let messenger = if validate {
        let du = ash::ext::debug_utils::Instance::new(entry, &instance);
        let m = unsafe { du.create_debug_utils_messenger(&validation::messenger_info(sink), None) }
            .map_err(Error::vk("vkCreateDebugUtilsMessengerEXT"))?;
        Some((du, m))
    } else {
        None
    };
    Ok((instance, messenger))
}

fn physical_devices(instance: &ash::Instance) -> Result<Vec<vk::PhysicalDevice>> {
    let devices = unsafe { instance.enumerate_physical_devices() }.map_err(Error::vk("vkEnumeratePhysicalDevices"))?;
    if devices.is_empty() {
        return Err(Error::NoDriver("the loader found no Vulkan device".into()));
    }
    Ok(devices)
}

fn describe(instance: &ash::Instance, physical: vk::PhysicalDevice, index: usize) -> DeviceInfo {
    let mut v11 = vk::PhysicalDeviceVulkan11Properties::default();
    let mut v12 = vk::PhysicalDeviceVulkan12Properties::default();
    let mut v13 = vk::PhysicalDeviceVulkan13Properties::default();
    let mut props2 = vk::PhysicalDeviceProperties2::default().push_next(&mut v11).push_next(&mut v12).push_next(&mut v13);
    unsafe { instance.get_physical_device_properties2(physical, &mut props2) };
    let p = props2.properties;
    let features = unsafe { instance.get_physical_device_features(physical) };
    let mut f12 = vk::PhysicalDeviceVulkan12Features::default();
    let mut f13 = vk::PhysicalDeviceVulkan13Features::default();
    unsafe {
        instance
            .get_physical_device_features2(physical, &mut vk::PhysicalDeviceFeatures2::default().push_next(&mut f12).push_next(&mut f13))
    };
    let ops = v11.subgroup_supported_operations;
    let names = [
        (vk::SubgroupFeatureFlags::BASIC, "basic"),
        (vk::SubgroupFeatureFlags::VOTE, "vote"),
        (vk::SubgroupFeatureFlags::ARITHMETIC, "arithmetic"),
        (vk::SubgroupFeatureFlags::BALLOT, "ballot"),
        (vk::SubgroupFeatureFlags::SHUFFLE, "shuffle"),
        (vk::SubgroupFeatureFlags::SHUFFLE_RELATIVE, "shuffle_relative"),
        (vk::SubgroupFeatureFlags::CLUSTERED, "clustered"),
        (vk::SubgroupFeatureFlags::QUAD, "quad"),
    ];
    let device_type = match p.device_type {
        vk::PhysicalDeviceType::DISCRETE_GPU => "discrete GPU",
        vk::PhysicalDeviceType::INTEGRATED_GPU => "integrated GPU",
        vk::PhysicalDeviceType::VIRTUAL_GPU => "virtual GPU",
        vk::PhysicalDeviceType::CPU => "CPU",
        _ => "other",
    };
    let l = p.limits;
    let exts = unsafe { instance.enumerate_device_extension_properties(physical) }.unwrap_or_default();
    let has = |name: &CStr| exts.iter().any(|x| x.extension_name_as_c_str().ok() == Some(name));
    let has_sm = has(ash::nv::shader_sm_builtins::NAME);
    let (compute_units, warps_per_compute_unit) = if has_sm {
        let mut sm = vk::PhysicalDeviceShaderSMBuiltinsPropertiesNV::default();
        let mut p2 = vk::PhysicalDeviceProperties2::default().push_next(&mut sm);
        unsafe { instance.get_physical_device_properties2(physical, &mut p2) };
        (Some(sm.shader_sm_count), Some(sm.shader_warps_per_sm))
    } else {
        (None, None)
    };
    DeviceInfo {
        compute_units,
        warps_per_compute_unit,
        pipeline_executable_properties: has(ash::khr::pipeline_executable_properties::NAME),
        performance_query: has(ash::khr::performance_query::NAME),
        subgroup_partitioned: has(ash::nv::shader_subgroup_partitioned::NAME)
            && v11.subgroup_supported_operations.contains(vk::SubgroupFeatureFlags::PARTITIONED_NV),
        vulkan_memory_model: f12.vulkan_memory_model == vk::TRUE,
        shader_clock: has(ash::khr::shader_clock::NAME) && {
            let mut clock = vk::PhysicalDeviceShaderClockFeaturesKHR::default();
            unsafe { instance.get_physical_device_features2(physical, &mut vk::PhysicalDeviceFeatures2::default().push_next(&mut clock)) };
            clock.shader_subgroup_clock == vk::TRUE
        },
        index,
        name: cstr(&p.device_name),
        device_type: device_type.into(),
        vendor_id: p.vendor_id,
        device_id: p.device_id,
        driver_name: cstr(&v12.driver_name),
        driver_info: cstr(&v12.driver_info),
        driver_version: driver_version_string(p.vendor_id, p.driver_version),
        api_version: version_string(p.api_version),
        subgroup_size: v11.subgroup_size,
        min_subgroup_size: v13.min_subgroup_size,
        max_subgroup_size: v13.max_subgroup_size,
        subgroup_operations: names.iter().filter(|(f, _)| ops.contains(*f)).map(|(_, n)| n.to_string()).collect(),
        subgroup_in_compute: v11.subgroup_supported_stages.contains(vk::ShaderStageFlags::COMPUTE),
        max_shared_memory_bytes: l.max_compute_shared_memory_size,
        max_workgroup_size: l.max_compute_work_group_size,
        max_workgroup_invocations: l.max_compute_work_group_invocations,
        max_workgroup_count: l.max_compute_work_group_count,
        max_storage_buffer_range: l.max_storage_buffer_range as u64,
        max_push_constants_size: l.max_push_constants_size,
        max_image_dimension_2d: l.max_image_dimension2_d,
        timestamp_period_ns: l.timestamp_period,
        timestamp_compute_and_graphics: l.timestamp_compute_and_graphics == vk::TRUE,
        pipeline_statistics_query: features.pipeline_statistics_query == vk::TRUE,
        subgroup_size_control: f13.subgroup_size_control == vk::TRUE,
    }
}

fn type_rank(t: &str) -> u32 {
    match t {
        "discrete GPU" => 0,
        "integrated GPU" => 1,
        "virtual GPU" => 2,
        "CPU" => 3,
        _ => 4,
    }
}

/// Lists every Vulkan device the loader sees (creates and drops an instance).
pub fn list_devices() -> Result<Vec<DeviceInfo>> {
    let entry = load_entry()?;
    let sink = Arc::new(MessageSink::default());
    let _turn = lifecycle_lock();
    let (instance, _) = create_instance(&entry, false, &sink)?;
    let result = physical_devices(&instance).map(|devs| devs.iter().enumerate().map(|(i, &d)| describe(&instance, d, i)).collect());
    unsafe { instance.destroy_instance(None) };
    result
}

/// The index (in `list_devices()`) of the device `selector` picks, as `Context::new` would pick it
/// (`None`: discrete > integrated > virtual > CPU); an unknown index or name is `Error::NoDevice`.
pub fn choose_device(infos: &[DeviceInfo], selector: &Option<DeviceSelector>) -> Result<usize> {
    choose(infos, selector)
}

fn choose(infos: &[DeviceInfo], selector: &Option<DeviceSelector>) -> Result<usize> {
    let usable: Vec<&DeviceInfo> = infos.iter().filter(|d| d.api_version_at_least_1_3()).collect();
    match selector {
        Some(DeviceSelector::Index(i)) => {
            let d = infos.get(*i).ok_or_else(|| {
                Error::NoDevice(format!("--device {i}: there are only {} device(s) (see `workgroup devices`)", infos.len()))
            })?;
            if !d.api_version_at_least_1_3() {
                return Err(Error::NoDevice(format!(
                    "device {i} ({}) supports Vulkan {} only; workgroup needs 1.3",
                    d.name, d.api_version
                )));
            }
            Ok(*i)
        }
        Some(DeviceSelector::Name(n)) if n.trim().is_empty() => {
            Err(Error::NoDevice("an empty device name matches every device: give an index or a part of one name".into()))
        }
        Some(DeviceSelector::Name(n)) => {
            let needle = n.to_lowercase();
            usable.iter().find(|d| d.name.to_lowercase().contains(&needle)).map(|d| d.index).ok_or_else(|| {
                let names: Vec<String> = infos.iter().map(|d| format!("{}: {}", d.index, d.name)).collect();
                Error::NoDevice(format!("--device {n:?} matches no device (have {})", names.join(", ")))
            })
        }
        None => usable
            .iter()
            .min_by_key(|d| (type_rank(&d.device_type), d.index))
            .map(|d| d.index)
            .ok_or_else(|| Error::NoDevice("no device supports Vulkan 1.3".into())),
    }
}

impl DeviceInfo {
    fn api_version_at_least_1_3(&self) -> bool {
        let mut it = self.api_version.split('.').map(|x| x.parse::<u32>().unwrap_or(0));
        let (maj, min) = (it.next().unwrap_or(0), it.next().unwrap_or(0));
        (maj, min) >= (1, 3)
    }
}

fn has_extension(instance: &ash::Instance, physical: vk::PhysicalDevice, name: &CStr) -> Result<bool> {
    let exts =
        unsafe { instance.enumerate_device_extension_properties(physical) }.map_err(Error::vk("vkEnumerateDeviceExtensionProperties"))?;
    Ok(exts.iter().any(|e| e.extension_name_as_c_str().ok() == Some(name)))
}

fn compute_family(instance: &ash::Instance, physical: vk::PhysicalDevice) -> Option<(u32, u32)> {
    let families = unsafe { instance.get_physical_device_queue_family_properties(physical) };
    // Prefer a family with timestamps; the first compute family otherwise.
    let compute = |f: &vk::QueueFamilyProperties| f.queue_flags.contains(vk::QueueFlags::COMPUTE);
    families
        .iter()
        .enumerate()
        .find(|(_, f)| compute(f) && f.timestamp_valid_bits > 0)
        .or_else(|| families.iter().enumerate().find(|(_, f)| compute(f)))
        .map(|(i, f)| (i as u32, f.timestamp_valid_bits))
}

impl Context {
    /// Creates our own instance, device and compute queue.
    pub fn new(options: &ContextOptions) -> Result<Context> {
        let entry = load_entry()?;
        let sink = Arc::new(MessageSink { messages: Mutex::new(Vec::new()), echo: options.echo_validation });
        let _turn = lifecycle_lock();
        let (instance, messenger) = create_instance(&entry, options.validate, &sink)?;
        let cleanup = |instance: &ash::Instance, messenger: &Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>| unsafe {
            if let Some((du, m)) = messenger {
                du.destroy_debug_utils_messenger(*m, None);
            }
            instance.destroy_instance(None);
        };
        let result = (|| {
            let devices = physical_devices(&instance)?;
            let infos: Vec<DeviceInfo> = devices.iter().enumerate().map(|(i, &d)| describe(&instance, d, i)).collect();
            let index = choose(&infos, &options.device)?;
            let physical = devices[index];
            let (family, ts_bits) = compute_family(&instance, physical)
                .ok_or_else(|| Error::NoDevice(format!("{} has no compute queue", infos[index].name)))?;
            if !has_extension(&instance, physical, ash::khr::push_descriptor::NAME)? {
                return Err(Error::NoDevice(format!("{} lacks VK_KHR_push_descriptor", infos[index].name)));
            }
            let exec_props = has_extension(&instance, physical, ash::khr::pipeline_executable_properties::NAME)?;
            let mut extensions = vec![ash::khr::push_descriptor::NAME.as_ptr()];
            if exec_props {
                extensions.push(ash::khr::pipeline_executable_properties::NAME.as_ptr());
            }
            if infos[index].subgroup_partitioned {
                extensions.push(ash::nv::shader_subgroup_partitioned::NAME.as_ptr());
            }
            if infos[index].shader_clock {
                extensions.push(ash::khr::shader_clock::NAME.as_ptr());
            }
            // Ask for what the device has of the features the kernels can use.
            let mut s11 = vk::PhysicalDeviceVulkan11Features::default();
            let mut s12 = vk::PhysicalDeviceVulkan12Features::default();
            let mut s13 = vk::PhysicalDeviceVulkan13Features::default();
            let mut sx = vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default();
            let mut sup = vk::PhysicalDeviceFeatures2::default().push_next(&mut s11).push_next(&mut s12).push_next(&mut s13);
            if exec_props {
                sup = sup.push_next(&mut sx);
            }
            unsafe { instance.get_physical_device_features2(physical, &mut sup) };
            let base = sup.features;
            if s13.synchronization2 != vk::TRUE {
                return Err(Error::NoDevice(format!("{} lacks synchronization2", infos[index].name)));
            }
            // Our SPIR-V 1.6 kernels size their workgroups by specialization (LocalSizeId).
            if s13.maintenance4 != vk::TRUE {
                return Err(Error::NoDevice(format!("{} lacks maintenance4", infos[index].name)));
            }
            let f10 = vk::PhysicalDeviceFeatures::default()
                .pipeline_statistics_query(base.pipeline_statistics_query == vk::TRUE)
                .shader_int64(base.shader_int64 == vk::TRUE)
                .shader_int16(base.shader_int16 == vk::TRUE);
            let mut f11 =
                vk::PhysicalDeviceVulkan11Features::default().storage_buffer16_bit_access(s11.storage_buffer16_bit_access == vk::TRUE);
            let mut f12 = vk::PhysicalDeviceVulkan12Features::default()
                .storage_buffer8_bit_access(s12.storage_buffer8_bit_access == vk::TRUE)
                .shader_int8(s12.shader_int8 == vk::TRUE)
                .vulkan_memory_model(s12.vulkan_memory_model == vk::TRUE)
                .vulkan_memory_model_device_scope(s12.vulkan_memory_model_device_scope == vk::TRUE)
                .shader_subgroup_extended_types(s12.shader_subgroup_extended_types == vk::TRUE);
            let mut f13 = vk::PhysicalDeviceVulkan13Features::default()
                .synchronization2(true)
                .subgroup_size_control(s13.subgroup_size_control == vk::TRUE)
                .compute_full_subgroups(s13.compute_full_subgroups == vk::TRUE)
                .maintenance4(true);
            let mut fx = vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR::default().pipeline_executable_info(true);
            let priorities = [1.0f32];
            let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&priorities)];
            let mut info = vk::DeviceCreateInfo::default()
                .queue_create_infos(&queues)
                .enabled_extension_names(&extensions)
                .enabled_features(&f10)
                .push_next(&mut f11)
                .push_next(&mut f12)
                .push_next(&mut f13);
            if exec_props && sx.pipeline_executable_info == vk::TRUE {
                info = info.push_next(&mut fx);
            }
            let mut clock = vk::PhysicalDeviceShaderClockFeaturesKHR::default().shader_subgroup_clock(true);
            if infos[index].shader_clock {
                info = info.push_next(&mut clock);
            }
            let device = unsafe { instance.create_device(physical, &info, None) }.map_err(Error::vk("vkCreateDevice"))?;
            let queue = unsafe { device.get_device_queue(family, 0) };
            // The driver's statistics need the feature too, not only the extension.
            let exec_info = exec_props && sx.pipeline_executable_info == vk::TRUE;
            Ok((physical, infos[index].clone(), family, ts_bits, device, queue, exec_info))
        })();
        let (physical, info, family, ts_bits, device, queue, exec_props) = match result {
            Ok(v) => v,
            Err(e) => {
                cleanup(&instance, &messenger);
                return Err(e);
            }
        };
        Self::finish(entry, instance, physical, device, family, queue, info, ts_bits, exec_props, sink, messenger, true, options.timeout)
    }

    /// Adopts the caller's raw handles (engine mode): a Vulkan 1.3 device made with
    /// `synchronization2` and `maintenance4` enabled (our SPIR-V 1.6 kernels size their
    /// workgroups by specialization, `LocalSizeId`) and VK_KHR_push_descriptor. Nothing adopted is
    /// destroyed on drop. The
    /// context's own `submit`, `upload` and `read` submit to the adopted queue: the caller must
    /// not use that queue from another thread meanwhile (Vulkan's external synchronization).
    ///
    /// # Safety
    /// The handles must be valid, created as `AdoptInfo` describes, and outlive this context and
    /// every buffer, image and kernel made from it.
    pub unsafe fn adopt(adopt: &AdoptInfo, timeout: Duration) -> Result<Context> {
        let entry = load_entry()?;
        let instance = ash::Instance::load(entry.static_fn(), adopt.instance);
        let device = ash::Device::load(instance.fp_v1_0(), adopt.device);
        // A device-level function of an extension that was not enabled resolves to null.
        let name = c"vkCmdPushDescriptorSetKHR";
        if (instance.fp_v1_0().get_device_proc_addr)(adopt.device, name.as_ptr()).is_none() {
            return Err(Error::Unsupported("the adopted device was created without VK_KHR_push_descriptor".into()));
        }
        if (instance.fp_v1_0().get_device_proc_addr)(adopt.device, c"vkCmdPipelineBarrier2".as_ptr()).is_none() {
            return Err(Error::Unsupported("the adopted device does not expose Vulkan 1.3 (vkCmdPipelineBarrier2)".into()));
        }
        // Everything that can fail before the messenger exists, so that no error leaves it behind.
        let devices = physical_devices(&instance)?;
        let index = devices
            .iter()
            .position(|&d| d == adopt.physical_device)
            .ok_or_else(|| Error::invalid("the adopted physical device is not one the adopted instance lists".to_string()))?;
        let sink = Arc::new(MessageSink::default());
        let messenger = if adopt.collect_validation {
            let du = ash::ext::debug_utils::Instance::new(&entry, &instance);
            let m = du
                .create_debug_utils_messenger(&validation::messenger_info(&sink), None)
                .map_err(Error::vk("vkCreateDebugUtilsMessengerEXT"))?;
            Some((du, m))
        } else {
            None
        };
        let mut info = describe(&instance, adopt.physical_device, index);
        // We cannot see which extensions and features the caller enabled: use none of the
        // optional ones.
        info.subgroup_partitioned = false;
        info.vulkan_memory_model = false;
        info.shader_clock = false;
        info.pipeline_statistics_query = false;
        info.subgroup_size_control = false;
        let families = instance.get_physical_device_queue_family_properties(adopt.physical_device);
        let ts_bits = families.get(adopt.queue_family_index as usize).map(|f| f.timestamp_valid_bits).unwrap_or(0);
        Self::finish(
            entry,
            instance,
            adopt.physical_device,
            device,
            adopt.queue_family_index,
            adopt.queue,
            info,
            ts_bits,
            false,
            sink,
            messenger,
            false,
            timeout,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn finish(
        entry: ash::Entry,
        instance: ash::Instance,
        physical: vk::PhysicalDevice,
        device: ash::Device,
        queue_family: u32,
        queue: vk::Queue,
        info: DeviceInfo,
        timestamp_valid_bits: u32,
        has_executable_properties: bool,
        sink: Arc<MessageSink>,
        messenger: Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>,
        owned: bool,
        timeout: Duration,
    ) -> Result<Context> {
        let destroy = |instance: &ash::Instance,
                       device: &ash::Device,
                       messenger: &Option<(ash::ext::debug_utils::Instance, vk::DebugUtilsMessengerEXT)>| unsafe {
            if owned {
                device.destroy_device(None);
            }
            if let Some((du, m)) = messenger {
                du.destroy_debug_utils_messenger(*m, None);
            }
            if owned {
                instance.destroy_instance(None);
            }
        };
        let allocator = match Allocator::new(&AllocatorCreateDesc {
            instance: instance.clone(),
            device: device.clone(),
            physical_device: physical,
            debug_settings: Default::default(),
            buffer_device_address: false,
            allocation_sizes: Default::default(),
        }) {
            Ok(a) => a,
            Err(e) => {
                destroy(&instance, &device, &messenger);
                return Err(e.into());
            }
        };
        let pool_info = vk::CommandPoolCreateInfo::default()
            .queue_family_index(queue_family)
            .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER | vk::CommandPoolCreateFlags::TRANSIENT);
        let pool = match unsafe { device.create_command_pool(&pool_info, None) } {
            Ok(p) => p,
            Err(e) => {
                drop(allocator);
                destroy(&instance, &device, &messenger);
                return Err(Error::vk("vkCreateCommandPool")(e));
            }
        };
        let push_descriptor = ash::khr::push_descriptor::Device::new(&instance, &device);
        Ok(Context {
            staging: Default::default(),
            sm_clock_peak: Default::default(),
            slow_clock_timings: Default::default(),
            inner: Arc::new(Inner {
                entry,
                instance,
                physical,
                device,
                queue,
                queue_family,
                push_descriptor,
                allocator: Mutex::new(Some(allocator)),
                pool: Mutex::new(pool),
                info,
                timestamp_valid_bits,
                has_executable_properties,
                internals_dir: Mutex::new(None),
                sink,
                messenger,
                owned,
                timeout_ns: std::sync::atomic::AtomicU64::new(nanos(timeout)),
                abandoned: false.into(),
            }),
        })
    }

    /// What we know of the device ([`DeviceInfo`]).
    pub fn info(&self) -> &DeviceInfo {
        &self.inner.info
    }
    /// The logical device, as `ash` loaded it (for raw Vulkan calls).
    pub fn device(&self) -> &ash::Device {
        &self.inner.device
    }
    /// The instance, as `ash` loaded it.
    pub fn instance(&self) -> &ash::Instance {
        &self.inner.instance
    }
    /// The Vulkan loader's entry points.
    pub fn entry(&self) -> &ash::Entry {
        &self.inner.entry
    }
    /// The physical device in use.
    pub fn physical_device(&self) -> vk::PhysicalDevice {
        self.inner.physical
    }
    /// The queue family of the queue we submit to.
    pub fn queue_family(&self) -> u32 {
        self.inner.queue_family
    }
    /// How long a submission of [`Context::submit`] may run before it is given up on.
    pub fn timeout(&self) -> Duration {
        self.inner.timeout()
    }
    /// Changes [`Context::timeout`] for the submissions that follow (a long job on a slow device,
    /// or a short bound to test a timeout with).
    pub fn set_timeout(&self, timeout: Duration) {
        self.inner.timeout_ns.store(nanos(timeout), std::sync::atomic::Ordering::Relaxed);
    }
    /// True once a submission ran past the timeout ([`Error::Timeout`]): the context takes no
    /// more work ([`Error::Abandoned`]), and its buffers, images and kernels are leaked rather
    /// than freed under work that may still be running, until [`Context::wait_idle`] sees the
    /// device idle. To go on without waiting, make a new context.
    pub fn is_abandoned(&self) -> bool {
        self.inner.abandoned()
    }
    /// Whether we enabled VK_KHR_pipeline_executable_properties on the device (never on an adopted
    /// one): then `Kernel::statistics` has the compiler's statistics, and `dump_internals_to` works.
    pub fn has_executable_properties(&self) -> bool {
        self.inner.has_executable_properties
    }
    /// From now on, each kernel this context builds writes what the driver tells of its pipeline
    /// into `dir` (created if missing), named after the shader and its specialization constants:
    /// `<kernel>.stats.txt` (registers, shared memory, spills...), one file per internal
    /// representation (RADV and ANV give their IRs and assembly; NVIDIA none), and the data of a
    /// pipeline cache the kernel was built through alone, `<kernel>.cache.bin` (NVIDIA keeps the
    /// machine code there, in a zstd frame written unpacked beside it for scripts/nvidia-sass).
    /// For studying what the compiler made of a kernel. Needs VK_KHR_pipeline_executable_properties with
    /// `pipelineExecutableInfo` (`workgroup devices`: "driver statistics"); `Unsupported` without.
    pub fn dump_internals_to(&self, dir: &std::path::Path) -> Result<()> {
        if !self.inner.has_executable_properties {
            return Err(Error::Unsupported(format!(
                "{} does not offer VK_KHR_pipeline_executable_properties (pipelineExecutableInfo), so its kernels' internals cannot be read",
                self.inner.info.name
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| Error::invalid(format!("cannot create {}: {e}", dir.display())))?;
        *self.inner.internals_dir.lock().unwrap_or_else(|p| p.into_inner()) = Some(dir.to_path_buf());
        Ok(())
    }
    /// Whether validation messages are collected (the validation layer is on). Ops that order
    /// work in ways the layer cannot see record a barrier instead (`stable`'s overlapping passes).
    pub fn validating(&self) -> bool {
        self.inner.messenger.is_some()
    }
    /// Validation messages collected so far (empty when validation is off).
    pub fn validation_messages(&self) -> Vec<String> {
        self.inner.sink.messages.lock().map(|m| m.clone()).unwrap_or_default()
    }
    /// A handle on this context's validation messages that outlives the context.
    pub fn message_sink(&self) -> Arc<MessageSink> {
        self.inner.sink.clone()
    }
    /// Returns and clears the collected validation messages.
    pub fn take_validation_messages(&self) -> Vec<String> {
        self.inner.sink.messages.lock().map(|mut m| std::mem::take(&mut *m)).unwrap_or_default()
    }
    /// Waits until the device is idle.
    pub fn wait_idle(&self) -> Result<()> {
        unsafe { self.inner.device.device_wait_idle() }.map_err(Error::vk("vkDeviceWaitIdle"))?;
        // Nothing runs any more: a context abandoned after a timeout takes work again, and frees
        // what it drops from now on (what it dropped meanwhile stays leaked).
        self.inner.abandoned.store(false, std::sync::atomic::Ordering::Release);
        Ok(())
    }
}

/// A duration in nanoseconds, as Vulkan's waits take it (saturating: past u64 is forever).
pub(crate) fn nanos(d: Duration) -> u64 {
    d.as_nanos().min(u64::MAX as u128) as u64
}

impl Inner {
    pub fn timeout(&self) -> Duration {
        Duration::from_nanos(self.timeout_ns.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        if self.abandoned() {
            // Work that timed out may still run: leak the device and its memory (the allocator
            // frees its blocks when dropped) rather than wait for it without bound or free
            // anything under it.
            if let Ok(mut a) = self.allocator.lock() {
                std::mem::forget(a.take());
            }
            return;
        }
        let _turn = self.owned.then(lifecycle_lock);
        unsafe {
            // Our own submissions are all waited for; an adopted device's other queues are the
            // caller's business, so only an owned device is waited on here.
            if self.owned {
                let _ = self.device.device_wait_idle();
            }
            if let Ok(mut a) = self.allocator.lock() {
                a.take();
            }
            if let Ok(p) = self.pool.lock() {
                self.device.destroy_command_pool(*p, None);
            }
            if self.owned {
                self.device.destroy_device(None);
            }
            if let Some((du, m)) = self.messenger.take() {
                du.destroy_debug_utils_messenger(m, None);
            }
            if self.owned {
                self.instance.destroy_instance(None);
            }
        }
    }
}
