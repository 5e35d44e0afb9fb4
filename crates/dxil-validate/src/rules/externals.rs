//! Declared functions (`ValidateExternalFunction`; DXIL.rst "Operations" and the `DECL.*`,
//! `INSTR.OLOAD`, `INSTR.CALLOLOAD`, `SM.OPCODE` rules): outside libraries every
//! declaration is a DXIL operation function; none is unused or used other than by calls;
//! and each call of a `dx.op.*` function carries an overload the operation allows, calls the
//! function the operation's table gives for it, and uses an operation the shader model and
//! stage allow. A call that passes all of this gets the per-operation checks
//! ([`super::function::dx_op`]), in the order the reference visits calls: declaration by
//! declaration, each one's calls in program order.

use std::collections::{HashMap, HashSet};

use dxil_container::ShaderKind;
use dxil_ir::{CheckedModule, Function, Inst, InstKind, ValueRef};
use dxil_ops::{op_info, DxCall, DxOp, OpInfo, OpTable, ValidationRule as R};

use super::entry_kinds::EntryKinds;
use super::function::{self, Site};
use super::oload::{self, FirstUser, OpFn, OpFunctions, Overload, CAST_FAILURE};
use crate::context::Ctx;
use crate::util;

/// One use of a function.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Use {
    /// As the callee of call `inst` in block `block` of function `f`.
    Call {
        /// The calling function.
        f: Function,
        /// Index of the call's block.
        block: usize,
        /// The call.
        inst: Inst,
    },
    /// Anything else: an argument or operand of an instruction, a constant, an initializer.
    Other,
}

/// The uses of every function, in the order they were made as the module was read
/// (constants and initializers first, then instructions in program order): the reverse of
/// LLVM's use-list order, so the last call in program order is what the reference calls a
/// function's first user.
pub(crate) struct Uses {
    by_fn: HashMap<Function, Vec<Use>>,
}

impl Uses {
    /// Collects the uses of every function of `m`.
    pub(crate) fn collect(m: &CheckedModule) -> Uses {
        let mut by_fn: HashMap<Function, Vec<Use>> = HashMap::new();
        let other = |v: ValueRef, by_fn: &mut HashMap<Function, Vec<Use>>| {
            if let ValueRef::Function(g) = v {
                by_fn.entry(g).or_default().push(Use::Other);
            }
        };
        // A constant is one user however many bodies list it (each body's constants block
        // may repeat a module constant): each distinct constant counts once.
        let mut seen: HashSet<ConstKey<'_>> = HashSet::new();
        for c in m.constants.iter_with_ids().map(|(_, c)| c) {
            let mut refs_function = false;
            c.kind.for_each_operand(&m.pools, |v| {
                refs_function |= matches!(v, ValueRef::Function(_))
            });
            if refs_function && seen.insert(ConstKey::of(m, c)) {
                c.kind.for_each_operand(&m.pools, |v| other(v, &mut by_fn));
            }
        }
        for g in m.globals.iter_with_ids().map(|(_, g)| g) {
            if let Some(init) = g.initializer {
                other(init, &mut by_fn);
            }
        }
        for a in m.aliases.iter_with_ids().map(|(_, a)| a) {
            other(a.aliasee, &mut by_fn);
        }
        for (f, data) in m.functions.iter_with_ids() {
            let Some(body) = &data.body else { continue };
            for (block, inst, data) in util::insts(body) {
                match &data.kind {
                    InstKind::Call { callee, args, .. } => {
                        if let ValueRef::Function(g) = *callee {
                            by_fn
                                .entry(g)
                                .or_default()
                                .push(Use::Call { f, block, inst });
                        } else {
                            other(*callee, &mut by_fn);
                        }
                        for a in body.values(*args) {
                            other(*a, &mut by_fn);
                        }
                    }
                    kind => kind.for_each_operand(&body.pool, |v| other(*v, &mut by_fn)),
                }
            }
        }
        Uses { by_fn }
    }

    /// The uses of `f`, oldest first.
    pub(crate) fn of(&self, f: Function) -> &[Use] {
        self.by_fn.get(&f).map_or(&[], Vec::as_slice)
    }

    /// The most recent use of `f` (LLVM's first user) as the reference's loader reads it:
    /// a call with the opcode of its integer constant first argument (`OP::getOpCode`), or
    /// another use.
    pub(crate) fn first_user(&self, m: &CheckedModule, f: Function) -> FirstUser {
        let Some(&last) = self.of(f).last() else {
            return FirstUser::None;
        };
        let Use::Call {
            f: caller, inst, ..
        } = last
        else {
            return FirstUser::Other;
        };
        let opcode = m
            .functions
            .get(caller)
            .and_then(|d| d.body.as_ref())
            .and_then(|b| Some((b, b.inst(inst)?)))
            .and_then(|(b, data)| match &data.kind {
                InstKind::Call { args, .. } => b.values(*args).first().copied(),
                _ => None,
            })
            .and_then(|a| util::const_uint(m, a))
            .and_then(|v| u32::try_from(v).ok())
            .filter(|&v| v != u32::MAX);
        FirstUser::Call(opcode)
    }
}

/// What the function walk shares between the body rules and the declaration rules.
pub(crate) struct State<'m> {
    /// Uses of every function.
    pub uses: Uses,
    /// The reference's table of operation functions.
    pub ops: OpFunctions<'m>,
    /// Entries and their stages.
    pub kinds: EntryKinds,
}

impl<'m> State<'m> {
    /// Reads the uses, the entries, and the operation function table as the reference has
    /// it after loading `ctx`'s module; `None` (and `ctx` aborted) when the reference's
    /// loader would stop.
    pub(crate) fn new(ctx: &mut Ctx<'m>) -> Option<State<'m>> {
        let m = ctx.m;
        let uses = Uses::collect(m);
        let Ok(ops) = OpFunctions::load(m, |f| uses.first_user(m, f)) else {
            ctx.abort(CAST_FAILURE);
            return None;
        };
        Some(State {
            uses,
            ops,
            kinds: EntryKinds::read(ctx),
        })
    }
}

/// Whether `f` is a DXIL operation function by the reference's test (`IsDxilFunction`): a
/// `dx.op.` name and at least one parameter (the opcode).
pub(crate) use super::instr::is_dxil_function;

/// `ValidateExternalFunction` for declaration `f`.
pub(crate) fn validate(ctx: &mut Ctx, st: &mut State, f: Function) {
    let m = ctx.m;
    let name = util::llvm_name(m, &m.function(f).common);
    // Lifetime markers are allowed from DXIL 1.6 (shader model 6.6) on; their uses are not
    // checked here.
    if ctx.dxil_version >= (1, 6) && matches!(name, "llvm.lifetime.start" | "llvm.lifetime.end") {
        return;
    }
    if !is_dxil_function(m, f) && !st.kinds.is_lib() {
        ctx.fn_error(f, R::DeclDxilFnExtern, &[name]);
        return;
    }
    let uses = st.uses.of(f);
    if uses.is_empty() {
        ctx.fn_error(f, R::DeclUsedExternalFunction, &[name]);
        return;
    }
    let is_dx_op = name.starts_with("dx.op.");
    // Owned copies: the checks below borrow the state mutably.
    let uses: Vec<Use> = uses.to_vec();
    for u in uses {
        let Use::Call {
            f: caller,
            block,
            inst,
        } = u
        else {
            ctx.fn_error(f, R::DeclFnIsCalled, &[name]);
            continue;
        };
        if is_dx_op {
            call(ctx, st, f, caller, block, inst);
        }
    }
}

/// The checks of one call of `dx.op.*` declaration `decl`.
fn call(ctx: &mut Ctx, st: &mut State, decl: Function, caller: Function, block: usize, inst: Inst) {
    let m = ctx.m;
    let Some(body) = m.functions.get(caller).and_then(|d| d.body.as_ref()) else {
        return;
    };
    let Some(data) = body.inst(inst) else { return };
    let InstKind::Call { args, .. } = &data.kind else {
        return;
    };
    let args = body.values(*args);
    // A call without an immediate, known opcode is reported by the body rules.
    let Some(opcode) = args.first().and_then(|&a| util::const_uint(m, a)) else {
        return;
    };
    let Some(info) = op_info(opcode as u32) else {
        return;
    };
    if info.table != OpTable::Core && !ctx.is_prerelease_shader_model() {
        return;
    }
    let Some(decl_data) = m.functions.get(decl) else {
        return;
    };
    let ov = if oload::is_overload_legal(m, info, &Overload::VOID) {
        Overload::VOID
    } else {
        match oload::overload_type(m, info, decl_data.fn_ty) {
            Ok(Some(ov)) if oload::is_overload_legal(m, info, &ov) => ov,
            Ok(_) => return ctx.inst_error(caller, inst, R::InstrOload, &[]),
            Err(_) => return ctx.abort(CAST_FAILURE),
        }
    };
    let Some(op_fn) = st.ops.get(m, info, &ov) else {
        return ctx.inst_error(caller, inst, R::InstrOload, &[]);
    };
    let slots = st.ops.slots(&ov);
    let same_type = match op_fn {
        OpFn::Module(g) => m
            .functions
            .get(g)
            .is_some_and(|g| g.fn_ty == decl_data.fn_ty),
        OpFn::Added(_) => dxil_ops::function_type_matches(m, info, decl_data.fn_ty, &slots),
    };
    if !same_type {
        let op_name = st.ops.name(m, op_fn).to_string();
        return ctx.inst_error(caller, inst, R::InstrCallOload, &[&op_name]);
    }
    if !in_profile(ctx, st, info, caller, inst) {
        return;
    }
    let Some(op) = DxOp::from_args(info.opcode, &args[1..]) else {
        return;
    };
    let call = DxCall {
        op,
        overloads: slots,
        callee: decl,
    };
    let site = Site {
        f: caller,
        body,
        inst,
        data,
        block,
    };
    function::dx_op(ctx, st, &site, &call);
}

/// `SM.OPCODE`: the operation exists in the shader model and is allowed in the stage the
/// call is judged by (in a library, the stage of the entry the function is, named after the
/// model: `lib_6_3(ps)`, `lib_6_3(lib)` for library code).
fn in_profile(ctx: &mut Ctx, st: &State, info: &OpInfo, caller: Function, inst: Inst) -> bool {
    let Some(stage) = st.kinds.stage_of(caller) else {
        return true;
    };
    let (major, minor) = st.kinds.sm_version;
    let (op_major, op_minor) = info.shader_model;
    let model_ok = (major, minor) >= (u32::from(op_major), u32::from(op_minor));
    if model_ok && info.stages.allows(stage) {
        return true;
    }
    let model = if st.kinds.is_lib() {
        format!("{}({})", st.kinds.sm_name, kind_name(stage))
    } else {
        st.kinds.sm_name.clone()
    };
    ctx.inst_error(caller, inst, R::SmOpcode, &[info.name(), &model]);
    false
}

/// `ShaderModel::GetKindName`.
fn kind_name(kind: ShaderKind) -> &'static str {
    kind.profile_prefix()
}

/// Reports the functions the reference declared while validating (each is unused), after
/// the module's own functions, as the reference visits them.
pub(crate) fn added_functions(ctx: &mut Ctx, st: &State) {
    for name in st.ops.added() {
        ctx.fn_error_named(name, R::DeclUsedExternalFunction, &[name]);
    }
}

/// A constant compared by content: its operand lists by their entries (equal constants of
/// different bodies' blocks have their lists at different places in the module's pools).
#[derive(PartialEq, Eq, Hash)]
enum ConstKey<'m> {
    Plain(&'m dxil_ir::ConstData),
    Aggregate(dxil_ir::Type, &'m [ValueRef]),
    Gep(dxil_ir::Type, bool, Option<dxil_ir::Type>, &'m [ValueRef]),
}

impl<'m> ConstKey<'m> {
    fn of(m: &'m dxil_ir::Module, c: &'m dxil_ir::ConstData) -> Self {
        match &c.kind {
            dxil_ir::ConstKind::Aggregate(r) => ConstKey::Aggregate(c.ty, m.list(*r)),
            dxil_ir::ConstKind::Gep {
                inbounds,
                source_ty,
                operands,
            } => ConstKey::Gep(c.ty, *inbounds, *source_ty, m.list(*operands)),
            _ => ConstKey::Plain(c),
        }
    }
}
