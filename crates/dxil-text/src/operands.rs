//! Instruction operands in LLVM 3.7's in-memory order (`User::op_begin..op_end`), which can
//! differ from the record order (a store keeps the value before the pointer, a call keeps the
//! callee last). Block operands are skipped.

use dxil_ir::{Body, InstKind, ValueRef};

/// Calls `f` on every value operand of `kind` (an instruction of `body`) in LLVM's operand
/// order.
pub fn llvm_operand_order(body: &Body, kind: &InstKind, mut f: impl FnMut(ValueRef)) {
    match kind {
        InstKind::Binary { lhs, rhs, .. } | InstKind::Cmp { lhs, rhs, .. } => {
            f(*lhs);
            f(*rhs);
        }
        InstKind::Cast { value, .. }
        | InstKind::Resume { value }
        | InstKind::VaArg { valist: value, .. } => f(*value),
        InstKind::Gep { operands, .. } => body.list(*operands).iter().for_each(|v| f(*v)),
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } => {
            f(*cond);
            f(*if_true);
            f(*if_false);
        }
        InstKind::ExtractElement { vector, index } => {
            f(*vector);
            f(*index);
        }
        InstKind::InsertElement {
            vector,
            element,
            index,
        } => {
            f(*vector);
            f(*element);
            f(*index);
        }
        InstKind::ShuffleVector { a, b, mask } => {
            f(*a);
            f(*b);
            f(*mask);
        }
        InstKind::Ret { value } => {
            if let Some(v) = value {
                f(*v);
            }
        }
        InstKind::Br { .. } | InstKind::Unreachable | InstKind::Fence { .. } => {}
        InstKind::CondBr { cond, .. } => f(*cond),
        InstKind::Switch { cond, cases, .. } => {
            f(*cond);
            body.list(*cases).iter().for_each(|(v, _)| f(*v));
        }
        InstKind::IndirectBr { addr, .. } => f(*addr),
        InstKind::Invoke { callee, args, .. } | InstKind::Call { callee, args, .. } => {
            body.list(*args).iter().for_each(|v| f(*v));
            f(*callee);
        }
        InstKind::Phi { incoming } => body.list(*incoming).iter().for_each(|(v, _)| f(*v)),
        InstKind::Alloca { size, .. } => f(*size),
        InstKind::Load { ptr, .. } => f(*ptr),
        InstKind::Store { ptr, value, .. } => {
            f(*value);
            f(*ptr);
        }
        InstKind::AtomicRmw { ptr, value, .. } => {
            f(*ptr);
            f(*value);
        }
        InstKind::CmpXchg { ptr, cmp, new, .. } => {
            f(*ptr);
            f(*cmp);
            f(*new);
        }
        InstKind::ExtractValue { aggregate, .. } => f(*aggregate),
        InstKind::InsertValue {
            aggregate, value, ..
        } => {
            f(*aggregate);
            f(*value);
        }
        InstKind::LandingPad { clauses, .. } => body.list(*clauses).iter().for_each(|(_, v)| f(*v)),
    }
}
