//! `dxil`: read, write, print and build DXIL shaders in pure Rust.
//!
//! This crate is the front door; each layer lives in its own crate and is re-exported here:
//!
//! | module | layer |
//! |---|---|
//! | [`container`] | DXContainer: parts, typed part views, writer, digest |
//! | [`parts`] | typed ISG1/OSG1/PSG1/PSV0/RDAT parts and the header sections they give |
//! | [`bitstream`] | the LLVM bitstream: reader, writer, `bcdump` |
//! | [`ir`] | the in-memory LLVM 3.7 module |
//! | [`bitcode`] | LLVM 3.7 bitcode reader and writer |
//! | [`text`] | the module printed as `dxc -dumpbin` prints it |
//! | [`asm`] | the text parser and container assembly |
//! | [`module`] | the DXIL layer: metadata model, reflection, dumpbin header |
//! | [`gen`] | container parts generated from a module; shader flags; signature packing |
//! | [`ops`] | the DXIL operation, enum and validation-rule tables |
//! | [`rootsig`] | root signatures: HLSL text, RTS0, metadata, validation |
#![forbid(unsafe_code)]

pub use dxil_asm as asm;
pub use dxil_bitcode as bitcode;
pub use dxil_bitstream as bitstream;
pub use dxil_container as container;
pub use dxil_gen as gen;
pub use dxil_ir as ir;
pub use dxil_module as module;
pub use dxil_ops as ops;
pub use dxil_parts as parts;
pub use dxil_rootsig as rootsig;
pub use dxil_text as text;
