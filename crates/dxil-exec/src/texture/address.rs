//! Texture address modes applied to integer texel indices (D3D11.3 7.18.9 "Address
//! Wrapping"; D3D12_TEXTURE_ADDRESS_MODE). Applying the mode to each texel of a footprint,
//! rather than to the coordinate, gives the filtered edges D3D specifies (e.g. wrap blends the
//! last texel with the first).

use crate::resource::AddressMode;

/// Maps texel index `i` on an axis of `size` texels into range under `mode`; `None` when the
/// texel is outside and the mode is [`AddressMode::Border`] (the border colour is used).
/// An empty axis maps to 0, which the fetch then finds out of range.
pub fn address(mode: AddressMode, i: i64, size: u32) -> Option<u32> {
    if size == 0 {
        return Some(0);
    }
    let s = i64::from(size);
    let j = match mode {
        AddressMode::Wrap => i.rem_euclid(s),
        AddressMode::Mirror => {
            let m = i.rem_euclid(2 * s);
            if m >= s {
                2 * s - 1 - m
            } else {
                m
            }
        }
        AddressMode::Clamp => i.clamp(0, s - 1),
        AddressMode::Border => {
            if i < 0 || i >= s {
                return None;
            }
            i
        }
        AddressMode::MirrorOnce => {
            let m = if i < 0 { i.saturating_neg() - 1 } else { i };
            m.clamp(0, s - 1)
        }
    };
    u32::try_from(j).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mode_maps_outside_indices_as_d3d_specifies() {
        let at = |mode, i| address(mode, i, 4);
        assert_eq!(at(AddressMode::Wrap, -1), Some(3));
        assert_eq!(at(AddressMode::Wrap, 9), Some(1));
        assert_eq!(at(AddressMode::Mirror, 4), Some(3));
        assert_eq!(at(AddressMode::Mirror, -1), Some(0));
        assert_eq!(at(AddressMode::Mirror, 8), Some(0));
        assert_eq!(at(AddressMode::Clamp, -7), Some(0));
        assert_eq!(at(AddressMode::Clamp, 7), Some(3));
        assert_eq!(at(AddressMode::Border, 4), None);
        assert_eq!(at(AddressMode::Border, 2), Some(2));
        assert_eq!(at(AddressMode::MirrorOnce, -2), Some(1));
        assert_eq!(at(AddressMode::MirrorOnce, -9), Some(3));
        assert_eq!(at(AddressMode::MirrorOnce, 9), Some(3));
        assert_eq!(
            address(AddressMode::Wrap, i64::MIN, u32::MAX),
            Some(0x7fff_ffff)
        );
    }
}
