//! `dxil`: read, write, print, validate and build DXIL shaders in pure Rust.
//!
//! This crate is the front door; each layer lives in its own crate and is re-exported here.
#![forbid(unsafe_code)]

pub use dxil_parts as parts;
pub use dxil_container as container;
pub use dxil_rootsig as rootsig;
pub use dxil_bitcode as bitcode;
pub use dxil_bitstream as bitstream;
pub use dxil_ir as ir;
pub use dxil_ops as ops;
pub use dxil_text as text;
pub use dxil_asm as asm;
pub use dxil_module as module;
pub use dxil_gen as gen;
