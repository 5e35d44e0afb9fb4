//! Textures: texel addressing for every texture view kind, loads and stores, filtered
//! sampling, gathers, dimensions and LOD queries, by Direct3D's rules (D3D11.3 functional
//! spec, chapter 7 "Texture Sampling" and 22.4 resource access instructions).

mod access;
mod address;
mod cube;
mod filter;
mod gather;
mod layout;
mod lod;
mod msaa;
mod sample;
mod static_sampler;

pub use access::{dimensions, load, store, store_sample, texel_range};
pub use gather::{gather, gather_raw};
pub use msaa::sample_position;
pub use sample::{calculate_lod, sample};
pub use static_sampler::{sampler_desc, static_samplers};

/// How a sample finds its level of detail.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lod {
    /// `SampleLevel`: this LOD (the sampler's bias and clamps still apply).
    Level(f32),
    /// `SampleBias` (and `Sample` with a bias of 0): the LOD from the gradients plus `bias`.
    Bias {
        /// Added to the computed LOD.
        bias: f32,
        /// Derivative of the coordinate along screen x.
        ddx: [f32; 3],
        /// Derivative of the coordinate along screen y.
        ddy: [f32; 3],
    },
    /// `SampleGrad` (and `Sample`, with derivatives from the quad): the LOD from these
    /// gradients.
    Grad {
        /// Derivative of the coordinate along screen x.
        ddx: [f32; 3],
        /// Derivative of the coordinate along screen y.
        ddy: [f32; 3],
    },
}

/// The operands of a sampling operation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SampleArgs {
    /// Normalised coordinates, then the array index (cubes: a direction, then the cube
    /// index for cube arrays).
    pub coord: [f32; 4],
    /// Texel offset per axis (ignored for cubes).
    pub offset: [i32; 3],
    /// How the LOD is found.
    pub lod: Lod,
    /// `clamp` operand: the least LOD the sample may use.
    pub clamp: Option<f32>,
    /// `*Cmp` operations: the reference value compared with each texel.
    pub compare: Option<f32>,
}

#[cfg(test)]
mod tests;
