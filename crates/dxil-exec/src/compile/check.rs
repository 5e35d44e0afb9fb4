//! The compiled form checked once against its register file: every slot an instruction
//! reads or writes lies inside it, so the interpreter can index registers directly. Modules
//! whose operand types disagree (a scalar where an aggregate is read) fail here instead of
//! reading outside the file.

use dxil_ops::{DxOp, Operand};

use crate::code::{Function, Inst, Slot};
use crate::error::{InputCause, Result};

/// Slots past the last that a wave's register file also has (a `dx.op` writes up to eight
/// results and reads up to four slots of an aggregate operand).
pub(crate) const SPARE: u32 = 8;

/// Checks that every slot range `f` uses is inside its register file.
pub(crate) fn slots(f: &Function) -> Result<()> {
    let limit = u64::from(f.slots) + u64::from(SPARE);
    let within = |s: Slot, w: u32| u64::from(s) + u64::from(w) <= limit;
    let bad = |what: &str| -> crate::Error {
        InputCause::Malformed(format!(
            "{what} reads or writes outside the registers (mistyped operands)"
        ))
        .into()
    };
    for inst in &f.insts {
        let ok = match *inst {
            Inst::Bin { dst, a, b, .. }
            | Inst::BinFtz { dst, a, b, .. }
            | Inst::Cmp { dst, a, b, .. } => within(dst, 1) && within(a, 1) && within(b, 1),
            Inst::Cast { dst, a, .. } => within(dst, 1) && within(a, 1),
            Inst::Select {
                dst,
                c,
                a,
                b,
                width,
            } => within(c, 1) && within(dst, width) && within(a, width) && within(b, width),
            Inst::Copy { dst, src, width } => within(dst, width) && within(src, width),
            Inst::Extract { dst, vec, idx, len } => {
                within(dst, 1) && within(vec, len) && within(idx, 1)
            }
            Inst::Insert {
                dst,
                vec,
                elem,
                idx,
                len,
            } => within(dst, len) && within(vec, len) && within(elem, 1) && within(idx, 1),
            Inst::Gep {
                dst, base, terms, ..
            } => {
                within(dst, 1)
                    && within(base, 1)
                    && f.gep_terms
                        .get(terms.0 as usize..(terms.0 as usize + terms.1 as usize))
                        .is_some_and(|t| t.iter().all(|x| within(x.0, 1)))
            }
            Inst::Load { dst, ptr, .. } => within(dst, 1) && within(ptr, 1),
            Inst::Store { ptr, val, .. } => within(ptr, 1) && within(val, 1),
            Inst::Rmw { dst, ptr, val, .. } => within(dst, 1) && within(ptr, 1) && within(val, 1),
            Inst::CmpXchg {
                dst, ptr, cmp, new, ..
            } => within(dst, 2) && within(ptr, 1) && within(cmp, 1) && within(new, 1),
            Inst::Dx { call } => f.calls.get(call as usize).is_some_and(|c| {
                // An operation on a whole vector reads its operands of the overload's type
                // element by element; a vector load writes them and a status.
                let results = match c.op {
                    DxOp::RawBufferVectorLoad { .. } => c.elems.saturating_add(1).max(SPARE),
                    _ => SPARE,
                };
                let reads = |o: &Operand| if o.ty() == "$o" { c.elems.max(4) } else { 4 };
                within(c.dst, results) && c.op.operands().all(|(o, &s)| within(s, reads(o)))
            }),
            Inst::CondBr { c, .. } | Inst::Switch { c, .. } => within(c, 1),
            Inst::Br { .. } | Inst::Ret | Inst::Unreachable => true,
        };
        if !ok {
            return Err(bad(&format!("{inst:?}")));
        }
    }
    for &(d, s) in &f.copies {
        if !within(d, 1) || !within(s, 1) {
            return Err(bad("a phi"));
        }
    }
    for &(s, _) in &f.consts {
        if !within(s, 1) {
            return Err(bad("a constant"));
        }
    }
    Ok(())
}
