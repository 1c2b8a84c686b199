//! PNG charts: per op and input kind, GPU median time per variant against size (log scales).
use super::Report;
use plotters::prelude::*;
use std::path::{Path, PathBuf};

static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// An axis label: at most three significant digits, no trailing zeros, and k / M / G past a
/// thousand ("400k", "1.05M", "0.25"), so that a log axis's labels stay short and apart.
fn axis_label(v: f64) -> String {
    let (scaled, suffix) = match v.abs() {
        a if a >= 1e9 => (v / 1e9, "G"),
        a if a >= 1e6 => (v / 1e6, "M"),
        a if a >= 1e3 => (v / 1e3, "k"),
        _ => (v, ""),
    };
    // Three significant digits, then the zeros after the point dropped.
    if scaled == 0.0 || !scaled.is_finite() {
        return format!("{scaled}");
    }
    let decimals = (2 - scaled.abs().log10().floor() as i32).max(0) as usize;
    let mut text = format!("{scaled:.decimals$}");
    if text.contains('.') {
        text = text.trim_end_matches('0').trim_end_matches('.').to_string();
    }
    format!("{text}{suffix}")
}

/// Stages one chart per (op, input) in `dir` into `files` (placed when they are committed);
/// returns the paths.
pub fn write(report: &Report, dir: &Path, files: &mut crate::ops::StagedFiles) -> crate::gpu::Result<Vec<PathBuf>> {
    register_font();
    let mut written = Vec::new();
    let mut groups: Vec<(String, String)> = report.rows.iter().map(|r| (r.op.clone(), r.input.clone())).collect();
    groups.sort();
    groups.dedup();
    for (op, input) in groups {
        let rows: Vec<_> =
            report.rows.iter().filter(|r| r.op == op && r.input == input && r.median_ms.is_some() && r.elements > 0).collect();
        if rows.is_empty() {
            continue;
        }
        let mut variants: Vec<String> = rows.iter().map(|r| r.variant.clone()).collect();
        variants.dedup();
        let mut seen = std::collections::HashSet::new();
        variants.retain(|v| seen.insert(v.clone()));
        let (xmin, xmax) = rows.iter().fold((f64::MAX, 0f64), |(a, b), r| (a.min(r.elements as f64), b.max(r.elements as f64)));
        let (ymin, ymax) = rows.iter().fold((f64::MAX, 0f64), |(a, b), r| {
            let m = r.median_ms.unwrap_or(1.0).max(1e-4);
            (a.min(m), b.max(m))
        });
        // File names of letters, digits, '-', '_' and '.' only ("compact-f32-gt-0.5-pass-0.5.png"),
        // one '-' for each run of other characters.
        let mut stem = String::new();
        for c in format!("{op}-{input}").chars() {
            let c = if c.is_ascii_alphanumeric() || c == '.' || c == '_' { c } else { '-' };
            if !(c == '-' && stem.ends_with('-')) {
                stem.push(c);
            }
        }
        let stem = stem.trim_matches('-').to_string();
        let path = dir.join(format!("{stem}.png"));
        // Drawn into memory and written with one checked write (crate::ops::images::write_rgb_png).
        files.write(&path, |tmp| {
            let (width, height) = (1000u32, 640u32);
            let mut pixels = vec![0u8; (width * height * 3) as usize];
            {
                let root = BitMapBackend::with_buffer(&mut pixels, (width, height)).into_drawing_area();
                root.fill(&WHITE).map_err(|e| e.to_string())?;
                // The caption in one line across the chart: a long one in a smaller font.
                let timed = if input.contains("wall clock") { "median time" } else { "GPU median time" };
                let caption = format!("{op}, {input} input: {timed} ({})", report.fingerprint.device);
                let size = (2100.0 / caption.chars().count() as f64).clamp(11.0, 22.0);
                let mut chart = ChartBuilder::on(&root)
                    .caption(caption, ("sans-serif", size))
                    .margin(16)
                    .x_label_area_size(48)
                    .y_label_area_size(70)
                    .build_cartesian_2d((xmin * 0.7..xmax * 1.4).log_scale(), (ymin * 0.7..ymax * 1.4).log_scale())
                    .map_err(|e| e.to_string())?;
                chart
                    .configure_mesh()
                    .x_desc("elements (pixels / numbers)")
                    .y_desc("ms (median)")
                    .x_labels(12)
                    .y_labels(12)
                    .x_label_formatter(&|v| axis_label(*v))
                    .y_label_formatter(&|v| axis_label(*v))
                    .label_style(("sans-serif", 14))
                    .draw()
                    .map_err(|e| e.to_string())?;
                for (i, v) in variants.iter().enumerate() {
                    let color = Palette99::pick(i).to_rgba();
                    let mut pts: Vec<(f64, f64)> = rows
                        .iter()
                        .filter(|r| &r.variant == v)
                        .map(|r| (r.elements as f64, r.median_ms.unwrap_or(0.0).max(1e-4)))
                        .collect();
                    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
                    chart
                        .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))
                        .map_err(|e| e.to_string())?
                        .label(v.clone())
                        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3)));
                    chart.draw_series(pts.iter().map(|&p| Circle::new(p, 4, color.filled()))).map_err(|e| e.to_string())?;
                }
                chart
                    .configure_series_labels()
                    .background_style(WHITE.mix(0.85))
                    .border_style(BLACK)
                    .label_font(("sans-serif", 14))
                    .position(SeriesLabelPosition::UpperLeft)
                    .draw()
                    .map_err(|e| e.to_string())?;
                root.present().map_err(|e| e.to_string())?;
            }
            crate::ops::images::write_rgb_png(&pixels, width, height, tmp)
        })?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::axis_label;

    #[test]
    fn axis_labels_are_short() {
        assert_eq!(axis_label(400000.0), "400k");
        assert_eq!(axis_label(1_000_003.0), "1M");
        assert_eq!(axis_label(1_048_576.0), "1.05M");
        assert_eq!(axis_label(67_108_864.0), "67.1M");
        assert_eq!(axis_label(65536.0), "65.5k");
        assert_eq!(axis_label(2_147_483_648.0), "2.15G");
        assert_eq!(axis_label(128.0), "128");
        assert_eq!(axis_label(10.0), "10");
        assert_eq!(axis_label(0.25), "0.25");
        assert_eq!(axis_label(0.3000000004), "0.3");
        assert_eq!(axis_label(0.001), "0.001");
        assert_eq!(axis_label(0.0063), "0.0063");
        assert_eq!(axis_label(0.0), "0");
    }
}
