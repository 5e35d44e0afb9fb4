//! The `dxc -dumpbin` header: the comment block printed before `target datalayout`, the
//! mirror of what `dxil-asm` reads back. The part sections print from `dxil-parts`' models
//! ([`print_header`] and its helpers); the module's sections from `dxil-module`'s metadata
//! model ([`ModuleSections`]), reading the `STAT` part's module for reflection when the
//! container has one.

mod module;
mod parts;

pub use module::ModuleSections;
pub use parts::*;

use dxil_container::Container;
use dxil_ir::Module;
use dxil_module::view::{reflection_module, HeaderError, ModuleView};

/// Prints the header of `input` (a container, or bare bitcode / program part: module
/// sections only) whose printed module is `module`.
pub fn print_dumpbin_header(
    input: &[u8],
    module: &Module,
    out: &mut String,
) -> Result<(), HeaderError> {
    let is_container = input.starts_with(b"DXBC");
    let (parts, stat) = if is_container {
        let c = Container::parse(input)?;
        (container_parts(&c), reflection_module(&c)?)
    } else {
        (Vec::new(), None)
    };
    let main = ModuleView::new(module)?;
    let stat_view = match &stat {
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
