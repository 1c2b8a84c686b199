//! Images: the lecture's rgba8 storage images (`layout(rgba8) uniform image2D`, read with
//! `imageLoad`), which live in `GENERAL` layout once uploaded; and sampled images of any colour
//! format (read with `texelFetch`), which live in `SHADER_READ_ONLY_OPTIMAL`.
use super::buffer::RawBuffer;
use super::context::{Context, Inner};
use super::error::{Error, Result};
use super::record::{Bind, Recorder};
use ash::vk;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme};
use gpu_allocator::MemoryLocation;
use std::sync::Arc;

/// A device-local 2D image (one level, one layer) with a view of it: an rgba8 storage image
/// (`Image::new`), a sampled image (`Image::sampled_from_texels`), or any format and usage
/// (`Image::with_format`). Freed on drop.
pub struct Image {
    inner: Arc<Inner>,
    raw: vk::Image,
    view: vk::ImageView,
    alloc: Option<Allocation>,
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// Texel format.
    pub format: vk::Format,
    /// Bytes of one texel in memory (for uploads and read-backs).
    texel_bytes: u32,
    usage: vk::ImageUsageFlags,
}

const FORMAT: vk::Format = vk::Format::R8G8B8A8_UNORM;
const STORAGE_USAGE: vk::ImageUsageFlags = vk::ImageUsageFlags::from_raw(
    vk::ImageUsageFlags::STORAGE.as_raw() | vk::ImageUsageFlags::TRANSFER_SRC.as_raw() | vk::ImageUsageFlags::TRANSFER_DST.as_raw(),
);

fn color_range() -> vk::ImageSubresourceRange {
    vk::ImageSubresourceRange {
        aspect_mask: vk::ImageAspectFlags::COLOR,
        base_mip_level: 0,
        level_count: 1,
        base_array_layer: 0,
        layer_count: 1,
    }
}

impl Image {
    /// An rgba8 storage image in `UNDEFINED` layout: move it to `GENERAL` (`Recorder::image_layout`)
    /// before a kernel uses it, or make it with its pixels by `from_rgba8`.
    pub fn new(ctx: &Context, width: u32, height: u32, name: &str) -> Result<Image> {
        Self::with_format(ctx, width, height, FORMAT, 4, STORAGE_USAGE, name)
    }

    /// A 2D image of `format` (`texel_bytes` a texel) for `usage`, in `UNDEFINED` layout. Refused
    /// in one line where the device cannot use the format so (optimal tiling).
    pub fn with_format(
        ctx: &Context,
        width: u32,
        height: u32,
        format: vk::Format,
        texel_bytes: u32,
        usage: vk::ImageUsageFlags,
        name: &str,
    ) -> Result<Image> {
        let max = ctx.info().max_image_dimension_2d;
        if width == 0 || height == 0 {
            return Err(Error::invalid(format!("{name}: image size {width}x{height} is empty")));
        }
        if width > max || height > max {
            return Err(Error::invalid(format!("{name}: image size {width}x{height} exceeds the device's maxImageDimension2D {max}")));
        }
        let inner = ctx.inner.clone();
        let needed = format_features(usage);
        let props = unsafe { inner.instance.get_physical_device_format_properties(inner.physical, format) };
        if !props.optimal_tiling_features.contains(needed) {
            return Err(Error::Unsupported(format!("{name}: {} cannot use {format:?} images for {usage:?}", ctx.info().name)));
        }
        let device = &inner.device;
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width, height, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage)
            .initial_layout(vk::ImageLayout::UNDEFINED);
        let raw = unsafe { device.create_image(&info, None) }.map_err(Error::vk("vkCreateImage"))?;
        let req = unsafe { device.get_image_memory_requirements(raw) };
        let alloc = {
            let mut guard = inner.allocator.lock().map_err(|_| Error::invalid("allocator poisoned"))?;
            let a = guard.as_mut().ok_or_else(|| Error::invalid("context is shutting down"))?;
            a.allocate(&AllocationCreateDesc {
                name,
                requirements: req,
                location: MemoryLocation::GpuOnly,
                linear: false,
                allocation_scheme: AllocationScheme::GpuAllocatorManaged,
            })
        };
        let alloc = match alloc {
            Ok(a) => a,
            Err(e) => {
                unsafe { device.destroy_image(raw, None) };
                return Err(e.into());
            }
        };
        let mut image =
            Image { inner: inner.clone(), raw, view: vk::ImageView::null(), alloc: Some(alloc), width, height, format, texel_bytes, usage };
        let a = image.alloc.as_ref().unwrap();
        unsafe { device.bind_image_memory(raw, a.memory(), a.offset()) }.map_err(Error::vk("vkBindImageMemory"))?;
        let view_info = vk::ImageViewCreateInfo::default()
            .image(raw)
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(format)
            .subresource_range(color_range());
        image.view = unsafe { device.create_image_view(&view_info, None) }.map_err(Error::vk("vkCreateImageView"))?;
        Ok(image)
    }

    /// An image holding `pixels` (rgba8, row-major, `width * height * 4` bytes), in `GENERAL`.
    pub fn from_rgba8(ctx: &Context, width: u32, height: u32, pixels: &[u8], name: &str) -> Result<Image> {
        let image = Image::new(ctx, width, height, name)?;
        image.upload(ctx, pixels, vk::ImageLayout::GENERAL)?;
        Ok(image)
    }

    /// A sampled image of `format` holding `texels` (row-major, as the format lays them out in
    /// memory), in `SHADER_READ_ONLY_OPTIMAL`.
    pub fn sampled_from_texels(
        ctx: &Context,
        width: u32,
        height: u32,
        format: vk::Format,
        texel_bytes: u32,
        texels: &[u8],
        name: &str,
    ) -> Result<Image> {
        let usage = vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST;
        let image = Image::with_format(ctx, width, height, format, texel_bytes, usage, name)?;
        image.upload(ctx, texels, vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL)?;
        Ok(image)
    }

    fn bytes(&self) -> u64 {
        self.width as u64 * self.height as u64 * self.texel_bytes as u64
    }

    /// Copies `texels` into the whole image (from `UNDEFINED`), leaving it in `layout`.
    fn upload(&self, ctx: &Context, texels: &[u8], layout: vk::ImageLayout) -> Result<()> {
        if texels.len() as u64 != self.bytes() {
            return Err(Error::invalid(format!(
                "{} bytes given for a {}x{} {:?} image ({})",
                texels.len(),
                self.width,
                self.height,
                self.format,
                self.bytes()
            )));
        }
        let mut staging =
            RawBuffer::new(ctx, texels.len() as u64, vk::BufferUsageFlags::TRANSFER_SRC, MemoryLocation::CpuToGpu, "staging image upload")?;
        staging.mapped()?.copy_from_slice(texels);
        ctx.submit(|rec| {
            rec.image_layout(self, vk::ImageLayout::UNDEFINED, vk::ImageLayout::TRANSFER_DST_OPTIMAL);
            let region = self.region();
            unsafe {
                ctx.inner.device.cmd_copy_buffer_to_image(rec.cmd, staging.raw, self.raw, vk::ImageLayout::TRANSFER_DST_OPTIMAL, &[region])
            };
            rec.image_layout(self, vk::ImageLayout::TRANSFER_DST_OPTIMAL, layout);
            Ok(())
        })
    }

    fn region(&self) -> vk::BufferImageCopy {
        vk::BufferImageCopy {
            buffer_offset: 0,
            buffer_row_length: 0,
            buffer_image_height: 0,
            image_subresource: vk::ImageSubresourceLayers {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                mip_level: 0,
                base_array_layer: 0,
                layer_count: 1,
            },
            image_offset: vk::Offset3D::default(),
            image_extent: vk::Extent3D { width: self.width, height: self.height, depth: 1 },
        }
    }

    /// The image, for raw Vulkan calls.
    pub fn raw(&self) -> vk::Image {
        self.raw
    }
    /// Its view of the whole image.
    pub fn view(&self) -> vk::ImageView {
        self.view
    }
    /// Binds the image as a storage image (it must be in `GENERAL`).
    pub fn bind(&self) -> Bind {
        Bind::Image { view: self.view }
    }
    /// Binds the image as a sampled image (`sampled_from_texels` leaves it in
    /// `SHADER_READ_ONLY_OPTIMAL`).
    pub fn bind_sampled(&self) -> Bind {
        Bind::Sampled { view: self.view, layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL }
    }

    /// Reads the image back in its memory layout (a storage image: rgba8 bytes; it must be in
    /// `GENERAL`).
    pub fn read(&self, ctx: &Context) -> Result<Vec<u8>> {
        if !self.usage.contains(vk::ImageUsageFlags::STORAGE) {
            return Err(Error::invalid("Image::read reads storage images (in GENERAL), not sampled ones"));
        }
        let bytes = self.bytes();
        let mut staging =
            RawBuffer::new(ctx, bytes, vk::BufferUsageFlags::TRANSFER_DST, MemoryLocation::GpuToCpu, "staging image read-back")?;
        ctx.submit(|rec| {
            rec.image_layout(self, vk::ImageLayout::GENERAL, vk::ImageLayout::TRANSFER_SRC_OPTIMAL);
            let layout = vk::ImageLayout::TRANSFER_SRC_OPTIMAL;
            unsafe { ctx.inner.device.cmd_copy_image_to_buffer(rec.cmd, self.raw, layout, staging.raw, &[self.region()]) };
            rec.image_layout(self, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, vk::ImageLayout::GENERAL);
            rec.barrier(super::Sync::TransferToHost);
            Ok(())
        })?;
        Ok(staging.mapped()?.to_vec())
    }
}

/// The format features an image needs for `usage`.
fn format_features(usage: vk::ImageUsageFlags) -> vk::FormatFeatureFlags {
    let mut f = vk::FormatFeatureFlags::empty();
    for (u, needs) in [
        (vk::ImageUsageFlags::STORAGE, vk::FormatFeatureFlags::STORAGE_IMAGE),
        (vk::ImageUsageFlags::SAMPLED, vk::FormatFeatureFlags::SAMPLED_IMAGE),
        (vk::ImageUsageFlags::TRANSFER_SRC, vk::FormatFeatureFlags::TRANSFER_SRC),
        (vk::ImageUsageFlags::TRANSFER_DST, vk::FormatFeatureFlags::TRANSFER_DST),
    ] {
        if usage.contains(u) {
            f |= needs;
        }
    }
    f
}

impl Recorder<'_> {
    /// A layout transition of the whole image (with the memory dependency it implies).
    pub fn image_layout(&mut self, image: &Image, from: vk::ImageLayout, to: vk::ImageLayout) {
        self.image_layout_raw(image.raw, from, to);
    }

    /// A layout transition of the caller's single-level colour image (engine mode).
    pub fn image_layout_raw(&mut self, image: vk::Image, from: vk::ImageLayout, to: vk::ImageLayout) {
        let b = [vk::ImageMemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)
            .src_access_mask(vk::AccessFlags2::MEMORY_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)
            .dst_access_mask(vk::AccessFlags2::MEMORY_READ | vk::AccessFlags2::MEMORY_WRITE)
            .old_layout(from)
            .new_layout(to)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image)
            .subresource_range(color_range())];
        let dep = vk::DependencyInfo::default().image_memory_barriers(&b);
        unsafe { self.ctx.inner.device.cmd_pipeline_barrier2(self.cmd, &dep) };
    }
}

impl Drop for Image {
    fn drop(&mut self) {
        if self.inner.abandoned() {
            return; // timed-out work may still use it
        }
        unsafe {
            if self.view != vk::ImageView::null() {
                self.inner.device.destroy_image_view(self.view, None);
            }
        }
        if let Some(alloc) = self.alloc.take() {
            if let Ok(mut g) = self.inner.allocator.lock() {
                if let Some(a) = g.as_mut() {
                    let _ = a.free(alloc);
                }
            }
        }
        unsafe { self.inner.device.destroy_image(self.raw, None) };
    }
}
