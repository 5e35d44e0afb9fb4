//! The bodies of the `cargo fuzz` targets, one module per target, each a `run` function.
//!
//! `fuzz/` (a cargo workspace of its own, built with libFuzzer) holds one two-line file per
//! target in `fuzz/fuzz_targets/`, which hands the fuzzer's input to the module of the same
//! name here: `fuzz_target!(|data: &[u8]| dxil_fuzz::container::run(data));`. Keeping the
//! bodies in a crate of the main workspace means they are built, linted and documented with
//! everything else, and this crate's tests (`tests/bodies.rs`, `tests/naga.rs`) run every
//! body over the inputs it is meant for (corpus containers, their parts and bitcode, the
//! reference's text, root signatures, pipelines, naga's WGSL) and over truncated and
//! bit-flipped variants of them, so a target cannot rot between fuzzing sessions.
//!
//! A body's checks are its assertions: it panics when one fails (the fuzzer's crash), and
//! returns quietly for any input the code under test rejects with an error.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod asm;
pub mod bitstream;
pub mod container;
pub mod dis;
pub mod exec;
pub mod front;
pub mod gen;
pub mod hlsl_compile;
pub mod hlsl_pp;
pub mod module;
pub mod naga_backend;
pub mod naga_wgsl;
pub mod parts;
pub mod pipeline;
pub mod rootsig_binary;
pub mod rootsig_text;
pub mod validate;
pub mod write;
