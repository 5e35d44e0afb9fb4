//! Typed DXContainer parts and the `dxc -dumpbin` header sections they produce.
//!
//! - [`signature`]: `ISG1`/`OSG1`/`PSG1` program signatures.
//! - [`psv`]: `PSV0` pipeline state validation data, versions 0 to 4.
//! - [`small`]: `HASH`, `SFI0`, `ILDN` and the program header's shader kind.
//! - [`rdat`]: `RDAT` container level and its subobject table.
//! - [`viewid`]: the serialized ViewId state (`dx.viewIdState`).
//! - [`names`]: the spec's enumerations (SemanticKind, ComponentType, InterpolationMode, ...).
//! - [`print`](mod@print): the header sections (signature tables, shader hash, pipeline runtime
//!   information, entry signatures, ViewId state).
//!
//! Header printing for `dis`: [`print::print_header`] prints the part sections itself
//! (feature notes, ISG1/OSG1/PSG1 tables, debug name, shader hash, pipeline runtime
//! information) and asks a [`print::ModuleHeader`] (implemented by the module layer) for the
//! entry signatures, buffer definitions, resource bindings, ViewId state and subobjects.
//! Helpers for that layer: [`print::print_entry_signatures`] (rows from metadata, or from
//! PSV0 with [`print::entry_signatures_from_psv`]) and [`ViewIdState::deserialize`] +
//! [`print::print_view_id_state`] (the `dx.viewIdState` array; `uses_view_id` is the ViewID
//! shader flag, also stored in PSV0 `UsesViewID`).
//!
//! DXIL.rst ("DXIL Container Format") specifies the container and program header; the part
//! layouts here follow the reference compiler's container headers (facts only), and each
//! module's doc states the layout it implements.
//!
//! Every reader takes the part's bytes and returns a model whose `write` gives back the
//! same bytes; errors carry the byte offset inside the part.
#![forbid(unsafe_code)]

pub mod error;
mod le;
pub mod names;
pub mod print;
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
