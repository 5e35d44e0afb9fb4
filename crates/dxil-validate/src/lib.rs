//! The DXIL validator: what the reference validator (DXC's `dxil.dll` / `dxv`) checks, with
//! its messages, in pure Rust.
//!
//! [`validate_container`] checks a DXContainer (its program, then each part against what the
//! module gives); [`validate_module`] checks a module alone (what `dxv` does for text input).
//! Both give a [`Report`]: the diagnostics in the order the reference emits them, each with
//! its [`ValidationRule`] (generated from the DXIL database, `dxil-db.json`) and its message
//! formatted as the reference formats it; `Display` prints the report as `dxv` prints it.
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # let Some(dir) = dxil_test_support::corpus_dir() else { return Ok(()) };
//! # let path = dir.join(&dxil_test_support::corpus_ids(&dir)[0]).with_extension("dxil");
//! let bytes = std::fs::read(&path)?;
//! let report = dxil_validate::validate_container(&bytes, &Default::default());
//! print!("{report}"); // "Validation succeeded." or the errors, as dxv prints them
//! # Ok(()) }
//! ```
//!
//! Spec: DXIL.rst, "Validation Rules" and the sections each rule cites.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod context;
mod parts;
mod report;
mod rules;
mod upgrade;
mod util;

pub use context::{DXIL_VERSION, VALIDATOR_VERSION};
pub use dxil_ops::ValidationRule;
pub use report::{Diagnostic, Report, Severity};

use dxil_container::Container;
use dxil_ir::{CheckedModule, Module};
use dxil_module::DxilMetadata;

/// What to check.
#[derive(Clone, Debug)]
pub struct Options {
    /// Compare each container part with the part the module gives (`SFI0`, signatures,
    /// `PSV0`, `RDAT`, root signature, ...), once the module itself is valid, and warn
    /// about a container digest or `HASH` that does not match the bytes. On by default.
    pub parts: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { parts: true }
    }
}

/// Validates a DXContainer: its `DXIL` program, then (when the program is valid and
/// [`Options::parts`] is set) every part against the module. Input that cannot be read is
/// reported as errors, never a panic.
pub fn validate_container(bytes: &[u8], options: &Options) -> Report {
    let mut report = Report::default();
    let container = match Container::parse(bytes) {
        Ok(c) => c,
        Err(e) => {
            report
                .diagnostics
                .push(unreadable(format!("Container is invalid: {e}.")));
            return report;
        }
    };
    // The reference's container check is stricter than reading needs: version 1, and the
    // parts back to back in table order, ending at the container's size.
    let version = container.header().version;
    if version.major != 1 {
        let (major, minor) = (version.major, version.minor);
        let reason = format!("Container is invalid: version {major}.{minor} is not 1.x.");
        report.diagnostics.push(unreadable(reason));
        return report;
    }
    if !container.is_packed() {
        let reason = "Container is invalid: its parts do not follow the part table back to back up to the container size.";
        report.diagnostics.push(unreadable(reason.to_string()));
        return report;
    }
    // The reference loads the debug program (`ILDB`) too before validating anything: an
    // unreadable one fails the container.
    let (program, debug) = match container
        .program()
        .and_then(|p| Ok((p, container.debug_program()?)))
    {
        Ok(p) => p,
        Err(e) => {
            report
                .diagnostics
                .push(unreadable(format!("Container is invalid: {e}.")));
            return report;
        }
    };
    // The debug module is only read (and dropped before the program's is read, to keep
    // one module in memory at a time); the program's failure is reported first.
    let debug_error = debug.and_then(|d| dxil_bitcode::read_module(d.bitcode).err());
    let module = match dxil_bitcode::read_module(program.bitcode) {
        Ok(m) => m,
        Err(e) => {
            report.diagnostics.push(bitcode_error(&e.to_string()));
            return report;
        }
    };
    if let Some(e) = debug_error {
        report.diagnostics.push(bitcode_error(&e.to_string()));
        return report;
    }
    validate_module_into(&module, options, &mut report, Some(&container));
    report
}

/// Validates a module alone: the checks of the `DXIL` program, no container parts. The
/// module is checked (every reader gives a [`CheckedModule`]); a module built or edited
/// without the check goes through [`validate_unchecked_module`].
pub fn validate_module(module: &CheckedModule, options: &Options) -> Report {
    let mut report = Report::default();
    validate_module_into(module, options, &mut report, None);
    report
}

/// [`validate_module`] for a module nobody has checked (one edited after reading): its ids
/// are checked first, and an id that names nothing is reported as unreadable bitcode is reported.
pub fn validate_unchecked_module(module: Module, options: &Options) -> Report {
    match CheckedModule::new(module) {
        Ok(module) => validate_module(&module, options),
        Err(e) => Report {
            diagnostics: vec![bitcode_error(&e.to_string())],
        },
    }
}

/// The module's rules, then (for a container, when they pass and [`Options::parts`] is
/// set) its parts: the reference checks parts only against a valid module.
fn validate_module_into(
    module: &CheckedModule,
    options: &Options,
    report: &mut Report,
    container: Option<&Container<'_>>,
) {
    // The reference validates the module as LLVM reads it, auto-upgrades applied.
    let upgraded = upgrade::upgrade(module);
    // The reference's loader renames some operation functions, or stops.
    let renamed = match rules::canonical_overload_names(&upgraded) {
        Ok(renamed) => renamed,
        Err(line) => return report.diagnostics.push(aborted(line)),
    };
    let module: &CheckedModule = &renamed;
    let md = match DxilMetadata::read(module) {
        Ok(md) => md,
        Err(e) => {
            report.diagnostics.push(Diagnostic {
                severity: Severity::Error,
                rule: Some(ValidationRule::MetaWellFormed),
                message: format!("Metadata is malformed: {e}."),
                function: None,
                notes: Vec::new(),
            });
            return;
        }
    };
    let mut ctx = context::Ctx::new(module, &md, options);
    rules::validate_module(&mut ctx);
    let failed = ctx.failed();
    ctx.finish(report);
    let Some(container) = container.filter(|_| options.parts && !failed) else {
        return;
    };
    // The parts are compared with what the module gives from the shader flags it declares,
    // as the reference's part writers see them.
    let src = match dxil_gen::Source::with_recorded_flags(module, md) {
        Ok(src) => src,
        Err(e) => {
            report.diagnostics.push(Diagnostic {
                severity: Severity::Error,
                rule: None,
                message: format!("Container parts cannot be checked against the module: {e}."),
                function: None,
                notes: Vec::new(),
            });
            return;
        }
    };
    let mut ctx = context::Ctx::new(module, &src.meta, options);
    parts::validate(&mut ctx, &src, container);
    parts::digests(&mut ctx, container);
    ctx.finish(report);
}

/// The one line the reference prints when an exception stops it.
fn aborted(line: &str) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        rule: None,
        message: line.to_string(),
        function: None,
        notes: Vec::new(),
    }
}

fn unreadable(message: String) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        rule: Some(ValidationRule::ContainerPartInvalid),
        message,
        function: None,
        notes: Vec::new(),
    }
}

fn bitcode_error(reason: &str) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        rule: Some(ValidationRule::BitcodeValid),
        message: format!("Module bitcode is invalid: {reason}."),
        function: None,
        notes: Vec::new(),
    }
}
