//! Building modules through a checked API: [`ModuleBuilder`] interns types, constants and
//! metadata, declares global values and registers metadata kinds; [`FunctionBuilder`]
//! appends instructions to a definition, checking operand types as LLVM 3.7's IR verifier
//! and LangRef's "Instruction Reference" require; [`ModuleBuilder::finish`] runs the
//! end-of-module steps. Every id is checked at the call that hands it over (a [`Value`] of
//! another builder is refused there), so the module passes [`crate::Module::check_ids`]
//! without running it again (debug builds run it anyway).
//!
//! The module is content, not layout: `dxil_bitcode::write_module` computes LLVM 3.7's
//! `ValueEnumerator` orders (types, constants, metadata, attribute groups) from it, so what
//! is built in any order writes as LLVM would write it.
//!
//! Rules:
//! - Every call that can be misused returns [`BuildResult`]; ill-typed IR is an error at the
//!   call (`add: operand 2 has type float, expected i32`), not at writing.
//! - [`Value`]s remember the function they belong to; using an argument or instruction of
//!   another function is a [`BuildErrorKind::Foreign`] error.
//! - Names are unique per symbol table (LangRef "Identifiers"): module symbols (globals,
//!   functions, aliases) share one, each function's arguments, instructions and blocks
//!   share another. Giving a taken name is a [`BuildErrorKind::Duplicate`] error (LLVM would
//!   rename; a builder that renames silently hides mistakes).
//! - Values used before they are defined go through [`FunctionBuilder::forward`] and
//!   [`FunctionBuilder::resolve`]; metadata nodes in cycles go through
//!   [`ModuleBuilder::reserve_md`] and [`ModuleBuilder::define_md`].
//!
//! [`copy_module`] rebuilds a decoded module through these calls only.
//! [`ModuleBuilder::from_module`] adopts an existing module, so that interning finds its
//! types, constants and metadata (its bodies are kept as they are).
//!
//! ```
//! use dxil_ir::build::{FunctionOptions, ModuleBuilder};
//! use dxil_ir::TypeData;
//!
//! let mut mb = ModuleBuilder::new();
//! let i32t = mb.int(32);
//! let fn_ty = mb.function_type(i32t, &[i32t, i32t], false)?;
//! let f = mb.declare_function(Some("add"), fn_ty, &FunctionOptions::default())?;
//! let mut fb = mb.define_function(f.function().unwrap())?;
//! let entry = fb.add_block(None)?;
//! fb.position_at_end(entry)?;
//! let (a, b) = (fb.arg(0)?, fb.arg(1)?);
//! let sum = fb.add(a, b)?;
//! fb.ret(Some(sum))?;
//! fb.finish()?;
//! let module = mb.finish()?;
//! let bitcode = dxil_bitcode::write_module(&module).expect("a checked module writes");
//! assert_eq!(&bitcode[..4], b"BC\xc0\xde");
//! # Ok::<(), dxil_ir::build::BuildError>(())
//! ```

mod adopt;
mod attributes;
mod capacity;
mod constants;
mod error;
mod fill;
mod function;
pub mod hash;
mod insts;
mod intern;
mod kinds;
mod lookup;
mod md_hash;
mod memory;
mod metadata;
mod module;
mod reencode;
mod rewrite;
mod types;
mod typing;

pub use attributes::{attributes_of, AttrSite, Attributes, MAX_ATTRIBUTE_PARAMS};
pub use capacity::ModuleCapacity;
pub use error::{BuildError, BuildErrorKind, BuildResult};
pub use fill::Entities;
pub use function::FunctionBuilder;
pub use insts::CallOptions;
pub use kinds::MetadataKinds;
pub use module::{AliasOptions, FunctionOptions, GlobalOptions, ModuleBuilder};
pub use reencode::{copy_module, copy_module_checked};
pub use rewrite::InstRenumbering;

/// `ty` of `m` in LLVM assembly syntax (`i32`, `<4 x float>`, `%struct.S*`), for messages:
/// types nested deeper than a few levels print as `...`; an id naming no type prints as
/// `<bad type N>`.
pub fn type_text(m: &crate::Module, ty: crate::Type) -> String {
    typing::type_name(&m.types, ty)
}

use crate::{Function, Inst, Type, ValueRef};

/// A value handed out by the builders: what it is, its type (`None` for the result of an
/// instruction of type `void`), and the function it belongs to (`None` for module-level
/// values: globals, functions, aliases, constants, module metadata).
///
/// Ids of function-local metadata and of forward references are placeholders until the
/// function (or the module) is finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    r: ValueRef,
    ty: Option<Type>,
    func: Option<Function>,
}

impl Value {
    pub(crate) fn new(r: ValueRef, ty: Option<Type>, func: Option<Function>) -> Self {
        Value { r, ty, func }
    }

    /// The IR reference.
    pub fn value_ref(&self) -> ValueRef {
        self.r
    }

    /// The type (`None`: an instruction of type `void`).
    pub fn ty(&self) -> Option<Type> {
        self.ty
    }

    /// The function an argument or instruction belongs to.
    pub fn owner(&self) -> Option<Function> {
        self.func
    }

    /// The function this value is, when it is one.
    pub fn function(&self) -> Option<Function> {
        match self.r {
            ValueRef::Function(f) => Some(f),
            _ => None,
        }
    }

    /// The instruction this value is the result of.
    pub fn inst(&self) -> Option<Inst> {
        match self.r {
            ValueRef::Inst(i) => Some(i),
            _ => None,
        }
    }
}
