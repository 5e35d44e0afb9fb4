//! `textureGather` and `textureGatherCmp` (DXIL.rst "TextureGather"; D3D11.3 functional
//! spec, `gather4`): one channel of each of the four texels a bilinear sample of mip 0 would
//! blend, returned as (u0, v1), (u1, v1), (u1, v0), (u0, v0) where u0/v0 are the lower
//! indices. Texels keep their register bits; outside a border-addressed axis gives the border
//! colour's channel; a comparison gives 1.0 or 0.0.

use super::filter::{average_of_others, passes, Fetched, Level};
use super::layout::{fetch_raw_d3d, shape};
use super::sample::{comparison, locate};
use super::SampleArgs;
use crate::resource::{Resource, SamplerDesc};

/// Gathers `channel` (0 to 3) of the bilinear footprint of `args.coord` in `res`. Not a
/// gatherable texture reads 0.
pub fn gather(res: &Resource, sampler: &SamplerDesc, args: &SampleArgs, channel: u8) -> [u32; 4] {
    let Some(shape) = shape(res.view).filter(|s| !s.multisampled && s.dims == 2) else {
        return [0; 4];
    };
    let channel = usize::from(channel.min(3));
    let (uvw, slice) = locate(res, shape, args.coord);
    let offset = if shape.cube { [0; 3] } else { args.offset };
    let level = Level {
        res,
        sampler,
        mip: 0,
        slice,
        dims: 2,
        compare: None,
        cube: shape.cube,
    };
    let compare = comparison(res, sampler, args);
    let (base, _) = level.footprint(uvw, offset);
    let [u0, v0, _] = base;
    // Order: (u0, v1), (u1, v1), (u1, v0), (u0, v0).
    let idx = [[u0, v0 + 1], [u0 + 1, v0 + 1], [u0 + 1, v0], [u0, v0]];
    let mut bits = [0u32; 4];
    let mut missing = None;
    for (i, [u, v]) in idx.into_iter().enumerate() {
        if level.missing_corner([u, v, 0]) {
            missing = Some(i);
            continue;
        }
        let b = match level.fetch([u, v, 0]) {
            Fetched::Texel(t) => t[channel],
            Fetched::Border => level.border()[channel].to_bits(),
        };
        bits[i] = match compare {
            Some((reference, func)) => {
                let pass = passes(func, reference, f32::from_bits(b));
                if pass { 1.0f32 } else { 0.0 }.to_bits()
            }
            None => b,
        };
    }
    // At a cube corner the fourth texel is synthesised, after any comparison, as the average
    // of the three that meet there (D3D11.3 22.4.2, 22.4.3).
    if let Some(m) = missing {
        let values = bits.map(|b| [f32::from_bits(b), 0.0, 0.0, 0.0]);
        bits[m] = average_of_others(&values, m)[0].to_bits();
    }
    bits
}

/// `textureGatherRaw` (SM 6.7 advanced texture operations, "Raw Gather"): the four texels of
/// [`gather`]'s footprint as whole unprocessed elements (all channels packed into one unsigned
/// integer of the element's size: 16, 32 or 64 bits), for views in an unsigned integer format.
/// A texel outside a border-addressed axis, a cube corner (which has no raw value to
/// synthesise) and elements wider than 64 bits read 0.
pub fn gather_raw(res: &Resource, sampler: &SamplerDesc, args: &SampleArgs) -> [u64; 4] {
    let Some(shape) = shape(res.view).filter(|s| !s.multisampled && s.dims == 2) else {
        return [0; 4];
    };
    let (uvw, slice) = locate(res, shape, args.coord);
    let offset = if shape.cube { [0; 3] } else { args.offset };
    let level = Level {
        res,
        sampler,
        mip: 0,
        slice,
        dims: 2,
        compare: None,
        cube: shape.cube,
    };
    let (base, _) = level.footprint(uvw, offset);
    let [u0, v0, _] = base;
    [[u0, v0 + 1], [u0 + 1, v0 + 1], [u0 + 1, v0], [u0, v0]].map(|[u, v]| {
        if level.missing_corner([u, v, 0]) {
            return 0;
        }
        // A corner outside a border-addressed axis gathers 0.
        match level.texel([u, v, 0]) {
            Some(t) => fetch_raw_d3d(res, t),
            None => 0,
        }
    })
}
