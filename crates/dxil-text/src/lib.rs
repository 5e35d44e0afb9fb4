//! LLVM 3.7 / DXIL text: the printer that writes a [`dxil_ir::Module`] exactly as the
//! reference disassembler (`dxc -dumpbin`) prints the module after its header comments.
//!
//! Spec: LLVM 3.7 LangRef (`../shared/spec/LangRef.rst`) for the syntax; the layout rules
//! (slot numbering, metadata numbering, float spelling, comments) are those of LLVM 3.7's
//! assembly writer and DXC's annotation writer, observed on the corpus.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod annotate;
mod attrs;
mod constants;
pub mod dwarf;
pub mod float;
mod function;
mod mdwalk;
mod metadata;
mod module;
pub mod names;
mod operands;
mod printer;
pub mod resprops;
mod slots;
mod types;
mod util;

use dxil_ir::Module;

/// Appends the text of `module` (from `target datalayout` on) to `out`.
///
/// Never panics: dangling ids in a hand-built module print as `<badref>`/`<badtype>`.
pub fn write_module(module: &Module, out: &mut String) {
    let kinds = slots::Kinds::new(module);
    let const_flags = constants::const_flags(module);
    let types = types::TypeNames::new(module, &kinds, &const_flags);
    let lists = attrs::build_lists(module);
    let slots = slots::Slots::new(module, &lists, &kinds);
    let mut p = printer::Printer {
        m: module,
        out,
        types,
        slots,
        lists: &lists,
        kinds: &kinds,
        body: None,
        fslots: printer::FnSlots::default(),
        const_flags,
        const_budget: printer::CONST_BUDGET,
        scratch: Vec::new(),
        foreign_blocks: Default::default(),
    };
    p.print_module();
}

/// The text of `module` (from `target datalayout` on).
pub fn print_module(module: &Module) -> String {
    let mut out = String::with_capacity(64 * 1024);
    write_module(module, &mut out);
    out
}

/// Appends the module body as `dxc -dumpbin` prints it: the module text followed by the empty
/// line the reference adds at the end of its output.
pub fn write_dumpbin_body(module: &Module, out: &mut String) {
    write_module(module, out);
    out.push('\n');
}
