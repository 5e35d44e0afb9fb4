//! Optimizations over the function bodies of a [`dxil_ir::Module`]: the clean-up a compiler
//! runs after building SSA directly (LLVM's `simplifycfg`, `early-cse`, `instsimplify` and
//! `dce` in their simplest forms).
//!
//! - dead code elimination: instructions whose results nothing live uses and that have no
//!   side effect (LangRef's pure instructions, loads that are neither volatile nor atomic,
//!   calls of functions declared `readnone` or `readonly`), cycles of phis included;
//! - common subexpression elimination over the dominator tree: pure instructions and calls
//!   of `readnone` functions anywhere they are dominated by an equal one; loads and calls
//!   of `readonly` functions only where no instruction that may write memory comes between
//!   (LLVM's EarlyCSE "generations");
//! - trivial phi removal (a phi whose incomings are one value, or itself);
//! - simplification: `select` of equal values or of a constant condition, integer
//!   identities (`x + 0`, `x | 0`, `x * 1`, ...);
//! - CFG simplification: a conditional branch on a constant or to one block becomes a
//!   branch, unreachable blocks go, a block joins its only predecessor when it is that
//!   block's only successor, and an empty block that only branches on is bypassed.
//!
//! Every pass is linear or near-linear in the body's size and iterative (no recursion on the
//! input's depth). Functions declared with their attributes say which calls are pure
//! ([`Effects`]).
//!
//! ```
//! use dxil_ir::build::ModuleBuilder;
//! use dxil_ir::InstKind;
//!
//! let mut mb = ModuleBuilder::new();
//! let i32t = mb.int(32);
//! let fn_ty = mb.function_type(i32t, &[i32t], false)?;
//! let f = mb.declare_function(Some("f"), fn_ty, &Default::default())?;
//! let func = f.function().unwrap();
//! let mut fb = mb.define_function(func)?;
//! let b = fb.add_block(None)?;
//! fb.position_at_end(b)?;
//! let x = fb.arg(0)?;
//! let unused = fb.add(x, x)?;
//! let _ = unused;
//! let y = fb.mul(x, x)?;
//! let y2 = fb.mul(x, x)?;
//! let s = fb.add(y, y2)?;
//! fb.ret(Some(s))?;
//! fb.finish()?;
//! let mut m = mb.finish()?;
//! let stats = dxil_opt::optimize_module(&mut m)?;
//! assert_eq!(stats.removed, 2);
//! let body = m.functions[func].body.as_ref().unwrap();
//! assert_eq!(body.insts.len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod cfg;
mod effects;
mod func;
mod passes;
mod uses;

pub use effects::{Effect, Effects};
pub use func::{optimize_body, Renumbering};
pub use uses::Uses;

use dxil_ir::build::{BuildError, ModuleBuilder};
use dxil_ir::{Function, Inst, MetadataData, Module, ValueRef, VstEntry};

/// An optimizer error: the body held something the passes cannot keep consistent (a use of
/// a value no block defines, a phi edge from a block that does not branch there). The body
/// is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptError {
    message: String,
}

impl OptError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        OptError {
            message: message.into(),
        }
    }

    /// What went wrong, and where.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl core::fmt::Display for OptError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for OptError {}

impl From<BuildError> for OptError {
    fn from(e: BuildError) -> Self {
        OptError::new(e.message())
    }
}

/// Result of the optimizer.
pub type Result<T> = core::result::Result<T, OptError>;

/// What the passes did to a body or module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Instructions removed (dead, replaced by an equal value, or in a removed block).
    pub removed: usize,
    /// Blocks removed (unreachable, merged into their predecessor, or bypassed).
    pub blocks_removed: usize,
}

impl core::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.removed += o.removed;
        self.blocks_removed += o.blocks_removed;
    }
}

/// Runs the passes over every body of a finished module (one read from bitcode, or a
/// builder's result). Function-local metadata keeps the instructions it wraps (their ids
/// follow the renumbering), the bodies' symbol tables follow the renumbering, and use-list
/// order records, which name value ids the changes invalidate, are dropped when anything
/// changed.
pub fn optimize_module(m: &mut Module) -> Result<Stats> {
    let effects = Effects::of_module(m);
    let mut uses = Uses::of_module(m);
    let mut total = Stats::default();
    for f in m.functions.ids().collect::<Vec<Function>>() {
        let Some(mut body) = m.functions[f].body.take() else {
            continue;
        };
        let pinned: Vec<Inst> = body
            .local_metadata
            .iter()
            .filter_map(|&md| match m.metadata.get(md) {
                Some(MetadataData::Value {
                    value: ValueRef::Inst(i),
                    ..
                }) => Some(*i),
                _ => None,
            })
            .collect();
        uses.remove_body(m, &body);
        let result = optimize_body(m, &effects, &uses, &mut body, &pinned);
        uses.add_body(m, &body);
        let outcome = match result {
            Ok(Some(renumbering)) => {
                follow_renumbering(m, &mut body, &renumbering).map(|()| renumbering.stats)
            }
            Ok(None) => Ok(Stats::default()),
            Err(e) => Err(e),
        };
        m.functions[f].body = Some(body);
        let stats = outcome?;
        if stats != Stats::default() {
            total += stats;
        }
    }
    if total != Stats::default() {
        m.uselists.clear();
        for body in m.functions.iter_mut().filter_map(|f| f.body.as_mut()) {
            body.uselists.clear();
        }
    }
    Ok(total)
}

/// Points the function-local metadata and the symbol table of `body` at the renumbered
/// instructions and blocks.
fn follow_renumbering(m: &mut Module, body: &mut dxil_ir::Body, r: &Renumbering) -> Result<()> {
    for &md in &body.local_metadata {
        if let Some(MetadataData::Value {
            value: ValueRef::Inst(i),
            ..
        }) = m.metadata.get_mut(md)
        {
            *i = r.inst(*i).ok_or_else(|| {
                OptError::new(format!(
                    "metadata {md} wraps an instruction that was removed"
                ))
            })?;
        }
    }
    body.symtab.retain_mut(|e| match e {
        VstEntry::Value(ValueRef::Inst(i)) => match r.inst(*i) {
            Some(n) => {
                *i = n;
                true
            }
            None => false,
        },
        VstEntry::Block(b) => match r.block(*b) {
            Some(n) => {
                *b = n;
                true
            }
            None => false,
        },
        VstEntry::Value(_) => true,
    });
    Ok(())
}

/// Runs the passes over every finished body of a module being built, between its last
/// definition and [`ModuleBuilder::finish`]: calls are pure as the functions' declared
/// attributes say, and the builder's records of instruction ids follow the renumbering.
pub fn optimize_builder(mb: &mut ModuleBuilder) -> Result<Stats> {
    let effects = Effects::of_builder(mb);
    let mut uses = Uses::of_module(mb.module());
    let mut total = Stats::default();
    let defined: Vec<Function> = mb
        .module()
        .functions
        .iter_with_ids()
        .filter(|(_, d)| d.body.is_some())
        .map(|(f, _)| f)
        .collect();
    for f in defined {
        mb.rewrite_body(f, |m, body, pinned| {
            uses.remove_body(m, body);
            let r = optimize_body(m, &effects, &uses, body, pinned);
            uses.add_body(m, body);
            let r = r?;
            Ok::<_, OptError>(r.map(|r| {
                total += r.stats;
                r.insts
            }))
        })?;
    }
    Ok(total)
}
