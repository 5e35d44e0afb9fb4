//! Building DXIL shaders without DXC: a [`ShaderBuilder`] per stage (or a library of
//! entries) over the IR builder ([`dxil_ir::build`]), signature elements by semantic,
//! resources as LLVM's "DXIL Resource Handling" describes them, typed `dx.op` calls from the operation database
//! ([`dxil_ops::DxOp`]), and a container with every part and the digest from
//! [`ShaderBuilder::finish`].
//!
//! ```
//! use dxil_builder::{Arg, ResourceDesc, ShaderBuilder};
//! use dxil_container::ShaderKind;
//! use dxil_ops::{Scalar, Ty};
//!
//! let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, 6)?;
//! let out = sb.resource(ResourceDesc::rw_structured_buffer("Out", 4))?;
//! sb.num_threads(64, 1, 1);
//! let mut e = sb.entry("main")?;
//! let tid = e.thread_id(&[Ty::Scalar(Scalar::I32)], 0)?;
//! let h = e.handle(out, 0, false)?;
//! let u = Arg::Undef;
//! e.raw_buffer_store(&[Ty::Scalar(Scalar::I32)], h, tid, 0, tid, u, u, u, 1u8, 4)?;
//! e.ret()?;
//! e.finish()?;
//! let container: Vec<u8> = sb.finish()?;
//! # if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
//! #     verdict.unwrap();
//! # }
//! # Ok::<(), dxil_builder::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod annotation;
pub mod cbuffer;
pub mod entry;
pub mod error;
mod finish;
pub mod ops;
pub mod resource;
pub mod shader;
pub mod signature;
pub mod types;
mod usage;

pub use annotation::{Field, FieldType, StructDesc, StructType};
pub use cbuffer::CBufferLayout;
pub use entry::EntryBuilder;
pub use error::{Error, ErrorKind, Result};
pub use ops::{Arg, OpContext};
pub use resource::{Binding, Element, ResourceDesc, ResourceError, ResourceFault};
pub use shader::{ResourceId, ShaderBuilder, Signature};
pub use signature::ElementDesc;
