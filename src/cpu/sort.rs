//! The CPU reference sort: u32 and i32 numerically, f32 in IEEE total order (`f32::total_cmp`).
use crate::ops::reduce::ElemType;

/// `data` (bits of `ty`) sorted ascending.
pub fn sort(data: &[u32], ty: ElemType) -> Vec<u32> {
    let mut v = data.to_vec();
    match ty {
        ElemType::U32 => v.sort_unstable(),
        ElemType::I32 => v.sort_unstable_by_key(|&x| x as i32),
        ElemType::F32 => v.sort_unstable_by(|a, b| f32::from_bits(*a).total_cmp(&f32::from_bits(*b))),
    }
    v
}
