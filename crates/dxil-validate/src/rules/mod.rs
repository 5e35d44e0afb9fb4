//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod function;
mod metadata;
mod sig_alloc;
mod sig_entry;
mod sig_model;
mod sig_ops;
mod signature;
mod uninit_output;

pub(crate) use sig_model::SigState;

use crate::context::Ctx;

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    metadata::validate(ctx);
    sig_entry::validate(ctx);
    function::validate(ctx);
    signature::validate(ctx);
    uninit_output::validate(ctx);
}
