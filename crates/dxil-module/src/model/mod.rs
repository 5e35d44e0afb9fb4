//! The typed DXIL metadata: versions, shader model, entry points, resources, type
//! annotations, ViewId state (DXIL.rst "Metadata" sections). [`DxilMetadata::read`] reads it
//! from an IR module; [`DxilMetadata::write`] writes it back (reusing equal nodes, so an
//! unchanged model leaves the module's metadata as it was).

mod annotations;
mod node;
mod properties;
mod resources;
mod signature;
mod subobjects;

pub use annotations::{
    FieldAnnotation, FieldProperty, FunctionAnnotation, ParamAnnotation, StructAnnotation,
    TemplateArg, TypeAnnotations,
};
pub use node::{NodeId, NodeIo, NodeIoProperty, NodeRecordProperty};
pub use properties::{AsState, DsState, GsState, HsState, MsState, Property};
pub use resources::{Resource, ResourceBase, ResourceClass, ResourceLists, ResourceProperty};
pub use signature::{EntrySignatures, SignatureElement, SignatureProperty};
pub use subobjects::Subobject;

use dxil_ir::build::ModuleBuilder;
use dxil_ir::{CheckedModule, Module};

use crate::error::{Error, ErrorKind, Result};
use crate::fields::Fields;
use crate::md::{Md, Reader, Writer};

/// `major.minor` (`dx.version`, `dx.valver`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Version {
    /// Major.
    pub major: u32,
    /// Minor.
    pub minor: u32,
}

/// `dx.shaderModel`: `!{!"ps", i32 6, i32 0}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ShaderModel {
    /// Kind abbreviation (`ps`, `vs`, `lib`, ...).
    pub kind: String,
    /// Major.
    pub major: u32,
    /// Minor.
    pub minor: u32,
}

/// An entry point: `!{function, !"name", signatures, resources, properties}`.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryPoint {
    /// The function (`null` for a library's module entry).
    pub function: Md,
    /// Name.
    pub name: String,
    /// Signatures.
    pub signatures: Option<EntrySignatures>,
    /// Resources.
    pub resources: Option<ResourceLists>,
    /// Properties.
    pub properties: Option<Vec<Property>>,
}

impl EntryPoint {
    /// The raw shader flags (tag 0; 0 when absent).
    pub fn shader_flags(&self) -> u64 {
        self.properties
            .iter()
            .flatten()
            .find_map(|p| match p {
                Property::ShaderFlags(f) => Some(*f),
                _ => None,
            })
            .unwrap_or(0)
    }

    fn read(md: &Md) -> Result<Self> {
        let f = Fields::of(md, "entry point")?;
        f.expect_len(5, false, "entry point")?;
        let name = match f.get(1, "entry point.name")? {
            Md::Null => String::new(),
            _ => f.string(1, "entry point.name")?,
        };
        Ok(EntryPoint {
            function: f.get(0, "entry point.function")?.clone(),
            name,
            signatures: EntrySignatures::read(f.get(2, "entry point.signatures")?)?,
            resources: ResourceLists::read(f.get(3, "entry point.resources")?)?,
            properties: properties::read_properties(f.get(4, "entry point.properties")?)?,
        })
    }

    fn write(&self) -> Md {
        Md::node(vec![
            self.function.clone(),
            Md::string(&self.name),
            self.signatures
                .as_ref()
                .map_or(Md::Null, EntrySignatures::write),
            self.resources
                .as_ref()
                .map_or(Md::Null, ResourceLists::write),
            properties::write_properties(&self.properties),
        ])
    }
}

/// The DXIL metadata of a module. Each field is `None`/empty when the named metadata is
/// absent.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct DxilMetadata {
    /// `dx.version`.
    pub version: Option<Version>,
    /// `dx.valver`.
    pub validator_version: Option<Version>,
    /// `dx.shaderModel`.
    pub shader_model: Option<ShaderModel>,
    /// `dx.resources`.
    pub resources: Option<ResourceLists>,
    /// `dx.typeAnnotations` operands.
    pub type_annotations: Option<Vec<TypeAnnotations>>,
    /// `dx.viewIdState`: the serialized state.
    pub view_id_state: Option<Vec<u32>>,
    /// `dx.entryPoints`.
    pub entry_points: Option<Vec<EntryPoint>>,
    /// `dx.rootSignature`: (function, serialized root signature, ...) tuples, kept as read.
    pub root_signatures: Option<Vec<Md>>,
    /// `dx.subobjects`.
    pub subobjects: Option<Vec<Subobject>>,
}

/// Named metadata the model covers.
pub const MODEL_NAMES: [&str; 9] = [
    "dx.version",
    "dx.valver",
    "dx.shaderModel",
    "dx.resources",
    "dx.typeAnnotations",
    "dx.viewIdState",
    "dx.entryPoints",
    "dx.rootSignature",
    "dx.subobjects",
];

fn single<'a>(ops: &'a [Md], name: &'static str) -> Result<&'a Md> {
    match ops {
        [one] => Ok(one),
        _ => Err(Error::new(
            ErrorKind::Expected("one operand"),
            None,
            name,
            None,
        )),
    }
}

fn version(md: &Md, what: &'static str) -> Result<Version> {
    let f = Fields::of(md, what)?;
    f.expect_len(2, false, what)?;
    Ok(Version {
        major: f.u32(0, what)?,
        minor: f.u32(1, what)?,
    })
}

impl DxilMetadata {
    /// Reads the model from `module`.
    pub fn read(module: &Module) -> Result<Self> {
        let mut r = Reader::new(module);
        let mut m = DxilMetadata::default();
        if let Some(ops) = r.named("dx.version")? {
            m.version = Some(version(single(&ops, "dx.version")?, "dx.version")?);
        }
        if let Some(ops) = r.named("dx.valver")? {
            m.validator_version = Some(version(single(&ops, "dx.valver")?, "dx.valver")?);
        }
        if let Some(ops) = r.named("dx.shaderModel")? {
            let f = Fields::of(single(&ops, "dx.shaderModel")?, "dx.shaderModel")?;
            f.expect_len(3, false, "dx.shaderModel")?;
            m.shader_model = Some(ShaderModel {
                kind: f.string(0, "dx.shaderModel.kind")?,
                major: f.u32(1, "dx.shaderModel.major")?,
                minor: f.u32(2, "dx.shaderModel.minor")?,
            });
        }
        if let Some(ops) = r.named("dx.resources")? {
            m.resources = ResourceLists::read(single(&ops, "dx.resources")?)?;
            if m.resources.is_none() {
                return Err(Error::new(
                    ErrorKind::Expected("a node"),
                    None,
                    "dx.resources",
                    None,
                ));
            }
        }
        if let Some(ops) = r.named("dx.typeAnnotations")? {
            m.type_annotations = Some(
                ops.iter()
                    .map(|o| TypeAnnotations::read(o, module))
                    .collect::<Result<_>>()?,
            );
        }
        if let Some(ops) = r.named("dx.viewIdState")? {
            let f = Fields::of(single(&ops, "dx.viewIdState")?, "dx.viewIdState")?;
            f.expect_len(1, false, "dx.viewIdState")?;
            match f.get(0, "dx.viewIdState.array")? {
                Md::IntArray { bits: 32, values } => {
                    m.view_id_state = Some(values.iter().map(|&v| v as u32).collect());
                }
                _ => {
                    return Err(f.err(
                        ErrorKind::Expected("an i32 array"),
                        "dx.viewIdState.array",
                        0,
                    ));
                }
            }
        }
        if let Some(ops) = r.named("dx.entryPoints")? {
            m.entry_points = Some(ops.iter().map(EntryPoint::read).collect::<Result<_>>()?);
        }
        if let Some(ops) = r.named("dx.rootSignature")? {
            m.root_signatures = Some(ops);
        }
        if let Some(ops) = r.named("dx.subobjects")? {
            m.subobjects = Some(ops.iter().map(Subobject::read).collect::<Result<_>>()?);
        }
        Ok(m)
    }

    /// The named metadata this model writes, as trees (name, operands).
    pub fn to_trees(&self) -> Vec<(&'static str, Vec<Md>)> {
        let mut out = Vec::new();
        let ver = |v: &Version| Md::node(vec![Md::i32(v.major), Md::i32(v.minor)]);
        if let Some(v) = &self.version {
            out.push(("dx.version", vec![ver(v)]));
        }
        if let Some(v) = &self.validator_version {
            out.push(("dx.valver", vec![ver(v)]));
        }
        if let Some(s) = &self.shader_model {
            out.push((
                "dx.shaderModel",
                vec![Md::node(vec![
                    Md::string(&s.kind),
                    Md::i32(s.major),
                    Md::i32(s.minor),
                ])],
            ));
        }
        if let Some(r) = &self.resources {
            out.push(("dx.resources", vec![r.write()]));
        }
        if let Some(t) = &self.type_annotations {
            out.push((
                "dx.typeAnnotations",
                t.iter().map(TypeAnnotations::write).collect(),
            ));
        }
        if let Some(v) = &self.view_id_state {
            out.push((
                "dx.viewIdState",
                vec![Md::node(vec![Md::IntArray {
                    bits: 32,
                    values: v.iter().map(|&x| u64::from(x)).collect(),
                }])],
            ));
        }
        if let Some(e) = &self.entry_points {
            out.push(("dx.entryPoints", e.iter().map(EntryPoint::write).collect()));
        }
        if let Some(r) = &self.root_signatures {
            out.push(("dx.rootSignature", r.clone()));
        }
        if let Some(s) = &self.subobjects {
            out.push(("dx.subobjects", s.iter().map(Subobject::write).collect()));
        }
        out
    }

    /// Writes the model into `module`'s named metadata (each present field replaces the
    /// operands of its named metadata; absent fields leave the module's as they are),
    /// interning through a [`ModuleBuilder`] adopted from the module. The module's ids are
    /// checked first, so an inconsistent module is an error and stays as it was; an error
    /// while writing leaves the entries made before it (unreferenced).
    pub fn write(&self, module: &mut Module) -> Result<()> {
        check_module(module)?;
        let (built, written) = self.write_adopted(std::mem::take(module))?;
        *module = built.into_inner();
        written
    }

    /// [`DxilMetadata::write`] into an owned module, returning it as proven by the builder's id
    /// check (for `dxil_bitcode::write_checked`, which then skips its own).
    pub fn write_checked(&self, module: Module) -> Result<CheckedModule> {
        check_module(&module)?;
        let (built, written) = self.write_adopted(module)?;
        written.map(|()| built)
    }

    /// Interns the trees through a builder adopted from `module`: the finished module and
    /// whether every tree was written.
    fn write_adopted(&self, module: Module) -> Result<(CheckedModule, Result<()>)> {
        let build = |e: dxil_ir::build::BuildError| {
            Error::new(ErrorKind::Build(e.to_string()), None, "metadata", None)
        };
        let mut b = ModuleBuilder::from_module(module).map_err(build)?;
        let written = self.write_into(&mut b);
        Ok((b.finish_checked().map_err(build)?, written))
    }

    /// Writes the model's named metadata through `b` as [`DxilMetadata::write`] does, for a
    /// module still being built: its builder interns the trees directly, so the module is
    /// finished (and its ids checked) once rather than finished, adopted and finished
    /// again. An error leaves the entries made before it (unreferenced).
    pub fn write_into(&self, b: &mut ModuleBuilder) -> Result<()> {
        let mut w = Writer::new(b);
        self.to_trees()
            .iter()
            .try_for_each(|(name, ops)| w.set_named(name, ops))
    }

    /// The shader kind from the shader model.
    pub fn shader_kind(&self) -> Option<dxil_container::ShaderKind> {
        dxil_container::ShaderKind::from_shader_model_name(&self.shader_model.as_ref()?.kind)
    }

    /// The struct annotation of type `ty`.
    pub fn struct_annotation(&self, ty: dxil_ir::Type) -> Option<&StructAnnotation> {
        self.type_annotations
            .iter()
            .flatten()
            .find_map(|t| match t {
                TypeAnnotations::Structs(list) => list.iter().find(|s| s.ty == ty),
                _ => None,
            })
    }
}

/// The id check before adopting, so that an inconsistent module is an error naming it.
fn check_module(module: &Module) -> Result<()> {
    module
        .check_ids()
        .map_err(|e| Error::new(ErrorKind::Build(e.to_string()), None, "module", None))
}
