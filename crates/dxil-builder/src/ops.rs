//! `dx.op` calls (DXIL.rst "Operations"): an operation of the database with its operands
//! becomes a call of `dx.op.<class>[.<overload>]`, declared once with the reference's
//! attributes. The stage and shader model are checked against the database, each operand
//! against the type the overload gives it, and operands the database marks constant must be
//! constants.

use std::collections::HashMap;

use dxil_container::ShaderKind;
use dxil_ir::build::{CallOptions, FunctionBuilder, FunctionOptions, Value};
use dxil_ir::{attr_kind_name, Attribute, ConstKind, Type, TypeData, ValueRef};
use dxil_ops::{DxOp, LowPrecision, OpTable, Ty};

use crate::error::{Error, ErrorKind, Result};
use crate::types::ir_type;

/// One operand of a `dx.op` call: a value, or a constant given as a number and typed by the
/// parameter it fills (`i8` for a component index, the overload type for a value, ...).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    /// A value built earlier.
    Value(Value),
    /// An integer constant of the parameter's integer type (or converted to its float type;
    /// in every element of a vector parameter).
    Int(i64),
    /// A floating-point constant of the parameter's float type (in every element of a
    /// vector parameter).
    Float(f64),
    /// `undef` of the parameter's type.
    Undef,
}

impl From<Value> for Arg {
    fn from(v: Value) -> Arg {
        Arg::Value(v)
    }
}

macro_rules! int_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(v: $t) -> Arg {
                Arg::Int(v as i64)
            }
        }
    )*};
}
int_arg!(i8, u8, i16, u16, i32, u32, i64);

impl From<bool> for Arg {
    fn from(v: bool) -> Arg {
        Arg::Int(i64::from(v))
    }
}

impl From<f32> for Arg {
    fn from(v: f32) -> Arg {
        Arg::Float(f64::from(v))
    }
}

impl From<f64> for Arg {
    fn from(v: f64) -> Arg {
        Arg::Float(v)
    }
}

/// Where an operation is called: the stage (a library entry's own kind) and the shader model
/// decide whether it is allowed; the precision mode picks `CBufRet` layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpContext {
    /// The stage of the calling entry.
    pub stage: ShaderKind,
    /// Shader model (major, minor).
    pub model: (u32, u32),
    /// Native 16-bit types or minimum precision.
    pub low_precision: LowPrecision,
}

fn attr_code(name: &str) -> Option<u32> {
    (1..=64).find(|&c| attr_kind_name(c) == Some(name))
}

/// The shader model of the database's experimental operation table.
const EXPERIMENTAL_MODEL: (u32, u32) = (6, 10);

/// Checks that `op` may be called from `cx`.
pub fn check_allowed<V>(op: &DxOp<V>, cx: &OpContext) -> Result<()> {
    let info = op.info();
    let name = info.name();
    // The experimental table belongs to the experimental shader model, whatever model a
    // row of it names.
    if info.table == OpTable::Experimental && cx.model < EXPERIMENTAL_MODEL {
        return Err(Error::new(
            ErrorKind::NotAllowed,
            format!(
                "{name} is an experimental operation (shader model {}.{})",
                EXPERIMENTAL_MODEL.0, EXPERIMENTAL_MODEL.1
            ),
        ));
    }
    if info.flags.contains(dxil_ops::OpFlags::RESERVED) {
        return Err(Error::new(
            ErrorKind::NotAllowed,
            format!("{name} is a reserved opcode"),
        ));
    }
    if !info.stages.allows(cx.stage) {
        let allowed: Vec<_> = ShaderKind::ALL
            .iter()
            .copied()
            .filter(|&k| info.stages.allows(k))
            .map(ShaderKind::name)
            .collect();
        return Err(Error::new(
            ErrorKind::NotAllowed,
            format!(
                "{name} is not allowed in {} shaders (only in {})",
                cx.stage.name(),
                allowed.join(", ")
            ),
        ));
    }
    let (major, minor) = info.shader_model;
    if (u32::from(major), u32::from(minor)) > cx.model {
        return Err(Error::new(
            ErrorKind::NotAllowed,
            format!(
                "{name} requires shader model {major}.{minor}, this shader is {}.{}",
                cx.model.0, cx.model.1
            ),
        ));
    }
    Ok(())
}

fn type_text(fb: &mut FunctionBuilder<'_>, ty: Type) -> String {
    let m = fb.module().module();
    match Ty::from_ir(m, ty) {
        Some(t) => t.to_string(),
        None => dxil_ir::build::type_text(m, ty),
    }
}

/// `@name` of function `f`, or its id when it has no name.
fn function_name(fb: &mut FunctionBuilder<'_>, f: dxil_ir::Function) -> String {
    let m = fb.module().module();
    match m.functions.get(f).and_then(|d| m.name_of(d.common.name)) {
        Some(name) => format!("@{name}"),
        None => f.to_string(),
    }
}

/// The constant `arg` as a value of `ty`.
fn materialise(
    fb: &mut FunctionBuilder<'_>,
    what: &str,
    operand: &str,
    arg: Arg,
    ty: Type,
) -> Result<Value> {
    let mb = fb.module();
    let data = mb.module().ty(ty).cloned();
    let bad = |want: &str| {
        Error::new(
            ErrorKind::Operand,
            format!("{what}: operand `{operand}` takes {want}"),
        )
    };
    let v = match (arg, data) {
        (Arg::Value(v), _) => v,
        (Arg::Undef, _) => mb.const_undef(ty).map_err(Error::ir)?,
        (Arg::Int(_) | Arg::Float(_), Some(TypeData::Vector { len, elem })) => {
            // A number given for a vector parameter fills every element: a constant data
            // vector, as LLVM writes vectors of simple constants.
            let elem = mb.module().ty(elem).cloned();
            let bits = match (arg, elem) {
                (Arg::Int(i), Some(TypeData::Int(w))) => {
                    (i as u64) & (u64::MAX >> (64 - w.clamp(1, 64)))
                }
                (Arg::Int(i), Some(d)) if d.is_float() => float_bits(&d, i as f64),
                (Arg::Float(x), Some(d)) if d.is_float() => float_bits(&d, x),
                _ => return Err(bad("a value, or a number of its element type")),
            };
            let data = mb.extend_list(std::iter::repeat_n(bits, len as usize));
            mb.constant(ty, ConstKind::Data(data)).map_err(Error::ir)?
        }
        (Arg::Int(i), Some(TypeData::Int(_))) => mb.const_int(ty, i).map_err(Error::ir)?,
        (Arg::Int(i), Some(d)) if d.is_float() => float_const(mb, ty, &d, i as f64)?,
        (Arg::Float(x), Some(d)) if d.is_float() => float_const(mb, ty, &d, x)?,
        (Arg::Float(_), _) => return Err(bad("an integer or a value, not a float constant")),
        (Arg::Int(_), _) => return Err(bad("a value, not an integer constant")),
    };
    Ok(v)
}

fn float_const(
    mb: &mut dxil_ir::build::ModuleBuilder,
    ty: Type,
    data: &TypeData,
    x: f64,
) -> Result<Value> {
    mb.constant(ty, ConstKind::Float(float_bits(data, x)))
        .map_err(Error::ir)
}

/// The bit pattern of `x` as a constant of float type `data`.
fn float_bits(data: &TypeData, x: f64) -> u64 {
    match data {
        TypeData::Half => u64::from(dxil_ir::half_bits(x)),
        TypeData::Float => u64::from((x as f32).to_bits()),
        _ => x.to_bits(),
    }
}

/// The scalar an overload letter of the database stands for.
fn letter_scalar(c: u8) -> Option<dxil_ops::Scalar> {
    use dxil_ops::Scalar::*;
    Some(match c {
        b'h' => Half,
        b'f' => Float,
        b'd' => Double,
        b'1' => I1,
        b'8' => I8,
        b'w' => I16,
        b'i' => I32,
        b'l' => I64,
        _ => return None,
    })
}

/// The overload of a call given without one: none for operations without overloads, the
/// type of the first value given for an overloaded operand, or the only scalar the
/// operation allows.
fn infer_overload(fb: &mut FunctionBuilder<'_>, op: &DxOp<Arg>) -> Result<Vec<Ty>> {
    let info = op.info();
    let first = info.overloads().split(',').next().unwrap_or("");
    if first.is_empty() || first == "v" {
        return Ok(Vec::new());
    }
    for (o, arg) in op.operands() {
        if o.ty() == "$o" {
            if let Arg::Value(v) = arg {
                if let Some(t) = v.ty().and_then(|t| Ty::from_ir(fb.module().module(), t)) {
                    return Ok(vec![t]);
                }
            }
        }
    }
    let scalars: Vec<_> = first
        .split('<')
        .next()
        .unwrap_or("")
        .bytes()
        .filter_map(letter_scalar)
        .collect();
    match scalars.as_slice() {
        [one] => Ok(vec![Ty::Scalar(*one)]),
        _ => Err(Error::new(
            ErrorKind::Operand,
            format!(
                "{}: the overload ('{first}') cannot be inferred from the operands; give it",
                info.name()
            ),
        )),
    }
}

/// The functions `dx.op` calls were resolved to, so that a repeated operation skips
/// building its signature (name, types, attributes) and looking its function up: per
/// (opcode, precision mode), each overload list seen with its callee, parameter types and
/// opcode constant. A shader calls few distinct functions many times; every entry is valid
/// for the builder it was made with, whose types, functions and constants only grow.
#[derive(Debug, Default)]
pub(crate) struct Resolved {
    by_op: HashMap<(u32, LowPrecision), Vec<Overload>>,
    /// The constants integer and `undef` operands were made as, by parameter type: the
    /// same few (component indices, `undef` offsets) fill most calls, and the module's
    /// constant table would hash and compare each request to find the one it made first.
    ints: dxil_ir::FastMap<(Type, i64), Value>,
    undefs: dxil_ir::FastMap<Type, Value>,
    /// Buffers for a call's operands and arguments, reused from call to call.
    operands: Vec<Arg>,
    args: Vec<Value>,
}

/// The overloads an operation was called with, each with its function.
type Overload = (Vec<Ty>, Callee);

/// One resolved `dx.op` function.
#[derive(Debug)]
struct Callee {
    function: Value,
    /// Parameter types, the opcode's first.
    params: Vec<Type>,
    /// The opcode constant.
    opcode: Value,
}

/// Emits `op` with `overloads` (one type per overload position of the operation; empty to
/// infer it: none for operations without overloads, else the type of the first value given
/// for an overloaded operand, else the only scalar the operation allows) at the builder's
/// insertion point; the result is the call (`void` operations give a value without a
/// type).
pub fn emit(
    fb: &mut FunctionBuilder<'_>,
    cx: &OpContext,
    op: DxOp<Arg>,
    overloads: &[Ty],
) -> Result<Value> {
    emit_resolved(fb, cx, &mut Resolved::default(), op, overloads)
}

/// The function, parameter types and opcode constant of `op` with `overloads`: declared
/// (with the reference's attributes) unless the module has it.
fn resolve(
    fb: &mut FunctionBuilder<'_>,
    cx: &OpContext,
    op: &DxOp<Arg>,
    overloads: &[Ty],
) -> Result<Callee> {
    let info = op.info();
    let sig = op
        .signature(overloads, cx.low_precision)
        .map_err(|e| Error::new(ErrorKind::Operand, e.to_string()))?;
    let mb = fb.module();
    let ret = ir_type(mb, &sig.ret)?;
    let params = sig
        .params
        .iter()
        .map(|t| ir_type(mb, t))
        .collect::<Result<Vec<_>>>()?;
    let function = match mb.lookup(&sig.name) {
        Some(f) => f,
        None => {
            let fn_ty = mb.function_type(ret, &params, false).map_err(Error::ir)?;
            let mut opts = FunctionOptions::default();
            opts.attributes.function = sig
                .attrs
                .iter()
                .filter_map(|a| attr_code(a).map(Attribute::Enum))
                .collect();
            mb.declare_function(Some(&sig.name), fn_ty, &opts)
                .map_err(Error::ir)?
        }
    };
    let opcode = mb
        .const_int(params[0], i64::from(info.opcode))
        .map_err(Error::ir)?;
    Ok(Callee {
        function,
        params,
        opcode,
    })
}

/// [`emit`] with the functions resolved so far in `resolved` (which it extends).
pub(crate) fn emit_resolved(
    fb: &mut FunctionBuilder<'_>,
    cx: &OpContext,
    resolved: &mut Resolved,
    op: DxOp<Arg>,
    overloads: &[Ty],
) -> Result<Value> {
    check_allowed(&op, cx)?;
    let info = op.info();
    let what = info.name();
    let inferred;
    let overloads = if overloads.is_empty() {
        inferred = infer_overload(fb, &op)?;
        inferred.as_slice()
    } else {
        overloads
    };
    let list = resolved
        .by_op
        .entry((info.opcode, cx.low_precision))
        .or_default();
    let at = match list.iter().position(|(o, _)| o.as_slice() == overloads) {
        Some(at) => at,
        None => {
            list.push((overloads.to_vec(), resolve(fb, cx, &op, overloads)?));
            list.len() - 1
        }
    };
    let Callee {
        function: callee,
        params,
        opcode,
    } = &list[at].1;
    let (callee, opcode) = (*callee, *opcode);
    let operands = &info.operands()[2..];
    let mut given = std::mem::take(&mut resolved.operands);
    given.clear();
    let _ = op.map(|a| given.push(a));
    let mut args = std::mem::take(&mut resolved.args);
    args.clear();
    args.push(opcode);
    for (i, &arg) in given.iter().enumerate() {
        let Some(&ty) = params.get(i + 1) else {
            break;
        };
        // The operand's name is for messages only.
        let name = || operands.get(i).map_or("", |o| o.name());
        let v = match arg {
            // A value is checked against the parameter's type below; making a constant
            // reads the type's description.
            Arg::Value(v) => v,
            Arg::Int(i) => match resolved.ints.get(&(ty, i)) {
                Some(&v) => v,
                None => {
                    let v = materialise(fb, what, name(), arg, ty)?;
                    resolved.ints.insert((ty, i), v);
                    v
                }
            },
            Arg::Undef => match resolved.undefs.get(&ty) {
                Some(&v) => v,
                None => {
                    let v = materialise(fb, what, name(), arg, ty)?;
                    resolved.undefs.insert(ty, v);
                    v
                }
            },
            Arg::Float(_) => materialise(fb, what, name(), arg, ty)?,
        };
        if let Some(owner) = v.owner().filter(|&f| f != fb.function()) {
            let here = fb.function();
            return Err(Error::new(
                ErrorKind::Ir,
                format!(
                    "{what}: operand `{}` is a value of {}, not of {}",
                    name(),
                    function_name(fb, owner),
                    function_name(fb, here)
                ),
            ));
        }
        if v.ty() != Some(ty) {
            let got = v
                .ty()
                .map_or_else(|| "void".to_string(), |t| type_text(fb, t));
            let want = type_text(fb, ty);
            return Err(Error::new(
                ErrorKind::Operand,
                format!(
                    "{what}: operand `{}` has type {got}, expected {want}",
                    name()
                ),
            ));
        }
        let is_const = operands.get(i).is_some_and(|o| o.is_const());
        if is_const && !matches!(v.value_ref(), ValueRef::Const(_)) {
            return Err(Error::new(
                ErrorKind::Operand,
                format!("{what}: operand `{}` must be a constant", name()),
            ));
        }
        args.push(v);
    }
    let call = fb.call(callee, &args, &CallOptions::default());
    resolved.operands = given;
    resolved.args = args;
    call.map_err(Error::ir)
}
