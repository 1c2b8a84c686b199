//! Engine mode, end to end: an engine that owns its Vulkan instance, device, queue and command
//! buffer hands them to `workgroup`, which records a stable compaction (a cull), a reduction, a
//! radix sort with indices of what the compaction kept (a draw order by depth, say: its length is
//! the compaction's count, read by the GPU, never by the host) and its indirect draw's arguments,
//! a second cull of what the first kept (counted the same way),
//! an exclusive scan (where each object's items start) with its total, the exposure histogram of
//! an HDR render target (half floats, sampled: log-luminance in octaves) and its auto exposure, an exact box blur of that
//! target into half-float images (a bloom's blur), two frames of auto levels (a post-process:
//! the first on an rgba8 storage image, the second, a sampled sRGB BGRA image as a swapchain's,
//! with the first one's levels, as auto exposure) and a box blur of the second into that command buffer; the engine submits it with its own fence. Then the results are checked against
//! the CPU references.
//!
//! ```sh
//! cargo run --release --example engine                # on the default device
//! cargo run --release --example engine -- --validate  # with the Khronos validation layer (synchronization too)
//! ```
use ash::vk;
use rand::{Rng, SeedableRng};
use workgroup::gpu::{AdoptInfo, Buffer, Context, Image, Recorder, Sync};
use workgroup::ops::blur::{self, Blur};
use workgroup::ops::compact::{self, Compactor, Func, Predicate};
use workgroup::ops::histogram::{self, Exposure, Histogram, LogRange, Measure};
use workgroup::ops::images::{self, ColorFormat, Rgba8, Synthetic};
use workgroup::ops::indirect::ArgsFromCount;
use workgroup::ops::levels::Levels;
use workgroup::ops::reduce::{self, ElemType, Op, Reducer};
use workgroup::ops::scan::{self, Kind, Scanner};
use workgroup::ops::sort::Sorter;

/// What the engine made itself, with plain ash (workgroup destroys none of it).
struct Engine {
    _entry: ash::Entry,
    instance: ash::Instance,
    physical: vk::PhysicalDevice,
    device: ash::Device,
    family: u32,
    queue: vk::Queue,
}

impl Engine {
    /// An instance (with the validation layer and synchronization validation if asked), the first
    /// device with a compute queue, and a device with what `Context::adopt` requires: Vulkan 1.3's
    /// `synchronization2`, `maintenance4` and `VK_KHR_push_descriptor`.
    unsafe fn new(validate: bool) -> anyhow::Result<Engine> {
        let entry = ash::Entry::load().map_err(|e| workgroup::gpu::Error::NoLoader(e.to_string()))?;
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
        let layers = [c"VK_LAYER_KHRONOS_validation".as_ptr()];
        let exts = [ash::ext::debug_utils::NAME.as_ptr()];
        let enables = [vk::ValidationFeatureEnableEXT::SYNCHRONIZATION_VALIDATION];
        let mut features = vk::ValidationFeaturesEXT::default().enabled_validation_features(&enables);
        let mut info = vk::InstanceCreateInfo::default().application_info(&app);
        if validate {
            info = info.enabled_layer_names(&layers).enabled_extension_names(&exts).push_next(&mut features);
        }
        let instance = entry.create_instance(&info, None).map_err(|e| match e {
            vk::Result::ERROR_LAYER_NOT_PRESENT => anyhow::Error::new(workgroup::gpu::Error::NoValidationLayer),
            e => anyhow::anyhow!("vkCreateInstance: {e}"),
        })?;
        let (physical, family) = instance
            .enumerate_physical_devices()?
            .into_iter()
            .find_map(|pd| {
                let families = instance.get_physical_device_queue_family_properties(pd);
                let f = families.iter().position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))?;
                Some((pd, f as u32))
            })
            .ok_or_else(|| anyhow::anyhow!("no Vulkan device with a compute queue"))?;
        let priorities = [1.0];
        let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&priorities)];
        let device_exts = [ash::khr::push_descriptor::NAME.as_ptr()];
        let mut v13 = vk::PhysicalDeviceVulkan13Features::default().synchronization2(true).maintenance4(true);
        let device_info =
            vk::DeviceCreateInfo::default().queue_create_infos(&queues).enabled_extension_names(&device_exts).push_next(&mut v13);
        let device = instance.create_device(physical, &device_info, None)?;
        let queue = device.get_device_queue(family, 0);
        Ok(Engine { _entry: entry, instance, physical, device, family, queue })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        unsafe {
            let _ = self.device.device_wait_idle();
            self.device.destroy_device(None);
            self.instance.destroy_instance(None);
        }
    }
}

fn main() {
    let validate = std::env::args().skip(1).any(|a| a == "--validate");
    if let Err(e) = run(validate) {
        eprintln!("error: {e:#}");
        std::process::exit(1);
    }
}

/// The whole example (`tests/engine_example.rs` runs it too, with validation).
pub fn run(validate: bool) -> anyhow::Result<()> {
    let engine = unsafe { Engine::new(validate)? };
    let info = AdoptInfo {
        instance: engine.instance.handle(),
        physical_device: engine.physical,
        device: engine.device.handle(),
        queue_family_index: engine.family,
        queue: engine.queue,
        collect_validation: validate,
    };
    // Safety: the handles are valid, meet adopt's requirements and outlive `ctx` (dropped first).
    let ctx = unsafe { Context::adopt(&info, std::time::Duration::from_secs(60))? };
    println!("adopted the engine's device: {}", ctx.info().name);

    // The engine's data: f32 values in [0, 1), uploaded once (workgroup's own staging submit).
    let n = 1_000_003;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let values: Vec<u32> = (0..n).map(|_| rng.gen::<f32>().to_bits()).collect();
    let input = Buffer::from_slice(&ctx, &values, "values")?;
    let kept: Buffer<u32> = Buffer::new(&ctx, n, "kept values")?;
    let count: Buffer<u32> = Buffer::new(&ctx, 1, "kept count")?;
    // A second cull of what the first kept (x < 0.75, say a finer test): its input's length is
    // the first one's count, on the GPU.
    let kept_twice: Buffer<u32> = Buffer::new(&ctx, n, "kept by both culls")?;
    let count_twice: Buffer<u32> = Buffer::new(&ctx, 1, "kept by both culls, count")?;
    let sum: Buffer<u32> = Buffer::new(&ctx, 1, "sum")?;
    let results: Buffer<u32> = Buffer::new(&ctx, 2, "the engine's copy of count and sum")?;
    // For the sort: the indices 0, 1, 2, ... of the kept values, and the kept values (as depths)
    // with their indices in order.
    let indices = Buffer::from_slice(&ctx, &(0..n as u32).collect::<Vec<u32>>(), "indices")?;
    let depths: Buffer<u32> = Buffer::new(&ctx, n, "sorted kept values")?;
    let order: Buffer<u32> = Buffer::new(&ctx, n, "draw order of the kept values")?;
    // The indirect draw of the kept objects (a quad each, in that order): its arguments.
    let draw_args: Buffer<u32> = Buffer::new(&ctx, 4, "VkDrawIndirectCommand")?;
    // For the scan: how many items each of n objects emits (0..7), and where each one's items
    // start in a packed list (the exclusive prefix sum of the counts).
    let counts: Vec<u32> = values.iter().map(|&v| (f32::from_bits(v) * 8.0) as u32).collect();
    let emitted = Buffer::from_slice(&ctx, &counts, "items per object")?;
    let starts: Buffer<u32> = Buffer::new(&ctx, n, "first item of each object")?;
    let items: Buffer<u32> = Buffer::new(&ctx, 1, "items in all")?;
    // Two rendered frames of a 640x360 picture whose exposure rises, for the auto levels, and
    // the adjusted frames: R8G8B8A8_UNORM storage images (made here with workgroup's `Image`;
    // any such view of the engine's own images will do, in GENERAL layout). The second frame
    // comes as the engine's swapchain might hold it: B8G8R8A8_SRGB, sampled only.
    let picture = images::synthetic(640, 360, Synthetic::Natural, 3)?;
    let frames: Vec<images::Rgba8> = (0..2).map(|k| workgroup::cpu::levels::exposure_frame(&picture, k, 2)).collect();
    let pixels = picture.pixel_count() as usize;
    let (w, h) = (picture.width, picture.height);
    let frame_in = [
        Image::from_rgba8(&ctx, w, h, &frames[0].pixels, "frame")?,
        Image::sampled_from_texels(
            &ctx,
            w,
            h,
            vk::Format::B8G8R8A8_SRGB,
            4,
            &ColorFormat::Bgra8Srgb.texels_from_rgba8(&frames[1]),
            "frame",
        )?,
    ];
    let frame_out: Vec<Image> = (0..2).map(|_| Image::new(&ctx, w, h, "adjusted frame")).collect::<Result<_, _>>()?;
    // The last adjusted frame blurred (a second post-process), and the blur's scratch image.
    let blurred: Vec<Image> = (0..2).map(|_| Image::new(&ctx, w, h, "blurred frame")).collect::<Result<_, _>>()?;
    // The engine's HDR render target: R16G16B16A16_SFLOAT, sampled, in SHADER_READ_ONLY_OPTIMAL
    // (made here from the picture's linear light; any sampled view of the engine's own will do).
    let hdr_texels = ColorFormat::Rgba16f.texels_from_rgba8(&picture);
    let hdr = Image::sampled_from_texels(&ctx, w, h, vk::Format::R16G16B16A16_SFLOAT, 8, &hdr_texels, "HDR target")?;
    let exposure_bins: Buffer<u32> = Buffer::new(&ctx, 256, "exposure histogram")?;
    // The engine's half-float images for the HDR target's blur (a bloom's blur) and its scratch:
    // storage (written) and sampled (the second iteration reads the first).
    let usage = vk::ImageUsageFlags::STORAGE | vk::ImageUsageFlags::SAMPLED | vk::ImageUsageFlags::TRANSFER_SRC;
    let hdr_blurred: Vec<Image> = (0..2)
        .map(|_| Image::with_format(&ctx, w, h, vk::Format::R16G16B16A16_SFLOAT, 8, usage, "blurred HDR"))
        .collect::<Result<_, _>>()?;
    // What the tone mapping reads: the mean log2 luminance and the pixels.
    let exposure_out: Buffer<u32> = Buffer::new(&ctx, 2, "mean log2 luminance")?;

    // Made once, recorded every frame.
    let keep = Predicate::Greater(0.5f32.to_bits());
    let compactor = Compactor::new(&ctx, compact::Variant::Stable, ElemType::F32, keep, Func::Identity, n)?;
    let keep_second = Predicate::Less(0.75f32.to_bits());
    let second_cull = Compactor::new(&ctx, compact::Variant::Stable, ElemType::F32, keep_second, Func::Identity, n)?;
    let reducer = Reducer::new(&ctx, reduce::Variant::SinglePass, ElemType::F32, Op::Sum, n)?;
    let sorter = Sorter::radix_pairs(&ctx, ElemType::F32, n)?;
    let args = ArgsFromCount::new(&ctx)?;
    let scanner = Scanner::new(&ctx, scan::Variant::SinglePass, ElemType::U32, Op::Sum, Kind::Exclusive, n)?;
    let levels = Levels::new(&ctx, pixels as u64)?;
    // The exposure histogram: log-luminance from 2^-16 to 2^16, 8 bins an octave.
    let log_luminance = Measure::LogLuminance(LogRange { min: -16, max: 16 });
    let exposure_params = histogram::Params { format: ColorFormat::Rgba16f, measure: log_luminance, bins: 256, ..Default::default() };
    let exposure = Histogram::new(&ctx, histogram::Variant::FastestSampled, &exposure_params, w, h)?;
    let auto_exposure = Exposure::new(&ctx, 256, LogRange { min: -16, max: 16 })?;
    let blur = Blur::new(&ctx, blur::Variant::Separable)?;
    let hdr_blur = Blur::new(&ctx, blur::Variant::FastestSampled)?;
    let glow = blur::Params { filter: 15, iterations: 2 };
    let box_filter = blur::Params { filter: 9, iterations: 1 };

    // The engine's command buffer and fence.
    let device = &engine.device;
    let (pool, cmd, fence) = unsafe {
        let pool = device.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(engine.family), None)?;
        let alloc = vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1);
        let cmd = device.allocate_command_buffers(&alloc)?[0];
        (pool, cmd, device.create_fence(&vk::FenceCreateInfo::default(), None)?)
    };
    unsafe { device.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default())? };
    let mut rec = Recorder::new(&ctx, cmd);
    // Before: the upload must be visible to compute-shader reads (both records' contract).
    rec.barrier(Sync::TransferToCompute);
    // Keep x > 0.5 in order: kept[0..count) and count[0]. It records its own barriers between passes.
    compactor.record(&mut rec, &input, n, &kept, &count)?;
    // The sum of every value; it only reads `input`, which the compaction also only reads.
    reducer.record(&mut rec, &input, n, &sum)?;
    // The kept values in increasing order with their indices among them (stable: equal values
    // keep their index order), e.g. the draw order by depth of what the cull kept. How many were
    // kept is known only on the GPU: the sort reads `count` when it runs (its grid covers n, and
    // its groups past the count return at once). So the compaction's outputs must be visible to
    // compute-shader reads first.
    rec.barrier(Sync::ComputeToCompute);
    sorter.record_pairs_counted(&mut rec, &kept, &indices, &count, &depths, &order)?;
    // The second cull of the kept values, counted by the first cull's count as well.
    second_cull.record_counted(&mut rec, &kept, &count, &kept_twice, &count_twice)?;
    // And the arguments of the engine's indirect draw of those objects: 6 vertices (a quad) per
    // kept object. (Before its vkCmdDrawIndirect: Sync::ComputeToIndirect.)
    args.record_draw(&mut rec, &count, n as u32, 6, &draw_args)?;
    // Where each object's items start: the exclusive sum of the counts (one pass, decoupled
    // look-back). It only reads `emitted`, uploaded before the first barrier.
    // Its total, the number of items in all, stays on the GPU too (a later counted step's count).
    scanner.record_with_total(&mut rec, &emitted, n, &starts, &items)?;
    // The HDR target's exposure histogram, read through a sampled view in the layout it is in (the
    // render pass that wrote it would end with a barrier making it visible to compute-shader
    // sampled reads). It zeroes its bins itself.
    let target = histogram::Input::Sampled {
        view: hdr.view(),
        layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
        format: vk::Format::R16G16B16A16_SFLOAT,
        width: w,
        height: h,
    };
    exposure.record(&mut rec, target, exposure_bins.raw())?;
    // Auto exposure from it, on the GPU: the mean log2 luminance of the pixels between the
    // darkest and the brightest 1% (its contract: the histogram visible to compute reads first).
    rec.barrier(Sync::ComputeToCompute);
    auto_exposure.record(&mut rec, exposure_bins.raw(), 10_000, 10_000, exposure_out.raw())?;
    // The HDR target blurred twice by a 15x15 box into the engine's half-float images, exactly
    // (each pass the window's mean rounded to half): the same sampled view, two dispatches with a
    // barrier between them, recorded by the blur itself.
    for out in &hdr_blurred {
        rec.image_layout(out, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
    }
    let source = blur::SampledSource {
        view: hdr.view(),
        layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
        format: vk::Format::R16G16B16A16_SFLOAT,
    };
    hdr_blur.record_sampled(&mut rec, source, [hdr_blurred[0].view(), hdr_blurred[1].view()], [w, h], glow)?;
    // Auto levels of frame 0 (its own levels: 0.5% of the pixels may clip at each end), then frame
    // 1 in one pass with frame 0's levels, image to image (`record` and `record_following` do
    // the same on buffers of packed pixels). Frame 1 is read as a sampled sRGB BGRA image: its
    // stored codes are adjusted, written in RGBA order. Each records its own barriers; the
    // outputs are put in GENERAL layout first.
    for out in frame_out.iter().chain(&blurred) {
        rec.image_layout(out, vk::ImageLayout::UNDEFINED, vk::ImageLayout::GENERAL);
    }
    levels.record_images(&mut rec, frame_in[0].view(), frame_out[0].view(), w, h, 5_000, None)?;
    let swapchain_frame = images::SampledSource {
        view: frame_in[1].view(),
        layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
        format: vk::Format::B8G8R8A8_SRGB,
    };
    levels.record_following_sampled(&mut rec, swapchain_frame, frame_out[1].view(), w, h, 5_000)?;
    // Then a 9-pixel box blur of the adjusted frame 1 (seed 003's separable passes): its input was
    // just written by a compute shader, so a compute-to-compute barrier first (the blur's contract).
    rec.barrier(Sync::ComputeToCompute);
    blur.record_views(&mut rec, [frame_out[1].view(), blurred[0].view(), blurred[1].view()], w, h, box_filter)?;
    // After: all three wrote with compute shaders; the engine's next step here is a copy of the
    // count and the sum into its own buffer (and our reads of the sort), so a compute-to-transfer
    // barrier comes first.
    rec.barrier(Sync::ComputeToTransfer);
    unsafe {
        let word = |dst_offset| [vk::BufferCopy { src_offset: 0, dst_offset, size: 4 }];
        device.cmd_copy_buffer(cmd, count.raw(), results.raw(), &word(0));
        device.cmd_copy_buffer(cmd, sum.raw(), results.raw(), &word(4));
        device.end_command_buffer(cmd)?;
        let cmds = [cmd];
        device.queue_submit(engine.queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], fence)?;
        device.wait_for_fences(&[fence], true, u64::MAX)?;
    }

    // Check against the CPU references.
    let results = ctx.read(&results)?;
    let gpu_count = results[0] as usize;
    let gpu_kept = ctx.read_range(&kept, 0, gpu_count)?;
    let cpu_kept = workgroup::cpu::compact::compact(&values, ElemType::F32, keep, Func::Identity);
    anyhow::ensure!(gpu_kept == cpu_kept, "compaction differs from the CPU ({gpu_count} kept against {})", cpu_kept.len());
    let gpu_sum = f32::from_bits(results[1]);
    let cpu_sum = workgroup::cpu::reduce::F32SumRef::of(&values);
    let bound = reduce::f32_sum_bound(reduce::Variant::SinglePass, n, cpu_sum.abs, reducer.range());
    anyhow::ensure!(cpu_sum.accepts(gpu_sum, bound), "sum {gpu_sum} differs from the f64 sum {} by more than {bound:e}", cpu_sum.exact());
    println!("kept {gpu_count} of {n} values > 0.5, in order, as the CPU does");
    let cpu_twice = workgroup::cpu::compact::compact(&cpu_kept, ElemType::F32, keep_second, Func::Identity);
    let twice = ctx.read(&count_twice)?[0] as usize;
    anyhow::ensure!(
        ctx.read_range(&kept_twice, 0, twice)? == cpu_twice,
        "the second cull differs from the CPU ({twice} kept against {})",
        cpu_twice.len()
    );
    println!("a second cull kept {twice} of those below 0.75 (its input counted on the GPU), as the CPU does");
    println!("sum {gpu_sum} (f64 on the CPU: {}; |error| {:.2e} <= {bound:.2e})", cpu_sum.exact(), cpu_sum.error(gpu_sum));
    let cpu_order = workgroup::cpu::sort::argsort(&cpu_kept, ElemType::F32);
    anyhow::ensure!(ctx.read_range(&order, 0, gpu_count)? == cpu_order, "the draw order differs from the CPU's stable argsort");
    let cpu_depths: Vec<u32> = cpu_order.iter().map(|&i| cpu_kept[i as usize]).collect();
    anyhow::ensure!(ctx.read_range(&depths, 0, gpu_count)? == cpu_depths, "the sorted kept values differ from the CPU's");
    println!("sorted the {gpu_count} kept values with their indices (the stable argsort), counted on the GPU, as the CPU does");
    anyhow::ensure!(ctx.read(&draw_args)? == [6, gpu_count as u32, 0, 0], "the indirect draw's arguments are not 6 vertices x {gpu_count}");
    println!("indirect draw arguments: 6 vertices x {gpu_count} instances");
    let cpu_starts = workgroup::cpu::scan::scan(&counts, ElemType::U32, Op::Sum, Kind::Exclusive);
    anyhow::ensure!(ctx.read(&starts)? == cpu_starts, "the exclusive scan differs from the CPU's");
    let all_items = cpu_starts[n - 1] + counts[n - 1];
    anyhow::ensure!(ctx.read(&items)?[0] == all_items, "the scan's total differs from the CPU's {all_items}");
    println!("exclusive scan of {n} item counts, and its total ({all_items} items in all), as the CPU does");
    let bins = ctx.read(&exposure_bins)?;
    anyhow::ensure!(
        bins == histogram::texel_histogram(ColorFormat::Rgba16f, &hdr_texels, log_luminance, 256),
        "the HDR target's exposure histogram differs from the CPU's"
    );
    // The octave of the median pixel: bin b covers 2^(-16 + b / 8) and up.
    let mut seen = 0u64;
    let median = bins.iter().position(|&c| {
        seen += c as u64;
        2 * seen >= pixels as u64
    });
    println!(
        "exposure histogram of the HDR target (rgba16f, log-luminance): median pixel near 2^{:.3}, as the CPU bins it",
        median.unwrap_or(0) as f64 / 8.0 - 16.0
    );
    let mean = f32::from_bits(ctx.read(&exposure_out)?[0]) as f64;
    let (cpu_mean, _) = histogram::exposure_reference(&bins, LogRange { min: -16, max: 16 }, 10_000, 10_000);
    anyhow::ensure!((mean - cpu_mean).abs() <= histogram::EXPOSURE_TOLERANCE, "auto exposure {mean} differs from the CPU's {cpu_mean}");
    println!(
        "auto exposure on the GPU: mean log2 luminance {mean:.5} (the CPU's {cpu_mean:.5}), so exposure x{:.4} for a key of 0.18",
        0.18 / mean.exp2()
    );
    let hdr_in = images::Texels::new(w, h, ColorFormat::Rgba16f, hdr_texels.clone())?;
    let want_glow = blur::reference_texels(&hdr_in, glow)?;
    let got_glow = blur::Blurred::Halves(images::Rgba16f::from_bytes(w, h, &hdr_blurred[0].read(&ctx)?)?);
    anyhow::ensure!(got_glow.same_as(&want_glow), "the blurred HDR target differs from the CPU's");
    println!("box blur (filter 15, twice) of the HDR target into half floats, exactly as the CPU does");
    for (k, (levelled, want)) in frame_out.iter().zip(workgroup::cpu::levels::video(&frames, 5_000)).enumerate() {
        anyhow::ensure!(levelled.read(&ctx)? == want.1.pixels, "adjusted frame {k} differs from the CPU's");
        println!("auto levels of frame {k}: black {} white {}, as the CPU does", want.0.black, want.0.white);
    }
    let levelled = Rgba8::new(w, h, frame_out[1].read(&ctx)?)?;
    let want_blur = workgroup::cpu::blur::blur(&levelled, box_filter.filter, box_filter.iterations);
    anyhow::ensure!(blurred[0].read(&ctx)? == want_blur.pixels, "the blurred frame differs from the CPU's");
    println!("box blur (filter 9) of the adjusted frame 1, as the CPU does");

    unsafe {
        device.destroy_fence(fence, None);
        device.destroy_command_pool(pool, None);
    }
    let messages = ctx.take_validation_messages();
    anyhow::ensure!(messages.is_empty(), "{} validation message(s):\n{}", messages.len(), messages.join("\n"));
    if validate {
        println!("validation (with synchronization validation): no messages");
    }
    // workgroup's objects go first; the engine's device outlives them and is destroyed by Engine.
    drop((
        compactor,
        second_cull,
        kept_twice,
        count_twice,
        reducer,
        sorter,
        args,
        draw_args,
        scanner,
        items,
        emitted,
        starts,
        levels,
        exposure,
        auto_exposure,
        exposure_out,
        exposure_bins,
        hdr,
        hdr_blurred,
        hdr_blur,
        blur,
        input,
        kept,
        count,
        sum,
        indices,
        depths,
        order,
        frame_in,
        frame_out,
        blurred,
    ));
    drop(ctx);
    Ok(())
}
