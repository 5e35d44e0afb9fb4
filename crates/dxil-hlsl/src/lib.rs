//! HLSL to DXIL without DXC: the front end, layer by layer as clang's — the preprocessor
//! ([`pp`]), then the parser ([`parse`]) to a syntax tree ([`ast`]), then the analysis ([`sema`]); each layer keeps source locations ([`source`]) and reports
//! [`diag::Diagnostics`] as clang prints them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ast;
pub mod compile;
pub mod diag;
mod lower;
pub mod options;
pub mod parse;
pub mod pp;
pub mod sema;
pub mod source;
