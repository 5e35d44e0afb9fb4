//! Assembly: LLVM 3.7 / DXIL text to a container (or bare bitcode), every part generated.

use crate::error::{Error, ErrorKind, Location, Result};

/// Assembles DXIL text (as [`crate::disassemble`] prints it, or written by hand) into a
/// container: the `DXIL` part, the parts generated from its metadata (`SFI0`,
/// `ISG1`/`OSG1`/`PSG1`, `PSV0`, `RDAT` for libraries), `HASH` and the digest; a module with
/// debug info gives `ILDB` (whole) and a stripped `DXIL`, as the reference writes. The
/// header comments give back what a stripped module lacks (`STAT`, `ILDN`, subobjects) and
/// the parts [`crate::disassemble`] prints for the reference does not (the root signature,
/// `VERS`, other parts as hex).
///
/// ```
/// # fn main() -> Result<(), dxil::Error> {
/// # let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/compute.ll")).unwrap();
/// let container = dxil::assemble(&text)?;
/// assert_eq!(&container[..4], b"DXBC");
/// # Ok(()) }
/// ```
pub fn assemble(text: &str) -> Result<Vec<u8>> {
    Assembler::new().assemble(text).map(|a| a.bytes)
}

/// Assembly with options: the file name errors show, bitcode instead of a container.
///
/// ```
/// # fn main() -> Result<(), dxil::Error> {
/// let err = dxil::Assembler::new().file_name("bad.ll").assemble("define void @f() {\n  ret i32\n}\n");
/// assert!(err.unwrap_err().to_string().contains("--> bad.ll:3:1"));
/// # Ok(()) }
/// ```
#[derive(Clone, Debug, Default)]
pub struct Assembler {
    file_name: Option<String>,
    bitcode_only: bool,
    root_signature: Option<Vec<u8>>,
}

/// What [`Assembler::assemble`] gives.
#[derive(Clone, Debug)]
pub struct Assembly {
    /// The container (or, with [`Assembler::bitcode_only`], the raw bitcode).
    pub bytes: Vec<u8>,
    /// Things the text could not carry and were filled in (e.g. root signature subobjects
    /// printed only by size).
    pub warnings: Vec<String>,
}

impl Assembler {
    /// Default options: a container, errors naming `<input>`.
    pub fn new() -> Self {
        Self::default()
    }

    /// The name of the input in error messages (`name:line:column`).
    pub fn file_name(mut self, name: impl Into<String>) -> Self {
        self.file_name = Some(name.into());
        self
    }

    /// Write the raw bitcode module instead of a container.
    pub fn bitcode_only(mut self, yes: bool) -> Self {
        self.bitcode_only = yes;
        self
    }

    /// Write `rts0` (the bytes of an `RTS0` part) as the container's root signature,
    /// replacing any the text carries.
    pub fn root_signature(mut self, rts0: Vec<u8>) -> Self {
        self.root_signature = Some(rts0);
        self
    }

    /// Parses `text` and assembles it.
    pub fn assemble(&self, text: &str) -> Result<Assembly> {
        let name = self.file_name.as_deref().unwrap_or("<input>");
        let module = parse_text(text, name)?;
        let generated = if self.bitcode_only {
            dxil_asm::assemble_bitcode(&module).map(|bytes| (bytes, None))
        } else {
            let options = dxil_asm::TextOptions {
                root_signature: self.root_signature.clone(),
            };
            dxil_asm::assemble_container_with(&module, text, &options).map(|a| (a.bytes, a.note))
        };
        let (bytes, note) = generated.map_err(|e| {
            let kind = match e {
                dxil_asm::AssembleError::Bitcode(_) => ErrorKind::Bitcode,
                dxil_asm::AssembleError::Metadata(_) => ErrorKind::Metadata,
                dxil_asm::AssembleError::Header(ref h) => {
                    let offset = text
                        .split_inclusive('\n')
                        .take(h.line.saturating_sub(1))
                        .map(str::len)
                        .sum::<usize>()
                        + h.column.saturating_sub(1);
                    let d = dxil_asm::Diagnostic {
                        message: h.message.clone(),
                        offset,
                        len: 1,
                    };
                    return text_error(dxil_asm::Diagnostics::new(name, text, vec![d]));
                }
                _ => ErrorKind::Generate,
            };
            Error::new(kind, format!("{name}: {e}")).caused_by(e)
        })?;
        Ok(Assembly {
            bytes,
            warnings: note.into_iter().collect(),
        })
    }
}

/// Parses module text into the IR; `name` names the input in errors.
///
/// ```
/// let m = dxil::parse_text("define void @main() {\n  ret void\n}\n", "main.ll").unwrap();
/// assert_eq!(m.functions.len(), 1);
/// ```
pub fn parse_text(text: &str, name: &str) -> Result<dxil_ir::CheckedModule> {
    dxil_asm::parse_module(text, name).map_err(text_error)
}

/// Rendered text diagnostics as the front door's error, at the first one's position.
fn text_error(d: dxil_asm::Diagnostics) -> Error {
    let rendered = d.to_string();
    let message = rendered
        .strip_prefix("error: ")
        .unwrap_or(&rendered)
        .to_string();
    let mut e = Error::new(ErrorKind::Text, message);
    if let Some(&(line, column)) = d.positions.first() {
        e = e.at(Location::Text { line, column });
    }
    e.caused_by(d)
}
