//! GPU timers: labelled timestamps and pipeline statistics (compute invocations).
//!
//! Method: a barrier before the region, `timestamp("start")`, the work, `timestamp("end")`;
//! timestamps are written at `ALL_COMMANDS`, i.e. when everything before has completed.
use super::context::{Context, Inner};
use super::error::{Error, Result};
use super::record::Recorder;
use ash::vk;
use std::sync::Arc;

pub struct Timer {
    inner: Arc<Inner>,
    pool: vk::QueryPool,
    capacity: u32,
    labels: Vec<String>,
}

impl Timer {
    pub fn new(ctx: &Context, capacity: u32) -> Result<Timer> {
        if ctx.inner.timestamp_valid_bits == 0 {
            return Err(Error::Unsupported("the compute queue has no timestamps (timestampValidBits = 0)".into()));
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
    pub runs: u32,
    pub min_ns: f64,
    pub median_ns: f64,
    pub max_ns: f64,
}

impl Timing {
    pub fn from_samples(mut ns: Vec<f64>) -> Timing {
        if ns.is_empty() {
            return Timing::default();
        }
        ns.sort_by(|a, b| a.total_cmp(b));
        let n = ns.len();
        let median = if n % 2 == 1 { ns[n / 2] } else { 0.5 * (ns[n / 2 - 1] + ns[n / 2]) };
        Timing { runs: n as u32, min_ns: ns[0], median_ns: median, max_ns: ns[n - 1] }
    }
    pub fn median_ms(&self) -> f64 {
        self.median_ns * 1e-6
    }
}

/// Times what `record` records, on the GPU: `warmup` untimed submissions (and more, until the
/// GPU has been kept busy for at least 20 ms, so that a GPU that idled at low clocks while the
/// host worked is back at speed; on GPUs, until `LONG_WARMUP_MS` have passed too), then `runs`
/// timed ones, each `barrier(Full); stamp; record; stamp` in its own submission. Returns
/// min/median/max.
pub fn measure(ctx: &Context, warmup: u32, runs: u32, record: impl FnMut(&mut Recorder) -> Result<()>) -> Result<Timing> {
    measure_after(ctx, warmup, runs, |_| Ok(()), record)
}

/// The least warm-up, in wall-clock ms, on a GPU.
pub const LONG_WARMUP_MS: u128 = 500;

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
    let mut one = |timer: &mut Timer| -> Result<f64> {
        ctx.submit(|rec| {
            timer.reset(rec);
            setup(rec)?;
            rec.barrier(super::Sync::Full);
            timer.stamp(rec, "start")?;
            record(rec)?;
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
    // 1 ms or more a run). It narrows that window, it cannot promise to cover it: A/B timings
    // alternate twice within one call.
    let long = long_warmup_applies(ctx);
    loop {
        let ms = started.elapsed().as_millis();
        // Elsewhere extra warm-ups stop after 0.25 s of wall time.
        let more = warm < warmup || (warmup > 0 && busy_ns < 2e7 && ms < 250) || (warmup > 0 && long && ms < LONG_WARMUP_MS);
        if !more {
            break;
        }
        busy_ns += one(&mut timer)?;
        warm += 1;
    }
    for _ in 0..runs {
        samples.push(one(&mut timer)?);
    }
    Ok(Timing::from_samples(samples))
}
