//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod bitcode;
mod cfg;
mod compat;
mod entry;
mod entry_kinds;
mod externals;
mod flags;
mod flow;
mod function;
mod globals;
mod handle_props;
pub(crate) mod handles;
mod hit_object;
mod inst_md;
mod instr;
pub(crate) mod linalg;
mod metadata;
mod props;
mod ray_query;
mod resource_ops;
mod resources;
mod sig_entry;
mod sig_model;
mod sig_ops;
mod signature;
mod types;
mod uninit_output;

pub(crate) use sig_model::SigState;
mod oload;
mod ops;

use std::borrow::Cow;

use dxil_ir::{CheckedModule, Module};

use crate::context::Ctx;

/// The module as the reference validates it: some operation functions renamed to their
/// canonical names, as the reference's loader does (borrowed as it is when nothing is
/// renamed; `Err` with the line the reference prints when its loader stops).
pub(crate) fn canonical_overload_names(
    m: &CheckedModule,
) -> Result<Cow<'_, CheckedModule>, &'static str> {
    let uses = externals::Uses::collect(m);
    let renames =
        oload::canonical_names(m, |f| uses.first_user(m, f)).map_err(|_| oload::CAST_FAILURE)?;
    if renames.is_empty() {
        return Ok(Cow::Borrowed(m));
    }
    let mut renamed = Module::clone(m);
    for (f, name) in renames {
        let name = renamed.intern(&name);
        renamed.functions[f].common.name = Some(name);
    }
    // Only names changed: the ids are the checked module's.
    Ok(Cow::Owned(CheckedModule::proven_by_maker(renamed)))
}

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    if metadata::load(ctx) {
        return;
    }
    // The reference collects resource handles while building its validation context,
    // before the first rule.
    handles::build(ctx);
    bitcode::validate(ctx);
    metadata::validate(ctx);
    entry::validate(ctx);
    sig_entry::validate(ctx);
    globals::validate(ctx);
    resources::validate(ctx);
    flow::validate(ctx);
    function::validate(ctx);
    let facts = flags::validate(ctx);
    compat::validate(ctx, &facts);
    signature::validate(ctx);
    uninit_output::validate(ctx);
}
