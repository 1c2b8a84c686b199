//! `workgroup study --compare A.json B.json`: per-row ratios between two runs.
use super::Report;

/// One row found in both runs, with its median times.
pub struct Compared {
    /// The row's `op | variant | size | input`.
    pub key: String,
    /// The median time in run A, ms.
    pub a_ms: f64,
    /// The median time in run B, ms.
    pub b_ms: f64,
    /// b / a: above 1 means B is slower.
    pub ratio: f64,
}

/// Rows present in both runs with a time, matched by (op, variant, size, input).
pub fn compare(a: &Report, b: &Report) -> Vec<Compared> {
    let key = |r: &super::Row| format!("{} | {} | {} | {}", r.op, r.variant, r.size, r.input);
    let mut out = Vec::new();
    for rb in b.bandwidth.iter().chain(&b.rows) {
        let Some(ra) = a.bandwidth.iter().chain(&a.rows).find(|ra| key(ra) == key(rb)) else { continue };
        if let (Some(x), Some(y)) = (ra.median_ms, rb.median_ms) {
            if x > 0.0 {
                out.push(Compared { key: key(rb), a_ms: x, b_ms: y, ratio: y / x });
            }
        }
    }
    out
}

/// A Markdown table; rows more than `slower` times slower in B are flagged.
pub fn markdown(a: &Report, b: &Report, slower: f64) -> String {
    let mut s = format!(
        "A: {} {} ({}) commit {} {}\nB: {} {} ({}) commit {} {}\n\n| op | variant | size | input | A ms | B ms | B/A | |\n| --- | --- | --- | --- | ---: | ---: | ---: | --- |\n",
        a.fingerprint.device,
        a.fingerprint.driver_version,
        a.fingerprint.driver_name,
        a.fingerprint.git_commit,
        a.fingerprint.date,
        b.fingerprint.device,
        b.fingerprint.driver_version,
        b.fingerprint.driver_name,
        b.fingerprint.git_commit,
        b.fingerprint.date
    );
    for c in compare(a, b) {
        let flag = if c.ratio > slower {
            "SLOWER"
        } else if c.ratio < 1.0 / slower {
            "faster"
        } else {
            ""
        };
        s.push_str(&format!("| {} | {:.4} | {:.4} | {:.2} | {} |\n", c.key, c.a_ms, c.b_ms, c.ratio, flag));
    }
    s
}
