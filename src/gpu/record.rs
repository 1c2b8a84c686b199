//! Recording into any `vk::CommandBuffer` — ours or an engine's — and the run-and-wait path.
//!
//! A dispatch reads like the lecture: what is bound, the groups dispatched, the barrier after:
//! ```text
//! rec.dispatch(&count_shared, [groups_x, groups_y, 1], &[image.bind(), bins.bind()], &push)?;
//! rec.barrier(Sync::ComputeToCompute);
//! ```
use super::context::Context;
use super::error::{Error, Result};
use super::kernel::{descriptor_type, Kernel};
use super::shader::BindingKind;
use ash::vk;

/// One resource bound to a kernel binding, in binding order.
#[derive(Clone, Copy, Debug)]
pub enum Bind {
    /// A storage (or uniform) buffer range.
    Buffer {
        /// The buffer.
        buffer: vk::Buffer,
        /// Where the range starts, in bytes.
        offset: u64,
        /// Its length in bytes.
        range: u64,
    },
    /// A storage image view in `GENERAL` layout.
    Image {
        /// The image view.
        view: vk::ImageView,
    },
    /// A sampled image view, read with `texelFetch` (no sampler), in `layout`.
    Sampled {
        /// The image view.
        view: vk::ImageView,
        /// The layout the image is in when the dispatch runs.
        layout: vk::ImageLayout,
    },
}

impl Bind {
    /// Binds a caller's buffer (engine mode).
    pub fn raw_buffer(buffer: vk::Buffer, offset: u64, range: u64) -> Bind {
        Bind::Buffer { buffer, offset, range }
    }
    /// Binds a caller's storage image view (engine mode), which must be in `GENERAL` layout.
    pub fn raw_image(view: vk::ImageView) -> Bind {
        Bind::Image { view }
    }
    /// Binds a caller's sampled image view (engine mode), in `layout` when the dispatch runs
    /// (`SHADER_READ_ONLY_OPTIMAL` or `GENERAL`).
    pub fn raw_sampled(view: vk::ImageView, layout: vk::ImageLayout) -> Bind {
        Bind::Sampled { view, layout }
    }
}

/// The usual hand-offs between steps, as synchronization2 memory barriers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    /// A dispatch's writes become visible to the next dispatch (read or write).
    ComputeToCompute,
    /// A fill or copy is visible to the next dispatch.
    TransferToCompute,
    /// A dispatch's writes are visible to a following copy or fill.
    ComputeToTransfer,
    /// A copy's or fill's writes are visible to a following copy or fill.
    TransferToTransfer,
    /// Copies and fills are visible to everything after (used after uploads).
    TransferToAll,
    /// Everything before is visible to a following copy (used before read-backs).
    AllToTransfer,
    /// A copy's writes are visible to the host after the fence.
    TransferToHost,
    /// A dispatch's writes are visible to the host after the fence.
    ComputeToHost,
    /// A dispatch wrote workgroup counts that a following indirect dispatch reads.
    ComputeToIndirect,
    /// Everything to everything: the big hammer.
    Full,
}

impl Sync {
    fn masks(self) -> (vk::PipelineStageFlags2, vk::AccessFlags2, vk::PipelineStageFlags2, vk::AccessFlags2) {
        use vk::AccessFlags2 as A;
        use vk::PipelineStageFlags2 as S;
        let cs = S::COMPUTE_SHADER;
        let tr = S::ALL_TRANSFER;
        let crw = A::SHADER_STORAGE_READ | A::SHADER_STORAGE_WRITE | A::SHADER_SAMPLED_READ;
        match self {
            Sync::ComputeToCompute => (cs, A::SHADER_STORAGE_WRITE, cs, crw),
            Sync::TransferToCompute => (tr, A::TRANSFER_WRITE, cs, crw),
            Sync::ComputeToTransfer => (cs, A::SHADER_STORAGE_WRITE, tr, A::TRANSFER_READ | A::TRANSFER_WRITE),
            Sync::TransferToTransfer => (tr, A::TRANSFER_WRITE, tr, A::TRANSFER_READ | A::TRANSFER_WRITE),
            Sync::TransferToAll => (tr, A::TRANSFER_WRITE, S::ALL_COMMANDS, A::MEMORY_READ | A::MEMORY_WRITE),
            Sync::AllToTransfer => (S::ALL_COMMANDS, A::MEMORY_WRITE, tr, A::TRANSFER_READ | A::TRANSFER_WRITE),
            Sync::TransferToHost => (tr, A::TRANSFER_WRITE, S::HOST, A::HOST_READ),
            Sync::ComputeToHost => (cs, A::SHADER_STORAGE_WRITE, S::HOST, A::HOST_READ),
            Sync::ComputeToIndirect => (cs, A::SHADER_STORAGE_WRITE, S::DRAW_INDIRECT | cs, A::INDIRECT_COMMAND_READ | crw),
            Sync::Full => (S::ALL_COMMANDS, A::MEMORY_WRITE, S::ALL_COMMANDS, A::MEMORY_READ | A::MEMORY_WRITE),
        }
    }
}

/// Records into a command buffer that is in the recording state. It does not begin or end it.
pub struct Recorder<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) cmd: vk::CommandBuffer,
}

impl<'a> Recorder<'a> {
    /// Wraps the caller's command buffer (engine mode). It must be in the recording state, from
    /// a pool of a queue family that supports compute, on the context's device.
    pub fn new(ctx: &'a Context, cmd: vk::CommandBuffer) -> Recorder<'a> {
        Recorder { ctx, cmd }
    }

    /// The command buffer recorded into.
    pub fn command_buffer(&self) -> vk::CommandBuffer {
        self.cmd
    }
    /// The context this records for.
    pub fn context(&self) -> &'a Context {
        self.ctx
    }

    /// Binds `kernel`, pushes `binds` (one per reflected binding, in binding order) and `push`
    /// constants, and dispatches `groups` workgroups. Zero groups records nothing.
    pub fn dispatch(&mut self, kernel: &Kernel, groups: [u32; 3], binds: &[Bind], push: &[u8]) -> Result<()> {
        self.check(kernel, binds, push)?;
        let max = self.ctx.info().max_workgroup_count;
        if groups.iter().zip(max.iter()).any(|(g, m)| g > m) {
            return Err(Error::invalid(format!("{}: {groups:?} workgroups exceed the device's maximum {max:?}", kernel.shader.name)));
        }
        if groups.contains(&0) {
            return Ok(());
        }
        self.bind(kernel, binds, push)?;
        unsafe { self.ctx.inner.device.cmd_dispatch(self.cmd, groups[0], groups[1], groups[2]) };
        Ok(())
    }

    /// As `dispatch`, with the workgroup counts read by the GPU from `indirect` at `offset`
    /// (three u32, written by an earlier step; barrier with `Sync::ComputeToIndirect`).
    pub fn dispatch_indirect(&mut self, kernel: &Kernel, indirect: vk::Buffer, offset: u64, binds: &[Bind], push: &[u8]) -> Result<()> {
        self.check(kernel, binds, push)?;
        self.bind(kernel, binds, push)?;
        unsafe { self.ctx.inner.device.cmd_dispatch_indirect(self.cmd, indirect, offset) };
        Ok(())
    }

    fn check(&self, kernel: &Kernel, binds: &[Bind], push: &[u8]) -> Result<()> {
        let shader = kernel.shader;
        if binds.len() != shader.bindings.len() {
            return Err(Error::invalid(format!(
                "{}: {} bindings given, the shader has {}",
                shader.name,
                binds.len(),
                shader.bindings.len()
            )));
        }
        if push.len() as u32 != shader.push_constant_size {
            return Err(Error::invalid(format!(
                "{}: {} bytes of push constants given, the shader declares {}",
                shader.name,
                push.len(),
                shader.push_constant_size
            )));
        }
        Ok(())
    }

    fn bind(&mut self, kernel: &Kernel, binds: &[Bind], push: &[u8]) -> Result<()> {
        let shader = kernel.shader;
        let mut buffer_infos = Vec::with_capacity(binds.len());
        let mut image_infos = Vec::with_capacity(binds.len());
        for (i, (bind, info)) in binds.iter().zip(shader.bindings).enumerate() {
            match (bind, info.kind) {
                (Bind::Buffer { buffer, offset, range }, BindingKind::StorageBuffer | BindingKind::UniformBuffer) => {
                    buffer_infos.push((i, vk::DescriptorBufferInfo { buffer: *buffer, offset: *offset, range: *range }))
                }
                (Bind::Image { view }, BindingKind::StorageImage) => image_infos.push((
                    i,
                    vk::DescriptorImageInfo { sampler: vk::Sampler::null(), image_view: *view, image_layout: vk::ImageLayout::GENERAL },
                )),
                (Bind::Sampled { view, layout }, BindingKind::SampledImage) => image_infos
                    .push((i, vk::DescriptorImageInfo { sampler: vk::Sampler::null(), image_view: *view, image_layout: *layout })),
                (b, k) => return Err(Error::invalid(format!("{}: binding {} is a {k:?}, given {b:?}", shader.name, info.binding))),
            }
        }
        let mut writes = Vec::with_capacity(binds.len());
        for (i, bi) in &buffer_infos {
            let info = &shader.bindings[*i];
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_binding(info.binding)
                    .descriptor_type(descriptor_type(info.kind))
                    .buffer_info(std::slice::from_ref(bi)),
            );
        }
        for (i, ii) in &image_infos {
            let info = &shader.bindings[*i];
            writes.push(
                vk::WriteDescriptorSet::default()
                    .dst_binding(info.binding)
                    .descriptor_type(descriptor_type(info.kind))
                    .image_info(std::slice::from_ref(ii)),
            );
        }
        let inner = &self.ctx.inner;
        unsafe {
            inner.device.cmd_bind_pipeline(self.cmd, vk::PipelineBindPoint::COMPUTE, kernel.pipeline);
            if !writes.is_empty() {
                inner.push_descriptor.cmd_push_descriptor_set(self.cmd, vk::PipelineBindPoint::COMPUTE, kernel.layout, 0, &writes);
            }
            if !push.is_empty() {
                inner.device.cmd_push_constants(self.cmd, kernel.layout, vk::ShaderStageFlags::COMPUTE, 0, push);
            }
        }
        Ok(())
    }

    /// A synchronization2 memory barrier for one of the usual hand-offs.
    pub fn barrier(&mut self, sync: Sync) {
        let (ss, sa, ds, da) = sync.masks();
        self.memory_barrier(ss, sa, ds, da);
    }

    /// A raw synchronization2 global memory barrier.
    pub fn memory_barrier(
        &mut self,
        src_stage: vk::PipelineStageFlags2,
        src_access: vk::AccessFlags2,
        dst_stage: vk::PipelineStageFlags2,
        dst_access: vk::AccessFlags2,
    ) {
        let b = [vk::MemoryBarrier2::default()
            .src_stage_mask(src_stage)
            .src_access_mask(src_access)
            .dst_stage_mask(dst_stage)
            .dst_access_mask(dst_access)];
        let dep = vk::DependencyInfo::default().memory_barriers(&b);
        unsafe { self.ctx.inner.device.cmd_pipeline_barrier2(self.cmd, &dep) };
    }

    /// Fills `size` bytes (a multiple of 4, or `vk::WHOLE_SIZE`) of a buffer with a u32 `value`.
    pub fn fill_raw(&mut self, buffer: vk::Buffer, offset: u64, size: u64, value: u32) {
        unsafe { self.ctx.inner.device.cmd_fill_buffer(self.cmd, buffer, offset, size, value) };
    }

    /// Fills every element of a 4-byte-element buffer with `value`.
    pub fn fill<T: bytemuck::Pod>(&mut self, buf: &super::Buffer<T>, value: u32) {
        if !buf.is_empty() {
            self.fill_raw(buf.raw(), 0, buf.bytes() & !3, value);
        }
    }

    /// `vkCmdCopyBuffer` of one region.
    pub fn copy_buffer_raw(&mut self, src: vk::Buffer, src_offset: u64, dst: vk::Buffer, dst_offset: u64, size: u64) {
        if size == 0 {
            return;
        }
        let region = [vk::BufferCopy { src_offset, dst_offset, size }];
        unsafe { self.ctx.inner.device.cmd_copy_buffer(self.cmd, src, dst, &region) };
    }

    /// Copies all of `src` into the start of `dst` (`dst` must be at least as large).
    pub fn copy<T: bytemuck::Pod>(&mut self, src: &super::Buffer<T>, dst: &super::Buffer<T>) -> Result<()> {
        if dst.len() < src.len() {
            return Err(Error::invalid(format!("copy of {} elements into a buffer of {}", src.len(), dst.len())));
        }
        self.copy_buffer_raw(src.raw(), 0, dst.raw(), 0, src.bytes());
        Ok(())
    }
}

impl Context {
    /// Records with `f` into a fresh command buffer, submits it, and waits for it (at most the
    /// context's timeout: `Error::Timeout`, never forever). A context's submissions run one at a
    /// time: its command pool stays locked from recording to the wait, so `f` only records, and
    /// must not call `submit`, `upload` or `read` of the same context (that would deadlock).
    pub fn submit<R>(&self, f: impl FnOnce(&mut Recorder) -> Result<R>) -> Result<R> {
        let inner = &self.inner;
        if inner.abandoned() {
            return Err(Error::Abandoned);
        }
        let device = &inner.device;
        let pool = inner.pool.lock().map_err(|_| Error::invalid("command pool poisoned"))?;
        let alloc =
            vk::CommandBufferAllocateInfo::default().command_pool(*pool).level(vk::CommandBufferLevel::PRIMARY).command_buffer_count(1);
        let cmd = unsafe { device.allocate_command_buffers(&alloc) }.map_err(Error::vk("vkAllocateCommandBuffers"))?[0];
        let free = |device: &ash::Device| unsafe { device.free_command_buffers(*pool, &[cmd]) };
        let begin = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        if let Err(e) = unsafe { device.begin_command_buffer(cmd, &begin) } {
            free(device);
            return Err(Error::vk("vkBeginCommandBuffer")(e));
        }
        let mut rec = Recorder { ctx: self, cmd };
        let value = match f(&mut rec) {
            Ok(v) => v,
            Err(e) => {
                unsafe {
                    let _ = device.end_command_buffer(cmd);
                }
                free(device);
                return Err(e);
            }
        };
        let result = (|| {
            unsafe { device.end_command_buffer(cmd) }.map_err(Error::vk("vkEndCommandBuffer"))?;
            let fence = unsafe { device.create_fence(&vk::FenceCreateInfo::default(), None) }.map_err(Error::vk("vkCreateFence"))?;
            let cmds = [vk::CommandBufferSubmitInfo::default().command_buffer(cmd)];
            let submit = [vk::SubmitInfo2::default().command_buffer_infos(&cmds)];
            let r = unsafe { device.queue_submit2(inner.queue, &submit, fence) }.map_err(Error::vk("vkQueueSubmit2"));
            let r = r.and_then(|_| {
                let t = inner.timeout();
                match unsafe { device.wait_for_fences(&[fence], true, super::context::nanos(t)) } {
                    Ok(()) => Ok(()),
                    Err(vk::Result::TIMEOUT) => {
                        // The command buffer, the fence and every resource of the device may
                        // still be in use: nothing of it is freed from now on.
                        inner.abandon();
                        Err(Error::Timeout(t))
                    }
                    Err(e) => Err(Error::vk("vkWaitForFences")(e)),
                }
            });
            if !matches!(r, Err(Error::Timeout(_))) {
                unsafe { device.destroy_fence(fence, None) };
            }
            r
        })();
        match result {
            Ok(()) => {
                free(device);
                Ok(value)
            }
            Err(Error::Timeout(t)) => Err(Error::Timeout(t)),
            Err(e) => {
                free(device);
                Err(e)
            }
        }
    }
}
