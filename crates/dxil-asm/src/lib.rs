//! LLVM 3.7 / DXIL text parser: text -> [`dxil_ir::Module`], the inverse of `dxil-text`.
//!
//! Accepts the module text the reference disassembler prints (the header comments are `;`
//! comments) and LLVM 3.7 assembly as people write it (spec: the "LLVM Language Reference Manual" of LLVM 3.7):
//! named and numbered values, blocks and types with forward references, globals, aliases,
//! declarations and definitions, attributes and attribute groups, every instruction of the
//! IR, constant expressions, metadata (named, numbered, `distinct`, `DI*` records,
//! attachments, function-local arguments).
//!
//! The module is built through the IR builder (`dxil_ir::build::ModuleBuilder`, which
//! interns types, constants and metadata and runs the end-of-module steps), as the bitcode
//! reader would build it from the same module as far as the text tells: constants are uniqued and normalised as LLVM uniques them, `!dbg`
//! locations become debug locations, attribute groups and lists are enumerated in LLVM's
//! order, function-local metadata follow the module's.
//!
//! Errors are [`Diagnostics`]: up to 20 per run (parsing resumes at the next top-level entity
//! or, inside a function, at the next line), each with `file:line:column` and the offending
//! text underlined. Hostile input never panics; nesting is capped at 128 levels.
//!
//! API: [`parse_module`] (text -> IR); [`assemble_bitcode`] and [`assemble_container`]
//! (IR -> bitcode / container with every part `dxil-gen` generates, `HASH` and digest);
//! [`shader_model`], [`dxil_version`] (read from the DXIL metadata);
//! [`assemble_container_from_text`] also reads the header comments back: resource names
//! (`; Resource Bindings:`) and struct annotations (`; Buffer Definitions:`) a stripped
//! module lacks go into a `STAT` module ([`reflection`]), and `; shader debug name:` into
//! `ILDN`, and a library's `; Subobjects:` section into its generated `RDAT`
//! ([`subobjects`]), so the container prints the same header. The sections `dxil-text` adds
//! for the parts the reference does not print ([`carried`]: the root signature as root
//! signature text or hex, a library's root signature subobjects, `VERS` and other parts as
//! hex) give those parts back ([`assemble_container_with`] also takes a root signature given
//! apart from the text).
//!
//! What the text cannot carry (so assembled bitcode may differ from the original while the
//! text is identical): metadata kinds the producer registered but no instruction uses, and
//! fast-math flags under `fast` (printed whenever the unsafe-algebra bit is set).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod assemble;
mod buffers;
pub mod carried;
mod casts;
mod debug_name;
mod diag;
mod finalize;
mod function;
mod lexer;
mod metadata;
mod module;
mod parser;
pub mod reflection;
pub mod subobjects;
mod types;
mod values;

pub use assemble::{
    assemble_bitcode, assemble_container, assemble_container_from_text, assemble_container_with,
    dxil_version, shader_model, AssembleError, Assembled, TextOptions,
};
pub use diag::{line_col, Diagnostic, Diagnostics};

use dxil_ir::CheckedModule;

/// Parses module text. `file` names the input in diagnostics.
pub fn parse_module(src: &str, file: &str) -> Result<CheckedModule, Diagnostics> {
    let mut p = parser::Parser::new(src);
    p.prescan();
    p.parse_top();
    if p.errors.is_empty() {
        p.finalize();
    }
    if !p.errors.is_empty() {
        return Err(Diagnostics::new(file, src, std::mem::take(&mut p.errors)));
    }
    // The builder's end steps form the attributes and the kind table, place the
    // function-local metadata and prove the ids (later passes index the arenas directly).
    p.b.finish_checked().map_err(|e| {
        let d = Diagnostic {
            message: format!("internal: the parsed module is inconsistent: {e}"),
            offset: 0,
            len: 0,
        };
        Diagnostics::new(file, src, vec![d])
    })
}
