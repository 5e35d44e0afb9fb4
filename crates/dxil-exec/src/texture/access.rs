//! Texel access without a sampler: `textureLoad`, `textureStore` and `getDimensions`
//! (DXIL.rst "TextureLoad", "TextureStore", "GetDimensions"; D3D11.3 22.4 `ld`, `ld_ms`,
//! `store_uav_typed`, `resinfo`: out-of-range reads give 0 in every component, out-of-range
//! writes are dropped).

use super::layout::{extent, fetch_d3d, levels, offset, put, shape, slices, Texel};
use crate::resource::Resource;

/// `textureLoad`: the texel at integer `coord` (texel coordinates, then the array slice for
/// arrays) plus `offset`, of mip `mip` (ignored for multisampled views, where `sample` picks
/// the sample). Out of range, or not a texture, reads 0.
pub fn load(res: &Resource, coord: [i32; 3], mip: u32, sample: u32, offset: [i32; 3]) -> [u32; 4] {
    let Some(shape) = shape(res.view) else {
        return [0; 4];
    };
    let mut xyz = [0u32; 3];
    for axis in 0..shape.dims {
        let Some(c) = coord[axis].checked_add(offset[axis]) else {
            return [0; 4];
        };
        let Ok(c) = u32::try_from(c) else {
            return [0; 4];
        };
        xyz[axis] = c;
    }
    let slice = if shape.array {
        match u32::try_from(coord[shape.dims]) {
            Ok(s) => s,
            Err(_) => return [0; 4],
        }
    } else {
        0
    };
    let (mip, sample) = if shape.multisampled {
        (0, sample)
    } else {
        (mip, 0)
    };
    let texel = Texel {
        mip,
        slice,
        xyz,
        sample,
    };
    fetch_d3d(res, texel)
}

/// `textureStore`: writes the channels of `value` in `mask` to mip 0 at `coord` (texel
/// coordinates, then the slice for arrays). Out of range, or not a texture, is dropped.
pub fn store(res: &mut Resource, coord: [u32; 3], value: [u32; 4], mask: u8) {
    store_sample(res, coord, 0, value, mask);
}

/// `textureStoreSample` (writable multisampled textures, SM 6.7): [`store`] to sample
/// `sample` of the texel. A sample the texture lacks is dropped.
pub fn store_sample(res: &mut Resource, coord: [u32; 3], sample: u32, value: [u32; 4], mask: u8) {
    let Some(shape) = shape(res.view) else {
        return;
    };
    let mut xyz = [0u32; 3];
    xyz[..shape.dims].copy_from_slice(&coord[..shape.dims]);
    let slice = if shape.array { coord[shape.dims] } else { 0 };
    let texel = Texel {
        mip: 0,
        slice,
        xyz,
        sample,
    };
    put(res, texel, value, mask);
}

/// The byte range in [`Resource::data`] of the mip-0 texel at `coord` (texel coordinates,
/// then the slice for arrays), for the atomic operations on typed texture UAVs
/// (`atomicBinOp`, `atomicCompareExchange`), which read and write the element's bytes in place.
/// `None` when out of range, beyond the data, or not a texture.
pub fn texel_range(res: &Resource, coord: [u32; 3]) -> Option<std::ops::Range<usize>> {
    let shape = shape(res.view)?;
    let format = res.format?;
    let mut xyz = [0u32; 3];
    xyz[..shape.dims].copy_from_slice(&coord[..shape.dims]);
    let slice = if shape.array { coord[shape.dims] } else { 0 };
    let texel = Texel {
        mip: 0,
        slice,
        xyz,
        sample: 0,
    };
    let at = offset(res, format, texel)?;
    let end = at.checked_add(format.size() as usize)?;
    (end <= res.data.len()).then_some(at..end)
}

/// `getDimensions` of a texture at mip `mip`: width, then height (2D, 3D, cubes) or the array
/// size (1D arrays), then depth (3D) or the array size (2D and cube arrays; cubes count whole
/// cubes), then the mip count, or the sample count for multisampled views. Components the
/// kind lacks are 0; a mip beyond the texture's gives 0 sizes but still the count (`resinfo`).
pub fn dimensions(res: &Resource, mip: u32) -> [u32; 4] {
    let Some(shape) = shape(res.view) else {
        return [0; 4];
    };
    let count = if shape.multisampled {
        res.dims.sample_count.max(1)
    } else {
        levels(res)
    };
    let mip = if shape.multisampled { 0 } else { mip };
    if mip >= levels(res) || res.dims.width == 0 {
        return [0, 0, 0, count];
    }
    let [w, h, d] = extent(res, mip);
    let array = if shape.cube {
        slices(res) / 6
    } else {
        slices(res)
    };
    let mut out = [w, 0, 0, count];
    if shape.dims >= 2 {
        out[1] = h;
    }
    if shape.dims == 3 {
        out[2] = d;
    }
    if shape.array {
        out[shape.dims] = array;
    }
    out
}
