//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod compat;
mod entry;
mod flags;
mod function;
mod metadata;

use crate::context::Ctx;

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    if metadata::load(ctx) {
        return;
    }
    metadata::validate(ctx);
    entry::validate(ctx);
    function::validate(ctx);
    let facts = flags::validate(ctx);
    compat::validate(ctx, &facts);
}
