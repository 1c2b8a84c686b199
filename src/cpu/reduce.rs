//! CPU references for `ops::reduce`: exact by the same rules (wrapping integer sums; min/max in
//! the total order with -0 < +0 and NaN winning; f32 sums in f64).
use crate::ops::reduce::{ElemType, Op};
use rayon::prelude::*;

fn f32_key(bits: u32, op: Op) -> u32 {
    // Order-preserving key of an f32; NaN goes to the end that wins.
    if (bits & 0x7FFF_FFFF) > 0x7F80_0000 {
        return if op == Op::Min { 0 } else { u32::MAX };
    }
    if bits & 0x8000_0000 != 0 {
        !bits
    } else {
        bits | 0x8000_0000
    }
}

pub(crate) fn combine(ty: ElemType, op: Op, a: u32, b: u32) -> u32 {
    match (ty, op) {
        (ElemType::F32, Op::Sum) => (f32::from_bits(a) + f32::from_bits(b)).to_bits(),
        (_, Op::Sum) => a.wrapping_add(b),
        (ElemType::U32, Op::Min) => a.min(b),
        (ElemType::U32, Op::Max) => a.max(b),
        (ElemType::I32, Op::Min) => (a as i32).min(b as i32) as u32,
        (ElemType::I32, Op::Max) => (a as i32).max(b as i32) as u32,
        (ElemType::F32, _) => {
            let (ka, kb) = (f32_key(a, op), f32_key(b, op));
            let pick_a = if op == Op::Min { ka <= kb } else { ka >= kb };
            let k = if pick_a { ka } else { kb };
            if k == 0 || k == u32::MAX {
                0x7FC0_0000
            } else if pick_a {
                a
            } else {
                b
            }
        }
    }
}

/// The exact result (f32 sums: sequential f32, for information only; compare f32 sums with
/// [`f32_sum`]). `None` for no elements.
pub fn reduce(data: &[u32], ty: ElemType, op: Op) -> Option<u32> {
    let (&first, rest) = data.split_first()?;
    let first = combine(ty, op, op.identity(ty), first);
    Some(rest.iter().fold(first, |acc, &x| combine(ty, op, acc, x)))
}

/// As [`reduce`], multi-threaded (rayon). Integer results and f32 min/max are identical to
/// `reduce`; an f32 sum is summed in f64 and rounded once.
pub fn par_reduce(data: &[u32], ty: ElemType, op: Op) -> Option<u32> {
    if data.is_empty() {
        return None;
    }
    if ty == ElemType::F32 && op == Op::Sum {
        return Some((f32_sum(data).0 as f32).to_bits());
    }
    Some(data.par_chunks(1 << 16).map(|c| reduce(c, ty, op).unwrap()).reduce(|| op.identity(ty), |a, b| combine(ty, op, a, b)))
}

/// The f64 sum of f32 values and the f64 sum of their magnitudes (for the error bound).
pub fn f32_sum(data: &[u32]) -> (f64, f64) {
    data.par_chunks(1 << 16)
        .map(|c| c.iter().fold((0.0f64, 0.0f64), |(s, a), &x| (s + f32::from_bits(x) as f64, a + (f32::from_bits(x) as f64).abs())))
        .reduce(|| (0.0, 0.0), |x, y| (x.0 + y.0, x.1 + y.1))
}
