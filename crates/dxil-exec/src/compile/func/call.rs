//! Calls: `dx.op` calls decoded once into the operation, its overload and its operand slots
//! (DXIL.rst "Operations"); the intrinsics that do nothing at run time are dropped; any other
//! callee is refused by name (DXC inlines every user function).

use dxil_ir::{CheckedModule, InstData, ValueRef};

use super::{unsupported, Ctx};
use crate::code::{DxCall, Inst, Slot, Ty};
use crate::compile::types;
use crate::error::{InputCause, Result, UnsupportedCause};
use crate::interp::dxop;

/// The kind an operation runs with when it has no scalar overload (none, `void`, or an
/// aggregate): i32, the type of DXIL's opcode, index and flag operands.
const NO_SCALAR_OVERLOAD: Ty = Ty::I32;

/// The name a call's callee is known by: the function's symbol; the empty name for a call
/// through a value that is not a function, or to a function without a name, which no
/// intrinsic name matches (the call is refused, naming `@`).
fn callee_name(m: &CheckedModule, callee: ValueRef) -> &str {
    let ValueRef::Function(f) = callee else {
        return "";
    };
    m.name_text(m.function(f).common.name)
}

impl<'a, 'm> Ctx<'a, 'm> {
    pub(super) fn call(&mut self, dst: Slot, callee: ValueRef, inst: &'m InstData) -> Result<()> {
        let m = self.m();
        let name = callee_name(m, callee);
        if name.starts_with("llvm.lifetime.") || name.starts_with("llvm.dbg.") || name == "dx.noop"
        {
            return Ok(());
        }
        if !name.starts_with("dx.op.") {
            return Err(unsupported(format!(
                "a call to @{name} (only dx.op calls are run)"
            )));
        }
        let call = dxil_ops::decode_call(m, self.body.body(), inst)
            .map_err(InputCause::Call)?
            .ok_or_else(|| unsupported(format!("the call to @{name}")))?;
        if !dxop::runs(&call.op) {
            return Err(UnsupportedCause::Op {
                name: call.op.name().to_string(),
            }
            .into());
        }
        // A vector overload (`dx.op.unary.v7f32`) runs on its elements' kind.
        let (ty, elems) = match call.overload() {
            Some(t) => match m.ty(t) {
                dxil_ir::TypeData::Vector { len, elem } => {
                    let len = u32::try_from(*len)
                        .map_err(|_| unsupported(format!("a vector of {len} elements")))?;
                    (types::scalar_of(m, *elem)?, len)
                }
                _ => (types::scalar(m, t)?.unwrap_or(NO_SCALAR_OVERLOAD), 1),
            },
            None => (NO_SCALAR_OVERLOAD, 1),
        };
        if elems == 1 || dxop::takes_whole_vector(&call.op) {
            return self.push_call(call.op, ty, elems, dst, inst.ty.is_some());
        }
        // One call per element: each vector operand and the result advance by the element,
        // the scalar operands (opcodes, lanes, modes) stay.
        for k in 0..elems {
            let mut failed = None;
            let op = call.op.map(|v| {
                let vector = self
                    .ty_of(v)
                    .is_ok_and(|t| matches!(m.ty(t), dxil_ir::TypeData::Vector { .. }));
                let s = self.slot(v).unwrap_or_else(|e| {
                    failed.get_or_insert(e);
                    0
                });
                if vector {
                    s + k
                } else {
                    s
                }
            });
            if let Some(e) = failed {
                return Err(e);
            }
            self.push_slots(op, ty, 1, dst + k, inst.ty.is_some())?;
        }
        Ok(())
    }

    /// Pushes the call `op` (operands as values), giving each operand its slot in database
    /// order (constants get theirs in that order).
    fn push_call(
        &mut self,
        op: dxil_ops::DxOp<ValueRef>,
        ty: Ty,
        elems: u32,
        dst: Slot,
        value: bool,
    ) -> Result<()> {
        let mut failed = None;
        let op = op.map(|v| {
            self.slot(v).unwrap_or_else(|e| {
                failed.get_or_insert(e);
                0
            })
        });
        if let Some(e) = failed {
            return Err(e);
        }
        self.push_slots(op, ty, elems, dst, value)
    }

    fn push_slots(
        &mut self,
        op: dxil_ops::DxOp<Slot>,
        ty: Ty,
        elems: u32,
        dst: Slot,
        value: bool,
    ) -> Result<()> {
        let index = u32::try_from(self.f.calls.len())
            .map_err(|_| unsupported("more than 4G dx.op calls".into()))?;
        self.f.calls.push(DxCall {
            op,
            ty,
            elems,
            dst,
            value,
        });
        self.push(Inst::Dx { call: index });
        Ok(())
    }
}
