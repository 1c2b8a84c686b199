//! The CPU reference of auto levels from the luminance histogram (seed 000's open ideas: the
//! histogram drawn on the GPU, and real-time adjustment of video from it). Integer arithmetic
//! throughout, so every device equals it bit for bit:
//!
//! - the histogram: 000's luminance, 256 bins (`cpu::histogram`, `Measure::Luminance`); for a
//!   grey pixel (v, v, v) the bin is v;
//! - `clip` = pixels x clip_ppm / 10^6 (rounded down) pixels may fall outside the levels at each
//!   end: black = the least bin b with more than `clip` pixels in bins 0..=b; white = the
//!   greatest bin b with more than `clip` pixels in bins b..=255;
//! - each of r, g, b (alpha is kept) is stretched from black..white to 0..255: 0 at or below
//!   black, 255 at or above white, else ((v - black) x 255 + (white - black) / 2) / (white -
//!   black); a histogram of a single bin (white = black) leaves the image as it is;
//! - the chart, 256 x 256: the histogram before (rows 0..128) and after (rows 128..256), one
//!   column per bin, bars from the bottom of each panel, 000's scale rule in integers: the bar of
//!   a count c is min(128, c x 128 / d) pixels, d = max(1, min(largest count, 5 x pixels / 256))
//!   (000: scale = max(1 / max, 0.2 x bins / pixels)); the columns black and white are marked
//!   over the whole height of the upper panel, and the first row of each panel is a grey rule.
use crate::cpu::histogram::{histogram_par, Measure};
use crate::ops::images::Rgba8;
use rayon::prelude::*;

/// Bins of the luminance histogram, one per 8-bit level.
pub const BINS: usize = 256;
/// Rows of one panel of the chart; the chart is `BINS` x `2 * PANEL` pixels.
pub const PANEL: u32 = 128;
/// The chart's width in pixels: one column per bin.
pub const CHART_WIDTH: u32 = BINS as u32;
/// The chart's height in pixels: two panels.
pub const CHART_HEIGHT: u32 = 2 * PANEL;
/// The chart's colours (RGBA8, packed little-endian as in memory).
pub const BACKGROUND: [u8; 4] = [24, 24, 24, 255];
/// The colour of the bars.
pub const BAR: [u8; 4] = [200, 200, 200, 255];
/// The colour of the black and white columns in the upper panel.
pub const MARK: [u8; 4] = [230, 60, 40, 255];
/// The colour of each panel's first row.
pub const RULE: [u8; 4] = [96, 96, 96, 255];
/// clip_ppm must stay below half the pixels (10^6 ppm = all of them).
pub const MAX_CLIP_PPM: u32 = 499_999;

/// The black and white levels (bins) of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Levels {
    /// The black level: the least bin with more than `clip` pixels in bins `0..=black`.
    pub black: u32,
    /// The white level: the greatest bin with more than `clip` pixels in bins `white..=255`.
    pub white: u32,
}

/// Pixels clipped at each end.
pub fn clip_count(pixels: u64, clip_ppm: u32) -> u64 {
    pixels * clip_ppm as u64 / 1_000_000
}

/// The luminance histogram (256 bins).
pub fn histogram(img: &Rgba8) -> Vec<u32> {
    histogram_par(&img.pixels, Measure::Luminance, BINS as u32)
}

/// The levels of a histogram of `pixels` (> 0) pixels.
pub fn levels(bins: &[u32], clip_ppm: u32) -> Levels {
    let pixels: u64 = bins.iter().map(|&c| c as u64).sum();
    let clip = clip_count(pixels, clip_ppm);
    let mut below = 0u64;
    let mut black = None;
    let mut white = 0;
    for (b, &c) in bins.iter().enumerate() {
        // `below`: pixels in bins 0..b; pixels - below: in bins b..=255.
        if pixels - below > clip {
            white = b as u32;
        }
        below += c as u64;
        if black.is_none() && below > clip {
            black = Some(b as u32);
        }
    }
    Levels { black: black.unwrap_or(0), white }
}

/// One channel value stretched from black..white to 0..255.
pub fn stretch(v: u8, l: Levels) -> u8 {
    let (v, lo, hi) = (v as u32, l.black, l.white);
    if hi <= lo {
        v as u8
    } else if v <= lo {
        0
    } else if v >= hi {
        255
    } else {
        (((v - lo) * 255 + (hi - lo) / 2) / (hi - lo)) as u8
    }
}

/// The image with its levels stretched (alpha kept).
pub fn apply(img: &Rgba8, l: Levels) -> Rgba8 {
    let mut out = img.pixels.clone();
    out.par_chunks_mut(4).for_each(|p| {
        for c in &mut p[..3] {
            *c = stretch(*c, l);
        }
    });
    Rgba8 { width: img.width, height: img.height, pixels: out }
}

/// The height in pixels of the bar of `count` (000's scale rule, see the module).
pub fn bar_height(count: u32, largest: u32, pixels: u64) -> u32 {
    let d = (largest as u64).min(5 * pixels / BINS as u64).max(1);
    (count as u64 * PANEL as u64 / d).min(PANEL as u64) as u32
}

/// The chart of the histograms before and after, with the levels marked.
pub fn chart(before: &[u32], after: &[u32], l: Levels) -> Rgba8 {
    let (w, h) = (CHART_WIDTH as usize, CHART_HEIGHT as usize);
    let mut px = vec![0u8; w * h * 4];
    for (panel, bins) in [before, after].into_iter().enumerate() {
        let pixels: u64 = bins.iter().map(|&c| c as u64).sum();
        let largest = bins.iter().copied().max().unwrap_or(0);
        for (x, &c) in bins.iter().enumerate() {
            let bar = bar_height(c, largest, pixels);
            for y in 0..PANEL {
                let colour = if panel == 0 && (x as u32 == l.black || x as u32 == l.white) {
                    MARK
                } else if y == 0 {
                    RULE
                } else if y >= PANEL - bar {
                    BAR
                } else {
                    BACKGROUND
                };
                let at = ((panel as u32 * PANEL + y) as usize * w + x) * 4;
                px[at..at + 4].copy_from_slice(&colour);
            }
        }
    }
    Rgba8 { width: CHART_WIDTH, height: CHART_HEIGHT, pixels: px }
}

/// Everything one frame gives: the levels, the adjusted image and the chart.
pub struct Frame {
    /// The levels of the frame's histogram.
    pub levels: Levels,
    /// The frame with those levels stretched.
    pub image: Rgba8,
    /// The chart of the histograms before and after, with the levels marked.
    pub chart: Rgba8,
}

/// One image's levels (`clip_ppm` parts per million clipped at each end), adjusted image and
/// chart.
pub fn frame(img: &Rgba8, clip_ppm: u32) -> Frame {
    let before = histogram(img);
    let levels = levels(&before, clip_ppm);
    let image = apply(img, levels);
    let after = histogram(&image);
    let chart = chart(&before, &after, levels);
    Frame { levels, image, chart }
}

/// A video with its levels one frame late (`Levels::record_following`): frame 0 gets its own
/// levels, every later frame the levels of the frame before's histogram. Each output with the
/// levels it was stretched by.
pub fn video(frames: &[Rgba8], clip_ppm: u32) -> Vec<(Levels, Rgba8)> {
    let mut reference = VideoReference::new(clip_ppm);
    frames.iter().map(|f| reference.next(f)).collect()
}

/// `video` frame by frame, as the frames arrive.
pub struct VideoReference {
    clip_ppm: u32,
    /// The histogram of the frame before.
    before: Option<Vec<u32>>,
}

impl VideoReference {
    /// A reference that has seen no frame yet (the first gets its own levels); `clip_ppm` as in
    /// [`frame`].
    pub fn new(clip_ppm: u32) -> VideoReference {
        VideoReference { clip_ppm, before: None }
    }

    /// The next frame adjusted, with the levels it was stretched by.
    pub fn next(&mut self, frame: &Rgba8) -> (Levels, Rgba8) {
        let hist = histogram(frame);
        let l = levels(self.before.as_ref().unwrap_or(&hist), self.clip_ppm);
        self.before = Some(hist);
        (l, apply(frame, l))
    }
}

/// Frame `k` of `count` of the CLI's video made from one image: its exposure rises from dull
/// (about 0.38x, lifted by 40) to bright (1x, lifted by 40, clamped), so that the levels move
/// from frame to frame.
pub fn exposure_frame(img: &Rgba8, k: u32, count: u32) -> Rgba8 {
    let gain = 96 + 160 * k / count.saturating_sub(1).max(1);
    let mut px = img.pixels.clone();
    for p in px.chunks_mut(4) {
        for c in &mut p[..3] {
            *c = (40 + *c as u32 * gain / 256).min(255) as u8;
        }
    }
    Rgba8 { width: img.width, height: img.height, pixels: px }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_definition() {
        let mut bins = vec![0u32; BINS];
        bins[10] = 5;
        bins[20] = 90;
        bins[200] = 5;
        assert_eq!(levels(&bins, 0), Levels { black: 10, white: 200 });
        // 5% of 100 pixels = 5 may fall outside at each end.
        assert_eq!(levels(&bins, 50_000), Levels { black: 20, white: 20 });
        assert_eq!(levels(&bins, 49_999), Levels { black: 10, white: 200 });
    }

    #[test]
    fn stretch_maps_the_levels_to_the_ends() {
        let l = Levels { black: 10, white: 20 };
        assert_eq!((stretch(10, l), stretch(20, l), stretch(15, l), stretch(0, l), stretch(255, l)), (0, 255, 128, 0, 255));
        assert_eq!(stretch(77, Levels { black: 5, white: 5 }), 77);
    }

    #[test]
    fn bars_follow_the_scale_rule() {
        // One bin holds everything: it is full height.
        assert_eq!(bar_height(1000, 1000, 1000), PANEL);
        // 5 x pixels / 256 below the largest count: that decides the scale.
        assert_eq!(bar_height(39, 1000, 2560), 99);
        assert_eq!(bar_height(1, 1, 1), PANEL);
    }
}
