//! The entries and their signatures as the signature rules see them (DXIL.rst "HLSL signatures
//! and semantics", "Signature element record"), built once per module and shared by the
//! signature passes and the signature operations.
//!
//! A metadata element is read the way the reference's loader reads it:
//! - its signature point is the point of its signature in the entry's stage, except that
//!   `SV_PrimitiveID` in a geometry shader's input sits at the `GSIn` point (a shadow
//!   element of the vertex input);
//! - its semantic is the kind the record declares, kept only when that kind means
//!   something at the point: a kind that is `NA` there reads as the invalid semantic, a
//!   kind interpreted as arbitrary there reads as arbitrary;
//! - its name is the system value's canonical name for system values, the declared name
//!   otherwise; a system value without semantic indices has index 0;
//! - packed 8-bit component types read as `u32`, interpolation modes past the last one as
//!   the invalid mode;
//! - its position in the list is its id (the record's own id is not used).
//!
//! [`SigState`] also holds what the reference keeps per entry while it walks the module
//! (`EntryStatus`): the output columns written, the position components written per
//! stream, whether coverage, inner coverage and the view id are read.

use std::collections::{HashMap, HashSet};

use dxil_container::ShaderKind;
use dxil_gen::sigpoint::{SigPointInfo, SignatureKind};
use dxil_ir::{CheckedModule, Function, InstKind, Linkage, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{EntryPoint, Property, SignatureElement};
use dxil_ops::{SemanticInterpretationKind as Interp, SigPointKind};

use crate::context::Ctx;
use crate::util::{self, comp};

/// Semantic kinds (DXIL.rst "SemanticKind"); `INVALID` is the kind of the invalid semantic.
pub(crate) mod sem {
    pub const ARBITRARY: u32 = 0;
    pub const VERTEX_ID: u32 = 1;
    pub const INSTANCE_ID: u32 = 2;
    pub const POSITION: u32 = 3;
    pub const RENDER_TARGET_ARRAY_INDEX: u32 = 4;
    pub const VIEWPORT_ARRAY_INDEX: u32 = 5;
    pub const CLIP_DISTANCE: u32 = 6;
    pub const CULL_DISTANCE: u32 = 7;
    pub const OUTPUT_CONTROL_POINT_ID: u32 = 8;
    pub const DOMAIN_LOCATION: u32 = 9;
    pub const PRIMITIVE_ID: u32 = 10;
    pub const GS_INSTANCE_ID: u32 = 11;
    pub const SAMPLE_INDEX: u32 = 12;
    pub const IS_FRONT_FACE: u32 = 13;
    pub const COVERAGE: u32 = 14;
    pub const INNER_COVERAGE: u32 = 15;
    pub const TARGET: u32 = 16;
    pub const DEPTH: u32 = 17;
    pub const DEPTH_LESS_EQUAL: u32 = 18;
    pub const DEPTH_GREATER_EQUAL: u32 = 19;
    pub const STENCIL_REF: u32 = 20;
    pub const TESS_FACTOR: u32 = 25;
    pub const INSIDE_TESS_FACTOR: u32 = 26;
    pub const BARYCENTRICS: u32 = 28;
    pub const SHADING_RATE: u32 = 29;
    pub const CULL_PRIMITIVE: u32 = 30;
    pub const INVALID: u32 = 33;
}

/// Interpolation modes (DXIL.rst "InterpolationMode").
pub(crate) mod interp {
    pub const UNDEFINED: u8 = 0;
    pub const CONSTANT: u8 = 1;
    pub const LINEAR_NOPERSPECTIVE: u8 = 4;
    pub const LINEAR_NOPERSPECTIVE_CENTROID: u8 = 5;
    pub const LINEAR_SAMPLE: u8 = 6;
    pub const LINEAR_NOPERSPECTIVE_SAMPLE: u8 = 7;
    pub const INVALID: u8 = 8;

    /// One of the six linear modes.
    pub fn is_linear(m: u8) -> bool {
        (2..=7).contains(&m)
    }

    /// A linear mode without perspective correction.
    pub fn is_no_perspective(m: u8) -> bool {
        matches!(
            m,
            LINEAR_NOPERSPECTIVE | LINEAR_NOPERSPECTIVE_CENTROID | LINEAR_NOPERSPECTIVE_SAMPLE
        )
    }
}

/// The canonical names of the system value semantics, by kind (kind 0, arbitrary, has none).
const SEMANTIC_NAMES: [&str; 33] = [
    "",
    "SV_VertexID",
    "SV_InstanceID",
    "SV_Position",
    "SV_RenderTargetArrayIndex",
    "SV_ViewportArrayIndex",
    "SV_ClipDistance",
    "SV_CullDistance",
    "SV_OutputControlPointID",
    "SV_DomainLocation",
    "SV_PrimitiveID",
    "SV_GSInstanceID",
    "SV_SampleIndex",
    "SV_IsFrontFace",
    "SV_Coverage",
    "SV_InnerCoverage",
    "SV_Target",
    "SV_Depth",
    "SV_DepthLessEqual",
    "SV_DepthGreaterEqual",
    "SV_StencilRef",
    "SV_DispatchThreadID",
    "SV_GroupID",
    "SV_GroupIndex",
    "SV_GroupThreadID",
    "SV_TessFactor",
    "SV_InsideTessFactor",
    "SV_ViewID",
    "SV_Barycentrics",
    "SV_ShadingRate",
    "SV_CullPrimitive",
    "SV_StartVertexLocation",
    "SV_StartInstanceLocation",
];

/// The canonical name of system value `kind` (empty for arbitrary and invalid semantics,
/// which have none).
pub(crate) fn semantic_name(kind: u32) -> &'static str {
    util::table_entry(&SEMANTIC_NAMES, kind, "")
}

/// The semantic kind a name stands for, as the reference looks names up: names without the
/// `SV_` prefix (any case) are arbitrary; a prefixed name must be one of the system values
/// (case-insensitively) or it is the invalid semantic.
pub(crate) fn semantic_by_name(name: &str) -> u32 {
    let b = name.as_bytes();
    if b.len() < 3
        || !b[0].eq_ignore_ascii_case(&b'S')
        || !b[1].eq_ignore_ascii_case(&b'V')
        || b[2] != b'_'
    {
        return sem::ARBITRARY;
    }
    (1..SEMANTIC_NAMES.len())
        .find(|&k| SEMANTIC_NAMES[k].eq_ignore_ascii_case(name))
        .map_or(sem::INVALID, |k| k as u32)
}

/// Which signature a signature point belongs to (`None`: the point is outside the three
/// signatures, as the special inputs and the compute-like inputs are).
pub(crate) fn point_signature(p: SigPointKind) -> Option<SignatureKind> {
    use SigPointKind::*;
    match p {
        VSIn | HSCPIn | DSCPIn | GSVIn | PSIn => Some(SignatureKind::Input),
        VSOut | HSCPOut | DSOut | GSOut | PSOut | MSOut => Some(SignatureKind::Output),
        PCOut | DSIn | MSPOut => Some(SignatureKind::PatchConstOrPrim),
        _ => None,
    }
}

/// One element as the rules see it.
pub(crate) struct Element<'m> {
    /// The metadata record.
    pub md: &'m SignatureElement,
    /// Position in its signature (the id the operations use).
    pub id: usize,
    /// The element's signature point.
    pub point: SigPointKind,
    /// The semantic kind after resolution at the point ([`sem::INVALID`] when none).
    pub kind: u32,
    /// The interpretation of that kind at the point.
    pub interp: Interp,
    /// The name printed in messages: the canonical name of a system value, the declared
    /// name otherwise.
    pub name: &'m str,
    /// The first semantic index: the first declared index, or the number the declared name
    /// ends with when no index is declared.
    pub start_index: u32,
    /// The semantic indices (a system value without any has index 0).
    pub indices: &'m [u32],
    /// The component type, packed types read as `u32`.
    pub comp: u32,
    /// The interpolation mode, clamped to [`interp::INVALID`].
    pub mode: u8,
}

static INDEX_ZERO: [u32; 1] = [0];

impl<'m> Element<'m> {
    fn new(md: &'m SignatureElement, id: usize, sig_point: SigPointKind) -> Element<'m> {
        let raw = u32::from(md.semantic_kind);
        let point = sig_point.recover(raw);
        let kind = if point == SigPointKind::Invalid || raw >= sem::INVALID {
            sem::INVALID
        } else {
            match point.interpretation(raw) {
                Interp::NA => sem::INVALID,
                Interp::Arb => sem::ARBITRARY,
                _ => raw,
            }
        };
        let interp = if kind == sem::INVALID {
            Interp::NA
        } else {
            point.interpretation(kind)
        };
        let name = if kind == sem::ARBITRARY || kind == sem::INVALID {
            md.name.as_str()
        } else {
            semantic_name(kind)
        };
        let start_index = match md.semantic_indices.first() {
            Some(&i) => i,
            None => trailing_number(&md.name),
        };
        let indices: &'m [u32] = if md.semantic_indices.is_empty() && kind != sem::ARBITRARY {
            &INDEX_ZERO
        } else {
            &md.semantic_indices
        };
        let comp = match u32::from(md.component_type) {
            comp::PackedS8x32 | comp::PackedU8x32 => comp::U32,
            c => c,
        };
        Element {
            md,
            id,
            point,
            kind,
            interp,
            name,
            start_index,
            indices,
            comp,
            mode: md.interpolation_mode.min(interp::INVALID),
        }
    }

    /// Start row and column both set.
    pub fn is_allocated(&self) -> bool {
        self.md.start_row != -1 && self.md.start_col != -1
    }

    /// Rows.
    pub fn rows(&self) -> u32 {
        self.md.rows
    }

    /// Columns.
    pub fn cols(&self) -> u32 {
        u32::from(self.md.cols)
    }

    /// Start row.
    pub fn start_row(&self) -> i32 {
        self.md.start_row
    }

    /// Start column.
    pub fn start_col(&self) -> i32 {
        i32::from(self.md.start_col)
    }

    /// The GS output stream (0 when not given).
    pub fn stream(&self) -> u32 {
        self.md.output_stream()
    }

    /// Which signature the element's point belongs to.
    pub fn signature(&self) -> Option<SignatureKind> {
        point_signature(self.point)
    }
}

/// The number a name ends with (0 when it does not end with a digit); wraps like the C
/// conversion on overflow.
fn trailing_number(name: &str) -> u32 {
    let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
    name.as_bytes()[name.len() - digits..]
        .iter()
        .fold(0u32, |n, d| {
            n.wrapping_mul(10).wrapping_add(u32::from(d - b'0'))
        })
}

/// One of an entry's three signatures.
pub(crate) struct Signature<'m> {
    /// Its point in the entry's stage (`Invalid` when the stage has none).
    pub point: SigPointKind,
    /// Its elements.
    pub elements: Vec<Element<'m>>,
}

impl Signature<'_> {
    /// The signature's point is an output point.
    pub fn is_output(&self) -> bool {
        point_signature(self.point) == Some(SignatureKind::Output)
    }

    /// The signature's point is an input point.
    pub fn is_input(&self) -> bool {
        point_signature(self.point) == Some(SignatureKind::Input)
    }

    /// Rows up to the end of the last element (`GetRowCount`).
    pub fn row_count(&self) -> u32 {
        self.elements
            .iter()
            .map(|e| (e.start_row() as u32).wrapping_add(e.rows()))
            .fold(0, u32::max)
    }
}

/// What the walk over the functions records per entry (`EntryStatus`).
#[derive(Default)]
pub(crate) struct Status {
    /// Position components written, per output stream.
    pub position_mask: [u32; 4],
    /// The output signature declares a position, per output stream.
    pub has_position: [bool; 4],
    /// Columns written, per output element.
    pub output_cols: Vec<u32>,
    /// Columns written, per patch constant or primitive element.
    pub patch_cols: Vec<u32>,
    /// `Coverage` is read.
    pub coverage: bool,
    /// `InnerCoverage` is read.
    pub inner_coverage: bool,
    /// `ViewID` is read.
    pub view_id: bool,
}

/// An entry function with its properties and signatures.
pub(crate) struct Entry<'m> {
    /// The function.
    pub function: Function,
    /// Its stage (`Invalid` for a library entry without one).
    pub kind: ShaderKind,
    /// Its properties.
    pub props: &'m [Property],
    /// Input, output, patch constant or primitive.
    pub sigs: [Signature<'m>; 3],
    /// What the walk found.
    pub status: Status,
}

impl<'m> Entry<'m> {
    fn new(function: Function, kind: ShaderKind, ep: &'m EntryPoint) -> Entry<'m> {
        let sigs = ep.signatures.as_ref();
        let make = |sk: SignatureKind, list: Option<&'m Vec<SignatureElement>>| {
            // A stage without this signature puts its elements at the invalid point.
            let point = SigPointKind::of(kind, sk).unwrap_or(SigPointKind::Invalid);
            Signature {
                point,
                elements: util::signature_elements(list)
                    .iter()
                    .enumerate()
                    .map(|(i, e)| Element::new(e, i, point))
                    .collect(),
            }
        };
        let sigs = [
            make(SignatureKind::Input, sigs.and_then(|s| s.input.as_ref())),
            make(SignatureKind::Output, sigs.and_then(|s| s.output.as_ref())),
            make(
                SignatureKind::PatchConstOrPrim,
                sigs.and_then(|s| s.patch_constant.as_ref()),
            ),
        ];
        let status = Status {
            output_cols: vec![0; sigs[1].elements.len()],
            patch_cols: vec![0; sigs[2].elements.len()],
            ..Status::default()
        };
        Entry {
            function,
            kind,
            props: util::entry_properties(ep),
            sigs,
            status,
        }
    }

    /// The input signature.
    pub fn input(&self) -> &Signature<'m> {
        &self.sigs[0]
    }

    /// The output signature.
    pub fn output(&self) -> &Signature<'m> {
        &self.sigs[1]
    }

    /// The patch constant or primitive signature.
    pub fn patch(&self) -> &Signature<'m> {
        &self.sigs[2]
    }

    /// A ray tracing stage.
    pub fn is_ray(&self) -> bool {
        matches!(
            self.kind,
            ShaderKind::RayGeneration
                | ShaderKind::Intersection
                | ShaderKind::AnyHit
                | ShaderKind::ClosestHit
                | ShaderKind::Miss
                | ShaderKind::Callable
        )
    }

    /// The first property `f` picks.
    pub fn prop<T>(&self, f: impl Fn(&'m Property) -> Option<T>) -> Option<T> {
        self.props.iter().find_map(f)
    }

    /// The first property `f` picks, or the value the reference reads when the record does
    /// not give it: its function properties start zeroed (`DxilFunctionProps`), so an
    /// absent state reads as zeros.
    pub fn declared<T: Default>(&self, f: impl Fn(&'m Property) -> Option<T>) -> T {
        self.prop(f).unwrap_or_default()
    }

    /// Hull state: (input control points, output control points, domain).
    pub fn hs(&self) -> (u32, u32, u32) {
        self.declared(|p| match p {
            Property::HsState(s) => {
                Some((s.input_control_points, s.output_control_points, s.domain))
            }
            _ => None,
        })
    }

    /// Domain state: (input control points, domain).
    pub fn ds(&self) -> (u32, u32) {
        self.declared(|p| match p {
            Property::DsState(s) => Some((s.input_control_points, s.domain)),
            _ => None,
        })
    }

    /// The tessellator domain of a hull or domain entry (0 otherwise).
    pub fn domain(&self) -> u32 {
        match self.kind {
            ShaderKind::Hull => self.hs().2,
            ShaderKind::Domain => self.ds().1,
            _ => 0,
        }
    }

    /// The topology of each GS output stream (0, undefined, for inactive streams): the
    /// state's topology on the streams of its active stream mask.
    pub fn stream_topologies(&self) -> [u32; 4] {
        let (mask, topo) = self.declared(|p| match p {
            Property::GsState(s) => Some((s.active_stream_mask, s.output_topology)),
            _ => None,
        });
        let mut out = [0; 4];
        if topo != 0 {
            for (i, t) in out.iter_mut().enumerate() {
                if mask & (1 << i) != 0 {
                    *t = topo;
                }
            }
        }
        out
    }

    /// The streams with a topology, as a mask.
    pub fn stream_mask(&self) -> u32 {
        self.stream_topologies()
            .iter()
            .enumerate()
            .filter(|(_, &t)| t != 0)
            .fold(0, |m, (i, _)| m | 1 << i)
    }
}

/// Every entry of the module, and the walk's findings.
pub(crate) struct SigState<'m> {
    /// Entries in module function order.
    pub entries: Vec<Entry<'m>>,
    /// Entry index of each entry function.
    pub by_function: HashMap<Function, usize>,
    /// Hull entries of each patch constant function.
    pub patch_constant: HashMap<Function, Vec<usize>>,
    /// The module is a library.
    pub is_lib: bool,
    /// 16-bit types are minimum precision (the entry's flags do not ask for native ones).
    pub use_min_precision: bool,
    /// The module's shader kind.
    pub module_kind: Option<ShaderKind>,
    /// Functions reachable from the entry (`None` until needed).
    reachable: Option<HashSet<Function>>,
    /// The signature operations seen by the walk, for the rules that depend on the order
    /// the reference visits them in.
    pub calls: Vec<SigCall>,
}

/// A signature operation the walk saw.
pub(crate) struct SigCall {
    /// Reference order: the callee's index among the functions, then program order.
    pub order: (u32, u32),
    /// Its function and instruction.
    pub f: Function,
    /// The instruction.
    pub inst: dxil_ir::Inst,
    /// The entry whose status it updates.
    pub entry: usize,
    /// It sets the coverage flag.
    pub coverage: bool,
    /// It sets the inner coverage flag.
    pub inner_coverage: bool,
    /// It reaches the final coverage check (no early return).
    pub checked: bool,
}

/// The function a metadata value names.
pub(crate) fn md_function(md: &Md) -> Option<Function> {
    match md {
        Md::Value {
            value: ValueRef::Function(f),
            ..
        } => Some(*f),
        _ => None,
    }
}

impl<'m> SigState<'m> {
    /// The state, built on first use.
    pub fn take(ctx: &mut Ctx<'m>) -> Box<SigState<'m>> {
        match ctx.sig.take() {
            Some(s) => s,
            None => Box::new(SigState::build(ctx.m, ctx.md)),
        }
    }

    /// Hands the state back to the context.
    pub fn put(self: Box<Self>, ctx: &mut Ctx<'m>) {
        ctx.sig = Some(self);
    }

    fn build(m: &'m CheckedModule, md: &'m dxil_module::DxilMetadata) -> SigState<'m> {
        let module_kind = md.shader_kind();
        let is_lib = module_kind == Some(ShaderKind::Library);
        let eps: &[EntryPoint] = util::entry_records(md);
        let first_flags = eps.first().map_or(0, EntryPoint::shader_flags);
        let use_min_precision =
            first_flags & (1 << dxil_module::shader_flags::bit::USE_NATIVE_LOW_PRECISION) == 0;
        let mut found: Vec<(Function, ShaderKind, &'m EntryPoint)> = Vec::new();
        if is_lib {
            for ep in eps.iter().skip(1) {
                let Some(f) = md_function(&ep.function) else {
                    continue;
                };
                let kind = ep
                    .properties
                    .iter()
                    .flatten()
                    .find_map(|p| match p {
                        Property::ShaderKind(k) => ShaderKind::from_raw(*k),
                        _ => None,
                    })
                    .unwrap_or_else(|| util::lib_entry_default_kind(ep));
                // A later record for the same function replaces an earlier one.
                found.retain(|(g, _, _)| *g != f);
                found.push((f, kind, ep));
            }
        } else if let (Some(kind), Some(ep)) = (module_kind, eps.first()) {
            if let Some(f) = md_function(&ep.function) {
                found.push((f, kind, ep));
            }
        }
        found.retain(|(f, _, _)| m.functions.get(*f).is_some());
        found.sort_by_key(|(f, _, _)| f.index());
        let entries: Vec<Entry<'m>> = found
            .into_iter()
            .map(|(f, kind, ep)| Entry::new(f, kind, ep))
            .collect();
        let by_function = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.function, i))
            .collect();
        let mut patch_constant: HashMap<Function, Vec<usize>> = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            if e.kind != ShaderKind::Hull {
                continue;
            }
            let pc = e.prop(|p| match p {
                Property::HsState(s) => md_function(&s.patch_constant_function),
                _ => None,
            });
            if let Some(pc) = pc {
                patch_constant.entry(pc).or_default().push(i);
            }
        }
        SigState {
            entries,
            by_function,
            patch_constant,
            is_lib,
            use_min_precision,
            module_kind,
            reachable: None,
            calls: Vec::new(),
        }
    }

    /// Whether `f` can be reached by calls from the entry (`entryFuncCallSet`): from the
    /// entry function of a shader; from every function outside the module's internal ones in
    /// a library (anything may call those).
    pub fn reachable(&mut self, m: &CheckedModule, f: Function) -> bool {
        if self.reachable.is_none() {
            let mut seen = HashSet::new();
            let mut stack: Vec<Function> = if self.is_lib {
                m.functions
                    .iter_with_ids()
                    .filter(|(_, d)| {
                        !matches!(
                            dxil_ir::decode_linkage(d.common.linkage.into()),
                            Some(Linkage::Internal | Linkage::Private)
                        )
                    })
                    .map(|(g, _)| g)
                    .collect()
            } else {
                self.entries.iter().map(|e| e.function).collect()
            };
            while let Some(g) = stack.pop() {
                if !seen.insert(g) {
                    continue;
                }
                let Some(body) = m.functions.get(g).and_then(|d| d.body.as_ref()) else {
                    continue;
                };
                for (_, _, data) in crate::util::insts(body) {
                    if let InstKind::Call {
                        callee: ValueRef::Function(c),
                        ..
                    } = &data.kind
                    {
                        if !seen.contains(c) {
                            stack.push(*c);
                        }
                    }
                }
            }
            self.reachable = Some(seen);
        }
        self.reachable.as_ref().is_some_and(|s| s.contains(&f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_like_the_reference() {
        assert_eq!(semantic_by_name("TEXCOORD"), sem::ARBITRARY);
        assert_eq!(semantic_by_name("sv_position"), sem::POSITION);
        assert_eq!(semantic_by_name("SV_Nothing"), sem::INVALID);
        assert_eq!(semantic_name(sem::TARGET), "SV_Target");
        assert_eq!(trailing_number("TEXCOORD12"), 12);
        assert_eq!(trailing_number("A"), 0);
    }

    #[test]
    fn elements_resolve_at_their_point() {
        let md = |name: &str, kind: u8| SignatureElement {
            id: 0,
            name: name.into(),
            component_type: 9,
            semantic_kind: kind,
            semantic_indices: Vec::new(),
            interpolation_mode: 2,
            rows: 1,
            cols: 4,
            start_row: 0,
            start_col: 0,
            properties: None,
        };
        // Position is arbitrary in a vertex shader's input.
        let p = md("SV_Position", 3);
        let e = Element::new(&p, 0, SigPointKind::VSIn);
        assert_eq!(
            (e.kind, e.interp, e.name),
            (sem::ARBITRARY, Interp::Arb, "SV_Position")
        );
        // A target is not a vertex shader output.
        let t = md("SV_Target", 16);
        let e = Element::new(&t, 0, SigPointKind::VSOut);
        assert_eq!((e.kind, e.interp), (sem::INVALID, Interp::NA));
        assert_eq!(e.indices, &[0]);
        // Primitive id in a GS input is a shadow of the special input.
        let prim = md("SV_PrimitiveID", 10);
        let e = Element::new(&prim, 0, SigPointKind::GSVIn);
        assert_eq!((e.point, e.interp), (SigPointKind::GSIn, Interp::Shadow));
        assert_eq!(e.signature(), None);
    }
}
