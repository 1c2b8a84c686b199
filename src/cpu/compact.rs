//! CPU references for `ops::compact`: the kept f(x) in input order.
use crate::ops::compact::{Func, Predicate};
use crate::ops::reduce::ElemType;
use rayon::prelude::*;

/// `f(x)` of each `x` of `data` (bits of `ty`) that `pred` keeps, in input order; one thread.
pub fn compact(data: &[u32], ty: ElemType, pred: Predicate, func: Func) -> Vec<u32> {
    data.iter().filter(|&&x| pred.keep(ty, x)).map(|&x| func.apply(ty, x)).collect()
}

/// As [`compact`], multi-threaded (rayon); same output, same order.
pub fn par_compact(data: &[u32], ty: ElemType, pred: Predicate, func: Func) -> Vec<u32> {
    data.par_iter().filter(|&&x| pred.keep(ty, x)).map(|&x| func.apply(ty, x)).collect()
}
