//! Constant interning (LangRef "Constants"; LLVM 3.7 CONSTANTS_BLOCK): one id per
//! (type, kind), as LLVM's context uniques constants. Operands are module-level values.

use super::error::{type_err, BuildError, BuildErrorKind, BuildResult};
use std::hash::{Hash, Hasher};

use super::hash::FastHasher;
use super::intern::hash_of;
use super::module::ModuleBuilder;
use super::typing::{int_bits, type_name};
use super::Value;
use crate::{Const, ConstData, ConstKind, PoolRange, Pooled, Pools, Type, TypeData, ValueRef};

impl ModuleBuilder {
    /// The constant `kind` of type `ty` (get-or-insert). The kind must fit the type: an
    /// integer of the type's width, a float of a floating-point type, an aggregate with one
    /// operand of the right type per element, a string or data array of the right length;
    /// operands must be module-level values of this module.
    pub fn constant(&mut self, ty: Type, kind: ConstKind) -> BuildResult<Value> {
        self.check_constant(ty, &kind)?;
        // The block of a `blockaddress` may be added after it: finish checks it.
        if matches!(kind, ConstKind::BlockAddress { .. }) {
            self.raw_ids = true;
        }
        let id = self.intern_constant(ConstData { ty, kind });
        Ok(Value::new(ValueRef::Const(id), Some(ty), None))
    }

    /// Copies a list or byte string into the module's pools, for the lists of a
    /// [`ConstKind`] handed to [`ModuleBuilder::constant`] (an aggregate's values, a string's
    /// bytes, a data array's words), or of metadata.
    pub fn push_list<T: Pooled>(&mut self, items: &[T]) -> PoolRange<T> {
        self.m.pools.push(items)
    }

    /// Gives back the lists of a constant kind made for a lookup that found what it looked
    /// for ([`ConstKind::release_lists`]); nothing may refer to them afterwards.
    pub fn release_const_lists(&mut self, kind: &ConstKind) {
        kind.release_lists(&mut self.m.pools)
    }

    /// Adds the entries of `iter` to the module's pools as one list, as
    /// [`ModuleBuilder::push_list`].
    pub fn extend_list<T: Pooled>(&mut self, iter: impl IntoIterator<Item = T>) -> PoolRange<T> {
        self.m.pools.extend(iter)
    }

    /// Interns without checking the kind against the type (the callers did).
    pub(crate) fn intern_constant(&mut self, data: ConstData) -> Const {
        let h = const_hash(&self.m.pools, &data);
        let (consts, pools) = (&self.m.constants, &self.m.pools);
        match self
            .const_index
            .find(h, |id| const_eq(pools, &consts[id as usize], &data))
        {
            Some(id) => {
                // A constant made again gives back the lists made for it.
                data.kind.release_lists(&mut self.m.pools);
                Const(id)
            }
            None => {
                let id = self.m.constants.push(data);
                self.const_index.insert(h, id.0);
                id
            }
        }
    }

    /// `iN v`, the value truncated to the type's width (LLVM keeps it sign-extended).
    pub fn const_int(&mut self, ty: Type, v: i64) -> BuildResult<Value> {
        let bits = int_bits(&self.m.types, ty).unwrap_or(64);
        let v = if bits < 64 {
            let shift = 64 - bits;
            (v << shift) >> shift
        } else {
            v
        };
        self.constant(ty, ConstKind::Int(v))
    }

    /// `null` / `zeroinitializer` of `ty`.
    pub fn const_null(&mut self, ty: Type) -> BuildResult<Value> {
        self.constant(ty, ConstKind::Null)
    }

    /// `undef` of `ty`.
    pub fn const_undef(&mut self, ty: Type) -> BuildResult<Value> {
        self.constant(ty, ConstKind::Undef)
    }

    fn operand_ty(&self, what: &str, v: ValueRef) -> BuildResult<Type> {
        if matches!(v, ValueRef::Arg(_) | ValueRef::Inst(_)) {
            return Err(BuildError::new(
                BuildErrorKind::Foreign,
                format!("{what}: constant operands must be module-level values"),
            ));
        }
        // `value_type` finds every module-level id but metadata (all of one type).
        let ty = self.m.value_type(None, v).filter(|_| self.holds(v));
        ty.ok_or_else(|| {
            BuildError::new(
                BuildErrorKind::Dangling,
                format!("{what}: operand {v:?} does not exist"),
            )
        })
    }

    fn check_constant(&self, ty: Type, kind: &ConstKind) -> BuildResult<()> {
        self.check_type("constant", ty)?;
        self.check_const_lists(kind)?;
        let pools = &self.m.pools;
        let types = &self.m.types;
        let td = &types[ty];
        let tn = || type_name(types, ty);
        let bad = |what: &str| Err(type_err(format!("constant: {what} of type {}", tn())));
        let elem_count = |t: &TypeData| match t {
            TypeData::Array { len, .. } | TypeData::Vector { len, .. } => Some(*len),
            _ => None,
        };
        let elem_of = |t: &TypeData| match t {
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Some(*elem),
            _ => None,
        };
        match kind {
            ConstKind::Null | ConstKind::Undef => {
                if matches!(
                    td,
                    TypeData::Void
                        | TypeData::Label
                        | TypeData::Metadata
                        | TypeData::Function { .. }
                ) {
                    return bad("null or undef");
                }
            }
            ConstKind::Int(_) => {
                if !matches!(td, TypeData::Int(b) if *b <= 64) {
                    return bad("integer");
                }
            }
            ConstKind::WideInt(_) => {
                if !matches!(td, TypeData::Int(b) if *b > 64) {
                    return bad("wide integer");
                }
            }
            ConstKind::Float(_) => {
                if !matches!(td, TypeData::Half | TypeData::Float | TypeData::Double) {
                    return bad("float");
                }
            }
            ConstKind::FloatWide(_) => {
                if !matches!(td, TypeData::X86Fp80 | TypeData::Fp128 | TypeData::PpcFp128) {
                    return bad("wide float");
                }
            }
            ConstKind::Aggregate(ops) => {
                let ops = pools.list(*ops);
                // The element types read in place: a struct's list, or one type repeated.
                let (elems, repeated): (&[Type], Option<Type>) = match td {
                    TypeData::Struct(s) if !s.opaque => (&s.elems, None),
                    TypeData::Array { len, elem } | TypeData::Vector { len, elem } => {
                        if *len != ops.len() as u64 {
                            return bad(&format!("aggregate of {} elements", ops.len()));
                        }
                        (&[], Some(*elem))
                    }
                    _ => return bad("aggregate"),
                };
                if repeated.is_none() && elems.len() != ops.len() {
                    return bad(&format!("aggregate of {} elements", ops.len()));
                }
                for (i, &op) in ops.iter().enumerate() {
                    let want = repeated.unwrap_or_else(|| elems[i]);
                    let got = self.operand_ty("constant aggregate", op)?;
                    if got != want {
                        return Err(type_err(format!(
                            "constant aggregate: element {} has type {}, expected {}",
                            i + 1,
                            type_name(types, got),
                            type_name(types, want)
                        )));
                    }
                }
            }
            ConstKind::String(b) | ConstKind::CString(b) => {
                let b = pools.list(*b);
                let extra = u64::from(matches!(kind, ConstKind::CString(_)));
                let ok = matches!(td, TypeData::Array { len, elem }
                    if *len == b.len() as u64 + extra && int_bits(types, *elem) == Some(8));
                if !ok {
                    return bad(&format!("string of {} bytes", b.len()));
                }
            }
            ConstKind::Data(d) => {
                let d = pools.list(*d);
                let ok = elem_count(td) == Some(d.len() as u64)
                    && elem_of(td).is_some_and(|e| {
                        matches!(types.get(e), Some(TypeData::Int(_)))
                            || types.get(e).is_some_and(TypeData::is_float)
                    });
                if !ok {
                    return bad(&format!("data array of {} elements", d.len()));
                }
            }
            ConstKind::Binary { lhs, rhs, .. } => {
                let (l, r) = (
                    self.operand_ty("constant expression", *lhs)?,
                    self.operand_ty("constant expression", *rhs)?,
                );
                if l != ty || r != ty {
                    return bad("binary expression with operands of another type");
                }
            }
            ConstKind::BlockAddress { function, .. } => {
                if !self.m.functions.contains(*function) {
                    return Err(BuildError::new(
                        BuildErrorKind::Dangling,
                        format!("blockaddress: {function} does not exist"),
                    ));
                }
            }
            ConstKind::Gep { source_ty, .. } => {
                if let Some(t) = source_ty {
                    self.check_type("constant getelementptr", *t)?;
                }
                let mut r = Ok(());
                kind.for_each_operand(pools, |v| {
                    if r.is_ok() {
                        r = self.operand_ty("constant getelementptr", v).map(|_| ());
                    }
                });
                r?;
            }
            _ => {
                if let ConstKind::ShuffleVector {
                    operand_ty: Some(t),
                    ..
                } = kind
                {
                    self.check_type("constant shufflevector", *t)?;
                }
                let mut r = Ok(());
                kind.for_each_operand(pools, |v| {
                    if r.is_ok() {
                        r = self.operand_ty("constant expression", v).map(|_| ());
                    }
                });
                r?;
            }
        }
        Ok(())
    }

    /// Refuses a constant whose lists are not in this builder's pools.
    pub(crate) fn check_const_lists(&self, kind: &ConstKind) -> BuildResult<()> {
        if kind.held_by(&self.m.pools) {
            Ok(())
        } else {
            Err(BuildError::new(
                BuildErrorKind::Dangling,
                "constant: a list that is not in this builder's pools",
            ))
        }
    }
}

/// The interning hash of a constant, whose lists are in `pools`: lists by their entries.
pub(crate) fn const_hash(pools: &Pools, d: &ConstData) -> u64 {
    let mut h = FastHasher::default();
    h.write_u32(d.ty.0);
    match &d.kind {
        ConstKind::WideInt(r) | ConstKind::Data(r) => {
            hash_of(&(std::mem::discriminant(&d.kind), pools.list(*r))).hash(&mut h)
        }
        ConstKind::Aggregate(r) => hash_of(pools.list(*r)).hash(&mut h),
        ConstKind::String(r) | ConstKind::CString(r) => {
            hash_of(&(std::mem::discriminant(&d.kind), pools.list(*r))).hash(&mut h)
        }
        ConstKind::Gep {
            inbounds,
            source_ty,
            operands,
        } => hash_of(&(inbounds, source_ty, pools.list(*operands))).hash(&mut h),
        ConstKind::InlineAsm {
            flags,
            asm,
            constraints,
        } => hash_of(&(flags, pools.list(*asm), pools.list(*constraints))).hash(&mut h),
        k => hash_of(k).hash(&mut h),
    }
    h.finish()
}

/// Whether two constants, whose lists are in `pools`, are the same: equal type, equal
/// fields, equal lists.
pub(crate) fn const_eq(pools: &Pools, a: &ConstData, b: &ConstData) -> bool {
    if a.ty != b.ty {
        return false;
    }
    match (&a.kind, &b.kind) {
        (ConstKind::WideInt(x), ConstKind::WideInt(y))
        | (ConstKind::Data(x), ConstKind::Data(y)) => pools.list(*x) == pools.list(*y),
        (ConstKind::Aggregate(x), ConstKind::Aggregate(y)) => pools.list(*x) == pools.list(*y),
        (ConstKind::String(x), ConstKind::String(y))
        | (ConstKind::CString(x), ConstKind::CString(y)) => pools.list(*x) == pools.list(*y),
        (
            ConstKind::Gep {
                inbounds: ia,
                source_ty: sa,
                operands: oa,
            },
            ConstKind::Gep {
                inbounds: ib,
                source_ty: sb,
                operands: ob,
            },
        ) => ia == ib && sa == sb && pools.list(*oa) == pools.list(*ob),
        (
            ConstKind::InlineAsm {
                flags: fa,
                asm: aa,
                constraints: ca,
            },
            ConstKind::InlineAsm {
                flags: fb,
                asm: ab,
                constraints: cb,
            },
        ) => fa == fb && pools.list(*aa) == pools.list(*ab) && pools.list(*ca) == pools.list(*cb),
        (x, y) => x == y,
    }
}
