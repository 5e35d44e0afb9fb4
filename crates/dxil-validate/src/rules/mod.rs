//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod function;
pub(crate) mod handles;
mod metadata;
mod resource_ops;
mod resources;

use crate::context::Ctx;

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    handles::build(ctx);
    metadata::validate(ctx);
    resources::validate(ctx);
    function::validate(ctx);
}
