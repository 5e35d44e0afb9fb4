//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod bitcode;
mod cfg;
mod flow;
mod function;
mod globals;
mod handle_props;
mod hit_object;
mod inst_md;
mod instr;
pub(crate) mod linalg;
mod metadata;
mod props;
mod ray_query;
mod sig_alloc;
mod sig_entry;
mod sig_model;
mod sig_ops;
mod signature;
mod types;
mod uninit_output;

pub(crate) use sig_model::SigState;

use crate::context::Ctx;

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    bitcode::validate(ctx);
    metadata::validate(ctx);
    sig_entry::validate(ctx);
    globals::validate(ctx);
    flow::validate(ctx);
    function::validate(ctx);
    signature::validate(ctx);
    uninit_output::validate(ctx);
}
