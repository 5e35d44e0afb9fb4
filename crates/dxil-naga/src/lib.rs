//! A naga back end writing DXIL: naga's IR (from WGSL, SPIR-V or GLSL) to a signed
//! DXContainer ready for `ID3D12Device::Create*PipelineState`, with no DXC. Shaped like
//! naga's own back ends: [`write()`] takes the module, naga's validation info, [`Options`]
//! (mirroring naga's HLSL back end's) and [`PipelineOptions`] (the entry point).
//!
//! Values are held as scalar leaves (DXIL has no vectors or aggregates in registers),
//! naga functions are inlined into the entry point, memory variables are arrays per scalar
//! type, storage buffers are raw buffers and uniform buffers constant buffers, samplers are
//! read through the sampler heap and external textures are three planes and a parameters
//! buffer, as naga's HLSL back end declares them. What this back end cannot express is an [`Error`] naming the
//! construct and its span.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod arith;
mod atomic;
mod call;
mod cbuffer;
mod double;
mod entry;
pub mod error;
mod expr;
mod external;
mod heap;
mod image;
mod io;
pub mod leaf;
mod lower;
mod math;
mod mesh;
mod needs;
pub mod options;
mod pack;
mod place;
mod prologue;
mod ray;
mod stmt;
mod subgroup;

pub use entry::write;
pub use error::{Error, ErrorKind, Result};
/// The naga this back end is built against, so callers name its types at the same version.
pub use naga;
pub use needs::{lowest_shader_model, requirement, Requirement};
pub use options::{
    BindTarget, BindingMap, ExternalTextureBindTarget, ExternalTextureBindingMap,
    OffsetsBindTarget, Options, PipelineOptions, SamplerHeapBindTargets,
    SamplerIndexBufferBindingMap, SamplerIndexBufferKey, ShaderModel, TaskDispatchLimits,
};

pub(crate) use dxil_ir::build::Value;

#[cfg(feature = "front")]
pub mod front;
