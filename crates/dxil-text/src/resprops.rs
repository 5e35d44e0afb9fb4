//! The resource description the reference disassembler appends to `AnnotateHandle` calls
//! (`  resource: RWStructuredBuffer<stride=4>`), decoded from the two words of the
//! `%dx.types.ResourceProperties` constant (DXIL.rst "Resource properties"; the layout of
//! DXC's `DxilResourceProperties`: word 0 = kind (bits 0-7), base alignment (8-11), UAV (12),
//! ROV (13), globally coherent (14), sampler-comparison or has-counter (15), reorder coherent
//! (16); word 1 = component type (0-7) and count (8-15), or the structure stride).

use dxil_parts::names::{ComponentType, ResourceKind};

/// A kind as DXC's resource properties printer spells it: the spec's names, but
/// `ByteAddressBuffer` for a raw buffer.
fn kind_name(kind: ResourceKind) -> &'static str {
    match kind {
        ResourceKind::RawBuffer => "ByteAddressBuffer",
        k => k.name(),
    }
}

/// A component type as that printer spells it: the spec's names, `<invalid CompType>` for
/// 0, the packed types and unknown values.
fn comp_name(comp: u32) -> &'static str {
    match ComponentType::from_raw(comp) {
        None
        | Some(ComponentType::Invalid | ComponentType::PackedS8x32 | ComponentType::PackedU8x32) => {
            "<invalid CompType>"
        }
        Some(c) => c.name(),
    }
}

/// Writes `  resource: ...` for the properties words `w0`, `w1`.
pub fn write_resource_properties(out: &mut String, w0: u32, w1: u32) {
    use std::fmt::Write;
    out.push_str("  resource: ");
    let kind = ResourceKind::from_raw(w0 & 0xff);
    let is_uav = w0 & (1 << 12) != 0;
    let is_rov = w0 & (1 << 13) != 0;
    let globally_coherent = w0 & (1 << 14) != 0;
    let cmp_or_counter = w0 & (1 << 15) != 0;
    let reorder_coherent = w0 & (1 << 16) != 0;
    match kind {
        Some(ResourceKind::CBuffer) => return out.push_str("CBuffer"),
        Some(ResourceKind::Sampler) => {
            out.push_str(if cmp_or_counter {
                "SamplerComparisonState"
            } else {
                "SamplerState"
            });
            return;
        }
        Some(ResourceKind::TBuffer) if !is_uav => return out.push_str("TBuffer"),
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
        Some(k) if k.is_texture() || k == ResourceKind::TypedBuffer => {
            let count = (w1 >> 8) & 0xff;
            let _ = write!(out, "{gc}{rc}{rw}{}<", kind_name(k));
            if count > 1 {
                let _ = write!(out, "{count}x");
            }
            out.push_str(comp_name(w1 & 0xff));
            out.push('>');
        }
        Some(k @ ResourceKind::RawBuffer) => {
            let _ = write!(out, "{gc}{rc}{rw}{}", kind_name(k));
        }
        Some(k @ ResourceKind::StructuredBuffer) => {
            let counter = if is_uav && cmp_or_counter {
                ", counter"
            } else {
                ""
            };
            let _ = write!(out, "{gc}{rc}{rw}{}<stride={w1}{counter}>", kind_name(k));
        }
        Some(k @ ResourceKind::RTAccelerationStructure) => out.push_str(kind_name(k)),
        Some(k @ (ResourceKind::FeedbackTexture2D | ResourceKind::FeedbackTexture2DArray)) => {
            let fb = match w1 & 0xff {
                0 => "MinMip",
                1 => "MipRegionUsed",
                _ => "<invalid sampler feedback type>",
            };
            let _ = write!(out, "{}<{fb}>", kind_name(k));
        }
        // `Invalid`, unknown values and a UAV `TBuffer`.
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
