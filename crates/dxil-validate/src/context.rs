//! The validation context: the module, its metadata model, and the diagnostics found so far,
//! each emitted the way the reference's `ValidationContext` emits it (global, on a function,
//! on an instruction with its `at '...'` note).

use dxil_ir::{CheckedModule, DebugLoc, Function, Inst, Metadata};
use dxil_module::DxilMetadata;
use dxil_ops::ValidationRule;

use crate::report::{Diagnostic, Report, Severity};
use crate::util;
use crate::Options;

/// The validator version this crate implements (`dx.valver` may not name a later one).
pub const VALIDATOR_VERSION: (u32, u32) = (1, 10);

/// The highest DXIL version this crate knows (`dx.version` may not name a later one).
pub const DXIL_VERSION: (u32, u32) = (1, 10);

enum Note {
    Text(String),
    /// `at '<instruction>' in block '<block>' of function '<name>'.`
    At(Function, Inst),
}

struct Pending {
    diag: Diagnostic,
    notes: Vec<Note>,
    /// A metadata node printed after the message (`EmitMetaError`), resolved at the end with
    /// one numbering of the module.
    md_suffix: Option<Metadata>,
    /// Values printed into the message (the LLVM verifier's output), resolved at the end.
    parts: Vec<Part>,
}

/// A piece of a message made of values, printed when the report is made.
pub(crate) enum Part {
    /// Text as it is.
    Text(String),
    /// A value as LLVM prints it.
    Value(dxil_text::ValueRequest),
}

/// What every rule reads, and where it reports.
pub(crate) struct Ctx<'m> {
    /// The module validated.
    pub m: &'m CheckedModule,
    /// Its DXIL metadata model.
    pub md: &'m DxilMetadata,
    /// The caller's options.
    #[allow(dead_code)]
    pub options: &'m Options,
    /// `dx.valver` (1.0 when absent, as the reference assumes).
    pub valver: (u32, u32),
    /// `dx.version` (the DXIL version; 1.0 when absent).
    pub dxil_version: (u32, u32),
    /// `dx.targetTypes` read into each LinAlg matrix type's target type, on the first LinAlg
    /// operation (`None` until then).
    pub lin_alg_types: Option<crate::rules::linalg::TargetTypes>,
    /// The entries' signatures and what the walk records of them (built on first use).
    pub sig: Option<Box<crate::rules::SigState<'m>>>,
    /// The resource table and what each handle stands for (filled by `rules::handles`).
    pub res: crate::rules::handles::ResState,
    pending: Vec<Pending>,
    /// Set when the reference would stop with an exception: its one line replaces every
    /// diagnostic.
    aborted: Option<String>,
    /// Rule and debug location of the last instruction error: repeats are dropped, as the
    /// reference does for scalarized instructions.
    last_located: Option<(ValidationRule, DebugLoc)>,
}

/// The validator and DXIL versions of a module that states none (`dx.valver`, `dx.version`
/// absent): 1.0, as the reference's validator assumes.
const UNSTATED_VERSION: (u32, u32) = (1, 0);

impl<'m> Ctx<'m> {
    pub fn new(m: &'m CheckedModule, md: &'m DxilMetadata, options: &'m Options) -> Self {
        let v = |v: &Option<dxil_module::model::Version>| match v {
            Some(v) => (v.major, v.minor),
            None => UNSTATED_VERSION,
        };
        Ctx {
            m,
            md,
            options,
            valver: v(&md.validator_version),
            dxil_version: v(&md.version),
            lin_alg_types: None,
            sig: None,
            res: Default::default(),
            pending: Vec::new(),
            last_located: None,
            aborted: None,
        }
    }

    /// True once an error has been emitted.
    pub fn failed(&self) -> bool {
        self.pending
            .iter()
            .any(|p| p.diag.severity == Severity::Error)
    }

    /// The validator version is at least `major.minor` (rules added later are skipped for
    /// modules signed by older validators, as `dx.valver` asks).
    pub fn valver_at_least(&self, major: u32, minor: u32) -> bool {
        self.valver >= (major, minor)
    }

    /// The shader model is a preview one (after 6.9, up to 6.10), where experimental
    /// operations are allowed (`IsPreReleaseShaderModel`).
    pub fn is_prerelease_shader_model(&self) -> bool {
        self.md
            .shader_model
            .as_ref()
            .is_some_and(|sm| (sm.major, sm.minor) > (6, 9) && (sm.major, sm.minor) <= (6, 10))
    }

    /// The name of `f` as the reference prints it after `Function: `.
    pub fn function_name(&self, f: Function) -> String {
        function_name(self.m, f)
    }

    fn push(
        &mut self,
        severity: Severity,
        rule: Option<ValidationRule>,
        message: String,
        function: Option<String>,
    ) {
        self.pending.push(Pending {
            diag: Diagnostic {
                severity,
                rule,
                message,
                function,
                notes: Vec::new(),
            },
            notes: Vec::new(),
            md_suffix: None,
            parts: Vec::new(),
        });
    }

    /// `error: <rule text>` (`EmitError`, `EmitFormatError`).
    pub fn error(&mut self, rule: ValidationRule, args: &[&str]) {
        self.push(Severity::Error, Some(rule), format_rule(rule, args), None);
    }

    /// `error: <message>` for a message of the reference's own making (resource names
    /// appended, metadata printed, messages outside the rule table).
    pub fn error_text(&mut self, rule: Option<ValidationRule>, message: String) {
        self.push(Severity::Error, rule, message, None);
    }

    /// `error: <rule text><metadata>` (`EmitMetaError`): the node printed as LLVM prints it
    /// with its module (`!12 = !{...}`) right after the rule's text.
    pub fn meta_error(&mut self, rule: ValidationRule, md: Metadata) {
        self.push(
            Severity::Error,
            Some(rule),
            rule.info().message().to_string(),
            None,
        );
        if let Some(p) = self.pending.last_mut() {
            p.md_suffix = Some(md);
        }
    }

    /// `error: <message>` where the message is text and printed values (what LLVM's module
    /// verifier writes, reported after `BITCODE.VALID`).
    pub fn error_parts(&mut self, rule: Option<ValidationRule>, parts: Vec<Part>) {
        self.push(Severity::Error, rule, String::new(), None);
        if let Some(p) = self.pending.last_mut() {
            p.parts = parts;
        }
    }

    /// `warning: <message>`.
    pub fn warning_text(&mut self, rule: Option<ValidationRule>, message: String) {
        self.push(Severity::Warning, rule, message, None);
    }

    /// `Function: <name>: error: <rule text>` (`EmitFnError`, `EmitFnFormatError`).
    pub fn fn_error(&mut self, f: Function, rule: ValidationRule, args: &[&str]) {
        let name = self.function_name(f);
        self.push(
            Severity::Error,
            Some(rule),
            format_rule(rule, args),
            Some(name),
        );
    }

    /// `Function: <name>: error: <rule text>` for a function the module does not hold (one
    /// the reference declares while validating).
    pub fn fn_error_named(&mut self, name: &str, rule: ValidationRule, args: &[&str]) {
        self.push(
            Severity::Error,
            Some(rule),
            format_rule(rule, args),
            Some(name.to_string()),
        );
    }

    /// An error on an instruction (`EmitInstrError`, `EmitInstrFormatError`): reported on its
    /// function, with the instruction quoted in a note.
    pub fn inst_error(&mut self, f: Function, inst: Inst, rule: ValidationRule, args: &[&str]) {
        self.inst_error_text(f, inst, rule, format_rule(rule, args));
    }

    /// [`Ctx::inst_error`] with a message of the reference's own making.
    pub fn inst_error_text(
        &mut self,
        f: Function,
        inst: Inst,
        rule: ValidationRule,
        message: String,
    ) {
        let loc = self.debug_loc(f, inst);
        if let Some(loc) = loc {
            if self.last_located.as_ref() == Some(&(rule, loc)) {
                return;
            }
            self.last_located = Some((rule, loc));
        }
        let name = self.function_name(f);
        self.push(Severity::Error, Some(rule), message, Some(name));
        if let Some(p) = self.pending.last_mut() {
            p.notes.push(Note::At(f, inst));
        }
    }

    /// A note on an instruction after the last error (`EmitInstrNote`): the text, then the
    /// instruction quoted.
    pub fn inst_note(&mut self, f: Function, inst: Inst, text: String) {
        if let Some(p) = self.pending.last_mut() {
            p.notes.push(Note::Text(text));
            p.notes.push(Note::At(f, inst));
        }
    }

    /// A note after the last diagnostic (`EmitNoteOnContext`).
    pub fn note(&mut self, text: String) {
        if let Some(p) = self.pending.last_mut() {
            p.notes.push(Note::Text(text));
        }
    }

    fn debug_loc(&self, f: Function, inst: Inst) -> Option<DebugLoc> {
        self.m.body(f)?.inst(inst).debug_loc()
    }

    /// Stops validation as the reference does when an exception escapes it (an LLVM cast
    /// of a value to a type it does not have, ...): what was found so far is dropped and
    /// the report holds `message` alone (the first abort wins).
    pub fn abort(&mut self, message: &str) {
        self.aborted.get_or_insert_with(|| message.to_string());
    }

    /// The report, instruction notes printed (one printer setup for all of them).
    pub fn finish(self, report: &mut Report) {
        if let Some(message) = self.aborted {
            report.diagnostics.push(Diagnostic {
                severity: Severity::Error,
                rule: None,
                message,
                function: None,
                notes: Vec::new(),
            });
            return;
        }
        // Every value and metadata text is asked for in one call each; the printer gives
        // one text per request, in order, which each diagnostic then takes back in the
        // order it asked.
        let mut requests: Vec<dxil_text::ValueRequest> = Vec::new();
        for p in &self.pending {
            for part in &p.parts {
                if let Part::Value(r) = part {
                    requests.push(*r);
                }
            }
            for n in &p.notes {
                if let Note::At(f, i) = n {
                    requests.push(dxil_text::ValueRequest::Inst(*f, *i));
                }
            }
        }
        let md_requests: Vec<Metadata> = self.pending.iter().filter_map(|p| p.md_suffix).collect();
        let mut texts =
            PrintedInOrder::new(dxil_text::value_texts(self.m, &requests), requests.len());
        let md_texts = if md_requests.is_empty() {
            Vec::new()
        } else {
            dxil_text::metadata_texts(self.m, &md_requests)
        };
        let mut md_texts = PrintedInOrder::new(md_texts, md_requests.len());
        for p in self.pending {
            let mut diag = p.diag;
            if p.md_suffix.is_some() {
                diag.message.push_str(&md_texts.take());
            }
            for part in p.parts {
                match part {
                    Part::Text(t) => diag.message.push_str(&t),
                    Part::Value(_) => diag.message.push_str(&texts.take()),
                }
            }
            for n in p.notes {
                diag.notes.push(match n {
                    Note::Text(t) => t,
                    Note::At(f, i) => {
                        let text = texts.take();
                        format!(
                            "at '{}' in block '{}' of function '{}'.",
                            text,
                            block_label(self.m, f, i),
                            function_name(self.m, f)
                        )
                    }
                });
            }
            report.diagnostics.push(diag);
        }
    }
}

/// The texts the printer gave for a list of requests, one per request, taken back in the
/// order they were asked for.
struct PrintedInOrder(std::vec::IntoIter<String>);

impl PrintedInOrder {
    fn new(texts: Vec<String>, requests: usize) -> Self {
        assert_eq!(
            texts.len(),
            requests,
            "the printer gives one text per request"
        );
        PrintedInOrder(texts.into_iter())
    }

    /// The next request's text.
    fn take(&mut self) -> String {
        self.0
            .next()
            .expect("a text is taken back once per request made")
    }
}

/// The name of `f` as the reference prints it after `Function: ` and in `of function '...'`
/// (`Function::getName`: empty for an unnamed function).
fn function_name(m: &CheckedModule, f: Function) -> String {
    util::llvm_name(m, &m.function(f).common).to_string()
}

/// The block of `inst` by name, or `#N` by its position in the function.
fn block_label(m: &CheckedModule, f: Function, inst: Inst) -> String {
    // A declaration has no blocks (an instruction error is always in a definition).
    let Some(body) = m.body(f) else {
        return String::new();
    };
    for (index, block) in body.blocks.iter().enumerate() {
        if block.insts.contains(&inst) {
            return match m.name_of(block.name) {
                Some(name) if !name.is_empty() => name.to_string(),
                _ => format!("#{index}"),
            };
        }
    }
    String::new()
}

/// The rule's message with `%0`, `%1`... replaced by `args` (`FormatRuleText`): each
/// placeholder's first occurrence, in argument order; an empty argument reads `<null>`; an
/// argument starting with byte 1 (a mangled name) is escaped as LLVM prints names (`\01`).
pub fn format_rule(rule: ValidationRule, args: &[&str]) -> String {
    let mut text = rule.info().message().to_string();
    for (i, arg) in args.iter().enumerate() {
        let arg: std::borrow::Cow<'_, str> = if arg.is_empty() {
            "<null>".into()
        } else if arg.as_bytes()[0] == 1 {
            escape(arg).into()
        } else {
            (*arg).into()
        };
        let placeholder = format!("%{i}");
        if let Some(at) = text.find(&placeholder) {
            text.replace_range(at..at + placeholder.len(), &arg);
        }
    }
    text
}

/// `PrintEscapedString`: printable bytes but `\` and `"` as they are, the rest as `\XX`.
pub fn escape(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len() + 2);
    for &b in s.as_bytes() {
        if (0x20..0x7f).contains(&b) && b != b'\\' && b != b'"' {
            out.push(b as char);
        } else {
            out.push('\\');
            out.push(HEX[usize::from(b >> 4)] as char);
            out.push(HEX[usize::from(b & 15)] as char);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_fill_in_order() {
        let text = format_rule(
            ValidationRule::MetaVersionSupported,
            &["Validator", "0", "0", "1", "10"],
        );
        assert_eq!(
            text,
            "Validator version in metadata (0.0) is not supported; maximum: (1.10)."
        );
    }

    #[test]
    fn mangled_names_are_escaped_and_empty_args_read_null() {
        assert_eq!(escape("\u{1}?f@@YAXXZ"), "\\01?f@@YAXXZ");
        assert_eq!(
            format_rule(ValidationRule::MetaTarget, &[""]),
            "Unknown target triple '<null>'."
        );
    }
}
