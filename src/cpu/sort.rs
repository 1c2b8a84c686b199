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

/// The stable argsort of `data` (bits of `ty`): the indices that sort it, equal keys in input
/// order (what the radix sort gives with values 0, 1, 2, ...). Rayon's stable parallel sort:
/// 2^26 keys take seconds instead of tens of seconds.
pub fn argsort(data: &[u32], ty: ElemType) -> Vec<u32> {
    use rayon::prelude::*;
    let mut idx: Vec<u32> = (0..data.len() as u32).collect();
    match ty {
        ElemType::U32 => idx.par_sort_by_key(|&i| data[i as usize]),
        ElemType::I32 => idx.par_sort_by_key(|&i| data[i as usize] as i32),
        ElemType::F32 => idx.par_sort_by(|&a, &b| f32::from_bits(data[a as usize]).total_cmp(&f32::from_bits(data[b as usize]))),
    }
    idx
}
