//! The types of the shader table that build.rs generates from `glsl/**/*.comp`.

/// The kind of one descriptor binding, as reflected from the SPIR-V.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BindingKind {
    /// A storage buffer (`buffer` block).
    StorageBuffer,
    /// A storage image (`image2D`, with `imageLoad` / `imageStore`).
    StorageImage,
    /// A `texture2D` read with `texelFetch` (GL_EXT_samplerless_texture_functions): no sampler.
    SampledImage,
    /// A uniform buffer (`uniform` block).
    UniformBuffer,
}

/// One binding of descriptor set 0.
#[derive(Clone, Copy, Debug)]
pub struct BindingInfo {
    /// The binding number (`layout(binding = N)`).
    pub binding: u32,
    /// What is bound there.
    pub kind: BindingKind,
}

/// One compiled compute shader: its name is its path under `glsl/` without `.comp`.
#[derive(Debug)]
pub struct ShaderInfo {
    /// The path under `glsl/` without `.comp` (`"layout/linear_index"`).
    pub name: &'static str,
    /// The SPIR-V module, in 32-bit words.
    pub spirv: &'static [u32],
    /// Bindings of descriptor set 0, sorted by binding number.
    pub bindings: &'static [BindingInfo],
    /// Bytes of push constants the shader declares (0 if none).
    pub push_constant_size: u32,
    /// Specialization-constant ids the shader declares (`constant_id`, `local_size_x_id`).
    pub spec_ids: &'static [u32],
}

impl ShaderInfo {
    /// The module's instructions after the header, each as its words (opcode and word count
    /// first); a truncated last instruction ends the walk.
    fn instructions(&self) -> impl Iterator<Item = &'static [u32]> {
        let w = self.spirv;
        let mut i = 5.min(w.len());
        std::iter::from_fn(move || {
            let count = ((*w.get(i)? >> 16) as usize).max(1);
            let inst = w.get(i..i + count)?;
            i += count;
            Some(inst)
        })
    }

    /// The SPIR-V capabilities the module declares (`OpCapability`).
    pub fn capabilities(&self) -> Vec<u32> {
        const OP_CAPABILITY: u32 = 17;
        self.instructions().filter(|inst| inst[0] & 0xffff == OP_CAPABILITY && inst.len() == 2).map(|inst| inst[1]).collect()
    }

    /// The workgroup size the module declares, with `spec` (`(constant_id, value)`) applied where
    /// it is given by specialization constants (`local_size_x_id`, SPIR-V 1.6's `LocalSizeId`);
    /// `None` where the module says none we can read.
    pub fn workgroup_size(&self, spec: &[(u32, u32)]) -> Option<[u32; 3]> {
        const OP_EXECUTION_MODE: u32 = 16;
        const OP_EXECUTION_MODE_ID: u32 = 331;
        const OP_DECORATE: u32 = 71;
        const OP_CONSTANT: u32 = 43;
        const OP_SPEC_CONSTANT: u32 = 50;
        const MODE_LOCAL_SIZE: u32 = 17;
        const MODE_LOCAL_SIZE_ID: u32 = 38;
        const DECORATION_SPEC_ID: u32 = 1;
        let (mut literal, mut ids) = (None, None);
        let mut spec_id_of = std::collections::HashMap::new();
        let mut value_of = std::collections::HashMap::new();
        for w in self.instructions() {
            match (w[0] & 0xffff, w.len()) {
                (OP_EXECUTION_MODE, 6) if w[2] == MODE_LOCAL_SIZE => literal = Some([w[3], w[4], w[5]]),
                (OP_EXECUTION_MODE_ID, 6) if w[2] == MODE_LOCAL_SIZE_ID => ids = Some([w[3], w[4], w[5]]),
                (OP_DECORATE, 4) if w[2] == DECORATION_SPEC_ID => {
                    spec_id_of.insert(w[1], w[3]);
                }
                (OP_CONSTANT | OP_SPEC_CONSTANT, 4) => {
                    value_of.insert(w[2], w[3]);
                }
                _ => {}
            }
        }
        if let Some(ids) = ids {
            let value = |id: u32| match spec_id_of.get(&id).and_then(|sid| spec.iter().find(|(k, _)| k == sid)) {
                Some(&(_, v)) => Some(v),
                None => value_of.get(&id).copied(),
            };
            return Some([value(ids[0])?, value(ids[1])?, value(ids[2])?]);
        }
        literal
    }

    /// What this kernel needs and `device` does not offer: subgroup operations in compute
    /// shaders (named as `DeviceInfo::subgroup_operations` names them), partitioned subgroups,
    /// the subgroup clock. Empty where it can run. A pipeline made anyway would be invalid usage,
    /// so `Kernel::new` refuses it, saying what is missing ([`needs_in_words`]).
    pub fn unmet_needs(&self, device: &super::DeviceInfo) -> Vec<&'static str> {
        let caps = self.capabilities();
        let offered = |name: &str| match name {
            "partitioned" => device.subgroup_partitioned,
            "shader clock" => device.shader_clock,
            _ => device.subgroup_in_compute && device.subgroup_operations.iter().any(|o| o == name),
        };
        NEEDS.iter().filter(|(cap, name, _)| caps.contains(cap) && !offered(name)).map(|(_, name, _)| *name).collect()
    }
}

/// SPIR-V capabilities that ask for a device feature or property beyond Vulkan 1.3's core: the
/// capability, its name as `DeviceInfo` gives it, and what it is in words.
const NEEDS: &[(u32, &str, &str)] = &[
    (61, "basic", "subgroup basic operations"),                       // GroupNonUniform
    (62, "vote", "subgroup vote operations"),                         // GroupNonUniformVote
    (63, "arithmetic", "subgroup arithmetic operations"),             // GroupNonUniformArithmetic
    (64, "ballot", "subgroup ballot operations"),                     // GroupNonUniformBallot
    (65, "shuffle", "subgroup shuffle operations"),                   // GroupNonUniformShuffle
    (66, "shuffle_relative", "subgroup shuffle_relative operations"), // GroupNonUniformShuffleRelative
    (67, "clustered", "subgroup clustered operations"),               // GroupNonUniformClustered
    (68, "quad", "subgroup quad operations"),                         // GroupNonUniformQuad
    (5297, "partitioned", "partitioned subgroups (VK_NV_shader_subgroup_partitioned)"), // GroupNonUniformPartitionedNV
    (5055, "shader clock", "the subgroup clock (VK_KHR_shader_clock)"), // ShaderClockKHR
];

/// The needs `unmet_needs` names, in words, comma-separated.
pub fn needs_in_words(names: &[&str]) -> String {
    let words: Vec<&str> = names.iter().filter_map(|n| NEEDS.iter().find(|(_, name, _)| name == n).map(|(_, _, w)| *w)).collect();
    words.join(", ")
}

/// Looks a shader up by name (`"layout/linear_index"`).
pub fn find(name: &str) -> Option<&'static ShaderInfo> {
    crate::shaders::ALL.iter().copied().find(|s| s.name == name)
}
