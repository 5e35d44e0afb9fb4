//! The whole compiler in one call: preprocess, parse, analyse, lower to DXIL, and write a
//! signed container, with the options DXC's command line sets.

use crate::diag::{Diagnostic, Diagnostics, Level};
use crate::pp::{self, FileLoader};
use crate::source::SourceMap;

/// How matrices without `row_major`/`column_major` are laid out in memory (`-Zpc`, the
/// default, or `-Zpr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum MatrixOrder {
    /// `-Zpc`: column major.
    #[default]
    ColumnMajor,
    /// `-Zpr`: row major.
    RowMajor,
}

/// `-denorm`: what 32-bit float operations do with denormals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Denorm {
    /// Not stated (the driver chooses; DXC's default).
    #[default]
    Any,
    /// `-denorm preserve`.
    Preserve,
    /// `-denorm ftz`.
    Ftz,
}

/// What to compile and how: the options `dxc` takes.
#[derive(Clone, Debug)]
pub struct Options {
    /// The preprocessor's options; `pp.target` is the profile (`-T`), required.
    pub pp: pp::Options,
    /// `-E`: the entry function (default `main`).
    pub entry: String,
    /// `-O0`..`-O3` (`3`, the default); `None` for `-Od` (no optimization).
    pub optimization: Option<u8>,
    /// `-Zpr`/`-Zpc`.
    pub matrix_order: MatrixOrder,
    /// Constant buffers in the legacy 16-byte row layout (on unless
    /// `-no-legacy-cbuf-layout`).
    pub legacy_cbuffer_layout: bool,
    /// `-denorm`.
    pub denorm: Denorm,
    /// `-WX`: warnings are errors.
    pub warnings_as_errors: bool,
    /// `-Gis`: IEEE strictness: floating-point operations are neither reassociated nor
    /// contracted. The lowering never does either, so this changes nothing in what it
    /// writes today; it is kept so that optimizations that would can honour it.
    pub ieee_strict: bool,
    /// `-no-warnings`: warnings are not reported.
    pub no_warnings: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            pp: pp::Options::default(),
            entry: "main".to_string(),
            optimization: Some(3),
            matrix_order: MatrixOrder::default(),
            legacy_cbuffer_layout: true,
            denorm: Denorm::default(),
            warnings_as_errors: false,
            ieee_strict: false,
            no_warnings: false,
        }
    }
}

/// The result of [`compile`]: the container when there was no error, and every diagnostic
/// with the sources it points into (for [`Diagnostics::render`]).
#[derive(Debug)]
pub struct Compiled {
    /// The signed container (`None` when an error was reported).
    pub container: Option<Vec<u8>>,
    /// Errors, warnings and notes, in order.
    pub diagnostics: Diagnostics,
    /// Every file read.
    pub sources: SourceMap,
}

impl Compiled {
    /// The diagnostics as clang prints them.
    pub fn render(&self) -> String {
        self.diagnostics.render(&self.sources)
    }
}

/// Compiles `text` (named `name` in diagnostics) with `opts`, reading includes through
/// `loader`.
///
/// ```
/// use dxil_hlsl::compile::{compile, Options};
/// use dxil_hlsl::pp::{MemoryLoader, Target};
///
/// let src = "RWStructuredBuffer<uint> o : register(u0);\n\
///            [numthreads(4, 1, 1)]\n\
///            void main(uint3 id : SV_DispatchThreadID) { o[id.x] = id.x * 2; }\n";
/// let mut opts = Options::default();
/// opts.pp.target = Target::parse("cs_6_0");
/// let out = compile("a.hlsl", src, &opts, &mut MemoryLoader::default());
/// assert!(out.container.is_some(), "{}", out.render());
/// ```
pub fn compile(name: &str, text: &str, opts: &Options, loader: &mut dyn FileLoader) -> Compiled {
    let pre = pp::preprocess(name, text, &opts.pp, loader);
    let mut diagnostics = Diagnostics::default();
    extend(&mut diagnostics, &pre.diagnostics);
    let finish = |mut diagnostics: Diagnostics, container: Option<Vec<u8>>, sources: SourceMap| {
        if opts.no_warnings {
            diagnostics = diagnostics.without_warnings();
        } else if opts.warnings_as_errors {
            diagnostics = diagnostics.warnings_as_errors();
        }
        let container = container.filter(|_| !diagnostics.has_errors());
        Compiled {
            container,
            diagnostics,
            sources,
        }
    };
    if pre.diagnostics.has_errors() {
        return finish(diagnostics, None, pre.sources);
    }
    let parsed = crate::parse::parse(&pre);
    extend(&mut diagnostics, &parsed.diagnostics);
    if parsed.diagnostics.has_errors() {
        return finish(diagnostics, None, pre.sources);
    }
    let loc = |t: u32| pre.tokens.get(t as usize).map(|t| t.loc);
    let analysis = crate::sema::analyze_for(&parsed, &loc, opts.pp.enable_16bit_types);
    extend(&mut diagnostics, &analysis.diagnostics);
    if analysis.diagnostics.has_errors() {
        return finish(diagnostics, None, pre.sources);
    }
    let Some(target) = opts.pp.target else {
        diagnostics.push(Diagnostic::new(
            Level::Error,
            None,
            "no target profile given (-T)",
        ));
        return finish(diagnostics, None, pre.sources);
    };
    let lowered = crate::lower::lower(&parsed, &analysis, target, opts, &loc);
    extend(&mut diagnostics, &lowered.diagnostics);
    finish(diagnostics, lowered.container, pre.sources)
}

fn extend(into: &mut Diagnostics, from: &Diagnostics) {
    for d in from.iter() {
        into.push(d.clone());
    }
}
