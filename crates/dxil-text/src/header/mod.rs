//! The `dxc -dumpbin` header: the comment block printed before `target datalayout`, the
//! mirror of what `dxil-asm` reads back. The part sections print from `dxil-parts`' models
//! ([`print_header`] and its helpers); the module's sections from `dxil-module`'s metadata
//! model ([`ModuleSections`]), reading the `STAT` part's module for reflection when the
//! container has one.

pub mod carried;
mod module;
mod parts;

pub use carried::{print_carried_parts, uncarried_part_names};
pub use module::ModuleSections;
pub use parts::*;

use dxil_container::Container;
use dxil_ir::Module;
use dxil_module::view::ModuleView;

/// Why the dumpbin header could not be printed.
#[derive(Debug, thiserror::Error)]
pub enum HeaderError {
    /// A part is malformed (the error names the part when it can).
    #[error(transparent)]
    Part(#[from] dxil_parts::Error),
    /// The DXIL metadata is malformed.
    #[error("metadata: {0}")]
    Metadata(#[from] dxil_module::Error),
}

/// Prints the `dxc -dumpbin` header of a module: the sections of `container`'s parts (none
/// for bare bitcode or a program part), then the module's sections from `module` (the
/// printed module) and `reflection` (the `STAT` part's module, when the container has one:
/// resource names and buffer layouts a stripped module leaves there).
pub fn print_dumpbin_header(
    container: Option<&Container<'_>>,
    module: &Module,
    reflection: Option<&Module>,
    out: &mut String,
) -> Result<(), HeaderError> {
    let parts = container.map(container_parts).unwrap_or_default();
    let main = ModuleView::new(module)?;
    let stat_view = match reflection {
        Some(m) => Some(ModuleView::new(m)?),
        None => None,
    };
    let sections = ModuleSections {
        main: &main,
        reflection: stat_view.as_ref().unwrap_or(&main),
    };
    print_header(&parts, &sections, out)?;
    Ok(())
}
