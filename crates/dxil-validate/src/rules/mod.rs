//! The rule passes, run in the reference's order (`ValidateDxilModule`).

mod entry_kinds;
mod externals;
mod function;
mod metadata;
mod oload;
mod ops;

use dxil_ir::Module;

use crate::context::Ctx;

/// The module as the reference validates it: some operation functions renamed to their
/// canonical names, as the reference's loader does (`None` when nothing is renamed).
pub(crate) fn canonical_overload_names(m: &Module) -> Option<Module> {
    let uses = externals::Uses::collect(m);
    let renames = oload::canonical_names(m, |f| uses.first_user_opcode(m, f));
    if renames.is_empty() {
        return None;
    }
    let mut renamed = m.clone();
    for (f, name) in renames {
        if let Some(data) = renamed.functions.get_mut(f) {
            data.common.name = Some(name);
        }
    }
    Some(renamed)
}

/// Every module rule, in the order the reference checks them.
pub(crate) fn validate_module(ctx: &mut Ctx) {
    metadata::validate(ctx);
    function::validate(ctx);
}
