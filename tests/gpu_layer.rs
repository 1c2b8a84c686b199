//! The thin Vulkan layer on a real device (lavapipe where there is no GPU), under validation.
mod common;
use common::gpu;
use workgroup::gpu::{
    probe_clock_mhz, sm_clock_mhz, vk, AdoptInfo, Buffer, Context, ContextOptions, Error, Image, InvocationCounter, Kernel, Sync, Timer,
};
use workgroup::shaders;

#[test]
fn round_trips_of_odd_sizes() {
    let g = gpu();
    for n in [1usize, 3, 7, 17, 255, 4099, 1_000_003] {
        let data: Vec<u32> = (0..n as u32).map(|i| i.wrapping_mul(2654435761)).collect();
        let b = Buffer::from_slice(&g, &data, "u32").unwrap();
        assert_eq!(g.read(&b).unwrap(), data, "u32 x {n}");
        let bytes: Vec<u8> = (0..n).map(|i| (i * 7 + 3) as u8).collect();
        let b = Buffer::from_slice(&g, &bytes, "u8").unwrap();
        assert_eq!(g.read(&b).unwrap(), bytes, "u8 x {n}");
        let floats: Vec<f32> = (0..n).map(|i| i as f32 * -0.37).collect();
        let b = Buffer::from_slice(&g, &floats, "f32").unwrap();
        assert_eq!(g.read(&b).unwrap(), floats, "f32 x {n}");
    }
    let empty: Buffer<u32> = Buffer::from_slice(&g, &[], "empty").unwrap();
    assert!(g.read(&empty).unwrap().is_empty());
    let b = Buffer::from_slice(&g, &[1u32, 2, 3, 4, 5], "range").unwrap();
    assert_eq!(g.read_range(&b, 1, 4).unwrap(), vec![2, 3, 4]);
    assert!(matches!(g.read_range(&b, 3, 9), Err(Error::InvalidInput(_))));
}

#[test]
fn fill_and_copy() {
    let g = gpu();
    let a: Buffer<u32> = Buffer::new(&g, 1001, "a").unwrap();
    let b: Buffer<u32> = Buffer::new(&g, 1003, "b").unwrap();
    g.submit(|rec| {
        rec.fill(&a, 0xDEAD_BEEF);
        rec.fill(&b, 7);
        rec.barrier(Sync::TransferToTransfer);
        rec.copy(&a, &b)
    })
    .unwrap();
    let got = g.read(&b).unwrap();
    assert!(got[..1001].iter().all(|&v| v == 0xDEAD_BEEF));
    assert_eq!(&got[1001..], &[7, 7]);
    assert!(g.submit(|rec| rec.copy(&b, &a)).is_err(), "copy into a smaller buffer must be refused");
}

fn scale_add(g: &Context, local: u32, add: u32) -> Kernel {
    Kernel::new(g, &shaders::SELFTEST_SCALE_ADD, &[(0, local), (1, add)]).unwrap()
}

fn push(n: u32, mul: u32) -> Vec<u8> {
    bytemuck::cast_slice(&[n, mul]).to_vec()
}

#[test]
fn spec_and_push_constants_change_the_result() {
    let g = gpu();
    let n = 1000u32;
    let x: Vec<u32> = (0..n).collect();
    let xb = Buffer::from_slice(&g, &x, "x").unwrap();
    let yb: Buffer<u32> = Buffer::new(&g, n as usize, "y").unwrap();
    for (add, mul) in [(1u32, 1u32), (5, 1), (5, 3), (0, 0)] {
        let k = scale_add(&g, 64, add);
        g.submit(|rec| {
            rec.dispatch(&k, [n.div_ceil(64), 1, 1], &[xb.bind(), yb.bind()], &push(n, mul))?;
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap();
        let y = g.read(&yb).unwrap();
        assert!(y.iter().enumerate().all(|(i, &v)| v == i as u32 * mul + add), "add {add} mul {mul}");
    }
    // Unknown spec id, wrong push size and wrong bindings are errors, not panics.
    assert!(matches!(Kernel::new(&g, &shaders::SELFTEST_SCALE_ADD, &[(9, 1)]), Err(Error::InvalidInput(_))));
    let k = scale_add(&g, 64, 1);
    assert!(g.submit(|rec| rec.dispatch(&k, [1, 1, 1], &[xb.bind(), yb.bind()], &[0u8; 4])).is_err());
    assert!(g.submit(|rec| rec.dispatch(&k, [1, 1, 1], &[xb.bind()], &push(1, 1))).is_err());
    // A required subgroup size: the device's own runs (Vulkan 1.3 devices offer the control), one
    // outside its range is refused.
    let info = g.info().clone();
    assert!(info.subgroup_size_control, "{} offers no subgroupSizeControl", info.name);
    let size = info.subgroup_size;
    let k = Kernel::with_subgroup_size(&g, &shaders::SELFTEST_SCALE_ADD, &[(0, 64), (1, 7)], Some(size)).unwrap();
    g.submit(|rec| {
        rec.dispatch(&k, [n.div_ceil(64), 1, 1], &[xb.bind(), yb.bind()], &push(n, 2))?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })
    .unwrap();
    assert!(g.read(&yb).unwrap().iter().enumerate().all(|(i, &v)| v == i as u32 * 2 + 7));
    let outside = Kernel::with_subgroup_size(&g, &shaders::SELFTEST_SCALE_ADD, &[(0, 64)], Some(info.max_subgroup_size * 2));
    assert!(matches!(outside, Err(Error::Unsupported(_))));
    // The workgroup size is read from the SPIR-V with the specialization applied, and one past
    // the device's limits is refused instead of made into an invalid pipeline.
    assert_eq!(shaders::SELFTEST_SCALE_ADD.workgroup_size(&[(0, 96)]), Some([96, 1, 1]));
    assert_eq!(shaders::SELFTEST_DIVERGENT_FENCE.workgroup_size(&[]), Some([64, 1, 1]));
    assert_eq!(shaders::GRAY_ROW_MAJOR.workgroup_size(&[]), Some([16, 16, 1]));
    assert!(shaders::ALL.iter().all(|s| s.workgroup_size(&[]).is_some()), "every kernel's size is readable");
    let too_wide = info.max_workgroup_invocations * 2;
    let refused = Kernel::new(&g, &shaders::SELFTEST_SCALE_ADD, &[(0, too_wide)]);
    assert!(matches!(&refused, Err(Error::Unsupported(m)) if m.contains("workgroups of")), "{:?}", refused.err());
}

/// Two dependent dispatches: x -> y -> z. With the barrier, validation is silent; without it,
/// synchronization validation must report the read-after-write hazard (the harness bites).
#[test]
fn missing_barrier_is_caught_by_sync_validation() {
    let g = gpu();
    let n = 4096u32;
    let x: Vec<u32> = (0..n).collect();
    let xb = Buffer::from_slice(&g, &x, "x").unwrap();
    let yb: Buffer<u32> = Buffer::new(&g, n as usize, "y").unwrap();
    let zb: Buffer<u32> = Buffer::new(&g, n as usize, "z").unwrap();
    let k = scale_add(&g, 64, 1);
    let record = |with_barrier: bool| {
        g.submit(|rec| {
            rec.dispatch(&k, [n / 64, 1, 1], &[xb.bind(), yb.bind()], &push(n, 2))?;
            if with_barrier {
                rec.barrier(Sync::ComputeToCompute);
            }
            rec.dispatch(&k, [n / 64, 1, 1], &[yb.bind(), zb.bind()], &push(n, 3))?;
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap()
    };
    record(true);
    assert_eq!(g.take_validation_messages(), Vec::<String>::new());
    let z = g.read(&zb).unwrap();
    assert!(z.iter().enumerate().all(|(i, &v)| v == (i as u32 * 2 + 1) * 3 + 1));
    assert_eq!(g.take_validation_messages(), Vec::<String>::new());

    record(false);
    let messages = g.take_validation_messages();
    assert!(
        messages.iter().any(|m| m.contains("SYNC-HAZARD-READ-AFTER-WRITE") || m.contains("READ_AFTER_WRITE")),
        "expected a RAW hazard, got {messages:?}"
    );
}

#[test]
fn timestamps_are_nonzero_ordered_and_grow_with_work() {
    let g = gpu();
    let n = 1u32 << 14;
    let v: Buffer<u32> = Buffer::from_slice(&g, &vec![1u32; n as usize], "v").unwrap();
    let k = Kernel::new(&g, &shaders::SELFTEST_BUSY, &[]).unwrap();
    let mut timer = Timer::new(&g, 8).unwrap();
    // The fastest of a few runs: the least disturbed by whatever else the machine is doing.
    let mut time = |iterations: u32| {
        let mut best = f64::MAX;
        for _ in 0..3 {
            g.submit(|rec| {
                timer.reset(rec);
                rec.barrier(Sync::Full);
                timer.stamp(rec, "start")?;
                rec.dispatch(&k, [n / 64, 1, 1], &[v.bind()], bytemuck::cast_slice(&[n, iterations]))?;
                timer.stamp(rec, "end")?;
                Ok(())
            })
            .unwrap();
            let r = timer.read().unwrap();
            assert_eq!(r.len(), 2);
            assert_eq!(r[0].1, 0.0);
            best = best.min(timer.between("start", "end").unwrap());
        }
        best
    };
    let short = time(2_000);
    let long = time(20_000);
    assert!(short > 0.0, "a dispatch takes time: {short} ns");
    assert!(long > short * 4.0, "10x the work should take much longer: {short} ns vs {long} ns");
}

#[test]
fn pipeline_statistics_count_invocations() {
    let g = gpu();
    let n = 1000u32;
    let xb = Buffer::from_slice(&g, &vec![1u32; n as usize], "x").unwrap();
    let yb: Buffer<u32> = Buffer::new(&g, n as usize, "y").unwrap();
    let k = scale_add(&g, 64, 1);
    let counter = InvocationCounter::new(&g).unwrap();
    g.submit(|rec| {
        counter.begin(rec);
        rec.dispatch(&k, [16, 1, 1], &[xb.bind(), yb.bind()], &push(n, 1))?;
        counter.end(rec);
        Ok(())
    })
    .unwrap();
    assert_eq!(counter.read().unwrap(), 16 * 64);
}

#[test]
fn storage_image_round_trip() {
    let g = gpu();
    for (w, h) in [(1u32, 1u32), (17, 13), (257, 1), (1, 300)] {
        let px: Vec<u8> = (0..w * h * 4).map(|i| (i * 31 % 251) as u8).collect();
        let img = Image::from_rgba8(&g, w, h, &px, "img").unwrap();
        assert_eq!(img.read(&g).unwrap(), px, "{w}x{h}");
    }
    assert!(matches!(Image::from_rgba8(&g, 0, 5, &[], "empty"), Err(Error::InvalidInput(_))));
    assert!(matches!(Image::from_rgba8(&g, 2, 2, &[0; 3], "short"), Err(Error::InvalidInput(_))));
}

#[test]
fn layout_kernel_for_several_shapes() {
    let g = gpu();
    for (groups, local) in
        [([1, 1], [1, 1]), ([3, 2], [4, 2]), ([5, 7], [3, 5]), ([1, 1], [1024, 1]), ([2, 3], [16, 16]), ([300, 1], [1, 1])]
    {
        let r = workgroup::ops::layout::run(&g, groups, local).unwrap();
        assert_eq!(r.mismatch, None, "{groups:?} {local:?}");
        assert_eq!(r.ids.len() as u32, groups[0] * local[0] * groups[1] * local[1]);
    }
    assert!(workgroup::ops::layout::run(&g, [1, 1], [2048, 1]).is_err());
    assert!(workgroup::ops::layout::run(&g, [0, 1], [1, 1]).is_err());
}

#[test]
fn submission_times_out_instead_of_hanging() {
    let ctx = Context::new(&ContextOptions { validate: true, timeout: std::time::Duration::from_nanos(1), ..Default::default() }).unwrap();
    let n = 1u32 << 16;
    let v: Buffer<u32> = Buffer::new(&ctx, n as usize, "v").unwrap();
    let k = Kernel::new(&ctx, &shaders::SELFTEST_BUSY, &[]).unwrap();
    let r = ctx.submit(|rec| rec.dispatch(&k, [n / 64, 1, 1], &[v.bind()], bytemuck::cast_slice(&[n, 200_000u32])));
    assert!(matches!(r, Err(Error::Timeout(_))), "got {:?}", r.err());
    // The work may still run: the context takes no more, and frees nothing under it.
    assert!(ctx.is_abandoned());
    let again = ctx.submit(|rec| rec.dispatch(&k, [1, 1, 1], &[v.bind()], bytemuck::cast_slice(&[64u32, 1])));
    assert!(matches!(again, Err(Error::Abandoned)), "got {:?}", again.err());
    // Once the device is idle it goes on as before (with a timeout that a fill can meet: with
    // 1 ns, whether it does depends on the machine's load).
    ctx.wait_idle().unwrap();
    assert!(!ctx.is_abandoned());
    ctx.set_timeout(std::time::Duration::from_secs(60));
    assert_eq!(ctx.timeout(), std::time::Duration::from_secs(60));
    ctx.submit(|rec| {
        rec.fill(&v, 7);
        Ok(())
    })
    .unwrap();
    assert_eq!(ctx.read(&v).unwrap(), vec![7u32; n as usize]);
}

/// Engine mode: the caller creates instance and device with plain ash; we adopt the raw handles,
/// run a kernel, drop our context, and the caller's device still works afterwards.
#[test]
fn adopts_raw_handles_and_leaves_them_alive() {
    unsafe {
        let entry = ash::Entry::load().expect("libvulkan");
        let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
        let layers = [c"VK_LAYER_KHRONOS_validation".as_ptr()];
        let exts = [ash::ext::debug_utils::NAME.as_ptr()];
        let enables = [vk::ValidationFeatureEnableEXT::SYNCHRONIZATION_VALIDATION];
        let mut vf = vk::ValidationFeaturesEXT::default().enabled_validation_features(&enables);
        let info = vk::InstanceCreateInfo::default()
            .application_info(&app)
            .enabled_layer_names(&layers)
            .enabled_extension_names(&exts)
            .push_next(&mut vf);
        let instance = entry.create_instance(&info, None).expect("instance with validation");
        let physical = instance.enumerate_physical_devices().unwrap()[0];
        let family = instance
            .get_physical_device_queue_family_properties(physical)
            .iter()
            .position(|f| f.queue_flags.contains(vk::QueueFlags::COMPUTE))
            .unwrap() as u32;
        let prio = [1.0];
        let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&prio)];
        let dexts = [ash::khr::push_descriptor::NAME.as_ptr()];
        let mut f13 = vk::PhysicalDeviceVulkan13Features::default().synchronization2(true).maintenance4(true);
        let dinfo = vk::DeviceCreateInfo::default().queue_create_infos(&queues).enabled_extension_names(&dexts).push_next(&mut f13);
        let device = instance.create_device(physical, &dinfo, None).unwrap();
        let queue = device.get_device_queue(family, 0);
        {
            let ctx = Context::adopt(
                &AdoptInfo {
                    instance: instance.handle(),
                    physical_device: physical,
                    device: device.handle(),
                    queue_family_index: family,
                    queue,
                    collect_validation: true,
                },
                std::time::Duration::from_secs(30),
            )
            .unwrap();
            let n = 300u32;
            let x: Vec<u32> = (0..n).collect();
            let xb = Buffer::from_slice(&ctx, &x, "x").unwrap();
            let yb: Buffer<u32> = Buffer::new(&ctx, n as usize, "y").unwrap();
            let k = scale_add(&ctx, 32, 10);
            // Record into the caller's own command buffer, then submit it ourselves as an engine would.
            let pool = device.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(family), None).unwrap();
            let cmd = device
                .allocate_command_buffers(&vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1))
                .unwrap()[0];
            device.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default()).unwrap();
            let mut rec = workgroup::gpu::Recorder::new(&ctx, cmd);
            // The caller enabled no optional feature (pipelineStatisticsQuery among them), and we
            // cannot see which it did: an invocation counter is refused, or works unseen by validation.
            let counter = InvocationCounter::new(&ctx).ok();
            // Likewise a required subgroup size (subgroupSizeControl).
            let sized = Kernel::with_subgroup_size(&ctx, &shaders::SELFTEST_SCALE_ADD, &[(0, 32)], Some(ctx.info().subgroup_size));
            assert!(matches!(sized, Err(Error::Unsupported(_))));
            if let Some(c) = &counter {
                c.begin(&mut rec);
            }
            rec.dispatch(&k, [n.div_ceil(32), 1, 1], &[xb.bind(), yb.bind()], &push(n, 2)).unwrap();
            if let Some(c) = &counter {
                c.end(&mut rec);
            }
            rec.barrier(Sync::ComputeToTransfer);
            device.end_command_buffer(cmd).unwrap();
            let cmds = [cmd];
            device.queue_submit(queue, &[vk::SubmitInfo::default().command_buffers(&cmds)], vk::Fence::null()).unwrap();
            device.queue_wait_idle(queue).unwrap();
            let y = ctx.read(&yb).unwrap();
            assert!(y.iter().enumerate().all(|(i, &v)| v == i as u32 * 2 + 10));
            if let Some(c) = &counter {
                assert!(c.read().unwrap() >= n as u64);
            }
            drop(counter);
            device.destroy_command_pool(pool, None);
            assert_eq!(ctx.take_validation_messages(), Vec::<String>::new());
        }
        // Our context is gone; the caller's device must still work.
        let buf =
            device.create_buffer(&vk::BufferCreateInfo::default().size(64).usage(vk::BufferUsageFlags::STORAGE_BUFFER), None).unwrap();
        device.destroy_buffer(buf, None);
        device.device_wait_idle().unwrap();
        device.destroy_device(None);
        instance.destroy_instance(None);
    }
}

/// The placements of `glsl/selftest/divergent_fence.comp` that our shaders avoid (printed only).
fn avoided_fence_placement(mode: u32) -> Option<&'static str> {
    match mode {
        2 => Some("a fence in a loop only subgroup 0 enters"),
        7 => Some("a fence in a loop only invocation 0 enters"),
        12 => Some("a fence in a loop of a different trip count in each subgroup"),
        _ => None,
    }
}

/// The fence placements our shaders rely on keep a group's barriers paired (invocation 0 writes a
/// shared word after the code under test, and every invocation reads it after the next barrier
/// and stores it). Our shaders avoid a device-scope fence in a loop whose trip count differs
/// between subgroups: on Mesa 22.3's llvmpipe such a fence suspends the subgroup like a barrier,
/// the other subgroups pass the next barrier early, and the subgroups with more fences than the
/// rest never finish (their stores are lost). Those modes are printed, not asserted.
#[test]
fn fence_placements_our_shaders_use_keep_barriers_paired() {
    let g = gpu();
    let groups = 4usize;
    let yb: Buffer<u32> = Buffer::new(&g, 2048, "y").unwrap();
    for mode in 0..13u32 {
        let k = Kernel::new(&g, &shaders::SELFTEST_DIVERGENT_FENCE, &[(0, mode)]).unwrap();
        g.submit(|rec| {
            rec.fill(&yb, 7);
            rec.barrier(Sync::TransferToCompute);
            rec.dispatch(&k, [groups as u32, 1, 1], &[yb.bind()], &[])?;
            rec.barrier(Sync::ComputeToTransfer);
            Ok(())
        })
        .unwrap();
        let y = g.read(&yb).unwrap();
        let y = &y[..groups * 64];
        let (stale, unwritten) = (y.iter().filter(|&&v| v == 0).count(), y.iter().filter(|&&v| v == 7).count());
        if let Some(what) = avoided_fence_placement(mode) {
            eprintln!("{what} (mode {mode}): {stale} stale reads, {unwritten} invocations never stored, of {}", y.len());
        } else {
            assert_eq!(unwritten, 0, "mode {mode}: invocations never reached their store");
            assert_eq!(stale, 0, "mode {mode}: invocations passed the barrier before invocation 0 wrote");
        }
    }
}

/// What every subgroup kernel assumes, on the device the tests run on: workgroups of 64 to 1024
/// invocations (our kernels' widths, multiples of any subgroup size) run full subgroups, laid
/// out in order of `gl_LocalInvocationIndex` (`gpu::selftest::subgroup_layout`, which `workgroup
/// devices` runs on every device).
#[test]
fn workgroups_run_full_subgroups_in_invocation_order() {
    let g = gpu();
    assert_eq!(workgroup::gpu::selftest::subgroup_layout(&g).unwrap(), None);
}

/// Each kernel says what it needs of the device beyond Vulkan 1.3's core, and `Kernel::new`
/// refuses one whose needs the device does not offer, with their names, instead of making an
/// invalid pipeline.
#[test]
fn kernels_name_the_subgroup_operations_they_need() {
    // Shader and ImageQuery ask for nothing; every other capability must be one that
    // `unmet_needs` knows (a kernel with a new one, say Int64, fails here until it does).
    const CORE: [u32; 2] = [1, 50];
    let g = gpu();
    let info = g.info().clone();
    let mut poor = info.clone();
    for shader in shaders::ALL {
        for cap in shader.capabilities() {
            poor.subgroup_in_compute = false;
            poor.subgroup_partitioned = false;
            poor.shader_clock = false;
            assert!(
                CORE.contains(&cap) || !shader.unmet_needs(&poor).is_empty(),
                "{} declares capability {cap}, which unmet_needs does not know",
                shader.name
            );
        }
        // What this device offers, Kernel::new agrees with.
        if !shader.unmet_needs(&info).is_empty() {
            let made = Kernel::new(&g, shader, &[]);
            assert!(matches!(&made, Err(Error::Unsupported(m)) if m.contains(shader.name)), "{}", shader.name);
        }
    }
    // A device without subgroup arithmetic: the subgroup reduction needs it, the tree does not.
    poor = info.clone();
    poor.subgroup_operations.retain(|o| o != "arithmetic");
    assert_eq!(shaders::REDUCE_SUBGROUP.unmet_needs(&poor), ["arithmetic"]);
    assert!(shaders::REDUCE_TREE.unmet_needs(&poor).is_empty());
    poor.subgroup_in_compute = false;
    assert!(shaders::COMPACT_SUBGROUP_BALLOT.unmet_needs(&poor).contains(&"ballot"));
    poor = info.clone();
    poor.subgroup_partitioned = false;
    assert_eq!(shaders::HISTOGRAM_FASTEST_PARTITIONED.unmet_needs(&poor), ["partitioned"]);
    if !info.subgroup_partitioned {
        let refused = Kernel::new(&g, &shaders::HISTOGRAM_FASTEST_PARTITIONED, &[]).err().map(|e| e.to_string());
        assert!(
            refused.as_deref().is_some_and(|m| m.contains("needs partitioned subgroups (VK_NV_shader_subgroup_partitioned)")),
            "{refused:?}"
        );
    }
    poor.shader_clock = false;
    assert_eq!(shaders::TIMER_SM_CLOCK.unmet_needs(&poor), ["shader clock"]);
}

/// The shader-core clock probe (`gpu::sm_clock_mhz`, which every GPU measurement runs): its two
/// spins run clean under synchronization validation and give a positive rate where they give one;
/// on a CPU device `sm_clock_mhz` itself declines (llvmpipe's threads share no core clock). A
/// measurement on a CPU device carries no clock.
#[test]
fn clock_probe_runs_clean_and_declines_on_cpu_devices() {
    let g = gpu();
    assert!(g.info().shader_clock, "lavapipe and NVIDIA offer VK_KHR_shader_clock's subgroup clock");
    for _ in 0..3 {
        let probed = probe_clock_mhz(&g).unwrap();
        eprintln!("clock probe on {}: {probed:?} MHz", g.info().name);
        if let Some(mhz) = probed {
            assert!(mhz > 0.0 && mhz.is_finite(), "clock rate {mhz}");
        }
    }
    if g.info().device_type == "CPU" {
        assert_eq!(sm_clock_mhz(&g).unwrap(), None);
        let t = workgroup::gpu::measure(&g, 1, 2, |_| Ok(())).unwrap();
        assert_eq!(t.sm_clock_mhz, None);
    } else {
        assert!(sm_clock_mhz(&g).unwrap().is_some());
        assert!(g.sm_clock_peak() > 0.0);
    }
}

/// The harness's crash report (tests/common `report_crashes`): a run of this test in a child
/// process, told to, dereferences a bad address; it prints the test's name, the address and a
/// stack, and still dies of SIGSEGV.
#[test]
fn a_crash_says_which_test_and_where() {
    let _g = gpu();
    if std::env::var_os("WORKGROUP_TEST_CRASH").is_some() {
        unsafe { std::ptr::write_volatile(std::hint::black_box(0x18usize) as *mut u32, 1) };
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "a_crash_says_which_test_and_where", "--test-threads", "1"])
        .env("WORKGROUP_TEST_CRASH", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("*** SIGSEGV in thread a_crash_says_which_test_and_where at address 0x18; stack:"), "{stderr}");
    assert!(stderr.lines().any(|l| l.contains("libc.so")), "{stderr}");
    #[cfg(unix)]
    assert_eq!(std::os::unix::process::ExitStatusExt::signal(&out.status), Some(11), "{stderr}");
}
