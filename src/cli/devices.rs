use super::Global;

pub fn run(g: &Global) -> anyhow::Result<()> {
    let mut devices = workgroup::gpu::list_devices()?;
    // With --device, only the device it picks (an unknown one is an error, as for every command).
    if g.device.is_some() {
        let i = workgroup::gpu::choose_device(&devices, &g.device)?;
        devices.retain(|d| d.index == i);
    }
    if g.json {
        println!("{}", serde_json::to_string_pretty(&devices)?);
        return Ok(());
    }
    for d in &devices {
        println!("[{}] {} ({})", d.index, d.name, d.device_type);
        println!("    driver            {} {} ({})", d.driver_name, d.driver_version, d.driver_info);
        println!("    Vulkan API        {}", d.api_version);
        println!("    vendor / device   {:#06x} / {:#06x}", d.vendor_id, d.device_id);
        println!(
            "    subgroup size     {} (range {}..={}), in compute: {}",
            d.subgroup_size, d.min_subgroup_size, d.max_subgroup_size, d.subgroup_in_compute
        );
        println!("    subgroup ops      {}", d.subgroup_operations.join(", "));
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
            println!("    multiprocessors   {cu}");
        }
    }
    Ok(())
}
