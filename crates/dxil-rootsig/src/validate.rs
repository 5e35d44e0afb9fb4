//! Validation with the reference's rules (DXC's root signature verifier, which the compiler
//! runs before serializing and the validator runs on RTS0 parts).
//!
//! The rules are checked in the reference's order and the first failure is reported: root flag
//! bits; per root parameter the visibility, then for tables the range types, sampler/resource
//! mixing, empty ranges, appending after an unbounded range and register/offset overflow, then
//! per range the flag rules and register overlap; root constants and descriptors register
//! overlap (and descriptor flag rules); then per static sampler its fields and overlap. Register
//! ranges overlap when they have the same range type and space, intersect, and their
//! visibilities are equal or one of them is `ALL`. Registers in the system-reserved spaces
//! `0xFFFFFFF0..=0xFFFFFFFF` are refused. Version 1.0 is checked with its implied volatile
//! flags. The 64-DWORD budget is not enforced by the reference; [`lint`] reports it.

use std::collections::BTreeMap;
use std::fmt;

use crate::enums::{
    AddressMode, ComparisonFunc, DescriptorFlags, RangeFlags, RangeType, RootFlags, SamplerFlags,
    ShaderVisibility,
};
use crate::error::{Error, ErrorKind, Position};
use crate::model::{
    ParameterKind, RootSignature, StaticSampler, Version, MAX_DWORDS, OFFSET_APPEND, UNBOUNDED,
};

/// Which element a validation message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Element {
    /// The root signature as a whole (its flags).
    Root,
    /// A root parameter.
    Parameter(usize),
    /// A range of a descriptor table: parameter index, range index.
    Range(usize, usize),
    /// A static sampler.
    StaticSampler(usize),
}

/// A validation failure: the message and the element it names.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    /// The element at fault.
    pub element: Element,
    /// What is wrong, in the reference's words.
    pub message: String,
}

impl Violation {
    fn new(element: Element, message: String) -> Self {
        Violation { element, message }
    }

    /// This violation as an [`Error`] of kind [`ErrorKind::Validation`] at a position.
    pub fn into_error(self, position: Position) -> Error {
        Error::new(ErrorKind::Validation, self.message, position)
    }
}

/// Why a shader's bindings do not fit its root signature ([`validate_with_shader`]), the
/// reference validator's `ContainerRootSignatureIncompatible`; printed in the reference's
/// words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incompatible {
    /// The root signature itself breaks a rule ([`validate`]).
    RootSignature(Violation),
    /// No one range of the binding's class visible to the stage covers the binding.
    NotBound {
        /// The binding's class (`SRV`, `UAV`, `CBV` or `SAMPLER`).
        class: RangeType,
        /// Register space.
        space: u32,
        /// Registers the binding spans (1 for an unbounded one: only its first counts).
        count: u32,
        /// First register.
        base: u32,
    },
    /// A binding mapped to a root descriptor, which holds only raw and structured buffers.
    RootDescriptor {
        /// What the shader declares there.
        kind: RootDescriptorUse,
        /// Register space.
        space: u32,
        /// The register.
        register: u32,
    },
    /// The shader binds resources, and the root signature's flags deny its stage root
    /// access.
    Denied,
}

/// A resource a root descriptor cannot hold ([`Incompatible::RootDescriptor`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootDescriptorUse {
    /// A texture, at a root SRV.
    Texture,
    /// A typed UAV.
    TypedUav,
    /// A structured UAV with a counter.
    CounterUav,
}

impl fmt::Display for Incompatible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const ONLY_BUFFERS: &str =
            "SRV or UAV root descriptors can only be Raw or Structured buffers.";
        match self {
            Incompatible::RootSignature(v) => f.write_str(&v.message),
            Incompatible::NotBound {
                class,
                space,
                count,
                base,
            } => {
                let class = match *class {
                    RangeType::SAMPLER => "sampler",
                    RangeType::SRV => "SRV",
                    RangeType::UAV => "UAV",
                    _ => "CBV",
                };
                write!(f, "Shader {class} descriptor range (RegisterSpace={space}, NumDescriptors={count}, BaseShaderRegister={base}) is not fully bound in root signature.")
            }
            Incompatible::RootDescriptor {
                kind,
                space,
                register,
            } => {
                let (declaring, view) = match kind {
                    RootDescriptorUse::Texture => {
                        ("A Shader is declaring a resource object as a texture", "SRV")
                    }
                    RootDescriptorUse::TypedUav => ("A shader is declaring a typed UAV", "UAV"),
                    RootDescriptorUse::CounterUav => {
                        ("A Shader is declaring a structured UAV with counter", "UAV")
                    }
                };
                write!(f, "{declaring} using a register mapped to a root descriptor {view} (RegisterSpace={space}, ShaderRegister={register}).  {ONLY_BUFFERS}")
            }
            Incompatible::Denied => f.write_str("Shader has root bindings but root signature uses a DENY flag to disallow root binding access to the shader stage."),
        }
    }
}

impl std::error::Error for Incompatible {}

const RESERVED_SPACE_START: u32 = 0xffff_fff0;

#[derive(Clone, Copy)]
enum Node {
    Table(usize, usize),
    Descriptor(usize),
    Sampler(usize),
}

#[derive(Clone, Copy)]
struct Interval {
    ub: u32,
    node: Node,
}

/// Disjoint register intervals of one (visibility, range type), keyed by (space, lower bound).
#[derive(Default)]
struct Ranges(BTreeMap<(u32, u32), Interval>);

impl Ranges {
    /// The lowest interval intersecting `[lb, ub]` in `space`.
    fn find(&self, space: u32, lb: u32, ub: u32) -> Option<(u32, Interval)> {
        if let Some((&(s, l), iv)) = self.0.range(..=(space, lb)).next_back() {
            if s == space && iv.ub >= lb {
                return Some((l, *iv));
            }
        }
        let next = self.0.range((space, lb)..).next();
        match next {
            Some((&(s, l), iv)) if s == space && l <= ub => Some((l, *iv)),
            _ => None,
        }
    }
}

struct Verifier {
    /// Indexed by visibility (0..=7) then range type (0..=3).
    sets: Vec<Ranges>,
    /// The root signature's flags (the stage DENY bits).
    flags: RootFlags,
}

fn describe(node: Node, vis: ShaderVisibility, tight: bool) -> String {
    match node {
        Node::Table(p, s) if tight => {
            format!(
                "(root parameter[{p}], visibility {}, descriptor table slot [{s}])",
                vis.short_name()
            )
        }
        Node::Table(p, s) => {
            format!(
                "(root parameter [{p}], visibility {}, descriptor table slot [{s}])",
                vis.short_name()
            )
        }
        Node::Descriptor(p) => format!("(root parameter [{p}], visibility {})", vis.short_name()),
        Node::Sampler(i) => format!("(static sampler [{i}], visibility {})", vis.short_name()),
    }
}

impl Verifier {
    fn set(&mut self, vis: ShaderVisibility, rt: RangeType) -> Option<&mut Ranges> {
        let i = usize::try_from(vis.0)
            .ok()?
            .checked_mul(4)?
            .checked_add(usize::try_from(rt.0).ok()?)?;
        if vis.0 > 7 || rt.0 > 3 {
            return None;
        }
        self.sets.get_mut(i)
    }

    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        element: Element,
        node: Node,
        rt: RangeType,
        vis: ShaderVisibility,
        num: u32,
        base: u32,
        space: u32,
    ) -> std::result::Result<(), Violation> {
        let ub = if num != UNBOUNDED {
            base.wrapping_add(num).wrapping_sub(1)
        } else {
            u32::MAX
        };
        if space >= RESERVED_SPACE_START {
            let msg = match node {
                Node::Table(p, s) => format!(
                    "Root parameter [{p}] descriptor table entry [{s}] specifies RegisterSpace={space:x}, which is invalid since RegisterSpace values in the range [fffffff0,ffffffff] are reserved for system use."
                ),
                Node::Descriptor(p) | Node::Sampler(p) => format!(
                    "Root parameter [{p}] specifies RegisterSpace={space:x}, which is invalid since RegisterSpace values in the range [fffffff0,ffffffff] are reserved for system use."
                ),
            };
            return Err(Violation::new(element, msg));
        }
        let mut found = None;
        if vis == ShaderVisibility::ALL {
            for v in 0..=7 {
                if let Some((_, iv)) = self
                    .set(ShaderVisibility(v), rt)
                    .and_then(|s| s.find(space, base, ub))
                {
                    found = Some((iv, ShaderVisibility::ALL));
                    break;
                }
            }
        } else {
            found = self
                .set(vis, rt)
                .and_then(|s| s.find(space, base, ub))
                .map(|(_, iv)| (iv, vis));
            if found.is_none() {
                found = self
                    .set(ShaderVisibility::ALL, rt)
                    .and_then(|s| s.find(space, base, ub))
                    .map(|(_, iv)| (iv, ShaderVisibility::ALL));
            }
        }
        if let Some((iv, node_vis)) = found {
            return Err(Violation::new(
                element,
                format!(
                    "Shader register range of type {} {} overlaps with another shader register range {}.",
                    rt.message_name(),
                    describe(node, vis, false),
                    describe(iv.node, node_vis, true)
                ),
            ));
        }
        if let Some(s) = self.set(vis, rt) {
            s.0.insert((space, base), Interval { ub, node });
        }
        Ok(())
    }
}

/// Checks a root signature against the reference's rules; the first violation is returned.
pub fn validate(rs: &RootSignature) -> std::result::Result<(), Violation> {
    verify(rs).map(drop)
}

/// The register ranges of a root signature that passed the rules.
fn verify(rs: &RootSignature) -> std::result::Result<Verifier, Violation> {
    // The reference checks 1.0 after converting it to 1.1 with the implied volatile flags.
    let converted;
    let rs = if rs.version == Version::V1_0 {
        converted = rs.converted(Version::V1_0);
        &converted
    } else {
        rs
    };
    if rs.flags.0 & !RootFlags::VALID != 0 {
        return Err(Violation::new(
            Element::Root,
            format!(
                "Unsupported bit-flag set (root signature flags {:x}).",
                rs.flags.0
            ),
        ));
    }
    let mut v = Verifier {
        sets: (0..32).map(|_| Ranges::default()).collect(),
        flags: RootFlags::NONE,
    };
    for (i, p) in rs.parameters.iter().enumerate() {
        let el = Element::Parameter(i);
        if p.visibility.0 > 7 {
            return Err(Violation::new(
                el,
                format!(
                    "Unsupported ShaderVisibility value {} (root parameter [{i}]).",
                    p.visibility.0
                ),
            ));
        }
        match &p.kind {
            ParameterKind::DescriptorTable(ranges) => {
                verify_table(ranges, i)?;
                for (j, r) in ranges.iter().enumerate() {
                    let el = Element::Range(i, j);
                    let f = r.flags.0;
                    if f & !RangeFlags::VALID != 0 {
                        return Err(Violation::new(
                            el,
                            format!("Unsupported bit-flag set (descriptor range flags {f})."),
                        ));
                    }
                    if r.range_type == RangeType::SAMPLER {
                        if f & RangeFlags::DATA_BITS != 0 {
                            return Err(Violation::new(el, format!("Sampler descriptor ranges can't specify DATA_* flags since there is no data pointed to by samplers (descriptor range flags {f}).")));
                        }
                    } else {
                        if (f & RangeFlags::DATA_BITS).count_ones() > 1 {
                            return Err(Violation::new(el, format!("Descriptor range flags cannot specify more than one DATA_* flag at a time (descriptor range flags {f}).")));
                        }
                        if f & RangeFlags::DATA_STATIC.0 != 0
                            && f & RangeFlags::DESCRIPTORS_VOLATILE.0 != 0
                        {
                            return Err(Violation::new(el, format!("Descriptor range flags cannot specify DESCRIPTORS_VOLATILE with the DATA_STATIC flag at the same time (descriptor range flags {f}). DATA_STATIC_WHILE_SET_AT_EXECUTE is fine to combine with DESCRIPTORS_VOLATILE, since DESCRIPTORS_VOLATILE still requires descriptors don't change during execution.")));
                        }
                    }
                    v.add(
                        el,
                        Node::Table(i, j),
                        r.range_type,
                        p.visibility,
                        r.num_descriptors,
                        r.base_register,
                        r.space,
                    )?;
                }
            }
            ParameterKind::Constants(c) => {
                v.add(
                    el,
                    Node::Descriptor(i),
                    RangeType::CBV,
                    p.visibility,
                    1,
                    c.register,
                    c.space,
                )?;
            }
            ParameterKind::Cbv(d) | ParameterKind::Srv(d) | ParameterKind::Uav(d) => {
                let f = d.flags.0;
                if f & !DescriptorFlags::VALID != 0 {
                    return Err(Violation::new(
                        el,
                        format!("Unsupported bit-flag set (root descriptor flags {f:x})."),
                    ));
                }
                let n = (f & 0xe).count_ones();
                if n > 1 {
                    return Err(Violation::new(el, format!("Root descriptor flags cannot specify more than one DATA_* flag at a time (root descriptor flags {n}).")));
                }
                let rt = p.kind.descriptor_range_type().unwrap_or(RangeType::CBV);
                v.add(
                    el,
                    Node::Descriptor(i),
                    rt,
                    p.visibility,
                    1,
                    d.register,
                    d.space,
                )?;
            }
        }
    }
    for (i, s) in rs.static_samplers.iter().enumerate() {
        let el = Element::StaticSampler(i);
        if s.visibility.0 > 7 {
            return Err(Violation::new(
                el,
                format!(
                    "Unsupported ShaderVisibility value {} (static sampler [{i}]).",
                    s.visibility.0
                ),
            ));
        }
        verify_sampler(s, rs.version, el)?;
        v.add(
            el,
            Node::Sampler(i),
            RangeType::SAMPLER,
            s.visibility,
            1,
            s.register,
            s.space,
        )?;
    }
    v.flags = rs.flags;
    Ok(v)
}

/// A shader's resource binding as its `PSV0` part records it: the PSV resource type
/// (1 sampler, 2 CBV, 3-5 typed/raw/structured SRV, 6-9 typed/raw/structured/counter UAV),
/// the register space and the inclusive register range (`upper_bound` `u32::MAX`:
/// unbounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShaderBinding {
    /// PSV resource type, raw.
    pub res_type: u32,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Last register (`u32::MAX`: unbounded).
    pub upper_bound: u32,
}

/// The root signature flag that denies `visibility` root access (none for `ALL`).
fn deny_flag(visibility: ShaderVisibility) -> u32 {
    match visibility {
        ShaderVisibility::VERTEX => RootFlags::DENY_VERTEX_SHADER_ROOT_ACCESS.0,
        ShaderVisibility::HULL => RootFlags::DENY_HULL_SHADER_ROOT_ACCESS.0,
        ShaderVisibility::DOMAIN => RootFlags::DENY_DOMAIN_SHADER_ROOT_ACCESS.0,
        ShaderVisibility::GEOMETRY => RootFlags::DENY_GEOMETRY_SHADER_ROOT_ACCESS.0,
        ShaderVisibility::PIXEL => RootFlags::DENY_PIXEL_SHADER_ROOT_ACCESS.0,
        ShaderVisibility::AMPLIFICATION => RootFlags::DENY_AMPLIFICATION_SHADER_ROOT_ACCESS.0,
        ShaderVisibility::MESH => RootFlags::DENY_MESH_SHADER_ROOT_ACCESS.0,
        _ => 0,
    }
}

impl Verifier {
    /// The range of type `rt` that holds all of `[lb, lb + num - 1]` in `space`: first
    /// among the ranges visible to all stages, then among those of `vis`. Only the first
    /// range meeting the shader's range is considered (a shader range split over two root
    /// ranges is not covered).
    fn covering(
        &mut self,
        rt: RangeType,
        vis: ShaderVisibility,
        num: u32,
        lb: u32,
        space: u32,
    ) -> Option<Interval> {
        let ub = lb.wrapping_add(num).wrapping_sub(1);
        let mut found = self
            .set(ShaderVisibility::ALL, rt)
            .and_then(|s| s.find(space, lb, ub));
        if found.is_none() && vis != ShaderVisibility::ALL {
            found = self.set(vis, rt).and_then(|s| s.find(space, lb, ub));
        }
        let (start, iv) = found?;
        (start <= lb && ub <= iv.ub).then_some(iv)
    }
}

/// Checks a root signature for a shader of stage `visibility` (`ALL` for compute) whose
/// `PSV0` part records `bindings`, as the reference validator does for a container with both
/// an `RTS0` and a `PSV0` part: the root signature's own rules ([`validate`]), then every
/// binding covered by one root signature range of its class visible to the stage (typed
/// SRVs and UAVs, and UAVs with counters, not through root descriptors), then no root
/// bindings when the flags deny the stage root access. The first failure is returned, in
/// the reference's words.
pub fn validate_with_shader(
    rs: &RootSignature,
    visibility: ShaderVisibility,
    bindings: &[ShaderBinding],
) -> std::result::Result<(), Incompatible> {
    let mut v = verify(rs).map_err(Incompatible::RootSignature)?;
    let denied = v.flags.0 & deny_flag(visibility) != 0;
    let mut has_bindings = false;
    for b in bindings {
        let (space, lb) = (b.space, b.lower_bound);
        let num = if b.upper_bound != u32::MAX {
            b.upper_bound.wrapping_sub(lb).wrapping_add(1)
        } else {
            1
        };
        let not_bound = |class| Incompatible::NotBound {
            class,
            space,
            count: num,
            base: lb,
        };
        let in_root_descriptor = |kind| Incompatible::RootDescriptor {
            kind,
            space,
            register: lb,
        };
        match b.res_type {
            1 => {
                has_bindings = true;
                if v.covering(RangeType::SAMPLER, visibility, num, lb, space)
                    .is_none()
                {
                    return Err(not_bound(RangeType::SAMPLER));
                }
            }
            3..=5 => {
                has_bindings = true;
                match v.covering(RangeType::SRV, visibility, num, lb, space) {
                    None => return Err(not_bound(RangeType::SRV)),
                    Some(iv) if matches!(iv.node, Node::Descriptor(_)) && b.res_type == 3 => {
                        return Err(in_root_descriptor(RootDescriptorUse::Texture));
                    }
                    Some(_) => {}
                }
            }
            6..=9 => {
                has_bindings = true;
                match v.covering(RangeType::UAV, visibility, num, lb, space) {
                    None => return Err(not_bound(RangeType::UAV)),
                    Some(iv) if matches!(iv.node, Node::Descriptor(_)) => {
                        if b.res_type == 6 {
                            return Err(in_root_descriptor(RootDescriptorUse::TypedUav));
                        }
                        if b.res_type == 9 {
                            return Err(in_root_descriptor(RootDescriptorUse::CounterUav));
                        }
                    }
                    Some(_) => {}
                }
            }
            2 => {
                has_bindings = true;
                if v.covering(RangeType::CBV, visibility, num, lb, space)
                    .is_none()
                {
                    return Err(not_bound(RangeType::CBV));
                }
            }
            _ => {}
        }
    }
    if has_bindings && denied {
        return Err(Incompatible::Denied);
    }
    Ok(())
}

fn verify_table(
    ranges: &[crate::model::DescriptorRange],
    i: usize,
) -> std::result::Result<(), Violation> {
    let (mut has_samplers, mut has_resources) = (false, false);
    let mut append_start: u64 = 0;
    for (j, r) in ranges.iter().enumerate() {
        let el = Element::Range(i, j);
        match r.range_type {
            RangeType::SAMPLER => has_samplers = true,
            t if t.0 <= 2 => has_resources = true,
            t => {
                return Err(Violation::new(
                    el,
                    format!("Unsupported RangeType value {} (descriptor table slot [{j}], root parameter [{i}]).", t.0),
                ))
            }
        }
        if has_samplers && has_resources {
            return Err(Violation::new(
                el,
                format!("Samplers cannot be mixed with other resource types in a descriptor table (root parameter [{i}])."),
            ));
        }
        if r.num_descriptors == 0 {
            return Err(Violation::new(
                el,
                format!("NumDescriptors cannot be 0 (descriptor table slot [{j}], root parameter [{i}])."),
            ));
        }
        let start = if r.offset != OFFSET_APPEND {
            u64::from(r.offset)
        } else {
            append_start
        };
        if start > u64::from(u32::MAX) {
            return Err(Violation::new(el, format!("Cannot append range with implicit lower bound after an unbounded range (descriptor table slot [{j}], root parameter [{i}]).")));
        }
        if r.num_descriptors != UNBOUNDED {
            let n = u64::from(r.num_descriptors);
            if u64::from(r.base_register) + n - 1 > u64::from(u32::MAX) {
                return Err(Violation::new(el, format!("Overflow for shader register range: BaseShaderRegister={}, NumDescriptor={}; (descriptor table slot [{j}], root parameter [{i}]).", r.base_register, r.num_descriptors)));
            }
            if start + n - 1 > u64::from(u32::MAX) {
                return Err(Violation::new(el, format!("Overflow for descriptor range (descriptor table slot [{j}], root parameter [{i}])")));
            }
            append_start = start + n;
        } else {
            append_start = u64::from(u32::MAX) + 1;
        }
    }
    Ok(())
}

fn verify_sampler(
    s: &StaticSampler,
    version: Version,
    el: Element,
) -> std::result::Result<(), Violation> {
    let fail = |message: String| Err(Violation::new(el, message));
    if s.filter.keyword().is_none() {
        return fail("Static sampler: Filter unrecognized.".into());
    }
    for (name, m) in [
        ("AddressU", s.address_u),
        ("AddressV", s.address_v),
        ("AddressW", s.address_w),
    ] {
        if m.keyword().is_none() || m == AddressMode(0) {
            return fail(format!("Static sampler: {name} unrecognized."));
        }
    }
    let bias = s.mip_lod_bias;
    if !(-16.0..=15.99).contains(&bias) {
        return fail(format!(
            "Static sampler: MipLODBias must be in the range [-16 to 15.99].  {bias}specified."
        ));
    }
    if s.max_anisotropy > 16 {
        return fail(format!(
            "Static sampler: MaxAnisotropy must be in the range [0 to 16].  {} specified.",
            s.max_anisotropy
        ));
    }
    if s.filter.is_comparison()
        && !(ComparisonFunc::NEVER.0..=ComparisonFunc::ALWAYS.0).contains(&s.comparison_func.0)
    {
        return fail("Static sampler: ComparisonFunc unrecognized.".into());
    }
    if s.min_lod.is_nan() {
        return fail(format!(
            "Static sampler: MinLOD be in the range [-INF to +INF].  {} specified.",
            s.min_lod
        ));
    }
    if s.max_lod.is_nan() {
        return fail(format!(
            "Static sampler: MaxLOD be in the range [-INF to +INF].  {} specified.",
            s.max_lod
        ));
    }
    if s.flags.0 != 0 && version < Version::V1_2 {
        return fail(format!(
            "Static sampler: flags {:#x} require root signature version 1.2.",
            s.flags.0
        ));
    }
    if s.flags.0 & !SamplerFlags::VALID != 0 {
        return fail(format!(
            "Static sampler: unsupported bit-flag set (sampler flags {:#x}).",
            s.flags.0
        ));
    }
    Ok(())
}

/// Checks that the reference does not make but D3D12 does: the 64-DWORD budget. Returns
/// warnings naming the signature's cost.
pub fn lint(rs: &RootSignature) -> Vec<Violation> {
    let mut out = Vec::new();
    let cost = rs.dword_cost();
    if cost > MAX_DWORDS {
        out.push(Violation::new(
            Element::Root,
            format!("root signature costs {cost} DWORDs, over the D3D12 limit of {MAX_DWORDS} (constants 1 per value, root descriptors 2, tables 1)"),
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binding(res_type: u32, space: u32, lower_bound: u32, upper_bound: u32) -> ShaderBinding {
        ShaderBinding {
            res_type,
            space,
            lower_bound,
            upper_bound,
        }
    }

    /// The check's verdict, the failure as the reference prints it.
    fn check(text: &str, vis: ShaderVisibility, bindings: &[ShaderBinding]) -> Result<(), String> {
        let rs = crate::compile(text, Version::V1_1).expect("root signature");
        validate_with_shader(&rs, vis, bindings).map_err(|e| e.to_string())
    }

    #[test]
    fn bindings_must_be_covered_by_one_visible_range() {
        let table = "DescriptorTable(SRV(t0, numDescriptors = 4)), CBV(b0, visibility = SHADER_VISIBILITY_VERTEX)";
        let px = ShaderVisibility::PIXEL;
        assert_eq!(check(table, px, &[binding(3, 0, 1, 3)]), Ok(()));
        assert_eq!(
            check(table, px, &[binding(3, 0, 2, 5)]),
            Err("Shader SRV descriptor range (RegisterSpace=0, NumDescriptors=4, BaseShaderRegister=2) is not fully bound in root signature.".into())
        );
        // The CBV is visible to vertex shaders only.
        assert!(check(table, px, &[binding(2, 0, 0, 0)]).is_err());
        assert_eq!(
            check(table, ShaderVisibility::VERTEX, &[binding(2, 0, 0, 0)]),
            Ok(())
        );
        // An unbounded shader range only needs its first register.
        assert_eq!(check(table, px, &[binding(4, 0, 3, u32::MAX)]), Ok(()));
    }

    #[test]
    fn root_descriptors_hold_only_buffers() {
        let text = "SRV(t0), UAV(u0)";
        let all = ShaderVisibility::ALL;
        assert_eq!(
            check(text, all, &[binding(5, 0, 0, 0), binding(7, 0, 0, 0)]),
            Ok(())
        );
        assert!(check(text, all, &[binding(3, 0, 0, 0)])
            .unwrap_err()
            .starts_with("A Shader is declaring a resource object as a texture"));
        assert!(check(text, all, &[binding(6, 0, 0, 0)])
            .unwrap_err()
            .starts_with("A shader is declaring a typed UAV"));
        assert!(check(text, all, &[binding(9, 0, 0, 0)])
            .unwrap_err()
            .starts_with("A Shader is declaring a structured UAV with counter"));
    }

    #[test]
    fn a_denied_stage_may_not_bind() {
        let text = "RootFlags(DENY_PIXEL_SHADER_ROOT_ACCESS), CBV(b0)";
        assert_eq!(check(text, ShaderVisibility::PIXEL, &[]), Ok(()));
        assert_eq!(
            check(text, ShaderVisibility::PIXEL, &[binding(2, 0, 0, 0)]),
            Err("Shader has root bindings but root signature uses a DENY flag to disallow root binding access to the shader stage.".into())
        );
        assert_eq!(
            check(text, ShaderVisibility::VERTEX, &[binding(2, 0, 0, 0)]),
            Ok(())
        );
    }

    #[test]
    fn failures_are_told_by_kind() {
        let all = ShaderVisibility::ALL;
        let rs = crate::compile("SRV(t0), UAV(u0)", Version::V1_1).expect("root signature");
        assert_eq!(
            validate_with_shader(&rs, all, &[binding(6, 0, 0, 0)]),
            Err(Incompatible::RootDescriptor {
                kind: RootDescriptorUse::TypedUav,
                space: 0,
                register: 0
            })
        );
        assert_eq!(
            validate_with_shader(&rs, all, &[binding(2, 1, 4, 5)]),
            Err(Incompatible::NotBound {
                class: RangeType::CBV,
                space: 1,
                count: 2,
                base: 4
            })
        );
        // A root signature that breaks its own rules is told as the violation, element
        // included; a static sampler's field is one of them.
        let mut bad = crate::compile("StaticSampler(s0)", Version::V1_1).expect("root signature");
        bad.static_samplers[0].max_anisotropy = 17;
        let Err(Incompatible::RootSignature(v)) = validate_with_shader(&bad, all, &[]) else {
            panic!("the sampler's anisotropy is refused");
        };
        assert_eq!(v.element, Element::StaticSampler(0));
        assert_eq!(
            v.message,
            "Static sampler: MaxAnisotropy must be in the range [0 to 16].  17 specified."
        );
    }
}
