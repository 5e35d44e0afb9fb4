//! The rules on the LLVM instructions of a body that are not DXIL operations (the
//! instruction part of `ValidateFunctionBody`; DXIL.rst "Instructions", "LLVM Instructions",
//! "Memory accesses", "Pointers", "Shader model 6.9 long vectors"): which instructions DXIL
//! allows, `undef` operands, integer widths and `i8`, the types memory instructions touch,
//! constant GEP bounds, division by zero, casts, atomics and group shared pointers.

use dxil_ir::{
    Body, CastOp, CheckedModule, ConstKind, Function, Inst, InstData, InstKind, Type, TypeData,
    ValueRef,
};
use dxil_module::layout::DataLayout;
use dxil_ops::ValidationRule as R;

use super::cfg::Users;
use super::types::{is_dxil_builtin_struct, TypeCheck};
use crate::context::Ctx;
use crate::util;
use dxil_ir::ValueType;

/// Address spaces (DXIL.rst "Address Spaces").
pub(crate) const ADDR_TGSM: u32 = 3;
pub(crate) const ADDR_GENERIC: u32 = 4;
pub(crate) const ADDR_NODE_RECORD: u32 = 6;

/// What the instruction rules read of the module, computed once.
pub(crate) struct InstrRules {
    pub types: TypeCheck,
    pub layout: DataLayout,
    /// A library, mesh or amplification shader (vector instructions allowed before 6.9).
    pub lib_ms_as: bool,
    pub is_lib: bool,
    pub sm66: bool,
    pub sm69: bool,
    /// `GetUseMinPrecision`.
    pub use_min_precision: bool,
    /// Whether each function called before an `unreachable` is a DXIL operation that does not
    /// return, computed once per function.
    pub noreturn_ops: std::collections::HashMap<Function, bool>,
}

/// The users of the current function's values, built when a rule first needs them.
pub(crate) struct LazyUsers<'b> {
    body: &'b Body,
    users: Option<Users>,
}

impl<'b> LazyUsers<'b> {
    pub fn new(body: &'b Body) -> Self {
        LazyUsers { body, users: None }
    }

    pub fn get(&mut self) -> &Users {
        let body = self.body;
        self.users.get_or_insert_with(|| Users::new(body))
    }
}

/// `IsLLVMInstructionAllowed`: the LLVM instructions of the database's allowed list (every
/// instruction but `indirectbr`, `invoke`, `resume`, `unreachable`, `fence`, `ptrtoint`,
/// `inttoptr`, `va_arg`, `landingpad` and `insertvalue`).
fn allowed(kind: &InstKind) -> bool {
    !matches!(
        kind,
        InstKind::IndirectBr { .. }
            | InstKind::Invoke { .. }
            | InstKind::Resume { .. }
            | InstKind::Unreachable
            | InstKind::Fence { .. }
            | InstKind::VaArg { .. }
            | InstKind::LandingPad { .. }
            | InstKind::InsertValue { .. }
            | InstKind::Cast {
                op: CastOp::PtrToInt | CastOp::IntToPtr,
                ..
            }
    )
}

fn is_vector_op(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::ExtractElement { .. }
            | InstKind::InsertElement { .. }
            | InstKind::ShuffleVector { .. }
    )
}

/// Whether the function is a `dx.op.*` function with at least one parameter
/// (`IsDxilFunction`).
pub(crate) fn is_dxil_function(m: &CheckedModule, f: Function) -> bool {
    let data = m.function(f);
    let has_params =
        matches!(m.ty(data.fn_ty), TypeData::Function { params, .. } if !params.is_empty());
    has_params && util::llvm_name(m, &data.common).starts_with("dx.op.")
}

/// Whether function `f` has the enum attribute `code` at the function index.
pub(crate) fn has_fn_enum_attr(m: &CheckedModule, f: Function, code: u32) -> bool {
    let data = m.function(f);
    let Some(list) = (data.attributes as usize)
        .checked_sub(1)
        .and_then(|i| m.attribute_lists.get(i))
    else {
        return false;
    };
    list.groups.iter().any(|gid| {
        m.attribute_groups.iter().any(|g| {
            g.id == *gid
                && g.index == u32::MAX
                && g.attrs
                    .iter()
                    .any(|a| matches!(a, dxil_ir::Attribute::Enum(c) if *c == code))
        })
    })
}

/// The `noreturn` attribute's code.
const ATTR_NORETURN: u32 = 17;

impl InstrRules {
    /// `IsLLVMInstructionAllowed` and the shader model and library exceptions: reports and
    /// returns false for an instruction DXIL does not allow here.
    pub fn check_allowed(
        &mut self,
        ctx: &mut Ctx,
        f: Function,
        body: &Body,
        block: &[Inst],
        at: usize,
    ) -> bool {
        let Some(data) = block.get(at).and_then(|&i| body.inst(i)) else {
            return true;
        };
        let base = allowed(&data.kind);
        let for_sm = self.sm69 || !is_vector_op(&data.kind);
        if base && for_sm {
            return true;
        }
        if self.lib_ms_as {
            match &data.kind {
                k if is_vector_op(k) => return true,
                InstKind::Unreachable => {
                    // After a call to a DXIL operation that does not return.
                    let prev = at
                        .checked_sub(1)
                        .and_then(|p| block.get(p))
                        .and_then(|&i| body.inst(i));
                    if let Some(InstKind::Call {
                        callee: ValueRef::Function(callee),
                        ..
                    }) = prev.map(|d| &d.kind)
                    {
                        let m = ctx.m;
                        let noreturn = *self.noreturn_ops.entry(*callee).or_insert_with(|| {
                            is_dxil_function(m, *callee)
                                && has_fn_enum_attr(m, *callee, ATTR_NORETURN)
                        });
                        if noreturn {
                            return true;
                        }
                    }
                }
                _ => {}
            }
        }
        ctx.inst_error(f, block[at], R::InstrAllowed, &[]);
        false
    }

    /// The checks of a non-call instruction after the allowed and precise checks.
    pub fn check(
        &mut self,
        ctx: &mut Ctx,
        f: Function,
        body: &Body,
        inst: Inst,
        data: &InstData,
        users: &mut LazyUsers,
    ) {
        let m = ctx.m;
        self.operands(ctx, f, body, inst, data);
        self.result_type(ctx, f, body, inst, data, users);
        if !self.by_opcode(ctx, f, body, inst, data) {
            return;
        }
        // A pointer into group shared memory must come from a group shared global through
        // GEPs and bitcasts only.
        let Some(ty) = data.ty else { return };
        if let TypeData::Pointer {
            addrspace: ADDR_TGSM,
            ..
        } = m.ty(ty)
        {
            let base = match &data.kind {
                InstKind::Gep { operands, .. } => body.values(*operands).first().copied(),
                InstKind::Cast {
                    op: CastOp::BitCast,
                    value,
                } => Some(*value),
                _ => None,
            };
            let resolved = base.is_some_and(|b| {
                matches!(strip_gep_bitcast(m, body, b, true), ValueRef::Global(_))
            });
            if !resolved {
                ctx.inst_error(f, inst, R::InstrFailToResloveTGSMPointer, &[]);
            }
        }
    }

    /// Undefined operands, and the widths of integer operands.
    fn operands(&mut self, ctx: &mut Ctx, f: Function, body: &Body, inst: Inst, data: &InstData) {
        let m = ctx.m;
        data.kind.for_each_operand(&body.pool, |&op| {
            if util::is_undef(m, op) {
                // `undef` may be merged by a phi, be the vector an element is inserted into,
                // the second vector of a shuffle, or the value a store writes.
                let legal = match &data.kind {
                    InstKind::Phi { .. } => true,
                    InstKind::InsertElement { vector, .. } => same_value(m, op, *vector),
                    InstKind::ShuffleVector { b, .. } => same_value(m, op, *b),
                    InstKind::Store { value, .. } => same_value(m, op, *value),
                    _ => false,
                };
                if !legal {
                    ctx.inst_error(f, inst, R::InstrNoReadingUninitialized, &[]);
                }
            } else if let ValueRef::Const(c) = op {
                let cd = m.constant(c);
                if is_constant_expr(&cd.kind) {
                    cd.kind.for_each_operand(&m.pools, |o| {
                        if util::is_undef(m, o) {
                            ctx.inst_error(f, inst, R::InstrNoReadingUninitialized, &[]);
                        }
                    });
                }
            }
            if let ValueType::Typed(ty) = m.value_type(Some(body), op) {
                if let TypeData::Int(bits) = m.ty(ty) {
                    if *bits == 8 {
                        ctx.inst_error(f, inst, R::TypesI8, &[]);
                    } else {
                        self.types.check(ctx, ty);
                    }
                }
            }
        });
    }

    /// The integer width of the result (through one pointer and any arrays); `i8` only as
    /// the `i8*` the lifetime intrinsics take.
    fn result_type(
        &mut self,
        ctx: &mut Ctx,
        f: Function,
        body: &Body,
        inst: Inst,
        data: &InstData,
        users: &mut LazyUsers,
    ) {
        let m = ctx.m;
        let Some(mut ty) = data.ty else { return };
        if let TypeData::Pointer { pointee, .. } = m.ty(ty) {
            ty = *pointee;
        }
        ty = strip_arrays(m, ty);
        let TypeData::Int(bits) = m.ty(ty) else {
            return;
        };
        if *bits != 8 {
            self.types.check(ctx, ty);
            return;
        }
        let is_bitcast = matches!(
            data.kind,
            InstKind::Cast {
                op: CastOp::BitCast,
                ..
            }
        );
        let lifetime_only = self.sm66
            && is_bitcast
            && users
                .get()
                .of(ValueRef::Inst(inst))
                .iter()
                .all(|&u| is_lifetime_call(m, &body.insts[u]));
        if !lifetime_only {
            ctx.inst_error(f, inst, R::TypesI8, &[]);
        }
    }

    /// The rules of each opcode; false where the reference stops checking the instruction.
    fn by_opcode(
        &mut self,
        ctx: &mut Ctx,
        f: Function,
        body: &Body,
        inst: Inst,
        data: &InstData,
    ) -> bool {
        let m = ctx.m;
        match &data.kind {
            InstKind::Alloca { allocated_ty, .. } => self.types.check(ctx, *allocated_ty),
            InstKind::ExtractValue { aggregate, .. } => {
                let agg_ty = m.value_type(Some(body), *aggregate);
                let ok = match agg_ty.ty().map(|t| m.ty(t)) {
                    Some(TypeData::Struct(st)) => {
                        let from_cmpxchg = matches!(
                            aggregate,
                            ValueRef::Inst(i) if matches!(body.insts[*i].kind, InstKind::CmpXchg { .. })
                        );
                        from_cmpxchg
                            || is_dxil_builtin_struct(
                                ctx,
                                util::struct_name(st),
                                &st.elems,
                                self.use_min_precision,
                            )
                    }
                    _ => false,
                };
                if !ok {
                    ctx.inst_error(f, inst, R::InstrExtractValue, &[]);
                }
                true
            }
            InstKind::Load { .. } => match data.ty {
                Some(ty) => self.types.check(ctx, ty),
                None => true,
            },
            InstKind::Store { value, .. } => match m.value_type(Some(body), *value) {
                ValueType::Typed(ty) => self.types.check(ctx, ty),
                ValueType::Void | ValueType::NoMetadataType => true,
            },
            InstKind::Gep { operands, .. } => {
                self.gep(ctx, f, body, inst, data, body.values(*operands))
            }
            InstKind::Binary { op, rhs, .. } => {
                use dxil_ir::BinOp;
                let rule = match op {
                    BinOp::SDiv => Some(R::InstrNoIDivByZero),
                    BinOp::UDiv => Some(R::InstrNoUDivByZero),
                    _ => None,
                };
                if let Some(rule) = rule {
                    if util::const_int(m, *rhs) == Some(0) {
                        ctx.inst_error(f, inst, rule, &[]);
                    }
                }
                true
            }
            InstKind::Cast {
                op: CastOp::AddrSpaceCast,
                value,
            } => {
                let to = data.ty.and_then(|t| addrspace(m, t));
                let from = m
                    .value_type(Some(body), *value)
                    .ty()
                    .and_then(|t| addrspace(m, t));
                if to != Some(ADDR_GENERIC) && from != Some(ADDR_GENERIC) {
                    ctx.inst_error(f, inst, R::InstrNoGenericPtrAddrSpaceCast, &[]);
                }
                true
            }
            InstKind::Cast {
                op: CastOp::BitCast,
                value,
            } => self.bitcast(ctx, f, body, inst, data, *value),
            InstKind::CmpXchg { ptr, .. } | InstKind::AtomicRmw { ptr, .. } => {
                self.atomic(ctx, f, body, inst, *ptr);
                true
            }
            _ => true,
        }
    }

    fn gep(
        &mut self,
        ctx: &mut Ctx,
        f: Function,
        body: &Body,
        inst: Inst,
        data: &InstData,
        operands: &[ValueRef],
    ) -> bool {
        let m = ctx.m;
        let Some(result_elem) = data.ty.and_then(|t| pointee(m, t)) else {
            return true;
        };
        if !self.types.check(ctx, result_elem) {
            return false;
        }
        let Some((&base, indices)) = operands.split_first() else {
            return true;
        };
        let all_const = indices.iter().all(|&i| is_constant_int(m, i));
        if !all_const {
            return true;
        }
        let ValueType::Typed(base_ty) = m.value_type(Some(body), base) else {
            return true;
        };
        let Some(base_elem) = pointee(m, base_ty) else {
            return true;
        };
        // `DataLayout` sizes and the indexed offset, in the 32-bit arithmetic the
        // reference uses.
        let size = alloc_size_u32(&self.layout, m, base_elem);
        let val_size = alloc_size_u32(&self.layout, m, result_elem);
        let Some(offset) = indexed_offset(m, &self.layout, base_elem, indices) else {
            return true;
        };
        if (offset as u32).wrapping_add(val_size) > size {
            ctx.inst_error(f, inst, R::InstrInBoundsAccess, &[]);
        }
        true
    }

    fn bitcast(
        &mut self,
        ctx: &mut Ctx,
        f: Function,
        body: &Body,
        inst: Inst,
        data: &InstData,
        value: ValueRef,
    ) -> bool {
        let m = ctx.m;
        let (Some(mut to), ValueType::Typed(mut from)) = (data.ty, m.value_type(Some(body), value))
        else {
            return true;
        };
        // The `i8*` the lifetime intrinsics take.
        if self.sm66 {
            if let TypeData::Pointer {
                pointee,
                addrspace: 0,
            } = m.ty(to)
            {
                if matches!(m.ty(*pointee), TypeData::Int(8)) {
                    return false;
                }
            }
        }
        if let TypeData::Pointer { pointee: fp, .. } = m.ty(from) {
            let fp = *fp;
            let Some(tp) = pointee(m, to) else {
                return true;
            };
            let fs = alloc_size_u32(&self.layout, m, fp);
            let ts = alloc_size_u32(&self.layout, m, tp);
            if fs != ts {
                ctx.inst_error(f, inst, R::InstrPtrBitCast, &[]);
                return false;
            }
            from = strip_arrays(m, fp);
            to = strip_arrays(m, tp);
        }
        let is_struct = |t: Type| matches!(m.ty(t), TypeData::Struct(_));
        if (is_struct(from) || is_struct(to)) && !self.is_lib {
            ctx.inst_error(f, inst, R::InstrStructBitCast, &[]);
            return false;
        }
        let small = |t: Type| store_size(m, &self.layout, t).is_some_and(|s| s < 4);
        if (small(from) || small(to)) && self.use_min_precision {
            ctx.inst_error(f, inst, R::InstrMinPrecisonBitCast, &[]);
        }
        true
    }

    fn atomic(&mut self, ctx: &mut Ctx, f: Function, body: &Body, inst: Inst, ptr: ValueRef) {
        let m = ctx.m;
        let ValueType::Typed(ptr_ty) = m.value_type(Some(body), ptr) else {
            return;
        };
        let TypeData::Pointer { pointee, addrspace } = m.ty(ptr_ty) else {
            return;
        };
        if matches!(m.ty(*pointee), TypeData::Int(64)) && !self.sm66 {
            ctx.inst_error(
                f,
                inst,
                R::SmOpcodeInInvalidFunction,
                &["64-bit atomic operations", "Shader Model 6.6+"],
            );
        }
        if *addrspace != ADDR_TGSM && *addrspace != ADDR_NODE_RECORD {
            ctx.inst_error(f, inst, R::InstrAtomicOpNonGroupsharedOrRecord, &[]);
        }
        // Through GEPs (instructions or constants) and bitcast instructions to a constant
        // global.
        if let ValueRef::Global(g) = strip_gep_bitcast(m, body, ptr, false) {
            if m.global(g).is_constant {
                ctx.inst_error(f, inst, R::InstrAtomicConst, &[]);
            }
        }
    }
}

/// Whether two operands are the same LLVM value: the same reference, or two `undef`s of one
/// type (LLVM keeps one `undef` per type).
fn same_value(m: &CheckedModule, a: ValueRef, b: ValueRef) -> bool {
    if a == b {
        return true;
    }
    match (a, b) {
        (ValueRef::Const(x), ValueRef::Const(y)) => {
            let (x, y) = (m.constant(x), m.constant(y));
            x.ty == y.ty && x.kind == ConstKind::Undef && y.kind == ConstKind::Undef
        }
        _ => false,
    }
}

/// A constant expression (`ConstantExpr`): a cast, binary operator, GEP, select, compare or
/// vector operation on constants.
fn is_constant_expr(kind: &ConstKind) -> bool {
    matches!(
        kind,
        ConstKind::Cast { .. }
            | ConstKind::Binary { .. }
            | ConstKind::Gep { .. }
            | ConstKind::Select { .. }
            | ConstKind::ExtractElement { .. }
            | ConstKind::InsertElement { .. }
            | ConstKind::ShuffleVector { .. }
            | ConstKind::Cmp { .. }
    )
}

/// An integer constant (`ConstantInt`; `undef` and constant expressions are not).
pub(crate) fn is_constant_int(m: &CheckedModule, v: ValueRef) -> bool {
    util::const_int(m, v).is_some()
}

fn is_lifetime_call(m: &CheckedModule, data: &InstData) -> bool {
    let InstKind::Call {
        callee: ValueRef::Function(c),
        ..
    } = &data.kind
    else {
        return false;
    };
    let name = util::llvm_name(m, &m.function(*c).common);
    name == "llvm.lifetime.start" || name == "llvm.lifetime.end"
}

pub(crate) fn pointee(m: &CheckedModule, ty: Type) -> Option<Type> {
    match m.ty(ty) {
        TypeData::Pointer { pointee, .. } => Some(*pointee),
        _ => None,
    }
}

fn addrspace(m: &CheckedModule, ty: Type) -> Option<u32> {
    match m.ty(ty) {
        TypeData::Pointer { addrspace, .. } => Some(*addrspace),
        _ => None,
    }
}

pub(crate) fn strip_arrays(m: &CheckedModule, mut ty: Type) -> Type {
    for _ in 0..64 {
        match m.ty(ty) {
            TypeData::Array { elem, .. } => ty = *elem,
            _ => break,
        }
    }
    ty
}

/// `getTypeAllocSize` in the 32-bit arithmetic the reference's bounds checks use; a type
/// the layout gives no size (unsized, or too large for 64 bits) counts 0 bytes, so that the
/// checks built on it do not fire.
pub(crate) fn alloc_size_u32(layout: &DataLayout, m: &CheckedModule, ty: Type) -> u32 {
    match layout.type_alloc_size(m, ty) {
        Some(size) => size as u32,
        None => 0,
    }
}

/// `getTypeStoreSize`: the bytes a value of `ty` writes.
fn store_size(m: &CheckedModule, layout: &DataLayout, ty: Type) -> Option<u64> {
    match m.ty(ty) {
        TypeData::Int(bits) => Some(u64::from(*bits).div_ceil(8)),
        TypeData::Half => Some(2),
        TypeData::Float => Some(4),
        TypeData::Double => Some(8),
        TypeData::Vector { len, elem } => {
            let e = match m.ty(*elem) {
                TypeData::Int(bits) => u64::from(*bits),
                TypeData::Half => 16,
                TypeData::Float => 32,
                TypeData::Double => 64,
                _ => return layout.type_alloc_size(m, ty),
            };
            Some(len.checked_mul(e)?.div_ceil(8))
        }
        _ => layout.type_alloc_size(m, ty),
    }
}

/// `DataLayout::getIndexedOffset` for constant indices into `elem` (the pointee of the base).
fn indexed_offset(
    m: &CheckedModule,
    layout: &DataLayout,
    elem: Type,
    indices: &[ValueRef],
) -> Option<u64> {
    let mut result: u64 = 0;
    let mut ty = elem;
    for (n, &idx) in indices.iter().enumerate() {
        let v = util::const_int(m, idx)?;
        if n == 0 {
            // The first index steps over whole pointees.
            let size = layout.type_alloc_size(m, ty)?;
            result = result.wrapping_add((v as u64).wrapping_mul(size));
            continue;
        }
        match m.ty(ty) {
            TypeData::Struct(st) => {
                let field = util::const_uint(m, idx)? as usize;
                result = result.wrapping_add(layout.element_offset(m, ty, field)?);
                ty = *st.elems.get(field)?;
            }
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                let e = *elem;
                let size = layout.type_alloc_size(m, e)?;
                result = result.wrapping_add((v as u64).wrapping_mul(size));
                ty = e;
            }
            _ => return None,
        }
    }
    Some(result)
}

/// Follows GEPs (instructions and constant expressions) and bitcasts to the value they
/// start from; `bitcast_constants` also follows constant bitcasts (`BitCastOperator`).
pub(crate) fn strip_gep_bitcast(
    m: &CheckedModule,
    body: &Body,
    mut v: ValueRef,
    bitcast_constants: bool,
) -> ValueRef {
    // A chain in unreachable code may loop; the bound ends the walk there.
    for _ in 0..4096 {
        let next = match v {
            ValueRef::Inst(i) => match &body.insts[i].kind {
                InstKind::Gep { operands, .. } => body.values(*operands).first().copied(),
                InstKind::Cast {
                    op: CastOp::BitCast,
                    value,
                } => Some(*value),
                _ => None,
            },
            ValueRef::Const(c) => match &m.constant(c).kind {
                ConstKind::Gep { operands, .. } => m.list(*operands).first().copied(),
                ConstKind::Cast {
                    op: CastOp::BitCast,
                    value,
                } if bitcast_constants => Some(*value),
                _ => None,
            },
            _ => None,
        };
        match next {
            Some(n) => v = n,
            None => break,
        }
    }
    v
}
