//! Running a pipeline: refuse what this executor does not run, bind, compile the compute
//! shader, dispatch, and copy the UAVs (and their counters) back into the pipeline's
//! buffers, as the suite's device does before its results are checked and printed.

use std::fmt;

use crate::bind::bind;
use crate::error::PipelineError;
use crate::model::Pipeline;
use crate::root::bind_root_parameters;
use dxil_exec::resource::Binding;
use dxil_exec::{Dispatch, Program};

/// How to run (the dispatch size comes from the pipeline).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Lanes per wave (`None`: the shader's or the executor's default).
    pub wave_size: Option<u32>,
    /// Instructions the dispatch may execute (`None`: the executor's default).
    pub budget: Option<u64>,
    /// The thread whose instructions to trace.
    pub trace: Option<[u32; 3]>,
    /// The shader's root signature ([`crate::root_signature`]): where explicit root
    /// constants and root descriptors go.
    pub root_signature: Option<dxil_rootsig::RootSignature>,
    /// Told how far the dispatch has come after each thread group.
    pub progress: ProgressFn,
}

/// A callback told (thread groups done, thread groups in all) after each group of a
/// dispatch ([`dxil_exec::Program::dispatch_with_progress`]); none by default.
#[derive(Clone, Default)]
pub struct ProgressFn(pub Option<ProgressCallback>);

/// The callback of a [`ProgressFn`].
pub type ProgressCallback = std::rc::Rc<std::cell::RefCell<dyn FnMut(u64, u64)>>;

impl fmt::Debug for ProgressFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "ProgressFn(Some(..))"
        } else {
            "ProgressFn(None)"
        })
    }
}

impl ProgressFn {
    /// Tells the callback, when there is one.
    pub fn update(&self, done: u64, total: u64) {
        if let Some(f) = &self.0 {
            (f.borrow_mut())(done, total);
        }
    }
}

/// Why a pipeline did not run.
#[derive(Debug)]
pub enum RunError {
    /// The pipeline asks for something this executor cannot give (with its YAML line).
    Pipeline(PipelineError),
    /// The shader could not be read.
    Shader(String),
    /// The executor refused or failed.
    Exec(dxil_exec::Error),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::Pipeline(e) => e.fmt(f),
            RunError::Shader(e) => f.write_str(e),
            RunError::Exec(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RunError {}

impl From<PipelineError> for RunError {
    fn from(e: PipelineError) -> Self {
        RunError::Pipeline(e)
    }
}

impl From<dxil_exec::Error> for RunError {
    fn from(e: dxil_exec::Error) -> Self {
        RunError::Exec(e)
    }
}

/// Reads the `DXIL` part of a container into a module.
pub fn load_module(container: &[u8]) -> Result<dxil_ir::CheckedModule, RunError> {
    let c = dxil_container::Container::parse(container)
        .map_err(|e| RunError::Shader(format!("not a DXContainer: {e}")))?;
    let part = c
        .part(dxil_container::FourCC::DXIL)
        .ok_or_else(|| RunError::Shader("the container has no DXIL part".into()))?;
    let program = dxil_container::Program::parse(part)
        .map_err(|e| RunError::Shader(format!("DXIL part: {e}")))?;
    dxil_bitcode::read_module(program.bitcode)
        .map_err(|e| RunError::Shader(format!("DXIL bitcode: {e}")))
}

/// Checks that `p` is a compute pipeline this executor can run.
pub fn check_supported(p: &Pipeline) -> Result<(), PipelineError> {
    if let Some((line, what)) = p.unsupported.first() {
        return Err(PipelineError::new(*line, format!("unsupported: {what}")));
    }
    if p.shaders.is_empty() {
        return Err(PipelineError::new(0, "the pipeline has no shader".into()));
    }
    Ok(())
}

/// A traced thread outside the dispatch would print nothing: it is refused instead.
pub fn check_traced_thread(
    thread: [u32; 3],
    groups: [u32; 3],
    num_threads: [u32; 3],
) -> Result<(), PipelineError> {
    let size: Vec<u64> = (0..3)
        .map(|i| u64::from(groups[i]) * u64::from(num_threads[i]))
        .collect();
    if (0..3).all(|i| u64::from(thread[i]) < size[i]) {
        return Ok(());
    }
    Err(PipelineError::new(
        0,
        format!(
            "the traced thread {thread:?} is outside the dispatch ({} x {} x {} threads)",
            size[0], size[1], size[2]
        ),
    ))
}

/// Runs `p`'s compute shader from `module`; the buffers of `p` then hold what it wrote.
pub fn run_pipeline(
    p: &mut Pipeline,
    module: &dxil_ir::CheckedModule,
    options: &RunOptions,
    trace_out: &mut dyn std::io::Write,
) -> Result<(), RunError> {
    run_pipeline_with(p, module, &[], options, trace_out)
}

/// [`run_pipeline`] with the static samplers of the shader's root signature
/// ([`dxil_exec::texture::static_samplers`]), bound where the pipeline binds nothing, as D3D12
/// binds them with the root signature.
pub fn run_pipeline_with(
    p: &mut Pipeline,
    module: &dxil_ir::CheckedModule,
    statics: &[Binding],
    options: &RunOptions,
    trace_out: &mut dyn std::io::Write,
) -> Result<(), RunError> {
    check_supported(p)?;
    if p.shaders.len() != 1 {
        return Err(PipelineError::new(
            p.shaders.get(1).map_or(0, |s| s.line),
            "a graphics pipeline: it runs with a vertex and a pixel shader".into(),
        )
        .into());
    }
    let (mut bindings, readback) = bind_all(p, statics, options)?;
    let program = Program::compile(module, Some(&p.shaders[0].entry))?;
    if let Some(t) = options.trace {
        check_traced_thread(t, p.dispatch, program.num_threads())?;
    }
    let mut dispatch = Dispatch {
        groups: p.dispatch,
        ..Dispatch::default()
    };
    dispatch.wave_size = options.wave_size;
    if let Some(b) = options.budget {
        dispatch.budget = b;
    }
    dispatch.trace = options.trace;
    program.dispatch_with_progress(&mut bindings, &dispatch, trace_out, &mut |d, t| {
        options.progress.update(d, t)
    })?;
    read_back(p, &bindings, readback);
    Ok(())
}

/// Binds `p`'s resources (descriptor sets, root parameters, then the static samplers the
/// pipeline leaves unbound).
pub(crate) fn bind_all(
    p: &Pipeline,
    statics: &[Binding],
    options: &RunOptions,
) -> Result<(dxil_exec::resource::Bindings, Vec<crate::bind::Readback>), RunError> {
    let (mut bindings, mut readback) = bind(p)?;
    bind_root_parameters(
        p,
        options.root_signature.as_ref(),
        &mut bindings,
        &mut readback,
    )?;
    for s in statics {
        if bindings.find(s.class, s.space, s.register).is_none() {
            bindings.bindings.push(s.clone());
        }
    }
    Ok((bindings, readback))
}

/// Copies the UAVs (and their counters) back into the pipeline's buffers.
pub(crate) fn read_back(
    p: &mut Pipeline,
    bindings: &dxil_exec::resource::Bindings,
    readback: Vec<crate::bind::Readback>,
) {
    let mut counted = vec![false; p.buffers.len()];
    for r in readback {
        let res = &bindings.bindings[r.binding].resource;
        let b = &mut p.buffers[r.buffer];
        let block = &mut b.data[r.block];
        let n = block.len().min(res.data.len());
        block[..n].copy_from_slice(&res.data[..n]);
        if let Some(c) = res.counter {
            if !counted[r.buffer] {
                b.counters.clear();
                counted[r.buffer] = true;
            }
            b.counters.push(c);
        }
    }
}
