//! A kernel: a compute pipeline built from a shader of the table, with its specialization
//! constants, a push-descriptor set layout reflected from the SPIR-V, and its push constants.
use super::context::{Context, Inner};
use super::error::{Error, Result};
use super::shader::{BindingKind, ShaderInfo};
use ash::vk;
use std::sync::Arc;

pub struct Kernel {
    inner: Arc<Inner>,
    pub(crate) pipeline: vk::Pipeline,
    pub(crate) layout: vk::PipelineLayout,
    set_layout: vk::DescriptorSetLayout,
    pub shader: &'static ShaderInfo,
    /// The specialization constants it was built with, `(constant_id, value)`.
    pub spec: Vec<(u32, u32)>,
}

impl Kernel {
    /// Builds `shader` with specialization constants `(constant_id, value)`; every id must be one
    /// the shader declares. Ids it declares but that are not given keep their GLSL default.
    pub fn new(ctx: &Context, shader: &'static ShaderInfo, spec: &[(u32, u32)]) -> Result<Kernel> {
        Self::with_subgroup_size(ctx, shader, spec, None)
    }

    /// As `new`, but requiring a subgroup size (VK_EXT_subgroup_size_control, core in 1.3) and
    /// full subgroups, for kernels whose shared layout depends on it.
    pub fn with_subgroup_size(ctx: &Context, shader: &'static ShaderInfo, spec: &[(u32, u32)], subgroup: Option<u32>) -> Result<Kernel> {
        for (id, _) in spec {
            if !shader.spec_ids.contains(id) {
                return Err(Error::invalid(format!(
                    "shader {} has no specialization constant {id} (has {:?})",
                    shader.name, shader.spec_ids
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
            let info = &inner.info;
            if size < info.min_subgroup_size || size > info.max_subgroup_size {
                unsafe {
                    device.destroy_shader_module(module, None);
                    device.destroy_pipeline_layout(layout, None);
                    device.destroy_descriptor_set_layout(set_layout, None);
                }
                return Err(Error::Unsupported(format!(
                    "subgroup size {size} (device offers {}..={})",
                    info.min_subgroup_size, info.max_subgroup_size
                )));
            }
            required = required.required_subgroup_size(size);
            stage = stage.push_next(&mut required);
        }
        let mut flags = vk::PipelineCreateFlags::empty();
        if inner.has_executable_properties {
            flags |= vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR;
        }
        let create = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout).flags(flags);
        let result = unsafe { device.create_compute_pipelines(vk::PipelineCache::null(), &[create], None) };
        unsafe { device.destroy_shader_module(module, None) };
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
        Ok(Kernel { inner, pipeline, layout, set_layout, shader, spec: spec.to_vec() })
    }

    pub fn name(&self) -> &'static str {
        self.shader.name
    }
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
                out.push((name, value));
            }
        }
        out
    }
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
