//! `dxil-pipeline`: the test harness of LLVM's offload-test-suite around the CPU executor
//! (`dxil-exec`).
//!
//! The suite's pipelines (`include/Support/Pipeline.h`, `lib/Support/Pipeline.cpp`): reading
//! their YAML ([`parse`]), binding and running them ([`run_pipeline`]), checking their
//! `Results` ([`check_results`], `lib/Support/Check.cpp`) and printing them after the run as
//! the suite's `offloader` does ([`print_pipeline`]); and the two tools its lit tests run the
//! offloader under: [`filecheck`] (LLVM's FileCheck) and [`lit`] (which tests run where).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bind;
mod check;
mod draw;
mod error;
mod fields;
pub mod filecheck;
pub mod lit;
mod model;
mod offload;
mod print;
mod read;
mod root;
mod run;
mod values;
mod yaml;

pub use bind::{bind, typed_format, typed_format_at, Readback, HEAP_ONLY_REGISTER};
pub use check::{check_results, check_rule, RuleFailure};
pub use draw::run_graphics_pipeline;
pub use error::PipelineError;
pub use model::*;
pub use offload::{offload, offload_graphics, offload_with, Outcome};
pub use print::{format_values, print_buffer, print_pipeline, write_values};
pub use read::parse;
pub use root::{bind_root_parameters, root_signature};
pub use run::{
    check_supported, check_traced_thread, load_module, run_pipeline, run_pipeline_with,
    ProgressCallback, ProgressFn, RunError, RunOptions,
};
pub use values::format_g;
