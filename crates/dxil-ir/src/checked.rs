//! [`CheckedModule`]: a module whose ids were proven once, so that a consumer (the bitcode
//! writer) can index its arenas without running the id check again.

use core::ops::Deref;

use crate::{IdError, Module};

/// A [`Module`] whose ids are proven and that cannot be changed while wrapped: every id it
/// holds names an entry of the arena it indexes ([`Module::check_ids`] passes). Made by
/// [`CheckedModule::new`], which runs the check, or by the builder
/// (`ModuleBuilder::finish_checked`), which checked every id at the call that gave it; read through
/// `Deref`; [`CheckedModule::into_inner`] gives the module back for editing.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckedModule(Module);

impl CheckedModule {
    /// Runs the id check on `m` and wraps it when it passes; the error names the first id
    /// that names nothing.
    pub fn new(m: Module) -> Result<CheckedModule, IdError> {
        m.check_ids()?;
        Ok(CheckedModule(m))
    }

    /// Wraps a module whose every id its maker proved when it stored it (the builder checks
    /// each id at the call that hands it over, as the bitcode reader does per record), so
    /// that the whole-module pass would find nothing.
    pub(crate) fn proven(m: Module) -> CheckedModule {
        CheckedModule(m)
    }

    /// Wraps a module whose maker proved every id as it stored it, without the whole-module
    /// pass: for a reader outside this crate that checks each id of a record against what it
    /// has read or a count the input declared, and resolves or refuses every forward
    /// reference when its block ends (the bitcode reader). Builds with debug assertions run
    /// the pass anyway and panic when it finds an id that names nothing, a bug in the maker
    /// that its tests and fuzz targets are there to find; a maker that cannot make that claim
    /// calls [`CheckedModule::new`].
    pub fn proven_by_maker(m: Module) -> CheckedModule {
        debug_assert_eq!(m.check_ids(), Ok(()), "the maker's id proof is wrong");
        CheckedModule(m)
    }

    /// The module, for changes (which the check no longer covers).
    pub fn into_inner(self) -> Module {
        self.0
    }
}

impl Deref for CheckedModule {
    type Target = Module;

    fn deref(&self) -> &Module {
        &self.0
    }
}

impl AsRef<Module> for CheckedModule {
    fn as_ref(&self) -> &Module {
        &self.0
    }
}

impl TryFrom<Module> for CheckedModule {
    type Error = IdError;

    fn try_from(m: Module) -> Result<CheckedModule, IdError> {
        CheckedModule::new(m)
    }
}
