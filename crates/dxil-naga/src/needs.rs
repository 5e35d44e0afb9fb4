//! The shader model an entry point needs: every construct this back end writes with an
//! operation, a flag or a resource form that a shader model past 6.0 introduced, found in
//! one walk over what the entry point uses (its stage and interface, the globals it reads,
//! the functions it calls). [`write()`](crate::write) refuses options asking for less, and
//! [`lowest_shader_model`] is the model to ask for when the caller has no reason to pick one.
//!
//! What raises the model (DXIL.rst's operation table and validation rules):
//! - 6.1: `SV_Barycentrics` (`@builtin(barycentric)`), `ViewID` (`@builtin(view_index)`);
//! - 6.2: 16-bit types (native low precision);
//! - 6.4: `Dot4AddI8Packed`/`Dot4AddU8Packed` (`dot4I8Packed`, `dot4U8Packed`);
//! - 6.5: amplification and mesh shaders, inline ray queries;
//! - 6.6: 64-bit atomics (raw buffers, group-shared memory, `R64Uint` textures), and binding
//!   arrays other than of samplers (this back end creates their handles from bindings;
//!   samplers are read through the sampler heap);
//! - 6.7: `SampleCmpLevel` (a comparison sample at an explicit level).

use naga::{AddressSpace, Expression, ImageClass, Scalar, ShaderStage, Span, TypeInner};

use crate::error::Result;
use crate::options::{PipelineOptions, ShaderModel};

/// A construct that needs a shader model past 6.0.
#[derive(Clone, Debug, PartialEq)]
pub struct Requirement {
    /// The construct, in the source's terms (``64-bit atomics on `counter` ``).
    pub feature: String,
    /// The first shader model that has it.
    pub model: ShaderModel,
    /// Where it is in the source (`Span::UNDEFINED` when naga recorded none).
    pub span: Span,
}

impl std::fmt::Display for Requirement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "shader model {} for {}", self.model, self.feature)
    }
}

/// The construct of the entry point `pipeline` names that needs the highest shader model
/// (the first found among equals); `None` when shader model 6.0 has everything it uses.
pub fn requirement(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    pipeline: &PipelineOptions,
) -> Result<Option<Requirement>> {
    let index = crate::entry::entry_index(module, pipeline)?;
    let ep = &module.entry_points[index];
    let einfo = info.get_entry_point(index);
    let mut found = Found(None);
    let sm = |minor| ShaderModel { major: 6, minor };
    match ep.stage {
        ShaderStage::Task => found.add("a task shader", sm(5), Span::UNDEFINED),
        ShaderStage::Mesh => found.add("a mesh shader", sm(5), Span::UNDEFINED),
        _ => {}
    }
    // The back end marks the whole module as using 16-bit types when any type has them.
    if let Some((h, _)) = module
        .types
        .iter()
        .find(|(_, t)| t.inner.scalar().is_some_and(|s| s.width == 2))
    {
        found.add("16-bit types", sm(2), module.types.get_span(h));
    }
    interface(module, ep, &mut found);
    for (h, gv) in module.global_variables.iter() {
        if einfo[h].is_empty() {
            continue;
        }
        let span = module.global_variables.get_span(h);
        let name = gv.name.as_deref().unwrap_or("(unnamed)");
        let inner = &module.types[gv.ty].inner;
        let elem = match *inner {
            TypeInner::BindingArray { base, .. } => {
                let elem = &module.types[base].inner;
                // Samplers are read through the sampler heap, whatever their shape.
                if !matches!(elem, TypeInner::Sampler { .. }) {
                    found.add(format!("binding array `{name}`"), sm(6), span);
                }
                elem
            }
            ref single => single,
        };
        let atomic_space = matches!(
            gv.space,
            AddressSpace::Storage { .. } | AddressSpace::WorkGroup
        );
        if atomic_space && holds_atomic64(&module.types, elem) {
            found.add(format!("64-bit atomics on `{name}`"), sm(6), span);
        }
        if let TypeInner::Image {
            class:
                ImageClass::Storage {
                    format: naga::StorageFormat::R64Uint,
                    access,
                },
            ..
        } = *elem
        {
            if access.contains(naga::StorageAccess::ATOMIC) {
                found.add(format!("64-bit atomics on texture `{name}`"), sm(6), span);
            }
        }
    }
    for fun in reachable(module, &ep.function) {
        function(module, fun, &mut found);
    }
    Ok(found.0)
}

/// The lowest shader model that has everything the entry point `pipeline` names uses: 6.0,
/// or the model of its [`requirement`].
pub fn lowest_shader_model(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    pipeline: &PipelineOptions,
) -> Result<ShaderModel> {
    Ok(requirement(module, info, pipeline)?.map_or(ShaderModel::V6_0, |r| r.model))
}

/// The highest requirement so far.
struct Found(Option<Requirement>);

impl Found {
    fn add(&mut self, feature: impl Into<String>, model: ShaderModel, span: Span) {
        if self.0.as_ref().is_none_or(|r| model > r.model) {
            self.0 = Some(Requirement {
                feature: feature.into(),
                model,
                span,
            });
        }
    }
}

/// Built-ins of the entry point's arguments (members of struct arguments included).
fn interface(module: &naga::Module, ep: &naga::EntryPoint, found: &mut Found) {
    let sm1 = ShaderModel { major: 6, minor: 1 };
    let mut check = |b: Option<&naga::Binding>| match b {
        Some(naga::Binding::BuiltIn(naga::BuiltIn::Barycentric { .. })) => {
            found.add("`@builtin(barycentric)`", sm1, Span::UNDEFINED)
        }
        Some(naga::Binding::BuiltIn(naga::BuiltIn::ViewIndex)) => {
            found.add("`@builtin(view_index)`", sm1, Span::UNDEFINED)
        }
        _ => {}
    };
    for arg in &ep.function.arguments {
        check(arg.binding.as_ref());
        if let TypeInner::Struct { ref members, .. } = module.types[arg.ty].inner {
            for m in members {
                check(m.binding.as_ref());
            }
        }
    }
}

/// What one function's expressions and statements need.
fn function(module: &naga::Module, fun: &naga::Function, found: &mut Found) {
    let sm = |minor| ShaderModel { major: 6, minor };
    for (_, local) in fun.local_variables.iter() {
        if let TypeInner::RayQuery { .. } = module.types[local.ty].inner {
            found.add("inline ray queries", sm(5), Span::UNDEFINED);
        }
    }
    for (h, e) in fun.expressions.iter() {
        let span = fun.expressions.get_span(h);
        match *e {
            Expression::Math {
                fun: naga::MathFunction::Dot4I8Packed | naga::MathFunction::Dot4U8Packed,
                ..
            } => found.add("`dot4I8Packed`/`dot4U8Packed`", sm(4), span),
            Expression::ImageSample {
                depth_ref: Some(_),
                level: naga::SampleLevel::Exact(_),
                ..
            } => found.add("comparison sampling at an explicit level", sm(7), span),
            Expression::RayQueryProceedResult | Expression::RayQueryGetIntersection { .. } => {
                found.add("inline ray queries", sm(5), span)
            }
            _ => {}
        }
    }
}

/// `entry` and every function it calls, directly or not, each once.
fn reachable<'m>(module: &'m naga::Module, entry: &'m naga::Function) -> Vec<&'m naga::Function> {
    let mut seen = vec![false; module.functions.len()];
    let mut out = vec![entry];
    let mut next = 0;
    while let Some(&fun) = out.get(next) {
        next += 1;
        let mut blocks = vec![&fun.body];
        while let Some(block) = blocks.pop() {
            for s in block.iter() {
                match *s {
                    naga::Statement::Block(ref b) => blocks.push(b),
                    naga::Statement::If {
                        ref accept,
                        ref reject,
                        ..
                    } => blocks.extend([accept, reject]),
                    naga::Statement::Switch { ref cases, .. } => {
                        blocks.extend(cases.iter().map(|c| &c.body))
                    }
                    naga::Statement::Loop {
                        ref body,
                        ref continuing,
                        ..
                    } => blocks.extend([body, continuing]),
                    naga::Statement::Call { function: f, .. } => {
                        if let Some(s) = seen.get_mut(f.index()).filter(|s| !**s) {
                            *s = true;
                            out.push(&module.functions[f]);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    out
}

/// Whether a type holds a 64-bit atomic. Each type is visited once: structs of structs
/// nest shared member types, and walking them by value would be exponential in depth.
pub(crate) fn holds_atomic64<'a>(
    types: &'a naga::UniqueArena<naga::Type>,
    ty: &'a TypeInner,
) -> bool {
    let mut seen = vec![false; types.len()];
    let mut stack = vec![ty];
    let mut visit = |h: naga::Handle<naga::Type>, stack: &mut Vec<&'a TypeInner>| {
        if let Some(s) = seen.get_mut(h.index()).filter(|s| !**s) {
            *s = true;
            stack.push(&types[h].inner);
        }
    };
    while let Some(t) = stack.pop() {
        match *t {
            TypeInner::Atomic(Scalar { width: 8, .. }) => return true,
            TypeInner::Array { base, .. } | TypeInner::BindingArray { base, .. } => {
                visit(base, &mut stack)
            }
            TypeInner::Struct { ref members, .. } => {
                for m in members {
                    visit(m.ty, &mut stack);
                }
            }
            _ => {}
        }
    }
    false
}
