//! `textureGather` and `textureGatherCmp` (DXIL.rst "TextureGather"; D3D11.3 functional
//! spec, `gather4`): one channel of each of the four texels a bilinear sample of mip 0 would
//! blend, returned as (u0, v1), (u1, v1), (u1, v0), (u0, v0) where u0/v0 are the lower
//! indices. Texels keep their register bits; outside a border-addressed axis gives the border
//! colour's channel; a comparison gives 1.0 or 0.0.

use super::filter::{passes, Fetched, Level};
use super::layout::shape;
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
    let texel = |u: i64, v: i64| -> u32 {
        let bits = match level.fetch([u, v, 0]) {
            Fetched::Texel(t) => t[channel],
            Fetched::Border => sampler.border_color[channel].to_bits(),
        };
        match compare {
            Some((reference, func)) => {
                let pass = passes(func, reference, f32::from_bits(bits));
                if pass { 1.0f32 } else { 0.0 }.to_bits()
            }
            None => bits,
        }
    };
    [
        texel(u0, v0 + 1),
        texel(u0 + 1, v0 + 1),
        texel(u0 + 1, v0),
        texel(u0, v0),
    ]
}
