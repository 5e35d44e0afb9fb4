//! Building DXIL shaders without DXC: a [`ShaderBuilder`] per stage (or a library of
//! entries) over the IR builder ([`dxil_ir::build`]), signature elements by semantic,
//! resources as seed `004` describes them, typed `dx.op` calls from the operation database
//! ([`dxil_ops::DxOp`]), and a container with every part and the digest from
//! [`ShaderBuilder::finish`].
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod error;
mod finish;
pub mod ops;
pub mod resource;
pub mod shader;
pub mod signature;
pub mod types;

pub use error::{Error, ErrorKind, Result};
pub use ops::{Arg, OpContext};
pub use resource::{Binding, Element, ResourceDesc};
pub use shader::{EntryBuilder, ResourceId, ShaderBuilder, Signature};
pub use signature::ElementDesc;
