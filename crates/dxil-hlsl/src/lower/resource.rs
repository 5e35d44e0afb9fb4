//! Globals of the shader: which the entry reaches, resources declared with their
//! registers (explicit ones kept, the rest given the lowest free register of their class
//! in space 0, in declaration order, as DXC assigns them), constant buffer members placed
//! by the legacy layout, group-shared variables as arrays in `addrspace(3)`.

use std::collections::{HashMap, HashSet};

use dxil_builder::{Binding, ResourceDesc, ResourceId, ShaderBuilder};
use dxil_ir::build::Value;
use dxil_parts::names::{ComponentType, ResourceKind};

use super::types::{self, Layout};
use super::{Cx, Globals, LowerError, LowerResult};
use crate::ast::{Annotation, DeclId, DeclKind, Modifiers, TypeQuals};
use crate::sema::{Resolution, Scalar, Ty, TyId};

/// What a global declaration became.
#[derive(Clone, Debug)]
pub(crate) enum Global {
    /// A resource range (`count` > 1 for an array of resources).
    Resource {
        id: ResourceId,
        /// The object type (the element type for an array).
        ty: TyId,
        count: u32,
        /// The orientation written on the element type.
        row_major: Option<bool>,
    },
    /// A member of a constant buffer: its leaves' places in the buffer.
    Constant {
        buffer: ResourceId,
        ty: TyId,
        layout: Layout,
    },
    /// A group-shared variable: one global per leaf of the element type, each an array of
    /// `len` scalars (1 for a variable that is not an array).
    Shared {
        ty: TyId,
        globals: Vec<SharedLeaf>,
        len: u32,
    },
    /// A `static` variable (or `static const`): a local of the entry, initialized first.
    Static { ty: TyId },
    /// A struct (or an array of structs) holding resources: each object field is a range
    /// of its own (`a.Buf`), in field order; numeric fields are members of `$Globals`.
    Aggregate {
        ty: TyId,
        /// Per object field: the range, the field's type (an object or an array of them),
        /// the object type.
        objs: Vec<(ResourceId, TyId, TyId)>,
    },
}

/// Functions the entry reaches and the declarations their bodies name.
pub(crate) struct Reach {
    pub named: HashSet<DeclId>,
    /// Resources whose hidden counter is used (`IncrementCounter`, `DecrementCounter`).
    pub counters: HashSet<DeclId>,
    /// Resources an `Interlocked*` call names as its destination.
    pub atomics: HashSet<DeclId>,
}

impl Reach {
    /// From `entry`, following every function named (all overloads of a name).
    pub fn of(cx: &Cx<'_>, entry: DeclId) -> Reach {
        let mut by_start: Vec<(u32, &Resolution)> = cx
            .an
            .names
            .iter()
            .map(|(&e, r)| (cx.ast.expr(e).span.start, r))
            .collect();
        by_start.sort_by_key(|x| x.0);
        let mut named = HashSet::new();
        let mut seen = HashSet::new();
        let mut all = Vec::new();
        collect_items(cx, &cx.ast.items, &mut all, 0);
        let mut bodies: HashMap<Vec<crate::pp::token::Sym>, Vec<DeclId>> = HashMap::new();
        for &d in &all {
            if let DeclKind::Function(f) = &cx.ast.decl(d).kind {
                if f.body.is_some() {
                    bodies
                        .entry(f.name.parts.iter().map(|p| p.sym).collect())
                        .or_default()
                        .push(d);
                }
            }
        }
        let mut work = vec![entry];
        while let Some(f) = work.pop() {
            if !seen.insert(f) {
                continue;
            }
            if !matches!(
                &cx.ast.decl(f).kind,
                DeclKind::Function(_) | DeclKind::Var(_)
            ) {
                continue;
            }
            let span = cx.ast.decl(f).span;
            let lo = by_start.partition_point(|x| x.0 < span.start);
            for &(start, r) in &by_start[lo..] {
                if start >= span.end {
                    break;
                }
                match r {
                    Resolution::Decl(d) => {
                        named.insert(*d);
                        // A static variable named is initialized before the entry runs:
                        // what its initializer names is reached too.
                        if matches!(&cx.ast.decl(*d).kind, DeclKind::Var(v) if v.mods.has(Modifiers::STATIC) && v.init.is_some())
                        {
                            work.push(*d);
                        }
                    }
                    Resolution::Functions(fs) => {
                        for &g in fs {
                            work.push(g);
                            // A prototype's definition, later in the file.
                            if let DeclKind::Function(gf) = &cx.ast.decl(g).kind {
                                if gf.body.is_none() {
                                    let name: Vec<_> =
                                        gf.name.parts.iter().map(|p| p.sym).collect();
                                    work.extend(bodies.get(&name).into_iter().flatten().copied());
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut counters = HashSet::new();
        let mut atomics = HashSet::new();
        // The declaration an expression's indices and members start from.
        let root = |mut b: crate::ast::ExprId| {
            for _ in 0..64 {
                match &cx.ast.expr(b).kind {
                    crate::ast::ExprKind::Index { base, .. }
                    | crate::ast::ExprKind::Member { base, .. } => b = *base,
                    _ => break,
                }
            }
            match cx.an.names.get(&b) {
                Some(Resolution::Decl(d)) => Some(*d),
                _ => None,
            }
        };
        for e in &cx.ast.exprs {
            if let crate::ast::ExprKind::Call { callee, args, .. } = &e.kind {
                match &cx.ast.expr(*callee).kind {
                    crate::ast::ExprKind::Name(p)
                        if cx.name(p.last().sym).starts_with("Interlocked") =>
                    {
                        if let Some(d) = args.first().and_then(|&a| root(a)) {
                            atomics.insert(d);
                        }
                    }
                    // `buf.InterlockedAdd64(...)` of a raw buffer.
                    crate::ast::ExprKind::Member { base, name }
                        if cx.name(name.sym).starts_with("Interlocked")
                            && cx.name(name.sym).ends_with("64") =>
                    {
                        if let Some(d) = root(*base) {
                            atomics.insert(d);
                        }
                    }
                    _ => {}
                }
            }
        }
        for (k, e) in cx.ast.exprs.iter().enumerate() {
            let crate::ast::ExprKind::Member { base, name } = &e.kind else {
                continue;
            };
            if !matches!(cx.name(name.sym), "IncrementCounter" | "DecrementCounter") {
                continue;
            }
            let _ = k;
            // Through indices: `bufs[i].IncrementCounter()`.
            let mut b = *base;
            for _ in 0..64 {
                match &cx.ast.expr(b).kind {
                    crate::ast::ExprKind::Index { base, .. } => b = *base,
                    _ => break,
                }
            }
            if let Some(Resolution::Decl(d)) = cx.an.names.get(&b) {
                counters.insert(*d);
            }
        }
        Reach {
            named,
            counters,
            atomics,
        }
    }
}

fn resource_kind(name: &str) -> Option<(bool, ResourceKind)> {
    use ResourceKind as K;
    let (uav, base) = match name.strip_prefix("RW") {
        Some(b) => (true, b),
        None => match name.strip_prefix("RasterizerOrdered") {
            Some(b) => (true, b),
            None => (false, name),
        },
    };
    Some(match base {
        "Buffer" => (uav, K::TypedBuffer),
        "StructuredBuffer" => (uav, K::StructuredBuffer),
        "ByteAddressBuffer" => (uav, K::RawBuffer),
        "Texture1D" => (uav, K::Texture1D),
        "Texture1DArray" => (uav, K::Texture1DArray),
        "Texture2D" => (uav, K::Texture2D),
        "Texture2DArray" => (uav, K::Texture2DArray),
        "Texture2DMS" => (uav, K::Texture2DMS),
        "Texture2DMSArray" => (uav, K::Texture2DMSArray),
        "Texture3D" => (uav, K::Texture3D),
        "TextureCube" => (uav, K::TextureCube),
        "TextureCubeArray" => (uav, K::TextureCubeArray),
        "AppendStructuredBuffer" | "ConsumeStructuredBuffer" => (true, K::StructuredBuffer),
        _ => return None,
    })
}

/// The component type and count of a typed resource's element.
fn element_format(cx: &Cx<'_>, elem: Option<TyId>) -> LowerResult<(ComponentType, u8)> {
    let (s, n) = match elem.map(|t| cx.get(t)) {
        None => (Scalar::F32, 4),
        Some(Ty::Scalar(s)) => (s, 1),
        Some(Ty::Vector(s, n)) => (s, n as u8),
        Some(_) => {
            return Err(LowerError::unsupported(
                "a typed resource whose element is not a scalar or vector",
            ))
        }
    };
    let c = match s {
        Scalar::F32 | Scalar::FloatLiteral => ComponentType::F32,
        Scalar::Half if !cx.storage.native16 => ComponentType::F32,
        Scalar::Half | Scalar::F16 => ComponentType::F16,
        Scalar::Min16Float | Scalar::Min10Float => ComponentType::F16,
        // 64-bit elements are stored as pairs of 32-bit components.
        Scalar::F64 | Scalar::I64 | Scalar::U64 => return Ok((ComponentType::U32, n)),
        Scalar::I32 | Scalar::IntLiteral | Scalar::Bool => ComponentType::I32,
        Scalar::U32 => ComponentType::U32,
        Scalar::I16 | Scalar::Min16Int | Scalar::Min12Int => ComponentType::I16,
        Scalar::U16 | Scalar::Min16Uint => ComponentType::U16,
    };
    Ok((c, n))
}

/// Register class letter of a resource description.
fn class_letter(d: &ResourceDesc) -> char {
    d.class.register_letter()
}

/// `register(u3, space1)`: the class letter, register and space written.
fn written_register(cx: &Cx<'_>, anns: &[Annotation]) -> Option<(char, u32, u32)> {
    anns.iter().find_map(|a| match a {
        Annotation::Register { slot, space, .. } => {
            let s = cx.name(slot.sym);
            let mut chars = s.chars();
            let letter = chars.next()?.to_ascii_lowercase();
            let reg = chars.as_str().parse().ok()?;
            let space = match space {
                Some(sp) => cx.name(sp.sym).strip_prefix("space")?.parse().ok()?,
                None => 0,
            };
            Some((letter, reg, space))
        }
        _ => None,
    })
}

/// A register written: class letter, register, space.
type Register = (char, u32, u32);

/// A resource range to declare, its written register, and the declarations it stands for
/// (declaration, type, constant buffer layout, range size, element orientation).
type Pending = (
    ResourceDesc,
    Option<Register>,
    Vec<(DeclId, TyId, Option<Layout>, u32, Option<bool>)>,
);

/// A struct global holding resources: declaration, type, array length, object fields
/// (path, type), written register.
type AggregateDecl = (DeclId, TyId, u32, Vec<(String, TyId)>, Option<Register>);

/// A struct global's object fields once placed: declaration, type, and per field its
/// position among the pending ranges, its type and its object type.
type AggregateFields = (DeclId, TyId, Vec<(usize, TyId, TyId)>);

/// Declares the globals the entry reaches.
pub(crate) fn declare(cx: &Cx<'_>, sb: &mut ShaderBuilder, reach: &Reach) -> LowerResult<Globals> {
    let mut out = Globals::new();
    let mut pending: Vec<Pending> = Vec::new();
    let mut globals_cb: Vec<(DeclId, TyId, Layout)> = Vec::new();
    let mut aggregates: Vec<AggregateDecl> = Vec::new();
    let mut globals_end = 0u32;
    let mut items = Vec::new();
    collect_items(cx, &cx.ast.items, &mut items, 0);
    for d in items {
        match &cx.ast.decl(d).kind {
            DeclKind::Var(v) => {
                let Some(&ty) = cx.an.resolved.get(&v.ty) else {
                    continue;
                };
                if !reach.named.contains(&d) {
                    continue;
                }
                if v.mods.has(Modifiers::STATIC) {
                    out.insert(d, Global::Static { ty });
                    continue;
                }
                if v.mods.has(Modifiers::GROUPSHARED) {
                    out.insert(d, shared(cx, sb, ty, cx.name(v.name.sym))?);
                    continue;
                }
                // Arrays of resources (of any rank) are one range.
                let mut obj = ty;
                let mut count = 1u32;
                for _ in 0..8 {
                    match cx.get(obj) {
                        Ty::Array(e, n) => {
                            count = count.saturating_mul(n);
                            obj = e;
                        }
                        Ty::UnsizedArray(e) => {
                            count = u32::MAX;
                            obj = e;
                        }
                        _ => break,
                    }
                }
                if let Ty::Object(o) = cx.get(obj) {
                    let oname = cx.name(o.name);
                    let name = cx.name(v.name.sym);
                    let mut desc = object_desc(cx, oname, o.elem, name)?;
                    normalized(cx, v.ty, &mut desc);
                    if reach.counters.contains(&d) {
                        desc = desc.with_counter();
                    }
                    if reach.atomics.contains(&d) && holds_64bit(cx, oname, o.elem) {
                        // A resource of 64-bit values under 64-bit atomics.
                        desc = desc.used_by_atomic64();
                    }
                    desc.binding.range_size = count;
                    if v.mods.has(Modifiers::GLOBALLYCOHERENT) {
                        desc = desc.globally_coherent();
                    }
                    let reg = written_register(cx, &v.annotations);
                    pending.push((
                        desc,
                        reg,
                        vec![(d, obj, None, count, element_major(cx, v.ty))],
                    ));
                    continue;
                }
                let mut fields = Vec::new();
                types::object_fields(cx, obj, cx.name(v.name.sym), &mut fields, 0);
                if !fields.is_empty() {
                    if types::leaf_count(cx, obj)? > 0 {
                        return Err(LowerError::unsupported(
                            "a global struct holding both resources and values",
                        ));
                    }
                    aggregates.push((d, ty, count, fields, written_register(cx, &v.annotations)));
                    continue;
                }
                if cx.ast.ty(v.ty).quals.has(TypeQuals::CONST) && v.init.is_some() {
                    out.insert(d, Global::Static { ty });
                    continue;
                }
                // A global without `static` is a member of `$Globals`.
                let l =
                    types::cbuffer_layout(cx, cx.storage, ty, row_major(cx, v.ty), globals_end)?;
                globals_end = l.size;
                globals_cb.push((d, ty, l));
            }
            DeclKind::Buffer {
                name,
                annotations,
                members,
                tbuffer,
            } => {
                if *tbuffer {
                    return Err(LowerError::unsupported("tbuffer"));
                }
                let mut end = 0;
                let mut placed = Vec::new();
                let mut used = false;
                for &m in members {
                    let DeclKind::Var(v) = &cx.ast.decl(m).kind else {
                        continue;
                    };
                    let Some(&ty) = cx.an.resolved.get(&v.ty) else {
                        continue;
                    };
                    if v.annotations
                        .iter()
                        .any(|a| matches!(a, Annotation::PackOffset { .. }))
                    {
                        return Err(LowerError::unsupported("packoffset"));
                    }
                    let l = types::cbuffer_layout(cx, cx.storage, ty, row_major(cx, v.ty), end)?;
                    end = l.size;
                    used |= reach.named.contains(&m);
                    placed.push((m, ty, Some(l), 1, None));
                }
                if !used {
                    continue;
                }
                let size = end.next_multiple_of(16);
                let desc = ResourceDesc::cbuffer(cx.name(name.sym), size);
                let reg = written_register(cx, annotations);
                pending.push((desc, reg, placed));
            }
            _ => {}
        }
    }
    // Each object field of a struct global is a range of its own, named by its path; a
    // register written on the variable is the first of each class, the next fields of the
    // class following it.
    let mut agg_fields: Vec<AggregateFields> = Vec::new();
    for (d, ty, count, fields, reg) in aggregates {
        let mut next: HashMap<char, u32> = HashMap::new();
        let mut list = Vec::new();
        for (name, fty) in fields {
            let mut obj = fty;
            let mut n = count;
            while let Ty::Array(e, len) = cx.get(obj) {
                n = n.saturating_mul(len);
                obj = e;
            }
            let Ty::Object(o) = cx.get(obj) else {
                continue;
            };
            let mut desc = object_desc(cx, cx.name(o.name), o.elem, &name)?;
            desc.binding.range_size = n;
            let letter = class_letter(&desc);
            let r = match reg {
                Some((l, base, space)) if l == letter => {
                    let k = next.entry(letter).or_insert(base);
                    let at = *k;
                    *k = k.saturating_add(n);
                    Some((letter, at, space))
                }
                _ => None,
            };
            list.push((pending.len(), fty, obj));
            pending.push((desc, r, Vec::new()));
        }
        agg_fields.push((d, ty, list));
    }
    let has_globals = !globals_cb.is_empty();
    if !globals_cb.is_empty() {
        let size = globals_end.next_multiple_of(16);
        let desc = ResourceDesc::cbuffer("$Globals", size);
        let placed = globals_cb
            .into_iter()
            .map(|(d, t, l)| (d, t, Some(l), 1, None))
            .collect();
        pending.insert(0, (desc, None, placed));
    }
    // Explicit registers first, then the lowest free ones.
    let mut taken: HashMap<(char, u32), Vec<(u32, u32)>> = HashMap::new();
    for (desc, reg, _) in &mut pending {
        if let Some((letter, r, space)) = *reg {
            if letter != class_letter(desc) {
                return Err(LowerError::shader(format!(
                    "register '{letter}{r}' is of the wrong class for '{}'",
                    desc.name
                )));
            }
            desc.binding = Binding {
                space,
                lower_bound: r,
                range_size: desc.binding.range_size,
            };
            let hi = desc.binding.upper_bound();
            taken.entry((letter, space)).or_default().push((r, hi));
        }
    }
    for (desc, reg, _) in &mut pending {
        if reg.is_some() {
            continue;
        }
        let letter = class_letter(desc);
        let n = desc.binding.range_size.max(1);
        let used = taken.entry((letter, 0)).or_default();
        let mut r = 0u32;
        loop {
            let hi = r.saturating_add(n - 1);
            match used.iter().find(|&&(lo, uh)| lo <= hi && r <= uh) {
                Some(&(_, uh)) => r = uh.saturating_add(1),
                None => break,
            }
        }
        desc.binding.lower_bound = r;
        used.push((r, r.saturating_add(n - 1)));
    }
    let mut ids = Vec::with_capacity(pending.len());
    let offset = usize::from(has_globals);
    for (desc, _, decls) in pending {
        let is_cb = matches!(desc.element, dxil_builder::Element::CBuffer(_));
        let id = sb.resource(desc)?;
        ids.push(id);
        for (d, ty, layout, count, row_major) in decls {
            let g = match (is_cb, layout) {
                (true, Some(layout)) => Global::Constant {
                    buffer: id,
                    ty,
                    layout,
                },
                _ => Global::Resource {
                    id,
                    ty,
                    count,
                    row_major,
                },
            };
            out.insert(d, g);
        }
    }
    for (d, ty, list) in agg_fields {
        let objs = list
            .into_iter()
            .map(|(k, fty, obj)| (ids[k + offset], fty, obj))
            .collect();
        out.insert(d, Global::Aggregate { ty, objs });
    }
    Ok(out)
}

/// File-scope declarations in order, namespaces opened.
fn collect_items(cx: &Cx<'_>, items: &[DeclId], out: &mut Vec<DeclId>, depth: u32) {
    if depth > 64 {
        return;
    }
    for &d in items {
        match &cx.ast.decl(d).kind {
            DeclKind::Namespace { items, .. } => collect_items(cx, items, out, depth + 1),
            _ => out.push(d),
        }
    }
}

/// `row_major`/`column_major` written on a type.
pub(crate) fn row_major(cx: &Cx<'_>, t: crate::ast::TypeId) -> Option<bool> {
    let q = cx.ast.ty(t).quals;
    if q.has(TypeQuals::ROW_MAJOR) {
        Some(true)
    } else if q.has(TypeQuals::COLUMN_MAJOR) {
        Some(false)
    } else {
        None
    }
}

/// The description of a resource object type.
pub(crate) fn object_desc(
    cx: &Cx<'_>,
    oname: &str,
    elem: Option<TyId>,
    name: &str,
) -> LowerResult<ResourceDesc> {
    if oname == "SamplerState" || oname == "sampler" {
        return Ok(ResourceDesc::sampler(name, false));
    }
    if oname == "SamplerComparisonState" {
        return Ok(ResourceDesc::sampler(name, true));
    }
    if oname == "ConstantBuffer" {
        let ty = elem.ok_or_else(|| LowerError::shader("ConstantBuffer without a type"))?;
        let l = types::cbuffer_layout(cx, cx.storage, ty, None, 0)?;
        return Ok(ResourceDesc::cbuffer(name, l.size.next_multiple_of(16)));
    }
    let Some((uav, kind)) = resource_kind(oname) else {
        return Err(LowerError::unsupported(format!(
            "resources of type {oname}"
        )));
    };
    let mut d = match kind {
        ResourceKind::StructuredBuffer => {
            let ty = elem.ok_or_else(|| LowerError::shader(format!("{oname} without a type")))?;
            let l = types::structured_layout(cx, cx.storage, ty, None)?;
            let stride = l.size;
            if uav {
                ResourceDesc::rw_structured_buffer(name, stride)
            } else {
                ResourceDesc::structured_buffer(name, stride)
            }
        }
        ResourceKind::RawBuffer => {
            if uav {
                ResourceDesc::rw_byte_address_buffer(name)
            } else {
                ResourceDesc::byte_address_buffer(name)
            }
        }
        ResourceKind::TypedBuffer => {
            let (c, n) = element_format(cx, elem)?;
            if uav {
                ResourceDesc::rw_typed_buffer(name, c, n)
            } else {
                ResourceDesc::typed_buffer(name, c, n)
            }
        }
        k => {
            let (c, n) = element_format(cx, elem)?;
            if uav {
                ResourceDesc::rw_texture(name, k, c, n)
            } else {
                ResourceDesc::texture(name, k, c, n)
            }
        }
    };
    if !matches!(
        kind,
        ResourceKind::StructuredBuffer | ResourceKind::RawBuffer
    ) {
        let wide = elem.and_then(|t| types::scalar_of(cx, t));
        d.wide = matches!(wide, Some(Scalar::F64 | Scalar::I64 | Scalar::U64));
    }
    if oname.starts_with("RasterizerOrdered") {
        d = d.rasterizer_ordered();
    }
    if oname.starts_with("Append") || oname.starts_with("Consume") {
        d = d.with_counter();
    }
    Ok(d)
}

/// A group-shared variable: per leaf of its element type, one array.
fn shared(cx: &Cx<'_>, sb: &mut ShaderBuilder, ty: TyId, name: &str) -> LowerResult<Global> {
    let mut len = 1u32;
    let mut elem = ty;
    while let Ty::Array(e, n) = cx.get(elem) {
        len = len
            .checked_mul(n)
            .filter(|&l| l <= 1 << 20)
            .ok_or_else(|| LowerError::shader("group-shared array too large"))?;
        elem = e;
    }
    let mut leaves = Vec::new();
    types::leaves(cx, elem, &mut leaves)?;
    // One array per scalar type the element holds: the element's leaves of that type side
    // by side (a vector's components adjacent, so a run-time component index is an
    // offset), element after element.
    let mut kinds: Vec<dxil_ops::Scalar> = Vec::new();
    let mut slot_of = Vec::with_capacity(leaves.len());
    let mut counts: Vec<u32> = Vec::new();
    for s in &leaves {
        let d = cx.storage.mem(*s).max_reg(cx.storage.reg(*s));
        let g = match kinds.iter().position(|&k| k == d) {
            Some(g) => g,
            None => {
                kinds.push(d);
                counts.push(0);
                kinds.len() - 1
            }
        };
        slot_of.push((g, counts[g]));
        counts[g] += 1;
    }
    let mut arrays = Vec::with_capacity(kinds.len());
    for (g, &d) in kinds.iter().enumerate() {
        let mb = sb.module();
        let st = dxil_builder::types::scalar_type(mb, d)?;
        let total = u64::from(len) * u64::from(counts[g]);
        if total > 1 << 22 {
            return Err(LowerError::shader("group-shared variable too large"));
        }
        let arr = mb.ty(dxil_ir::TypeData::Array {
            len: total,
            elem: st,
        })?;
        let gname = if kinds.len() == 1 {
            name.to_string()
        } else {
            format!("{name}.{g}")
        };
        arrays.push((sb.group_shared(&gname, arr)?, arr));
    }
    let globals = slot_of
        .into_iter()
        .map(|(g, slot)| SharedLeaf {
            global: arrays[g].0,
            ty: arrays[g].1,
            stride: counts[g],
            slot,
        })
        .collect();
    Ok(Global::Shared {
        ty: elem,
        globals,
        len,
    })
}

/// Where one leaf of a group-shared variable's element lives: in `global` (an array of
/// type `ty`) at `index * stride + slot`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SharedLeaf {
    pub global: Value,
    pub ty: dxil_ir::Type,
    pub stride: u32,
    pub slot: u32,
}

trait MaxReg {
    /// Group-shared memory holds register types, booleans as 32-bit integers.
    fn max_reg(self, reg: dxil_ops::Scalar) -> dxil_ops::Scalar;
}

impl MaxReg for dxil_ops::Scalar {
    fn max_reg(self, reg: dxil_ops::Scalar) -> dxil_ops::Scalar {
        if reg == dxil_ops::Scalar::I1 {
            dxil_ops::Scalar::I32
        } else {
            reg
        }
    }
}

/// The orientation written on a resource type's element (`StructuredBuffer<row_major
/// float2x2>`), through arrays of resources.
fn element_major(cx: &Cx<'_>, mut t: crate::ast::TypeId) -> Option<bool> {
    for _ in 0..16 {
        match &cx.ast.ty(t).kind {
            crate::ast::TypeExprKind::Array { elem, .. } => t = *elem,
            crate::ast::TypeExprKind::Named {
                args: Some(args), ..
            } => {
                return match args.first() {
                    Some(crate::ast::TemplateArg::Type(e)) => row_major(cx, *e),
                    _ => None,
                };
            }
            _ => return None,
        }
    }
    None
}

/// `unorm`/`snorm` written on a typed resource's element (`RWTexture2D<unorm float4>`):
/// its components are normalized.
fn normalized(cx: &Cx<'_>, mut t: crate::ast::TypeId, desc: &mut ResourceDesc) {
    let mut arg = None;
    for _ in 0..16 {
        match &cx.ast.ty(t).kind {
            crate::ast::TypeExprKind::Array { elem, .. } => t = *elem,
            crate::ast::TypeExprKind::Named {
                args: Some(args), ..
            } => {
                if let Some(crate::ast::TemplateArg::Type(e)) = args.first() {
                    arg = Some(*e);
                }
                break;
            }
            _ => break,
        }
    }
    let Some(a) = arg else {
        return;
    };
    let q = cx.ast.ty(a).quals;
    let (un, sn) = (q.has(TypeQuals::UNORM), q.has(TypeQuals::SNORM));
    if let dxil_builder::Element::Typed(ct, n) = desc.element {
        let ct = match (ct, un, sn) {
            (ComponentType::F32, true, _) => ComponentType::UNormF32,
            (ComponentType::F32, _, true) => ComponentType::SNormF32,
            (ComponentType::F16, true, _) => ComponentType::UNormF16,
            (ComponentType::F16, _, true) => ComponentType::SNormF16,
            (ComponentType::F64, true, _) => ComponentType::UNormF64,
            (ComponentType::F64, _, true) => ComponentType::SNormF64,
            (ct, _, _) => ct,
        };
        desc.element = dxil_builder::Element::Typed(ct, n);
    }
}

/// Whether atomics on a resource of this kind are 64-bit: 64-bit elements of a typed or
/// structured buffer, and raw buffers (reached only by their `...64` methods).
fn holds_64bit(cx: &Cx<'_>, oname: &str, elem: Option<TyId>) -> bool {
    if oname.ends_with("ByteAddressBuffer") {
        return true;
    }
    let Some(e) = elem else {
        return false;
    };
    let mut ss = Vec::new();
    if types::leaves(cx, e, &mut ss).is_err() {
        return false;
    }
    ss.iter()
        .any(|s| matches!(s, Scalar::I64 | Scalar::U64 | Scalar::F64))
}
