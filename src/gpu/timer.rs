//! GPU timers: labelled timestamps and pipeline statistics (compute invocations).
//!
//! Method: a barrier before the region, `timestamp("start")`, the work, `timestamp("end")`;
//! timestamps are written at `ALL_COMMANDS`, i.e. when everything before has completed.
use super::buffer::Buffer;
use super::context::{Context, Inner};
use super::error::{Error, Result};
use super::kernel::Kernel;
use super::record::{Recorder, Sync};
use ash::vk;
use std::sync::Arc;
use std::time::Instant;

/// Labelled GPU timestamps: `reset`, `stamp` around the work, then `read` or `between` once it
/// ran. Times are in nanoseconds.
pub struct Timer {
    inner: Arc<Inner>,
    pool: vk::QueryPool,
    capacity: u32,
    labels: Vec<String>,
}

impl Timer {
    /// A timer for at most `capacity` timestamps; `Unsupported` where the compute queue has none
    /// (`timestampValidBits` = 0).
    pub fn new(ctx: &Context, capacity: u32) -> Result<Timer> {
        if ctx.inner.timestamp_valid_bits == 0 {
            return Err(Error::Unsupported("the compute queue has no timestamps (timestampValidBits = 0)".into()));
        }
        if capacity == 0 {
            return Err(Error::invalid("a timer for 0 timestamps"));
        }
        let info = vk::QueryPoolCreateInfo::default().query_type(vk::QueryType::TIMESTAMP).query_count(capacity);
        let pool = unsafe { ctx.inner.device.create_query_pool(&info, None) }.map_err(Error::vk("vkCreateQueryPool"))?;
        Ok(Timer { inner: ctx.inner.clone(), pool, capacity, labels: Vec::new() })
    }

    /// Resets the pool (recorded) and forgets the labels; call before the first timestamp.
    pub fn reset(&mut self, rec: &mut Recorder) {
        unsafe { self.inner.device.cmd_reset_query_pool(rec.cmd, self.pool, 0, self.capacity) };
        self.labels.clear();
    }

    /// Records a labelled timestamp, written once every earlier command has completed.
    pub fn stamp(&mut self, rec: &mut Recorder, label: &str) -> Result<()> {
        let index = self.labels.len() as u32;
        if index >= self.capacity {
            return Err(Error::invalid(format!("timer holds {} timestamps", self.capacity)));
        }
        unsafe { self.inner.device.cmd_write_timestamp2(rec.cmd, vk::PipelineStageFlags2::ALL_COMMANDS, self.pool, index) };
        self.labels.push(label.to_string());
        Ok(())
    }

    /// Timestamps in nanoseconds since the first one, with their labels (after the work ran).
    pub fn read(&self) -> Result<Vec<(String, f64)>> {
        let n = self.labels.len();
        if n == 0 {
            return Ok(Vec::new());
        }
        let mut ticks = vec![0u64; n];
        unsafe {
            self.inner.device.get_query_pool_results(self.pool, 0, &mut ticks, vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT)
        }
        .map_err(Error::vk("vkGetQueryPoolResults"))?;
        let bits = self.inner.timestamp_valid_bits;
        let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
        let period = self.inner.info.timestamp_period_ns as f64;
        let t0 = ticks[0] & mask;
        Ok(self.labels.iter().zip(ticks).map(|(l, t)| (l.clone(), ((t & mask).wrapping_sub(t0) & mask) as f64 * period)).collect())
    }

    /// Nanoseconds between the timestamps labelled `from` and `to`.
    pub fn between(&self, from: &str, to: &str) -> Result<f64> {
        let r = self.read()?;
        let find =
            |l: &str| r.iter().find(|(x, _)| x == l).map(|(_, t)| *t).ok_or_else(|| Error::invalid(format!("no timestamp labelled {l:?}")));
        Ok(find(to)? - find(from)?)
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if self.inner.abandoned() {
            return; // timed-out work may still write its queries
        }
        unsafe { self.inner.device.destroy_query_pool(self.pool, None) };
    }
}

/// Counts compute-shader invocations over a region (`begin` .. `end`).
pub struct InvocationCounter {
    inner: Arc<Inner>,
    pool: vk::QueryPool,
}

impl InvocationCounter {
    /// A counter; `Unsupported` without the `pipelineStatisticsQuery` feature (never enabled on an
    /// adopted device).
    pub fn new(ctx: &Context) -> Result<InvocationCounter> {
        if !ctx.info().pipeline_statistics_query {
            return Err(Error::Unsupported("pipeline statistics queries".into()));
        }
        let info = vk::QueryPoolCreateInfo::default()
            .query_type(vk::QueryType::PIPELINE_STATISTICS)
            .query_count(1)
            .pipeline_statistics(vk::QueryPipelineStatisticFlags::COMPUTE_SHADER_INVOCATIONS);
        let pool = unsafe { ctx.inner.device.create_query_pool(&info, None) }.map_err(Error::vk("vkCreateQueryPool"))?;
        Ok(InvocationCounter { inner: ctx.inner.clone(), pool })
    }
    /// Resets and begins the query (outside any dispatch).
    pub fn begin(&self, rec: &mut Recorder) {
        unsafe {
            self.inner.device.cmd_reset_query_pool(rec.cmd, self.pool, 0, 1);
            self.inner.device.cmd_begin_query(rec.cmd, self.pool, 0, vk::QueryControlFlags::empty());
        }
    }
    /// Ends the query `begin` started.
    pub fn end(&self, rec: &mut Recorder) {
        unsafe { self.inner.device.cmd_end_query(rec.cmd, self.pool, 0) };
    }
    /// The invocations counted (after the work ran).
    pub fn read(&self) -> Result<u64> {
        let mut v = [0u64; 1];
        unsafe {
            self.inner.device.get_query_pool_results(self.pool, 0, &mut v, vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT)
        }
        .map_err(Error::vk("vkGetQueryPoolResults"))?;
        Ok(v[0])
    }
}

impl Drop for InvocationCounter {
    fn drop(&mut self) {
        if self.inner.abandoned() {
            return; // timed-out work may still write its queries
        }
        unsafe { self.inner.device.destroy_query_pool(self.pool, None) };
    }
}

/// Minimum, median and maximum of repeated GPU timings, in nanoseconds.
#[derive(Clone, Copy, Debug, Default, serde::Serialize)]
pub struct Timing {
    /// Number of timed runs.
    pub runs: u32,
    /// The fastest run, in nanoseconds.
    pub min_ns: f64,
    /// The median run, in nanoseconds (the mean of the middle two for an even count).
    pub median_ns: f64,
    /// The slowest run, in nanoseconds.
    pub max_ns: f64,
    /// The shader cores' clock in MHz probed right after the timed runs ([`sm_clock_mhz`]), where
    /// [`measure`] probes it (GPUs with the subgroup clock).
    pub sm_clock_mhz: Option<f64>,
}

impl Timing {
    /// Min, median and max of `ns` (nanoseconds, in any order); all zero for no samples;
    /// `sm_clock_mhz` is `None`.
    pub fn from_samples(mut ns: Vec<f64>) -> Timing {
        if ns.is_empty() {
            return Timing::default();
        }
        ns.sort_by(|a, b| a.total_cmp(b));
        let n = ns.len();
        let median = if n % 2 == 1 { ns[n / 2] } else { 0.5 * (ns[n / 2 - 1] + ns[n / 2]) };
        Timing { runs: n as u32, min_ns: ns[0], median_ns: median, max_ns: ns[n - 1], sm_clock_mhz: None }
    }
    /// The median in milliseconds.
    pub fn median_ms(&self) -> f64 {
        self.median_ns * 1e-6
    }
}

/// Times what `record` records, on the GPU: at least `warmup` untimed runs (and more, until the
/// GPU has been kept busy for at least 20 ms, so that a GPU that idled at low clocks while the
/// host worked is back at speed; on GPUs, until `LONG_WARMUP_MS` have passed too, and, with the
/// subgroup clock, until the probed clock is back near the device's highest), recorded in
/// bursts of about 10 ms of GPU work per submission with a full barrier between runs (so
/// `record` must be recordable several times in one command buffer, as every op's is); then
/// `runs` timed runs, each `barrier(Full); stamp; record; stamp` in its own submission.
/// Returns min/median/max, and the clock probed after the runs.
pub fn measure(ctx: &Context, warmup: u32, runs: u32, record: impl FnMut(&mut Recorder) -> Result<()>) -> Result<Timing> {
    measure_after(ctx, warmup, runs, |_| Ok(()), record)
}

/// The least warm-up, in wall-clock ms, on a GPU.
pub const LONG_WARMUP_MS: u128 = 500;

/// The clock probe's two spins, in subgroup-clock cycles (about 0.05 and 0.55 ms at 2 GHz).
const PROBE_SHORT: u32 = 100_000;
const PROBE_LONG: u32 = 1_100_000;
/// A measurement waits while the probed clock is below this share of the highest the device has
/// shown, for at most CLOCK_WAIT_MS more of warm-up.
const CLOCK_FLOOR: f64 = 0.9;
const CLOCK_WAIT_MS: u128 = 3000;
/// How long a measurement keeps a slowed GPU busy before it probes again.
const CLOCK_BUSY_MS: u128 = 100;
/// A warm-up burst: about this much GPU work in one submission, at most MAX_BURST runs.
const BURST_NS: f64 = 1e7;
const MAX_BURST: u32 = 256;

/// Runs in a warm-up burst, given the GPU time of one run (0: not known yet, one run).
fn burst_runs(per_run_ns: f64) -> u32 {
    if per_run_ns > 0.0 {
        (BURST_NS / per_run_ns).clamp(1.0, MAX_BURST as f64) as u32
    } else {
        1
    }
}

/// The shader cores' clock in MHz, as the subgroup clock (VK_KHR_shader_clock; on NVIDIA the
/// multiprocessor's cycle counter) counts it against GPU timestamps: one invocation spins
/// PROBE_SHORT cycles, then PROBE_LONG in a second dispatch, and the extra cycles over the extra
/// nanoseconds are the rate (the dispatches' own overhead cancels). `None` where the device lacks
/// the subgroup clock, on CPU devices (whose threads share no core clock) and where the two spins
/// do not give a rate. The highest value a context has probed is kept ([`Context::sm_clock_peak`]).
pub fn sm_clock_mhz(ctx: &Context) -> Result<Option<f64>> {
    if ctx.info().device_type == "CPU" {
        return Ok(None);
    }
    probe_clock_mhz(ctx)
}

/// [`sm_clock_mhz`] on any device with the subgroup clock, CPU devices too (tests run the probe
/// on lavapipe under validation this way).
#[doc(hidden)]
pub fn probe_clock_mhz(ctx: &Context) -> Result<Option<f64>> {
    if !ctx.info().shader_clock {
        return Ok(None);
    }
    let kernel = Kernel::new(ctx, &crate::shaders::TIMER_SM_CLOCK, &[])?;
    let counted: Buffer<u32> = Buffer::new(ctx, 2, "clock probe")?;
    let mut timer = Timer::new(ctx, 3)?;
    let push = |cycles: u32, slot: u32| -> Vec<u8> { [cycles, slot].iter().flat_map(|v| v.to_le_bytes()).collect() };
    ctx.submit(|rec| {
        timer.reset(rec);
        timer.stamp(rec, "start")?;
        rec.dispatch(&kernel, [1, 1, 1], &[counted.bind()], &push(PROBE_SHORT, 0))?;
        timer.stamp(rec, "short")?;
        rec.barrier(Sync::ComputeToCompute); // the second spin writes the same buffer
        rec.dispatch(&kernel, [1, 1, 1], &[counted.bind()], &push(PROBE_LONG, 1))?;
        timer.stamp(rec, "long")?;
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    let cycles = ctx.read(&counted)?;
    let t = timer.read()?;
    let extra_ns = (t[2].1 - t[1].1) - (t[1].1 - t[0].1);
    let extra_cycles = cycles[1] as f64 - cycles[0] as f64;
    if extra_ns <= 0.0 || extra_cycles <= 0.0 {
        return Ok(None);
    }
    let mhz = extra_cycles / extra_ns * 1e3;
    let mut peak = ctx.sm_clock_peak.lock().unwrap_or_else(|p| p.into_inner());
    *peak = peak.max(mhz);
    Ok(Some(mhz))
}

impl Context {
    /// The highest shader-core clock [`sm_clock_mhz`] has probed on this context, in MHz (0 if
    /// none yet).
    pub fn sm_clock_peak(&self) -> f64 {
        *self.sm_clock_peak.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The clocks, in MHz, probed after the timed runs of this context's measurements that ran
    /// under 0.9 of [`Context::sm_clock_peak`] (the GPU had slowed itself down: their times are
    /// longer than the same work takes at full clock), forgotten once taken (each is reported
    /// once).
    pub fn take_slow_clock_timings(&self) -> Vec<f64> {
        std::mem::take(&mut *self.slow_clock_timings.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

/// Whether the long warm-up applies on this device (not on CPU devices such as lavapipe, where
/// every run takes milliseconds and no such start-up effect was seen).
fn long_warmup_applies(ctx: &Context) -> bool {
    ctx.info().device_type != "CPU"
}

/// As [`measure`], with `setup` recorded before the start timestamp of every run (untimed: e.g.
/// clearing an output that the timed work accumulates into).
pub fn measure_after(
    ctx: &Context,
    warmup: u32,
    runs: u32,
    mut setup: impl FnMut(&mut Recorder) -> Result<()>,
    mut record: impl FnMut(&mut Recorder) -> Result<()>,
) -> Result<Timing> {
    let mut timer = Timer::new(ctx, 2)?;
    let mut samples = Vec::with_capacity(runs as usize);
    // `k` runs in one submission, back to back (a barrier between), timed together: 1 for a timed
    // run; more in the warm-up, which so keeps the GPU busy without the host's gaps between runs.
    let mut batch = |timer: &mut Timer, k: u32| -> Result<f64> {
        ctx.submit(|rec| {
            timer.reset(rec);
            for i in 0..k {
                if i > 0 {
                    rec.barrier(super::Sync::Full); // the run before is done before `setup` rewrites its buffers
                }
                setup(rec)?;
                rec.barrier(super::Sync::Full);
                if i == 0 {
                    timer.stamp(rec, "start")?;
                }
                record(rec)?;
            }
            timer.stamp(rec, "end")
        })?;
        timer.between("start", "end")
    };
    let mut busy_ns = 0.0;
    let mut warm = 0u32;
    let started = std::time::Instant::now();
    // On GPUs, every measurement warms up for at least LONG_WARMUP_MS of wall time: on an H200 a
    // new process that sorted 2^26 keys with their indices ran its first 0.18-0.29 s five times
    // slower (17.7 against 3.56 ms a run), whatever the number of runs, then switched at once
    // (docs/sort.md); on an H100 a process's whole compaction, its one-invocation dispatch too,
    // ran 2.5x slower when its measurement (about 50 ms: 20 ms busy, then 20 runs) fell in such
    // a start, where nvidia-smi saw the SM clock fall to 975-1200 MHz for about 0.7 s
    // (docs/reduce_compact.md, forty-second session; until then the rule held only for work of
    // 1 ms or more a run). That was the driver's power management taking a GPU fed one short run
    // per submission for idle (docs/PERFORMANCE.md, "Method"): hence the bursts below, and the
    // clock probes.
    let long = long_warmup_applies(ctx);
    // The shader cores' clock (GPUs with the subgroup clock): a first probe of the context, before
    // any load. A GPU that rests at its full clock (a machine at work) so gives the reference
    // at once; one that rests at idle clocks (a fresh H100: 345-406 MHz) gives a low one, which
    // the probes after the warm-up raise. WORKGROUP_CLOCK_TRACE=1 prints every probe.
    let probe = long && warmup > 0 && ctx.info().shader_clock;
    let trace = std::env::var_os("WORKGROUP_CLOCK_TRACE").is_some();
    if probe && ctx.sm_clock_peak() == 0.0 {
        let mhz = sm_clock_mhz(ctx)?;
        if trace {
            eprintln!("clock: {mhz:.0?} MHz before the first warm-up");
        }
    }
    // Warm-up runs go in bursts of about BURST_NS of GPU work where the runs are short (one run
    // at first, to learn how long one takes): NVIDIA's driver gave a GPU fed one short run at a
    // time low clocks, with "Idle" its reason (forty-seventh session).
    let mut per_run = 0.0;
    loop {
        let ms = started.elapsed().as_millis();
        // Elsewhere extra warm-ups stop after 0.25 s of wall time.
        let more = warm < warmup || (warmup > 0 && busy_ns < 2e7 && ms < 250) || (warmup > 0 && long && ms < LONG_WARMUP_MS);
        if !more {
            break;
        }
        let k = burst_runs(per_run);
        let ns = batch(&mut timer, k)?;
        per_run = ns / k as f64;
        busy_ns += ns;
        warm += k;
    }
    // Where the probed clock is still below CLOCK_FLOOR of the highest this device has shown, the
    // GPU has not come up to speed (or slowed down), and every kernel runs slower: keep it busy
    // and probe again, for at most CLOCK_WAIT_MS more. A timing that still ends at a low clock
    // is listed (`Context::take_slow_clock_timings`), and the command line says so.
    if probe {
        let waiting = Instant::now();
        let mut mhz = sm_clock_mhz(ctx)?;
        while let Some(m) = mhz {
            if m >= CLOCK_FLOOR * ctx.sm_clock_peak() || waiting.elapsed().as_millis() >= CLOCK_WAIT_MS {
                break;
            }
            // Keep the GPU busy in bursts for a while, then probe again.
            let spell = Instant::now();
            let k = burst_runs(per_run);
            while spell.elapsed().as_millis() < CLOCK_BUSY_MS {
                let ns = batch(&mut timer, k)?;
                per_run = ns / k as f64;
            }
            mhz = sm_clock_mhz(ctx)?;
        }
        if trace {
            eprintln!(
                "clock: {mhz:.0?} MHz after the warm-up ({} ms of it waited for the clock; peak {:.0})",
                waiting.elapsed().as_millis(),
                ctx.sm_clock_peak()
            );
        }
    }
    for _ in 0..runs {
        samples.push(batch(&mut timer, 1)?);
    }
    let mut timing = Timing::from_samples(samples);
    if probe {
        timing.sm_clock_mhz = sm_clock_mhz(ctx)?;
        if let Some(m) = timing.sm_clock_mhz {
            if m < CLOCK_FLOOR * ctx.sm_clock_peak() {
                ctx.slow_clock_timings.lock().unwrap_or_else(|p| p.into_inner()).push(m);
            }
        }
        if trace {
            eprintln!("clock: {:.0?} MHz after the timed runs (median {:.4} ms)", timing.sm_clock_mhz, timing.median_ms());
        }
    }
    Ok(timing)
}
