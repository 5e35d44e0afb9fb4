//! Where a texel lives in [`Resource::data`]: the subresource order `resource.rs` documents
//! (every mip of slice 0, then every mip of slice 1, ...; rows and depth planes tightly
//! packed; cube faces are slices), multisampled textures keeping a texel's samples together.
//! Sizes are computed in `u64` and checked against the data, so malformed dimensions read 0.

use crate::format::{read_element, write_element};
use crate::resource::{ElementFormat, Resource, ResourceKind};

/// The shape of a texture view kind: how many coordinates address a texel and whether the
/// view is arrayed, cubic or multisampled (DXIL.rst "Resource kinds").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Coordinates within one slice (1 to 3).
    pub dims: usize,
    /// An array of slices (the slice index follows the texel coordinates).
    pub array: bool,
    /// A cube (six faces per cube, addressed by a direction).
    pub cube: bool,
    /// Multisampled.
    pub multisampled: bool,
}

/// The shape of `view`, `None` for buffers and samplers.
pub fn shape(view: ResourceKind) -> Option<Shape> {
    let s = |dims, array, cube, multisampled| {
        Some(Shape {
            dims,
            array,
            cube,
            multisampled,
        })
    };
    match view {
        ResourceKind::Texture1D => s(1, false, false, false),
        ResourceKind::Texture1DArray => s(1, true, false, false),
        ResourceKind::Texture2D => s(2, false, false, false),
        ResourceKind::Texture2DArray => s(2, true, false, false),
        ResourceKind::Texture2DMS => s(2, false, false, true),
        ResourceKind::Texture2DMSArray => s(2, true, false, true),
        ResourceKind::Texture3D => s(3, false, false, false),
        ResourceKind::TextureCube => s(2, false, true, false),
        ResourceKind::TextureCubeArray => s(2, true, true, false),
        _ => None,
    }
}

/// The size of mip `mip` along one axis: `max(1, size >> mip)` (0 stays 0).
pub fn mip_size(size: u32, mip: u32) -> u32 {
    if size == 0 {
        0
    } else {
        // A shift by 32 or more leaves nothing: the smallest level, 1.
        if mip >= u32::BITS {
            1
        } else {
            (size >> mip).max(1)
        }
    }
}

/// Mip levels a texture has (at least 1).
pub fn levels(res: &Resource) -> u32 {
    res.dims.mip_levels.max(1)
}

/// Slices a texture has (at least 1).
pub fn slices(res: &Resource) -> u32 {
    res.dims.array_size.max(1)
}

/// [width, height, depth] of mip `mip` (height and depth 1 where the kind has none).
pub fn extent(res: &Resource, mip: u32) -> [u32; 3] {
    let d = res.dims;
    [
        mip_size(d.width, mip),
        mip_size(d.height.max(1), mip),
        mip_size(d.depth.max(1), mip),
    ]
}

/// A texel's location: mip, slice, integer coordinates and sample, already in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Texel {
    /// Mip level.
    pub mip: u32,
    /// Array slice (cube face plus six times the cube index for cubes).
    pub slice: u32,
    /// x, y, z within the mip.
    pub xyz: [u32; 3],
    /// Sample index (0 when not multisampled).
    pub sample: u32,
}

/// The byte offset of `texel` in the data, `None` when any index is out of range.
pub fn offset(res: &Resource, format: ElementFormat, texel: Texel) -> Option<usize> {
    let samples = u64::from(res.dims.sample_count.max(1));
    let elem = u64::from(format.size()) * samples;
    if texel.mip >= levels(res) || texel.slice >= slices(res) || u64::from(texel.sample) >= samples
    {
        return None;
    }
    let mip_bytes = |m: u32| {
        let [w, h, d] = extent(res, m);
        u64::from(w)
            .checked_mul(u64::from(h))?
            .checked_mul(u64::from(d))?
            .checked_mul(elem)
    };
    let [w, h, d] = extent(res, texel.mip);
    let [x, y, z] = texel.xyz;
    if x >= w || y >= h || z >= d {
        return None;
    }
    // Mip levels beyond 32 are all 1x1x1 or empty; the count is capped by the check above
    // against `levels`, which a hostile description may make huge, so sum with a cap.
    let level_cap = levels(res).min(64);
    let mut slice_bytes = 0u64;
    let mut before_mip = 0u64;
    for m in 0..level_cap {
        if m == texel.mip {
            before_mip = slice_bytes;
        }
        slice_bytes = slice_bytes.checked_add(mip_bytes(m)?)?;
    }
    if texel.mip >= level_cap {
        return None;
    }
    // Indices are below the extents, whose product with `elem` fits (checked above).
    let within = ((u64::from(z) * u64::from(h) + u64::from(y)) * u64::from(w) + u64::from(x))
        * elem
        + u64::from(texel.sample) * u64::from(format.size());
    let total = u64::from(texel.slice)
        .checked_mul(slice_bytes)?
        .checked_add(before_mip)?
        .checked_add(within)?;
    usize::try_from(total).ok()
}

/// Reads `texel` in register form, `None` when it is out of range or beyond the data.
pub fn fetch(res: &Resource, texel: Texel) -> Option<[u32; 4]> {
    let format = res.format?;
    let at = offset(res, format, texel)?;
    let end = at.checked_add(format.size() as usize)?;
    let bytes = res.data.get(at..end)?;
    Some(read_element(format, bytes))
}

/// [`fetch`] as a shader's read sees it: zeros out of range or beyond the data (D3D11.3
/// functional spec: an out-of-bounds read of a resource returns 0).
pub(crate) fn fetch_d3d(res: &Resource, texel: Texel) -> [u32; 4] {
    fetch(res, texel).unwrap_or_default()
}

/// [`fetch_raw`] as a shader's read sees it: 0 out of range or beyond the data, as
/// [`fetch_d3d`].
pub(crate) fn fetch_raw_d3d(res: &Resource, texel: Texel) -> u64 {
    fetch_raw(res, texel).unwrap_or_default()
}

/// The element bytes of `texel` as an unsigned integer (little-endian, elements of at most 8
/// bytes), `None` when it is out of range, beyond the data, or wider.
pub fn fetch_raw(res: &Resource, texel: Texel) -> Option<u64> {
    let format = res.format?;
    let size = format.size() as usize;
    if size > 8 {
        return None;
    }
    let at = offset(res, format, texel)?;
    let bytes = res.data.get(at..at.checked_add(size)?)?;
    let mut raw = [0u8; 8];
    raw[..size].copy_from_slice(bytes);
    Some(u64::from_le_bytes(raw))
}

/// Writes the channels of `value` in `mask` to `texel`; out of range is dropped.
pub fn put(res: &mut Resource, texel: Texel, value: [u32; 4], mask: u8) {
    let Some(format) = res.format else { return };
    let Some(at) = offset(res, format, texel) else {
        return;
    };
    let Some(end) = at.checked_add(format.size() as usize) else {
        return;
    };
    if let Some(bytes) = res.data.get_mut(at..end) {
        write_element(format, value, mask, bytes);
    }
}
