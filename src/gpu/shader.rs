//! The types of the shader table that build.rs generates from `glsl/**/*.comp`.

/// The kind of one descriptor binding, as reflected from the SPIR-V.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingKind {
    StorageBuffer,
    StorageImage,
    /// A `texture2D` read with `texelFetch` (GL_EXT_samplerless_texture_functions): no sampler.
    SampledImage,
    UniformBuffer,
}

#[derive(Clone, Copy, Debug)]
pub struct BindingInfo {
    pub binding: u32,
    pub kind: BindingKind,
}

/// One compiled compute shader: its name is its path under `glsl/` without `.comp`.
#[derive(Debug)]
pub struct ShaderInfo {
    pub name: &'static str,
    pub spirv: &'static [u32],
    /// Bindings of descriptor set 0, sorted by binding number.
    pub bindings: &'static [BindingInfo],
    /// Bytes of push constants the shader declares (0 if none).
    pub push_constant_size: u32,
    /// Specialization-constant ids the shader declares (`constant_id`, `local_size_x_id`).
    pub spec_ids: &'static [u32],
}

/// Looks a shader up by name (`"layout/linear_index"`).
pub fn find(name: &str) -> Option<&'static ShaderInfo> {
    crate::shaders::ALL.iter().copied().find(|s| s.name == name)
}
