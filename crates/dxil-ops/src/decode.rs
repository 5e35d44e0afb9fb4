//! Typed decoding of `dx.op` calls (DXIL.rst, "Operations": every operation is a call to a
//! declared function `dx.op.<class>[.<overload>...]` whose first argument is the opcode, an
//! `i32` constant). [`decode_call`] checks a call against the database: the opcode, the
//! callee's name, the number and types of the operands, constant operands, and the overload.

use std::fmt::{self, Write};

use dxil_ir::{Body, ConstKind, Function, InstData, InstKind, Module, Type, TypeData, ValueRef};

use crate::shape::{named_of_tail, overload_sets, Shape, MAX_OVERLOADS};
use crate::ty::{write_ir_suffix, Expect, Scalar, Ty};
use crate::{op_info, DxOp, OpInfo};

/// A decoded `dx.op` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DxCall {
    /// The operation and its operands.
    pub op: DxOp,
    /// The overload types, one per overload position of the operation (most have one;
    /// `None` where the operation is not overloaded). A user-defined type overload is the
    /// pointer type the call passes.
    pub overloads: [Option<Type>; MAX_OVERLOADS],
    /// The called function.
    pub callee: Function,
}

impl DxCall {
    /// The (first) overload type: `float` for `dx.op.bufferLoad.f32`; `None` for an operation
    /// that is not overloaded.
    pub fn overload(&self) -> Option<Type> {
        self.overloads[0]
    }
}

/// Why a call to a `dx.op.*` function is not a valid operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError(Box<DecodeErrorKind>);

/// The kinds of [`DecodeError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeErrorKind {
    /// The call has no arguments, so no opcode.
    NoOpcode,
    /// The first argument is not an `i32` constant.
    OpcodeNotConstant,
    /// No operation has this opcode.
    UnknownOpcode(u32),
    /// The callee's function type is not a function type, or the call's differs from it.
    CallType {
        /// The operation.
        op: &'static str,
    },
    /// The callee's name is not the operation's function with its overloads.
    CalleeName {
        /// The operation.
        op: &'static str,
        /// The name the operation and the overloads give.
        expected: String,
        /// The callee's name.
        found: String,
    },
    /// The function takes a different number of arguments than the operation has operands.
    ArgCount {
        /// The operation.
        op: &'static str,
        /// Arguments the database gives, the opcode included.
        expected: usize,
        /// Arguments of the function or the call.
        found: usize,
    },
    /// An operand (position 0 is the return value, 1 the opcode) has the wrong type.
    OperandType {
        /// The operation.
        op: &'static str,
        /// Position in the database's operand list.
        index: usize,
        /// The operand's name in the database.
        name: &'static str,
        /// The type found, as LLVM text.
        found: String,
        /// The database's type code.
        expected: &'static str,
    },
    /// An operand the database requires to be a constant is not one.
    NotConstant {
        /// The operation.
        op: &'static str,
        /// Position in the database's operand list.
        index: usize,
        /// The operand's name in the database.
        name: &'static str,
    },
    /// An overload type the operation does not allow, or none where it needs one.
    Overload {
        /// The operation.
        op: &'static str,
        /// The overload position.
        position: usize,
        /// The type found, as LLVM text (`void` when none was found).
        found: String,
        /// The database's overload letters for the position.
        allowed: &'static str,
    },
    /// The database gives a type code this crate does not know.
    UnknownTypeCode {
        /// The operation.
        op: &'static str,
        /// The code.
        code: &'static str,
    },
}

impl DecodeError {
    fn new(kind: DecodeErrorKind) -> DecodeError {
        DecodeError(Box::new(kind))
    }

    /// What is wrong.
    pub fn kind(&self) -> &DecodeErrorKind {
        &self.0
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DecodeErrorKind as K;
        match &*self.0 {
            K::NoOpcode => f.write_str("dx.op call without an opcode argument"),
            K::OpcodeNotConstant => f.write_str("dx.op call whose opcode is not an i32 constant"),
            K::UnknownOpcode(c) => write!(f, "unknown DXIL opcode {c}"),
            K::CallType { op } => write!(f, "{op}: the call's function type is not the callee's"),
            K::CalleeName {
                op,
                expected,
                found,
            } => write!(f, "{op}: callee is @{found}, expected @{expected}"),
            K::ArgCount {
                op,
                expected,
                found,
            } => write!(f, "{op}: {found} arguments, expected {expected}"),
            K::OperandType {
                op,
                index,
                name,
                found,
                expected,
            } => {
                let name = if *index == 0 { "return value" } else { name };
                write!(
                    f,
                    "{op}: operand {index} ({name}) has type {found} where the database says {expected}"
                )
            }
            K::NotConstant { op, index, name } => {
                write!(f, "{op}: operand {index} ({name}) must be a constant")
            }
            K::Overload {
                op,
                position,
                found,
                allowed,
            } => write!(
                f,
                "{op}: overload {found} at position {position} is not one of '{allowed}'"
            ),
            K::UnknownTypeCode { op, code } => write!(f, "{op}: unknown type code {code}"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Whether `callee` is a function named `dx.op.*` (DXIL.rst, "Operations": the functions of
/// the operations), whatever the call passes it.
pub fn is_dx_op_callee(m: &Module, callee: ValueRef) -> bool {
    callee_of(m, callee).is_some_and(|(_, name)| name.starts_with("dx.op."))
}

/// The opcode of a call to a `dx.op.*` function, without checking the rest of the call: for
/// tools that report on calls [`decode_call`] rejects (the reference disassembler comments
/// every such call by its opcode alone). `body` is the body that holds `inst`.
pub fn call_opcode(m: &Module, body: &Body, inst: &InstData) -> Option<u32> {
    let InstKind::Call { callee, args, .. } = &inst.kind else {
        return None;
    };
    if !is_dx_op_callee(m, *callee) {
        return None;
    }
    const_i32(m, *body.values(*args).first()?)
}

/// The name of the function a call calls, when it is a function with a name.
fn callee_of(m: &Module, callee: ValueRef) -> Option<(Function, &str)> {
    let ValueRef::Function(f) = callee else {
        return None;
    };
    Some((f, m.name_of(m.functions.get(f)?.common.name)?))
}

/// Decodes `inst` of `body` if it is a call to a `dx.op.*` function: `Ok(None)` for any other
/// instruction, the typed call when the call is a valid operation, and an error naming what is
/// wrong otherwise.
///
/// ```
/// use dxil_ir::{Body, ConstData, ConstKind, FunctionData, GlobalCommon, InstData, InstKind};
/// use dxil_ir::{Module, TypeData, ValueRef};
/// use dxil_ops::{decode_call, DxOp};
///
/// let mut m = Module::default();
/// let i32_ty = m.types.push(TypeData::Int(32));
/// let f32_ty = m.types.push(TypeData::Float);
/// let fn_ty = m.types.push(TypeData::Function { ret: f32_ty, params: [i32_ty, f32_ty].into(), vararg: false });
/// let fn_ptr = m.types.push(TypeData::Pointer { pointee: fn_ty, addrspace: 0 });
/// let common = GlobalCommon { name: Some(m.intern("dx.op.unary.f32")), ..GlobalCommon::new(fn_ptr) };
/// let sqrt = m.functions.push(FunctionData::declaration(common, fn_ty, 0));
/// let opcode = m.constants.push(ConstData { ty: i32_ty, kind: ConstKind::Int(24) });
/// let x = m.constants.push(ConstData { ty: f32_ty, kind: ConstKind::Float(0) });
/// let mut body = Body::default();
/// let args = body.push_values([ValueRef::Const(opcode), ValueRef::Const(x)]);
/// let kind = InstKind::Call { attributes: 0, cc_field: 0, fn_ty, callee: ValueRef::Function(sqrt),
///     args };
/// let call = InstData::new(kind, Some(f32_ty));
/// let decoded = decode_call(&m, &body, &call).unwrap().unwrap();
/// assert_eq!(decoded.op, DxOp::Sqrt { value: ValueRef::Const(x) });
/// assert_eq!(decoded.overload(), Some(f32_ty));
/// ```
pub fn decode_call(
    m: &Module,
    body: &Body,
    inst: &InstData,
) -> Result<Option<DxCall>, DecodeError> {
    decode(m, body, inst, true)
}

/// [`decode_call`] without its check that the operands the database marks constant are
/// constants: for the validator, which reports a non-constant immediate per operation with
/// the reference's own message (`component of HitObject_ObjectRayOrigin must be an immediate
/// constant.`), or not at all where the reference does not check it.
pub fn decode_call_any_operands(
    m: &Module,
    body: &Body,
    inst: &InstData,
) -> Result<Option<DxCall>, DecodeError> {
    decode(m, body, inst, false)
}

fn decode(
    m: &Module,
    body: &Body,
    inst: &InstData,
    check_constants: bool,
) -> Result<Option<DxCall>, DecodeError> {
    let InstKind::Call {
        fn_ty,
        callee,
        args,
        ..
    } = &inst.kind
    else {
        return Ok(None);
    };
    let Some((callee, name)) = callee_of(m, *callee) else {
        return Ok(None);
    };
    if !name.starts_with("dx.op.") {
        return Ok(None);
    }
    let args = body.values(*args);
    let first = args
        .first()
        .ok_or_else(|| DecodeError::new(DecodeErrorKind::NoOpcode))?;
    let opcode =
        const_i32(m, *first).ok_or_else(|| DecodeError::new(DecodeErrorKind::OpcodeNotConstant))?;
    let info =
        op_info(opcode).ok_or_else(|| DecodeError::new(DecodeErrorKind::UnknownOpcode(opcode)))?;
    let op = info.name();
    let declared = m.functions.get(callee).map(|f| f.fn_ty);
    if declared != Some(*fn_ty) {
        return Err(DecodeError::new(DecodeErrorKind::CallType { op }));
    }
    let overloads = resolve(m, info, *fn_ty, name)?;
    let operands = info.operands();
    if args.len() + 1 != operands.len() {
        return Err(DecodeError::new(DecodeErrorKind::ArgCount {
            op,
            expected: operands.len() - 1,
            found: args.len(),
        }));
    }
    let Some(TypeData::Function { params, .. }) = m.ty(*fn_ty) else {
        return Err(DecodeError::new(DecodeErrorKind::CallType { op }));
    };
    for (i, ((arg, param), entry)) in args
        .iter()
        .zip(params.iter())
        .zip(&operands[1..])
        .enumerate()
    {
        let index = i + 1;
        let ty = m.value_type(Some(body), *arg);
        if ty != Some(*param) {
            return Err(DecodeError::new(DecodeErrorKind::OperandType {
                op,
                index,
                name: entry.name(),
                found: ty.map_or_else(|| "?".to_string(), |t| type_text(m, t)),
                expected: entry.ty(),
            }));
        }
        if check_constants && entry.is_const() && !matches!(arg, ValueRef::Const(_)) {
            return Err(DecodeError::new(DecodeErrorKind::NotConstant {
                op,
                index,
                name: entry.name(),
            }));
        }
    }
    let op = DxOp::from_args(opcode, &args[1..]).ok_or_else(|| {
        DecodeError::new(DecodeErrorKind::ArgCount {
            op,
            expected: operands.len() - 1,
            found: args.len(),
        })
    })?;
    Ok(Some(DxCall {
        op,
        overloads,
        callee,
    }))
}

/// Checks a declared function against operation `info` (its name and function type) and
/// returns its overload types: what [`decode_call`] checks of the callee, for a declaration
/// alone.
pub fn check_function(
    m: &Module,
    info: &'static OpInfo,
    f: Function,
) -> Result<[Option<Type>; MAX_OVERLOADS], DecodeError> {
    let op = info.name();
    let data = m
        .functions
        .get(f)
        .ok_or_else(|| DecodeError::new(DecodeErrorKind::CallType { op }))?;
    let name = m.name_text(data.common.name);
    resolve(m, info, data.fn_ty, name)
}

/// Whether `fn_ty` is the function type operation `info` has for the overload types
/// `overloads` (one per overload position, `None` where the operation has none): the return
/// type and every parameter built from the database's type codes, without checking that the
/// overloads are ones the operation allows. A validator compares a declaration with the
/// function the operation's table gives for the overload the declaration carries.
pub fn function_type_matches(
    m: &Module,
    info: &OpInfo,
    fn_ty: Type,
    overloads: &[Option<Type>; MAX_OVERLOADS],
) -> bool {
    let Some(TypeData::Function { ret, params, .. }) = m.ty(fn_ty) else {
        return false;
    };
    let operands = info.operands();
    if params.len() + 1 != operands.len() {
        return false;
    }
    operands.iter().enumerate().all(|(i, entry)| {
        let t = if i == 0 { *ret } else { params[i - 1] };
        Shape::of(entry.ty()).is_some_and(|shape| matches_shape(m, shape, t, overloads))
    })
}

/// The value of an `i32` constant, as the opcode's bits.
fn const_i32(m: &Module, v: ValueRef) -> Option<u32> {
    let ValueRef::Const(c) = v else { return None };
    let cd = m.constant(c)?;
    if m.ty(cd.ty) != Some(&TypeData::Int(32)) {
        return None;
    }
    match cd.kind {
        ConstKind::Int(i) => Some(i as u32),
        ConstKind::Null => Some(0),
        _ => None,
    }
}

/// Text of an IR type for messages.
fn type_text(m: &Module, t: Type) -> String {
    Ty::from_ir(m, t).map_or_else(|| format!("{t}"), |ty| ty.to_string())
}

/// Checks function type `fn_ty` and callee name `name` against operation `info`, and finds
/// the overload types.
fn resolve(
    m: &Module,
    info: &'static OpInfo,
    fn_ty: Type,
    name: &str,
) -> Result<[Option<Type>; MAX_OVERLOADS], DecodeError> {
    let op = info.name();
    let Some(TypeData::Function { ret, params, .. }) = m.ty(fn_ty) else {
        return Err(DecodeError::new(DecodeErrorKind::CallType { op }));
    };
    let operands = info.operands();
    if params.len() + 1 != operands.len() {
        return Err(DecodeError::new(DecodeErrorKind::ArgCount {
            op,
            expected: operands.len() - 1,
            found: params.len(),
        }));
    }
    let ty_at = |i: usize| if i == 0 { *ret } else { params[i - 1] };
    let bad = |i: usize| {
        let entry = &operands[i];
        DecodeError::new(DecodeErrorKind::OperandType {
            op,
            index: i,
            name: entry.name(),
            found: type_text(m, ty_at(i)),
            expected: entry.ty(),
        })
    };
    let mut shapes = [Shape::Void; 32];
    for (i, entry) in operands.iter().enumerate() {
        let shape = Shape::of(entry.ty()).ok_or_else(|| {
            DecodeError::new(DecodeErrorKind::UnknownTypeCode {
                op,
                code: entry.ty(),
            })
        })?;
        // No operation has more than 32 operands; more would be a database this crate does
        // not know.
        let slot = shapes.get_mut(i).ok_or_else(|| {
            DecodeError::new(DecodeErrorKind::UnknownTypeCode {
                op,
                code: entry.ty(),
            })
        })?;
        *slot = shape;
    }
    let shapes = &shapes[..operands.len()];
    // The overloads: from the positions whose type is the overload or is built from it.
    let mut slots: [Option<Type>; MAX_OVERLOADS] = [None; MAX_OVERLOADS];
    for (i, shape) in shapes.iter().enumerate() {
        let Some(k) = shape.defines() else { continue };
        let t = ty_at(i);
        let found = match (shape, m.ty(t)) {
            (Shape::Slot(_), _) => t,
            (Shape::SlotPtr(_, a), Some(TypeData::Pointer { pointee, addrspace }))
                if addrspace == a =>
            {
                *pointee
            }
            (Shape::NamedOf(prefix, _), Some(TypeData::Struct(st)))
                if st.name.as_deref().is_some_and(|n| n.starts_with(prefix)) =>
            {
                *st.elems.first().ok_or_else(|| bad(i))?
            }
            (Shape::VectorOf(n, _), Some(TypeData::Vector { len, elem }))
                if *len == u64::from(*n) =>
            {
                *elem
            }
            _ => return Err(bad(i)),
        };
        let slot = &mut slots[usize::from(k)];
        match slot {
            Some(prev) if *prev != found => return Err(bad(i)),
            _ => *slot = Some(found),
        }
    }
    // An operation whose only overloaded position is a boolean shaped like the overload
    // (`QuadVote`): the overload is that type.
    for (i, shape) in shapes.iter().enumerate() {
        if let Shape::Like(k, _) = shape {
            let slot = &mut slots[usize::from(*k)];
            if slot.is_none() {
                *slot = Some(ty_at(i));
            }
        }
    }
    for (i, shape) in shapes.iter().enumerate() {
        if !matches_shape(m, *shape, ty_at(i), &slots) {
            return Err(bad(i));
        }
    }
    check_overloads(m, info, &slots)?;
    check_name(m, info, &slots, name)?;
    Ok(slots)
}

/// Whether IR type `t` has `shape` given the overloads.
fn matches_shape(m: &Module, shape: Shape, t: Type, slots: &[Option<Type>; MAX_OVERLOADS]) -> bool {
    let Some(td) = m.ty(t) else { return false };
    let slot = |k: u8| slots[usize::from(k)];
    let scalar_of = |x: Type| m.ty(x).and_then(Scalar::from_ir);
    match shape {
        Shape::Void => matches!(td, TypeData::Void),
        Shape::Scalar(s) => Scalar::from_ir(td) == Some(s),
        Shape::Vector(n, s) => matches!(td, TypeData::Vector { len, elem }
            if *len == u64::from(n) && scalar_of(*elem) == Some(s)),
        Shape::ScalarPtr(s, a) => matches!(td, TypeData::Pointer { pointee, addrspace }
            if *addrspace == a && scalar_of(*pointee) == Some(s)),
        Shape::Named(n) => matches!(td, TypeData::Struct(st) if st.name.as_deref() == Some(n)),
        Shape::Slot(k) => slot(k) == Some(t),
        Shape::SlotPtr(k, a) => matches!(td, TypeData::Pointer { pointee, addrspace }
            if *addrspace == a && slot(k) == Some(*pointee)),
        Shape::NamedOf(prefix, k) => {
            let (TypeData::Struct(st), Some(ov)) = (td, slot(k)) else {
                return false;
            };
            let Some(name) = st.name.as_deref() else {
                return false;
            };
            let mut w = Expect { rest: name };
            let written = w.write_str(prefix).is_ok()
                && write_ir_suffix(m, ov, &mut w).unwrap_or(false)
                && w.write_str(named_of_tail(prefix, scalar_of(ov), st.elems.len()))
                    .is_ok();
            written && w.rest.is_empty() && st.elems.first() == Some(&ov)
        }
        Shape::VectorOf(n, k) => matches!(td, TypeData::Vector { len, elem }
            if *len == u64::from(n) && slot(k) == Some(*elem)),
        Shape::Elt(k) => {
            let Some(ov) = slot(k) else { return false };
            match m.ty(ov) {
                Some(TypeData::Vector { elem, .. }) => *elem == t,
                _ => ov == t,
            }
        }
        Shape::Like(k, s) => {
            let Some(ov) = slot(k) else { return false };
            match (m.ty(ov), td) {
                (Some(TypeData::Vector { len: a, .. }), TypeData::Vector { len: b, elem }) => {
                    a == b && scalar_of(*elem) == Some(s)
                }
                (Some(TypeData::Vector { .. }), _) => false,
                _ => Scalar::from_ir(td) == Some(s),
            }
        }
    }
}

/// Checks each overload against the database's letters for its position.
fn check_overloads(
    m: &Module,
    info: &'static OpInfo,
    slots: &[Option<Type>; MAX_OVERLOADS],
) -> Result<(), DecodeError> {
    for (position, (set, group)) in overload_sets(info.overloads())
        .zip(info.overloads().split(','))
        .enumerate()
    {
        let ov = slots.get(position).copied().flatten();
        let ok = match ov.and_then(|t| m.ty(t)) {
            None | Some(TypeData::Void) => set.allows_void(),
            Some(TypeData::Vector { elem, .. }) => m
                .ty(*elem)
                .and_then(Scalar::from_ir)
                .is_some_and(|s| set.allows_vector(s)),
            Some(TypeData::Struct(_)) => set.allows_object(),
            Some(TypeData::Pointer { pointee, .. }) => {
                set.allows_udt() && matches!(m.ty(*pointee), Some(TypeData::Struct(_)))
            }
            Some(td) => Scalar::from_ir(td).is_some_and(|s| set.allows_scalar(s)),
        };
        if !ok {
            return Err(DecodeError::new(DecodeErrorKind::Overload {
                op: info.name(),
                position,
                found: ov.map_or_else(|| "void".to_string(), |t| type_text(m, t)),
                allowed: group,
            }));
        }
    }
    Ok(())
}

/// Writes the function name of `info` with the overloads: `dx.op.<class>` and `.<suffix>` for
/// each overload that is not `void`.
pub(crate) fn write_ir_name(
    m: &Module,
    info: &OpInfo,
    slots: &[Option<Type>; MAX_OVERLOADS],
    out: &mut impl Write,
) -> fmt::Result {
    out.write_str(info.function())?;
    for t in slots.iter().flatten() {
        if matches!(m.ty(*t), Some(TypeData::Void)) {
            continue;
        }
        out.write_char('.')?;
        if !write_ir_suffix(m, *t, out)? {
            return Err(fmt::Error);
        }
    }
    Ok(())
}

fn check_name(
    m: &Module,
    info: &'static OpInfo,
    slots: &[Option<Type>; MAX_OVERLOADS],
    name: &str,
) -> Result<(), DecodeError> {
    let mut w = Expect { rest: name };
    if write_ir_name(m, info, slots, &mut w).is_ok() && w.rest.is_empty() {
        return Ok(());
    }
    let mut expected = String::new();
    let _ = write_ir_name(m, info, slots, &mut expected);
    Err(DecodeError::new(DecodeErrorKind::CalleeName {
        op: info.name(),
        expected,
        found: name.to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_ir::{ConstData, FunctionData, GlobalCommon};

    /// A module with `float @<name>(i32, float)` and a call to it with opcode `opcode`.
    fn call(name: &str, opcode: ConstKind) -> (Module, Body, InstData) {
        let mut m = Module::default();
        let i32_ty = m.types.push(TypeData::Int(32));
        let f32_ty = m.types.push(TypeData::Float);
        let fn_ty = m.types.push(TypeData::Function {
            ret: f32_ty,
            params: [i32_ty, f32_ty].into(),
            vararg: false,
        });
        let common = GlobalCommon {
            name: Some(m.intern(name)),
            ..GlobalCommon::new(fn_ty)
        };
        let f = m
            .functions
            .push(FunctionData::declaration(common, fn_ty, 0));
        let code = m.constants.push(ConstData {
            ty: i32_ty,
            kind: opcode,
        });
        let x = m.constants.push(ConstData {
            ty: f32_ty,
            kind: ConstKind::Undef,
        });
        let mut body = Body::default();
        let args = body.push_values([ValueRef::Const(code), ValueRef::Const(x)]);
        let inst = InstData::new(
            InstKind::Call {
                attributes: 0,
                cc_field: 0,
                fn_ty,
                callee: ValueRef::Function(f),
                args,
            },
            Some(f32_ty),
        );
        (m, body, inst)
    }

    fn kind(name: &str, opcode: ConstKind) -> DecodeErrorKind {
        let (m, body, inst) = call(name, opcode);
        decode_call(&m, &body, &inst)
            .expect_err("rejected")
            .kind()
            .clone()
    }

    #[test]
    fn rejects_what_the_database_does_not_allow() {
        let (m, body, inst) = call("dx.op.unary.f32", ConstKind::Int(24));
        assert!(decode_call(&m, &body, &inst).is_ok_and(|c| c.is_some()));
        let (m, body, inst) = call("other", ConstKind::Int(24));
        assert_eq!(decode_call(&m, &body, &inst), Ok(None));
        assert_eq!(
            kind("dx.op.unary.f32", ConstKind::Undef),
            DecodeErrorKind::OpcodeNotConstant
        );
        assert_eq!(
            kind("dx.op.unary.f32", ConstKind::Int(0x7fff)),
            DecodeErrorKind::UnknownOpcode(0x7fff)
        );
        assert!(matches!(
            kind("dx.op.unary.f16", ConstKind::Int(24)),
            DecodeErrorKind::CalleeName { .. }
        ));
        // FMax (35) takes two values; BufferLoad (68) has more operands.
        assert!(matches!(
            kind("dx.op.binary.f32", ConstKind::Int(35)),
            DecodeErrorKind::ArgCount { .. }
        ));
        assert!(matches!(
            kind("dx.op.bufferLoad.f32", ConstKind::Int(68)),
            DecodeErrorKind::ArgCount { .. }
        ));
        // Countbits returns i32 for a float it does not allow.
        let e = kind("dx.op.unaryBits.f32", ConstKind::Int(31));
        assert!(
            matches!(e, DecodeErrorKind::OperandType { index: 0, .. }),
            "{e:?}"
        );
        // IsNaN returns i1, not float.
        let e = kind("dx.op.isSpecialFloat.f32", ConstKind::Int(8));
        assert!(
            matches!(e, DecodeErrorKind::OperandType { index: 0, .. }),
            "{e:?}"
        );
        // Bfrev (30) takes integers, not float.
        let e = kind("dx.op.unary.f32", ConstKind::Int(30));
        assert!(matches!(e, DecodeErrorKind::Overload { .. }), "{e:?}");
    }
}
