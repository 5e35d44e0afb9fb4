//! HLSL to DXIL without DXC: the front end, layer by layer as clang's — the preprocessor
//! ([`pp`]) first; each layer keeps source locations ([`source`]) and reports
//! [`diag::Diagnostics`] as clang prints them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod diag;
pub mod pp;
pub mod source;
