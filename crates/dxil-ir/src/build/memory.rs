//! Memory and aggregate instructions (LangRef "Memory Access and Addressing Operations",
//! "Aggregate Operations"): alloca, load, store, cmpxchg, atomicrmw, fence, getelementptr,
//! extractvalue, insertvalue.

use super::error::{type_err, BuildError, BuildErrorKind, BuildResult};
use super::function::FunctionBuilder;
use super::module::align_field;
use super::typing::{aggregate_elem, int_bits, pointee};
use super::Value;
use crate::{
    Atomic, ConstKind, InstKind, Ordering, RmwOp, StructType, SyncScope, Type, TypeData, ValueRef,
};

impl FunctionBuilder<'_> {
    fn pointer_operand(&self, what: &str, pos: usize, t: Type) -> BuildResult<(Type, u32)> {
        pointee(&self.mb.m.types, t).ok_or_else(|| self.wrong(what, pos, t, "a pointer type"))
    }

    /// `alloca ty, size, align A` (`inalloca` when asked); `size: None` allocates one
    /// (`i32 1`). The result is `ty*`.
    pub fn alloca(
        &mut self,
        ty: Type,
        size: Option<Value>,
        align: u64,
        inalloca: bool,
    ) -> BuildResult<Value> {
        self.mb.check_type("alloca", ty)?;
        let size = match size {
            Some(s) => s,
            None => {
                let i32t = self.mb.int(32);
                self.mb.const_int(i32t, 1)?
            }
        };
        let (s, st) = self.operand("alloca", 1, size)?;
        if int_bits(&self.mb.m.types, st).is_none() {
            return Err(self.wrong("alloca", 1, st, "an integer type"));
        }
        // LLVM 3.7's record: log2(align) + 1 in bits 0-4, inalloca bit 5, explicit type bit 6.
        let align_field =
            u64::from(align_field("alloca", align)?) | u64::from(inalloca) << 5 | 1 << 6;
        let ptr = self.mb.pointer(ty, 0)?;
        let kind = InstKind::Alloca {
            allocated_ty: ty,
            size_ty: st,
            size: s,
            align_field,
        };
        self.push("alloca", kind, Some(ptr))
    }

    /// `load` (atomic when `atomic` is given): the result is the pointee type.
    pub fn load(
        &mut self,
        ptr: Value,
        align: u64,
        volatile: bool,
        atomic: Option<Atomic>,
    ) -> BuildResult<Value> {
        let (p, pt) = self.operand("load", 1, ptr)?;
        let (ty, _) = self.pointer_operand("load", 1, pt)?;
        let kind = InstKind::Load {
            ptr: p,
            align_log2p1: align_field("load", align)?,
            volatile,
            atomic,
        };
        self.push("load", kind, Some(ty))
    }

    /// `store` (atomic when `atomic` is given): the value's type must be the pointee type.
    pub fn store(
        &mut self,
        value: Value,
        ptr: Value,
        align: u64,
        volatile: bool,
        atomic: Option<Atomic>,
    ) -> BuildResult<Value> {
        let (v, vt) = self.operand("store", 1, value)?;
        let (p, pt) = self.operand("store", 2, ptr)?;
        let (pointee_ty, _) = self.pointer_operand("store", 2, pt)?;
        if vt != pointee_ty {
            return Err(type_err(format!(
                "store: operand 1 has type {}, expected {} (the pointee of operand 2)",
                self.tname(vt),
                self.tname(pointee_ty)
            )));
        }
        let kind = InstKind::Store {
            ptr: p,
            value: v,
            align_log2p1: align_field("store", align)?,
            volatile,
            atomic,
        };
        self.push("store", kind, None)
    }

    /// `cmpxchg`: compares and swaps a value of the pointee type; the result is
    /// `{ T, i1 }`.
    #[allow(clippy::too_many_arguments)]
    pub fn cmpxchg(
        &mut self,
        ptr: Value,
        cmp: Value,
        new: Value,
        volatile: bool,
        success: Ordering,
        failure: Ordering,
        scope: SyncScope,
        weak: bool,
    ) -> BuildResult<Value> {
        let (p, pt) = self.operand("cmpxchg", 1, ptr)?;
        let (c, ct) = self.operand("cmpxchg", 2, cmp)?;
        let (n, nt) = self.operand("cmpxchg", 3, new)?;
        let (ty, _) = self.pointer_operand("cmpxchg", 1, pt)?;
        self.expect_ty("cmpxchg", 2, ct, ty)?;
        self.expect_ty("cmpxchg", 3, nt, ty)?;
        let i1 = self.mb.int(1);
        let result = self.mb.ty(TypeData::Struct(StructType {
            elems: Box::new([ty, i1]),
            ..StructType::default()
        }))?;
        let kind = InstKind::CmpXchg {
            ptr: p,
            cmp: c,
            new: n,
            volatile,
            success,
            scope,
            failure,
            weak,
        };
        self.push("cmpxchg", kind, Some(result))
    }

    /// `atomicrmw`: the value has the pointee type, which is the result type.
    pub fn atomic_rmw(
        &mut self,
        op: RmwOp,
        ptr: Value,
        value: Value,
        volatile: bool,
        ordering: Ordering,
        scope: SyncScope,
    ) -> BuildResult<Value> {
        let (p, pt) = self.operand("atomicrmw", 1, ptr)?;
        let (v, vt) = self.operand("atomicrmw", 2, value)?;
        let (ty, _) = self.pointer_operand("atomicrmw", 1, pt)?;
        self.expect_ty("atomicrmw", 2, vt, ty)?;
        let kind = InstKind::AtomicRmw {
            ptr: p,
            value: v,
            op,
            volatile,
            ordering,
            scope,
        };
        self.push("atomicrmw", kind, Some(ty))
    }

    /// `fence`.
    pub fn fence(&mut self, ordering: Ordering, scope: SyncScope) -> BuildResult<Value> {
        self.push("fence", InstKind::Fence { ordering, scope }, None)
    }

    /// The constant integer value of an index operand (struct indices must be constants).
    fn const_index(&self, v: ValueRef) -> Option<u64> {
        let ValueRef::Const(c) = v else { return None };
        match self.mb.m.constants.get(c)?.kind {
            ConstKind::Int(i) => u64::try_from(i).ok(),
            ConstKind::Null => Some(0),
            _ => None,
        }
    }

    /// `getelementptr [inbounds] source_ty, base, indices...`: `base` points to
    /// `source_ty`; the first index steps over the pointer, the others select array or
    /// vector elements (any integer) or struct fields (constant integers). The result
    /// points to the selected type in the base's address space.
    pub fn gep(
        &mut self,
        inbounds: bool,
        source_ty: Type,
        base: Value,
        indices: &[Value],
    ) -> BuildResult<Value> {
        let what = "getelementptr";
        let (b, bt) = self.operand(what, 1, base)?;
        let (pointee_ty, addrspace) = self.pointer_operand(what, 1, bt)?;
        self.expect_ty(what, 1, pointee_ty, source_ty)
            .map_err(|_| {
                type_err(format!(
                    "{what}: operand 1 points to {}, expected {}",
                    self.tname(pointee_ty),
                    self.tname(source_ty)
                ))
            })?;
        let mut ops = Vec::with_capacity(indices.len() + 1);
        ops.push(b);
        let mut cur = source_ty;
        for (n, &ix) in indices.iter().enumerate() {
            let (r, t) = self.operand(what, n + 2, ix)?;
            if int_bits(&self.mb.m.types, t).is_none() {
                return Err(self.wrong(what, n + 2, t, "an integer type"));
            }
            if n > 0 {
                let next = match self.mb.m.ty(cur) {
                    Some(TypeData::Struct(s)) if !s.opaque => {
                        let k = self.const_index(r).ok_or_else(|| {
                            type_err(format!(
                                "{what}: operand {} indexes a struct and is not a constant",
                                n + 2
                            ))
                        })?;
                        aggregate_elem(&self.mb.m.types, cur, k)
                    }
                    Some(TypeData::Array { elem, .. } | TypeData::Vector { elem, .. }) => {
                        Some(*elem)
                    }
                    _ => None,
                };
                cur = next.ok_or_else(|| {
                    type_err(format!(
                        "{what}: operand {} indexes into {}, which has no such element",
                        n + 2,
                        self.tname(cur)
                    ))
                })?;
            }
            ops.push(r);
        }
        let ty = self.mb.pointer(cur, addrspace)?;
        let kind = InstKind::Gep {
            inbounds,
            source_ty,
            operands: self.body.push_list(ops),
        };
        self.push(what, kind, Some(ty))
    }

    fn indexed(&self, what: &str, agg: Type, indices: &[u32]) -> BuildResult<Type> {
        if indices.is_empty() {
            return Err(BuildError::new(
                BuildErrorKind::Arity,
                format!("{what}: no index"),
            ));
        }
        let mut cur = agg;
        for &i in indices {
            cur = aggregate_elem(&self.mb.m.types, cur, u64::from(i)).ok_or_else(|| {
                type_err(format!("{what}: index {i} is out of {}", self.tname(cur)))
            })?;
        }
        Ok(cur)
    }

    /// `extractvalue agg, indices...`.
    pub fn extract_value(&mut self, aggregate: Value, indices: &[u32]) -> BuildResult<Value> {
        let (a, at) = self.operand("extractvalue", 1, aggregate)?;
        let ty = self.indexed("extractvalue", at, indices)?;
        let kind = InstKind::ExtractValue {
            aggregate: a,
            indices: self.body.push_list(indices.iter().copied()),
        };
        self.push("extractvalue", kind, Some(ty))
    }

    /// `insertvalue agg, value, indices...`: the value has the indexed type.
    pub fn insert_value(
        &mut self,
        aggregate: Value,
        value: Value,
        indices: &[u32],
    ) -> BuildResult<Value> {
        let (a, at) = self.operand("insertvalue", 1, aggregate)?;
        let (v, vt) = self.operand("insertvalue", 2, value)?;
        let ty = self.indexed("insertvalue", at, indices)?;
        self.expect_ty("insertvalue", 2, vt, ty)?;
        let kind = InstKind::InsertValue {
            aggregate: a,
            value: v,
            indices: self.body.push_list(indices.iter().copied()),
        };
        self.push("insertvalue", kind, Some(at))
    }
}
