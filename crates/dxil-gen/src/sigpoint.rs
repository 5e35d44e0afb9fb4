//! Signature points and semantic interpretations (DXIL.rst "HLSL signatures and semantics":
//! the SigPointKind table, SemanticInterpretationKind and the interpretation of each
//! SemanticKind at each signature point). The table below is transcribed from the spec's
//! SEMINT-TABLE (minimum shader model notes dropped).

use dxil_container::ShaderKind;

/// Where a signature sits in the pipeline (SigPointKind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum SigPoint {
    VSIn = 0,
    VSOut = 1,
    PCIn = 2,
    HSIn = 3,
    HSCPIn = 4,
    HSCPOut = 5,
    PCOut = 6,
    DSIn = 7,
    DSCPIn = 8,
    DSOut = 9,
    GSVIn = 10,
    GSIn = 11,
    GSOut = 12,
    PSIn = 13,
    PSOut = 14,
    CSIn = 15,
    MSIn = 16,
    MSOut = 17,
    MSPOut = 18,
    ASIn = 19,
}

/// How elements at a signature point are allocated (PackingKind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PackingKind {
    /// No signature.
    None,
    /// VS input: one element per register, no packing.
    InputAssembler,
    /// Connects to the rasterizer: packed under the constraints.
    Vertex,
    /// Patch constants (tessellation factors).
    PatchConstant,
    /// PS output: SV_Target rows are the render target indexes.
    Target,
}

/// SemanticInterpretationKind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interpretation {
    /// Not available at this point.
    NA,
    /// Normal system value.
    SV,
    /// System generated value (placed last).
    SGV,
    /// Treated as arbitrary.
    Arb,
    /// Not included in the signature (intrinsic access).
    NotInSig,
    /// In the signature but not packed.
    NotPacked,
    /// SV_Target.
    Target,
    /// Tessellation factors.
    TessFactor,
    /// Shadow element kept for compatibility.
    Shadow,
    /// SV_ClipDistance / SV_CullDistance.
    ClipCull,
}

/// The signature a [`SigPoint`] belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SignatureKind {
    /// Input signature (`ISG1`).
    Input,
    /// Output signature (`OSG1`).
    Output,
    /// Patch constant or primitive signature (`PSG1`).
    PatchConstOrPrim,
}

// One row per SemanticKind (0..=32), one column per SigPoint (0..=19):
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

impl SigPoint {
    /// The packing kind (spec SIGPOINT table).
    pub fn packing(self) -> PackingKind {
        use SigPoint::*;
        match self {
            VSIn => PackingKind::InputAssembler,
            VSOut | HSCPIn | HSCPOut | DSCPIn | DSOut | GSVIn | GSOut | PSIn | MSOut | MSPOut => {
                PackingKind::Vertex
            }
            PCOut | DSIn => PackingKind::PatchConstant,
            PSOut => PackingKind::Target,
            PCIn | HSIn | GSIn | CSIn | MSIn | ASIn => PackingKind::None,
        }
    }

    /// The signature point of `sig` in a shader of `kind` (`None`: the shader kind has no
    /// such signature).
    pub fn of(kind: ShaderKind, sig: SignatureKind) -> Option<SigPoint> {
        use SigPoint::*;
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

    /// The point an element of kind `semantic` declared in this signature really sits at:
    /// SV_PrimitiveID in a GS vertex input signature is a GS (non-vertex) input.
    pub fn recover(self, semantic: u32) -> SigPoint {
        if semantic == 10 && self == SigPoint::GSVIn {
            SigPoint::GSIn
        } else {
            self
        }
    }

    /// The interpretation of semantic kind `semantic` (raw SemanticKind) at this point;
    /// unknown kinds are [`Interpretation::NA`].
    pub fn interpretation(self, semantic: u32) -> Interpretation {
        let Some(row) = TABLE.get(semantic as usize) else {
            return Interpretation::NA;
        };
        match row[self as usize] {
            b'S' => Interpretation::SV,
            b'G' => Interpretation::SGV,
            b'A' => Interpretation::Arb,
            b'I' => Interpretation::NotInSig,
            b'P' => Interpretation::NotPacked,
            b'T' => Interpretation::Target,
            b'F' => Interpretation::TessFactor,
            b'H' => Interpretation::Shadow,
            b'C' => Interpretation::ClipCull,
            _ => Interpretation::NA,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        assert_eq!(SigPoint::PSOut.interpretation(16), Interpretation::Target);
        assert_eq!(SigPoint::PSIn.interpretation(10), Interpretation::SGV);
        assert_eq!(SigPoint::GSIn.interpretation(10), Interpretation::Shadow);
        assert_eq!(
            SigPoint::PCOut.interpretation(25),
            Interpretation::TessFactor
        );
        assert_eq!(SigPoint::VSIn.interpretation(3), Interpretation::Arb);
        assert_eq!(SigPoint::VSIn.interpretation(99), Interpretation::NA);
        assert_eq!(SigPoint::VSIn.packing(), PackingKind::InputAssembler);
    }
}
