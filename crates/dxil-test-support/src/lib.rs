//! Dev-only helpers shared by the tests, benchmarks and examples of the workspace.
//!
//! Reference data lives outside the repository, in `../shared` relative to the workspace root
//! (`corpus/`, `rootsig/`, `negative/`, `spec/`, `naga/`, `reference/`, `exec/`), or where
//! `DXIL_SHARED_DIR` says. Every helper that looks for it returns `None` (or an empty list)
//! after [`skip()`] has named the test on standard error and in the skip log (counted by
//! `tools/test`), so a test skips by returning early and is seen to; a test that skips for
//! another reason (a tool not installed) calls [`skip()`] itself.
//!
//! The shared directory is found from this crate's own `CARGO_MANIFEST_DIR`: the crate sits
//! at `crates/dxil-test-support`, the same depth as every other crate, so
//! `CARGO_MANIFEST_DIR/../../../shared` is the same directory for all of them.
//!
//! Nothing here depends on another workspace crate: the container helpers read the
//! DXContainer layout directly, so any crate (including `dxil-container` itself) can use them
//! without a dependency cycle.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod container;
pub mod damage;
pub mod index;
pub mod op_cases;
pub mod paths;
pub mod reference;
pub mod report;
pub mod skip;
pub mod timing;

pub use container::{
    dxil_bitcode, part, part_bitcode, parts, parts_bitcode, primary_bitcode, program_bitcode,
    program_bitcodes,
};
pub use damage::{SplitMix64, XorShift64};
pub use index::{exec_source, read_jsonl, rootsig_containers, unhex};
pub use paths::{
    corpus_bytes, corpus_dir, corpus_files, corpus_ids, files_with_extension, ids_with_extension,
    naga_inputs, shared_dir, shared_path, shared_root, spread, workspace_root,
};
pub use reference::{compile_hlsl, dxv_verdict, reference_tool};
pub use report::{
    assert_floor, first_line_difference, ll_body, print_id_groups, print_line_groups, LineGroups,
};
pub use skip::skip;
pub use timing::{cpu_seconds, example_inputs, Stopwatch};
