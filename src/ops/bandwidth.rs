//! Memory-bandwidth references measured on the same device in the same run: a read-only kernel
//! and a copy kernel (16-byte accesses, a grid covering the data once), and `vkCmdCopyBuffer` for comparison.
use super::grid2d;
use crate::gpu::{measure, Buffer, Context, Error, Kernel, Recorder, Result, Timing};
use crate::shaders;

/// One of the bandwidth references that [`measure_all`] times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Probe {
    /// Our read-only kernel: every 16 bytes read once, two `uvec4` loads per invocation.
    ReadKernel,
    /// Our copy kernel: one 16-byte load and store per invocation.
    CopyKernel,
    /// `vkCmdCopyBuffer` from the source to the destination buffer, for comparison.
    CmdCopyBuffer,
}

impl Probe {
    /// Every probe, in the order [`measure_all`] runs them.
    pub const ALL: [Probe; 3] = [Probe::ReadKernel, Probe::CopyKernel, Probe::CmdCopyBuffer];
    /// The probe's name as printed in reports.
    pub fn name(self) -> &'static str {
        match self {
            Probe::ReadKernel => "read kernel",
            Probe::CopyKernel => "copy kernel",
            Probe::CmdCopyBuffer => "vkCmdCopyBuffer",
        }
    }
    /// Bytes moved through memory for `bytes` of data (a copy reads and writes).
    pub fn moved(self, bytes: u64) -> u64 {
        if self == Probe::ReadKernel {
            bytes
        } else {
            2 * bytes
        }
    }
}

/// One probe's measurement.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Bandwidth {
    /// Which probe ran.
    pub probe: Probe,
    /// Bytes of data (the buffer's size, a multiple of 16), not counting a copy's writes.
    pub bytes: u64,
    /// GPU time of the timed runs.
    pub timing: Timing,
    /// GB/s of bytes moved (read + written) at the median.
    pub gb_per_s: f64,
}

/// Invocations per group of both kernels.
const LOCAL: u32 = 256;

/// The read kernel's `magic`: a value the XOR of its data never takes, so it writes nothing.
const NO_MAGIC: u32 = 0xFFFF_FFFF;

/// The read kernel's source of `count4` uvec4 (every word 0x01020304, whose XOR never meets
/// NO_MAGIC) and its sink, both filled.
fn read_buffers(ctx: &Context, count4: usize, name: &str) -> Result<(Buffer<[u32; 4]>, Buffer<u32>)> {
    let src: Buffer<[u32; 4]> = Buffer::new(ctx, count4, name)?;
    let sink: Buffer<u32> = Buffer::new(ctx, 1024, "read kernel sink")?;
    ctx.submit(|rec| {
        rec.fill(&src, 0x0102_0304);
        rec.fill(&sink, 0);
        Ok(())
    })?;
    Ok((src, sink))
}

/// The read kernel's grid: a block of 2 x LOCAL uvec4 per group, over the whole buffer once.
fn read_grid(count4: u32) -> [u32; 3] {
    grid2d(count4.div_ceil(2 * LOCAL) as usize)
}

/// Measures the three probes on `bytes` of data (rounded down to 16; one binding at most).
pub fn measure_all(ctx: &Context, bytes: u64, runs: u32) -> Result<Vec<Bandwidth>> {
    let info = ctx.info();
    let bytes = bytes.min(info.max_storage_buffer_range) / 16 * 16;
    if bytes == 0 {
        return Err(Error::invalid("bandwidth probe needs at least 16 bytes"));
    }
    let count4 = (bytes / 16) as u32;
    let (src, sink) = read_buffers(ctx, count4 as usize, "bandwidth src")?;
    let dst: Buffer<[u32; 4]> = Buffer::new(ctx, count4 as usize, "bandwidth dst")?;
    ctx.submit(|rec| {
        rec.fill(&dst, 0);
        Ok(())
    })?;
    let read = Kernel::new(ctx, &shaders::BANDWIDTH_READ, &[(0, LOCAL)])?;
    let copy = Kernel::new(ctx, &shaders::BANDWIDTH_COPY, &[(0, LOCAL)])?;
    let mut out = Vec::new();
    for probe in Probe::ALL {
        let timing = measure(ctx, 3, runs, |rec| match probe {
            Probe::ReadKernel => {
                rec.dispatch(&read, read_grid(count4), &[src.bind(), sink.bind()], bytemuck::cast_slice(&[count4, NO_MAGIC, 0]))
            }
            Probe::CopyKernel => {
                rec.dispatch(&copy, grid2d(count4.div_ceil(LOCAL) as usize), &[src.bind(), dst.bind()], bytemuck::bytes_of(&count4))
            }
            Probe::CmdCopyBuffer => {
                rec.copy_buffer_raw(src.raw(), 0, dst.raw(), 0, bytes);
                Ok(())
            }
        })?;
        out.push(Bandwidth { probe, bytes, timing, gb_per_s: probe.moved(bytes) as f64 / timing.median_ns });
    }
    Ok(out)
}

/// One size of [`cache_sweep`]: the read kernel over `bytes` of data, read `repeats` times in one
/// dispatch.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CacheRead {
    /// Bytes of data (a multiple of 16 x 2 x 256, the kernel's block).
    pub bytes: u64,
    /// Times the dispatch reads the data over.
    pub repeats: u32,
    /// GPU time of the timed runs.
    pub timing: Timing,
    /// GB/s of bytes read (`repeats` x `bytes`) at the median.
    pub gb_per_s: f64,
}

/// The read kernel's rate by the size of its data, for the cache hierarchy: sizes of 1, 1.5, 2,
/// 3, 4, 6, ... MiB up to `max_bytes` (one binding at most), each read over and over in one dispatch
/// until at least half of `max_bytes` has been read (its grid covers the data `repeats` times, in order, so
/// data that fits a cache is read again from there: on the H200, up to 32 MiB from its L2). The
/// first read of each dispatch comes from wherever the last one left the data.
pub fn cache_sweep(ctx: &Context, max_bytes: u64, runs: u32) -> Result<Vec<CacheRead>> {
    const BLOCK_BYTES: u64 = 16 * 2 * LOCAL as u64;
    let max_bytes = max_bytes.min(ctx.info().max_storage_buffer_range) / BLOCK_BYTES * BLOCK_BYTES;
    if max_bytes < 1 << 20 {
        return Err(Error::invalid("the cache sweep needs at least 1 MiB of data"));
    }
    let (src, sink) = read_buffers(ctx, (max_bytes / 16) as usize, "cache sweep src")?;
    let read = Kernel::new(ctx, &shaders::BANDWIDTH_READ, &[(0, LOCAL), (1, 1)])?;
    // 1, 1.5, 2, 3, 4, 6, ... MiB: steps fine enough to place a cache's size.
    let mut sizes: Vec<u64> = (20..63).flat_map(|k| [1u64 << k, 3u64 << (k - 1)]).take_while(|&b| b < max_bytes).collect();
    sizes.push(max_bytes);
    let mut out = Vec::new();
    for bytes in sizes {
        let count4 = (bytes / 16) as u32;
        let blocks = count4 / (2 * LOCAL);
        let repeats = (max_bytes / bytes).max(1) as u32;
        let groups = blocks as usize * repeats as usize;
        let timing = measure(ctx, 3, runs, |rec| {
            rec.dispatch(&read, grid2d(groups), &[src.bind(), sink.bind()], bytemuck::cast_slice(&[count4, NO_MAGIC, blocks]))
        })?;
        out.push(CacheRead { bytes, repeats, timing, gb_per_s: (bytes * repeats as u64) as f64 / timing.median_ns });
    }
    Ok(out)
}

/// A measuring aid: reads `mib` MiB of its own buffer with the read kernel, recorded before a
/// timed run (untimed), so that the run finds neither its input nor the last run's dirty output
/// in L2, as in a pipeline where other work ran in between. Without it, back-to-back runs start
/// with the last run's output waiting in L2 to be written back (and, depending on the order in
/// which a kernel walks its input, some of its input still there).
pub struct L2Scrub {
    probe: Option<(Kernel, Buffer<[u32; 4]>, Buffer<u32>)>,
}

impl L2Scrub {
    /// `mib` = 0: records nothing.
    pub fn new(ctx: &Context, mib: usize) -> Result<Self> {
        if mib == 0 {
            return Ok(L2Scrub { probe: None });
        }
        let bytes = (mib as u64) << 20;
        if bytes > ctx.info().max_storage_buffer_range {
            return Err(Error::invalid(format!("L2 scrub of {mib} MiB: more than one binding holds on this device")));
        }
        let (src, sink) = read_buffers(ctx, (bytes / 16) as usize, "l2 scrub")?;
        Ok(L2Scrub { probe: Some((Kernel::new(ctx, &shaders::BANDWIDTH_READ, &[(0, LOCAL)])?, src, sink)) })
    }

    /// Records the read (the caller puts a barrier between it and the timed work).
    pub fn record(&self, rec: &mut Recorder) -> Result<()> {
        if let Some((read, src, sink)) = &self.probe {
            let count4 = src.len() as u32;
            rec.dispatch(read, read_grid(count4), &[src.bind(), sink.bind()], bytemuck::cast_slice(&[count4, NO_MAGIC, 0]))?;
        }
        Ok(())
    }
}
