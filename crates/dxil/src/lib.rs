//! `dxil`: read, write, print and build DXIL shaders in pure Rust.
//!
//! DXIL (the DirectX Intermediate Language, `DXIL.rst`) is what every Direct3D 12 shader
//! ships in: a DXContainer whose `DXIL` part holds LLVM 3.7 bitcode. This crate is the front
//! door: one call per job, each taking the bytes of whatever the user has (a container, a
//! program part without its container, raw bitcode, or DXIL text; detected once by
//! [`Input::parse`]) and giving one [`Error`] whose offsets count from the start of those
//! bytes.
//!
//! | call | what |
//! |---|---|
//! | [`disassemble`], [`Disassembler`], [`parts_not_in_text`] | the text `dxc -dumpbin` prints; optionally the parts it does not print (for [`assemble`]) |
//! | [`assemble`], [`Assembler`] | text to a container with every part generated, or to bitcode |
//! | [`reflect`] | entry points, signatures, resources, constant buffers, flags |
//! | [`info`] | parts, program, digest and `HASH` status, features |
//! | [`validate`] | the reference validator's verdict and messages ([`validator::Report`]) |
//! | [`reencode`] | every layer decoded and encoded again |
//! | [`parse_text`], [`read_module`] | text or bitcode to the in-memory module ([`ir::Module`]) |
//! | [`builder::ShaderBuilder`] | a shader of any stage, or a library, built without DXC: a container ready for Direct3D |
//! | [`ir::build`] | modules built instruction by instruction, types checked at each call |
//! | `hlsl::compile` | (feature `hlsl`, on by default) HLSL to a validated container without DXC |
//!
//! A whole round through the crate: read a container, print it, reflect it, assemble the
//! printed text again.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let Some(dir) = dxil_test_support::corpus_dir() else { return Ok(()) };
//! # let path = dir.join(&dxil_test_support::corpus_ids(&dir)[0]).with_extension("dxil");
//! let bytes = std::fs::read(&path)?;
//! let text = dxil::disassemble(&bytes)?;
//! let reflection = dxil::reflect(&bytes)?;
//! println!("{} entry points", reflection.entry_points.len());
//! let rebuilt = dxil::assemble(&text)?;
//! let again = dxil::disassemble(&rebuilt)?;
//! let body = |t: &str| t.find("target datalayout").map(|at| t[at..].to_string());
//! assert_eq!(body(&again), body(&text));
//! # Ok(()) }
//! ```
//!
//! Each layer lives in its own crate and is re-exported here:
//!
//! | module | layer |
//! |---|---|
//! | [`container`] | DXContainer: parts, typed part views, writer, digest |
//! | [`parts`] | typed ISG1/OSG1/PSG1/PSV0/RDAT parts and the header sections they give |
//! | [`bitstream`] | the LLVM bitstream: reader, writer, `bcdump` |
//! | [`ir`] | the in-memory LLVM 3.7 module and its checked builder ([`ir::build`]) |
//! | [`bitcode`] | LLVM 3.7 bitcode reader and writer |
//! | [`text`] | the module printed as `dxc -dumpbin` prints it |
//! | [`asm`] | the text parser and container assembly |
//! | [`module`] | the DXIL layer: metadata model, reflection, dumpbin header |
//! | [`gen`] | container parts generated from a module; shader flags; signature packing |
//! | [`ops`] | the DXIL operation, enum and validation-rule tables; typed ops ([`ops::DxOp`]) |
//! | [`builder`] | shaders built without DXC: stages, libraries, signatures, resources, typed op methods |
//! | [`rootsig`] | root signatures: HLSL text, RTS0, metadata, validation |
//! | [`validator`] | the DXIL validator: rules, diagnostics, reports |
//! | [`exec`] | shaders run on the CPU: compute dispatch, draws, resources, textures |
//! | `pipeline` | (feature `pipeline`) the offload-test-suite's harness: YAML pipelines, `Results` rules, FileCheck, lit |
//! | `naga_backend` | (feature `naga`) naga's IR (WGSL, SPIR-V, GLSL) to signed DXIL without DXC |
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod assemble;
mod disassemble;
pub mod equiv;
mod error;
#[cfg(feature = "hlsl")]
pub mod hlsl;
mod info;
mod input;
mod reencode;
mod reflect;
mod validate;

pub use assemble::{assemble, parse_text, Assembler, Assembly};
pub use disassemble::{disassemble, disassemble_input, parts_not_in_text, Disassembler};
pub use error::{Error, ErrorKind, Location, Result};
pub use info::{
    describe, info, CompilerInfo, ContainerInfo, DigestInfo, FeaturesInfo, HashInfo, Info,
    PartInfo, ProgramInfo, View,
};
pub use input::{Bitcode, FileKind, Input, SourceLanguage};
pub use reencode::{reencode, reencode_with, Depth};
pub use reflect::{
    reflect, reflect_input, BufferReflection, ElementReflection, EntryReflection, Member,
    Reflection, ResourceReflection,
};

pub use validate::{validate, validate_named};

pub use dxil_asm as asm;
pub use dxil_bitcode as bitcode;
pub use dxil_bitstream as bitstream;
pub use dxil_builder as builder;
pub use dxil_container as container;
pub use dxil_exec as exec;
pub use dxil_gen as gen;
pub use dxil_ir as ir;
pub use dxil_module as module;
#[cfg(feature = "naga")]
pub use dxil_naga as naga_backend;
pub use dxil_ops as ops;
pub use dxil_parts as parts;
#[cfg(feature = "pipeline")]
pub use dxil_pipeline as pipeline;
pub use dxil_rootsig as rootsig;
pub use dxil_text as text;
pub use dxil_validate as validator;

/// Decodes the module of `bytes` (a container's `ILDB` part when present, else its `DXIL`
/// part; a program part; or raw bitcode). Errors give their bit in `bytes`.
///
/// ```
/// # fn main() -> Result<(), dxil::Error> {
/// # let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/compute.ll")).unwrap();
/// let module = dxil::read_module(&dxil::assemble(&text)?)?;
/// assert_eq!(module.name_of(module.triple), Some("dxil-ms-dx"));
/// # Ok(()) }
/// ```
pub fn read_module(bytes: &[u8]) -> Result<ir::CheckedModule> {
    Input::parse(bytes)?.primary_bitcode()?.read_module()
}
