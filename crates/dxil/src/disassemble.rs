//! Disassembly: the text `dxc -dumpbin` prints, header comments and module.

use dxil_module::dumpbin::HeaderError;

use crate::error::{Error, Result};
use crate::input::{Bitcode, Input};

/// Disassembles `bytes` (a container, a program part or LLVM bitcode) to the text the
/// reference's `dxc -dumpbin` prints: the header comment block (parts, signatures,
/// resources, ...), then the module from `target datalayout` on. As the reference does, a
/// container's `ILDB` module (the one carrying debug info) is printed when present, else
/// its `DXIL` module.
///
/// ```
/// # fn main() -> Result<(), dxil::Error> {
/// # let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/compute.ll")).unwrap();
/// let container = dxil::assemble(&text)?;
/// let text = dxil::disassemble(&container)?;
/// assert!(text.contains("define void @main()"));
/// # Ok(()) }
/// ```
pub fn disassemble(bytes: &[u8]) -> Result<String> {
    let input = Input::parse(bytes)?;
    disassemble_input(&input)
}

/// As [`disassemble`], for an input already detected.
pub fn disassemble_input(input: &Input<'_>) -> Result<String> {
    let bitcode = input.primary_bitcode()?;
    let module = bitcode.read_module()?;
    let mut text = String::with_capacity(bitcode.bytes.len() * 4 + 1024);
    let header_input = match input {
        Input::Container(c) => c.bytes(),
        _ => bitcode.bytes,
    };
    dxil_module::dumpbin::print_dumpbin_header(header_input, &module, &mut text)
        .map_err(|e| header_error(e, input))?;
    dxil_text::write_dumpbin_body(&module, &mut text);
    Ok(text)
}

/// Maps a header error to the front door's, offsets counted in the user's file.
pub(crate) fn header_error(e: HeaderError, input: &Input<'_>) -> Error {
    match e {
        HeaderError::Container(e) => Error::container(e),
        HeaderError::Part(e) => {
            Error::new(crate::ErrorKind::Part, format!("part: {e}")).caused_by(e)
        }
        HeaderError::Bitcode(e) => {
            let stat = match input {
                Input::Container(c) => c
                    .part(dxil_container::FourCC::from_bytes(*b"STAT"))
                    .and_then(|p| dxil_container::Program::parse(p).ok())
                    .map(|p| Bitcode {
                        bytes: p.bitcode,
                        position: p.bitcode_position,
                        part: Some(p.fourcc),
                    }),
                _ => None,
            };
            let position = stat.map_or(0, |s| s.position);
            Error::bitcode(e, position, "STAT bitcode")
        }
        HeaderError::Metadata(e) => Error::metadata(e),
    }
}
