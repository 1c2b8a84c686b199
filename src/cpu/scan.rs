//! CPU reference for `ops::scan`: sequential, by `cpu::reduce`'s rules (wrapping integer sums;
//! min/max with -0 < +0 and NaN winning; f32 sums in sequential f32, for information only:
//! `ops::scan::verify` compares f32 sums with the f64 prefix).
use crate::cpu::reduce::combine;
use crate::ops::reduce::{ElemType, Op};
use crate::ops::scan::Kind;

/// The inclusive or exclusive scan of `data` (bits of `ty`) by `op`, on one thread.
pub fn scan(data: &[u32], ty: ElemType, op: Op, kind: Kind) -> Vec<u32> {
    let mut acc = op.identity(ty);
    data.iter()
        .map(|&x| {
            let before = acc;
            acc = combine(ty, op, acc, x);
            if kind == Kind::Exclusive {
                before
            } else {
                acc
            }
        })
        .collect()
}
