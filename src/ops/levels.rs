//! Auto levels from the luminance histogram, every step on the GPU (seed 000's open ideas: the
//! histogram drawn on the GPU, and real-time adjustment of video from it). One frame:
//!
//! 1. the luminance histogram (256 bins; `histogram::auto`'s variant: `fastest` on GPUs);
//! 2. `find_levels.comp`: the black and white levels and the stretch table (one workgroup);
//! 3. `stretch.comp`: every pixel through the table;
//! 4. with a chart: the histogram of the result (step 1 again);
//! 5. `draw_chart.comp`: both histograms drawn into a 256 x 256 RGBA8 chart.
//!
//! Nothing comes back to the host between the steps, so a frame is one stretch of GPU work that
//! an engine records into its own command buffer (`Levels::record`). For video, the frames after
//! the first can take the levels of the frame before, as auto exposure does, in one pass over
//! the pixels (`Levels::record_following`, `time_video`, and `Stream` for frames as they
//! arrive). The definition, and the CPU reference every step is checked against bit for bit, is
//! `cpu::levels`.
//!
//! The pixels are packed RGBA8 in buffers (`record`), an engine's rgba8 storage images
//! (`record_images`), or its 8-bit images of any layout read as sampled images (`record_sampled`:
//! UNORM or sRGB, RGBA or BGRA, their stored codes adjusted as the same bytes in an rgba8 image).
pub use crate::cpu::levels::{clip_count, Frame, Levels as LevelValues, CHART_HEIGHT, CHART_WIDTH, MAX_CLIP_PPM};
use crate::gpu::{measure, Bind, Buffer, Context, Error, Image, Kernel, Recorder, Result, Sync, Timer, Timing};
use crate::ops::histogram::{self, Histogram, Input};
use crate::ops::images::{ColorFormat, Encoding, Rgba8, SampledSource};
use crate::shaders;
use ash::vk;

const BINS: usize = crate::cpu::levels::BINS;
/// Words of the levels buffer: black, white, 2 unused, the 256-entry stretch table.
pub const LEVELS_WORDS: usize = 4 + BINS;
/// Workgroups of `stretch_and_count.comp`'s persistent grid (it sums a histogram per group).
const STRETCH_GROUPS: u64 = 1024;

/// The pipelines of one frame and its scratch (two histograms and the levels). One `Levels`
/// records one frame at a time: frames recorded one after another are ordered by `record`'s own
/// first barrier.
pub struct Levels {
    histogram: Histogram,
    find: Kernel,
    stretch: Kernel,
    draw: Kernel,
    stretch_and_count: Kernel,
    /// The image path's kernels, made on first use.
    image_kernels: std::cell::OnceCell<ImageKernels>,
    /// The sampled path's kernels, per 8-bit format (`SAMPLED_FORMATS`), made on first use.
    sampled_kernels: [std::cell::OnceCell<ImageKernels>; 4],
    before: Buffer<u32>,
    after: Buffer<u32>,
    levels: Buffer<u32>,
    max_pixels: u64,
    /// The most pixels a frame on buffers may have (the buffer histogram's size).
    histogram_pixels: u64,
    /// A frame has been recorded: the levels buffer will hold a table for `record_following`.
    primed: std::cell::Cell<bool>,
}

/// What a timed frame took, per step (GPU timestamps).
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct StepTimes {
    /// Step 1, the luminance histogram.
    pub histogram: Timing,
    /// Step 2, `find_levels.comp`.
    pub find_levels: Timing,
    /// Step 3, `stretch.comp` (or its image path).
    pub stretch: Timing,
    /// Step 4, the histogram of the result (no samples without a chart).
    pub histogram_after: Timing,
    /// Step 5, `draw_chart.comp` (no samples without a chart).
    pub draw_chart: Timing,
    /// The whole frame, timed on its own (without timestamps between the steps).
    pub frame: Timing,
}

/// The most pixels a frame on buffers may have on this device: one storage binding of them.
pub fn max_pixels_in_buffers(info: &crate::gpu::DeviceInfo) -> u64 {
    info.max_storage_buffer_range.min(u32::MAX as u64) / 4 / 4 * 4
}

/// Where a frame's pixels are.
#[derive(Clone, Copy)]
pub enum Pixels<'a> {
    /// Packed RGBA8 pixels (`r | g << 8 | b << 16 | a << 24`), row-major, each buffer holding at
    /// least the pixel count rounded up to a multiple of 4.
    Buffers {
        /// The input pixels.
        src: &'a Buffer<u32>,
        /// The adjusted pixels (a buffer distinct from `src`).
        dst: &'a Buffer<u32>,
    },
    /// The caller's images: views of two distinct `R8G8B8A8_UNORM` storage images in `GENERAL`
    /// layout (an engine's rendered frame and its post-processed copy, say).
    Images {
        /// The input image's view.
        src: vk::ImageView,
        /// The output image's view.
        dst: vk::ImageView,
    },
    /// The caller's 8-bit image of any of `SAMPLED_FORMATS`, read as a sampled image (a
    /// swapchain-format or sRGB frame, which many devices cannot bind as storage), into an
    /// `R8G8B8A8_UNORM` storage image in `GENERAL` (RGBA order, the adjusted stored codes).
    Sampled {
        /// The input, read as a sampled image.
        src: SampledSource,
        /// The output `R8G8B8A8_UNORM` storage image's view.
        dst: vk::ImageView,
    },
}

/// The formats `record_sampled` reads: levels adjust 8-bit codes (float targets have the
/// histogram's log-luminance and `histogram::Exposure` instead).
pub const SAMPLED_FORMATS: [ColorFormat; 4] = [ColorFormat::Rgba8, ColorFormat::Rgba8Srgb, ColorFormat::Bgra8, ColorFormat::Bgra8Srgb];

/// Refuses a format `record_sampled` does not read, in one line that says what levels read.
pub fn check_sampled_format(format: ColorFormat) -> Result<()> {
    sampled_index(format).map(|_| ())
}

/// `format`'s place in `SAMPLED_FORMATS`, or the error that says what levels read.
fn sampled_index(format: ColorFormat) -> Result<usize> {
    SAMPLED_FORMATS.iter().position(|&f| f == format).ok_or_else(|| {
        debug_assert_eq!(format.encoding(), Encoding::Float);
        Error::invalid(format!(
            "levels adjust 8-bit codes: {} is a float format (for HDR targets use the histogram's log-luminance and its auto exposure)",
            format.name()
        ))
    })
}

/// Which storage a timed frame uses (`time_on`, `time_video_on`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Storage {
    /// Packed RGBA8 pixels in buffers (`record`).
    #[default]
    Buffers,
    /// `R8G8B8A8_UNORM` storage images (`record_images`).
    Images,
    /// A sampled image of one of `SAMPLED_FORMATS`, into an rgba8 storage image.
    Sampled(ColorFormat),
}

impl Storage {
    /// The histogram variant that step 1 runs on this storage.
    pub fn histogram_variant(self, info: &crate::gpu::DeviceInfo) -> histogram::Variant {
        let params = histogram::Params::default();
        match self {
            Storage::Buffers => histogram::auto(info, &params),
            Storage::Images => histogram::auto_image(info, &params),
            Storage::Sampled(_) => histogram::Variant::FastestSampled,
        }
    }
}

/// The image path: the histogram op's image variant (steps 1 and 4), and
/// `stretch_and_count_image.comp` without and with its counting (step 3, a following frame).
/// The sampled path has the same three: `fastest-sampled` for step 1 (step 4 reads the rgba8
/// output, with the image path's) and `stretch_and_count_sampled.comp`.
struct ImageKernels {
    histogram: Histogram,
    stretch: Kernel,
    stretch_and_count: Kernel,
}

impl Levels {
    /// The pipelines and scratch for images of up to `max_pixels` pixels. On buffers of pixels
    /// (`record`) a frame holds at most one storage binding of pixels (`max_pixels_in_buffers`);
    /// on images (`record_images`) up to 2^32 - 1 pixels.
    pub fn new(ctx: &Context, max_pixels: u64) -> Result<Levels> {
        let info = ctx.info();
        if max_pixels == 0 || max_pixels > u32::MAX as u64 {
            return Err(Error::invalid(format!("levels takes images of 1 to {} pixels; {max_pixels} asked", u32::MAX)));
        }
        let params = histogram::Params::default(); // 256 bins of 000's luminance
        let variant = histogram::auto(info, &params);
        // The histogram sees at most `max_pixels` in one band: one row of that many pixels.
        let in_buffers = max_pixels.min(max_pixels_in_buffers(info));
        let histogram = Histogram::new(ctx, variant, &params, in_buffers as u32, 1)?;
        Ok(Levels {
            histogram,
            find: Kernel::new(ctx, &shaders::LEVELS_FIND_LEVELS, &[])?,
            stretch: Kernel::new(ctx, &shaders::LEVELS_STRETCH, &[])?,
            draw: Kernel::new(ctx, &shaders::LEVELS_DRAW_CHART, &[])?,
            // One shared histogram per subgroup, at most 8 (8 KiB: lavapipe has 32 KiB).
            stretch_and_count: Kernel::new(ctx, &shaders::LEVELS_STRETCH_AND_COUNT, &[(0, (256 / info.subgroup_size.max(1)).clamp(1, 8))])?,
            image_kernels: std::cell::OnceCell::new(),
            sampled_kernels: Default::default(),
            before: Buffer::new(ctx, BINS, "levels histogram before")?,
            after: Buffer::new(ctx, BINS, "levels histogram after")?,
            levels: Buffer::new(ctx, LEVELS_WORDS, "levels")?,
            max_pixels,
            histogram_pixels: in_buffers,
            primed: std::cell::Cell::new(false),
        })
    }

    /// The histogram variant step 1 runs.
    pub fn histogram_variant(&self) -> histogram::Variant {
        self.histogram.variant
    }

    /// The levels buffer that `record` fills: black, white, 2 unused, then the stretch table.
    pub fn levels_buffer(&self) -> &Buffer<u32> {
        &self.levels
    }

    /// The histograms that `record` leaves: before, and after (with a chart only).
    pub fn histograms(&self) -> (&Buffer<u32>, &Buffer<u32>) {
        (&self.before, &self.after)
    }

    /// Engine mode: one frame. `src` holds `width x height` packed RGBA8 pixels, row-major;
    /// `dst` (distinct) receives the adjusted image; both hold at least the pixel count rounded
    /// up to a multiple of 4 (the histograms read 16 bytes at a time; the pixels past the image
    /// are neither counted nor written). `chart`, when given, receives the 256 x 256 chart.
    /// `clip_ppm` (parts per million, below 500000): the pixels that may fall outside the levels
    /// at each end.
    ///
    /// Barrier contract — before: `src` visible to compute-shader reads; nothing still reads
    /// `dst` or `chart`. After: `dst`, `chart` and `levels_buffer()` written by compute-shader
    /// storage writes; add the barrier your consumer needs (e.g. `Sync::ComputeToTransfer`).
    #[allow(clippy::too_many_arguments)]
    pub fn record(
        &self,
        rec: &mut Recorder,
        src: &Buffer<u32>,
        dst: &Buffer<u32>,
        width: u32,
        height: u32,
        clip_ppm: u32,
        chart: Option<&Buffer<u32>>,
    ) -> Result<()> {
        self.record_steps(rec, Pixels::Buffers { src, dst }, width, height, clip_ppm, chart, &mut |_, _| Ok(()))
    }

    /// Engine mode on the caller's images: one frame, as `record`, from the image viewed by
    /// `src` into the one viewed by `dst` (`R8G8B8A8_UNORM` storage images of `width x height`,
    /// distinct, both in `GENERAL` layout). Every step reads and writes the images themselves,
    /// with results equal to `record`'s bit for bit: `imageLoad` gives c / 255, which rounds back
    /// to c exactly, and the stored q / 255 converts to q.
    ///
    /// Barrier contract — before: `src` visible to compute-shader reads and both images in
    /// `GENERAL`; nothing still reads `dst` or `chart`. After: `dst`, `chart` and
    /// `levels_buffer()` written by compute-shader storage writes; add the barrier your consumer
    /// needs (for an image to be sampled next: a compute-write to fragment-read dependency).
    #[allow(clippy::too_many_arguments)]
    pub fn record_images(
        &self,
        rec: &mut Recorder,
        src: vk::ImageView,
        dst: vk::ImageView,
        width: u32,
        height: u32,
        clip_ppm: u32,
        chart: Option<&Buffer<u32>>,
    ) -> Result<()> {
        self.record_steps(rec, Pixels::Images { src, dst }, width, height, clip_ppm, chart, &mut |_, _| Ok(()))
    }

    /// Engine mode on the caller's 8-bit image of any layout: one frame, as `record_images`, from
    /// the sampled image `src` (one of `SAMPLED_FORMATS`: UNORM or sRGB, RGBA or BGRA; in
    /// `SHADER_READ_ONLY_OPTIMAL` or `GENERAL`) into `dst`, an `R8G8B8A8_UNORM` storage image of
    /// `width x height` in `GENERAL`. The levels are those of the image's stored codes: an sRGB
    /// or BGRA image gives, in RGBA order, what `record` gives for the same bytes in an rgba8
    /// image (texelFetch decodes; the kernels undo the decoding exactly).
    ///
    /// Barrier contract — before: `src` visible to compute-shader sampled reads, `dst` in
    /// `GENERAL`; nothing still reads `dst` or `chart`. After: as `record_images`.
    #[allow(clippy::too_many_arguments)]
    pub fn record_sampled(
        &self,
        rec: &mut Recorder,
        src: SampledSource,
        dst: vk::ImageView,
        width: u32,
        height: u32,
        clip_ppm: u32,
        chart: Option<&Buffer<u32>>,
    ) -> Result<()> {
        self.record_steps(rec, Pixels::Sampled { src, dst }, width, height, clip_ppm, chart, &mut |_, _| Ok(()))
    }

    /// Engine mode for video: the frame after one recorded before with this `Levels` (`record`
    /// or `record_following`, in this command buffer or an earlier one), stretched with that
    /// frame's levels, one frame late as an engine's auto exposure is. One pass over the pixels
    /// (`stretch_and_count.comp`) writes `dst` and counts this frame's histogram at once, then
    /// `find_levels.comp` makes the levels for the next frame: the pixels are read once instead
    /// of twice. Buffers, `clip_ppm` and the barrier contract as `record`; no chart.
    pub fn record_following(
        &self,
        rec: &mut Recorder,
        src: &Buffer<u32>,
        dst: &Buffer<u32>,
        width: u32,
        height: u32,
        clip_ppm: u32,
    ) -> Result<()> {
        self.record_following_on(rec, Pixels::Buffers { src, dst }, width, height, clip_ppm)
    }

    /// `record_following` on the caller's images: the frame after one recorded before with this
    /// `Levels` (on images or buffers), in one pass over the pixels. Images and barrier contract
    /// as `record_images`.
    pub fn record_following_images(
        &self,
        rec: &mut Recorder,
        src: vk::ImageView,
        dst: vk::ImageView,
        width: u32,
        height: u32,
        clip_ppm: u32,
    ) -> Result<()> {
        self.record_following_on(rec, Pixels::Images { src, dst }, width, height, clip_ppm)
    }

    /// `record_following` on the caller's sampled image: the frame after one recorded before with
    /// this `Levels`, in one pass over the pixels. Images and barrier contract as
    /// `record_sampled`.
    pub fn record_following_sampled(
        &self,
        rec: &mut Recorder,
        src: SampledSource,
        dst: vk::ImageView,
        width: u32,
        height: u32,
        clip_ppm: u32,
    ) -> Result<()> {
        self.record_following_on(rec, Pixels::Sampled { src, dst }, width, height, clip_ppm)
    }

    /// `record_following`, `record_following_images` or `record_following_sampled`.
    fn record_following_on(&self, rec: &mut Recorder, pixels: Pixels, width: u32, height: u32, clip_ppm: u32) -> Result<()> {
        let n = self.check(pixels, width, height, clip_ppm)?;
        if !self.primed.get() {
            return Err(Error::invalid(
                "record_following needs a frame recorded before it with this Levels (record the first frame with record)",
            ));
        }
        // The last frame's steps are done with the histogram before it is zeroed.
        rec.barrier(Sync::ComputeToTransfer);
        rec.fill(&self.before, 0);
        rec.barrier(Sync::TransferToCompute);
        // One pass: the last frame's table on every pixel, and this frame's histogram.
        match pixels {
            Pixels::Buffers { src, dst } => {
                let groups = ((n / 4) as u64).div_ceil(256).clamp(1, STRETCH_GROUPS) as u32;
                let (s, d) = (src.bind_range(0, n), dst.bind_range(0, n));
                let binds = [s, d, s, d, self.levels.bind(), self.before.bind()];
                rec.dispatch(&self.stretch_and_count, [groups, 1, 1], &binds, bytemuck::bytes_of(&(n as u32)))?;
            }
            Pixels::Images { src, dst } => {
                let k = self.image_kernels(rec.context())?;
                self.dispatch_image(rec, &k.stretch_and_count, Bind::raw_image(src), dst, width, height)?;
            }
            Pixels::Sampled { src, dst } => {
                let k = self.sampled_kernels(rec.context(), src.check("levels")?)?;
                self.dispatch_image(rec, &k.stretch_and_count, Bind::raw_sampled(src.view, src.layout), dst, width, height)?;
            }
        }
        rec.barrier(Sync::ComputeToCompute);
        // The levels of this frame, for the next one.
        let push = [n as u32, clip_count(n as u64, clip_ppm) as u32];
        rec.dispatch(&self.find, [1, 1, 1], &[self.before.bind(), self.levels.bind()], bytemuck::cast_slice(&push))
    }

    /// Refuses a frame too large for `storage` before anything is uploaded.
    fn check_storage(&self, storage: Storage, width: u32, height: u32) -> Result<()> {
        let n = width as u64 * height as u64;
        if storage == Storage::Buffers && n > self.histogram_pixels {
            return Err(Error::invalid(format!(
                "a {width}x{height} image has {n} pixels; on buffers these pipelines take at most {} (one storage binding); images take more (record_images, --images)",
                self.histogram_pixels
            )));
        }
        Ok(())
    }

    fn image_kernels(&self, ctx: &Context) -> Result<&ImageKernels> {
        if let Some(k) = self.image_kernels.get() {
            return Ok(k);
        }
        let info = ctx.info();
        let sub = (256 / info.subgroup_size.max(1)).clamp(1, 8);
        let shader = &shaders::LEVELS_STRETCH_AND_COUNT_IMAGE;
        let params = histogram::Params::default(); // 256 bins of 000's luminance
        let k = ImageKernels {
            histogram: Histogram::new(ctx, histogram::auto_image(info, &params), &params, 1, 1)?,
            stretch: Kernel::new(ctx, shader, &[(0, 1), (1, 0)])?,
            stretch_and_count: Kernel::new(ctx, shader, &[(0, sub), (1, 1)])?,
        };
        Ok(self.image_kernels.get_or_init(|| k))
    }

    /// The sampled path's kernels for `format` (one of `SAMPLED_FORMATS`).
    fn sampled_kernels(&self, ctx: &Context, format: ColorFormat) -> Result<&ImageKernels> {
        let cell = &self.sampled_kernels[sampled_index(format)?];
        if let Some(k) = cell.get() {
            return Ok(k);
        }
        let info = ctx.info();
        let sub = (256 / info.subgroup_size.max(1)).clamp(1, 8);
        let decode = if format.encoding() == Encoding::Srgb8 { 1 } else { 0 };
        let shader = &shaders::LEVELS_STRETCH_AND_COUNT_SAMPLED;
        let params = histogram::Params { format, ..Default::default() }; // 256 bins of 000's luminance
        let k = ImageKernels {
            histogram: Histogram::new(ctx, histogram::Variant::FastestSampled, &params, 1, 1)?,
            stretch: Kernel::new(ctx, shader, &[(0, 1), (1, 0), (2, decode)])?,
            stretch_and_count: Kernel::new(ctx, shader, &[(0, sub), (1, 1), (2, decode)])?,
        };
        Ok(cell.get_or_init(|| k))
    }

    /// One use of `stretch_and_count_image.comp` (or `_sampled`, `src` bound as the kernel
    /// reads it) over a `width x height` image: the persistent grid of `fastest-image`, walking
    /// tiles of 32 x 64 pixels (image_tiles.glsl). (With COUNT on it counts into `before`; with
    /// it off `before` is bound but untouched.)
    fn dispatch_image(&self, rec: &mut Recorder, kernel: &Kernel, src: Bind, dst: vk::ImageView, width: u32, height: u32) -> Result<()> {
        let groups = histogram::image_tile_groups(width, height);
        let binds = [src, Bind::raw_image(dst), self.levels.bind(), self.before.bind()];
        rec.dispatch(kernel, [groups, 1, 1], &binds, bytemuck::cast_slice(&[width, height]))
    }

    /// The pixel count of a frame, after checking the buffers (or images) and the clip.
    fn check(&self, pixels: Pixels, width: u32, height: u32, clip_ppm: u32) -> Result<usize> {
        let n = width as u64 * height as u64;
        if n == 0 {
            return Err(Error::invalid(format!("image size {width}x{height} is empty")));
        }
        if n > self.max_pixels {
            return Err(Error::invalid(format!(
                "a {width}x{height} image has {n} pixels; these pipelines take at most {}",
                self.max_pixels
            )));
        }
        match pixels {
            Pixels::Buffers { src, dst } => {
                self.check_storage(Storage::Buffers, width, height)?;
                let padded = n.div_ceil(4) * 4;
                if (src.len() as u64) < padded || (dst.len() as u64) < padded {
                    return Err(Error::invalid(format!(
                        "a {width}x{height} image needs {padded} pixels (a multiple of 4) in src and in dst; they hold {} and {}",
                        src.len(),
                        dst.len()
                    )));
                }
            }
            Pixels::Images { src, dst } => {
                if src == dst {
                    return Err(Error::invalid("levels: src and dst must be two different images"));
                }
            }
            Pixels::Sampled { src, dst } => {
                sampled_index(src.check("levels")?)?;
                if src.view == dst {
                    return Err(Error::invalid("levels: src and dst must be two different images"));
                }
            }
        }
        if clip_ppm > MAX_CLIP_PPM {
            return Err(Error::invalid(format!("clip {clip_ppm} ppm: at most {MAX_CLIP_PPM} (less than half the pixels at each end)")));
        }
        Ok(n as usize)
    }

    /// As `record` (or `record_images`), calling `step(rec, name)` after each step (timestamps).
    #[allow(clippy::too_many_arguments)]
    fn record_steps(
        &self,
        rec: &mut Recorder,
        pixels: Pixels,
        width: u32,
        height: u32,
        clip_ppm: u32,
        chart: Option<&Buffer<u32>>,
        step: &mut dyn FnMut(&mut Recorder, &str) -> Result<()>,
    ) -> Result<()> {
        let n = self.check(pixels, width, height, clip_ppm)?;
        if let Some(c) = chart {
            if c.len() < (CHART_WIDTH * CHART_HEIGHT) as usize {
                return Err(Error::invalid(format!("the chart needs {} pixels; the buffer holds {}", CHART_WIDTH * CHART_HEIGHT, c.len())));
            }
        }
        // Steps 1 and 3 on images or sampled images; step 4 reads the rgba8 output of either.
        let images = match pixels {
            Pixels::Images { .. } => Some(self.image_kernels(rec.context())?),
            Pixels::Sampled { .. } if chart.is_some() => Some(self.image_kernels(rec.context())?),
            _ => None,
        };
        let sampled = match pixels {
            Pixels::Sampled { src, .. } => Some(self.sampled_kernels(rec.context(), src.check("levels")?)?),
            _ => None,
        };
        self.primed.set(true);
        let input = |b: &Buffer<u32>| Input::Buffer { buffer: b.raw(), offset: 0, width: n as u32, height: 1 };
        // The last frame's steps are done with the scratch before this one fills it again.
        rec.barrier(Sync::ComputeToTransfer);
        // Step 1: the luminance histogram (the buffers' zeroes `before` itself; on images both
        // histograms are zeroed here, so that step 4 needs no fill).
        match pixels {
            Pixels::Buffers { src, .. } => self.histogram.record(rec, input(src), self.before.raw())?,
            Pixels::Images { src, .. } => {
                rec.fill(&self.before, 0);
                rec.fill(&self.after, 0);
                rec.barrier(Sync::TransferToCompute);
                let image = Input::Image { view: src, width, height };
                images.unwrap().histogram.record_accumulate(rec, image, self.before.raw())?
            }
            Pixels::Sampled { src, .. } => {
                rec.fill(&self.before, 0);
                rec.fill(&self.after, 0);
                rec.barrier(Sync::TransferToCompute);
                let image = Input::Sampled { view: src.view, layout: src.layout, format: src.format, width, height };
                sampled.unwrap().histogram.record_accumulate(rec, image, self.before.raw())?
            }
        }
        rec.barrier(Sync::ComputeToCompute);
        step(rec, "histogram")?;
        // Step 2: black, white and the stretch table, from the histogram where it is.
        let push = [n as u32, clip_count(n as u64, clip_ppm) as u32];
        rec.dispatch(&self.find, [1, 1, 1], &[self.before.bind(), self.levels.bind()], bytemuck::cast_slice(&push))?;
        rec.barrier(Sync::ComputeToCompute);
        step(rec, "find-levels")?;
        // Step 3: every pixel through the table.
        match pixels {
            Pixels::Buffers { src, dst } => {
                // One uvec4 per invocation, the grid covering the image once.
                let (s, d) = (src.bind_range(0, n), dst.bind_range(0, n));
                rec.dispatch(
                    &self.stretch,
                    super::grid2d((n / 4).div_ceil(256).max(1)),
                    &[s, d, s, d, self.levels.bind()],
                    bytemuck::bytes_of(&(n as u32)),
                )?;
            }
            Pixels::Images { src, dst } => self.dispatch_image(rec, &images.unwrap().stretch, Bind::raw_image(src), dst, width, height)?,
            Pixels::Sampled { src, dst } => {
                self.dispatch_image(rec, &sampled.unwrap().stretch, Bind::raw_sampled(src.view, src.layout), dst, width, height)?
            }
        }
        step(rec, "stretch")?;
        let Some(chart) = chart else { return Ok(()) };
        // Step 4: the histogram of the result (its fill waits for nothing but this barrier).
        rec.barrier(Sync::ComputeToCompute);
        match pixels {
            Pixels::Buffers { dst, .. } => self.histogram.record(rec, input(dst), self.after.raw())?,
            Pixels::Images { dst, .. } | Pixels::Sampled { dst, .. } => {
                let image = Input::Image { view: dst, width, height };
                images.unwrap().histogram.record_accumulate(rec, image, self.after.raw())?
            }
        }
        rec.barrier(Sync::ComputeToCompute);
        step(rec, "histogram-after")?;
        // Step 5: one workgroup per row of the chart, one invocation per column.
        let binds = [self.before.bind(), self.after.bind(), self.levels.bind(), chart.bind()];
        rec.dispatch(&self.draw, [CHART_HEIGHT, 1, 1], &binds, bytemuck::bytes_of(&(n as u32)))?;
        step(rec, "draw-chart")
    }
}

/// The result of one frame read back: levels, adjusted image, chart (with `chart`).
pub struct Output {
    /// The black and white levels of the frame.
    pub levels: LevelValues,
    /// The adjusted image.
    pub image: Rgba8,
    /// The 256 x 256 chart; `None` without one.
    pub chart: Option<Rgba8>,
    /// The histogram variant step 1 ran (on images: `histogram::auto_image`'s).
    pub histogram_variant: histogram::Variant,
}

/// A frame's input and output on the GPU, in the chosen storage.
enum Surfaces {
    Buffers(Buffer<u32>, Buffer<u32>),
    Images(Image, Image),
    /// A sampled image of the format, and the rgba8 storage image of the output.
    Sampled(Image, Image),
}

impl Surfaces {
    fn new(ctx: &Context, img: &Rgba8, storage: Storage, name: &str) -> Result<Surfaces> {
        let (w, h) = (img.width, img.height);
        Ok(match storage {
            Storage::Buffers => {
                let mut packed = img.packed().to_vec();
                packed.resize((img.pixel_count() as usize).div_ceil(4) * 4, 0);
                let dst = Buffer::<u32>::new(ctx, packed.len(), &format!("{name} output"))?;
                Surfaces::Buffers(Buffer::from_slice(ctx, &packed, name)?, dst)
            }
            Storage::Images => Surfaces::Images(Image::from_rgba8(ctx, w, h, &img.pixels, name)?, Self::output_image(ctx, w, h, name)?),
            Storage::Sampled(format) => {
                sampled_index(format)?;
                let texels = format.texels_from_rgba8(img); // the same codes, in the format's layout
                let src = Image::sampled_from_texels(ctx, w, h, format.vk(), format.texel_bytes(), &texels, name)?;
                Surfaces::Sampled(src, Self::output_image(ctx, w, h, name)?)
            }
        })
    }

    /// An rgba8 storage image for a frame's output, in `GENERAL`.
    fn output_image(ctx: &Context, w: u32, h: u32, name: &str) -> Result<Image> {
        let dst = Image::new(ctx, w, h, &format!("{name} output"))?;
        ctx.submit(|rec| {
            rec.image_layout(&dst, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
            Ok(())
        })?;
        Ok(dst)
    }

    fn pixels(&self) -> Pixels<'_> {
        match self {
            Surfaces::Buffers(src, dst) => Pixels::Buffers { src, dst },
            Surfaces::Images(src, dst) => Pixels::Images { src: src.view(), dst: dst.view() },
            Surfaces::Sampled(src, dst) => {
                let layout = vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL;
                Pixels::Sampled { src: SampledSource { view: src.view(), layout, format: src.format }, dst: dst.view() }
            }
        }
    }

    /// The output read back (after a barrier that makes it visible to transfers).
    fn read_output(&self, ctx: &Context, width: u32, height: u32) -> Result<Rgba8> {
        let n = width as usize * height as usize;
        match self {
            Surfaces::Buffers(_, dst) => {
                let px: Vec<u32> = ctx.read(dst)?;
                Rgba8::new(width, height, bytemuck::cast_slice(&px[..n]).to_vec())
            }
            Surfaces::Images(_, dst) | Surfaces::Sampled(_, dst) => Rgba8::new(width, height, dst.read(ctx)?),
        }
    }
}

/// Uploads `img`, runs `warmup` + `runs` timed frames (per-step GPU timestamps; none with `runs`
/// = 0), and reads the last frame back.
pub fn time(ctx: &Context, img: &Rgba8, clip_ppm: u32, with_chart: bool, warmup: u32, runs: u32) -> Result<(StepTimes, Output)> {
    time_on(ctx, img, Storage::Buffers, clip_ppm, with_chart, warmup, runs)
}

/// `time` with the pixels in buffers (`record`), in rgba8 storage images (`record_images`), or
/// stored in a sampled image of one of `SAMPLED_FORMATS` (`record_sampled`: `img`'s codes, in
/// the format's layout; the output is in RGBA order, so it equals `cpu::levels` on `img`).
pub fn time_on(
    ctx: &Context,
    img: &Rgba8,
    storage: Storage,
    clip_ppm: u32,
    with_chart: bool,
    warmup: u32,
    runs: u32,
) -> Result<(StepTimes, Output)> {
    let n = img.pixel_count();
    let lv = Levels::new(ctx, n)?;
    lv.check_storage(storage, img.width, img.height)?;
    let surfaces = Surfaces::new(ctx, img, storage, "levels input")?;
    let pixels = surfaces.pixels();
    let chart = if with_chart { Some(Buffer::<u32>::new(ctx, (CHART_WIDTH * CHART_HEIGHT) as usize, "levels chart")?) } else { None };
    let (w, h) = (img.width, img.height);
    let frame = |rec: &mut Recorder, step: &mut dyn FnMut(&mut Recorder, &str) -> Result<()>| {
        lv.record_steps(rec, pixels, w, h, clip_ppm, chart.as_ref(), step)
    };
    let mut times = StepTimes::default();
    if runs == 0 {
        ctx.submit(|rec| frame(rec, &mut |_, _| Ok(())))?;
    } else {
        // The whole frame, then each step on its own (timestamps between the steps).
        times.frame = measure(ctx, warmup, runs, |rec| frame(rec, &mut |_, _| Ok(())))?;
        let mut timer = Timer::new(ctx, 8)?;
        let mut samples: Vec<Vec<f64>> = vec![Vec::new(); 5];
        for _ in 0..runs {
            ctx.submit(|rec| {
                timer.reset(rec);
                rec.barrier(Sync::Full);
                timer.stamp(rec, "start")?;
                frame(rec, &mut |rec, name| timer.stamp(rec, name))
            })?;
            let stamps = timer.read()?;
            for (i, pair) in stamps.windows(2).enumerate() {
                samples[i].push(pair[1].1 - pair[0].1);
            }
        }
        let mut steps = samples.into_iter().map(Timing::from_samples);
        times.histogram = steps.next().unwrap_or_default();
        times.find_levels = steps.next().unwrap_or_default();
        times.stretch = steps.next().unwrap_or_default();
        times.histogram_after = steps.next().unwrap_or_default();
        times.draw_chart = steps.next().unwrap_or_default();
    }
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    let levels: Vec<u32> = ctx.read(&lv.levels)?;
    let image = surfaces.read_output(ctx, w, h)?;
    let chart = match &chart {
        Some(c) => {
            let px: Vec<u32> = ctx.read(c)?;
            Some(Rgba8::new(CHART_WIDTH, CHART_HEIGHT, bytemuck::cast_slice(&px).to_vec())?)
        }
        None => None,
    };
    let histogram_variant = storage.histogram_variant(ctx.info());
    Ok((times, Output { levels: LevelValues { black: levels[0], white: levels[1] }, image, chart, histogram_variant }))
}

/// One frame on the GPU, read back.
pub fn run(ctx: &Context, img: &Rgba8, clip_ppm: u32, with_chart: bool) -> Result<Output> {
    Ok(time(ctx, img, clip_ppm, with_chart, 0, 0)?.1)
}

/// A video's frames timed: the first frame (its own levels) and the following ones (one frame
/// late, one pass), GPU timestamps between the frames of each run.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct VideoTimes {
    /// The first frame (its own levels, `record`).
    pub first: Timing,
    /// Every following frame of every run.
    pub following: Timing,
    /// The whole video, one submission a run.
    pub video: Timing,
}

/// Uploads `frames` (one size), records them in one submission per run (`record` for the first,
/// `record_following` for the rest, no read-back in between), and reads every output back
/// (`runs` = 0: once, untimed).
pub fn time_video(ctx: &Context, frames: &[Rgba8], clip_ppm: u32, warmup: u32, runs: u32) -> Result<(VideoTimes, Vec<Rgba8>)> {
    time_video_on(ctx, frames, Storage::Buffers, clip_ppm, warmup, runs)
}

/// `time_video` with the frames in buffers, in rgba8 storage images (`record_images`, then
/// `record_following_images`), or in sampled images of a format (`record_sampled`, then
/// `record_following_sampled`), as `time_on`.
pub fn time_video_on(
    ctx: &Context,
    frames: &[Rgba8],
    storage: Storage,
    clip_ppm: u32,
    warmup: u32,
    runs: u32,
) -> Result<(VideoTimes, Vec<Rgba8>)> {
    let Some(first) = frames.first() else { return Err(Error::invalid("a video needs at least one frame")) };
    let (w, h) = (first.width, first.height);
    if frames.iter().any(|f| (f.width, f.height) != (w, h)) {
        return Err(Error::invalid("every frame of a video must have the first one's size"));
    }
    let lv = Levels::new(ctx, first.pixel_count())?;
    lv.check_storage(storage, w, h)?;
    let surfaces: Vec<Surfaces> = frames.iter().map(|f| Surfaces::new(ctx, f, storage, "video frame")).collect::<Result<_>>()?;
    let record_video = |rec: &mut Recorder, step: &mut dyn FnMut(&mut Recorder) -> Result<()>| -> Result<()> {
        for (k, s) in surfaces.iter().enumerate() {
            if k == 0 {
                lv.record_steps(rec, s.pixels(), w, h, clip_ppm, None, &mut |_, _| Ok(()))?;
            } else {
                lv.record_following_on(rec, s.pixels(), w, h, clip_ppm)?;
            }
            step(rec)?;
        }
        Ok(())
    };
    let mut times = VideoTimes::default();
    if runs == 0 {
        ctx.submit(|rec| record_video(rec, &mut |_| Ok(())))?;
    } else {
        times.video = measure(ctx, warmup, runs, |rec| record_video(rec, &mut |_| Ok(())))?;
        let mut timer = Timer::new(ctx, frames.len() as u32 + 1)?;
        let (mut first_ns, mut following_ns) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            ctx.submit(|rec| {
                timer.reset(rec);
                rec.barrier(Sync::Full);
                timer.stamp(rec, "start")?;
                record_video(rec, &mut |rec| timer.stamp(rec, "frame"))
            })?;
            let stamps = timer.read()?;
            for (k, pair) in stamps.windows(2).enumerate() {
                let ns = pair[1].1 - pair[0].1;
                if k == 0 {
                    first_ns.push(ns);
                } else {
                    following_ns.push(ns);
                }
            }
        }
        times.first = Timing::from_samples(first_ns);
        times.following = Timing::from_samples(following_ns);
    }
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    let outs = surfaces.iter().map(|s| s.read_output(ctx, w, h)).collect::<Result<Vec<_>>>()?;
    Ok((times, outs))
}

/// A video adjusted as it arrives, one frame per submission: the first frame with its own levels,
/// each later one with the levels of the frame before (`record_following`: the levels stay on
/// the GPU from one submission to the next). For frames that are not all in memory at once.
pub struct Stream<'a> {
    ctx: &'a Context,
    levels: Levels,
    src: Buffer<u32>,
    dst: Buffer<u32>,
    timer: Timer,
    width: u32,
    height: u32,
    clip_ppm: u32,
    first: bool,
}

impl<'a> Stream<'a> {
    /// For frames of `width x height` pixels.
    pub fn new(ctx: &'a Context, width: u32, height: u32, clip_ppm: u32) -> Result<Stream<'a>> {
        let n = width as u64 * height as u64;
        let levels = Levels::new(ctx, n)?;
        levels.check_storage(Storage::Buffers, width, height)?;
        let padded = (n as usize).div_ceil(4) * 4;
        let src = Buffer::new(ctx, padded, "stream frame")?;
        let dst = Buffer::new(ctx, padded, "stream output")?;
        Ok(Stream { ctx, levels, src, dst, timer: Timer::new(ctx, 2)?, width, height, clip_ppm, first: true })
    }

    /// Uploads `frame`, adjusts it, and returns it with the GPU time of its steps (ns, from
    /// timestamps around them).
    pub fn next(&mut self, frame: &Rgba8) -> Result<(Rgba8, f64)> {
        if (frame.width, frame.height) != (self.width, self.height) {
            return Err(Error::invalid(format!("a {}x{} frame in a {}x{} video", frame.width, frame.height, self.width, self.height)));
        }
        self.ctx.upload(&self.src, 0, frame.packed())?;
        let (w, h, clip, first) = (self.width, self.height, self.clip_ppm, self.first);
        let (levels, src, dst, timer) = (&self.levels, &self.src, &self.dst, &mut self.timer);
        self.ctx.submit(|rec| {
            timer.reset(rec);
            rec.barrier(Sync::Full);
            timer.stamp(rec, "start")?;
            if first {
                levels.record(rec, src, dst, w, h, clip, None)?;
            } else {
                levels.record_following(rec, src, dst, w, h, clip)?;
            }
            timer.stamp(rec, "end")?;
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })?;
        self.first = false;
        let ns = self.timer.between("start", "end")?;
        let px: Vec<u32> = self.ctx.read_range(&self.dst, 0, frame.packed().len())?;
        Ok((Rgba8::new(w, h, bytemuck::cast_slice(&px).to_vec())?, ns))
    }
}
