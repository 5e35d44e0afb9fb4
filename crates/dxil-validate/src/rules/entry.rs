//! Entry points and their properties (DXIL.rst "Shader Properties and Capabilities",
//! "Hull Shader", "Domain Shader", "Geometry Shader", "Mesh Shader", "Wave Size", node
//! shaders): the reference's `ValidateShaderState` (thread group sizes per stage,
//! tessellation, geometry, mesh limits, wave sizes, pass-through hull shaders), and the
//! entry part of `ValidateFunction` (entry signatures, node inputs).
//!
//! [`entries`] reads each entry's properties the way the reference loads them into its
//! per-function map (`DxilFunctionProps`): a stage's one entry with the shader model's kind,
//! a library's entries after the module entry with their shader kind property; a later tag
//! overrides an earlier one, and a function named by two entries keeps the last.

use dxil_container::ShaderKind;
use dxil_ir::{Function, SecondaryMap, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{DsState, EntryPoint, GsState, HsState, Property, SignatureElement};
use dxil_ops::{SemanticKind, ValidationRule as R};

use crate::context::Ctx;
use crate::util;

/// `DXIL::kMinWaveSize` and `DXIL::kMaxWaveSize`.
const WAVE_SIZE_RANGE: (u32, u32) = (4, 128);
/// Compute and node thread group limits: per dimension (min, max) and in total.
const CS_THREADS: [(u32, u32); 3] = [(1, 1024), (1, 1024), (1, 64)];
const CS_MAX_THREADS: u32 = 1024;
/// Mesh and amplification thread group limits.
const MS_AS_THREADS: [(u32, u32); 3] = [(1, 128), (1, 128), (1, 128)];
const MS_AS_MAX_THREADS: u32 = 128;
/// Mesh shader output limits.
const MS_MAX_VERTICES: u32 = 256;
const MS_MAX_PRIMITIVES: u32 = 256;
/// Patch control points (`kMinIAPatchControlPointCount`, `kMaxIAPatchControlPointCount`).
const PATCH_CONTROL_POINTS: (u32, u32) = (1, 32);
/// Hull shader max tessellation factor bounds.
const MAX_TESS_FACTOR: (f32, f32) = (1.0, 64.0);
/// Scalars over all output control points of a pass-through hull shader.
const HS_OUTPUT_CONTROL_POINT_SCALARS: u32 = 3968;
/// Geometry shader limits.
const GS_MAX_VERTICES: u32 = 1024;
const GS_MAX_INSTANCES: u32 = 32;

/// `DXIL::NodeLaunchType`.
pub(crate) mod launch {
    pub const INVALID: u32 = 0;
    pub const BROADCASTING: u32 = 1;
    pub const COALESCING: u32 = 2;
    pub const THREAD: u32 = 3;
}

/// A wave size as the reference holds it: a single size is a minimum alone; a range has a
/// maximum and an optional preferred size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct WaveSize {
    pub min: u32,
    pub max: u32,
    pub preferred: u32,
}

/// What is wrong with a wave size (`DxilWaveSize::Validate`), first problem first.
enum WaveSizeProblem {
    InvalidMin,
    InvalidMax,
    InvalidPreferred,
    MaxOrPreferredWhenUndefined,
    PreferredWhenNoRange,
    MaxLessThanMin,
    PreferredOutOfRange,
}

impl WaveSize {
    pub fn is_defined(self) -> bool {
        self.min != 0
    }

    /// A power of two from 4 to 128.
    fn valid_value(v: u32) -> bool {
        (WAVE_SIZE_RANGE.0..=WAVE_SIZE_RANGE.1).contains(&v) && v.is_power_of_two()
    }

    /// The first problem, if any. A maximum equal to the minimum is accepted (the compiler
    /// only warns about it).
    fn problem(self) -> Option<WaveSizeProblem> {
        use WaveSizeProblem::*;
        if self.min == 0 {
            return (self.max != 0 || self.preferred != 0).then_some(MaxOrPreferredWhenUndefined);
        }
        if !Self::valid_value(self.min) {
            return Some(InvalidMin);
        }
        if self.max == 0 {
            return (self.preferred != 0).then_some(PreferredWhenNoRange);
        }
        if !Self::valid_value(self.max) {
            return Some(InvalidMax);
        }
        if self.min == self.max {
            return None;
        }
        if self.max < self.min {
            return Some(MaxLessThanMin);
        }
        if self.preferred != 0 {
            if !Self::valid_value(self.preferred) {
                return Some(InvalidPreferred);
            }
            if self.preferred < self.min || self.preferred > self.max {
                return Some(PreferredOutOfRange);
            }
        }
        None
    }
}

/// One entry function and its properties, as the reference loads them.
pub(crate) struct Entry<'m> {
    /// The entry function.
    pub f: Function,
    /// Its record.
    pub record: &'m EntryPoint,
    /// `DXIL::ShaderKind`, raw (a library entry without a kind property is a library).
    pub kind: u32,
    /// Thread group size (compute, node, mesh, amplification).
    pub num_threads: [u32; 3],
    pub wave: WaveSize,
    /// `DXIL::NodeLaunchType` ([`launch::INVALID`] when the entry is no node).
    pub launch_type: u32,
    pub gs: Option<&'m GsState>,
    pub ds: Option<&'m DsState>,
    pub hs: Option<&'m HsState>,
    /// Mesh state: (max vertices, max primitives), zero without one (as the reference's
    /// zeroed function properties hold).
    pub ms: (u32, u32),
    /// Node inputs: their `NodeIOFlags`.
    pub node_inputs: Vec<u32>,
}

impl Entry<'_> {
    pub fn is(&self, kind: ShaderKind) -> bool {
        self.kind == kind.raw()
    }

    /// A node shader: the node kind, or any entry with a launch type.
    pub fn is_node(&self) -> bool {
        self.is(ShaderKind::Node) || self.launch_type != launch::INVALID
    }

    fn signature(&self, which: usize) -> &[SignatureElement] {
        let Some(s) = &self.record.signatures else {
            return &[];
        };
        let list = match which {
            0 => &s.input,
            1 => &s.output,
            _ => &s.patch_constant,
        };
        util::signature_elements(list.as_ref())
    }
}

/// The first three numbers of a list, as the reference copies them into a zeroed array
/// (a shorter list leaves the rest 0).
fn three(v: &[u32]) -> [u32; 3] {
    let mut out = [0; 3];
    for (o, x) in out.iter_mut().zip(v) {
        *o = *x;
    }
    out
}

/// The function an entry record names, if it names a function.
pub(crate) fn record_function(record: &EntryPoint) -> Option<Function> {
    match record.function {
        Md::Value {
            value: ValueRef::Function(f),
            ..
        } => Some(f),
        _ => None,
    }
}

fn read_entry<'m>(record: &'m EntryPoint, f: Function, default_kind: u32) -> Entry<'m> {
    let mut e = Entry {
        f,
        record,
        kind: default_kind,
        num_threads: [0; 3],
        wave: WaveSize::default(),
        launch_type: launch::INVALID,
        gs: None,
        ds: None,
        hs: None,
        ms: (0, 0),
        node_inputs: Vec::new(),
    };
    for p in record.properties.iter().flatten() {
        match p {
            Property::ShaderKind(k) => e.kind = *k,
            Property::NumThreads(v) => e.num_threads = three(v),
            Property::MsState(s) => {
                e.num_threads = three(&s.num_threads);
                e.ms = (s.max_vertex_count, s.max_primitive_count);
            }
            Property::AsState(s) => e.num_threads = three(&s.num_threads),
            Property::GsState(s) => e.gs = Some(s),
            Property::DsState(s) => e.ds = Some(s),
            Property::HsState(s) => e.hs = Some(s),
            Property::WaveSize(v) => e.wave.min = three(v)[0],
            Property::RangedWaveSize(v) => {
                let [min, max, preferred] = three(v);
                e.wave = WaveSize {
                    min,
                    max,
                    preferred,
                };
            }
            Property::NodeLaunchType(t) => e.launch_type = *t,
            Property::NodeInputs(list) => {
                e.node_inputs.extend(list.iter().map(util::node_io_flags))
            }
            _ => {}
        }
    }
    e
}

/// The module's entries, as the reference's per-function entry map.
pub(crate) struct EntryMap<'m> {
    /// The entries in function order (the order the reference visits its map).
    pub list: Vec<Entry<'m>>,
    /// Function to position in `list`.
    by_function: SecondaryMap<Function, Option<usize>>,
    /// Patch constant functions of hull shader entries.
    patch_constant: Vec<Function>,
}

impl<'m> EntryMap<'m> {
    pub fn new(ctx: &Ctx<'m>) -> Self {
        let md = ctx.md;
        let n = ctx.m.functions.len();
        let mut map = EntryMap {
            list: Vec::new(),
            by_function: SecondaryMap::filled(n, None),
            patch_constant: Vec::new(),
        };
        let Some(sm_kind) = md.shader_kind() else {
            return map;
        };
        let chosen = util::loaded_entries(util::entry_records(md), sm_kind == ShaderKind::Library);
        let mut record_of: SecondaryMap<Function, Option<&'m EntryPoint>> =
            SecondaryMap::filled(n, None);
        for record in chosen {
            if let Some(slot) = record_function(record).and_then(|f| record_of.get_mut(f)) {
                *slot = Some(record);
            }
        }
        for (f, _) in ctx.m.functions.iter_with_ids() {
            let Some(record) = record_of[f] else {
                continue;
            };
            let default_kind = if sm_kind == ShaderKind::Library {
                util::lib_entry_default_kind(record)
            } else {
                sm_kind
            };
            let e = read_entry(record, f, default_kind.raw());
            if e.is(ShaderKind::Hull) {
                if let Some(HsState {
                    patch_constant_function:
                        Md::Value {
                            value: ValueRef::Function(g),
                            ..
                        },
                    ..
                }) = e.hs
                {
                    map.patch_constant.push(*g);
                }
            }
            if let Some(slot) = map.by_function.get_mut(f) {
                *slot = Some(map.list.len());
            }
            map.list.push(e);
        }
        map
    }
}

/// `std::to_string(float)`: fixed notation with six decimals.
fn float_text(v: f32) -> String {
    format!("{:.6}", f64::from(v))
}

/// `ValidateShaderState`: every entry's properties, then pass-through hull shaders.
pub(crate) fn validate(ctx: &mut Ctx) {
    // A stage's entry always has properties once loaded, so the reference's missing
    // properties error (META.NOENTRYPROPSFORENTRY) cannot be reached from a file.
    let map = EntryMap::new(ctx);
    for e in &map.list {
        entry_props(ctx, e);
        pass_thru_hs(ctx, e);
    }
}

fn entry_props(ctx: &mut Ctx, e: &Entry) {
    wave_size(ctx, e);
    let f = e.f;
    if e.is(ShaderKind::Compute) || e.is_node() {
        thread_group(ctx, f, e.num_threads, &CS_THREADS, CS_MAX_THREADS);
    } else if e.is(ShaderKind::Mesh) {
        thread_group(ctx, f, e.num_threads, &MS_AS_THREADS, MS_AS_MAX_THREADS);
        let (vertices, primitives) = e.ms;
        if vertices > MS_MAX_VERTICES {
            let args = [MS_MAX_VERTICES.to_string(), vertices.to_string()];
            ctx.fn_error(f, R::SmMeshShaderMaxVertexCount, &[&args[0], &args[1]]);
        }
        if primitives > MS_MAX_PRIMITIVES {
            let args = [MS_MAX_PRIMITIVES.to_string(), primitives.to_string()];
            ctx.fn_error(f, R::SmMeshShaderMaxPrimitiveCount, &[&args[0], &args[1]]);
        }
    } else if e.is(ShaderKind::Amplification) {
        thread_group(ctx, f, e.num_threads, &MS_AS_THREADS, MS_AS_MAX_THREADS);
    } else if e.is(ShaderKind::Domain) {
        domain_shader(ctx, e);
    } else if e.is(ShaderKind::Hull) {
        hull_shader(ctx, e);
    } else if e.is(ShaderKind::Geometry) {
        geometry_shader(ctx, e);
    }
}

fn thread_group(ctx: &mut Ctx, f: Function, n: [u32; 3], limits: &[(u32, u32); 3], max: u32) {
    for (i, axis) in ["X", "Y", "Z"].into_iter().enumerate() {
        let (lo, hi) = limits[i];
        if n[i] < lo || n[i] > hi {
            let args = [n[i].to_string(), lo.to_string(), hi.to_string()];
            ctx.fn_error(
                f,
                R::SmThreadGroupChannelRange,
                &[axis, &args[0], &args[1], &args[2]],
            );
        }
    }
    // The reference multiplies in 32 bits.
    let total = n[0].wrapping_mul(n[1]).wrapping_mul(n[2]);
    if total > max {
        let args = [total.to_string(), max.to_string()];
        ctx.fn_error(f, R::SmMaxTheadGroup, &[&args[0], &args[1]]);
    }
}

/// The per-entry wave size rules (DXIL.rst "Wave Size"): values, range shape, and only on
/// compute and node shaders.
fn wave_size(ctx: &mut Ctx, e: &Entry) {
    use WaveSizeProblem::*;
    let w = e.wave;
    let (lo, hi) = (WAVE_SIZE_RANGE.0.to_string(), WAVE_SIZE_RANGE.1.to_string());
    let value = |ctx: &mut Ctx, which: &str, v: u32| {
        ctx.fn_error(e.f, R::SmWaveSizeValue, &[which, &v.to_string(), &lo, &hi]);
    };
    let (min, max, preferred) = (
        w.min.to_string(),
        w.max.to_string(),
        w.preferred.to_string(),
    );
    match w.problem() {
        None => {}
        Some(InvalidMin) => value(ctx, "Min", w.min),
        Some(InvalidMax) => value(ctx, "Max", w.max),
        Some(InvalidPreferred) => value(ctx, "Preferred", w.preferred),
        Some(MaxOrPreferredWhenUndefined) => {
            ctx.fn_error(e.f, R::SmWaveSizeAllZeroWhenUndefined, &[&max, &preferred]);
        }
        Some(PreferredWhenNoRange) => {
            ctx.fn_error(
                e.f,
                R::SmWaveSizeMaxAndPreferredZeroWhenNoRange,
                &[&max, &preferred],
            );
        }
        Some(MaxLessThanMin) => ctx.fn_error(e.f, R::SmWaveSizeMaxGreaterThanMin, &[&max, &min]),
        Some(PreferredOutOfRange) => {
            ctx.fn_error(
                e.f,
                R::SmWaveSizePreferredInRange,
                &[&preferred, &min, &max],
            );
        }
    }
    if w.is_defined() && !e.is(ShaderKind::Compute) && !e.is_node() {
        ctx.fn_error(e.f, R::SmWaveSizeOnComputeOrNode, &[]);
    }
}

/// `DXIL::TessellatorDomain`: undefined, isoline, tri, quad.
const DOMAIN_ISOLINE: u32 = 1;
const DOMAIN_TRI: u32 = 2;
const DOMAIN_QUAD: u32 = 3;
/// `DXIL::TessellatorOutputPrimitive`.
const PRIMITIVE_LINE: u32 = 2;
const PRIMITIVE_TRIANGLE_CW: u32 = 3;
const PRIMITIVE_TRIANGLE_CCW: u32 = 4;
const PRIMITIVE_LAST: u32 = 5;

/// A domain past the enumeration reads as undefined.
fn clamp_domain(d: u32) -> u32 {
    if d > DOMAIN_QUAD {
        0
    } else {
        d
    }
}

fn domain_shader(ctx: &mut Ctx, e: &Entry) {
    let (domain, control_points) = e.ds.map_or((0, 0), |s| (s.domain, s.input_control_points));
    if control_points > PATCH_CONTROL_POINTS.1 {
        let args = [
            PATCH_CONTROL_POINTS.1.to_string(),
            control_points.to_string(),
        ];
        ctx.fn_error(
            e.f,
            R::SmDSInputControlPointCountRange,
            &[&args[0], &args[1]],
        );
    }
    if clamp_domain(domain) == 0 {
        ctx.fn_error(e.f, R::SmValidDomain, &[]);
    }
    patch_constant_semantics(ctx, e, domain, false);
}

fn hull_shader(ctx: &mut Ctx, e: &Entry) {
    // Without a state every field reads as zero.
    let (input_cp, output_cp, raw_domain, partitioning, primitive, max_tess_factor) =
        e.hs.map_or((0, 0, 0, 0, 0, 0.0), |s| {
            (
                s.input_control_points,
                s.output_control_points,
                s.domain,
                s.partitioning,
                s.output_primitive,
                s.max_tess_factor(),
            )
        });
    let f = e.f;
    let domain = clamp_domain(raw_domain);
    if input_cp == 0 {
        if !e.signature(0).is_empty() {
            ctx.fn_error(f, R::SmZeroHSInputControlPointWithInput, &[]);
        }
    } else if input_cp > PATCH_CONTROL_POINTS.1 {
        let args = [PATCH_CONTROL_POINTS.1.to_string(), input_cp.to_string()];
        ctx.fn_error(f, R::SmHSInputControlPointCountRange, &[&args[0], &args[1]]);
    }
    if output_cp < PATCH_CONTROL_POINTS.0 || output_cp > PATCH_CONTROL_POINTS.1 {
        let args = [
            PATCH_CONTROL_POINTS.0.to_string(),
            PATCH_CONTROL_POINTS.1.to_string(),
            output_cp.to_string(),
        ];
        ctx.fn_error(
            f,
            R::SmOutputControlPointCountRange,
            &[&args[0], &args[1], &args[2]],
        );
    }
    if domain == 0 {
        ctx.fn_error(f, R::SmValidDomain, &[]);
    }
    if partitioning == 0 {
        ctx.fn_error(f, R::MetaTessellatorPartition, &[]);
    }
    if primitive == 0 || primitive == PRIMITIVE_LAST {
        ctx.fn_error(f, R::MetaTessellatorOutputPrimitive, &[]);
    }
    // A NaN factor compares false both ways and passes, as in the reference.
    if max_tess_factor < MAX_TESS_FACTOR.0 || max_tess_factor > MAX_TESS_FACTOR.1 {
        let args = [
            float_text(MAX_TESS_FACTOR.0),
            float_text(MAX_TESS_FACTOR.1),
            float_text(max_tess_factor),
        ];
        ctx.fn_error(f, R::MetaMaxTessFactor, &[&args[0], &args[1], &args[2]]);
    }
    match domain {
        DOMAIN_ISOLINE => {
            if matches!(primitive, PRIMITIVE_TRIANGLE_CW | PRIMITIVE_TRIANGLE_CCW) {
                ctx.fn_error(f, R::SmIsoLineOutputPrimitiveMismatch, &[]);
            }
        }
        // Quad domains share the tri domain's rule and message.
        DOMAIN_TRI | DOMAIN_QUAD => {
            if primitive == PRIMITIVE_LINE {
                ctx.fn_error(f, R::SmTriOutputPrimitiveMismatch, &[]);
            }
        }
        _ => ctx.fn_error(f, R::SmValidDomain, &[]),
    }
    patch_constant_semantics(ctx, e, raw_domain, true);
}

/// `CheckPatchConstantSemantic`: the tessellation factors in the patch constant signature
/// have the domain's sizes; a hull shader declares them.
fn patch_constant_semantics(ctx: &mut Ctx, e: &Entry, domain: u32, hull: bool) {
    // (name, edge factors, inside factors)
    let (name, edges, inside) = match domain {
        DOMAIN_ISOLINE => ("IsoLine", 2, 0),
        DOMAIN_TRI => ("Tri", 3, 1),
        DOMAIN_QUAD => ("Quad", 4, 2),
        _ => return,
    };
    let (mut found_edge, mut found_inside) = (false, false);
    let edge_kind = SemanticKind::TessFactor as u8;
    let inside_kind = SemanticKind::InsideTessFactor as u8;
    for se in e.signature(2) {
        let (rule, expected) = if se.semantic_kind == edge_kind {
            found_edge = true;
            (R::SmTessFactorSizeMatchDomain, edges)
        } else if se.semantic_kind == inside_kind {
            found_inside = true;
            (R::SmInsideTessFactorSizeMatchDomain, inside)
        } else {
            continue;
        };
        if se.rows != expected || se.cols > 1 {
            let args = [
                se.rows.to_string(),
                se.cols.to_string(),
                expected.to_string(),
            ];
            ctx.fn_error(e.f, rule, &[&args[0], &args[1], name, &args[2]]);
        }
    }
    if hull {
        if !found_edge {
            ctx.fn_error(e.f, R::SmTessFactorForDomain, &[]);
        }
        if !found_inside && domain != DOMAIN_ISOLINE {
            ctx.fn_error(e.f, R::SmTessFactorForDomain, &[]);
        }
    }
}

/// Vertices per `DXIL::InputPrimitive` (0 for undefined and reserved values).
fn input_primitive_vertices(p: u32) -> u32 {
    match p {
        1 => 1,
        2 => 2,
        3 => 3,
        6 => 4,
        7 => 6,
        // Control point patches 1 to 32.
        8..=39 => p - 7,
        _ => 0,
    }
}

/// `DXIL::PrimitiveTopology` values a geometry shader may output: point list, line strip,
/// triangle strip.
const GS_OUTPUT_TOPOLOGIES: [u32; 3] = [1, 3, 5];

fn geometry_shader(ctx: &mut Ctx, e: &Entry) {
    let f = e.f;
    let (input, max_vertices, streams, topology, instances) = e.gs.map_or((0, 0, 0, 0, 0), |s| {
        (
            s.input_primitive,
            s.max_vertex_count,
            s.active_stream_mask,
            s.output_topology,
            s.instance_count,
        )
    });
    if max_vertices > GS_MAX_VERTICES {
        let args = [GS_MAX_VERTICES.to_string(), max_vertices.to_string()];
        ctx.fn_error(f, R::SmGSOutputVertexCountRange, &[&args[0], &args[1]]);
    }
    if !(1..=GS_MAX_INSTANCES).contains(&instances) {
        let args = [GS_MAX_INSTANCES.to_string(), instances.to_string()];
        ctx.fn_error(f, R::SmGSInstanceCountRange, &[&args[0], &args[1]]);
    }
    // The topology applies to the active streams (four at most); with none active it is
    // undefined.
    let topology = if streams & 0xf != 0 { topology } else { 0 };
    if !GS_OUTPUT_TOPOLOGIES.contains(&topology) {
        ctx.fn_error(f, R::SmGSValidOutputPrimitiveTopology, &[]);
    }
    if input != 0 && input_primitive_vertices(input) == 0 {
        ctx.fn_error(f, R::SmGSValidInputPrimitive, &[]);
    }
}

/// `ValidatePassThruHS`: an entry without a body must be a hull shader whose control points
/// can pass through.
fn pass_thru_hs(ctx: &mut Ctx, e: &Entry) {
    let Some(fd) = ctx.m.functions.get(e.f) else {
        return;
    };
    if fd.body.is_some() {
        return;
    }
    if !e.is(ShaderKind::Hull) {
        return ctx.fn_error(e.f, R::MetaEntryFunction, &[]);
    }
    let (input_cp, output_cp) = e.hs.map_or((0, 0), |s| {
        (s.input_control_points, s.output_control_points)
    });
    if input_cp < output_cp {
        ctx.fn_error(e.f, R::SmHullPassThruControlPointCountMatch, &[]);
    }
    let scalars = e.signature(1).iter().fold(0u32, |n, se| {
        n.wrapping_add(se.rows.wrapping_mul(u32::from(se.cols)))
    });
    if scalars.wrapping_mul(output_cp) > HS_OUTPUT_CONTROL_POINT_SCALARS {
        ctx.fn_error(e.f, R::SmOutputControlPointsTotalScalars, &[]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wave(min: u32, max: u32, preferred: u32) -> Option<&'static str> {
        use WaveSizeProblem::*;
        let w = WaveSize {
            min,
            max,
            preferred,
        };
        w.problem().map(|p| match p {
            InvalidMin => "min",
            InvalidMax => "max",
            InvalidPreferred => "preferred",
            MaxOrPreferredWhenUndefined => "undefined",
            PreferredWhenNoRange => "no range",
            MaxLessThanMin => "max < min",
            PreferredOutOfRange => "out of range",
        })
    }

    #[test]
    fn wave_sizes_are_judged_in_the_reference_order() {
        assert_eq!(wave(0, 0, 0), None);
        assert_eq!(wave(0, 16, 0), Some("undefined"));
        assert_eq!(wave(12, 0, 0), Some("min"));
        assert_eq!(wave(16, 0, 16), Some("no range"));
        assert_eq!(wave(16, 256, 0), Some("max"));
        // Equal bounds pass (the compiler only warns), even with a bad preferred size.
        assert_eq!(wave(16, 16, 3), None);
        assert_eq!(wave(32, 16, 0), Some("max < min"));
        assert_eq!(wave(4, 16, 3), Some("preferred"));
        assert_eq!(wave(4, 16, 32), Some("out of range"));
        assert_eq!(wave(4, 128, 64), None);
    }

    #[test]
    fn input_primitives_count_their_vertices() {
        assert_eq!(input_primitive_vertices(0), 0);
        assert_eq!(input_primitive_vertices(3), 3);
        assert_eq!(input_primitive_vertices(4), 0);
        assert_eq!(input_primitive_vertices(7), 6);
        assert_eq!(input_primitive_vertices(8), 1);
        assert_eq!(input_primitive_vertices(39), 32);
        assert_eq!(input_primitive_vertices(40), 0);
    }
}
