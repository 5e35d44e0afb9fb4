//! Disassembly: the text `dxc -dumpbin` prints, header comments and module.

use dxil_text::header::HeaderError;

use crate::error::{Error, ErrorKind, Location, Result};
use crate::input::Input;

/// Disassembles `bytes` (a container, a program part or LLVM bitcode) to the text the
/// reference's `dxc -dumpbin` prints: the header comment block (parts, signatures,
/// resources, ...), then the module from `target datalayout` on. As the reference does, a
/// container's `ILDB` module (the one carrying debug info) is printed when present, else
/// its `DXIL` module; resource names and buffer layouts come from its `STAT` module.
///
/// The reference's text does not carry every part: the root signature (`RTS0`), a library's
/// root signature subobjects, `VERS` and any part nothing regenerates are lost when the text
/// is assembled again ([`parts_not_in_text`] names them). [`Disassembler::keep_parts`] prints
/// them after the header, as root signature text or hex ([`dxil_text::header::carried`]), so
/// that [`crate::assemble`] gives them back.
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
    Disassembler::new().disassemble(bytes)
}

/// Disassembly with options.
#[derive(Clone, Copy, Debug, Default)]
pub struct Disassembler {
    keep_parts: bool,
}

impl Disassembler {
    /// Default options: exactly the text `dxc -dumpbin` prints.
    pub fn new() -> Self {
        Self::default()
    }

    /// Also print, after the reference's header, sections carrying the parts the reference
    /// does not print (the root signature, `VERS`, ...), so that assembling the text gives
    /// them back. A container without such parts prints the same either way.
    pub fn keep_parts(mut self, yes: bool) -> Self {
        self.keep_parts = yes;
        self
    }

    /// Disassembles `bytes` ([`disassemble`]).
    pub fn disassemble(&self, bytes: &[u8]) -> Result<String> {
        self.disassemble_input(&Input::parse(bytes)?)
    }

    /// As [`Disassembler::disassemble`], for an input already detected.
    pub fn disassemble_input(&self, input: &Input<'_>) -> Result<String> {
        print_input(input, self.keep_parts)
    }
}

/// As [`disassemble`], for an input already detected.
pub fn disassemble_input(input: &Input<'_>) -> Result<String> {
    Disassembler::new().disassemble_input(input)
}

fn print_input(input: &Input<'_>, carry_parts: bool) -> Result<String> {
    let bitcode = input.primary_bitcode()?;
    let module = bitcode.read_module()?;
    let reflection = input.reflection_module()?;
    let container = match input {
        Input::Container(c) => Some(c),
        _ => None,
    };
    let mut text = String::with_capacity(bitcode.bytes.len() * 4 + 1024);
    dxil_text::header::print_dumpbin_header(container, &module, reflection.as_deref(), &mut text)
        .map_err(|e| header_error(e, input))?;
    if let (true, Some(c)) = (carry_parts, container) {
        dxil_text::header::print_carried_parts(&dxil_text::header::container_parts(c), &mut text);
    }
    dxil_text::write_dumpbin_body(&module, &mut text);
    Ok(text)
}

/// The parts of a container (and root signature subobjects of a library) that the
/// reference's text does not carry, named for a message (`RTS0 (root signature)`, `VERS`):
/// what assembling [`disassemble`]'s text loses, and what [`Disassembler::keep_parts`] keeps.
/// Empty for anything but a container.
pub fn parts_not_in_text(input: &Input<'_>) -> Vec<String> {
    match input {
        Input::Container(c) => {
            dxil_text::header::uncarried_part_names(&dxil_text::header::container_parts(c))
        }
        _ => Vec::new(),
    }
}

/// Maps a header error to the front door's, a part's offsets counted in the user's file.
fn header_error(e: HeaderError, input: &Input<'_>) -> Error {
    match e {
        HeaderError::Part(e) => {
            // The printer names the part; where it lies places the offset in the file.
            let at = e.part().and_then(|fourcc| match input {
                Input::Container(c) => c
                    .part(dxil_container::FourCC::from_bytes(fourcc))
                    .map(|p| p.data_offset() + e.offset() as u64),
                _ => None,
            });
            match (e.part(), at) {
                (Some(fourcc), Some(at)) => Error::new(
                    ErrorKind::Part,
                    format!("{} part: {}", String::from_utf8_lossy(&fourcc), e.kind()),
                )
                .at(Location::Byte(at)),
                _ => Error::new(ErrorKind::Part, e.to_string()),
            }
            .caused_by(e)
        }
        HeaderError::Metadata(e) => Error::metadata(e),
    }
}
