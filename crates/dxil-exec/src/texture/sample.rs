//! Filtered sampling: `sample`, `sampleBias`, `sampleLevel`, `sampleGrad`, `sampleCmp*`, and
//! `calculateLOD` (DXIL.rst "Sample*", "CalculateLOD"; D3D11.3 functional spec, "Texture
//! Sampling"): the LOD picks magnification (LOD <= 0) or minification, the mip filter picks
//! the nearest level (point) or blends the two around the LOD (linear), and within a level
//! [`Level::filter`] does the rest.

use super::cube::project;
use super::filter::Level;
use super::layout::{levels, shape, slices, Shape};
use super::lod::compute;
use super::SampleArgs;
use crate::format::{
    f32_to_half, f32_to_snorm, f32_to_unorm, half_to_f32, snorm_to_f32, unorm_to_f32,
};
use crate::resource::{ComparisonFunc, ComponentFormat, Filter, Resource, SamplerDesc};

/// Samples `res` through `sampler` as `args` say. Not a sampleable texture (buffers,
/// multisampled views) reads 0.
pub fn sample(res: &Resource, sampler: &SamplerDesc, args: &SampleArgs) -> [f32; 4] {
    let Some(shape) = shape(res.view).filter(|s| !s.multisampled) else {
        return [0.0; 4];
    };
    let lod = compute(res, sampler, args);
    let (uvw, slice) = locate(res, shape, args.coord);
    let filter = if lod.biased <= 0.0 {
        sampler.mag_filter
    } else {
        sampler.min_filter
    };
    // Cube sampling takes no texel offsets (the offset would be on an unknown face).
    let offset = if shape.cube { [0; 3] } else { args.offset };
    let at = |mip: u32| {
        Level {
            res,
            sampler,
            mip,
            slice,
            dims: shape.dims,
            compare: comparison(res, sampler, args),
            cube: shape.cube,
        }
        .filter(filter, uvw, offset)
    };
    let top = levels(res) - 1;
    match sampler.mip_filter {
        Filter::Point => at(((lod.clamped + 0.5).floor() as u32).min(top)),
        Filter::Linear => {
            let l0 = lod.clamped.floor();
            let frac = lod.clamped - l0;
            let m0 = (l0 as u32).min(top);
            let a = at(m0);
            if frac <= 0.0 || m0 >= top {
                return a;
            }
            let b = at(m0 + 1);
            std::array::from_fn(|c| a[c] + frac * (b[c] - a[c]))
        }
    }
}

/// `calculateLOD`: [clamped, unclamped] level of detail for `args` (the sampler's clamps and
/// the view's mip range bound the first, neither the second).
pub fn calculate_lod(res: &Resource, sampler: &SamplerDesc, args: &SampleArgs) -> [f32; 2] {
    if shape(res.view).is_none() {
        return [0.0; 2];
    }
    let lod = compute(res, sampler, args);
    [lod.clamped, lod.unclamped]
}

/// The normalised coordinates within a slice and the slice `coord` addresses: cube directions
/// project onto a face (the face is the slice within the cube); an array index rounds to the
/// nearest slice, ties to even, and is clamped to the array.
pub(super) fn locate(res: &Resource, shape: Shape, coord: [f32; 4]) -> ([f32; 3], u32) {
    let index = |c: f32, count: u32| -> u32 {
        let r = c.round_ties_even();
        if r.is_nan() || r <= 0.0 {
            0
        } else {
            (r as u32).min(count.saturating_sub(1))
        }
    };
    if shape.cube {
        let fc = project([coord[0], coord[1], coord[2]]);
        let cube = if shape.array {
            index(coord[3], slices(res) / 6)
        } else {
            0
        };
        return ([fc.uv[0], fc.uv[1], 0.0], cube * 6 + fc.face);
    }
    let mut uvw = [0.0; 3];
    uvw[..shape.dims].copy_from_slice(&coord[..shape.dims]);
    let slice = if shape.array {
        index(coord[shape.dims], slices(res))
    } else {
        0
    };
    (uvw, slice)
}

/// The comparison a `*Cmp` operation makes: the sampler's function against the reference,
/// first quantised to the texture format's precision and range as depth is before a depth test
/// (D3D11.3 22.4.19 `sample_c`: e.g. clamped to [0, 1] and rounded to 1/65535 for 16-bit
/// UNORM).
pub(super) fn comparison(
    res: &Resource,
    sampler: &SamplerDesc,
    args: &SampleArgs,
) -> Option<(f32, ComparisonFunc)> {
    let func = sampler.comparison?;
    let reference = args.compare?;
    let quantised = match res.format.map(|f| f.component) {
        Some(ComponentFormat::UNorm8) => unorm_to_f32(f32_to_unorm(reference, 8), 8),
        Some(ComponentFormat::UNorm16) => unorm_to_f32(f32_to_unorm(reference, 16), 16),
        Some(ComponentFormat::SNorm8) => snorm_to_f32(f32_to_snorm(reference, 8), 8),
        Some(ComponentFormat::SNorm16) => snorm_to_f32(f32_to_snorm(reference, 16), 16),
        Some(ComponentFormat::Float16) => half_to_f32(f32_to_half(reference)),
        _ => reference,
    };
    Some((quantised, func))
}
