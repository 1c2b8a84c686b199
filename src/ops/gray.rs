//! Grayscale conversion (seed 004's example kernel) and its lesson on coalesced access: the
//! row-major kernel with 16x16 workgroups, the same kernel with x and y swapped (column-major:
//! neighbouring invocations a row apart), and ours (16-byte accesses over the image as one flat
//! array).
//!
//! Definition (exact, every variant equals `cpu::gray::gray` bit for bit): grey =
//! (299 r + 587 g + 114 b + 500) / 1000, the output pixel is (grey, grey, grey, a).
//!
//! Images larger than one storage binding are converted in bands of rows (a multiple of 64 rows,
//! so every band starts 256-byte aligned, and few enough rows for the workgroup-count limit).
use crate::gpu::{Buffer, Context, Error, Kernel, Recorder, Result, Sync, Timing};
use crate::ops::images::Rgba8;
use crate::shaders;

/// The grayscale kernels: seed 004's two and ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Variant {
    /// Seed 004: 16x16 groups, invocation (x, y) converts pixel (x, y) (coalesced).
    RowMajor,
    /// Seed 004's counter-example: invocation (x, y) converts pixel (y, x), neighbours a row apart.
    ColumnMajor,
    /// Ours: the image as a flat array, 4 pixels per 16-byte access, one access per invocation.
    Vec4,
}

impl Variant {
    /// Every variant, in the order `--variant all` runs them.
    pub const ALL: [Variant; 3] = [Variant::RowMajor, Variant::ColumnMajor, Variant::Vec4];
    /// The variant's name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Variant::RowMajor => "row-major",
            Variant::ColumnMajor => "column-major",
            Variant::Vec4 => "vec4",
        }
    }
    /// One line on what the variant does and where it comes from.
    pub fn description(self) -> &'static str {
        match self {
            Variant::RowMajor => "004: 16x16 groups, invocation (x, y) -> pixel (x, y): neighbours read neighbouring addresses",
            Variant::ColumnMajor => "004's counter-example: invocation (x, y) -> pixel (y, x): neighbours a row apart",
            Variant::Vec4 => "ours: the image as a flat array, 4 pixels per 16-byte access, one access per invocation",
        }
    }
}

impl std::str::FromStr for Variant {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        super::variant_named(s, &Variant::ALL, Variant::name, "variant")
    }
}

/// Band heights are multiples of this (so bands start 256-byte aligned: 64 rows x 4 bytes).
const BAND_ALIGN: u64 = 64;

/// The largest band of rows of a `width`-pixel image this device converts in one dispatch.
pub fn band_rows(ctx: &Context, width: u32) -> Result<u32> {
    let info = ctx.info();
    let row_bytes = width as u64 * 4;
    let by_binding = info.max_storage_buffer_range.min(u32::MAX as u64) / row_bytes.max(1);
    // 16 rows per workgroup along the grid's x (column-major) or y (row-major) dimension.
    let by_groups = info.max_workgroup_count[0].min(info.max_workgroup_count[1]) as u64 * 16;
    let rows = by_binding.min(by_groups) / BAND_ALIGN * BAND_ALIGN;
    if rows == 0 || (width as u64).div_ceil(16) > info.max_workgroup_count[0].min(info.max_workgroup_count[1]) as u64 {
        return Err(Error::invalid(format!("a {width}-pixel row is too wide for one band on {}", info.name)));
    }
    Ok(rows.min(u32::MAX as u64 / BAND_ALIGN * BAND_ALIGN) as u32)
}

/// The pipeline of one variant.
pub struct Gray {
    /// The variant this pipeline runs.
    pub variant: Variant,
    kernel: Kernel,
}

impl Gray {
    /// Builds the variant's kernel.
    pub fn new(ctx: &Context, variant: Variant) -> Result<Gray> {
        let shader = match variant {
            Variant::RowMajor => &shaders::GRAY_ROW_MAJOR,
            Variant::ColumnMajor => &shaders::GRAY_COLUMN_MAJOR,
            Variant::Vec4 => &shaders::GRAY_VEC4,
        };
        Ok(Gray { variant, kernel: Kernel::new(ctx, shader, &[])? })
    }

    /// Engine mode: converts the `width x height` image in `src` (packed RGBA8, row-major) into
    /// `dst` (distinct, same size). Before: `src` visible to compute-shader reads. After: `dst`
    /// written by the compute stage; add the barrier your consumer needs.
    pub fn record(&self, rec: &mut Recorder, src: &Buffer<u32>, dst: &Buffer<u32>, width: u32, height: u32) -> Result<()> {
        let band = band_rows(rec.context(), width)?;
        self.record_bands(rec, src, dst, width, height, band)
    }

    /// As `record` with bands of `band` rows (a multiple of 64): tests use small bands.
    #[doc(hidden)]
    pub fn record_bands(&self, rec: &mut Recorder, src: &Buffer<u32>, dst: &Buffer<u32>, width: u32, height: u32, band: u32) -> Result<()> {
        let n = width as usize * height as usize;
        if width == 0 || height == 0 {
            return Err(Error::invalid(format!("image size {width}x{height} is empty")));
        }
        if src.len() < n || dst.len() < n {
            return Err(Error::invalid(format!("a {width}x{height} image needs {n} pixels; src holds {}, dst {}", src.len(), dst.len())));
        }
        if band == 0 || band as u64 % BAND_ALIGN != 0 {
            return Err(Error::invalid(format!("bands of {band} rows: use a multiple of {BAND_ALIGN}")));
        }
        for row0 in (0..height).step_by(band as usize) {
            let rows = band.min(height - row0);
            let (s, e) = (row0 as usize * width as usize, (row0 + rows) as usize * width as usize);
            match self.variant {
                Variant::RowMajor | Variant::ColumnMajor => {
                    let (gx, gy) = (width.div_ceil(16), rows.div_ceil(16));
                    let groups = if self.variant == Variant::RowMajor { [gx, gy, 1] } else { [gy, gx, 1] };
                    let push: [u32; 2] = [width, rows];
                    rec.dispatch(&self.kernel, groups, &[src.bind_range(s, e), dst.bind_range(s, e)], bytemuck::bytes_of(&push))?;
                }
                Variant::Vec4 => {
                    let count = e - s;
                    // One uvec4 per invocation, the grid covering the band once.
                    let groups = (count / 4).div_ceil(256).max(1);
                    let binds = [src.bind_range(s, e), dst.bind_range(s, e), src.bind_range(s, e), dst.bind_range(s, e)];
                    rec.dispatch(&self.kernel, super::grid2d(groups), &binds, bytemuck::bytes_of(&(count as u32)))?;
                }
            }
        }
        Ok(())
    }
}

/// Converts `img` on the GPU.
pub fn run(ctx: &Context, img: &Rgba8, variant: Variant) -> Result<Rgba8> {
    Ok(time(ctx, img, variant, 0, 0)?.1)
}

/// Uploads once, times only the GPU work (`runs` > 0), and returns the converted image.
pub fn time(ctx: &Context, img: &Rgba8, variant: Variant, warmup: u32, runs: u32) -> Result<(Timing, Rgba8)> {
    time_bands(ctx, img, variant, band_rows(ctx, img.width)?, warmup, runs)
}

/// As `time` with bands of `band` rows.
#[doc(hidden)]
pub fn time_bands(ctx: &Context, img: &Rgba8, variant: Variant, band: u32, warmup: u32, runs: u32) -> Result<(Timing, Rgba8)> {
    let g = Gray::new(ctx, variant)?;
    let src = Buffer::from_slice(ctx, img.packed(), "gray input")?;
    let dst = Buffer::<u32>::new(ctx, img.packed().len(), "gray output")?;
    let (w, h) = (img.width, img.height);
    let timing = if runs > 0 {
        crate::gpu::measure(ctx, warmup, runs, |rec| g.record_bands(rec, &src, &dst, w, h, band))?
    } else {
        ctx.submit(|rec| g.record_bands(rec, &src, &dst, w, h, band))?;
        Timing::default()
    };
    ctx.submit(|rec| {
        rec.barrier(Sync::ComputeToTransfer);
        Ok(())
    })?;
    let out: Vec<u32> = ctx.read(&dst)?;
    Ok((timing, Rgba8::new(w, h, bytemuck::cast_slice(&out).to_vec())?))
}
