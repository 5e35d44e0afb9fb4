//! The whole `dxc -dumpbin` header of an input: part sections (`dxil-parts`) and the
//! module's sections ([`crate::header`]), reading the `STAT` part's module for reflection
//! when the container has one.

use dxil_container::{Container, FourCC, Program};
use dxil_ir::Module;
use dxil_parts::print::{container_parts, print_header};

use crate::header::{ModuleSections, ModuleView};

/// Why the header could not be printed.
#[derive(Debug, thiserror::Error)]
pub enum HeaderError {
    /// The container is malformed.
    #[error(transparent)]
    Container(#[from] dxil_container::Error),
    /// A part is malformed.
    #[error(transparent)]
    Part(#[from] dxil_parts::Error),
    /// The `STAT` module does not decode.
    #[error("STAT module: {0}")]
    Bitcode(#[from] dxil_bitcode::Error),
    /// The DXIL metadata is malformed.
    #[error("metadata: {0}")]
    Metadata(#[from] crate::Error),
}

/// The reflection module of a container: the `STAT` part's module, if it has one with a
/// valid program header.
pub fn reflection_module(c: &Container<'_>) -> Result<Option<Module>, HeaderError> {
    let Some(part) = c.part(FourCC::from_bytes(*b"STAT")) else {
        return Ok(None);
    };
    let Ok(p) = Program::parse(part) else {
        return Ok(None);
    };
    Ok(Some(dxil_bitcode::read_module(p.bitcode)?))
}

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
