//! Signature points and semantic interpretations (DXIL.rst "HLSL signatures and semantics":
//! the SigPointKind table, SemanticInterpretationKind and the interpretation of each
//! SemanticKind at each signature point). The table below is transcribed from the spec's
//! SEMINT-TABLE (minimum shader model notes dropped). The enums are `dxil-ops`'s, generated
//! from the op database; this module adds what the database does not carry: which point a
//! shader's signature sits at, its packing kind, and the interpretation table.

use dxil_container::ShaderKind;
use dxil_ops::{PackingKind, SemanticInterpretationKind as Interp, SigPointKind};

/// The signature a [`SigPointKind`] belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SignatureKind {
    /// Input signature (`ISG1`).
    Input,
    /// Output signature (`OSG1`).
    Output,
    /// Patch constant or primitive signature (`PSG1`).
    PatchConstOrPrim,
}

// One row per SemanticKind (0..=32), one column per SigPointKind (0..=19):
// N NA, S SV, G SGV, A Arb, I NotInSig, P NotPacked, T Target, F TessFactor, H Shadow,
// C ClipCull.
const TABLE: [&[u8; 20]; 33] = [
    b"AANNAAAAAAANAANNNAAN", // Arbitrary
    b"SNNNNNNNNNNNNNNNNNNN", // VertexID
    b"SANNAANNAAANAANNNNNN", // InstanceID
    b"ASNNSSAASSSNSSNNNSNN", // Position
    b"ASNNSSAASSSNSSNNNNSN", // RenderTargetArrayIndex
    b"ASNNSSAASSSNSSNNNNSN", // ViewPortArrayIndex
    b"ACNNCCAACCCNCCNNNCNN", // ClipDistance
    b"ACNNCCAACCCNCCNNNCNN", // CullDistance
    b"NNNINNNNNNNNNNNNNNNN", // OutputControlPointID
    b"NNNNNNNINNNNNNNNNNNN", // DomainLocation
    b"NNIINNNINNNHGGNNNNSN", // PrimitiveID
    b"NNNNNNNNNNNINNNNNNNN", // GSInstanceID
    b"NNNNNNNNNNNNNHNNNNNN", // SampleIndex
    b"NNNNNNNNNNNNGGNNNNNN", // IsFrontFace
    b"NNNNNNNNNNNNNIPNNNNN", // Coverage
    b"NNNNNNNNNNNNNINNNNNN", // InnerCoverage
    b"NNNNNNNNNNNNNNTNNNNN", // Target
    b"NNNNNNNNNNNNNNPNNNNN", // Depth
    b"NNNNNNNNNNNNNNPNNNNN", // DepthLessEqual
    b"NNNNNNNNNNNNNNPNNNNN", // DepthGreaterEqual
    b"NNNNNNNNNNNNNNPNNNNN", // StencilRef
    b"NNNNNNNNNNNNNNNIINNI", // DispatchThreadID
    b"NNNNNNNNNNNNNNNIINNI", // GroupID
    b"NNNNNNNNNNNNNNNIINNI", // GroupIndex
    b"NNNNNNNNNNNNNNNIINNI", // GroupThreadID
    b"NNNNNNFFNNNNNNNNNNNN", // TessFactor
    b"NNNNNNFFNNNNNNNNNNNN", // InsideTessFactor
    b"INIINNNINNNININNINNN", // ViewID
    b"NNNNNNNNNNNNNPNNNNNN", // Barycentrics
    b"NSNNSSNNSSSNSSNNNNSN", // ShadingRate
    b"NNNNNNNNNNNNNINNNNPN", // CullPrimitive
    b"INNNNNNNNNNNNNNNNNNN", // StartVertexLocation
    b"INNNNNNNNNNNNNNNNNNN", // StartInstanceLocation
];

/// What this crate knows of a signature point beyond its generated enum.
pub trait SigPointInfo: Sized {
    /// The signature point of `sig` in a shader of `kind` (`None`: the shader kind has no
    /// such signature).
    fn of(kind: ShaderKind, sig: SignatureKind) -> Option<Self>;
    /// The packing kind (spec SIGPOINT table).
    fn packing(self) -> PackingKind;
    /// The point an element of kind `semantic` declared in this signature really sits at:
    /// SV_PrimitiveID in a GS vertex input signature is a GS (non-vertex) input.
    fn recover(self, semantic: u32) -> Self;
    /// The interpretation of semantic kind `semantic` (raw SemanticKind) at this point;
    /// unknown kinds and points are `NA`.
    fn interpretation(self, semantic: u32) -> Interp;
}

impl SigPointInfo for SigPointKind {
    fn of(kind: ShaderKind, sig: SignatureKind) -> Option<SigPointKind> {
        use SigPointKind::*;
        use SignatureKind::*;
        Some(match (kind, sig) {
            (ShaderKind::Vertex, Input) => VSIn,
            (ShaderKind::Vertex, Output) => VSOut,
            (ShaderKind::Hull, Input) => HSCPIn,
            (ShaderKind::Hull, Output) => HSCPOut,
            (ShaderKind::Hull, PatchConstOrPrim) => PCOut,
            (ShaderKind::Domain, Input) => DSCPIn,
            (ShaderKind::Domain, Output) => DSOut,
            (ShaderKind::Domain, PatchConstOrPrim) => DSIn,
            (ShaderKind::Geometry, Input) => GSVIn,
            (ShaderKind::Geometry, Output) => GSOut,
            (ShaderKind::Pixel, Input) => PSIn,
            (ShaderKind::Pixel, Output) => PSOut,
            (ShaderKind::Compute, Input) => CSIn,
            (ShaderKind::Mesh, Input) => MSIn,
            (ShaderKind::Mesh, Output) => MSOut,
            (ShaderKind::Mesh, PatchConstOrPrim) => MSPOut,
            (ShaderKind::Amplification, Input) => ASIn,
            _ => return None,
        })
    }

    fn packing(self) -> PackingKind {
        use SigPointKind::*;
        match self {
            VSIn => PackingKind::InputAssembler,
            VSOut | HSCPIn | HSCPOut | DSCPIn | DSOut | GSVIn | GSOut | PSIn | MSOut | MSPOut => {
                PackingKind::Vertex
            }
            PCOut | DSIn => PackingKind::PatchConstant,
            PSOut => PackingKind::Target,
            PCIn | HSIn | GSIn | CSIn | MSIn | ASIn => PackingKind::None,
            Invalid => PackingKind::Invalid,
        }
    }

    fn recover(self, semantic: u32) -> SigPointKind {
        if semantic == 10 && self == SigPointKind::GSVIn {
            SigPointKind::GSIn
        } else {
            self
        }
    }

    fn interpretation(self, semantic: u32) -> Interp {
        let cell = TABLE
            .get(semantic as usize)
            .and_then(|row| row.get(self as usize));
        match cell {
            Some(b'S') => Interp::SV,
            Some(b'G') => Interp::SGV,
            Some(b'A') => Interp::Arb,
            Some(b'I') => Interp::NotInSig,
            Some(b'P') => Interp::NotPacked,
            Some(b'T') => Interp::Target,
            Some(b'F') => Interp::TessFactor,
            Some(b'H') => Interp::Shadow,
            Some(b'C') => Interp::ClipCull,
            _ => Interp::NA,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        use SigPointKind as P;
        assert_eq!(P::PSOut.interpretation(16), Interp::Target);
        assert_eq!(P::PSIn.interpretation(10), Interp::SGV);
        assert_eq!(P::GSIn.interpretation(10), Interp::Shadow);
        assert_eq!(P::PSIn.interpretation(6), Interp::ClipCull);
        assert_eq!(P::PCOut.interpretation(25), Interp::TessFactor);
        assert_eq!(P::VSIn.interpretation(3), Interp::Arb);
        assert_eq!(P::VSIn.interpretation(99), Interp::NA);
        assert_eq!(P::Invalid.interpretation(3), Interp::NA);
        assert_eq!(P::VSIn.packing(), PackingKind::InputAssembler);
        assert_eq!(P::Invalid.packing(), PackingKind::Invalid);
        assert_eq!(P::GSVIn.recover(10), P::GSIn);
        assert_eq!(
            P::of(ShaderKind::Domain, SignatureKind::PatchConstOrPrim),
            Some(P::DSIn)
        );
    }
}
