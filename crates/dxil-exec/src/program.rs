//! A module compiled for execution, and its dispatch.
//!
//! (Interface fixed for the parallel work: the compiler and interpreter replace the bodies.)

use crate::error::{ErrorKind, Result};
use crate::resource::Bindings;

/// How to run a dispatch.
#[derive(Clone, Debug)]
pub struct Dispatch {
    /// Thread groups in x, y, z (`Dispatch(x, y, z)`).
    pub groups: [u32; 3],
    /// Lanes per wave; `None`: the entry's `WaveSize` when it has one, else the executor's
    /// default.
    pub wave_size: Option<u32>,
    /// Instructions the whole dispatch may execute before it is stopped as endless.
    pub budget: u64,
    /// Print every instruction this thread (`SV_DispatchThreadID`) executes, with its values.
    pub trace: Option<[u32; 3]>,
}

impl Default for Dispatch {
    fn default() -> Self {
        Dispatch {
            groups: [1, 1, 1],
            wave_size: None,
            budget: 1 << 32,
            trace: None,
        }
    }
}

/// A compute entry point compiled for execution.
#[derive(Debug)]
pub struct Program {}

impl Program {
    /// Compiles `entry` (or the module's only entry point) of `module`.
    pub fn compile(_module: &dxil_ir::Module, _entry: Option<&str>) -> Result<Program> {
        Err(ErrorKind::Unsupported("the executor is not built yet".into()).into())
    }

    /// Runs the dispatch; UAVs in `bindings` are written in place. Trace lines, when asked
    /// for, go to `trace_out`.
    pub fn dispatch(
        &self,
        _bindings: &mut Bindings,
        _dispatch: &Dispatch,
        _trace_out: &mut dyn std::io::Write,
    ) -> Result<()> {
        Err(ErrorKind::Unsupported("the executor is not built yet".into()).into())
    }
}
