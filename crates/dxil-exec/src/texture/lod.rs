//! Level of detail (D3D11.3 functional spec, "LOD Calculation"): isotropic, the base-2
//! logarithm of the longer of the two screen-space gradients measured in texels of mip 0; then
//! the sampler's `MipLODBias` and the instruction's bias are added, the instruction's clamp and
//! the sampler's `MinLOD`/`MaxLOD` bound it, and the view's mip range bounds the level used.
//! `SampleLevel` takes its LOD from the instruction but still honours the sampler's bias and
//! clamps (`sample_l`).

use super::cube::project_derivative;
use super::layout::{extent, levels, shape};
use super::{Lod, SampleArgs};
use crate::resource::{Resource, SamplerDesc};

/// A computed level of detail.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LodResult {
    /// After bias, before any clamp (`CalculateLevelOfDetailUnclamped`).
    pub unclamped: f32,
    /// After the instruction's and the sampler's clamps; decides magnify (<= 0) or minify.
    pub biased: f32,
    /// `biased` bounded to the view's mip range [0, levels - 1]: the level sampled.
    pub clamped: f32,
}

/// The range D3D allows an instruction's LOD bias (`sample_b`).
const BIAS_RANGE: (f32, f32) = (-16.0, 15.99);

/// The LOD `args` ask of `res` through `sampler`.
pub fn compute(res: &Resource, sampler: &SamplerDesc, args: &SampleArgs) -> LodResult {
    let base = match args.lod {
        Lod::Level(l) => l,
        Lod::Bias { bias, ddx, ddy } => {
            let b = if bias.is_nan() {
                0.0
            } else {
                bias.clamp(BIAS_RANGE.0, BIAS_RANGE.1)
            };
            from_gradients(res, args.coord, ddx, ddy) + b
        }
        Lod::Grad { ddx, ddy } => from_gradients(res, args.coord, ddx, ddy),
    };
    let unclamped = base + sampler.mip_lod_bias;
    // NaN from hostile input picks the most detailed level rather than spreading.
    let unclamped = if unclamped.is_nan() { 0.0 } else { unclamped };
    let mut biased = unclamped;
    if let Some(c) = args.clamp.filter(|c| !c.is_nan()) {
        biased = biased.max(c);
    }
    // MaxLOD first, so that MinLOD wins when the two cross (D3D11.3 7.18.11).
    biased = biased.min(sampler.max_lod).max(sampler.min_lod);
    let top = (levels(res) - 1) as f32;
    let clamped = biased.clamp(0.0, top);
    LodResult {
        unclamped,
        biased,
        clamped,
    }
}

/// log2 of the longer gradient in texels of mip 0 (cubes: of the face, after projecting the
/// gradients onto the face the coordinate selects).
fn from_gradients(res: &Resource, coord: [f32; 4], ddx: [f32; 3], ddy: [f32; 3]) -> f32 {
    let Some(shape) = shape(res.view) else {
        return 0.0;
    };
    let size = extent(res, 0);
    let (gx, gy, n) = if shape.cube {
        let dir = [coord[0], coord[1], coord[2]];
        let px = project_derivative(dir, ddx);
        let py = project_derivative(dir, ddy);
        ([px[0], px[1], 0.0], [py[0], py[1], 0.0], 2)
    } else {
        (ddx, ddy, shape.dims)
    };
    let mut lx = 0.0f32;
    let mut ly = 0.0f32;
    for a in 0..n {
        let s = size[a] as f32;
        lx += (gx[a] * s) * (gx[a] * s);
        ly += (gy[a] * s) * (gy[a] * s);
    }
    lx.max(ly).sqrt().log2()
}
