//! Lowering the analysed tree to DXIL through `dxil-builder`.

use crate::compile::Options;
use crate::diag::{Diagnostic, Diagnostics, Level};
use crate::parse::Parsed;
use crate::pp::Target;
use crate::sema::Analysis;
use crate::source::Loc;

/// What lowering produced.
pub(crate) struct Lowered {
    pub container: Option<Vec<u8>>,
    pub diagnostics: Diagnostics,
}

/// Lowers the entry `opts.entry` of `parsed` for `target`.
pub(crate) fn lower(
    _parsed: &Parsed,
    _analysis: &Analysis,
    _target: Target,
    _opts: &Options,
    _loc: &dyn Fn(u32) -> Option<Loc>,
) -> Lowered {
    let mut diagnostics = Diagnostics::default();
    diagnostics.push(Diagnostic::new(
        Level::Error,
        None,
        "lowering to DXIL is not written yet",
    ));
    Lowered {
        container: None,
        diagnostics,
    }
}
