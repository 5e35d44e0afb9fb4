//! The resource description the reference disassembler appends to `AnnotateHandle` calls
//! (`  resource: RWStructuredBuffer<stride=4>`), decoded from the two words of the
//! `%dx.types.ResourceProperties` constant (DXIL.rst "Resource properties"; the layout of
//! DXC's `DxilResourceProperties`: word 0 = kind (bits 0-7), base alignment (8-11), UAV (12),
//! ROV (13), globally coherent (14), sampler-comparison or has-counter (15), reorder coherent
//! (16); word 1 = component type (0-7) and count (8-15), or the structure stride).

const COMP_NAMES: [&str; 17] = [
    "<invalid CompType>",
    "I1",
    "I16",
    "U16",
    "I32",
    "U32",
    "I64",
    "U64",
    "F16",
    "F32",
    "F64",
    "SNormF16",
    "UNormF16",
    "SNormF32",
    "UNormF32",
    "SNormF64",
    "UNormF64",
];

/// A kind as DXC's resource properties printer spells it: the spec's names, but
/// `ByteAddressBuffer` for a raw buffer and `<invalid ResourceKind>` for 0 and unknown values.
fn kind_name(kind: u32) -> &'static str {
    use dxil_parts::names::ResourceKind;
    match ResourceKind::from_raw(kind) {
        Some(ResourceKind::Invalid) | None => "<invalid ResourceKind>",
        Some(ResourceKind::RawBuffer) => "ByteAddressBuffer",
        Some(k) => k.name(),
    }
}

/// Writes `  resource: ...` for the properties words `w0`, `w1`.
pub fn write_resource_properties(out: &mut String, w0: u32, w1: u32) {
    use std::fmt::Write;
    out.push_str("  resource: ");
    let kind = w0 & 0xff;
    let is_uav = w0 & (1 << 12) != 0;
    let is_rov = w0 & (1 << 13) != 0;
    let globally_coherent = w0 & (1 << 14) != 0;
    let cmp_or_counter = w0 & (1 << 15) != 0;
    let reorder_coherent = w0 & (1 << 16) != 0;
    match kind {
        13 => return out.push_str("CBuffer"),
        14 => {
            out.push_str(if cmp_or_counter {
                "SamplerComparisonState"
            } else {
                "SamplerState"
            });
            return;
        }
        15 if !is_uav => return out.push_str("TBuffer"),
        _ => {}
    }
    let rw = if is_uav {
        if is_rov {
            "ROV"
        } else {
            "RW"
        }
    } else {
        ""
    };
    let gc = if is_uav && globally_coherent {
        "globallycoherent "
    } else {
        ""
    };
    let rc = if is_uav && reorder_coherent {
        "reordercoherent "
    } else {
        ""
    };
    match kind {
        1..=10 => {
            let count = (w1 >> 8) & 0xff;
            let comp = w1 & 0xff;
            let _ = write!(out, "{gc}{rc}{rw}{}<", kind_name(kind));
            if count > 1 {
                let _ = write!(out, "{count}x");
            }
            out.push_str(
                COMP_NAMES
                    .get(comp as usize)
                    .copied()
                    .unwrap_or("<invalid CompType>"),
            );
            out.push('>');
        }
        11 => {
            let _ = write!(out, "{gc}{rc}{rw}{}", kind_name(kind));
        }
        12 => {
            let counter = if is_uav && cmp_or_counter {
                ", counter"
            } else {
                ""
            };
            let _ = write!(out, "{gc}{rc}{rw}{}<stride={w1}{counter}>", kind_name(kind));
        }
        16 => out.push_str(kind_name(kind)),
        17 | 18 => {
            let fb = match w1 & 0xff {
                0 => "MinMip",
                1 => "MipRegionUsed",
                _ => "<invalid sampler feedback type>",
            };
            let _ = write!(out, "{}<{fb}>", kind_name(kind));
        }
        _ => out.push_str("<invalid resource properties>"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(w0: u32, w1: u32) -> String {
        let mut s = String::new();
        write_resource_properties(&mut s, w0, w1);
        s
    }

    #[test]
    fn kinds() {
        assert_eq!(props(13, 4), "  resource: CBuffer");
        assert_eq!(props(4106, 1032), "  resource: RWTypedBuffer<4xF16>");
        assert_eq!(props(1, 1032), "  resource: Texture1D<4xF16>");
        assert_eq!(props(4096 | 11, 0), "  resource: RWByteAddressBuffer");
        assert_eq!(
            props(4096 | 12 | (1 << 15), 16),
            "  resource: RWStructuredBuffer<stride=16, counter>"
        );
        assert_eq!(
            props(14 | (1 << 15), 0),
            "  resource: SamplerComparisonState"
        );
        assert_eq!(props(0, 0), "  resource: <invalid resource properties>");
    }
}
