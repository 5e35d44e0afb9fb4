//! The DXIL layer over the IR (`dxil-ir`): the typed DXIL metadata, the dumpbin header
//! sections that come from the module, and reflection.
//!
//! - [`model`]: [`DxilMetadata`] read from / written to a [`dxil_ir::Module`] (DXIL.rst
//!   "Versioning", "Entry points", "Shader Properties and Capabilities", "Signature element
//!   record", "Shader Resources", "Type annotations").
//! - [`md`]: the metadata tree the model is read from and written to.
//! - [`header`]: [`header::ModuleSections`], the `dxil_parts::print::ModuleHeader` of a module
//!   (entry signatures, buffer definitions, resource bindings, ViewId state).
//! - [`reflect`]: a serializable reflection of a container.
//!
//! Malformed metadata is an [`Error`] naming the node (`!12`) and field.
#![forbid(unsafe_code)]

pub mod dumpbin;
pub mod error;
mod fields;
pub mod header;
pub mod layout;
pub mod md;
pub mod model;
pub mod reflect;

pub use error::{Error, ErrorKind, Result};
pub use model::DxilMetadata;
