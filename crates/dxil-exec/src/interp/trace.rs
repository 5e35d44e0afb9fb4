//! Trace lines for `Dispatch::trace`: each instruction the traced thread executes, with its
//! operands' values and the result, one line each:
//! `[x, y, z] %5: %7 = add i32 (%3 = 5, 7) => 12`. Values and blocks are named as
//! `dxil dis` names them (`%7`, `%name`; `%7.1` for the second scalar of an aggregate, such
//! as a `dx.op` call's result struct), constants print as their values, and values print as
//! their kinds (floats as floats, integers signed, `i1` as `true`/`false`).

use std::io::Write;

use dxil_ir::Predicate;

use crate::code::{Function, Inst, Local, Slot, Ty};
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
            // In range: the compiler's check of the function proved it, as the interpreter
            // relies on.
            let t = &f.gep_terms[terms.0 as usize..(terms.0 + terms.1) as usize];
            v.extend(t.iter().map(|x| x.0));
            (Some(*dst), v)
        }
        Inst::Load { dst, ptr, .. } => (Some(*dst), vec![*ptr]),
        Inst::Store { ptr, val, .. } => (None, vec![*ptr, *val]),
        Inst::Rmw { dst, ptr, val, .. } => (Some(*dst), vec![*ptr, *val]),
        Inst::CmpXchg {
            dst, ptr, cmp, new, ..
        } => (Some(*dst), vec![*ptr, *cmp, *new]),
        Inst::Dx { call } => {
            // In range: the compiler's check of the function proved it.
            let c = &f.calls[*call as usize];
            (
                c.value.then_some(c.dst),
                c.op.operands().map(|(_, &s)| s).collect(),
            )
        }
        Inst::CondBr { c, .. } | Inst::Switch { c, .. } => (None, vec![*c]),
        Inst::Br { .. } | Inst::Ret | Inst::Unreachable => (None, Vec::new()),
    }
}

/// LLVM's spelling of a slot kind.
fn ty_name(t: Ty) -> &'static str {
    match t {
        Ty::I1 => "i1",
        Ty::I8 => "i8",
        Ty::I16 => "i16",
        Ty::I32 => "i32",
        Ty::I64 => "i64",
        Ty::F16 => "half",
        Ty::F32 => "float",
        Ty::F64 => "double",
        Ty::Ptr => "ptr",
    }
}

/// The instruction's name and fixed fields, LLVM's spelling where the IR has one
/// (`fadd float`, `fcmp olt float`, `sitofp i32 to float`).
fn head(f: &Function, inst: &Inst) -> String {
    match inst {
        Inst::Bin { op, ty, .. } => format!("{} {}", op.mnemonic(), ty_name(*ty)),
        Inst::BinFtz { op, .. } => format!("{} float", op.mnemonic()),
        Inst::Cmp { pred, ty, .. } => {
            let p = Predicate::from_code(u64::from(*pred)).map_or("?", Predicate::keyword);
            let cmp = if ty.is_float() { "fcmp" } else { "icmp" };
            format!("{cmp} {p} {}", ty_name(*ty))
        }
        Inst::Cast { op, from, to, .. } => {
            format!("{} {} to {}", op.mnemonic(), ty_name(*from), ty_name(*to))
        }
        Inst::Select { .. } => "select".into(),
        Inst::Copy { .. } => "copy".into(),
        Inst::Extract { .. } => "extractelement".into(),
        Inst::Insert { .. } => "insertelement".into(),
        Inst::Gep { off, .. } => format!("getelementptr +{off}"),
        Inst::Load { ty, off, .. } => format!("load {} +{off}", ty_name(*ty)),
        Inst::Store { ty, off, .. } => format!("store {} +{off}", ty_name(*ty)),
        Inst::Rmw { op, ty, .. } => format!("atomicrmw {op:?} {}", ty_name(*ty)).to_lowercase(),
        Inst::CmpXchg { ty, .. } => format!("cmpxchg {}", ty_name(*ty)),
        Inst::Dx { call } => {
            let c = &f.calls[*call as usize];
            format!("dx.op {} {}", c.op.name(), ty_name(c.ty))
        }
        Inst::Br { .. } => "br".into(),
        Inst::CondBr { .. } => "br".into(),
        Inst::Switch { .. } => "switch".into(),
        Inst::Ret => "ret".into(),
        Inst::Unreachable => "unreachable".into(),
    }
}

/// A slot's value as its kind prints: floats as floats (Rust's shortest round-trip
/// spelling), integers signed as LLVM prints constants, `i1` as `true`/`false`, pointers in
/// hexadecimal.
fn value(ty: Ty, bits: u64) -> String {
    match ty {
        Ty::I1 => (if bits & 1 == 1 { "true" } else { "false" }).into(),
        Ty::I8 => (bits as u8 as i8).to_string(),
        Ty::I16 => (bits as u16 as i16).to_string(),
        Ty::I32 => (bits as u32 as i32).to_string(),
        Ty::I64 => (bits as i64).to_string(),
        Ty::F16 => format!("{:?}", crate::interp::float::get(Ty::F16, bits) as f32),
        Ty::F32 => format!("{:?}", f32::from_bits(bits as u32)),
        Ty::F64 => format!("{:?}", f64::from_bits(bits)),
        Ty::Ptr => format!("{bits:#x}"),
    }
}

/// The name of a slot as `dxil dis` names the value it holds (`%13`; `%13.2` for the
/// third scalar of an aggregate); `None` for a constant.
fn name(f: &Function, slot: Slot) -> Option<String> {
    let i = f.values.partition_point(|v| v.0 <= slot).checked_sub(1)?;
    let (first, width, local) = &f.values[i];
    if slot - first >= *width || matches!(local, Local::Const) {
        return None;
    }
    Some(if *width > 1 {
        format!("{local}.{}", slot - first)
    } else {
        local.to_string()
    })
}

/// The kind of the value in `slot`; the spare slots past the function's values (where a
/// `dx.op` writes results its type does not count) hold plain 64-bit values.
fn slot_ty(f: &Function, slot: Slot) -> Ty {
    match f.slot_tys.get(slot as usize) {
        Some(&t) => t,
        None => Ty::I64,
    }
}

/// [`name`], or `s<slot>` for a slot that holds no named value (a spare slot).
fn slot_name(f: &Function, slot: Slot) -> String {
    match name(f, slot) {
        Some(n) => n,
        None => format!("s{slot}"),
    }
}

/// `%13 = 1.5` for a value, `1.5` for a constant.
fn operand(f: &Function, w: &Wave, slot: Slot, lane: usize) -> String {
    let ty = slot_ty(f, slot);
    let v = value(ty, w.get(slot, lane));
    match name(f, slot) {
        Some(n) => format!("{n} = {v}"),
        None => v,
    }
}

/// A block as `dxil dis` names it (`%5`, `%name`).
pub(crate) fn block_name(f: &Function, block: u32) -> String {
    match f.block_names.get(block as usize) {
        Some(Local::Const) | None => format!("#{block}"),
        Some(l) => l.to_string(),
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
    let mut s = format!(
        "[{}, {}, {}] {}: ",
        thread[0],
        thread[1],
        thread[2],
        block_name(f, block)
    );
    // A result that fills a whole aggregate (a `dx.op` call's struct) prints whole.
    let whole = dst.and_then(|d| {
        let i = f.values.partition_point(|v| v.0 <= d).checked_sub(1)?;
        let (first, width, local) = &f.values[i];
        (*first == d && *width > 1 && !matches!(local, Local::Const))
            .then(|| (local.to_string(), *width))
    });
    let dst_name = match &whole {
        Some((n, _)) => Some(n.clone()),
        None => dst.map(|d| slot_name(f, d)),
    };
    if let Some(d) = &dst_name {
        s.push_str(&format!("{d} = "));
    }
    s.push_str(&head(f, inst));
    if !ops.is_empty() {
        let vals: Vec<String> = ops.iter().map(|&o| operand(f, w, o, lane)).collect();
        s.push_str(&format!(" ({})", vals.join(", ")));
    }
    match (dst, whole) {
        (Some(d), Some((_, width))) => {
            let vals: Vec<String> = (d..d + width)
                .map(|k| value(slot_ty(f, k), w.get(k, lane)))
                .collect();
            s.push_str(&format!(" => {{ {} }}", vals.join(", ")));
        }
        (Some(d), None) => s.push_str(&format!(" => {}", value(slot_ty(f, d), w.get(d, lane)))),
        _ => {}
    }
    let _ = writeln!(out, "{s}");
}

/// Writes the phi copies of an edge the traced lane takes (before they run: the sources).
pub(crate) fn phis(
    out: &mut dyn Write,
    w: &Wave,
    f: &Function,
    thread: [u32; 3],
    (from, to): (u32, u32),
    copies: &[(Slot, Slot)],
    lane: usize,
) {
    for &(d, s) in copies {
        let d = slot_name(f, d);
        let _ = writeln!(
            out,
            "[{}, {}, {}] {} -> {}: {d} = phi {}",
            thread[0],
            thread[1],
            thread[2],
            block_name(f, from),
            block_name(f, to),
            operand(f, w, s, lane)
        );
    }
}
