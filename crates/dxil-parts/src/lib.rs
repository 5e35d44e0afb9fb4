//! Typed DXContainer parts: the data models the `dxc -dumpbin` header is printed from (the
//! printers are `dxil-text`'s `header` module, the mirror of the assembler that reads them
//! back).
//!
//! - [`signature`]: `ISG1`/`OSG1`/`PSG1` program signatures.
//! - [`psv`]: `PSV0` pipeline state validation data, versions 0 to 4.
//! - [`small`]: `ILDN` and the program header's shader kind (`HASH` and `SFI0` are
//!   `dxil-container`'s `ShaderHash` and `FeatureInfo`).
//! - [`rdat`]: `RDAT` container level and its subobject table.
//! - [`viewid`]: the serialized ViewId state (`dx.viewIdState`).
//! - [`names`]: the spec's enumerations (SemanticKind, ComponentType, InterpolationMode, ...).
//!
//! DXIL.rst ("DXIL Container Format") specifies the container and program header; the part
//! layouts here follow the reference compiler's container headers (facts only), and each
//! module's doc states the layout it implements.
//!
//! Every reader takes the part's bytes and returns a model whose `write` gives back the
//! same bytes; errors carry the byte offset inside the part.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod error;
mod le;
pub mod names;
pub mod psv;
pub mod rdat;
pub mod signature;
pub mod small;
pub mod viewid;

pub use error::{Error, ErrorKind, Result};
pub use psv::Psv;
pub use rdat::Rdat;
pub use signature::{SignatureElement, SignaturePart, StringLayout};
pub use small::DebugName;
pub use viewid::ViewIdState;
