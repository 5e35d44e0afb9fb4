//! For every DXIL operation, a minimal use the reference validator accepts, as data
//! independent of any builder: the stage and shader model, the resources, signatures and
//! properties the shader needs, and the operands of the call ([`OpCase`]). Operations no
//! case covers are listed with the reason in [`op_gaps`].
//!
//! A shader for a case is one entry function that creates the handles of the case's
//! resources, makes the [`Arg::Special`] values it uses, calls the operation once with the
//! case's operands and returns; `dxil-asm`'s `tests/op_cases.rs` renders it as DXIL text
//! and asks the reference validator.

mod basic;
mod model;

pub use model::{Arg, Comp, OpCase, Prop, Res, ResClass, ResKind, SigElem, CS1};

/// The names [`Arg::Special`] uses, with what each one stands for.
pub const SPECIALS: &[(&str, &str)] = &[];

/// Every case, in opcode order within each group.
pub fn op_cases() -> impl Iterator<Item = &'static OpCase> {
    basic::CASES.iter()
}

/// Operations without a case, with the reason.
pub fn op_gaps() -> &'static [(u32, &'static str)] {
    &[]
}
