//! Number input shared by reduce and compact: generated distributions, and files (raw
//! little-endian, `.npy` of `<u4`/`<i4`/`<f4`, or text with one number per line).
//! Values travel as `u32` bits of the element type.
use super::compact::Predicate;
use super::reduce::ElemType;
use crate::gpu::{Error, Result};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// Generated distributions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dist {
    /// f32 in [0, 1); integers over their whole range.
    Uniform,
    /// f32 N(0, 1); integers round(1000 N(0, 1)) (u32: its magnitude).
    Normal,
    /// Every element 1.
    Ones,
    /// 0, 1, 2, ... (sorted).
    Seq,
}

impl std::str::FromStr for Dist {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "uniform" => Ok(Dist::Uniform),
            "normal" => Ok(Dist::Normal),
            "ones" => Ok(Dist::Ones),
            "seq" => Ok(Dist::Seq),
            _ => Err(Error::invalid(format!("distribution {s:?}: use uniform, normal, ones or seq"))),
        }
    }
}

fn par_gen(n: usize, seed: u64, f: impl Fn(&mut rand::rngs::SmallRng, usize) -> u32 + Sync) -> Vec<u32> {
    let mut out = vec![0u32; n];
    out.par_chunks_mut(1 << 16).enumerate().for_each(|(c, chunk)| {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed ^ (c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for (i, v) in chunk.iter_mut().enumerate() {
            *v = f(&mut rng, (c << 16) + i);
        }
    });
    out
}

fn normal(rng: &mut rand::rngs::SmallRng) -> f64 {
    let u1: f64 = rng.gen_range(f64::MIN_POSITIVE..1.0);
    let u2: f64 = rng.gen();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// `n` values of `dist` (deterministic for a seed).
pub fn generate(n: usize, ty: ElemType, dist: Dist, seed: u64) -> Vec<u32> {
    par_gen(n, seed, |rng, i| match (dist, ty) {
        (Dist::Uniform, ElemType::F32) => rng.gen::<f32>().to_bits(),
        (Dist::Uniform, _) => rng.gen(),
        (Dist::Normal, ElemType::F32) => (normal(rng) as f32).to_bits(),
        (Dist::Normal, ElemType::I32) => ((normal(rng) * 1000.0).round() as i32) as u32,
        (Dist::Normal, ElemType::U32) => (normal(rng) * 1000.0).round().abs() as u32,
        (Dist::Ones, ElemType::F32) => 1.0f32.to_bits(),
        (Dist::Ones, _) => 1,
        (Dist::Seq, ElemType::F32) => (i as f32).to_bits(),
        (Dist::Seq, _) => i as u32,
    })
}

/// `n` values of which each passes `pred` with probability `fraction` (0..=1).
pub fn generate_for_predicate(n: usize, ty: ElemType, pred: Predicate, fraction: f64, seed: u64) -> Result<Vec<u32>> {
    if !(0.0..=1.0).contains(&fraction) {
        return Err(Error::invalid(format!("pass fraction {fraction}: use a number in 0..=1")));
    }
    pred.check(ty)?;
    let data = par_gen(n, seed, |rng, _| {
        let pass = rng.gen::<f64>() < fraction;
        for _ in 0..64 {
            let v = candidate(rng, ty, pred, pass);
            if pred.keep(ty, v) == pass {
                return v;
            }
        }
        candidate(rng, ty, pred, pass)
    });
    Ok(data)
}

fn candidate(rng: &mut rand::rngs::SmallRng, ty: ElemType, pred: Predicate, pass: bool) -> u32 {
    let small: i64 = rng.gen_range(1..1000);
    match (pred, ty) {
        (Predicate::NonZero, ElemType::F32) => {
            if pass {
                rng.gen_range(-1.0f32..1.0).to_bits() | 1
            } else {
                0
            }
        }
        (Predicate::NonZero, _) => {
            if pass {
                rng.gen::<u32>() | 1
            } else {
                0
            }
        }
        (Predicate::Even, _) => (rng.gen::<u32>() & !1) | u32::from(!pass),
        (Predicate::Greater(t) | Predicate::Less(t), ElemType::F32) => {
            let t = f32::from_bits(t) as f64;
            let up = pass == matches!(pred, Predicate::Greater(_));
            let d = rng.gen_range(0.001..1.0) * t.abs().max(1.0);
            ((if up { t + d } else { t - d }) as f32).to_bits()
        }
        (Predicate::Greater(t) | Predicate::Less(t), _) => {
            let t = if ty == ElemType::I32 { t as i32 as i64 } else { t as i64 };
            let up = pass == matches!(pred, Predicate::Greater(_));
            let v = if up { t + small } else { t - small };
            if ty == ElemType::I32 {
                v.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
            } else {
                v.clamp(0, u32::MAX as i64) as u32
            }
        }
    }
}

/// Reads numbers of type `ty`: `.npy` (a 4-byte dtype matching `ty`, little- or big-endian; any
/// shape, read flat in C order), `.txt` / `.csv` (one number per line; blank lines, `#` comments
/// and a leading byte-order mark skipped), anything else raw little-endian 4-byte values. A file
/// read raw whose bytes are all printable ASCII text with a digit and a line break is refused
/// with a hint to name it `.txt`, unless its extension says raw (`.raw`, `.bin`, `.dat`): read
/// raw, such a file would give a few meaningless numbers and no error.
pub fn load(path: &std::path::Path, ty: ElemType) -> Result<Vec<u32>> {
    let bytes = std::fs::read(path).map_err(|e| Error::invalid(format!("cannot read {}: {e}", path.display())))?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    let name = path.display();
    match ext.as_str() {
        "npy" => load_npy(&bytes, ty).map_err(|e| Error::invalid(format!("{name}: {e}"))),
        "txt" | "csv" => {
            let text = std::str::from_utf8(&bytes).map_err(|_| Error::invalid(format!("{name}: not UTF-8 text")))?;
            let text = text.strip_prefix('\u{feff}').unwrap_or(text); // a byte-order mark, as some editors write
            let mut out = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let l = line.split('#').next().unwrap_or("").trim().trim_end_matches(',');
                if l.is_empty() {
                    continue;
                }
                out.push(ty.parse(l).map_err(|e| e.within(format_args!("{name}:{}", i + 1)))?);
            }
            Ok(out)
        }
        _ => {
            let says_raw = matches!(ext.as_str(), "raw" | "bin" | "dat");
            let text_bytes = |b: &u8| b.is_ascii_graphic() || b.is_ascii_whitespace();
            if !says_raw && bytes.contains(&b'\n') && bytes.iter().all(text_bytes) && bytes.iter().any(u8::is_ascii_digit) {
                return Err(Error::invalid(format!(
                    "{name}: looks like text, but only .txt and .csv files are read as text (other names as raw 4-byte values): name it {}.txt (or .raw to read its bytes raw)",
                    path.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned())
                )));
            }
            if bytes.len() % 4 != 0 {
                return Err(Error::invalid(format!("{name}: {} bytes is not a whole number of 4-byte values", bytes.len())));
            }
            Ok(bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect())
        }
    }
}

/// A `.npy` file's header (its text) and where its data starts.
fn npy_header(bytes: &[u8]) -> std::result::Result<(&str, usize), String> {
    if !bytes.starts_with(b"\x93NUMPY") {
        return Err("not a .npy file (bad magic)".into());
    }
    if bytes.len() < 10 {
        return Err(format!("truncated .npy file ({} bytes: its header is cut short)", bytes.len()));
    }
    let (hlen, start): (usize, usize) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 if bytes.len() >= 12 => (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12),
        v => return Err(format!("unsupported .npy version {v}")),
    };
    let header = bytes.get(start..start.saturating_add(hlen)).ok_or("truncated .npy header")?;
    let header = std::str::from_utf8(header).map_err(|_| "bad .npy header")?;
    Ok((header, start + hlen))
}

fn npy_descr(header: &str) -> std::result::Result<&str, String> {
    header.split("'descr':").nth(1).and_then(|s| s.split('\'').nth(1)).ok_or_else(|| "no descr in .npy header".into())
}

/// The element type of a `.npy` dtype, and whether its bytes are big-endian: `<u4`, `<i4`, `<f4`
/// or the same with `>` (as `numpy.dtype('>f4')` writes).
fn npy_dtype(descr: &str) -> Option<(ElemType, bool)> {
    let big = match descr.as_bytes().first()? {
        b'<' => false,
        b'>' => true,
        _ => return None,
    };
    let ty = ElemType::ALL.into_iter().find(|&t| npy_code(t) == &descr[1..])?;
    Some((ty, big))
}

/// The `.npy` code of a type, without its byte order.
fn npy_code(ty: ElemType) -> &'static str {
    match ty {
        ElemType::U32 => "u4",
        ElemType::I32 => "i4",
        ElemType::F32 => "f4",
    }
}

/// The element type of a `.npy` file (`<u4`, `<i4` or `<f4`, or big-endian `>u4`, `>i4`, `>f4`),
/// read from its header: what the commands take when no `--type` is given.
pub fn npy_type(path: &std::path::Path) -> Result<ElemType> {
    use std::io::Read;
    let name = path.display();
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(1 << 16).read_to_end(&mut head))
        .map_err(|e| Error::invalid(format!("cannot read {name}: {e}")))?;
    let descr = npy_header(&head).and_then(|(h, _)| npy_descr(h)).map_err(|e| Error::invalid(format!("{name}: {e}")))?;
    match npy_dtype(descr) {
        Some((ty, _)) => Ok(ty),
        None => Err(Error::invalid(format!("{name}: dtype {descr}: the ops take <u4, <i4 or <f4 (u32, i32, f32; > for big-endian)"))),
    }
}

fn load_npy(bytes: &[u8], ty: ElemType) -> std::result::Result<Vec<u32>, String> {
    let (header, data_start) = npy_header(bytes)?;
    let descr = npy_descr(header)?;
    let big = match npy_dtype(descr) {
        Some((t, big)) if t == ty => big,
        _ => return Err(format!("dtype {descr} does not match --type {} (<{c} or >{c})", ty.name(), c = npy_code(ty))),
    };
    if header.contains("'fortran_order': True") {
        return Err("fortran order is not supported".into());
    }
    let shape = header.split("'shape':").nth(1).and_then(|s| s.split(['(', ')']).nth(1)).ok_or("no shape in .npy header")?;
    let dims: Vec<usize> = shape
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| "bad shape"))
        .collect::<std::result::Result<_, _>>()?;
    let data = &bytes[data_start..];
    let count = dims.iter().try_fold(4usize, |acc, &d| acc.checked_mul(d)).map(|b| b / 4);
    if count.map(|c| c * 4) != Some(data.len()) {
        let need = count.map_or("more bytes of data than this machine can address".to_string(), |c| format!("{} bytes of data", c * 4));
        return Err(format!("shape {dims:?} needs {need}, the file has {}", data.len()));
    }
    let word = if big { u32::from_be_bytes } else { u32::from_le_bytes };
    Ok(data.chunks_exact(4).map(|c| word([c[0], c[1], c[2], c[3]])).collect())
}

/// Writes values like `load` reads them (by extension: `.npy`, `.txt`/`.csv`, else raw),
/// atomically ([`super::write_atomic`]).
pub fn save(path: &std::path::Path, ty: ElemType, data: &[u32]) -> Result<()> {
    let mut files = super::StagedFiles::new();
    save_staged(&mut files, path, ty, data)?;
    files.commit()
}

/// [`save`] as one of several files placed together ([`super::StagedFiles`]): nothing is
/// placed until `files` is committed.
pub fn save_staged(files: &mut super::StagedFiles, path: &std::path::Path, ty: ElemType, data: &[u32]) -> Result<()> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    let bytes: Vec<u8> = match ext.as_str() {
        "txt" | "csv" => data.iter().map(|&b| ty.format(b) + "\n").collect::<String>().into_bytes(),
        "npy" => {
            let mut h = format!("{{'descr': '<{}', 'fortran_order': False, 'shape': ({},), }}", npy_code(ty), data.len());
            while (10 + h.len() + 1) % 64 != 0 {
                h.push(' ');
            }
            h.push('\n');
            let mut b = b"\x93NUMPY\x01\x00".to_vec();
            b.extend_from_slice(&(h.len() as u16).to_le_bytes());
            b.extend_from_slice(h.as_bytes());
            b.extend_from_slice(bytemuck::cast_slice(data));
            b
        }
        _ => bytemuck::cast_slice(data).to_vec(),
    };
    files.write(path, |tmp| std::fs::write(tmp, &bytes).map_err(|e| e.to_string()))
}
