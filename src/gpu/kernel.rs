//! A kernel: a compute pipeline built from a shader of the table, with its specialization
//! constants, a push-descriptor set layout reflected from the SPIR-V, and its push constants.
use super::context::{Context, Inner};
use super::error::{Error, Result};
use super::shader::{BindingKind, ShaderInfo};
use ash::vk;
use std::sync::Arc;

/// One internal representation of a pipeline's executable (VK_KHR_pipeline_executable_properties).
#[derive(Clone, Debug)]
pub struct InternalRepresentation {
    /// The driver's name of the pipeline executable (a stage, or part of one) it belongs to.
    pub executable: String,
    /// The representation's name, as the driver gives it.
    pub name: String,
    /// The driver's description of it.
    pub description: String,
    /// Text (without its terminating zero) or opaque bytes.
    pub is_text: bool,
    /// Its contents.
    pub data: Vec<u8>,
}

/// A compute pipeline of one shader of the table, with its specialization constants; record it
/// with `Recorder::dispatch`. Destroyed on drop.
pub struct Kernel {
    inner: Arc<Inner>,
    pub(crate) pipeline: vk::Pipeline,
    pub(crate) layout: vk::PipelineLayout,
    set_layout: vk::DescriptorSetLayout,
    /// The shader it was built from.
    pub shader: &'static ShaderInfo,
    /// The specialization constants it was built with, `(constant_id, value)`.
    pub spec: Vec<(u32, u32)>,
    /// Built with CAPTURE_INTERNAL_REPRESENTATIONS (the only pipelines the driver may be asked).
    captured: bool,
}

impl Kernel {
    /// Builds `shader` with specialization constants `(constant_id, value)`; every id must be one
    /// the shader declares. Ids it declares but that are not given keep their GLSL default.
    pub fn new(ctx: &Context, shader: &'static ShaderInfo, spec: &[(u32, u32)]) -> Result<Kernel> {
        Self::with_subgroup_size(ctx, shader, spec, None)
    }

    /// As `new`, but requiring a subgroup size (VK_EXT_subgroup_size_control, core in 1.3), for
    /// kernels whose shared layout depends on it. Refused where the size is outside the device's
    /// range, or where the control is not enabled (an adopted device: we cannot see its features).
    pub fn with_subgroup_size(ctx: &Context, shader: &'static ShaderInfo, spec: &[(u32, u32)], subgroup: Option<u32>) -> Result<Kernel> {
        for (id, _) in spec {
            if !shader.spec_ids.contains(id) {
                return Err(Error::invalid(format!(
                    "shader {} has no specialization constant {id} (has {:?})",
                    shader.name, shader.spec_ids
                )));
            }
        }
        let unmet = shader.unmet_needs(ctx.info());
        if !unmet.is_empty() {
            return Err(Error::Unsupported(format!(
                "kernel {} needs {} in compute shaders, which {} does not offer",
                shader.name,
                super::shader::needs_in_words(&unmet),
                ctx.info().name
            )));
        }
        if let Some(size) = shader.workgroup_size(spec) {
            let info = ctx.info();
            let total = size.iter().map(|&d| d as u64).product::<u64>();
            let fits = size.iter().zip(info.max_workgroup_size).all(|(&d, m)| d <= m);
            if size.contains(&0) || !fits || total > info.max_workgroup_invocations as u64 {
                return Err(Error::Unsupported(format!(
                    "kernel {} in workgroups of {}x{}x{}: {} allows at most {:?} and {} invocations",
                    shader.name, size[0], size[1], size[2], info.name, info.max_workgroup_size, info.max_workgroup_invocations
                )));
            }
        }
        if let Some(size) = subgroup {
            let info = ctx.info();
            if !info.subgroup_size_control {
                return Err(Error::Unsupported(format!("a required subgroup size ({} has no subgroupSizeControl enabled)", info.name)));
            }
            if size < info.min_subgroup_size || size > info.max_subgroup_size {
                return Err(Error::Unsupported(format!(
                    "subgroup size {size} (device offers {}..={})",
                    info.min_subgroup_size, info.max_subgroup_size
                )));
            }
        }
        let inner = ctx.inner.clone();
        let device = &inner.device;
        let bindings: Vec<vk::DescriptorSetLayoutBinding> = shader
            .bindings
            .iter()
            .map(|b| {
                vk::DescriptorSetLayoutBinding::default()
                    .binding(b.binding)
                    .descriptor_type(descriptor_type(b.kind))
                    .descriptor_count(1)
                    .stage_flags(vk::ShaderStageFlags::COMPUTE)
            })
            .collect();
        let set_info =
            vk::DescriptorSetLayoutCreateInfo::default().flags(vk::DescriptorSetLayoutCreateFlags::PUSH_DESCRIPTOR_KHR).bindings(&bindings);
        let set_layout =
            unsafe { device.create_descriptor_set_layout(&set_info, None) }.map_err(Error::vk("vkCreateDescriptorSetLayout"))?;
        let ranges =
            [vk::PushConstantRange::default().stage_flags(vk::ShaderStageFlags::COMPUTE).offset(0).size(shader.push_constant_size)];
        let set_layouts = [set_layout];
        let mut layout_info = vk::PipelineLayoutCreateInfo::default().set_layouts(&set_layouts);
        if shader.push_constant_size > 0 {
            layout_info = layout_info.push_constant_ranges(&ranges);
        }
        let layout = match unsafe { device.create_pipeline_layout(&layout_info, None) } {
            Ok(l) => l,
            Err(e) => {
                unsafe { device.destroy_descriptor_set_layout(set_layout, None) };
                return Err(Error::vk("vkCreatePipelineLayout")(e));
            }
        };
        let module_info = vk::ShaderModuleCreateInfo::default().code(shader.spirv);
        let module = match unsafe { device.create_shader_module(&module_info, None) } {
            Ok(m) => m,
            Err(e) => {
                unsafe {
                    device.destroy_pipeline_layout(layout, None);
                    device.destroy_descriptor_set_layout(set_layout, None);
                }
                return Err(Error::vk("vkCreateShaderModule")(e));
            }
        };
        let entries: Vec<vk::SpecializationMapEntry> = spec
            .iter()
            .enumerate()
            .map(|(i, (id, _))| vk::SpecializationMapEntry::default().constant_id(*id).offset(i as u32 * 4).size(4))
            .collect();
        let data: Vec<u8> = spec.iter().flat_map(|(_, v)| v.to_le_bytes()).collect();
        let spec_info = vk::SpecializationInfo::default().map_entries(&entries).data(&data);
        let mut required = vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo::default();
        let mut stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(module)
            .name(c"main")
            .specialization_info(&spec_info);
        if let Some(size) = subgroup {
            required = required.required_subgroup_size(size);
            stage = stage.push_next(&mut required);
        }
        let mut flags = vk::PipelineCreateFlags::empty();
        if inner.has_executable_properties {
            flags |= vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR;
        }
        let internals_dir = inner.internals_dir.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if internals_dir.is_some() {
            flags |= vk::PipelineCreateFlags::CAPTURE_INTERNAL_REPRESENTATIONS_KHR;
        }
        let create = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout).flags(flags);
        // With `--internals`, the pipeline goes through a cache of its own whose data is written out
        // too: a driver that gives no internal representations (NVIDIA) keeps its code there.
        let cache = match &internals_dir {
            Some(_) => unsafe { device.create_pipeline_cache(&vk::PipelineCacheCreateInfo::default(), None) }.unwrap_or_default(),
            None => vk::PipelineCache::null(),
        };
        let result = unsafe { device.create_compute_pipelines(cache, &[create], None) };
        unsafe { device.destroy_shader_module(module, None) };
        let cache_data = if cache != vk::PipelineCache::null() {
            let data = unsafe { device.get_pipeline_cache_data(cache) }.unwrap_or_default();
            unsafe { device.destroy_pipeline_cache(cache, None) };
            data
        } else {
            Vec::new()
        };
        let pipeline = match result {
            Ok(p) => p[0],
            Err((_, e)) => {
                unsafe {
                    device.destroy_pipeline_layout(layout, None);
                    device.destroy_descriptor_set_layout(set_layout, None);
                }
                return Err(Error::vk("vkCreateComputePipelines")(e));
            }
        };
        let captured = internals_dir.is_some();
        let kernel = Kernel { inner, pipeline, layout, set_layout, shader, spec: spec.to_vec(), captured };
        if let Some(dir) = internals_dir {
            kernel.write_internals(&dir, &cache_data)?;
        }
        Ok(kernel)
    }

    /// The kernel's name in file names: the shader, then its specialization constants
    /// (`sort.radix_scatter.c0-256.c1-12`), so that two builds of one shader keep apart.
    pub fn label(&self) -> String {
        let mut label = self.shader.name.replace(['/', '\\'], ".");
        for (id, value) in &self.spec {
            label.push_str(&format!(".c{id}-{value}"));
        }
        label
    }

    /// The internal representations the driver kept of this pipeline, per executable. Empty unless
    /// the kernel was built after [`super::Context::dump_internals_to`].
    pub fn internal_representations(&self) -> Result<Vec<InternalRepresentation>> {
        if !self.inner.has_executable_properties || !self.captured {
            return Ok(Vec::new());
        }
        let ext = ash::khr::pipeline_executable_properties::Device::new(&self.inner.instance, &self.inner.device);
        let info = vk::PipelineInfoKHR::default().pipeline(self.pipeline);
        let execs = unsafe { ext.get_pipeline_executable_properties(&info) }.map_err(Error::vk("vkGetPipelineExecutablePropertiesKHR"))?;
        let get = ext.fp().get_pipeline_executable_internal_representations_khr;
        let mut out = Vec::new();
        for (i, exec) in execs.iter().enumerate() {
            let exec_name = exec.name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
            let ei = vk::PipelineExecutableInfoKHR::default().pipeline(self.pipeline).executable_index(i as u32);
            // The spec's two calls: how many, then their sizes (pData null); then the bytes.
            let mut count = 0u32;
            unsafe { get(self.inner.device.handle(), &ei, &mut count, std::ptr::null_mut()) }
                .result()
                .map_err(Error::vk("vkGetPipelineExecutableInternalRepresentationsKHR"))?;
            let mut reps = vec![vk::PipelineExecutableInternalRepresentationKHR::default(); count as usize];
            unsafe { get(self.inner.device.handle(), &ei, &mut count, reps.as_mut_ptr()) }
                .result()
                .map_err(Error::vk("vkGetPipelineExecutableInternalRepresentationsKHR"))?;
            reps.truncate(count as usize);
            let mut bytes: Vec<Vec<u8>> = reps.iter().map(|r| vec![0u8; r.data_size]).collect();
            for (r, b) in reps.iter_mut().zip(bytes.iter_mut()) {
                r.p_data = b.as_mut_ptr().cast();
            }
            unsafe { get(self.inner.device.handle(), &ei, &mut count, reps.as_mut_ptr()) }
                .result()
                .map_err(Error::vk("vkGetPipelineExecutableInternalRepresentationsKHR"))?;
            for (r, mut b) in reps.iter().zip(bytes) {
                b.truncate(r.data_size);
                if r.is_text == vk::TRUE {
                    while b.last() == Some(&0) {
                        b.pop();
                    }
                }
                let name = r.name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
                let description = r.description_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
                out.push(InternalRepresentation {
                    executable: exec_name.clone(),
                    name,
                    description,
                    is_text: r.is_text == vk::TRUE,
                    data: b,
                });
            }
        }
        Ok(out)
    }

    /// Writes `<label>.stats.txt`, `<label>.<executable>.<representation>.txt` and the pipeline
    /// cache's data, `<label>.cache.bin` (and `.cache.unpacked.bin` where it holds a zstd frame),
    /// into `dir`.
    fn write_internals(&self, dir: &std::path::Path, cache_data: &[u8]) -> Result<()> {
        let clean = |s: &str| -> String {
            let c: String = s.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
            if c.is_empty() {
                "unnamed".into()
            } else {
                c
            }
        };
        let write = |name: String, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).map_err(|e| Error::invalid(format!("cannot write {}: {e}", path.display())))
        };
        let label = self.label();
        let stats: String = self.statistics().iter().map(|(k, v)| format!("{k}: {v}\n")).collect();
        write(format!("{label}.stats.txt"), stats.as_bytes())?;
        if !cache_data.is_empty() {
            write(format!("{label}.cache.bin"), cache_data)?;
        }
        // NVIDIA keeps the compiled code in a zstd frame inside its cache data: unpacked, it is what
        // scripts/nvidia-sass disassembles (the driver gives no internal representations).
        if let Some(unpacked) = unpack_zstd_frame(cache_data) {
            write(format!("{label}.cache.unpacked.bin"), &unpacked)?;
        }
        for (i, r) in self.internal_representations()?.into_iter().enumerate() {
            let stem = format!("{label}.{i}-{}.{}", clean(&r.executable), clean(&r.name));
            if r.is_text {
                let mut text = format!("// {}: {} ({})\n", r.executable, r.name, r.description).into_bytes();
                text.extend_from_slice(&r.data);
                write(format!("{stem}.txt"), &text)?;
            } else {
                write(format!("{stem}.bin"), &r.data)?;
            }
        }
        Ok(())
    }

    /// The shader's name (`ShaderInfo::name`).
    pub fn name(&self) -> &'static str {
        self.shader.name
    }
    /// The compute pipeline, for raw Vulkan calls.
    pub fn pipeline(&self) -> vk::Pipeline {
        self.pipeline
    }

    /// Compiler statistics of this pipeline (registers, shared memory, spills, ...), where the
    /// driver offers VK_KHR_pipeline_executable_properties; empty otherwise.
    pub fn statistics(&self) -> Vec<(String, String)> {
        if !self.inner.has_executable_properties {
            return Vec::new();
        }
        let ext = ash::khr::pipeline_executable_properties::Device::new(&self.inner.instance, &self.inner.device);
        let mut out = Vec::new();
        let info = vk::PipelineInfoKHR::default().pipeline(self.pipeline);
        let Ok(execs) = (unsafe { ext.get_pipeline_executable_properties(&info) }) else { return out };
        for (i, _) in execs.iter().enumerate() {
            let ei = vk::PipelineExecutableInfoKHR::default().pipeline(self.pipeline).executable_index(i as u32);
            let Ok(stats) = (unsafe { ext.get_pipeline_executable_statistics(&ei) }) else { continue };
            for s in stats {
                let name = s.name_as_c_str().map(|c| c.to_string_lossy().into_owned()).unwrap_or_default();
                let value = unsafe {
                    match s.format {
                        vk::PipelineExecutableStatisticFormatKHR::BOOL32 => (s.value.b32 != 0).to_string(),
                        vk::PipelineExecutableStatisticFormatKHR::INT64 => s.value.i64.to_string(),
                        vk::PipelineExecutableStatisticFormatKHR::UINT64 => s.value.u64.to_string(),
                        vk::PipelineExecutableStatisticFormatKHR::FLOAT64 => s.value.f64.to_string(),
                        _ => String::from("?"),
                    }
                };
                let value = local_memory_bytes(&name, &value).unwrap_or(value);
                out.push((name, value));
            }
        }
        out
    }
}

/// NVIDIA's driver tells "Local Memory Size" as 2^36 plus the kernel's local memory per
/// invocation (68719476736 for every kernel without any; 68719477760 for the histogram's
/// per-thread step, whose 256 private bins are 1024 bytes): the bytes, with the raw value after.
fn local_memory_bytes(name: &str, value: &str) -> Option<String> {
    const BASE: u64 = 1 << 36;
    let v: u64 = value.parse().ok()?;
    (name == "Local Memory Size" && (BASE..2 * BASE).contains(&v)).then(|| format!("{} (driver: {v})", v - BASE))
}

/// The first zstd frame in `data`, decompressed; `None` if there is none or it does not decode.
pub(crate) fn unpack_zstd_frame(data: &[u8]) -> Option<Vec<u8>> {
    use std::io::Read;
    const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];
    let at = data.windows(4).position(|w| w == ZSTD_MAGIC)?;
    let mut unpacked = Vec::new();
    ruzstd::decoding::StreamingDecoder::new(&data[at..]).ok()?.read_to_end(&mut unpacked).ok()?;
    Some(unpacked)
}

pub(crate) fn descriptor_type(kind: BindingKind) -> vk::DescriptorType {
    match kind {
        BindingKind::StorageBuffer => vk::DescriptorType::STORAGE_BUFFER,
        BindingKind::StorageImage => vk::DescriptorType::STORAGE_IMAGE,
        BindingKind::SampledImage => vk::DescriptorType::SAMPLED_IMAGE,
        BindingKind::UniformBuffer => vk::DescriptorType::UNIFORM_BUFFER,
    }
}

impl Drop for Kernel {
    fn drop(&mut self) {
        if self.inner.abandoned() {
            return; // timed-out work may still run its pipeline (lavapipe: its compiled code)
        }
        unsafe {
            self.inner.device.destroy_pipeline(self.pipeline, None);
            self.inner.device.destroy_pipeline_layout(self.layout, None);
            self.inner.device.destroy_descriptor_set_layout(self.set_layout, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{local_memory_bytes, unpack_zstd_frame};

    #[test]
    fn local_memory_is_told_in_bytes() {
        // As an H100 and an H200 (driver 580.159.04) told them.
        assert_eq!(local_memory_bytes("Local Memory Size", "68719476736").as_deref(), Some("0 (driver: 68719476736)"));
        assert_eq!(local_memory_bytes("Local Memory Size", "68719477760").as_deref(), Some("1024 (driver: 68719477760)"));
        assert_eq!(local_memory_bytes("Local Memory Size", "512"), None, "another driver's bytes stay as told");
        assert_eq!(local_memory_bytes("Register Count", "68719476736"), None);
    }

    #[test]
    fn unpacks_an_nvidia_pipeline_cache() {
        // The cache data of `compact/stable_overlap_flip` from an H100 (driver 580.159.04).
        let data = include_bytes!("../../tests/data/nvidia-h100-pipeline-cache.bin");
        let unpacked = unpack_zstd_frame(data).expect("a zstd frame");
        assert!(unpacked.starts_with(b"NVDANVVMNVuc"), "{:?}", &unpacked[..16]);
        assert!(unpacked.len() > data.len());
        assert_eq!(unpack_zstd_frame(b"no frame here"), None);
        assert_eq!(unpack_zstd_frame(&data[..data.len() / 2]), None, "a cut frame does not decode");
    }
}
