//! Typed DXContainer parts and the `dxc -dumpbin` header sections they produce.
//!
//! - [`signature`]: `ISG1`/`OSG1`/`PSG1` program signatures.
//! - [`psv`]: `PSV0` pipeline state validation data, versions 0 to 4.
//! - [`small`]: `HASH`, `SFI0`, `ILDN` and the program header's shader kind.
//! - [`viewid`]: the serialized ViewId state (`dx.viewIdState`).
//! - [`names`]: the spec's enumerations (SemanticKind, ComponentType, InterpolationMode, ...).
//! - [`print`]: the header sections (signature tables, shader hash, pipeline runtime
//!   information, entry signatures, ViewId state).
//!
//! Every reader takes the part's bytes and returns a model whose `write` gives back the
//! same bytes; errors carry the byte offset inside the part.
#![forbid(unsafe_code)]

pub mod error;
mod le;
pub mod names;
pub mod print;
pub mod psv;
pub mod signature;
pub mod small;
pub mod viewid;

pub use error::{Error, ErrorKind, Result};
pub use psv::Psv;
pub use signature::{SignatureElement, SignaturePart, StringLayout};
pub use small::{DebugName, FeatureInfo, ShaderHash};
pub use viewid::ViewIdState;
