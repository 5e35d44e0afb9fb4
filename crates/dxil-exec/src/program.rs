//! A module compiled for execution, and its dispatch.
//!
//! [`Program::compile`] reads the entry point's metadata (DXIL.rst "Entry points":
//! `numthreads`, `WaveSize`; "Shader Resources": the `dx.resources` ranges) and decodes the
//! entry function once into register slots, one per scalar, with constants materialised,
//! phis turned into copies on edges and every `dx.op` call decoded with its overload
//! (`crate::code`). [`Program::dispatch`] runs each thread group as waves of lanes that
//! execute each instruction together under an active mask, split at divergent branches and
//! rejoin at the immediate post-dominator, and stop at group barriers until every wave of
//! the group has arrived (D3D11.3 functional spec, "Compute Shader": thread group shared
//! memory and synchronisation).

use crate::compile::{self, Compiled};
use crate::error::{ErrorKind, InputCause, Result, UnsupportedCause};
use crate::interp::{Ctx, Status, Wave};
use crate::resource::Bindings;

/// How to run a dispatch.
#[derive(Clone, Debug)]
pub struct Dispatch {
    /// Thread groups in x, y, z (`Dispatch(x, y, z)`).
    pub groups: [u32; 3],
    /// Lanes per wave; `None`: the entry's `WaveSize` when it has one, else the executor's
    /// default.
    pub wave_size: Option<u32>,
    /// Instructions the whole dispatch may execute before it is stopped (counted per thread:
    /// an instruction run by a wave of 8 active lanes counts 8; starting a wave of a thread
    /// group counts [`WAVE_START_COST`], so that a dispatch of many small groups is bounded
    /// too).
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

/// What starting one wave of a thread group counts against [`Dispatch::budget`]: about what
/// it costs in time, measured in instructions.
pub const WAVE_START_COST: u64 = 8;

/// Thread groups a dispatch may have in each dimension
/// (`D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION`): more is refused.
pub const MAX_GROUPS_PER_DIMENSION: u32 = 65535;

/// Lanes per wave when neither the dispatch nor the entry point says: WARP's default wave
/// size, 8 lanes (DXC's execution tests run WARP at 8 lanes as "WARP's default wave size";
/// WARP accepts `WaveSize` 4 to 128). The suite's results agree at every size from 4 to 64.
pub const DEFAULT_WAVE_SIZE: u32 = 8;

/// An entry point compiled for execution: compute, or vertex and pixel for
/// [`crate::graphics::draw`].
#[derive(Debug)]
pub struct Program {
    compiled: Compiled,
}

impl Program {
    /// Compiles `entry` (or the module's only entry point) of `module`, a module whose ids
    /// are proven ([`dxil_ir::CheckedModule`]: what every reader returns; an edited or
    /// hand-built module passes through [`crate::check_module`] first).
    pub fn compile(module: &dxil_ir::CheckedModule, entry: Option<&str>) -> Result<Program> {
        Ok(Program {
            compiled: compile::compile(module, entry)?,
        })
    }

    /// The compiled form.
    pub(crate) fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// Threads per group (`numthreads`).
    pub fn num_threads(&self) -> [u32; 3] {
        self.compiled.num_threads
    }

    /// The lanes per wave a dispatch uses by default: the entry's `WaveSize`, else
    /// [`DEFAULT_WAVE_SIZE`].
    pub fn wave_size(&self) -> u32 {
        self.compiled.wave_size.unwrap_or(DEFAULT_WAVE_SIZE)
    }

    /// Runs the dispatch; UAVs in `bindings` are written in place. Trace lines, when asked
    /// for, go to `trace_out`.
    pub fn dispatch(
        &self,
        bindings: &mut Bindings,
        dispatch: &Dispatch,
        trace_out: &mut dyn std::io::Write,
    ) -> Result<()> {
        self.dispatch_with_progress(bindings, dispatch, trace_out, &mut |_, _| {})
    }

    /// [`Program::dispatch`], calling `progress(groups done, groups in all)` after each
    /// thread group (a command line shows progress with it).
    pub fn dispatch_with_progress(
        &self,
        bindings: &mut Bindings,
        dispatch: &Dispatch,
        trace_out: &mut dyn std::io::Write,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<()> {
        let prog = &self.compiled;
        if let Some(k) = (0..3).find(|&k| dispatch.groups[k] > MAX_GROUPS_PER_DIMENSION) {
            return Err(InputCause::TooManyGroups {
                groups: dispatch.groups[k],
                dimension: k,
                max: MAX_GROUPS_PER_DIMENSION,
            }
            .into());
        }
        if prog.stage.kind != crate::graphics::Kind::Compute {
            return Err(InputCause::NotCompute.into());
        }
        let lanes = dispatch.wave_size.unwrap_or_else(|| self.wave_size());
        if !(1..=128).contains(&lanes) {
            return Err(UnsupportedCause::WaveSize(lanes).into());
        }
        let dims = prog.num_threads;
        let threads = dims[0] * dims[1] * dims[2];
        let nwaves = threads.div_ceil(lanes);
        let mut waves = Vec::with_capacity(nwaves as usize);
        for _ in 0..nwaves {
            waves.push(Wave::new(prog, lanes as usize)?);
        }
        let mut shared = prog.shared_init.clone();
        let mut executed = 0u64;
        let [gx, gy, gz] = dispatch.groups;
        let total = u64::from(gx) * u64::from(gy) * u64::from(gz);
        let mut done = 0u64;
        for z in 0..gz {
            for y in 0..gy {
                for x in 0..gx {
                    let group = [x, y, z];
                    shared.copy_from_slice(&prog.shared_init);
                    for (i, wave) in waves.iter_mut().enumerate() {
                        let first = i as u32 * lanes;
                        wave.reset(prog, first, (threads - first).min(lanes), dims);
                        wave.trace_lane = dispatch.trace.and_then(|t| {
                            (0..lanes as usize).find(|&l| {
                                wave.present >> l & 1 == 1 && {
                                    let tid = wave.tid[l];
                                    (0..3).all(|k| {
                                        group[k].wrapping_mul(dims[k]).wrapping_add(tid[k]) == t[k]
                                    })
                                }
                            })
                        });
                    }
                    executed = executed.saturating_add(WAVE_START_COST * u64::from(nwaves));
                    if executed > dispatch.budget {
                        return Err(ErrorKind::DispatchBudget {
                            budget: dispatch.budget,
                            done,
                            total,
                        }
                        .into());
                    }
                    let mut ctx = Ctx {
                        prog,
                        bindings,
                        shared: &mut shared,
                        executed: &mut executed,
                        budget: dispatch.budget,
                        group_id: group,
                        trace: trace_out,
                    };
                    run_group(&mut waves, &mut ctx)?;
                    done += 1;
                    progress(done, total);
                }
            }
        }
        Ok(())
    }
}

/// Runs the waves of one group: each until it finishes or reaches a barrier, round after
/// round, until all have finished (D3D: a barrier holds every thread of the group until all
/// have reached it).
fn run_group(waves: &mut [Wave], ctx: &mut Ctx<'_>) -> Result<()> {
    let mut done = vec![false; waves.len()];
    loop {
        let mut all_done = true;
        for (wave, d) in waves.iter_mut().zip(done.iter_mut()) {
            if *d {
                continue;
            }
            match wave.run(ctx)? {
                Status::Done => *d = true,
                Status::Barrier => all_done = false,
            }
        }
        if all_done {
            return Ok(());
        }
    }
}
