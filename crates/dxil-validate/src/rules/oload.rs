//! The operation functions the reference validator knows (DXIL.rst "Operations": each
//! operation is a call to `dx.op.<class>` with one suffix per overload type,
//! `dx.op.bufferLoad.f32`): which overload a declaration carries, whether the operation
//! allows it, the function the operation's table gives for it, and the table of functions
//! the reference fills as it goes.
//!
//! The reference keeps one function per (operation class, overload). It fills that table when
//! it loads the module, from the most recent call of each `dx.op.*` declaration (its first
//! user), and again whenever a rule asks for the function of an operation and overload: the
//! function of that name when its type is the right one, none when the type is wrong, and a
//! new declaration when there is none of that name (which is then reported as an unused
//! external function). Whether a call's callee is "a DXIL operation function for the
//! opcode" (`INSTR.ILLEGALDXILOPFUNCTION`) is membership in that table for the opcode's
//! class, so this module replays it in the reference's order.

use std::collections::{HashMap, HashSet};

use crate::util;
use dxil_ir::{CheckedModule, Function, Type, TypeData};
use dxil_ops::{OpInfo, OverloadSet, Scalar, MAX_OVERLOADS};

/// Pointer nesting followed when reading an overload through pointers (input-controlled).
const MAX_DEPTH: usize = 8;

/// One overload type as the reference keys its function table: scalars by value (they are
/// unique in a context whether or not the module's type table lists them), other types by
/// their id in the module's type table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum OvTy {
    /// `void`.
    Void,
    /// A scalar.
    Scalar(Scalar),
    /// Any other type (vector, struct, pointer, ...).
    Ir(Type),
}

impl OvTy {
    fn of(m: &CheckedModule, t: Type) -> OvTy {
        match m.ty(t) {
            TypeData::Void => OvTy::Void,
            td => Scalar::from_ir(td).map_or(OvTy::Ir(t), OvTy::Scalar),
        }
    }
}

/// The overload of a declaration: one type, or one per position for the operations with
/// several overload positions (which the reference wraps in an anonymous struct).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Overload {
    /// One overload position (or none: `void`).
    One(OvTy),
    /// Several positions, in order.
    Many(Box<[OvTy]>),
}

impl Overload {
    /// No overload: the operations whose only overload is `void`.
    pub const VOID: Overload = Overload::One(OvTy::Void);
}

/// Number of overload positions (`NumOverloadDims`): none for `v`, else one per
/// comma-separated group of the database's overload letters.
fn overload_dims(info: &OpInfo) -> usize {
    match info.overloads() {
        "v" => 0,
        s => s.split(',').count(),
    }
}

/// The reference's loader or rules would cast a type to a kind it is not (a return value
/// that is no struct where the operation returns one): the reference stops with an LLVM
/// cast failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CastFailure;

/// What the reference prints when an LLVM cast fails (`DXC_E_LLVM_CAST_ERROR`).
pub(crate) const CAST_FAILURE: &str = "Validation failed - error code 0x80aa001d.";

/// The overload the reference reads from a declaration of operation `info` with function
/// type `fn_ty` (`OP::GetOverloadType`): from the position the database marks as the
/// overload (return value or parameter), the element of a returned `ResRet`/`CBufRet`-like
/// struct or native vector, or the operation's only type. `Ok(None)` where the declaration
/// is too short; [`CastFailure`] where it is not shaped for the reading.
pub(crate) fn overload_type(
    m: &CheckedModule,
    info: &OpInfo,
    fn_ty: Type,
) -> Result<Option<Overload>, CastFailure> {
    let TypeData::Function { ret, params, .. } = m.ty(fn_ty) else {
        return Err(CastFailure);
    };
    let operands = info.operands();
    let at = |pos: usize| {
        if pos == 0 {
            Some(*ret)
        } else {
            params.get(pos - 1).copied()
        }
    };
    if overload_dims(info) > 1 {
        // `$x0`, `$x1`... in order; `$x_gsN` is read through its group shared pointer.
        let mut tys = Vec::with_capacity(MAX_OVERLOADS);
        for (pos, operand) in operands.iter().enumerate() {
            if pos == 1 {
                continue;
            }
            let Some(rest) = operand.ty().strip_prefix("$x") else {
                continue;
            };
            let Some(t) = at(pos) else { return Ok(None) };
            let t = if rest.starts_with("_gs") {
                element(m, t)?
            } else {
                t
            };
            tys.push(OvTy::of(m, t));
        }
        return Ok(Some(Overload::Many(tys.into())));
    }
    let one = |t: Type| Ok(Some(Overload::One(OvTy::of(m, t))));
    let ret_code = operands.first().map_or("", |o| o.ty());
    match ret_code {
        "$o" => return one(*ret),
        "$r" | "$cb" => return first_element(m, *ret),
        "$vec2" | "$vec9" => {
            return match m.ty(*ret) {
                TypeData::Vector { elem, .. } => one(*elem),
                _ => Err(CastFailure),
            }
        }
        code if code.starts_with("$vec") => return first_element(m, *ret),
        _ => {}
    }
    for (pos, operand) in operands.iter().enumerate().skip(2) {
        match operand.ty() {
            "$o" | "$udt" | "$obj" => {
                return match at(pos) {
                    Some(t) => one(t),
                    None => Ok(None),
                }
            }
            "$gsptr" => {
                return match at(pos) {
                    Some(t) => one(element(m, t)?),
                    None => Ok(None),
                }
            }
            _ => {}
        }
    }
    // Not overloaded: the operation's one type.
    let Some(letter) = info.overloads().bytes().next() else {
        return Ok(None);
    };
    Ok(Some(Overload::One(match letter {
        b'v' => OvTy::Void,
        b'h' => OvTy::Scalar(Scalar::Half),
        b'f' => OvTy::Scalar(Scalar::Float),
        b'd' => OvTy::Scalar(Scalar::Double),
        b'1' => OvTy::Scalar(Scalar::I1),
        b'8' => OvTy::Scalar(Scalar::I8),
        b'w' => OvTy::Scalar(Scalar::I16),
        b'i' => OvTy::Scalar(Scalar::I32),
        b'l' => OvTy::Scalar(Scalar::I64),
        _ => return Ok(None),
    })))
}

/// `getPointerElementType`: the element of a pointer, array or vector.
fn element(m: &CheckedModule, t: Type) -> Result<Type, CastFailure> {
    match m.ty(t) {
        TypeData::Pointer { pointee, .. } => Ok(*pointee),
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Ok(*elem),
        _ => Err(CastFailure),
    }
}

/// The first element of a returned struct.
fn first_element(m: &CheckedModule, t: Type) -> Result<Option<Overload>, CastFailure> {
    match m.ty(t) {
        TypeData::Struct(st) => Ok(st.elems.first().map(|e| Overload::One(OvTy::of(m, *e)))),
        _ => Err(CastFailure),
    }
}

/// The overload slot of a type (`OP::GetTypeSlot`), as far as legality goes.
enum Slot {
    Scalar(Scalar),
    Udt,
    Object,
    Vector(Option<Scalar>),
    /// `void`, an anonymous struct, an odd integer width, anything else.
    Invalid,
}

fn slot(m: &CheckedModule, t: OvTy, depth: usize) -> Slot {
    let t = match t {
        OvTy::Void => return Slot::Invalid,
        OvTy::Scalar(s) => return Slot::Scalar(s),
        OvTy::Ir(t) => t,
    };
    match m.ty(t) {
        TypeData::Pointer { pointee, .. } => match m.ty(*pointee) {
            TypeData::Struct(_) => Slot::Udt,
            // A pointer to anything else counts as what it points to.
            _ if depth < MAX_DEPTH => slot(m, OvTy::of(m, *pointee), depth + 1),
            _ => Slot::Invalid,
        },
        TypeData::Struct(st) if st.name.is_some() => Slot::Object,
        TypeData::Vector { elem, .. } => Slot::Vector(Scalar::from_ir(m.ty(*elem))),
        _ => Slot::Invalid,
    }
}

/// Whether operation `info` allows `ov` (`OP::IsOverloadLegal`): `void` for the operations
/// without overloads; else each position's type among the database's letters for it (a
/// vector by its element letters after `<`, `u` for a pointer to a struct, `o` for a named
/// struct).
pub(crate) fn is_overload_legal(m: &CheckedModule, info: &OpInfo, ov: &Overload) -> bool {
    let dims = overload_dims(info);
    if dims == 0 {
        return *ov == Overload::VOID;
    }
    let types: &[OvTy] = match ov {
        Overload::One(t) if dims == 1 => std::slice::from_ref(t),
        Overload::Many(tys) if dims > 1 && tys.len() == dims => tys,
        _ => return false,
    };
    info.overloads().split(',').zip(types).all(|(group, &t)| {
        let set = OverloadSet::parse(group);
        match slot(m, t, 0) {
            Slot::Scalar(s) => set.allows_scalar(s),
            Slot::Udt => set.allows_udt(),
            Slot::Object => set.allows_object(),
            Slot::Vector(Some(s)) => set.allows_vector(s),
            Slot::Vector(None) | Slot::Invalid => false,
        }
    })
}

/// The name the operation's function has for `ov` (`OP::ConstructOverloadName`):
/// `dx.op.<class>`, then `.` and the overload's name unless it is `void`.
pub(crate) fn function_name(m: &CheckedModule, info: &OpInfo, ov: &Overload) -> String {
    let mut name = String::from(info.function());
    match ov {
        Overload::One(OvTy::Void) => {}
        Overload::One(t) => {
            name.push('.');
            type_name(m, *t, &mut name, 0);
        }
        Overload::Many(tys) => {
            name.push('.');
            for (i, t) in tys.iter().enumerate() {
                if i > 0 {
                    name.push('.');
                }
                type_name(m, *t, &mut name, 0);
            }
        }
    }
    name
}

/// An overload type's name in function names (`OP::GetTypeName`): `f32`, `v4f32`, a struct's
/// name (`m` and the shape for a LinAlg matrix), the pointee's for a pointer.
fn type_name(m: &CheckedModule, t: OvTy, out: &mut String, depth: usize) {
    let t = match t {
        OvTy::Scalar(s) => return out.push_str(s.suffix()),
        OvTy::Void => return out.push_str("void"),
        OvTy::Ir(t) => t,
    };
    match m.ty(t) {
        TypeData::Pointer { pointee, .. } if depth < MAX_DEPTH => match m.ty(*pointee) {
            TypeData::Struct(st) => out.push_str(util::struct_name(st)),
            _ => type_name(m, OvTy::of(m, *pointee), out, depth + 1),
        },
        TypeData::Struct(st) => match &st.name {
            Some(n) => match n.strip_prefix("dx.types.LinAlgMatrix") {
                Some(shape) => {
                    out.push('m');
                    out.push_str(shape);
                }
                None => out.push_str(n),
            },
            None if depth < MAX_DEPTH => {
                for (i, e) in st.elems.iter().enumerate() {
                    if i > 0 {
                        out.push('.');
                    }
                    type_name(m, OvTy::of(m, *e), out, depth + 1);
                }
            }
            None => {}
        },
        TypeData::Vector { len, elem } => {
            out.push('v');
            out.push_str(&len.to_string());
            type_name(m, OvTy::of(m, *elem), out, depth + 1);
        }
        _ => out.push_str(&crate::util::type_text(m, t)),
    }
}

/// The most recent use of a function (LLVM's first user), as the reference's loader reads
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FirstUser {
    /// The function is not used.
    None,
    /// A use other than a call: the loader's cast of it to a call fails.
    Other,
    /// A call, with its opcode when the first argument is an integer constant below
    /// `0xFFFFFFFF`.
    Call(Option<u32>),
}

impl FirstUser {
    /// The opcode the loader reads (`None` for an unused function or an invalid opcode).
    fn opcode(self) -> Result<Option<u32>, CastFailure> {
        match self {
            FirstUser::None => Ok(None),
            FirstUser::Other => Err(CastFailure),
            FirstUser::Call(op) => Ok(op),
        }
    }
}

/// Whether some overload position of `info` takes a user-defined type or an object
/// (`OP::MayHaveNonCanonicalOverload`): the struct in the function's name may have been
/// renamed when modules were linked.
fn may_have_non_canonical_overload(info: &OpInfo) -> bool {
    info.overloads() != "v"
        && info.overloads().split(',').any(|group| {
            let set = OverloadSet::parse(group);
            set.allows_udt() || set.allows_object()
        })
}

/// The names the reference gives `dx.op.*` declarations when it loads a module
/// (`OP::FixOverloadNames`): a declaration of an operation overloaded on a user-defined type
/// or an object, whose overload (read for the opcode of its most recent call, `first_call`)
/// is allowed, takes the operation's function name for that overload; when a global value
/// already has that name, the name with the next number appended (as LLVM's symbol table
/// makes names unique). Returns the renamed functions in module order.
pub(crate) fn canonical_names(
    m: &CheckedModule,
    first_user: impl Fn(Function) -> FirstUser,
) -> Result<Vec<(Function, String)>, CastFailure> {
    let mut renames = Vec::new();
    let mut names: Option<HashSet<&str>> = None;
    let mut added: Vec<String> = Vec::new();
    let mut last_unique = 0u32;
    for (f, data) in m.functions.iter_with_ids() {
        let Some(name) = m.name_of(data.common.name) else {
            continue;
        };
        if data.body.is_some() || !name.starts_with("dx.op.") {
            continue;
        }
        let Some(info) = first_user(f).opcode()?.and_then(dxil_ops::op_info) else {
            continue;
        };
        if !may_have_non_canonical_overload(info) {
            continue;
        }
        let Some(ov) = overload_type(m, info, data.fn_ty)? else {
            continue;
        };
        if !is_overload_legal(m, info, &ov) {
            continue;
        }
        let canonical = function_name(m, info, &ov);
        if canonical == name {
            continue;
        }
        // Functions, variables and aliases share the module's symbol table.
        let names = names.get_or_insert_with(|| {
            let functions = m.functions.iter_with_ids().map(|(_, d)| &d.common);
            let globals = m.globals.iter_with_ids().map(|(_, d)| &d.common);
            let aliases = m.aliases.iter_with_ids().map(|(_, d)| &d.common);
            functions
                .chain(globals)
                .chain(aliases)
                .filter_map(|c| m.name_of(c.name))
                .collect()
        });
        names.remove(name);
        let taken =
            |n: &str, names: &HashSet<&str>| names.contains(n) || added.iter().any(|a| a == n);
        let mut unique = canonical.clone();
        while taken(&unique, names) {
            last_unique += 1;
            unique = format!("{canonical}{last_unique}");
        }
        added.push(unique.clone());
        renames.push((f, unique));
    }
    Ok(renames)
}

/// A function of the reference's table: one of the module, or one the reference declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpFn {
    /// A function of the module.
    Module(Function),
    /// The `n`-th function the reference added.
    Added(usize),
}

/// The reference's table of operation functions, replayed.
pub(crate) struct OpFunctions<'m> {
    /// (class, overload) -> function.
    table: HashMap<(&'static str, Overload), OpFn>,
    /// The module functions in the table, by class.
    members: HashSet<(&'static str, Function)>,
    /// Every `dx.op.*` function of the module by name.
    by_name: HashMap<&'m str, Function>,
    /// Names of the functions the reference declared, in order.
    added: Vec<String>,
    added_by_name: HashMap<String, usize>,
    /// The module's scalar types, by [`Scalar`] in declaration order (for overload slots).
    scalars: [Option<Type>; 8],
}

fn scalar_index(s: Scalar) -> usize {
    match s {
        Scalar::Half => 0,
        Scalar::Float => 1,
        Scalar::Double => 2,
        Scalar::I1 => 3,
        Scalar::I8 => 4,
        Scalar::I16 => 5,
        Scalar::I32 => 6,
        Scalar::I64 => 7,
    }
}

impl<'m> OpFunctions<'m> {
    /// The table as the reference has it after loading the module (`OP::RefreshCache`):
    /// each `dx.op.*` function with a use, in module order, looked up for the opcode of its
    /// most recent call (`first_user`) and the overload it carries. A function whose most
    /// recent use is no call stops the reference's loader.
    pub(crate) fn load(
        m: &'m CheckedModule,
        first_user: impl Fn(Function) -> FirstUser,
    ) -> Result<Self, CastFailure> {
        let mut scalars = [None; 8];
        for (t, td) in m.types.iter_with_ids() {
            if let Some(s) = Scalar::from_ir(td) {
                scalars[scalar_index(s)].get_or_insert(t);
            }
        }
        let mut by_name = HashMap::new();
        for (f, data) in m.functions.iter_with_ids() {
            if let Some(name) = m.name_of(data.common.name) {
                by_name.entry(name).or_insert(f);
            }
        }
        let mut table = OpFunctions {
            table: HashMap::new(),
            members: HashSet::new(),
            by_name,
            added: Vec::new(),
            added_by_name: HashMap::new(),
            scalars,
        };
        for (f, data) in m.functions.iter_with_ids() {
            if !m
                .name_of(data.common.name)
                .is_some_and(|n| n.starts_with("dx.op."))
            {
                continue;
            }
            let Some(info) = first_user(f).opcode()?.and_then(dxil_ops::op_info) else {
                continue;
            };
            if let Some(ov) = overload_type(m, info, data.fn_ty)? {
                table.get(m, info, &ov);
            }
        }
        Ok(table)
    }

    /// Whether module function `f` is in the table for operation `info`'s class
    /// (`OP::GetOpFuncList`).
    pub(crate) fn is_function_of(&self, info: &OpInfo, f: Function) -> bool {
        self.members.contains(&(info.class(), f))
    }

    /// The overload slots of `ov` as the module's types (`None` where the module has no
    /// such scalar type, or the position is `void`).
    pub(crate) fn slots(&self, ov: &Overload) -> [Option<Type>; MAX_OVERLOADS] {
        let ty = |t: &OvTy| match *t {
            OvTy::Void => None,
            OvTy::Scalar(s) => self.scalars[scalar_index(s)],
            OvTy::Ir(t) => Some(t),
        };
        let mut slots = [None; MAX_OVERLOADS];
        match ov {
            Overload::One(t) => slots[0] = ty(t),
            Overload::Many(tys) => {
                for (slot, t) in slots.iter_mut().zip(tys.iter()) {
                    *slot = ty(t);
                }
            }
        }
        slots
    }

    /// The function of operation `info` for overload `ov` (`OP::GetOpFunc`), adding it to
    /// the table: the one already there; else the module's function of that name when its
    /// type is the operation's (none when it is not); else a function the reference
    /// declares.
    pub(crate) fn get(
        &mut self,
        m: &CheckedModule,
        info: &'static OpInfo,
        ov: &Overload,
    ) -> Option<OpFn> {
        let dims = overload_dims(info);
        if dims > 1 && !matches!(ov, Overload::Many(tys) if tys.len() == dims) {
            return None;
        }
        let class = info.class();
        if let Some(f) = self.table.get(&(class, ov.clone())) {
            return Some(*f);
        }
        let name = function_name(m, info, ov);
        let found = match self.by_name.get(name.as_str()) {
            Some(&g) => {
                let fn_ty = m.functions.get(g)?.fn_ty;
                if !dxil_ops::function_type_matches(m, info, fn_ty, &self.slots(ov)) {
                    return None;
                }
                self.members.insert((class, g));
                OpFn::Module(g)
            }
            None => match self.added_by_name.get(&name) {
                Some(&i) => OpFn::Added(i),
                None => {
                    self.added.push(name.clone());
                    self.added_by_name.insert(name, self.added.len() - 1);
                    OpFn::Added(self.added.len() - 1)
                }
            },
        };
        self.table.insert((class, ov.clone()), found);
        Some(found)
    }

    /// The name of a function of the table.
    pub(crate) fn name<'a>(&'a self, m: &'a CheckedModule, f: OpFn) -> &'a str {
        match f {
            OpFn::Module(g) => util::llvm_name(m, &m.function(g).common),
            // The table made this index when it declared the function.
            OpFn::Added(i) => &self.added[i],
        }
    }

    /// The functions the reference declared, in order.
    pub(crate) fn added(&self) -> &[String] {
        &self.added
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_ir::{FunctionData, GlobalCommon, Module, StructType};
    use dxil_ops::{LowPrecision, Ty, CORE_OPS, EXPERIMENTAL_OPS};

    /// Interns `data` in `m`'s type table.
    fn intern(m: &mut Module, data: TypeData) -> Type {
        m.find_type(&data).unwrap_or_else(|| m.types.push(data))
    }

    /// `ty` in `m`; the structs a signature names get a body whose first element is
    /// `first` (what the return structs of the overloads hold).
    fn ir(m: &mut Module, ty: &Ty, first: Option<Type>) -> Type {
        let data = match ty {
            Ty::Void => TypeData::Void,
            Ty::Scalar(s) => scalar_data(*s),
            Ty::Vector(n, s) => {
                let elem = intern(m, scalar_data(*s));
                TypeData::Vector {
                    len: u64::from(*n),
                    elem,
                }
            }
            Ty::Pointer(p, a) => TypeData::Pointer {
                pointee: ir(m, p, first),
                addrspace: *a,
            },
            Ty::Struct(name) => {
                let i32_ty = intern(m, TypeData::Int(32));
                let elems = vec![first.unwrap_or(i32_ty), i32_ty];
                TypeData::Struct(StructType {
                    name: Some(name.clone()),
                    identified: true,
                    packed: false,
                    opaque: false,
                    elems: elems.into(),
                })
            }
        };
        intern(m, data)
    }

    fn scalar_data(s: Scalar) -> TypeData {
        match s {
            Scalar::Half => TypeData::Half,
            Scalar::Float => TypeData::Float,
            Scalar::Double => TypeData::Double,
            Scalar::I1 => TypeData::Int(1),
            Scalar::I8 => TypeData::Int(8),
            Scalar::I16 => TypeData::Int(16),
            Scalar::I32 => TypeData::Int(32),
            Scalar::I64 => TypeData::Int(64),
        }
    }

    /// One overload the database allows for each position of `info`: the first scalar
    /// letter, else a vector of the first vector letter, else a pointer to a struct (`u`) or
    /// a LinAlg matrix (`o`).
    fn some_overloads(info: &OpInfo) -> Vec<Ty> {
        if info.overloads() == "v" {
            return Vec::new();
        }
        info.overloads()
            .split(',')
            .map(|group| {
                let (scalars, vectors) = group.split_once('<').unwrap_or((group, ""));
                let letter = |c: u8| match c {
                    b'h' => Some(Scalar::Half),
                    b'f' => Some(Scalar::Float),
                    b'd' => Some(Scalar::Double),
                    b'1' => Some(Scalar::I1),
                    b'8' => Some(Scalar::I8),
                    b'w' => Some(Scalar::I16),
                    b'i' => Some(Scalar::I32),
                    b'l' => Some(Scalar::I64),
                    _ => None,
                };
                if let Some(s) = scalars.bytes().find_map(letter) {
                    Ty::Scalar(s)
                } else if let Some(s) = vectors.bytes().find_map(letter) {
                    Ty::Vector(4, s)
                } else if scalars.contains('u') {
                    Ty::Pointer(Box::new(Ty::Struct("struct.Payload".into())), 0)
                } else {
                    Ty::Struct("dx.types.LinAlgMatrixC4M4N4U0S2".into())
                }
            })
            .collect()
    }

    /// For every operation, the declaration the project's signature builder makes for an
    /// allowed overload reads back as that overload, allowed, named and typed as the
    /// operation's function: the replayed table finds it rather than declaring another.
    #[test]
    fn declarations_read_back_as_their_overloads() {
        let mut checked = 0;
        for info in CORE_OPS.iter().chain(EXPERIMENTAL_OPS.iter()) {
            if info.flags.contains(dxil_ops::OpFlags::RESERVED) {
                continue;
            }
            let overloads = some_overloads(info);
            let Ok(sig) = info.function_signature(&overloads, LowPrecision::Minimum) else {
                panic!("{}: no signature for {overloads:?}", info.name());
            };
            let mut m = Module::default();
            let first = overloads.first().map(|t| ir(&mut m, t, None));
            let first = match overloads.first() {
                Some(Ty::Pointer(..)) | None => None,
                _ => first,
            };
            let ret = ir(&mut m, &sig.ret, first);
            let params: Vec<Type> = sig.params.iter().map(|p| ir(&mut m, p, first)).collect();
            let fn_ty = intern(
                &mut m,
                TypeData::Function {
                    ret,
                    params: params.into(),
                    vararg: false,
                },
            );
            let common = GlobalCommon {
                name: Some(m.intern(&sig.name)),
                ..GlobalCommon::new(fn_ty)
            };
            let f = m
                .functions
                .push(FunctionData::declaration(common, fn_ty, 0));
            let m = CheckedModule::new(m).expect("the test builds ids from its own arenas");
            let Ok(Some(ov)) = overload_type(&m, info, fn_ty) else {
                panic!("{}: no overload read", info.name());
            };
            assert!(is_overload_legal(&m, info, &ov), "{}: {ov:?}", info.name());
            assert_eq!(function_name(&m, info, &ov), sig.name, "{}", info.name());
            let mut table = OpFunctions::load(&m, |_| FirstUser::None).expect("loads");
            assert_eq!(
                table.get(&m, info, &ov),
                Some(OpFn::Module(f)),
                "{}",
                info.name()
            );
            assert!(table.is_function_of(info, f));
            assert!(table.added().is_empty());
            checked += 1;
        }
        assert!(checked > 300, "{checked}");
    }
}
