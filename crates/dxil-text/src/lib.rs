//! LLVM 3.7 / DXIL text: the printer that writes a [`dxil_ir::Module`] exactly as the
//! reference disassembler (`dxc -dumpbin`) prints the module after its header comments, and
//! ([`header`]) the header comments themselves, from the container parts and the module's
//! metadata. [`print_dumpbin`] prints both.
//!
//! Spec: LLVM 3.7's "LLVM Language Reference Manual" for the syntax; the layout rules
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
pub mod header;
mod locals;
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

pub use locals::LocalNames;

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

/// The text of each requested instruction as LLVM's `Instruction::print` gives it (what the
/// reference validator quotes in its `note: at '...'` lines): no indentation, no comments,
/// slots numbered within the instruction's function. One printer setup serves every request;
/// a request naming no instruction gives `<badref>`.
pub fn instruction_texts(
    module: &Module,
    requests: &[(dxil_ir::Function, dxil_ir::Inst)],
) -> Vec<String> {
    let requests: Vec<ValueRequest> = requests
        .iter()
        .map(|&(f, i)| ValueRequest::Inst(f, i))
        .collect();
    value_texts(module, &requests)
}

/// A value of a function to print ([`value_texts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueRequest {
    /// An instruction, as `Instruction::print` gives it (without indentation).
    Inst(dxil_ir::Function, dxil_ir::Inst),
    /// A value as an operand with its type (`printAsOperand(OS, true)`: `i32 1`, `float %x`).
    Operand(dxil_ir::Function, dxil_ir::ValueRef),
    /// A block as an operand (`label %name`, `label %3`).
    Block(dxil_ir::Function, dxil_ir::Block),
}

/// The text of each requested value (instructions, typed operands, block labels), numbered
/// within its function as the module print numbers it; one printer setup serves every
/// request, and a request naming nothing gives `<badref>`.
pub fn value_texts(module: &Module, requests: &[ValueRequest]) -> Vec<String> {
    // The printer's setup numbers the whole module: not worth it for nothing to print.
    if requests.is_empty() {
        return Vec::new();
    }
    let kinds = slots::Kinds::new(module);
    let const_flags = constants::const_flags(module);
    let types = types::TypeNames::new(module, &kinds, &const_flags);
    let lists = attrs::build_lists(module);
    let slots = slots::Slots::new(module, &lists, &kinds);
    let mut scratch = String::new();
    let mut p = printer::Printer {
        m: module,
        out: &mut scratch,
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
    let mut current: Option<dxil_ir::Function> = None;
    let mut texts = Vec::with_capacity(requests.len());
    for &request in requests {
        let function = match request {
            ValueRequest::Inst(f, _) | ValueRequest::Operand(f, _) | ValueRequest::Block(f, _) => f,
        };
        let Some(body) = module.functions.get(function).and_then(|f| f.body.as_ref()) else {
            texts.push("<badref>".to_string());
            continue;
        };
        if current != Some(function) {
            p.body = Some(body);
            p.fslots = printer::FnSlots::new(p.m, body);
            current = Some(function);
        }
        p.out.clear();
        p.const_budget = printer::CONST_BUDGET;
        match request {
            ValueRequest::Inst(_, inst) => match body.inst(inst) {
                Some(data) => p.print_inst_body(inst, data),
                None => p.out.push_str("<badref>"),
            },
            ValueRequest::Operand(_, v) => p.write_typed_value(v, 0),
            ValueRequest::Block(_, b) => {
                p.out.push_str("label ");
                p.write_block_ref(b);
            }
        }
        texts.push(p.out.clone());
    }
    texts
}

/// Each metadata node as LLVM's `Metadata::print` gives it with its module (what the reference
/// validator appends to a metadata error): `!N = !{...}` for a numbered node (numbered as in the
/// module print), `!"text"` for a string, `type value` for a value wrapper. One numbering pass
/// serves every request.
pub fn metadata_texts(module: &Module, nodes: &[dxil_ir::Metadata]) -> Vec<String> {
    let kinds = slots::Kinds::new(module);
    let const_flags = constants::const_flags(module);
    let types = types::TypeNames::new(module, &kinds, &const_flags);
    let lists = attrs::build_lists(module);
    let slots = slots::Slots::new(module, &lists, &kinds);
    let mut scratch = String::new();
    let mut p = printer::Printer {
        m: module,
        out: &mut scratch,
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
    let mut texts = Vec::with_capacity(nodes.len());
    for &md in nodes {
        p.out.clear();
        p.const_budget = printer::CONST_BUDGET;
        if mdwalk::is_node(module, md) {
            p.write_node_ref(slots::NodeRef::Arena(md));
            p.out.push_str(" = ");
            p.write_node_body(slots::NodeRef::Arena(md));
        } else {
            p.write_md_operand(md);
        }
        texts.push(p.out.clone());
    }
    texts
}

/// Each type as LLVM's `Type::print` spells it (`<4 x float>`, `%dx.types.Handle`,
/// `%struct.S = type { i32 }` for a named struct printed alone is *not* what it gives: named
/// structs print by name), with one naming pass for all of them.
pub fn type_texts(module: &Module, types: &[dxil_ir::Type]) -> Vec<String> {
    let kinds = slots::Kinds::new(module);
    let const_flags = constants::const_flags(module);
    let names = types::TypeNames::new(module, &kinds, &const_flags);
    types
        .iter()
        .map(|&ty| {
            let mut out = String::new();
            names.write(module, &mut out, ty);
            out
        })
        .collect()
}

/// The text of `module` (from `target datalayout` on).
pub fn print_module(module: &Module) -> String {
    let mut out = String::with_capacity(64 * 1024);
    write_module(module, &mut out);
    out
}

/// Appends the whole `dxc -dumpbin` text of a module: the header
/// ([`header::print_dumpbin_header`]: `container`'s part sections, then the sections of
/// `module` and its `reflection` module), then the body ([`write_dumpbin_body`]).
pub fn print_dumpbin(
    container: Option<&dxil_container::Container<'_>>,
    module: &Module,
    reflection: Option<&Module>,
    out: &mut String,
) -> Result<(), header::HeaderError> {
    header::print_dumpbin_header(container, module, reflection, out)?;
    write_dumpbin_body(module, out);
    Ok(())
}

/// Appends the module body as `dxc -dumpbin` prints it: the module text followed by the empty
/// line the reference adds at the end of its output.
pub fn write_dumpbin_body(module: &Module, out: &mut String) {
    write_module(module, out);
    out.push('\n');
}
