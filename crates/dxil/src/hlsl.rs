//! HLSL to DXIL without DXC: the HLSL compiler ([`front_end`]) in one call, with the
//! container it writes checked by the project's validator, as DXC validates what it
//! compiles.
//!
//! [`compile`] takes the source alone (an `#include` finds nothing); [`compile_with_includes`]
//! asks a callback for each included file, so no file system is needed; [`compile_with`]
//! takes any [`FileLoader`] ([`FsLoader`] reads files) and gives the warnings and the
//! validator's report along with the container.
//!
//! ```
//! use dxil::hlsl::{compile_with_includes, Options, Target};
//!
//! let src = "#include \"scale.hlsli\"\n\
//!            RWStructuredBuffer<uint> o : register(u0);\n\
//!            [numthreads(4, 1, 1)]\n\
//!            void main(uint3 id : SV_DispatchThreadID) { o[id.x] = id.x * SCALE; }\n";
//! let mut opts = Options::default();
//! opts.pp.target = Target::parse("cs_6_0");
//! let included = |path: &str| path.ends_with("scale.hlsli").then(|| "#define SCALE 2\n".to_string());
//! match compile_with_includes("shader.hlsl", src, &opts, included) {
//!     Ok(container) => assert_eq!(&container[..4], b"DXBC"),
//!     // Errors as clang prints them: `shader.hlsl:4:1: error: ...`, the line and a caret.
//!     Err(e) => assert!(!e.to_string().is_empty()),
//! }
//! ```

use std::fmt;

pub use dxil_hlsl as front_end;
pub use dxil_hlsl::compile::{Denorm, MatrixOrder, Options};
pub use dxil_hlsl::diag::{Diagnostic, Diagnostics, Level};
pub use dxil_hlsl::pp::{FileLoader, FsLoader, MemoryLoader, Target};

use crate::validator::Report;

/// What [`compile_with`] gives: the container (when it compiled and, if asked, validated),
/// the compiler's diagnostics as clang prints them, and the validator's report.
#[derive(Debug)]
pub struct Output {
    /// The signed container; `None` after an error of the compiler or of the validator.
    pub container: Option<Vec<u8>>,
    /// The compiler's errors, warnings and notes.
    pub diagnostics: Diagnostics,
    /// [`Output::diagnostics`] as clang prints them (`file:line:col: error: ...`, the source
    /// line and a caret); empty when there are none.
    pub rendered: String,
    /// The validator's report on the container, when one was compiled and validation was
    /// asked for.
    pub validation: Option<Report>,
}

impl Output {
    /// The container, or an [`Error`] holding what went wrong.
    pub fn into_result(self) -> Result<Vec<u8>, Error> {
        match self.container {
            Some(c) => Ok(c),
            None => Err(Error {
                diagnostics: self.diagnostics,
                rendered: self.rendered,
                validation: self.validation,
            }),
        }
    }
}

/// Why HLSL did not compile: the compiler's errors, or the validator's verdict on what it
/// wrote. Its `Display` is the text a user reads (clang's form, then the validator's
/// messages).
#[derive(Debug)]
pub struct Error {
    /// The compiler's diagnostics (warnings and notes too).
    pub diagnostics: Diagnostics,
    rendered: String,
    /// The validator's report, when the compiled container was rejected.
    pub validation: Option<Report>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rendered.trim_end())?;
        if let Some(report) = self.validation.as_ref().filter(|r| !r.is_valid()) {
            if !self.rendered.is_empty() {
                writeln!(f)?;
            }
            write!(f, "the compiled container fails validation:\n{report}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

/// Compiles `source` (named `shader.hlsl` in messages) with no files to include, and
/// validates the container.
pub fn compile(source: &str, opts: &Options) -> Result<Vec<u8>, Error> {
    compile_with(
        "shader.hlsl",
        source,
        opts,
        &mut MemoryLoader::default(),
        true,
    )
    .into_result()
}

/// Compiles `source` (named `name` in messages and line markers), asking `include` for the
/// text of each included file by the path the preprocessor built (the includer's folder or
/// an `-I` folder joined with the name written; `None`: no such file), and validates the
/// container.
pub fn compile_with_includes(
    name: &str,
    source: &str,
    opts: &Options,
    include: impl FnMut(&str) -> Option<String>,
) -> Result<Vec<u8>, Error> {
    let mut loader = Callback(include);
    compile_with(name, source, opts, &mut loader, true).into_result()
}

/// Compiles `source`, reading includes through `loader`; with `validate`, the container is
/// checked by the validator and one it rejects is not given.
pub fn compile_with(
    name: &str,
    source: &str,
    opts: &Options,
    loader: &mut dyn FileLoader,
    validate: bool,
) -> Output {
    if source.is_empty() {
        // As DXC, which refuses an empty input; said here with the input's name, which a
        // diagnostic without a location would not give.
        let mut diagnostics = Diagnostics::default();
        diagnostics.push(Diagnostic::new(
            Level::Error,
            None,
            format!("{name}: the input is empty (no HLSL to compile)"),
        ));
        let rendered = diagnostics.render(&Default::default());
        return Output {
            container: None,
            diagnostics,
            rendered,
            validation: None,
        };
    }
    let compiled = dxil_hlsl::compile::compile(name, source, opts, loader);
    let rendered = if compiled.diagnostics.is_empty() {
        String::new()
    } else {
        compiled.render()
    };
    let mut container = compiled.container;
    let mut validation = None;
    if validate {
        if let Some(bytes) = &container {
            let report = crate::validator::validate_container(bytes, &Default::default());
            if !report.is_valid() {
                container = None;
            }
            validation = Some(report);
        }
    }
    Output {
        container,
        diagnostics: compiled.diagnostics,
        rendered,
        validation,
    }
}

/// A closure as a [`FileLoader`].
struct Callback<F>(F);

impl<F: FnMut(&str) -> Option<String>> FileLoader for Callback<F> {
    fn load(&mut self, path: &str) -> Option<String> {
        (self.0)(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_read_as_clang_prints_them() {
        let mut opts = Options::default();
        opts.pp.target = Target::parse("cs_6_0");
        let e = compile(
            "[numthreads(1,1,1)] void main() { undeclared = 1; }\n",
            &opts,
        )
        .expect_err("an undeclared name");
        let text = e.to_string();
        assert!(text.starts_with("shader.hlsl:1:"), "{text}");
        assert!(text.contains("error:"), "{text}");
        assert!(e.diagnostics.has_errors());
    }

    #[test]
    fn an_empty_input_is_named() {
        let e = compile("", &Options::default()).expect_err("nothing to compile");
        assert!(
            e.to_string().contains("shader.hlsl: the input is empty"),
            "{e}"
        );
    }

    #[test]
    fn includes_come_from_the_callback() {
        let mut asked = Vec::new();
        let opts = Options::default();
        let e = compile_with_includes("dir/a.hlsl", "#include \"b.hlsli\"\n", &opts, |p| {
            asked.push(p.to_string());
            None
        })
        .expect_err("nothing to include");
        assert_eq!(asked, ["dir/b.hlsli"]);
        assert!(e.to_string().contains("b.hlsli"), "{e}");
    }
}
