//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod function;
mod handle_props;
mod hit_object;
pub(crate) mod linalg;
mod metadata;
mod ray_query;

use crate::context::Ctx;

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    metadata::validate(ctx);
    function::validate(ctx);
}
