//! `dxil-exec`: run DXIL shaders on the CPU.
//!
//! A module is compiled once ([`Program::compile`]) into a compact form made for execution,
//! then dispatched over thread groups ([`Program::dispatch`]) against bound resources
//! ([`Bindings`]). Direct3D's rules decide what the IR leaves open: out-of-bounds reads give 0
//! and writes are dropped, threads of a group interleave only at barriers, the lanes of a wave
//! advance together.
//!
//! The offload-test-suite's pipelines, its `Results` rules, FileCheck and lit are a harness
//! around this engine, in the `dxil-pipeline` crate.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod declared;
mod error;
pub mod format;
pub mod graphics;
pub mod resource;
pub mod texture;

pub use declared::DeclaredResource;
pub use error::{Error, ErrorKind, InputCause, Result, RuntimeCause, UnsupportedCause};
pub use resource::{
    has_view, AddressMode, Binding, Bindings, ComparisonFunc, ComponentFormat, ComponentType, Dims,
    ElementFormat, Filter, Resource, ResourceClass, ResourceKind, SamplerDesc,
};
mod code;
mod compile;
mod interp;
mod program;
pub use program::{
    Dispatch, Program, DEFAULT_WAVE_SIZE, MAX_GROUPS_PER_DIMENSION, WAVE_START_COST,
};

/// Proves the ids of a module that no reader checked (one built or edited by hand) once,
/// so that [`Program::compile`] can take it: an id that names nothing is an
/// [`ErrorKind::Input`] naming it.
pub fn check_module(module: dxil_ir::Module) -> Result<dxil_ir::CheckedModule> {
    dxil_ir::CheckedModule::new(module).map_err(|e| InputCause::Ids(e).into())
}
