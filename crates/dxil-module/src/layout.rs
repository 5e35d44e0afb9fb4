//! Type sizes and struct element offsets from the module's data layout string (LangRef
//! "Data Layout"; LLVM 3.7 rules as the reference compiler changed them: integers and
//! floats take the layout's ABI alignment, vectors and arrays their element's alignment,
//! structs the largest element alignment).

use std::cell::RefCell;
use std::collections::HashMap;

use dxil_ir::{Module, Type, TypeData};

/// Most nested types followed (identified structs may nest deeply only through input).
const MAX_DEPTH: usize = 64;

/// A parsed data layout: ABI alignments in bytes. It caches the sizes it computes by type
/// id, so use one per module ([`DataLayout::of`]).
#[derive(Clone, Debug)]
pub struct DataLayout {
    ints: Vec<(u32, u64)>,
    floats: Vec<(u32, u64)>,
    pointer: (u64, u64),
    /// Computed (size in bits, alignment) per type: shared subtypes are computed once.
    cache: RefCell<HashMap<Type, Option<(u64, u64)>>>,
}

impl DataLayout {
    /// Parses `s` over LLVM's defaults; unknown specifications are ignored.
    pub fn parse(s: &str) -> DataLayout {
        let mut dl = DataLayout {
            ints: vec![(1, 1), (8, 1), (16, 2), (32, 4), (64, 4)],
            floats: vec![(16, 2), (32, 4), (64, 8), (128, 16)],
            pointer: (4, 4),
            cache: RefCell::new(HashMap::new()),
        };
        for spec in s.split('-') {
            let (head, rest) = spec.split_at(
                spec.find(|c: char| c.is_ascii_digit() || c == ':')
                    .unwrap_or(spec.len()),
            );
            let nums: Vec<u64> = rest.split(':').filter_map(|x| x.parse().ok()).collect();
            let set = |list: &mut Vec<(u32, u64)>, nums: &[u64]| {
                if let (Some(&bits), Some(&abi)) = (nums.first(), nums.get(1)) {
                    let bits = bits as u32;
                    list.retain(|e| e.0 != bits);
                    list.push((bits, abi / 8));
                }
            };
            match head {
                "i" => set(&mut dl.ints, &nums),
                "f" => set(&mut dl.floats, &nums),
                "p" => {
                    let n: Vec<u64> = rest
                        .trim_start_matches(':')
                        .split(':')
                        .filter_map(|x| x.parse().ok())
                        .collect();
                    if let (Some(&size), Some(&abi)) = (n.first(), n.get(1)) {
                        dl.pointer = (size / 8, abi / 8);
                    }
                }
                _ => {}
            }
        }
        dl.ints.sort();
        dl
    }

    /// The layout of `module` (LLVM's defaults when it has none).
    pub fn of(module: &Module) -> DataLayout {
        DataLayout::parse(module.name_text(module.datalayout))
    }

    fn int_align(&self, bits: u32) -> u64 {
        if let Some(e) = self.ints.iter().find(|e| e.0 == bits) {
            return e.1;
        }
        self.ints
            .iter()
            .find(|e| e.0 > bits)
            .or(self.ints.last())
            .map_or(1, |e| e.1)
    }

    /// (size in bits, ABI alignment in bytes) of `ty`.
    fn size_align(&self, m: &Module, ty: Type, depth: usize) -> Option<(u64, u64)> {
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(v) = self.cache.borrow().get(&ty) {
            return *v;
        }
        let v = self.compute(m, ty, depth);
        self.cache.borrow_mut().insert(ty, v);
        v
    }

    fn compute(&self, m: &Module, ty: Type, depth: usize) -> Option<(u64, u64)> {
        Some(match m.ty(ty)? {
            TypeData::Int(b) => (u64::from(*b), self.int_align(*b)),
            TypeData::Half => (16, self.float_align(16)),
            TypeData::Float => (32, self.float_align(32)),
            TypeData::Double => (64, self.float_align(64)),
            TypeData::Pointer { .. } => (self.pointer.0 * 8, self.pointer.1),
            TypeData::Array { len, elem } => {
                let e = self.alloc_size(m, *elem, depth + 1)?;
                let (_, a) = self.size_align(m, *elem, depth + 1)?;
                (len.checked_mul(e)?.checked_mul(8)?, a)
            }
            TypeData::Vector { len, elem } => {
                // The reference's LLVM aligns vectors like their elements.
                // and lays elements out at their allocation size (`<3 x i1>` with `i1:32`
                // takes 12 bytes).
                let (_, ea) = self.size_align(m, *elem, depth + 1)?;
                let es = self.alloc_size(m, *elem, depth + 1)?;
                (len.checked_mul(es)?.checked_mul(8)?, ea)
            }
            TypeData::Struct(s) => {
                let mut off = 0u64;
                let mut align = 1u64;
                for &e in s.elems.iter() {
                    let (_, a) = self.size_align(m, e, depth + 1)?;
                    let a = if s.packed { 1 } else { a.max(1) };
                    off = off.checked_next_multiple_of(a)?;
                    off = off.checked_add(self.alloc_size(m, e, depth + 1)?)?;
                    align = align.max(a);
                }
                (off.checked_next_multiple_of(align)?.checked_mul(8)?, align)
            }
            _ => return None,
        })
    }

    fn float_align(&self, bits: u32) -> u64 {
        self.floats
            .iter()
            .find(|e| e.0 == bits)
            .map_or(bits as u64 / 8, |e| e.1)
    }

    fn alloc_size(&self, m: &Module, ty: Type, depth: usize) -> Option<u64> {
        let (bits, align) = self.size_align(m, ty, depth)?;
        bits.div_ceil(8).checked_next_multiple_of(align.max(1))
    }

    /// `getTypeAllocSize`: bytes between consecutive array elements of `ty`.
    pub fn type_alloc_size(&self, m: &Module, ty: Type) -> Option<u64> {
        self.alloc_size(m, ty, 0)
    }

    /// Byte offset of element `index` of struct `ty`.
    pub fn element_offset(&self, m: &Module, ty: Type, index: usize) -> Option<u64> {
        let TypeData::Struct(s) = m.ty(ty)? else {
            return None;
        };
        let mut off = 0u64;
        for (i, &e) in s.elems.iter().enumerate() {
            let (_, a) = self.size_align(m, e, 1)?;
            let a = if s.packed { 1 } else { a.max(1) };
            off = off.checked_next_multiple_of(a)?;
            if i == index {
                return Some(off);
            }
            off = off.checked_add(self.alloc_size(m, e, 1)?)?;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_ir::StructType;

    fn module(layout: &str) -> Module {
        let mut m = Module::default();
        m.datalayout = Some(m.intern(layout));
        m
    }

    fn st(elems: &[Type], identified: bool) -> TypeData {
        TypeData::Struct(StructType {
            identified,
            elems: elems.into(),
            ..StructType::default()
        })
    }

    const DXIL_16: &str =
        "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64";
    const DXIL_32: &str =
        "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64";

    #[test]
    fn struct_offsets_follow_element_alignment() {
        // { i16, <4 x i16>, <4 x i16> }: vectors align like their elements.
        let mut m = module(DXIL_16);
        let i16t = m.types.push(TypeData::Int(16));
        let v4 = m.types.push(TypeData::Vector { len: 4, elem: i16t });
        let s = m.types.push(st(&[i16t, v4, v4], true));
        let dl = DataLayout::of(&m);
        assert_eq!(dl.element_offset(&m, s, 1), Some(2));
        assert_eq!(dl.element_offset(&m, s, 2), Some(10));
        assert_eq!(dl.type_alloc_size(&m, s), Some(18));
    }

    #[test]
    fn bool_vectors_use_allocation_size() {
        // [4 x <3 x i1>] with i1:32 takes 48 bytes.
        let mut m = module(DXIL_32);
        let i1 = m.types.push(TypeData::Int(1));
        let v3 = m.types.push(TypeData::Vector { len: 3, elem: i1 });
        let arr = m.types.push(TypeData::Array { len: 4, elem: v3 });
        let double = m.types.push(TypeData::Double);
        let s = m.types.push(st(&[i1, double], false));
        let dl = DataLayout::of(&m);
        assert_eq!(dl.type_alloc_size(&m, arr), Some(48));
        assert_eq!(dl.element_offset(&m, s, 1), Some(8));
        assert_eq!(dl.type_alloc_size(&m, s), Some(16));
    }

    #[test]
    fn exponential_nesting_is_computed_once() {
        // s0 = {i32, i32}, s(k+1) = {sk, sk}: 2^60 leaves, sizes found by memoization.
        let mut m = module(DXIL_32);
        let i32t = m.types.push(TypeData::Int(32));
        let mut levels = vec![m.types.push(st(&[i32t, i32t], false))];
        for _ in 1..60 {
            let prev = levels[levels.len() - 1];
            levels.push(m.types.push(st(&[prev, prev], false)));
        }
        let dl = DataLayout::of(&m);
        assert_eq!(dl.type_alloc_size(&m, levels[9]), Some(8 << 9));
        assert_eq!(
            dl.type_alloc_size(&m, levels[59]),
            None,
            "overflow is reported, not wrapped"
        );
    }
}
