//! Program parts (`DXIL`, `ILDB`, `STAT`): the program header and the bitcode it frames
//! (DXIL.rst "DXIL Container Format"; DXC `DxilProgramHeader`, `DxilBitcodeHeader`).
//!
//! ```text
//! u32 ProgramVersion   shader kind << 16 | major << 4 | minor
//! u32 SizeInUint32     part size in u32 words, this header included
//! u32 DxilMagic        "DXIL"
//! u32 DxilVersion      major << 8 | minor
//! u32 BitcodeOffset    from DxilMagic
//! u32 BitcodeSize
//! ```

use std::fmt;

use crate::bytes::{array4_at, u32_at};
use crate::container::{Container, Part};
use crate::error::{Error, ErrorKind, Result};
use crate::fourcc::FourCC;

/// Size of `DxilProgramHeader` (program header + bitcode header).
pub const PROGRAM_HEADER_SIZE: usize = 24;
/// Offset of `DxilBitcodeHeader` inside the program header; `BitcodeOffset` counts from here.
pub const BITCODE_HEADER_OFFSET: usize = 8;

/// Shader kind (DXC `DXIL::ShaderKind`): the high 16 bits of `ProgramVersion`, the PSV0
/// `ShaderStage` byte, the RDAT function kind, and the stage numbering of the op database's
/// stage sets. The one definition every crate uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum ShaderKind {
    /// Pixel shader.
    Pixel = 0,
    /// Vertex shader.
    Vertex = 1,
    /// Geometry shader.
    Geometry = 2,
    /// Hull shader.
    Hull = 3,
    /// Domain shader.
    Domain = 4,
    /// Compute shader.
    Compute = 5,
    /// Library.
    Library = 6,
    /// Ray generation shader.
    RayGeneration = 7,
    /// Intersection shader.
    Intersection = 8,
    /// Any-hit shader.
    AnyHit = 9,
    /// Closest-hit shader.
    ClosestHit = 10,
    /// Miss shader.
    Miss = 11,
    /// Callable shader.
    Callable = 12,
    /// Mesh shader.
    Mesh = 13,
    /// Amplification shader.
    Amplification = 14,
    /// Work-graph node shader.
    Node = 15,
    /// No kind: what the reference stores where a kind is unknown (an entry without one).
    Invalid = 16,
}

impl ShaderKind {
    /// Every defined kind, in numeric order (`Invalid` excluded).
    pub const ALL: [ShaderKind; 16] = [
        ShaderKind::Pixel,
        ShaderKind::Vertex,
        ShaderKind::Geometry,
        ShaderKind::Hull,
        ShaderKind::Domain,
        ShaderKind::Compute,
        ShaderKind::Library,
        ShaderKind::RayGeneration,
        ShaderKind::Intersection,
        ShaderKind::AnyHit,
        ShaderKind::ClosestHit,
        ShaderKind::Miss,
        ShaderKind::Callable,
        ShaderKind::Mesh,
        ShaderKind::Amplification,
        ShaderKind::Node,
    ];

    /// The enumerator with stored value `v` (`Invalid` included), if there is one.
    pub fn from_raw(v: u32) -> Option<Self> {
        match v {
            16 => Some(ShaderKind::Invalid),
            _ => ShaderKind::ALL.get(usize::try_from(v).ok()?).copied(),
        }
    }

    /// The stored value.
    pub fn raw(self) -> u32 {
        self as u32
    }

    /// The spec's name of the enumerator (`Pixel`, `RayGeneration`).
    pub fn name(self) -> &'static str {
        match self {
            ShaderKind::Pixel => "Pixel",
            ShaderKind::Vertex => "Vertex",
            ShaderKind::Geometry => "Geometry",
            ShaderKind::Hull => "Hull",
            ShaderKind::Domain => "Domain",
            ShaderKind::Compute => "Compute",
            ShaderKind::Library => "Library",
            ShaderKind::RayGeneration => "RayGeneration",
            ShaderKind::Intersection => "Intersection",
            ShaderKind::AnyHit => "AnyHit",
            ShaderKind::ClosestHit => "ClosestHit",
            ShaderKind::Miss => "Miss",
            ShaderKind::Callable => "Callable",
            ShaderKind::Mesh => "Mesh",
            ShaderKind::Amplification => "Amplification",
            ShaderKind::Node => "Node",
            ShaderKind::Invalid => "Invalid",
        }
    }

    /// The kind a shader model name stands for (`ps` in `!dx.shaderModel` and `ps_6_0`). Only
    /// the kinds with shader models of their own have one: ray tracing and node shaders are
    /// library entries (`lib`).
    pub fn from_shader_model_name(name: &str) -> Option<Self> {
        use ShaderKind::*;
        [
            Pixel,
            Vertex,
            Geometry,
            Hull,
            Domain,
            Compute,
            Library,
            Mesh,
            Amplification,
        ]
        .into_iter()
        .find(|k| k.profile_prefix() == name)
    }

    /// The profile prefix DXC uses (`ps`, `vs`, ..., `lib`, `raygeneration`, ..., `node`).
    pub fn profile_prefix(self) -> &'static str {
        match self {
            ShaderKind::Pixel => "ps",
            ShaderKind::Vertex => "vs",
            ShaderKind::Geometry => "gs",
            ShaderKind::Hull => "hs",
            ShaderKind::Domain => "ds",
            ShaderKind::Compute => "cs",
            ShaderKind::Library => "lib",
            ShaderKind::RayGeneration => "raygeneration",
            ShaderKind::Intersection => "intersection",
            ShaderKind::AnyHit => "anyhit",
            ShaderKind::ClosestHit => "closesthit",
            ShaderKind::Miss => "miss",
            ShaderKind::Callable => "callable",
            ShaderKind::Mesh => "ms",
            ShaderKind::Amplification => "as",
            ShaderKind::Node => "node",
            ShaderKind::Invalid => "invalid",
        }
    }
}

/// The decoded `ProgramVersion` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProgramVersion(pub u32);

impl ProgramVersion {
    /// Builds the field from its parts.
    pub fn new(kind: ShaderKind, major: u8, minor: u8) -> Self {
        ProgramVersion((kind as u32) << 16 | u32::from(major & 0xf) << 4 | u32::from(minor & 0xf))
    }
    /// The raw kind number (high 16 bits).
    pub fn kind_raw(self) -> u16 {
        (self.0 >> 16) as u16
    }
    /// The shader kind, if the number is defined.
    pub fn kind(self) -> Option<ShaderKind> {
        // `Invalid` names no profile; it prints as an undefined number.
        ShaderKind::from_raw(u32::from(self.kind_raw())).filter(|&k| k != ShaderKind::Invalid)
    }
    /// Shader model major version.
    pub fn major(self) -> u8 {
        ((self.0 >> 4) & 0xf) as u8
    }
    /// Shader model minor version.
    pub fn minor(self) -> u8 {
        (self.0 & 0xf) as u8
    }
}

impl fmt::Display for ProgramVersion {
    /// `ps_6_0` style; an undefined kind prints as `kind<N>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            Some(k) => write!(
                f,
                "{}_{}_{}",
                k.profile_prefix(),
                self.major(),
                self.minor()
            ),
            None => write!(
                f,
                "kind{}_{}_{}",
                self.kind_raw(),
                self.major(),
                self.minor()
            ),
        }
    }
}

/// The `DxilVersion` field: `major << 8 | minor`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DxilVersion(pub u32);

impl DxilVersion {
    /// Major version.
    pub fn major(self) -> u32 {
        self.0 >> 8
    }
    /// Minor version.
    pub fn minor(self) -> u32 {
        self.0 & 0xff
    }
}

impl fmt::Display for DxilVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major(), self.minor())
    }
}

/// A typed view of a program part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Program<'a> {
    /// Which part this is (`DXIL`, `ILDB` or `STAT`).
    pub fourcc: FourCC,
    /// Shader kind and model.
    pub version: ProgramVersion,
    /// `SizeInUint32`.
    pub size_in_u32: u32,
    /// DXIL version.
    pub dxil_version: DxilVersion,
    /// `BitcodeOffset`, relative to the bitcode header (the `DxilMagic` field).
    pub bitcode_offset: u32,
    /// The LLVM bitcode (`BitcodeSize` bytes).
    pub bitcode: &'a [u8],
    /// Offset of the bitcode from the start of the container.
    pub bitcode_position: u64,
}

impl<'a> Program<'a> {
    /// Reads the program header of `part` and locates its bitcode.
    ///
    /// Checks: the part holds the 24-byte header; `DxilMagic` is `DXIL`;
    /// `SizeInUint32 * 4` lies between the header size and the part size; the bitcode lies
    /// inside those `SizeInUint32` words.
    pub fn parse(part: &Part<'a>) -> Result<Self> {
        let d = part.data;
        let base = part.data_offset();
        let fourcc = part.fourcc;
        let (Some(version), Some(words), Some(magic), Some(dxil), Some(bc_off), Some(bc_size)) = (
            u32_at(d, 0),
            u32_at(d, 4),
            array4_at(d, 8),
            u32_at(d, 12),
            u32_at(d, 16),
            u32_at(d, 20),
        ) else {
            return Err(Error::new(
                ErrorKind::PartTooShort {
                    fourcc,
                    need: PROGRAM_HEADER_SIZE as u64,
                    have: d.len(),
                },
                base,
            ));
        };
        if magic != *b"DXIL" {
            return Err(Error::new(
                ErrorKind::BadProgramMagic {
                    fourcc,
                    found: magic,
                },
                base + 8,
            ));
        }
        let program_len = u64::from(words) * 4;
        if program_len < PROGRAM_HEADER_SIZE as u64 || program_len > d.len() as u64 {
            return Err(Error::new(
                ErrorKind::ProgramSizeMismatch {
                    fourcc,
                    words,
                    part_size: d.len(),
                },
                base + 4,
            ));
        }
        let start = BITCODE_HEADER_OFFSET as u64 + u64::from(bc_off);
        let end = start + u64::from(bc_size);
        let bitcode = (end <= program_len)
            .then(|| d.get(start as usize..end as usize))
            .flatten()
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::BitcodeOutOfBounds {
                        fourcc,
                        bitcode_offset: bc_off,
                        bitcode_size: bc_size,
                    },
                    base + 16,
                )
            })?;
        Ok(Program {
            fourcc,
            version: ProgramVersion(version),
            size_in_u32: words,
            dxil_version: DxilVersion(dxil),
            bitcode_offset: bc_off,
            bitcode,
            bitcode_position: base + start,
        })
    }
}

/// Builds a program part's data: header + `bitcode`, padded with zeros to a whole number of
/// `u32` words (the layout DXC writes, bitcode right after the header).
pub fn build_program_part(
    version: ProgramVersion,
    dxil_version: DxilVersion,
    bitcode: &[u8],
) -> Result<Vec<u8>> {
    let padded = bitcode.len().div_ceil(4) * 4;
    let total = PROGRAM_HEADER_SIZE as u64 + padded as u64;
    let too_large = || {
        Error::new(
            ErrorKind::TooLarge {
                size: total,
                limit: u64::from(crate::container::MAX_CONTAINER_SIZE),
            },
            0,
        )
    };
    let words = u32::try_from(total / 4).map_err(|_| too_large())?;
    let bc_size = u32::try_from(bitcode.len()).map_err(|_| too_large())?;
    let mut out = Vec::with_capacity(total as usize);
    out.extend_from_slice(&version.0.to_le_bytes());
    out.extend_from_slice(&words.to_le_bytes());
    out.extend_from_slice(b"DXIL");
    out.extend_from_slice(&dxil_version.0.to_le_bytes());
    out.extend_from_slice(&((PROGRAM_HEADER_SIZE - BITCODE_HEADER_OFFSET) as u32).to_le_bytes());
    out.extend_from_slice(&bc_size.to_le_bytes());
    out.extend_from_slice(bitcode);
    out.resize(total as usize, 0);
    Ok(out)
}

impl<'a> Container<'a> {
    /// The `DXIL` part's program view. Errors name inputs that have no `DXIL` part.
    pub fn program(&self) -> Result<Program<'a>> {
        Program::parse(self.dxil_part()?)
    }

    /// The program view of the `ILDB` (debug) part, if present.
    pub fn debug_program(&self) -> Result<Option<Program<'a>>> {
        self.part(FourCC::ILDB).map(Program::parse).transpose()
    }

    /// The program the reference disassembles: `ILDB` when present (it carries the debug
    /// info), else `DXIL`.
    pub fn primary_program(&self) -> Result<Program<'a>> {
        match self.debug_program()? {
            Some(p) => Ok(p),
            None => self.program(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn program_version_fields() {
        let v = ProgramVersion(0x0006_0063);
        assert_eq!(v.kind(), Some(ShaderKind::Library));
        assert_eq!((v.major(), v.minor()), (6, 3));
        assert_eq!(v.to_string(), "lib_6_3");
        assert_eq!(ProgramVersion::new(ShaderKind::Pixel, 6, 10).0, 0x6a);
        assert_eq!(ProgramVersion(0x0010_0060).to_string(), "kind16_6_0");
        assert_eq!(ShaderKind::from_raw(15), Some(ShaderKind::Node));
        assert_eq!(ShaderKind::from_raw(16), Some(ShaderKind::Invalid));
        assert_eq!(ShaderKind::from_raw(17), None);
        assert_eq!(
            ShaderKind::from_shader_model_name("as"),
            Some(ShaderKind::Amplification)
        );
        assert_eq!(ShaderKind::from_shader_model_name("raygeneration"), None);
        assert_eq!(DxilVersion(0x10a).to_string(), "1.10");
    }

    #[test]
    fn build_and_parse_program_part() {
        let bc = [b'B', b'C', 0xC0, 0xDE, 1, 2, 3];
        let v = ProgramVersion::new(ShaderKind::Compute, 6, 0);
        let data = build_program_part(v, DxilVersion(0x100), &bc).unwrap();
        assert_eq!(data.len(), 32);
        // The header words as DXC lays them out, then the bitcode padded to whole words.
        assert_eq!(&data[0..4], &0x50060u32.to_le_bytes());
        assert_eq!(&data[4..8], &8u32.to_le_bytes());
        assert_eq!(&data[8..12], b"DXIL");
        assert_eq!(&data[12..16], &0x100u32.to_le_bytes());
        assert_eq!(&data[16..20], &16u32.to_le_bytes());
        assert_eq!(&data[20..24], &7u32.to_le_bytes());
        assert_eq!(&data[24..31], &bc);
        assert_eq!(data[31], 0);
        let part = Part {
            fourcc: FourCC::DXIL,
            offset: 40,
            data: &data,
        };
        let p = Program::parse(&part).unwrap();
        assert_eq!(p.bitcode, &bc);
        assert_eq!(p.version, v);
        assert_eq!(p.size_in_u32, 8);
        assert_eq!(p.bitcode_position, 40 + 8 + 24);
        let short = Part {
            data: &data[..20],
            ..part
        };
        assert!(matches!(
            Program::parse(&short).unwrap_err().kind(),
            ErrorKind::PartTooShort { .. }
        ));
    }
}
