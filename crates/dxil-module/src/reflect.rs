//! Reflection: the facts an engine needs about a shader, as serializable data with a stable
//! field order (`dxil reflect F --json`).
//!
//! JSON shape ([`Reflection`]):
//!
//! ```text
//! { "shader_model": {"kind", "major", "minor"} | null,
//!   "dxil_version": {"major", "minor"} | null, "validator_version": ... | null,
//!   "shader_flags": u64,                      // raw flags of the first entry
//!   "required_features": [SFI0 names],
//!   "entry_points": [{ "name", "stage", "thread_group_size": [x,y,z] | null,
//!                      "wave_size": [..] | null, "shader_flags": u64,
//!                      "input_signature" | "output_signature" | "patch_constant_signature":
//!                        [{ "name", "semantic_indices", "semantic_kind", "component_type",
//!                           "interpolation_mode", "rows", "cols", "start_row", "start_col",
//!                           "usage_mask", "dynamic_index_mask", "output_stream" }] }],
//!   "resources": [{ "name", "class", "kind", "id", "space", "lower_bound",
//!                   "count" (null: unbounded), "element_type", "stride", "sample_count",
//!                   "has_counter", "globally_coherent", "rasterizer_ordered" }],
//!   "constant_buffers": [{ "name", "kind" ("cbuffer"|"tbuffer"), "size", "space",
//!                          "lower_bound", "members": [Member] }] }
//! Member: { "name", "type", "offset", "elements" (array size, 0: not an array),
//!           "members": [Member] (structs) }
//! ```
//!
//! Resources and constant buffers come from the reflection module (`STAT` when present);
//! entry points and signatures from the printed module.

use dxil_container::ShaderKind;
use dxil_ir::{Module, Type, TypeData};
use dxil_parts::names::{ComponentType, InterpolationMode, ResourceKind, SemanticKind};
use serde::Serialize;

use crate::md::Md;
use crate::model::{
    DxilMetadata, EntryPoint, FieldAnnotation, Property, Resource, ResourceClass, ShaderModel,
    SignatureElement, Version,
};
use crate::shader_flags::{bit, mask};
use crate::view::ModuleView;

/// The reflection of a shader.
#[derive(Clone, Debug, Serialize)]
pub struct Reflection {
    /// `dx.shaderModel`.
    pub shader_model: Option<ShaderModel>,
    /// `dx.version`.
    pub dxil_version: Option<Version>,
    /// `dx.valver`.
    pub validator_version: Option<Version>,
    /// Raw shader flags of the first entry.
    pub shader_flags: u64,
    /// `SFI0` feature names.
    pub required_features: Vec<String>,
    /// Entry points.
    pub entry_points: Vec<EntryReflection>,
    /// Resource bindings.
    pub resources: Vec<ResourceReflection>,
    /// Constant and texture buffers with their members.
    pub constant_buffers: Vec<BufferReflection>,
}

/// One entry point.
#[derive(Clone, Debug, Serialize)]
pub struct EntryReflection {
    /// Name.
    pub name: String,
    /// Stage (`Pixel`, `Compute`, ...; library entries: their own kind).
    pub stage: Option<String>,
    /// Thread group size (compute, mesh, amplification, node).
    pub thread_group_size: Option<Vec<u32>>,
    /// Wave size (`[size]` or `[min, max, preferred]`).
    pub wave_size: Option<Vec<u32>>,
    /// Raw shader flags.
    pub shader_flags: u64,
    /// Input signature.
    pub input_signature: Vec<ElementReflection>,
    /// Output signature.
    pub output_signature: Vec<ElementReflection>,
    /// Patch constant (mesh: primitive output) signature.
    pub patch_constant_signature: Vec<ElementReflection>,
}

/// One signature element.
#[derive(Clone, Debug, Serialize)]
pub struct ElementReflection {
    /// Semantic name.
    pub name: String,
    /// Semantic indices.
    pub semantic_indices: Vec<u32>,
    /// `SemanticKind` name.
    pub semantic_kind: Option<&'static str>,
    /// `ComponentType` name.
    pub component_type: Option<&'static str>,
    /// `InterpolationMode` name.
    pub interpolation_mode: Option<&'static str>,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u8,
    /// Start row (-1: not allocated).
    pub start_row: i32,
    /// Start column (-1: not allocated).
    pub start_col: i8,
    /// Components used.
    pub usage_mask: u32,
    /// Dynamically indexed components.
    pub dynamic_index_mask: u32,
    /// GS output stream.
    pub output_stream: u32,
}

/// One resource range.
#[derive(Clone, Debug, Serialize)]
pub struct ResourceReflection {
    /// Name.
    pub name: String,
    /// Class.
    pub class: ResourceClass,
    /// `ResourceKind` name.
    pub kind: Option<&'static str>,
    /// Id within the class.
    pub id: u32,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Register count (`None`: unbounded).
    pub count: Option<u32>,
    /// Element component type of typed resources.
    pub element_type: Option<&'static str>,
    /// Structured buffer stride.
    pub stride: Option<u32>,
    /// Multisample count.
    pub sample_count: u32,
    /// UAV counter.
    pub has_counter: bool,
    /// Globally coherent UAV.
    pub globally_coherent: bool,
    /// Rasterizer ordered UAV.
    pub rasterizer_ordered: bool,
}

/// A constant or texture buffer.
#[derive(Clone, Debug, Serialize)]
pub struct BufferReflection {
    /// Name.
    pub name: String,
    /// `cbuffer` or `tbuffer`.
    pub kind: &'static str,
    /// Size in bytes.
    pub size: u32,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Members (empty without type annotations).
    pub members: Vec<Member>,
}

/// A buffer member.
#[derive(Clone, Debug, Serialize)]
pub struct Member {
    /// Name.
    pub name: String,
    /// HLSL type (`float4`, `row_major float4x4`, struct name).
    pub r#type: String,
    /// Offset from the buffer's start.
    pub offset: u32,
    /// Array elements (0: not an array).
    pub elements: u64,
    /// Struct members.
    pub members: Vec<Member>,
}

fn element(e: &SignatureElement) -> ElementReflection {
    ElementReflection {
        name: e.name.clone(),
        semantic_indices: e.semantic_indices.clone(),
        semantic_kind: SemanticKind::from_u32(u32::from(e.semantic_kind)).map(SemanticKind::name),
        component_type: e.component_type().map(ComponentType::name),
        interpolation_mode: e.interpolation_mode().map(InterpolationMode::name),
        rows: e.rows,
        cols: e.cols,
        start_row: e.start_row,
        start_col: e.start_col,
        usage_mask: e.usage_comp_mask(),
        dynamic_index_mask: e.dyn_idx_comp_mask(),
        output_stream: e.output_stream(),
    }
}

fn elements(l: &Option<Vec<SignatureElement>>) -> Vec<ElementReflection> {
    l.iter().flatten().map(element).collect()
}

fn entry(e: &EntryPoint, module_kind: Option<ShaderKind>) -> EntryReflection {
    let props = e.properties.as_deref().unwrap_or(&[]);
    let mut stage = module_kind;
    let mut threads = None;
    let mut wave = None;
    for p in props {
        match p {
            Property::ShaderKind(k) => {
                stage = u8::try_from(*k)
                    .ok()
                    .and_then(|k| ShaderKind::from_raw(u32::from(k)))
            }
            Property::NumThreads(t) => threads = Some(t.clone()),
            Property::MsState(s) => threads = Some(s.num_threads.clone()),
            Property::AsState(s) => threads = Some(s.num_threads.clone()),
            Property::WaveSize(w) | Property::RangedWaveSize(w) => wave = Some(w.clone()),
            _ => {}
        }
    }
    let sigs = e.signatures.clone().unwrap_or_default();
    EntryReflection {
        name: e.name.clone(),
        stage: stage.map(|s| s.name().to_string()),
        thread_group_size: threads,
        wave_size: wave,
        shader_flags: e.shader_flags(),
        input_signature: elements(&sigs.input),
        output_signature: elements(&sigs.output),
        patch_constant_signature: elements(&sigs.patch_constant),
    }
}

fn resource(r: &Resource) -> ResourceReflection {
    ResourceReflection {
        name: r.base.name.clone(),
        class: r.class,
        kind: r.kind().map(ResourceKind::name),
        id: r.base.id,
        space: r.base.space,
        lower_bound: r.base.lower_bound,
        count: (r.base.range_size != u32::MAX).then_some(r.base.range_size),
        element_type: r.element_type().map(ComponentType::name),
        stride: r.element_stride(),
        sample_count: r.sample_count,
        has_counter: r.has_counter,
        globally_coherent: r.globally_coherent,
        rasterizer_ordered: r.rasterizer_ordered,
    }
}

struct Members<'a> {
    module: &'a Module,
    md: &'a DxilMetadata,
    min_precision: bool,
    /// Members left to describe (nested structs repeat their members at each use).
    budget: std::cell::Cell<usize>,
}

impl Members<'_> {
    fn of_struct(&self, ty: Type, base: u32, depth: usize) -> Vec<Member> {
        let (Some(TypeData::Struct(s)), Some(a)) =
            (self.module.ty(ty), self.md.struct_annotation(ty))
        else {
            return Vec::new();
        };
        if depth > 32 {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (&ety, fa) in s.elems.iter().zip(&a.fields) {
            let left = self.budget.get();
            if left == 0 {
                break;
            }
            self.budget.set(left - 1);
            out.push(self.member(ety, fa, base, depth));
        }
        out
    }

    fn member(&self, ty: Type, fa: &FieldAnnotation, base: u32, depth: usize) -> Member {
        let offset = base.wrapping_add(fa.cbuffer_offset().unwrap_or(0));
        let mut elt = ty;
        let mut elements: u64 = 0;
        let mut guard = 0;
        while let Some(TypeData::Array { len, elem }) = self.module.ty(elt) {
            elements = elements.max(1).wrapping_mul(*len);
            elt = *elem;
            guard += 1;
            if guard > 64 {
                break;
            }
        }
        let comp_name = dxil_parts::names::ComponentType::from_raw(fa.comp_type().unwrap_or(0))
            .map_or("unknown", |c| c.hlsl_name(self.min_precision));
        let (ty_name, members) = if let Some((rows, cols, orientation)) = fa.matrix() {
            let major = match orientation {
                1 => "row_major ",
                2 => "column_major ",
                _ => "",
            };
            if elements != 0 {
                let per = u64::from(if orientation == 1 { rows } else { cols }).max(1);
                elements /= per;
            }
            // One level of arrays is the matrix's own rows or columns: not an array.
            if guard == 1 {
                elements = 0;
            }
            (format!("{major}{comp_name}{rows}x{cols}"), Vec::new())
        } else {
            match self.module.ty(elt) {
                Some(TypeData::Struct(s)) => (
                    s.name.clone().unwrap_or_default(),
                    self.of_struct(elt, offset, depth + 1),
                ),
                Some(TypeData::Vector { len, .. }) => (format!("{comp_name}{len}"), Vec::new()),
                _ => (comp_name.to_string(), Vec::new()),
            }
        };
        Member {
            name: fa.name().unwrap_or("").to_string(),
            r#type: ty_name,
            offset,
            elements,
            members,
        }
    }
}

fn buffers(view: &ModuleView<'_>) -> Vec<BufferReflection> {
    let m = view.module;
    let md = &view.metadata;
    let members = Members {
        module: m,
        md,
        min_precision: view.shader_flags() & mask(bit::USE_NATIVE_LOW_PRECISION) == 0,
        budget: std::cell::Cell::new(1 << 20),
    };
    let Some(res) = md.resources.as_ref() else {
        return Vec::new();
    };
    let struct_of = |r: &Resource| -> Option<Type> {
        let Md::Value { ty, .. } = &r.base.symbol else {
            return None;
        };
        let TypeData::Pointer { pointee, .. } = m.ty(*ty)? else {
            return None;
        };
        match m.ty(*pointee)? {
            TypeData::Array { elem, .. } => Some(*elem),
            _ => Some(*pointee),
        }
    };
    let mut out = Vec::new();
    let cbs = res
        .of(ResourceClass::CBuffer)
        .iter()
        .map(|r| (r, "cbuffer"));
    let tbs = res
        .of(ResourceClass::SRV)
        .iter()
        .filter(|r| r.kind() == Some(ResourceKind::TBuffer))
        .map(|r| (r, "tbuffer"));
    for (r, kind) in cbs.chain(tbs) {
        let ty = struct_of(r);
        let size = match kind {
            "cbuffer" => r.shape_or_size,
            _ => ty
                .and_then(|t| md.struct_annotation(t))
                .map_or(0, |a| a.cbuffer_size),
        };
        out.push(BufferReflection {
            name: r.base.name.clone(),
            kind,
            size,
            space: r.base.space,
            lower_bound: r.base.lower_bound,
            members: ty.map(|t| members.of_struct(t, 0, 0)).unwrap_or_default(),
        });
    }
    out
}

/// Reflects a module: `main` is the module the container's program part holds (the `DXIL`
/// or `ILDB` part), `reflection` the `STAT` part's module when the container has one (a
/// stripped `DXIL` module leaves its resource names and struct annotations there), and
/// `required_features` the names the `SFI0` part lists.
pub fn reflect_modules(
    main: &Module,
    reflection: Option<&Module>,
    required_features: Vec<String>,
) -> Result<Reflection, crate::Error> {
    let features = required_features;
    let main = ModuleView::new(main)?;
    let stat_view = match reflection {
        Some(m) => Some(ModuleView::new(m)?),
        None => None,
    };
    let refl = stat_view.as_ref().unwrap_or(&main);
    let md = &main.metadata;
    let kind = md.shader_kind();
    Ok(Reflection {
        shader_model: md.shader_model.clone(),
        dxil_version: md.version,
        validator_version: md.validator_version,
        shader_flags: main.shader_flags(),
        required_features: features,
        entry_points: md
            .entry_points
            .iter()
            .flatten()
            .map(|e| entry(e, kind))
            .collect(),
        resources: refl
            .metadata
            .resources
            .iter()
            .flat_map(|r| r.all())
            .map(resource)
            .collect(),
        constant_buffers: buffers(refl),
    })
}
