//! The DXIL layer over the IR (`dxil-ir`): the typed DXIL metadata, the data the dumpbin
//! header sections print from the module, and reflection.
//!
//! - [`model`]: [`DxilMetadata`] read from / written to a [`dxil_ir::Module`] (DXIL.rst
//!   "Versioning", "Entry points", "Shader Properties and Capabilities", "Signature element
//!   record", "Shader Resources", "Type annotations"): `dx.version`, `dx.valver`,
//!   `dx.shaderModel`, `dx.entryPoints` (signatures, resources, properties including
//!   GS/DS/HS/MS/AS/node states, wave size, entry root signature), `dx.resources`,
//!   `dx.typeAnnotations`, `dx.viewIdState`, `dx.rootSignature` (kept as trees) and
//!   `dx.subobjects`. Reading then writing an unchanged model leaves the module identical;
//!   a changed model adds the nodes, constants and types it needs.
//! - [`md`]: the metadata tree the model is read from and written to.
//! - [`view`]: [`view::ModuleView`] (a module with its metadata model) and the reflection
//!   module of a container (the `STAT` part's module); the dumpbin header (`dxil-text`) and
//!   [`reflect`] are printed and built from them.
//! - [`layout`]: type sizes and struct offsets from the data layout (structured buffers).
//! - [`reflect`]: a serializable reflection of a container (`dxil reflect --json`).
//! - [`shader_flags`]: the shader flag bits of `dx.entryPoints`.
//! - [`strip`]: debug-info stripping, as the reference does for the `DXIL` part.
//!
//! Malformed metadata is an [`Error`] naming the node (`!12`) and field, e.g.
//! `signature element.name: expected a string (in !12, operand 1)`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod error;
mod fields;
pub mod layout;
pub mod md;
pub mod model;
pub mod reflect;
pub mod shader_flags;
pub mod strip;
pub mod view;

pub use error::{Error, ErrorKind, Result};
pub use model::DxilMetadata;
