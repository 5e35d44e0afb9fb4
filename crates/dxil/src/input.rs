//! What the user handed us, detected once: a DXContainer, a program part without its
//! container, LLVM bitcode, or DXIL text (DXIL.rst, "DXIL Container Format").

use dxil_container::{Container, FourCC, Part, Program};

use crate::error::{Error, ErrorKind, Location, Result};

/// The forms of input the entry points read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// A DXContainer (`DXBC` magic).
    Container,
    /// A program part (`DXIL`, `ILDB`, `STAT`) without its container: the program header
    /// (version, size, `DXIL` magic, DXIL version, bitcode offset and size), then bitcode.
    ProgramPart,
    /// LLVM bitcode (`BC` 0xC0DE, or the 0x0B17C0DE wrapper).
    Bitcode,
    /// LLVM 3.7 / DXIL assembly text (UTF-8).
    Text,
}

impl FileKind {
    /// Detects the form of `bytes` from their first bytes alone; `None` when they are none
    /// of the forms (not even UTF-8 text).
    pub fn detect(bytes: &[u8]) -> Option<FileKind> {
        Self::by_magic(bytes).or_else(|| as_text(bytes).map(|_| FileKind::Text))
    }

    /// The binary forms, told by their magic bytes.
    fn by_magic(bytes: &[u8]) -> Option<FileKind> {
        if bytes.starts_with(b"DXBC") {
            Some(FileKind::Container)
        } else if bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]) {
            Some(FileKind::Bitcode)
        } else if bytes.get(8..12) == Some(b"DXIL".as_slice()) {
            Some(FileKind::ProgramPart)
        } else {
            None
        }
    }

    /// How the kind is named in messages.
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Container => "a DXBC container",
            FileKind::ProgramPart => "a program part without its container",
            FileKind::Bitcode => "LLVM bitcode",
            FileKind::Text => "text",
        }
    }
}

/// `bytes` as text: UTF-8 without a NUL. LLVM's text escapes NUL in its strings (`\\00`), and
/// binary data nearly always holds one; other control characters do appear in real text
/// (`\x01` before a mangled name in a comment), so they do not count.
fn as_text(bytes: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(bytes).ok()?;
    (!bytes.contains(&0)).then_some(text)
}

/// An input, parsed as far as its form: a container's part table, a program part's header.
#[derive(Clone, Debug)]
pub enum Input<'a> {
    /// A DXContainer.
    Container(Container<'a>),
    /// A program part without its container.
    ProgramPart(Program<'a>),
    /// LLVM bitcode.
    Bitcode(&'a [u8]),
    /// DXIL text.
    Text(&'a str),
}

/// Shader source that is not DXIL, told from its content.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceLanguage {
    /// WGSL (`@compute`, `@group(0)`, `fn main(...)`).
    Wgsl,
    /// GLSL (`#version` first).
    Glsl,
    /// HLSL (`[numthreads(...)]`, `register(...)`, `: SV_...`, `cbuffer`).
    Hlsl,
    /// A SPIR-V module (magic `0x07230203`).
    SpirV,
}

/// Line starts that only LLVM / DXIL text has (at the start of a line).
const LLVM_LINES: [&str; 6] = [
    "define ",
    "declare ",
    "target datalayout",
    "target triple",
    "attributes #",
    "source_filename",
];

impl SourceLanguage {
    /// The language of `bytes`, when they are shader source rather than one of the forms
    /// [`Input`] reads: SPIR-V by its magic; text with no line only LLVM text has (`define`,
    /// `declare`, `target ...`, `!name = ...`) by its first `#version` (GLSL), WGSL's
    /// attributes or `fn`, or HLSL's `[numthreads(`, `register(`, `: SV_`, `cbuffer`.
    /// Comment lines (`;`, `//`) do not count.
    pub fn detect(bytes: &[u8]) -> Option<SourceLanguage> {
        if bytes.starts_with(&[0x03, 0x02, 0x23, 0x07]) {
            return Some(SourceLanguage::SpirV);
        }
        let text = std::str::from_utf8(bytes).ok()?;
        let lines = || {
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with(';') && !l.starts_with("//"))
        };
        let llvm = lines().any(|l| {
            LLVM_LINES.iter().any(|p| l.starts_with(p)) || (l.starts_with('!') && l.contains(" = "))
        });
        if llvm {
            return None;
        }
        if lines().next().is_some_and(|l| l.starts_with("#version")) {
            return Some(SourceLanguage::Glsl);
        }
        const WGSL: [&str; 8] = [
            "@compute",
            "@vertex",
            "@fragment",
            "@workgroup_size(",
            "@group(",
            "@binding(",
            "@location(",
            "@builtin(",
        ];
        if lines().any(|l| l.starts_with("fn ") || WGSL.iter().any(|w| l.contains(w))) {
            return Some(SourceLanguage::Wgsl);
        }
        const HLSL: [&str; 5] = ["[numthreads(", "register(", ": SV_", "cbuffer ", "[shader("];
        if lines().any(|l| HLSL.iter().any(|h| l.contains(h))) {
            return Some(SourceLanguage::Hlsl);
        }
        None
    }

    /// The language's name.
    pub fn name(self) -> &'static str {
        match self {
            SourceLanguage::Wgsl => "WGSL",
            SourceLanguage::Glsl => "GLSL",
            SourceLanguage::Hlsl => "HLSL",
            SourceLanguage::SpirV => "SPIR-V",
        }
    }

    /// What an entry point that reads DXIL says about such input: the command that takes it.
    pub fn message(self) -> String {
        let what = match self {
            SourceLanguage::SpirV => "a SPIR-V module".to_string(),
            other => format!("{} source", other.name()),
        };
        let how = match self {
            SourceLanguage::Hlsl => {
                "compiling HLSL is not supported yet: compile it with DXC (`dxc -T cs_6_0 -E main FILE -Fo OUT.dxil`)"
            }
            SourceLanguage::Glsl => {
                "`dxil compile FILE` compiles it to DXIL (GLSL files named .vert, .frag or .comp)"
            }
            _ => "`dxil compile FILE` compiles it to DXIL",
        };
        format!("found {what}, not DXIL: {how}")
    }
}

/// The error for bytes that are none of the forms [`Input`] reads.
fn unrecognized(bytes: &[u8]) -> Error {
    let head: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02x}")).collect();
    let head = if head.is_empty() {
        "nothing".to_string()
    } else {
        head.join(" ")
    };
    Error::new(
        ErrorKind::Input,
        format!(
            "unrecognized input (starts with {head}): expected a DXBC container, a DXIL \
             program part, LLVM bitcode or DXIL text"
        ),
    )
    .at(Location::Byte(0))
}

/// Bitcode located in the user's input.
#[derive(Clone, Copy, Debug)]
pub struct Bitcode<'a> {
    /// The bitcode bytes.
    pub bytes: &'a [u8],
    /// Where they start in the input.
    pub position: u64,
    /// The program part holding them, if any (`DXIL`, `ILDB`, `STAT`).
    pub part: Option<FourCC>,
}

impl<'a> Input<'a> {
    /// Detects and parses `bytes`. Errors name what was found when it is none of the forms:
    /// nothing at all (an empty file), shader source (WGSL, GLSL, HLSL, SPIR-V: with the
    /// command that takes it), or bytes of no known form.
    pub fn parse(bytes: &'a [u8]) -> Result<Self> {
        if bytes.is_empty() {
            return Err(Error::new(
                ErrorKind::Input,
                "empty file: expected a DXBC container, a DXIL program part, LLVM bitcode or DXIL text",
            ));
        }
        if let Some(lang) = SourceLanguage::detect(bytes) {
            return Err(Error::new(ErrorKind::Input, lang.message()));
        }
        match FileKind::by_magic(bytes) {
            Some(FileKind::Container) => Ok(Input::Container(
                Container::parse(bytes).map_err(Error::container)?,
            )),
            Some(FileKind::Bitcode) => Ok(Input::Bitcode(bytes)),
            Some(FileKind::ProgramPart) => Ok(Input::ProgramPart(bare_program(bytes)?)),
            Some(FileKind::Text) | None => match as_text(bytes) {
                Some(text) => Ok(Input::Text(text)),
                None => Err(unrecognized(bytes)),
            },
        }
    }

    /// The form of the input.
    pub fn kind(&self) -> FileKind {
        match self {
            Input::Container(_) => FileKind::Container,
            Input::ProgramPart(_) => FileKind::ProgramPart,
            Input::Bitcode(_) => FileKind::Bitcode,
            Input::Text(_) => FileKind::Text,
        }
    }

    /// The container, or an error saying what the input is instead.
    pub fn container(&self) -> Result<&Container<'a>> {
        match self {
            Input::Container(c) => Ok(c),
            other => Err(other.wrong_kind("a DXBC container")),
        }
    }

    /// The bitcode the reference disassembles and reflects: for a container the `ILDB`
    /// part's (it carries debug info) when present, else the `DXIL` part's.
    pub fn primary_bitcode(&self) -> Result<Bitcode<'a>> {
        match self {
            Input::Container(c) => {
                let p = c.primary_program().map_err(Error::container)?;
                Ok(Bitcode {
                    bytes: p.bitcode,
                    position: p.bitcode_position,
                    part: Some(p.fourcc),
                })
            }
            Input::ProgramPart(p) => Ok(Bitcode {
                bytes: p.bitcode,
                position: p.bitcode_position,
                part: None,
            }),
            Input::Bitcode(b) => Ok(Bitcode {
                bytes: b,
                position: 0,
                part: None,
            }),
            Input::Text(_) => Err(self.wrong_kind("a container, a program part or bitcode")),
        }
    }

    /// The module of a container's `STAT` part (the reflection a stripped `DXIL` module
    /// leaves there), when the input is a container with a readable one.
    pub fn reflection_module(&self) -> Result<Option<dxil_ir::CheckedModule>> {
        let Input::Container(c) = self else {
            return Ok(None);
        };
        let Some(part) = c.part(FourCC::from_bytes(*b"STAT")) else {
            return Ok(None);
        };
        // A `STAT` part with a damaged program header is not reflection; the reference
        // then prints from the program module alone.
        let Ok(p) = Program::parse(part) else {
            return Ok(None);
        };
        let bitcode = Bitcode {
            bytes: p.bitcode,
            position: p.bitcode_position,
            part: Some(p.fourcc),
        };
        bitcode.read_module().map(Some)
    }

    /// An error: the operation needs `expected`, and the input is something else.
    pub(crate) fn wrong_kind(&self, expected: &str) -> Error {
        let mut message = format!("expected {expected}, found {}", self.kind().describe());
        if self.kind() == FileKind::Text {
            message.push_str(" (assemble it first)");
        }
        // The whole input is of the wrong form: no offset in it says more.
        Error::new(ErrorKind::Input, message)
    }
}

impl Bitcode<'_> {
    /// Decodes the module; errors give their bit in the user's file.
    pub fn read_module(&self) -> Result<dxil_ir::CheckedModule> {
        dxil_bitcode::read_module(self.bytes).map_err(|e| {
            let what = self
                .part
                .map(|p| format!("{p} bitcode"))
                .unwrap_or_default();
            Error::bitcode(e, self.position, &what)
        })
    }
}

/// Size of a part header (fourcc, size) in a container; a bare part lacks it.
const PART_HEADER_SIZE: u64 = 8;

/// Reads a program part given without its container. The container reader counts offsets
/// from a container start before the part header; here the part starts the file, so every
/// offset moves back by the header's size.
fn bare_program(bytes: &[u8]) -> Result<Program<'_>> {
    let part = Part {
        fourcc: FourCC::DXIL,
        offset: 0,
        data: bytes,
    };
    let mut p = Program::parse(&part).map_err(|e| {
        let at = e.offset().saturating_sub(PART_HEADER_SIZE);
        Error::new(ErrorKind::Container, e.kind().to_string())
            .at(Location::Byte(at))
            .caused_by(e)
    })?;
    p.bitcode_position -= PART_HEADER_SIZE;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_form() {
        assert_eq!(FileKind::detect(b"DXBC...."), Some(FileKind::Container));
        assert_eq!(FileKind::detect(b"BC\xC0\xDE\x35"), Some(FileKind::Bitcode));
        assert_eq!(
            FileKind::detect(&[0xDE, 0xC0, 0x17, 0x0B, 0]),
            Some(FileKind::Bitcode)
        );
        assert_eq!(
            FileKind::detect(b"\x60\x00\x01\x00\x10\x00\x00\x00DXIL"),
            Some(FileKind::ProgramPart)
        );
        assert_eq!(
            FileKind::detect(b"define void @main()"),
            Some(FileKind::Text)
        );
        assert_eq!(FileKind::detect(&[0xff, 0xfe, 0x00, 0x80]), None);
    }

    #[test]
    fn unrecognized_input_names_its_first_bytes() {
        let e = Input::parse(&[0xff, 0xfe, 0x00, 0x80, 1]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Input);
        assert!(e
            .to_string()
            .starts_with("unrecognized input (starts with ff fe 00 80)"));
        assert_eq!(e.offset(), Some(0));
    }

    #[test]
    fn nul_bytes_are_binary_not_text() {
        let bytes = b"\x00\x01\x02\x03\x04\x05";
        assert_eq!(FileKind::detect(bytes), None);
        let e = Input::parse(bytes).unwrap_err();
        assert!(e
            .to_string()
            .starts_with("unrecognized input (starts with 00 01 02 03)"));
        assert_eq!(
            FileKind::detect(b"define void @main() {\r\n\tret void\n}\n"),
            Some(FileKind::Text)
        );
    }

    #[test]
    fn empty_input_and_shader_source_are_named() {
        let e = Input::parse(b"").unwrap_err();
        assert!(e.to_string().starts_with("empty file"), "{e}");
        let wgsl = b"@group(0) @binding(0) var<storage, read_write> d: array<f32>;\n@compute @workgroup_size(64)\nfn main() {}\n";
        assert_eq!(SourceLanguage::detect(wgsl), Some(SourceLanguage::Wgsl));
        assert!(Input::parse(wgsl)
            .unwrap_err()
            .to_string()
            .contains("found WGSL source, not DXIL: `dxil compile FILE`"));
        let glsl = b"// a shader\n#version 450\nvoid main() {}\n";
        assert_eq!(SourceLanguage::detect(glsl), Some(SourceLanguage::Glsl));
        let hlsl = b"RWBuffer<uint> o : register(u0);\n[numthreads(64, 1, 1)]\nvoid main() {}\n";
        assert_eq!(SourceLanguage::detect(hlsl), Some(SourceLanguage::Hlsl));
        assert_eq!(
            SourceLanguage::detect(&[0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0]),
            Some(SourceLanguage::SpirV)
        );
        // DXIL text, even with HLSL in its comments and `@` globals.
        let ll =
            b"; [numthreads(64, 1, 1)]\n@g = global i32 0\ndefine void @main() {\n  ret void\n}\n";
        assert_eq!(SourceLanguage::detect(ll), None);
        assert_eq!(SourceLanguage::detect(b"; nothing\n"), None);
    }

    #[test]
    fn text_is_not_bitcode() {
        let input = Input::parse(b"; nothing\n").unwrap();
        let e = input.primary_bitcode().unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected a container, a program part or bitcode, found text (assemble it first)"
        );
    }

    #[test]
    fn bare_part_positions_count_from_the_file_start() {
        let part = dxil_container::build_program_part(
            dxil_container::ProgramVersion::new(dxil_container::ShaderKind::Compute, 6, 0),
            dxil_container::DxilVersion(0x100),
            b"BC\xC0\xDE\x00\x00\x00\x00",
        )
        .unwrap();
        let Input::ProgramPart(p) = Input::parse(&part).unwrap() else {
            panic!("not a program part");
        };
        assert_eq!(p.bitcode_position, 24);
        assert_eq!(&part[24..28], b"BC\xC0\xDE");
    }
}
