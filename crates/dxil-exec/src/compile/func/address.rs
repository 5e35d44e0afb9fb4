//! Addresses and aggregate members: `getelementptr` as a byte offset plus scaled variable
//! indices (LangRef "'getelementptr' Instruction"), and the slots of a member that
//! `extractvalue`/`insertvalue` name.

use dxil_ir::ValueRef;

use super::{unsupported, Ctx};
use crate::code::{Inst, Slot};
use crate::compile::consts::{self, gep_offset, GepIndex};
use crate::compile::types;
use crate::error::{InputCause, Result};

impl<'a, 'm> Ctx<'a, 'm> {
    /// The slot offset and width of the member at `indices` of an aggregate of type `ty`.
    pub(super) fn leaf_range(&self, ty: dxil_ir::Type, indices: &[u32]) -> Result<(u32, u32)> {
        let m = self.m();
        let mut off = 0;
        let mut cur = ty;
        for &i in indices {
            let (elems, sel): (Vec<dxil_ir::Type>, usize) = match m.ty(cur) {
                dxil_ir::TypeData::Struct(s) => (s.elems.to_vec(), i as usize),
                dxil_ir::TypeData::Array { len, elem }
                | dxil_ir::TypeData::Vector { len, elem } => {
                    if u64::from(i) >= *len {
                        return Err(unsupported("an aggregate index out of range".into()));
                    }
                    off += i * types::width(m, *elem)?;
                    cur = *elem;
                    continue;
                }
                _ => return Err(unsupported("extractvalue from a scalar".into())),
            };
            let e = *elems
                .get(sel)
                .ok_or_else(|| unsupported("a struct index out of range".into()))?;
            for p in &elems[..sel] {
                off += types::width(m, *p)?;
            }
            cur = e;
        }
        Ok((off, types::width(m, cur)?))
    }

    /// `shufflevector` (LangRef "'shufflevector' Instruction"): element `i` of the result is
    /// element `mask[i]` of `a` followed by `b`; an `undef` mask element reads element 0.
    /// Runs of consecutive elements are copied together.
    pub(super) fn shuffle(
        &mut self,
        dst: Slot,
        a: ValueRef,
        b: ValueRef,
        mask: ValueRef,
    ) -> Result<()> {
        let m = self.m();
        let (_, n) = self.elements(a)?;
        let mut picks = Vec::new();
        consts::eval(m, self.env.globals, mask, &mut picks)?;
        let (sa, sb) = (self.slot(a)?, self.slot(b)?);
        let mut run: Option<(Slot, Slot, u32)> = None;
        for (i, &p) in (0u32..).zip(&picks) {
            let src = if p < u64::from(n) {
                sa + p as u32
            } else if p < 2 * u64::from(n) {
                sb + (p - u64::from(n)) as u32
            } else {
                return Err(InputCause::Malformed(format!(
                    "shufflevector mask element {p} of two {n}-element vectors"
                ))
                .into());
            };
            run = match run {
                Some((d, s, w)) if s + w == src => Some((d, s, w + 1)),
                Some((d, s, w)) => {
                    self.push(Inst::Copy {
                        dst: d,
                        src: s,
                        width: w,
                    });
                    Some((dst + i, src, 1))
                }
                None => Some((dst + i, src, 1)),
            };
        }
        if let Some((d, s, w)) = run {
            self.push(Inst::Copy {
                dst: d,
                src: s,
                width: w,
            });
        }
        Ok(())
    }

    pub(super) fn gep(
        &mut self,
        dst: Slot,
        source_ty: dxil_ir::Type,
        operands: &[ValueRef],
    ) -> Result<()> {
        let m = self.m();
        let (base, idx) = operands
            .split_first()
            .ok_or_else(|| InputCause::Malformed("getelementptr without a base".into()))?;
        let mut indices = Vec::with_capacity(idx.len());
        for i in idx {
            indices.push(if let ValueRef::Const(_) = i {
                let mut v = Vec::new();
                consts::eval(m, self.env.globals, *i, &mut v)?;
                let bits = self.scalar(*i)?.bits();
                GepIndex::Const(crate::interp::alu::sext(consts::scalar_leaf(&v)?, bits))
            } else {
                GepIndex::Dynamic
            });
        }
        let mut terms = Vec::new();
        let off = gep_offset(m, source_ty, &indices, &mut terms)?;
        let start = self.f.gep_terms.len() as u32;
        for (pos, stride) in terms {
            let v = idx[pos];
            let ty = self.scalar(v)?;
            let s = self.slot(v)?;
            self.f.gep_terms.push((s, ty, stride));
        }
        let b = self.slot(*base)?;
        let n = self.f.gep_terms.len() as u32 - start;
        self.push(Inst::Gep {
            dst,
            base: b,
            off,
            terms: (start, n),
        });
        Ok(())
    }
}
