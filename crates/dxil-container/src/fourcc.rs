//! Four-character part codes (DXIL.rst "DXIL Container Format"; DXC `DxilFourCC`).

use std::fmt;

/// A part's four-character code, stored as the little-endian `u32` the file holds
/// (`'D' | 'X' << 8 | 'I' << 16 | 'L' << 24`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FourCC(pub u32);

impl FourCC {
    /// Builds a code from its four characters, in file order.
    pub const fn from_bytes(b: [u8; 4]) -> Self {
        FourCC(u32::from_le_bytes(b))
    }

    /// The four characters in file order.
    pub const fn to_bytes(self) -> [u8; 4] {
        self.0.to_le_bytes()
    }

    /// Parses a four-character code such as `DXIL` (exactly four ASCII bytes).
    pub fn parse(s: &str) -> Option<Self> {
        let b: [u8; 4] = s.as_bytes().try_into().ok()?;
        b.iter()
            .all(|c| c.is_ascii_graphic() || *c == b' ')
            .then_some(FourCC::from_bytes(b))
    }

    /// Container magic `DXBC` (kept for compatibility with DXBC tools).
    pub const CONTAINER: FourCC = FourCC::from_bytes(*b"DXBC");
    /// `DXIL`: the shader program (program header + bitcode).
    pub const DXIL: FourCC = FourCC::from_bytes(*b"DXIL");
    /// `ILDB`: the program with debug info (`-Zi`).
    pub const ILDB: FourCC = FourCC::from_bytes(*b"ILDB");
    /// `ILDN`: debug name (PDB file name).
    pub const ILDN: FourCC = FourCC::from_bytes(*b"ILDN");
    /// `ISG1`: input signature.
    pub const ISG1: FourCC = FourCC::from_bytes(*b"ISG1");
    /// `OSG1`: output signature.
    pub const OSG1: FourCC = FourCC::from_bytes(*b"OSG1");
    /// `PSG1`: patch-constant signature.
    pub const PSG1: FourCC = FourCC::from_bytes(*b"PSG1");
    /// `PSV0`: pipeline state validation.
    pub const PSV0: FourCC = FourCC::from_bytes(*b"PSV0");
    /// `RTS0`: serialized root signature.
    pub const RTS0: FourCC = FourCC::from_bytes(*b"RTS0");
    /// `SFI0`: shader feature info (64-bit flags).
    pub const SFI0: FourCC = FourCC::from_bytes(*b"SFI0");
    /// `HASH`: shader hash (flags + MD5).
    pub const HASH: FourCC = FourCC::from_bytes(*b"HASH");
    /// `STAT`: shader statistics (a program with reflection metadata).
    pub const STAT: FourCC = FourCC::from_bytes(*b"STAT");
    /// `RDAT`: runtime data (libraries).
    pub const RDAT: FourCC = FourCC::from_bytes(*b"RDAT");
    /// `VERS`: compiler version.
    pub const VERS: FourCC = FourCC::from_bytes(*b"VERS");
    /// `SRCI`: shader source info.
    pub const SRCI: FourCC = FourCC::from_bytes(*b"SRCI");
    /// `PDBI`: shader PDB info.
    pub const PDBI: FourCC = FourCC::from_bytes(*b"PDBI");
    /// `PRIV`: private data.
    pub const PRIV: FourCC = FourCC::from_bytes(*b"PRIV");
    /// `RDEF`: resource definitions (DXBC era; also in DXC's list).
    pub const RDEF: FourCC = FourCC::from_bytes(*b"RDEF");
    /// `SHDR`: SM4 shader bytecode (DXBC era).
    pub const SHDR: FourCC = FourCC::from_bytes(*b"SHDR");
    /// `SHEX`: SM5 shader bytecode (DXBC era).
    pub const SHEX: FourCC = FourCC::from_bytes(*b"SHEX");
    /// `ISGN`: SM4/5 input signature (DXBC era).
    pub const ISGN: FourCC = FourCC::from_bytes(*b"ISGN");
    /// `OSGN`: SM4/5 output signature (DXBC era).
    pub const OSGN: FourCC = FourCC::from_bytes(*b"OSGN");

    /// The DXC name of a known part (`DFCC_*` without the prefix), or `None`.
    pub fn name(self) -> Option<&'static str> {
        KNOWN
            .iter()
            .find(|(cc, _)| *cc == self)
            .map(|(_, name)| *name)
    }

    /// True for the parts that only SM4/SM5 (DXBC bytecode) containers carry.
    pub fn is_dxbc_bytecode_era(self) -> bool {
        matches!(
            self,
            FourCC::SHDR | FourCC::SHEX | FourCC::ISGN | FourCC::OSGN
        )
    }
}

/// Known codes and their descriptive names (DXC `DFCC_*`, plus the DXBC-era bytecode parts).
const KNOWN: &[(FourCC, &str)] = &[
    (FourCC::CONTAINER, "Container"),
    (FourCC::RDEF, "ResourceDef"),
    (FourCC::ISG1, "InputSignature"),
    (FourCC::OSG1, "OutputSignature"),
    (FourCC::PSG1, "PatchConstantSignature"),
    (FourCC::STAT, "ShaderStatistics"),
    (FourCC::ILDB, "ShaderDebugInfoDXIL"),
    (FourCC::ILDN, "ShaderDebugName"),
    (FourCC::SFI0, "FeatureInfo"),
    (FourCC::PRIV, "PrivateData"),
    (FourCC::RTS0, "RootSignature"),
    (FourCC::DXIL, "DXIL"),
    (FourCC::PSV0, "PipelineStateValidation"),
    (FourCC::RDAT, "RuntimeData"),
    (FourCC::HASH, "ShaderHash"),
    (FourCC::SRCI, "ShaderSourceInfo"),
    (FourCC::PDBI, "ShaderPDBInfo"),
    (FourCC::VERS, "CompilerVersion"),
    (FourCC::SHDR, "ShaderBytecodeSM4"),
    (FourCC::SHEX, "ShaderBytecodeSM5"),
    (FourCC::ISGN, "InputSignatureSM4"),
    (FourCC::OSGN, "OutputSignatureSM4"),
];

impl fmt::Display for FourCC {
    /// Prints the four characters; non-printable bytes as `\xNN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.to_bytes() {
            if b.is_ascii_graphic() || b == b' ' {
                write!(f, "{}", b as char)?;
            } else {
                write!(f, "\\x{b:02x}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for FourCC {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FourCC({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_matches_file_order() {
        assert_eq!(FourCC::DXIL.0, 0x4C49_5844);
        assert_eq!(FourCC::DXIL.to_string(), "DXIL");
        assert_eq!(FourCC::parse("RTS0"), Some(FourCC::RTS0));
        assert_eq!(FourCC::parse("RTS"), None);
        assert_eq!(
            FourCC::from_bytes([b'A', b'B', 1, 0]).to_string(),
            "AB\\x01\\x00"
        );
        assert_eq!(FourCC::HASH.name(), Some("ShaderHash"));
        assert_eq!(FourCC::parse("ZZZZ").and_then(FourCC::name), None);
    }
}
