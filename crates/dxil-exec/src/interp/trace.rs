//! Trace lines for `Dispatch::trace`: each instruction the traced thread executes, with its
//! operands' values and the result, one line each:
//! `[x, y, z] #block: s7 = Bin Add I32 (s3 = 0x5, s4 = 0x7) => 0xc`.
//! Slots (`sN`) are the compiled form's registers; blocks are numbered as the printer does.

use std::io::Write;

use crate::code::{Function, Inst, Slot};
use crate::interp::Wave;

/// The result slot and the operand slots of `inst`.
fn slots(f: &Function, inst: &Inst) -> (Option<Slot>, Vec<Slot>) {
    match inst {
        Inst::Bin { dst, a, b, .. }
        | Inst::BinFtz { dst, a, b, .. }
        | Inst::Cmp { dst, a, b, .. } => (Some(*dst), vec![*a, *b]),
        Inst::Cast { dst, a, .. } => (Some(*dst), vec![*a]),
        Inst::Select { dst, c, a, b, .. } => (Some(*dst), vec![*c, *a, *b]),
        Inst::Copy { dst, src, .. } => (Some(*dst), vec![*src]),
        Inst::Extract { dst, vec, idx, .. } => (Some(*dst), vec![*vec, *idx]),
        Inst::Insert {
            dst,
            vec,
            elem,
            idx,
            ..
        } => (Some(*dst), vec![*vec, *elem, *idx]),
        Inst::Gep {
            dst, base, terms, ..
        } => {
            let mut v = vec![*base];
            let t = f
                .gep_terms
                .get(terms.0 as usize..(terms.0 + terms.1) as usize)
                .unwrap_or(&[]);
            v.extend(t.iter().map(|x| x.0));
            (Some(*dst), v)
        }
        Inst::Load { dst, ptr, .. } => (Some(*dst), vec![*ptr]),
        Inst::Store { ptr, val, .. } => (None, vec![*ptr, *val]),
        Inst::Rmw { dst, ptr, val, .. } => (Some(*dst), vec![*ptr, *val]),
        Inst::CmpXchg {
            dst, ptr, cmp, new, ..
        } => (Some(*dst), vec![*ptr, *cmp, *new]),
        Inst::Dx {
            dst, args, value, ..
        } => {
            let a = f
                .args
                .get(args.0 as usize..(args.0 + args.1) as usize)
                .unwrap_or(&[]);
            ((*value).then_some(*dst), a.to_vec())
        }
        Inst::CondBr { c, .. } | Inst::Switch { c, .. } => (None, vec![*c]),
        Inst::Br { .. } | Inst::Ret | Inst::Unreachable => (None, Vec::new()),
    }
}

/// The instruction's name and fixed fields, without its slots.
fn head(inst: &Inst) -> String {
    let text = format!("{inst:?}");
    let name = text.split([' ', '{']).next().unwrap_or("").to_string();
    match inst {
        Inst::Bin { op, ty, .. } => format!("{name} {op:?} {ty:?}"),
        Inst::BinFtz { op, .. } => format!("{name} {op:?}"),
        Inst::Cmp { pred, ty, .. } => format!("{name} pred {pred} {ty:?}"),
        Inst::Cast { op, from, to, .. } => format!("{name} {op:?} {from:?} -> {to:?}"),
        Inst::Load { ty, off, .. } | Inst::Store { ty, off, .. } => format!("{name} {ty:?} +{off}"),
        Inst::Rmw { op, ty, .. } => format!("{name} {op:?} {ty:?}"),
        Inst::Dx { op, ty, .. } => format!("dx.op {op:?} {ty:?}"),
        _ => name,
    }
}

/// Writes the trace line of `inst` for `lane` after it ran.
pub(crate) fn line(
    out: &mut dyn Write,
    w: &Wave,
    f: &Function,
    thread: [u32; 3],
    block: u32,
    inst: &Inst,
    lane: usize,
) {
    let (dst, ops) = slots(f, inst);
    let mut s = format!("[{}, {}, {}] #{block}: ", thread[0], thread[1], thread[2]);
    if let Some(d) = dst {
        s.push_str(&format!("s{d} = "));
    }
    s.push_str(&head(inst));
    if !ops.is_empty() {
        let vals: Vec<String> = ops
            .iter()
            .map(|&o| format!("s{o} = {:#x}", w.get(o, lane)))
            .collect();
        s.push_str(&format!(" ({})", vals.join(", ")));
    }
    if let Some(d) = dst {
        s.push_str(&format!(" => {:#x}", w.get(d, lane)));
    }
    let _ = writeln!(out, "{s}");
}

/// Writes the phi copies of an edge the traced lane takes (before they run: the sources).
pub(crate) fn phis(
    out: &mut dyn Write,
    w: &Wave,
    thread: [u32; 3],
    from: u32,
    to: u32,
    copies: &[(Slot, Slot)],
    lane: usize,
) {
    for &(d, s) in copies {
        let _ = writeln!(
            out,
            "[{}, {}, {}] #{from} -> #{to}: s{d} = phi s{s} = {:#x}",
            thread[0],
            thread[1],
            thread[2],
            w.get(s, lane)
        );
    }
}
