//! Global variables (`ValidateGlobalVariables`; DXIL.rst "Global Variables", "Thread Group
//! Shared Memory"): internal globals are used and of DXIL types, external ones are not read
//! by instructions, and the group shared memory each entry reaches (directly or through the
//! functions it calls) fits its stage's limit.

use std::collections::{HashMap, HashSet};

use dxil_container::ShaderKind;
use dxil_ir::CheckedModule;
use dxil_ir::{
    decode_linkage, CastOp, Const, ConstKind, Function, Global, Inst, Linkage, TypeData, ValueRef,
};
use dxil_module::layout::DataLayout;
use dxil_module::md::Md;
use dxil_ops::ValidationRule as R;

use super::instr::alloc_size_u32;
use super::instr::ADDR_TGSM;
use super::props::{Entries, FnProps};
use super::types::TypeCheck;
use crate::context::Ctx;
use crate::util;

/// The first instruction through which a walk from a global reached a function.
type FirstUser = Option<(Function, Inst)>;

/// Group shared memory limits (DXIL.rst "Thread Group Shared Memory"): 32 KB for compute,
/// amplification and node shaders, 28 KB for mesh shaders.
const MAX_TGSM: u32 = 8192 * 4;
const MAX_MS_TGSM: u32 = 1024 * 28;

/// Something that uses a value, as LLVM's use lists hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum User {
    Inst(Function, Inst),
    Const(Const),
    /// A global variable (through its initializer).
    Global(Global),
    /// A function (through its prologue, prefix or personality).
    Function(Function),
}

/// The users of every global value and constant, in the order LLVM creates them when it
/// reads a module (module constants, global initializers, then each body's constants and
/// instructions).
struct UserIndex {
    users: HashMap<ValueRef, Vec<User>>,
}

impl UserIndex {
    fn new(m: &CheckedModule) -> UserIndex {
        let mut users: HashMap<ValueRef, Vec<User>> = HashMap::new();
        let mut add = |v: ValueRef, u: User| {
            if matches!(
                v,
                ValueRef::Global(_)
                    | ValueRef::Function(_)
                    | ValueRef::Alias(_)
                    | ValueRef::Const(_)
            ) {
                users.entry(v).or_default().push(u);
            }
        };
        // The constants arena holds the module's constants, then each body's, in the order
        // read.
        for (c, d) in m.constants.iter_with_ids() {
            d.kind
                .for_each_operand(&m.pools, |v| add(v, User::Const(c)));
        }
        for (g, data) in m.globals.iter_with_ids() {
            if let Some(init) = data.initializer {
                add(init, User::Global(g));
            }
        }
        for (f, data) in m.functions.iter_with_ids() {
            for v in [data.prologue, data.prefix, data.personality]
                .into_iter()
                .flatten()
            {
                add(v, User::Function(f));
            }
        }
        for (f, data) in m.functions.iter_with_ids() {
            let Some(body) = &data.body else { continue };
            for block in body.blocks.iter() {
                for &i in &block.insts {
                    if let Some(d) = body.inst(i) {
                        d.kind
                            .for_each_operand(&body.pool, |v| add(*v, User::Inst(f, i)));
                    }
                }
            }
        }
        UserIndex { users }
    }

    fn of(&self, v: ValueRef) -> &[User] {
        self.users.get(&v).map_or(&[], |u| u.as_slice())
    }
}

/// `getMaxTGSM`: the explicit limit, or the stage's.
fn max_tgsm(p: &FnProps) -> u32 {
    if let Some(l) = p.group_shared_limit.filter(|&l| l as i32 >= 0) {
        return l;
    }
    match p.kind {
        ShaderKind::Compute | ShaderKind::Amplification | ShaderKind::Node => MAX_TGSM,
        _ if p.is_node() => MAX_TGSM,
        ShaderKind::Mesh => MAX_MS_TGSM,
        _ => 0,
    }
}

/// The resource globals of the module (a library's resource records name them; from shader
/// model 6.6 on, through the bitcast to the resource's HLSL type).
fn resource_globals(ctx: &Ctx, sm66: bool) -> HashSet<Global> {
    let m = ctx.m;
    let mut out = HashSet::new();
    if let Some(res) = &ctx.md.resources {
        for r in res.all() {
            let Md::Value { value, .. } = &r.base.symbol else {
                continue;
            };
            let mut v = *value;
            if sm66 {
                if let ValueRef::Const(c) = v {
                    if let ConstKind::Cast {
                        op: CastOp::BitCast,
                        value,
                    } = &m.constant(c).kind
                    {
                        v = *value;
                    }
                }
            }
            if let ValueRef::Global(g) = v {
                out.insert(g);
            }
        }
    }
    out
}

/// `ValidateGlobalVariables`.
pub(crate) fn validate(ctx: &mut Ctx) {
    let m = ctx.m;
    if m.globals.is_empty() {
        return;
    }
    let entries = Entries::new(ctx);
    let sm = ctx
        .md
        .shader_model
        .as_ref()
        .map_or((0, 0), |s| (s.major, s.minor));
    let mut types = TypeCheck::new(entries.is_lib, sm >= (6, 9), entries.use_min_precision());
    let index = UserIndex::new(m);
    let resources = if entries.is_lib {
        resource_globals(ctx, sm >= (6, 6))
    } else {
        HashSet::new()
    };
    let layout = DataLayout::of(m);
    // Group shared bytes each function reaches, and per entry the first instruction through
    // which each global pushed it over its limit.
    let mut tgsm_in: HashMap<Function, u32> = HashMap::new();
    let mut overages: HashMap<Function, Vec<(Global, FirstUser)>> = HashMap::new();
    for (g, data) in m.globals.iter_with_ids() {
        global_variable(ctx, &mut types, &index, &resources, entries.is_lib, g);
        if data.addrspace != ADDR_TGSM {
            continue;
        }
        let size = alloc_size_u32(&layout, m, data.value_ty);
        // The reference's worklist: users of constants are followed, an instruction counts
        // the global once for its function and continues with the function's users (its
        // callers); the first instruction met is the one reported.
        let mut done: HashSet<Function> = HashSet::new();
        let mut work: Vec<(User, FirstUser)> = Vec::new();
        let push_users = |work: &mut Vec<_>, v: ValueRef, first: FirstUser| {
            // LLVM lists the newest use first and the worklist pops from the back: the
            // oldest user is handled first.
            for &u in index.of(v).iter().rev() {
                let first = match (first, u) {
                    (None, User::Inst(f, i)) => Some((f, i)),
                    (first, _) => first,
                };
                work.push((u, first));
            }
        };
        push_users(&mut work, ValueRef::Global(g), None);
        // Handling a user twice with the same first instruction adds nothing; remembering
        // the pairs also ends the walk where globals' initializers refer to each other.
        let mut seen: HashSet<(User, FirstUser)> = HashSet::new();
        while let Some((u, first)) = work.pop() {
            if !seen.insert((u, first)) {
                continue;
            }
            match u {
                User::Const(c) => push_users(&mut work, ValueRef::Const(c), first),
                User::Global(g2) => push_users(&mut work, ValueRef::Global(g2), first),
                User::Function(f2) => push_users(&mut work, ValueRef::Function(f2), first),
                User::Inst(f, i) => {
                    if !done.insert(f) {
                        continue;
                    }
                    let first = first.or(Some((f, i)));
                    push_users(&mut work, ValueRef::Function(f), first);
                    let total = tgsm_in.entry(f).or_insert(0);
                    *total = total.wrapping_add(size);
                    let total = *total;
                    let over = match entries.of(f) {
                        Some(p) => total > max_tgsm(p),
                        None => entries.patch_constant.contains(&f),
                    };
                    if over {
                        let list = overages.entry(f).or_default();
                        if !list.iter().any(|(x, _)| *x == g) {
                            list.push((g, first));
                        }
                    }
                }
            }
        }
    }
    let report = |ctx: &mut Ctx, f: Function| {
        // A function no group shared global reaches has nothing to report.
        let Some(&size) = tgsm_in.get(&f) else { return };
        if size == 0 {
            return;
        }
        let is_patch = entries.patch_constant.contains(&f);
        let props = entries.of(f);
        let kind = match props {
            Some(p) => p.kind,
            None if is_patch => ShaderKind::Invalid,
            None => return,
        };
        let Some(list) = overages.get(&f) else { return };
        let (max, rule) = match props.filter(|_| !is_patch) {
            Some(p) => (
                max_tgsm(p),
                if p.group_shared_limit.is_some_and(|l| l as i32 != -1) {
                    R::SmExplicitTGSMSizeOnEntry
                } else {
                    R::SmMaxTGSMSizeOnEntry
                },
            ),
            None => (0, R::SmMaxTGSMSizeOnEntry),
        };
        let tgsm_entry = matches!(
            kind,
            ShaderKind::Compute | ShaderKind::Amplification | ShaderKind::Mesh | ShaderKind::Node
        );
        let name = ctx.function_name(f);
        for &(_, first) in list {
            let Some((uf, ui)) = first else { continue };
            if !tgsm_entry {
                ctx.inst_error(
                    uf,
                    ui,
                    R::SmTGSMUnsupported,
                    &["from non-compute entry points"],
                );
            } else {
                ctx.inst_error(uf, ui, rule, &[&name, &size.to_string(), &max.to_string()]);
            }
        }
    };
    if entries.is_lib {
        for (f, data) in m.functions.iter_with_ids() {
            if data.body.is_some()
                && (entries.of(f).is_some() || entries.patch_constant.contains(&f))
            {
                report(ctx, f);
            }
        }
    } else {
        if let Some(f) = entries.entry {
            report(ctx, f);
        }
        if ctx.md.shader_kind() == Some(ShaderKind::Hull) {
            if let Some(pc) = entries.entry_patch_constant {
                report(ctx, pc);
            }
        }
    }
}

/// `ValidateGlobalVariable`: internal globals (statics, group shared memory, a library's
/// resources) must be used and be of DXIL types; external ones may not be read by
/// instructions.
fn global_variable(
    ctx: &mut Ctx,
    types: &mut TypeCheck,
    index: &UserIndex,
    resources: &HashSet<Global>,
    is_lib: bool,
    g: Global,
) {
    let m = ctx.m;
    let data = m.global(g);
    let internal_linkage =
        decode_linkage(u64::from(data.common.linkage)) == Some(Linkage::Internal);
    let is_static = internal_linkage && data.addrspace == 0;
    let is_shared = data.addrspace == ADDR_TGSM;
    let mut internal = is_static || is_shared;
    let name = util::llvm_name(m, &data.common);
    if is_lib {
        internal |= resources.contains(&g);
        // The library's helper-lane flag.
        if name == "dx.ishelper" && matches!(m.ty(data.value_ty), TypeData::Int(32)) {
            internal = true;
        }
    }
    let users = index.of(ValueRef::Global(g));
    if !internal {
        if users.iter().any(|u| matches!(u, User::Inst(..))) {
            ctx.error(R::DeclNotUsedExternal, &[name]);
        }
    } else {
        if users.is_empty() {
            ctx.error(R::DeclUsedInternal, &[name]);
        }
        if is_static || is_shared {
            types.check(ctx, data.value_ty);
        }
    }
}
