//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod bitcode;
mod cfg;
mod flow;
mod function;
mod globals;
mod inst_md;
mod instr;
mod metadata;
mod props;
mod types;

use crate::context::Ctx;

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    bitcode::validate(ctx);
    metadata::validate(ctx);
    globals::validate(ctx);
    flow::validate(ctx);
    function::validate(ctx);
}
