//! From module to container parts, the way the reference compiler writes them.
//!
//! - [`Source`]: a module and its DXIL metadata, with the facts the writers need.
//! - [`signature::build_signature_part`]: `ISG1`/`OSG1`/`PSG1` from signature metadata.
//! - [`psv::build_psv`]: `PSV0` in the version the validator version calls for.
//! - [`compute_flags::compute_flags`]: an entry's shader flags recomputed from the module.
//! - [`flags::RawFlags`]: shader flag bits and the `SFI0` feature info they imply.
//! - [`container`]: every regenerable part in the reference's order, `HASH`, the digest,
//!   and a per-part comparison with a stored container ([`container::regenerate`]).
//! - [`rdat::build_rdat`]: `RDAT` (runtime data) of a library.
//! - [`pack::pack_signature`]: the signature packer (prefix-stable and optimized).
//! - [`sigpoint`]: signature points, packing kinds and semantic interpretations.
//!
//! Part layouts follow DXIL.rst ("DXIL Container Format") and the reference's container
//! headers; the writing rules are facts observed in the reference's assembler and checked
//! on the corpus (see the tests).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod compute_flags;
pub mod container;
pub mod error;
pub mod flags;
pub mod pack;
pub mod psv;
pub mod rdat;
pub mod signature;
pub mod sigpoint;
pub mod source;
pub mod stdsort;

pub use container::{
    build_container, build_parts, build_signature, check_flags, regenerate, BuildOptions,
    PartCheck, Regeneration,
};
pub use error::{Error, ErrorKind, Result};
pub use flags::RawFlags;
pub use source::Source;
