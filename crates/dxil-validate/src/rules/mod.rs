//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod entry_kinds;
mod externals;
mod function;
mod metadata;
mod oload;
mod ops;

use crate::context::Ctx;

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    metadata::validate(ctx);
    function::validate(ctx);
}
