//! Entry compatibility (DXIL.rst "Shader Model" and the derivative and barrier rules; the
//! reference's `ValidateEntryCompatibility`): each entry function and the functions it
//! calls must only use operations its stage and shader model allow (the op database's stages
//! and minimum models, [`dxil_gen::rdat::compat`]), derivatives only where the launch
//! mode, thread group shape and shader model allow them, and group operations only where
//! there is a group.
//!
//! A conflict is reported on the function that introduces it, the deepest one whose callees
//! do not already have it, after the entry's summary line.

use dxil_container::ShaderKind;
use dxil_gen::flags::bit;
use dxil_gen::rdat::compat::Compat;
use dxil_ir::{Function, InstKind, SecondaryMap, ValueRef};
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;
use crate::rules::entry::{launch, Entry, EntryMap};
use crate::util;

/// Conflict kinds, as bits, in the order they are reported.
const STAGE: u32 = 1;
const SHADER_MODEL: u32 = 2;
const DERIV_LAUNCH: u32 = 4;
const DERIV_THREAD_GROUP_DIM: u32 = 8;
const DERIV_IN_COMPUTE_SHADER_MODEL: u32 = 16;
const REQUIRES_GROUP: u32 = 32;

/// What an entry makes of a function's derivative and group use.
struct Checker<'e, 'm> {
    entry: &'e Entry<'m>,
    sm: (u32, u32),
    /// Conflicts derivative use brings.
    for_deriv: u32,
    /// Conflicts group use brings.
    for_group: u32,
}

impl<'e, 'm> Checker<'e, 'm> {
    fn new(entry: &'e Entry<'m>, sm: (u32, u32)) -> Self {
        let mut c = Checker {
            entry,
            sm,
            for_deriv: 0,
            for_group: 0,
        };
        let compute_like = [
            ShaderKind::Mesh,
            ShaderKind::Amplification,
            ShaderKind::Compute,
        ];
        if sm < (6, 6) && compute_like.iter().any(|&k| entry.is(k)) {
            c.for_deriv |= DERIV_IN_COMPUTE_SHADER_MODEL;
        } else if entry.is(ShaderKind::Node) && entry.launch_type == launch::THREAD {
            // A thread launch node has no group and no derivatives.
            c.for_group |= REQUIRES_GROUP;
            c.for_deriv |= DERIV_LAUNCH;
        }
        if compute_like.iter().any(|&k| entry.is(k)) || entry.is(ShaderKind::Node) {
            // Derivatives need quads: a 1D group a multiple of 4 wide, or X and Y even.
            let [x, y, z] = entry.num_threads;
            let quads = if y == 1 && z == 1 {
                x & 3 == 0
            } else {
                x & 1 == 0 && y & 1 == 0
            };
            if !quads {
                c.for_deriv |= DERIV_THREAD_GROUP_DIM;
            }
        } else {
            // Other stages have no group.
            c.for_group |= REQUIRES_GROUP;
        }
        c
    }

    fn conflicts(&self, info: &Compat) -> u32 {
        let mut conflicts = 0;
        let kind_bit = 1u32.checked_shl(self.entry.kind).unwrap_or(0);
        if kind_bit & info.mask == 0 {
            conflicts |= STAGE;
        }
        if self.sm < info.min {
            conflicts |= SHADER_MODEL;
        }
        if info.flags.has(bit::USES_DERIVATIVES) {
            conflicts |= self.for_deriv;
        }
        if info.flags.has(bit::REQUIRES_GROUP) {
            conflicts |= self.for_group;
        }
        conflicts
    }

    /// The entry's summary line, then one error per conflict on the function `f`.
    fn diagnose(&self, ctx: &mut Ctx, f: Function, conflicts: u32) {
        let e = self.entry;
        if f == e.f {
            ctx.fn_error(e.f, R::SmIncompatibleOperation, &[]);
        } else {
            ctx.fn_error(e.f, R::SmIncompatibleCallInEntry, &[]);
        }
        if conflicts & STAGE != 0 {
            let kind = ShaderKind::from_raw(e.kind).map_or("invalid", ShaderKind::profile_prefix);
            ctx.fn_error(f, R::SmIncompatibleStage, &[kind]);
        }
        if conflicts & SHADER_MODEL != 0 {
            ctx.fn_error(f, R::SmIncompatibleShaderModel, &[]);
        }
        if conflicts & DERIV_LAUNCH != 0 {
            let name = match e.launch_type {
                launch::BROADCASTING => "Broadcasting",
                launch::COALESCING => "Coalescing",
                launch::THREAD => "Thread",
                _ => "Invalid",
            };
            ctx.fn_error(f, R::SmIncompatibleDerivLaunch, &[name]);
        }
        if conflicts & DERIV_THREAD_GROUP_DIM != 0 {
            let n = e.num_threads.map(|v| v.to_string());
            ctx.fn_error(f, R::SmIncompatibleThreadGroupDim, &[&n[0], &n[1], &n[2]]);
        }
        if conflicts & DERIV_IN_COMPUTE_SHADER_MODEL != 0 {
            ctx.fn_error(f, R::SmIncompatibleDerivInComputeShaderModel, &[]);
        }
        if conflicts & REQUIRES_GROUP != 0 {
            ctx.fn_error(f, R::SmIncompatibleRequiresGroup, &[]);
        }
    }
}

/// The defined functions `f` calls, in call order (repeats kept, as in a call graph).
fn callees(ctx: &Ctx, f: Function) -> Vec<Function> {
    let m = ctx.m;
    let Some(body) = m.functions.get(f).and_then(|d| d.body.as_ref()) else {
        return Vec::new();
    };
    util::insts(body)
        .filter_map(|(_, _, data)| match data.kind {
            InstKind::Call {
                callee: ValueRef::Function(g),
                ..
            } => Some(g),
            _ => None,
        })
        .filter(|&g| m.functions.get(g).is_some_and(|d| d.body.is_some()))
        .collect()
}

/// One function on the walk: its own conflicts, those of its callees so far, the callees
/// left to visit.
struct Frame {
    f: Function,
    own: u32,
    from_calls: u32,
    callees: std::vec::IntoIter<Function>,
}

/// Walks the calls from the entry depth first; a function reports the conflicts that are
/// still open, its own, and not brought by a callee. Once every conflict is reported the
/// walk stops.
fn find_incompatible_calls(ctx: &mut Ctx, checker: &Checker, facts: &[Option<Compat>], open: u32) {
    let mut remaining = open;
    let mut visited: SecondaryMap<Function, bool> =
        SecondaryMap::filled(ctx.m.functions.len(), false);
    let mut stack: Vec<Frame> = Vec::new();
    let mut next = Some(checker.entry.f);
    loop {
        if let Some(f) = next.take() {
            // Enter `f` (each function once).
            if let Some(seen) = visited.get_mut(f) {
                if !std::mem::replace(seen, true) {
                    if let Some(Some(info)) = facts.get(f.index()) {
                        stack.push(Frame {
                            f,
                            own: checker.conflicts(info),
                            from_calls: 0,
                            callees: callees(ctx, f).into_iter(),
                        });
                    }
                }
            }
        }
        let Some(top) = stack.last_mut() else { break };
        if let Some(g) = top.callees.next() {
            next = Some(g);
            continue;
        }
        // Every callee visited: report what this function introduces.
        let Some(done) = stack.pop() else { break };
        let introduced = remaining & done.own & !done.from_calls;
        if introduced != 0 {
            checker.diagnose(ctx, done.f, introduced);
            remaining &= !introduced;
            if remaining == 0 {
                break;
            }
        }
        if let Some(parent) = stack.last_mut() {
            parent.from_calls |= done.own;
        }
    }
}

/// `ValidateEntryCompatibility`, with the facts [`crate::rules::flags::validate`] computed.
pub(crate) fn validate(ctx: &mut Ctx, facts: &[Option<Compat>]) {
    let Some(sm) = ctx.md.shader_model.as_ref().map(|s| (s.major, s.minor)) else {
        return;
    };
    let map = EntryMap::new(ctx);
    for e in &map.list {
        // A declared entry has no facts: nothing to check.
        let Some(Some(info)) = facts.get(e.f.index()) else {
            continue;
        };
        let checker = Checker::new(e, sm);
        let open = checker.conflicts(info);
        if open != 0 {
            find_incompatible_calls(ctx, &checker, facts, open);
        }
    }
}
