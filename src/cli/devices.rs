use super::Global;

pub fn run(g: &Global) -> anyhow::Result<()> {
    if let Some(dir) = &g.internals {
        anyhow::bail!("--internals {}: devices runs none of the ops' kernels; give it to the command that does", dir.display());
    }
    let mut devices = workgroup::gpu::list_devices()?;
    // With --device, only the device it picks (an unknown one is an error, as for every command).
    if g.device.is_some() {
        let i = workgroup::gpu::choose_device(&devices, &g.device)?;
        devices.retain(|d| d.index == i);
    }
    // What the kernels assume of subgroups, run on each device that can take a context: true
    // where it holds, false (and what was seen) where not, null where not checked (and why).
    let layouts: Vec<(Option<bool>, String)> = devices.iter().map(|d| subgroup_layout(g, d.index)).collect();
    if g.json {
        let mut list = serde_json::to_value(&devices)?;
        for (v, (ok, note)) in list.as_array_mut().into_iter().flatten().zip(&layouts) {
            v["subgroup_layout_ok"] = serde_json::json!(ok);
            v["subgroup_layout"] = serde_json::json!(note);
        }
        println!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    for (d, (_, layout)) in devices.iter().zip(&layouts) {
        println!("[{}] {} ({})", d.index, d.name, d.device_type);
        println!("    driver            {} {} ({})", d.driver_name, d.driver_version, d.driver_info);
        println!("    Vulkan API        {}", d.api_version);
        println!("    vendor / device   {:#06x} / {:#06x}", d.vendor_id, d.device_id);
        println!(
            "    subgroup size     {} (range {}..={}), in compute: {}",
            d.subgroup_size, d.min_subgroup_size, d.max_subgroup_size, d.subgroup_in_compute
        );
        println!("    subgroup ops      {}", d.subgroup_operations.join(", "));
        println!("    subgroup layout   {layout}");
        println!("    shared memory     {} bytes per workgroup", d.max_shared_memory_bytes);
        println!("    workgroup size    max {:?}, at most {} invocations", d.max_workgroup_size, d.max_workgroup_invocations);
        println!("    workgroup count   max {:?}", d.max_workgroup_count);
        println!("    storage binding   max {} bytes", d.max_storage_buffer_range);
        println!("    image 2D          max {} px", d.max_image_dimension_2d);
        println!("    push constants    max {} bytes", d.max_push_constants_size);
        println!("    timestamp period  {} ns", d.timestamp_period_ns);
        println!("    pipeline stats    {}", d.pipeline_statistics_query);
        println!("    driver statistics {} (VK_KHR_pipeline_executable_properties)", d.pipeline_executable_properties);
        println!("    perf counters     {} (VK_KHR_performance_query)", d.performance_query);
        if let Some(cu) = d.compute_units {
            let warps = d.warps_per_compute_unit.map(|w| format!(", {w} warps each")).unwrap_or_default();
            println!("    multiprocessors   {cu}{warps}");
        }
    }
    Ok(())
}

/// Runs `gpu::selftest::subgroup_layout` on device `index`: (Some(true), what holds),
/// (Some(false), what was seen) or (None, why it was not checked).
fn subgroup_layout(g: &Global, index: usize) -> (Option<bool>, String) {
    let options = g.context_options(Some(workgroup::gpu::DeviceSelector::Index(index)));
    let checked = workgroup::gpu::Context::new(&options).and_then(|ctx| {
        let seen = workgroup::gpu::selftest::subgroup_layout(&ctx)?;
        match ctx.validation_messages().len() {
            0 => Ok(seen),
            n => Err(workgroup::gpu::Error::invalid(format!("the validation layer reported {n} message(s) while checking"))),
        }
    });
    match checked {
        Ok(None) => (Some(true), "full subgroups in invocation order, as the kernels assume (run: workgroups of 64 to 1024)".into()),
        Ok(Some(seen)) => (Some(false), format!("NOT as the kernels assume: {seen}")),
        Err(e) => (None, format!("not checked: {e}")),
    }
}
