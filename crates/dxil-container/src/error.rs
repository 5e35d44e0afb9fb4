//! The crate's error type: a kind and the byte offset where reading stopped.

use std::fmt;

use crate::fourcc::FourCC;

/// What kind of input a non-DXIL input was recognized as.
///
/// Used by [`ErrorKind::NotDxil`] where a `DXIL` part is required but the input is something
/// else that a user is likely to hand us by mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotDxilKind {
    /// Raw LLVM bitcode (`'BC' 0xC0DE`), not wrapped in a container.
    RawBitcode,
    /// LLVM bitcode with the bitcode wrapper header (`0x0B17C0DE`).
    WrappedBitcode,
    /// A DXBC container from the SM4/SM5 era (`SHDR`/`SHEX` parts), no `DXIL` part.
    DxbcShaderModel5,
    /// A container holding only a root signature (`RTS0`).
    RootSignatureOnly,
    /// A well-formed container that simply has no `DXIL` part.
    NoDxilPart,
}

impl NotDxilKind {
    /// A short human description, used in error messages and `info` output.
    pub fn describe(self) -> &'static str {
        match self {
            NotDxilKind::RawBitcode => "raw LLVM bitcode, not a DXIL container",
            NotDxilKind::WrappedBitcode => {
                "wrapped LLVM bitcode (0x0B17C0DE), not a DXIL container"
            }
            NotDxilKind::DxbcShaderModel5 => "DXBC SM4/SM5 container without a DXIL part",
            NotDxilKind::RootSignatureOnly => "root-signature-only container (RTS0, no DXIL part)",
            NotDxilKind::NoDxilPart => "container without a DXIL part",
        }
    }
}

/// What went wrong. The position is carried by [`Error`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Input shorter than the fixed container header.
    #[error("truncated container header: need 32 bytes, have {have}")]
    TruncatedHeader {
        /// Bytes available.
        have: usize,
    },
    /// The first four bytes are not `DXBC`.
    #[error("not a container: magic {found:02x?} is not \"DXBC\"")]
    BadMagic {
        /// The bytes found.
        found: [u8; 4],
    },
    /// Input that is recognizably something other than a DXIL container.
    #[error("{}", .0.describe())]
    NotDxil(NotDxilKind),
    /// `ContainerSizeInBytes` is smaller than the header plus offset table.
    #[error("container size {size} is smaller than its header and part table ({need} bytes)")]
    SizeTooSmall {
        /// The size field.
        size: u32,
        /// Bytes the header and offset table need.
        need: u64,
    },
    /// `ContainerSizeInBytes` is larger than the input.
    #[error("container size {size} exceeds the input length {have}")]
    SizeExceedsInput {
        /// The size field.
        size: u32,
        /// Input length.
        have: usize,
    },
    /// The part offset table runs past the container.
    #[error("part offset table of {count} entries runs past the container")]
    PartTableOutOfBounds {
        /// The part count field.
        count: u32,
    },
    /// A part offset points inside the header/table or past the container end.
    #[error("part {index} offset {part_offset:#x} is outside the part area")]
    PartOffsetOutOfBounds {
        /// Index in the offset table.
        index: u32,
        /// The offending offset.
        part_offset: u32,
    },
    /// A part header (fourcc + size) is cut off by the container end.
    #[error("truncated part header for part {index}")]
    TruncatedPartHeader {
        /// Index in the offset table.
        index: u32,
    },
    /// A part's data runs past the container end.
    #[error("part {index} ({fourcc}) of {size} bytes runs past the container end")]
    PartDataOutOfBounds {
        /// Index in the offset table.
        index: u32,
        /// The part's fourcc.
        fourcc: FourCC,
        /// The size field.
        size: u32,
    },
    /// A required part is absent.
    #[error("missing {0} part")]
    MissingPart(FourCC),
    /// A part is shorter than its fixed layout.
    #[error("{fourcc} part too short: need {need} bytes, have {have}")]
    PartTooShort {
        /// The part's fourcc.
        fourcc: FourCC,
        /// Bytes needed.
        need: u64,
        /// Bytes present.
        have: usize,
    },
    /// A fixed-size part is longer than its layout, so it would not write back the same.
    #[error("{fourcc} part of {have} bytes: expected exactly {size}")]
    PartSizeMismatch {
        /// The part's fourcc.
        fourcc: FourCC,
        /// The layout's size.
        size: u64,
        /// Bytes present.
        have: usize,
    },
    /// The program header's `DxilMagic` is not `DXIL`.
    #[error("{fourcc} part: bitcode header magic {found:02x?} is not \"DXIL\"")]
    BadProgramMagic {
        /// The part's fourcc.
        fourcc: FourCC,
        /// The bytes found.
        found: [u8; 4],
    },
    /// `SizeInUint32` disagrees with the part size.
    #[error("{fourcc} part: program size {words} words disagrees with part size {part_size}")]
    ProgramSizeMismatch {
        /// The part's fourcc.
        fourcc: FourCC,
        /// The `SizeInUint32` field.
        words: u32,
        /// The part size in bytes.
        part_size: usize,
    },
    /// The bitcode offset/size run past the part.
    #[error("{fourcc} part: bitcode at {bitcode_offset:#x}+{bitcode_size} runs past the part")]
    BitcodeOutOfBounds {
        /// The part's fourcc.
        fourcc: FourCC,
        /// `BitcodeOffset` (relative to the bitcode header).
        bitcode_offset: u32,
        /// `BitcodeSize`.
        bitcode_size: u32,
    },
    /// The `VERS` part's string list is malformed.
    #[error("VERS part: {0}")]
    BadVersionStrings(&'static str),
    /// An edit names a part the container does not have.
    #[error("no {0} part to replace")]
    NoSuchPart(FourCC),
    /// The written container would exceed the format's size limit.
    #[error("container of {size} bytes exceeds the limit of {limit} bytes")]
    TooLarge {
        /// Size that would be written.
        size: u64,
        /// The limit.
        limit: u64,
    },
}

/// A container error: a kind and the byte offset (from the start of the input) where it was
/// found. Boxed so `Result<T, Error>` stays one pointer wide.
///
/// Prints as `<what> (at offset 0x..)`.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    offset: u64,
}

impl Error {
    /// Builds an error of `kind` at byte `offset`.
    pub fn new(kind: ErrorKind, offset: u64) -> Self {
        Error(Box::new(Inner { kind, offset }))
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// Byte offset from the start of the input.
    pub fn offset(&self) -> u64 {
        self.0.offset
    }
}

/// Checks that a fixed-size part holds exactly `size` bytes (its data starting at
/// `data_offset`); the error points at the first byte past the layout.
pub(crate) fn exact_size(fourcc: FourCC, data: &[u8], size: usize, data_offset: u64) -> Result<()> {
    if data.len() == size {
        return Ok(());
    }
    Err(Error::new(
        ErrorKind::PartSizeMismatch {
            fourcc,
            size: size as u64,
            have: data.len(),
        },
        data_offset + size.min(data.len()) as u64,
    ))
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at offset {:#x})", self.0.kind, self.0.offset)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({:?} at {:#x})", self.0.kind, self.0.offset)
    }
}

impl std::error::Error for Error {}

/// Result alias for this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
