//! The modules an input is described from: the printed module and its reflection module
//! (the `STAT` part's module when the container has one), each with its metadata model. The
//! dumpbin header (`dxil-text`) and reflection ([`crate::reflect`]) read them.

use dxil_ir::Module;

use crate::model::DxilMetadata;

/// A module and its metadata model.
pub struct ModuleView<'m> {
    /// The IR.
    pub module: &'m Module,
    /// Its DXIL metadata.
    pub metadata: DxilMetadata,
}

impl<'m> ModuleView<'m> {
    /// Reads the metadata of `module`.
    pub fn new(module: &'m Module) -> crate::Result<Self> {
        Ok(ModuleView {
            module,
            metadata: DxilMetadata::read(module)?,
        })
    }

    /// The raw shader flags of the first entry.
    pub fn shader_flags(&self) -> u64 {
        self.metadata
            .entry_points
            .as_ref()
            .and_then(|e| e.first())
            .map_or(0, |e| e.shader_flags())
    }
}
