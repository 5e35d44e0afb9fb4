//! Lowering the analysed tree to DXIL through `dxil-builder`, shaped as DXC's output: the
//! entry function with every call inlined into it, values scalarized (one SSA value per
//! scalar, [`types`]), locals in SSA form from the start ([`ssa`]), constants folded as
//! they are built, resources declared and their handles made once, and the module written
//! as a signed container by the builder.

mod call;
mod emit;
mod expr;
mod func;
mod intrinsic;
mod place;
mod resource;
mod ssa;
mod stmt;
mod texture;
pub(crate) mod types;

use std::collections::HashMap;

use dxil_builder::ShaderBuilder;
use dxil_container::ShaderKind;

use crate::ast::{Ast, DeclId, DeclKind, Span};
use crate::compile::Options;
use crate::diag::{Diagnostic, Diagnostics, Level};
use crate::parse::Parsed;
use crate::pp::token::Interner;
use crate::pp::Target;
use crate::sema::{Analysis, Ty, TyId};
use crate::source::Loc;

/// What lowering produced.
pub(crate) struct Lowered {
    pub container: Option<Vec<u8>>,
    pub diagnostics: Diagnostics,
}

/// Why lowering stopped: a construct not lowered yet, an error in the shader found only
/// here, or a failure of the builder (a bug of the lowering).
#[derive(Debug)]
pub(crate) struct LowerError {
    pub kind: LowerErrorKind,
    pub message: String,
    /// The token it is about.
    pub tok: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LowerErrorKind {
    /// The shader is wrong (a type mismatch, a missing entry).
    Shader,
    /// Valid HLSL the lowering does not handle yet.
    Unsupported,
    /// The builder refused what the lowering made.
    Internal,
}

impl LowerError {
    pub fn shader(message: impl Into<String>) -> Self {
        LowerError {
            kind: LowerErrorKind::Shader,
            message: message.into(),
            tok: None,
        }
    }
    pub fn unsupported(message: impl Into<String>) -> Self {
        LowerError {
            kind: LowerErrorKind::Unsupported,
            message: message.into(),
            tok: None,
        }
    }
    pub fn internal(message: impl Into<String>) -> Self {
        LowerError {
            kind: LowerErrorKind::Internal,
            message: message.into(),
            tok: None,
        }
    }
    /// Placed at `span`'s first token unless already placed.
    pub fn at(mut self, span: Span) -> Self {
        self.tok.get_or_insert(span.start);
        self
    }
}

impl From<dxil_ir::build::BuildError> for LowerError {
    fn from(e: dxil_ir::build::BuildError) -> Self {
        LowerError::internal(e.to_string())
    }
}

impl From<dxil_builder::Error> for LowerError {
    fn from(e: dxil_builder::Error) -> Self {
        LowerError::internal(e.to_string())
    }
}

pub(crate) type LowerResult<T> = Result<T, LowerError>;

/// What lowering reads: the tree, its analysis, the options.
pub(crate) struct Cx<'a> {
    pub ast: &'a Ast,
    pub an: &'a Analysis,
    pub int: &'a Interner,
    pub opts: &'a Options,
    pub target: Target,
    pub storage: types::Storage,
    /// The analysis's types and those lowering makes (swizzles, results of operators).
    pub types: std::cell::RefCell<crate::sema::Types>,
}

impl Cx<'_> {
    pub fn name(&self, s: crate::pp::token::Sym) -> &str {
        self.int.str(s)
    }

    /// The type `id`.
    pub fn get(&self, id: TyId) -> Ty {
        self.types.borrow().get(id)
    }

    /// The id of `ty`.
    pub fn intern(&self, ty: Ty) -> TyId {
        self.types.borrow_mut().intern(ty)
    }
}

/// Lowers the entry `opts.entry` of `parsed` for `target`.
pub(crate) fn lower(
    parsed: &Parsed,
    analysis: &Analysis,
    target: Target,
    opts: &Options,
    loc: &dyn Fn(u32) -> Option<Loc>,
) -> Lowered {
    let cx = Cx {
        ast: &parsed.ast,
        an: analysis,
        int: &parsed.interner,
        opts,
        target,
        storage: types::Storage {
            native16: opts.pp.enable_16bit_types,
            matrix_order: opts.matrix_order,
        },
        types: std::cell::RefCell::new(analysis.types.clone()),
    };
    let mut diagnostics = Diagnostics::default();
    match lower_entry(&cx) {
        Ok(container) => Lowered {
            container: Some(container),
            diagnostics,
        },
        Err(e) => {
            let message = match e.kind {
                LowerErrorKind::Shader => e.message,
                LowerErrorKind::Unsupported => format!("not supported yet: {}", e.message),
                LowerErrorKind::Internal => {
                    format!("internal error lowering to DXIL: {}", e.message)
                }
            };
            let at = e.tok.and_then(loc);
            diagnostics.push(Diagnostic::new(Level::Error, at, message));
            Lowered {
                container: None,
                diagnostics,
            }
        }
    }
}

/// The function named `name` at file scope with a body.
fn find_entry(cx: &Cx<'_>, name: &str) -> Option<DeclId> {
    cx.ast
        .items
        .iter()
        .copied()
        .find(|&d| match &cx.ast.decl(d).kind {
            DeclKind::Function(f) => {
                f.body.is_some() && f.name.parts.len() == 1 && cx.name(f.name.last().sym) == name
            }
            _ => false,
        })
}

fn lower_entry(cx: &Cx<'_>) -> LowerResult<Vec<u8>> {
    let kind = match cx.target.stage {
        5 => ShaderKind::Compute,
        s => {
            let name = match s {
                0 => "pixel",
                1 => "vertex",
                2 => "geometry",
                3 => "hull",
                4 => "domain",
                6 => "library",
                13 => "mesh",
                14 => "amplification",
                _ => "this",
            };
            return Err(LowerError::unsupported(format!(
                "{name} shaders (the lowering does compute shaders so far)"
            )));
        }
    };
    let entry = find_entry(cx, &cx.opts.entry).ok_or_else(|| {
        LowerError::shader(format!(
            "missing entry point definition '{}'",
            cx.opts.entry
        ))
    })?;
    let mut sb = ShaderBuilder::new(kind, cx.target.major, cx.target.minor)?;
    if cx.storage.native16 {
        sb.native_low_precision(true);
    }
    let DeclKind::Function(f) = &cx.ast.decl(entry).kind else {
        return Err(LowerError::internal("entry is not a function"));
    };
    let threads = func::num_threads(cx, f)?;
    sb.num_threads(threads[0], threads[1], threads[2]);
    if let Some(sizes) = func::wave_size(cx, f)? {
        // Shader model 6.8 records a range (minimum, maximum, preferred; 0 unstated).
        let p = if (cx.target.major, cx.target.minor) >= (6, 8) {
            let mut v = sizes.clone();
            v.resize(3, 0);
            dxil_module::model::Property::RangedWaveSize(v)
        } else {
            if sizes.len() > 1 {
                return Err(LowerError::shader(
                    "WaveSize with a range requires shader model 6.8 or higher",
                ));
            }
            dxil_module::model::Property::WaveSize(sizes)
        };
        sb.property(p);
    }
    if let Some(text) = func::root_signature(cx, f)? {
        sb.root_signature(&text)
            .map_err(|e| LowerError::shader(format!("root signature: {}", e.message())))?;
    }
    let reach = resource::Reach::of(cx, entry);
    let globals = resource::declare(cx, &mut sb, &reach)?;
    let name = cx.opts.entry.clone();
    {
        let e = sb.entry(&name)?;
        let mut fx = func::Fx::new(cx, e, &globals)?;
        fx.entry(entry)?;
        fx.finish()?;
    }
    if cx.opts.optimization.is_some_and(|n| n > 0) {
        sb.optimize()?;
    }
    Ok(sb.finish()?)
}

/// Globals by declaration.
pub(crate) type Globals = HashMap<DeclId, resource::Global>;
