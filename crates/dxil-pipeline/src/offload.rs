//! The suite's `offloader` end to end (`tools/offloader/offloader.cpp`): run the pipeline,
//! check every `Results` rule; when one fails, report the failures on the error stream and
//! print nothing else, otherwise print the pipeline with the buffers as the run left them.

use crate::check::{check_results, RuleFailure};
use crate::draw::run_graphics_pipeline;
use crate::model::Pipeline;
use crate::print::print_pipeline;
use crate::run::{run_pipeline_with, RunError, RunOptions};
use dxil_exec::resource::Binding;

/// What an offloader run produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The standard output: the pipeline after the run, when every rule held.
    pub stdout: String,
    /// The error stream: the reports of the failed rules.
    pub stderr: String,
    /// The failed rules.
    pub failures: Vec<RuleFailure>,
}

/// Runs `p` on `module` and checks its rules, as the offloader does.
pub fn offload(
    p: &mut Pipeline,
    module: &dxil_ir::CheckedModule,
    options: &RunOptions,
    trace_out: &mut dyn std::io::Write,
) -> Result<Outcome, RunError> {
    offload_with(p, module, &[], options, trace_out)
}

/// [`offload`] with the static samplers of the shader's root signature (see
/// [`crate::run::run_pipeline_with`]).
pub fn offload_with(
    p: &mut Pipeline,
    module: &dxil_ir::CheckedModule,
    statics: &[Binding],
    options: &RunOptions,
    trace_out: &mut dyn std::io::Write,
) -> Result<Outcome, RunError> {
    run_pipeline_with(p, module, statics, options, trace_out)?;
    Ok(outcome(p))
}

/// [`offload_with`] for a graphics pipeline: vertex shader module `vs`, pixel shader `ps`.
pub fn offload_graphics(
    p: &mut Pipeline,
    vs: &dxil_ir::CheckedModule,
    ps: &dxil_ir::CheckedModule,
    statics: &[Binding],
    options: &RunOptions,
) -> Result<Outcome, RunError> {
    run_graphics_pipeline(p, vs, ps, statics, options)?;
    Ok(outcome(p))
}

/// The rules checked, and what the offloader prints after a run.
fn outcome(p: &Pipeline) -> Outcome {
    let failures = check_results(p);
    if failures.is_empty() {
        Outcome {
            stdout: print_pipeline(p),
            stderr: String::new(),
            failures,
        }
    } else {
        let stderr = failures.iter().map(|f| f.report.as_str()).collect();
        Outcome {
            stdout: String::new(),
            stderr,
            failures,
        }
    }
}
