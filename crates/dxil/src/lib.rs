//! `dxil`: read, write, print, validate and build DXIL shaders in pure Rust.
//!
//! This crate is the front door; each layer lives in its own crate and is re-exported here.
#![forbid(unsafe_code)]

pub use dxil_parts as parts;
pub use dxil_container as container;
pub use dxil_rootsig as rootsig;
