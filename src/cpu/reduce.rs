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
/// [`F32SumRef`]). `None` for no elements.
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
        return Some((F32SumRef::of(data).exact() as f32).to_bits());
    }
    Some(data.par_chunks(1 << 16).map(|c| reduce(c, ty, op).unwrap()).reduce(|| op.identity(ty), |a, b| combine(ty, op, a, b)))
}

/// The reference for an f32 sum: the f64 sum and magnitude sum of the finite values, and which
/// non-finite values occur. An f32 summation in any order (a GPU's tree) may differ from `sum` by
/// its rounding bound, and where the magnitudes come near `f32::MAX` a partial sum may round to an
/// infinity: [`F32SumRef::accepts`] says which results are then right.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct F32SumRef {
    /// The f64 sum of the finite values.
    pub sum: f64,
    /// The f64 sum of the finite values' magnitudes (what the rounding bounds scale with).
    pub abs: f64,
    /// Whether a NaN occurs.
    pub nan: bool,
    /// Whether +inf occurs.
    pub pos_inf: bool,
    /// Whether -inf occurs.
    pub neg_inf: bool,
}

impl F32SumRef {
    /// The reference of `data` (f32 bits), summed on all cores.
    pub fn of(data: &[u32]) -> F32SumRef {
        data.par_chunks(1 << 16)
            .map(|c| c.iter().fold(F32SumRef::default(), |r, &x| r.with(f32::from_bits(x))))
            .reduce(F32SumRef::default, F32SumRef::merge)
    }

    /// This reference with one more value.
    pub fn with(mut self, x: f32) -> F32SumRef {
        if x.is_nan() {
            self.nan = true;
        } else if x.is_infinite() {
            if x > 0.0 {
                self.pos_inf = true
            } else {
                self.neg_inf = true
            }
        } else {
            self.sum += x as f64;
            self.abs += (x as f64).abs();
        }
        self
    }

    /// The reference of the values of both.
    pub fn merge(self, o: F32SumRef) -> F32SumRef {
        F32SumRef {
            sum: self.sum + o.sum,
            abs: self.abs + o.abs,
            nan: self.nan || o.nan,
            pos_inf: self.pos_inf || o.pos_inf,
            neg_inf: self.neg_inf || o.neg_inf,
        }
    }

    /// The exact sum as IEEE arithmetic has it: NaN for a NaN or both infinities, an infinity
    /// for one, else the f64 sum of the values.
    pub fn exact(&self) -> f64 {
        match (self.nan || (self.pos_inf && self.neg_inf), self.pos_inf, self.neg_inf) {
            (true, _, _) => f64::NAN,
            (_, true, _) => f64::INFINITY,
            (_, _, true) => f64::NEG_INFINITY,
            _ => self.sum,
        }
    }

    /// Whether `got` is a right f32 sum, given `bound` on what the summation's roundings may add
    /// up to (e.g. `ops::reduce::f32_sum_bound`): NaN where the input has a NaN or both
    /// infinities; the input's infinity where it has one; else within `bound` of the f64 sum. An
    /// infinity or NaN is also right where the magnitudes (plus the bound) reach `f32::MAX`, as a
    /// partial sum may then overflow (and meet the other infinity or the input's).
    pub fn accepts(&self, got: f32, bound: f64) -> bool {
        let may_overflow = self.abs + bound >= f32::MAX as f64;
        if self.nan || (self.pos_inf && self.neg_inf) {
            got.is_nan()
        } else if self.pos_inf || self.neg_inf {
            got == self.exact() as f32 || (may_overflow && got.is_nan())
        } else if got.is_finite() {
            (got as f64 - self.sum).abs() <= bound
        } else {
            may_overflow
        }
    }

    /// The stated rounding bound of a summation of these `n` values in which no value's path
    /// takes more than `depth` roundings: depth * 2^-24 * sum|x| (+0.01%), plus n * 2^-126 for
    /// devices that flush subnormals (`ops::reduce::f32_sum_bound`, `ops::scan::verify`).
    pub fn bound(&self, depth: usize, n: usize) -> f64 {
        rounding_bound(depth, self.abs, n)
    }

    /// |got - the f64 sum| for a finite result of finite values; 0 otherwise (the verdict is
    /// [`F32SumRef::accepts`]'s).
    pub fn error(&self, got: f32) -> f64 {
        let e = self.exact();
        if got.is_finite() && e.is_finite() {
            (got as f64 - e).abs()
        } else {
            0.0
        }
    }
}

/// [`F32SumRef::bound`] for a magnitude sum `abs`.
pub fn rounding_bound(depth: usize, abs: f64, n: usize) -> f64 {
    depth as f64 * f32::EPSILON as f64 * 0.5 * abs * 1.0001 + n as f64 * f32::MIN_POSITIVE as f64
}

#[cfg(test)]
mod tests {
    use super::F32SumRef;

    fn of(v: &[f32]) -> F32SumRef {
        F32SumRef::of(&v.iter().map(|x| x.to_bits()).collect::<Vec<_>>())
    }

    #[test]
    fn f32_sum_verdicts() {
        let (inf, nan) = (f32::INFINITY, f32::NAN);
        // Finite and small: only results within the bound.
        let r = of(&[1.0, 2.0, 0.5]);
        assert!(r.accepts(3.5, 0.0) && r.accepts(3.5000002, 1e-6));
        assert!(!r.accepts(3.6, 1e-6) && !r.accepts(inf, 1e-6) && !r.accepts(nan, 1e-6));
        // An infinity in the input: that infinity, nothing else.
        let r = of(&[1.0, inf, -5.0]);
        assert_eq!(r.exact(), f64::INFINITY);
        assert!(r.accepts(inf, 1e-6) && !r.accepts(-inf, 1e-6) && !r.accepts(nan, 1e-6) && !r.accepts(1.0, 1e-6));
        // Both infinities or a NaN: NaN only.
        for v in [&[inf, -inf, 1.0][..], &[1.0, nan][..]] {
            let r = of(v);
            assert!(r.exact().is_nan() && r.accepts(nan, 0.0) && !r.accepts(inf, 0.0) && !r.accepts(0.0, 0.0));
        }
        // Magnitudes past f32::MAX: a partial sum may overflow, so infinities and NaN are right,
        // but a finite result must still be within the bound.
        let r = of(&[3e38, 3e38, -3e38, 1.0]);
        assert!(r.accepts(inf, 1e31) && r.accepts(-inf, 1e31) && r.accepts(nan, 1e31));
        assert!(r.accepts(3e38, 1e31) && !r.accepts(2e38, 1e31));
        let r = of(&[3e38, 3e38, -inf]);
        assert!(r.accepts(-inf, 1e31) && r.accepts(nan, 1e31) && !r.accepts(inf, 1e31) && !r.accepts(0.0, 1e31));
        assert_eq!(of(&[]).exact(), 0.0);
    }
}
