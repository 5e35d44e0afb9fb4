//! The function table and what hangs off it (DXC `DxilRDATWriter::UpdateFunctionInfo`,
//! `AddShaderInfo`, `AddShaderNodeInfo`, `AddIONodes`, `AddSigElements`; records from
//! `RDAT_LibraryTypes.inl`).
//!
//! Per defined function, in module order: mangled and unmangled name (`\x01?name@...` gives
//! `name`), the resources it uses (indices into the resource table), the external functions
//! it calls (name strings), shader kind, ray payload/attribute sizes, feature flags, stage
//! mask and minimum shader target from [`super::compat`]; from the second record version,
//! wave sizes, shader flags and a reference to the node or (experimental tables) stage info.

use dxil_ir::{decode_linkage, Linkage, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{Property, SignatureElement};

use crate::error::{ErrorKind, Result};
use crate::flags::bit;
use crate::source::Source;

use super::builder::{Builder, Record, NULL_REF};
use super::compat::{self, is_dxil_op};
use super::part;
use super::props::{entry_function, FnProps, NodeIoProps, KIND_LIBRARY};
use super::uses::Uses;
use super::ResourceIndex;

/// `RDAT::DxilShaderFlags`.
mod shader_flag {
    pub const NODE_PROGRAM_ENTRY: u16 = 1;
    pub const OUTPUT_POSITION_PRESENT: u32 = 2;
    pub const DEPTH_OUTPUT: u32 = 4;
    pub const SAMPLE_FREQUENCY: u32 = 8;
    pub const USES_VIEW_ID: u16 = 16;
}

fn demangle(name: &[u8]) -> &[u8] {
    match name.strip_prefix(b"\x01?") {
        Some(rest) => {
            let end = rest.iter().position(|&c| c == b'@').unwrap_or(rest.len());
            rest.get(..end).unwrap_or(rest)
        }
        None => name,
    }
}

/// The value a resource symbol refers to (`None` for `undef` and the like). From shader
/// model 6.6 a bitcast symbol stands for the global it casts (the metadata loader reads
/// the global through it).
fn symbol_value(src: &Source<'_>, md: &Md) -> Option<ValueRef> {
    let Md::Value { value, .. } = md else {
        return None;
    };
    if let ValueRef::Const(c) = value {
        if let Some(dxil_ir::ConstKind::Cast {
            op: dxil_ir::CastOp::BitCast,
            value: inner,
        }) = src.module.constant(*c).map(|d| &d.kind)
        {
            if src.shader_model() >= (6, 6) {
                return Some(*inner);
            }
        }
    }
    match value {
        ValueRef::Global(_) | ValueRef::Const(_) | ValueRef::Function(_) => Some(*value),
        _ => None,
    }
}

/// Group shared bytes each function may touch: every address space 3 global it or a
/// function it calls (directly or not) uses.
fn group_shared(src: &Source<'_>, uses: &Uses) -> Result<Vec<u32>> {
    let m = src.module;
    let dl = dxil_module::layout::DataLayout::of(m);
    let mut total = vec![0u32; m.functions.len()];
    for (gi, g) in m.globals.iter_with_ids() {
        if g.addrspace != 3 {
            continue;
        }
        let size = dl
            .type_alloc_size(m, g.value_ty)
            .and_then(|s| u32::try_from(s).ok())
            .ok_or(ErrorKind::OutOfRange("group shared variable size"))?;
        let gv = ValueRef::Global(gi);
        let mut done = vec![false; m.functions.len()];
        let mut work: Vec<usize> = uses.users_of(gv).collect();
        while let Some(f) = work.pop() {
            let Some(slot) = done.get_mut(f) else {
                continue;
            };
            if std::mem::replace(slot, true) {
                continue;
            }
            if let Some(t) = total.get_mut(f) {
                *t = t.wrapping_add(size);
            }
            if let Some(fv) = m.functions.id_of(f).map(ValueRef::Function) {
                work.extend(uses.users_of(fv));
            }
        }
    }
    Ok(total)
}

/// Adds every defined function's record.
pub(crate) fn add_functions(
    b: &mut Builder,
    src: &Source<'_>,
    resources: &ResourceIndex,
    rt11_subobjects: bool,
) -> Result<()> {
    let m = src.module;
    let uses = Uses::of(m);
    // Resources per using function, in resource order.
    let mut res_of: Vec<Vec<u32>> = vec![Vec::new(); m.functions.len()];
    for (symbol, index) in resources {
        let Some(v) = symbol_value(src, symbol) else {
            continue;
        };
        for f in uses.users_of(v) {
            if let Some(list) = res_of.get_mut(f) {
                if !list.contains(index) {
                    list.push(*index);
                }
            }
        }
    }
    // External functions each function calls, as name strings.
    let mut deps_of: Vec<Vec<u32>> = vec![Vec::new(); m.functions.len()];
    for (i, f) in m.functions.iter_with_ids() {
        let name = m.name_text(f.common.name);
        let fv = ValueRef::Function(i);
        if f.body.is_some()
            || name.starts_with("llvm.")
            || decode_linkage(u64::from(f.common.linkage)) != Some(Linkage::External)
            || is_dxil_op(m, &fv)
        {
            continue;
        }
        for user in uses.users_of(fv) {
            let s = b.strings.insert(name.as_bytes())?;
            if let Some(list) = deps_of.get_mut(user) {
                if !list.contains(&s) {
                    list.push(s);
                }
            }
        }
    }
    // Entry properties per function.
    let mut props: Vec<Option<FnProps<'_>>> = vec![None; m.functions.len()];
    for e in src.meta.entry_points.iter().flatten() {
        if let Some(slot) = entry_function(e).and_then(|f| props.get_mut(f)) {
            *slot = Some(FnProps::of(e));
        }
    }
    let compat = compat::compute(src, &props, rt11_subobjects);
    let tgsm = group_shared(src, &uses)?;
    let has_sig_table = b.has_table(part::SIGNATURE_ELEMENT);
    let v2 = b.table(part::FUNCTION).is_some_and(|t| t.stride >= 52);
    for (i, f) in m.functions.iter().enumerate() {
        if f.body.is_none() {
            continue;
        }
        let name = m.name_text(f.common.name).as_bytes();
        let mangled = b.strings.insert(name)?;
        let unmangled = b.strings.insert(demangle(name))?;
        let res = match res_of.get(i) {
            Some(l) if !l.is_empty() => b.indices.insert(l)?,
            _ => NULL_REF,
        };
        let deps = match deps_of.get(i) {
            Some(l) if !l.is_empty() => b.indices.insert(l)?,
            _ => NULL_REF,
        };
        let c = compat.get(i).copied().flatten().unwrap_or_default();
        let tg = tgsm.get(i).copied().unwrap_or(0);
        let p = props.get(i).and_then(Option::as_ref);
        let mut kind = KIND_LIBRARY;
        let (mut payload, mut attr) = (0, 0);
        let (mut wave_min, mut wave_max, mut shader_flags) = (0u8, 0u8, 0u16);
        let mut shader_ref = NULL_REF;
        if let Some(p) = p {
            match p.kind {
                9 | 10 => (payload, attr) = (p.payload_size, p.attribute_size),
                11 | 12 => payload = p.payload_size,
                _ => {}
            }
            kind = p.kind;
            if v2 {
                if p.wave_size.0 != 0 {
                    wave_min = p.wave_size.0 as u8;
                    wave_max = if p.wave_size.1 != 0 {
                        p.wave_size.1 as u8
                    } else {
                        p.wave_size.0 as u8
                    };
                }
                if p.kind == 15 {
                    shader_ref = node_info(b, p, tg, &mut shader_flags)?;
                } else if has_sig_table {
                    if c.flags.has(bit::VIEW_ID) {
                        shader_flags |= shader_flag::USES_VIEW_ID;
                    }
                    shader_ref = shader_info(b, p, tg, &mut shader_flags)?;
                }
            }
        }
        let feature = c.flags.feature_info();
        let target = (kind << 16) | (c.min.0 << 4) | c.min.1;
        let rec = Record::default()
            .u32(mangled)
            .u32(unmangled)
            .u32(res)
            .u32(deps)
            .u32(kind)
            .u32(payload)
            .u32(attr)
            .u32(feature as u32)
            .u32((feature >> 32) as u32)
            .u32(c.mask)
            .u32(target)
            .u8(wave_min)
            .u8(wave_max)
            .u16(shader_flags)
            .u32(shader_ref);
        b.insert(part::FUNCTION, &rec.0)?;
    }
    Ok(())
}

/// Adds the signature elements of one signature and gives their index array; `flags`
/// collects position, sample frequency and depth output, `streams` the output streams.
fn add_signature(
    b: &mut Builder,
    elements: &[SignatureElement],
    flags: &mut u32,
    mut streams: Option<&mut u8>,
) -> Result<u32> {
    *flags = 0;
    let mut rows = Vec::with_capacity(elements.len());
    for e in elements {
        let name = b.strings.insert(e.name.as_bytes())?;
        let indices = b.indices.insert(&e.semantic_indices)?;
        let start_row = if e.start_row == -1 {
            0xff
        } else {
            e.start_row as u8
        };
        let stream = e.output_stream();
        let cols_and_stream = ((e.cols.wrapping_sub(1)) & 3)
            | (((e.start_col as u8) & 3) << 2)
            | (((stream as u8) & 3) << 4);
        let masks =
            ((e.usage_comp_mask() as u8) & 0xf) | (((e.dyn_idx_comp_mask() as u8) & 0xf) << 4);
        let rec = Record::default()
            .u32(name)
            .u32(indices)
            .u8(e.semantic_kind)
            .u8(e.component_type)
            .u8(e.interpolation_mode)
            .u8(start_row)
            .u8(cols_and_stream)
            .u8(masks);
        rows.push(b.insert(part::SIGNATURE_ELEMENT, &rec.0)?);
        if e.semantic_kind == 3 {
            *flags |= shader_flag::OUTPUT_POSITION_PRESENT;
        }
        if matches!(e.interpolation_mode, 6 | 7) || e.semantic_kind == 12 {
            *flags |= shader_flag::SAMPLE_FREQUENCY;
        }
        if matches!(e.semantic_kind, 17..=19) {
            *flags |= shader_flag::DEPTH_OUTPUT;
        }
        if let Some(s) = streams.as_deref_mut() {
            *s |= 1u8.checked_shl(stream).unwrap_or(0);
        }
    }
    b.indices.insert(&rows)
}

fn property<'a, T>(p: &FnProps<'a>, f: impl Fn(&'a Property) -> Option<T>) -> Option<T> {
    p.properties.iter().find_map(f)
}

/// The stage information record of a non-node entry (experimental tables).
fn shader_info(b: &mut Builder, p: &FnProps<'_>, tg: u32, out_flags: &mut u16) -> Result<u32> {
    let mut fl = 0u32;
    let keep = |out: &mut u16, fl: u32, which: u32| *out |= (fl & which) as u16;
    let rec = match p.kind {
        0 => {
            let input = add_signature(b, p.signature(0), &mut fl, None)?;
            keep(out_flags, fl, shader_flag::SAMPLE_FREQUENCY);
            let output = add_signature(b, p.signature(1), &mut fl, None)?;
            keep(out_flags, fl, shader_flag::DEPTH_OUTPUT);
            (part::PS_INFO, Record::default().u32(input).u32(output))
        }
        1 => {
            let input = add_signature(b, p.signature(0), &mut fl, None)?;
            let output = add_signature(b, p.signature(1), &mut fl, None)?;
            keep(out_flags, fl, shader_flag::OUTPUT_POSITION_PRESENT);
            (
                part::VS_INFO,
                Record::default().u32(input).u32(output).u32(0).u32(0),
            )
        }
        2 => {
            let (in_prim, max_vertices, streams_mask, out_topology) = property(p, |x| match x {
                Property::GsState(s) => Some((
                    s.input_primitive,
                    s.max_vertex_count,
                    s.active_stream_mask,
                    s.output_topology,
                )),
                _ => None,
            })
            .unwrap_or_default();
            let input = add_signature(b, p.signature(0), &mut fl, None)?;
            let mut streams = 0u8;
            let output = add_signature(b, p.signature(1), &mut fl, Some(&mut streams))?;
            keep(out_flags, fl, shader_flag::OUTPUT_POSITION_PRESENT);
            let topology = if streams_mask & 1 != 0 {
                out_topology
            } else {
                0
            };
            let mut r = Record::default().u32(input).u32(output);
            for _ in 0..4 {
                r = r.u32(0);
            }
            (
                part::GS_INFO,
                r.u8(in_prim as u8)
                    .u8(topology as u8)
                    .u8(max_vertices as u8)
                    .u8(streams),
            )
        }
        3 => {
            let hs = property(p, |x| match x {
                Property::HsState(s) => Some(s.clone()),
                _ => None,
            });
            let input = add_signature(b, p.signature(0), &mut fl, None)?;
            let output = add_signature(b, p.signature(1), &mut fl, None)?;
            let pc = add_signature(b, p.signature(2), &mut fl, None)?;
            let mut r = Record::default().u32(input).u32(output).u32(pc);
            for _ in 0..8 {
                r = r.u32(0);
            }
            let (icp, ocp, domain, prim) = hs.map_or((0, 0, 0, 0), |h| {
                (
                    h.input_control_points,
                    h.output_control_points,
                    h.domain,
                    h.output_primitive,
                )
            });
            (
                part::HS_INFO,
                r.u8(icp as u8)
                    .u8(ocp as u8)
                    .u8(domain as u8)
                    .u8(prim as u8),
            )
        }
        4 => {
            let (ds_cp, ds_domain) = property(p, |x| match x {
                Property::DsState(s) => Some((s.input_control_points, s.domain)),
                _ => None,
            })
            .unwrap_or_default();
            let input = add_signature(b, p.signature(0), &mut fl, None)?;
            let output = add_signature(b, p.signature(1), &mut fl, None)?;
            keep(out_flags, fl, shader_flag::OUTPUT_POSITION_PRESENT);
            let pc = add_signature(b, p.signature(2), &mut fl, None)?;
            let mut r = Record::default().u32(input).u32(output).u32(pc);
            for _ in 0..6 {
                r = r.u32(0);
            }
            (part::DS_INFO, r.u8(ds_cp as u8).u8(ds_domain as u8))
        }
        5 => {
            let threads = b.indices.insert(&p.num_threads)?;
            (part::CS_INFO, Record::default().u32(threads).u32(tg))
        }
        13 => {
            let (payload, max_v, max_p, topo) = property(p, |x| match x {
                Property::MsState(s) => Some((
                    s.payload_size_in_bytes,
                    s.max_vertex_count,
                    s.max_primitive_count,
                    s.output_topology,
                )),
                _ => None,
            })
            .unwrap_or_default();
            let output = add_signature(b, p.signature(1), &mut fl, None)?;
            keep(out_flags, fl, shader_flag::OUTPUT_POSITION_PRESENT);
            let prim = add_signature(b, p.signature(2), &mut fl, None)?;
            let threads = b.indices.insert(&p.num_threads)?;
            let r = Record::default()
                .u32(output)
                .u32(prim)
                .u32(0)
                .u32(0)
                .u32(0)
                .u32(0)
                .u32(threads)
                .u32(tg)
                .u32(0)
                .u32(payload)
                .u16(max_v as u16)
                .u16(max_p as u16)
                .u8(topo as u8);
            (part::MS_INFO, r)
        }
        14 => {
            let payload = property(p, |x| match x {
                Property::AsState(s) => Some(s.payload_size_in_bytes),
                _ => None,
            })
            .unwrap_or(0);
            let threads = b.indices.insert(&p.num_threads)?;
            (
                part::AS_INFO,
                Record::default().u32(threads).u32(tg).u32(payload),
            )
        }
        _ => return Ok(NULL_REF),
    };
    b.insert(rec.0, &(rec.1).0)
}

fn node_id(b: &mut Builder, name: &str, index: u32) -> Result<u32> {
    let s = b.strings.insert(name.as_bytes())?;
    b.insert(part::NODE_ID, &Record::default().u32(s).u32(index).0)
}

fn attrib(b: &mut Builder, table: u32, kind: u32, value: u32) -> Result<u32> {
    b.insert(table, &Record::default().u32(kind).u32(value).0)
}

/// The node shader information record of a node entry.
fn node_info(b: &mut Builder, p: &FnProps<'_>, tg: u32, out_flags: &mut u16) -> Result<u32> {
    let t = part::NODE_FUNC_ATTRIB;
    let mut launch = 0;
    let mut attrs = Vec::new();
    let mut id: Option<(String, u32)> = None;
    let mut share: Option<(String, u32)> = None;
    let mut program_entry = false;
    let mut local_root = -1i64;
    let mut grid = [0u32; 3];
    let mut max_grid = [0u32; 3];
    let mut recursion = 0;
    let three = |v: &[u32]| {
        [
            v.first().copied().unwrap_or(0),
            v.get(1).copied().unwrap_or(0),
            v.get(2).copied().unwrap_or(0),
        ]
    };
    for prop in p.properties {
        match prop {
            Property::NodeLaunchType(v) => launch = *v,
            Property::NodeIsProgramEntry(v) => program_entry = *v,
            Property::NodeId(n) => id = Some((n.name.clone(), n.index)),
            Property::ShareInputOf(n) => share = Some((n.name.clone(), n.index)),
            Property::NodeLocalRootArgumentsTableIndex(v) => local_root = i64::from(*v as i32),
            Property::NodeDispatchGrid(v) => grid = three(v),
            Property::NodeMaxDispatchGrid(v) => max_grid = three(v),
            Property::NodeMaxRecursionDepth(v) => recursion = *v,
            _ => {}
        }
    }
    if let Some((name, index)) = id.filter(|(n, _)| !n.is_empty()) {
        let r = node_id(b, &name, index)?;
        attrs.push(attrib(b, t, 1, r)?);
    }
    if program_entry {
        *out_flags |= shader_flag::NODE_PROGRAM_ENTRY;
    }
    if p.num_threads.iter().any(|&v| v != 0) {
        let a = b.indices.insert(&p.num_threads)?;
        attrs.push(attrib(b, t, 2, a)?);
    }
    if local_root >= 0 {
        attrs.push(attrib(b, t, 6, local_root as u32)?);
    }
    if let Some((name, index)) = share.filter(|(n, _)| !n.is_empty()) {
        let r = node_id(b, &name, index)?;
        attrs.push(attrib(b, t, 3, r)?);
    }
    if grid.iter().any(|&v| v != 0) {
        let a = b.indices.insert(&grid)?;
        attrs.push(attrib(b, t, 4, a)?);
    }
    if recursion != 0 {
        attrs.push(attrib(b, t, 5, recursion)?);
    }
    if max_grid.iter().any(|&v| v != 0) {
        let a = b.indices.insert(&max_grid)?;
        attrs.push(attrib(b, t, 7, a)?);
    }
    let attribs = b.indices.insert(&attrs)?;
    let inputs = io_nodes(b, &p.node_io(true))?;
    let outputs = io_nodes(b, &p.node_io(false))?;
    let rec = Record::default()
        .u32(launch)
        .u32(tg)
        .u32(attribs)
        .u32(outputs)
        .u32(inputs);
    b.insert(part::NODE_SHADER_INFO, &rec.0)
}

/// The I/O node records of a node shader's inputs or outputs, as an index array.
fn io_nodes(b: &mut Builder, nodes: &[NodeIoProps]) -> Result<u32> {
    let t = part::NODE_IO_ATTRIB;
    let mut rows = Vec::with_capacity(nodes.len());
    for n in nodes {
        let mut attrs = Vec::new();
        let output_node = n.flags & 2 != 0 && n.flags & 0x60 == 0;
        if output_node {
            let r = node_id(b, &n.output_id.0, n.output_id.1)?;
            attrs.push(attrib(b, t, 1, r)?);
            attrs.push(attrib(b, t, 6, n.output_array_size)?);
            if n.max_records != 0 {
                attrs.push(attrib(b, t, 2, n.max_records)?);
            } else if n.max_records_shared_with >= 0 {
                attrs.push(attrib(b, t, 3, n.max_records_shared_with as u32)?);
            }
            if n.allow_sparse_nodes {
                attrs.push(attrib(b, t, 7, 1)?);
            }
        } else if n.flags & 1 != 0 && n.max_records != 0 {
            attrs.push(attrib(b, t, 2, n.max_records)?);
        }
        if n.record_size != 0 {
            attrs.push(attrib(b, t, 4, n.record_size)?);
            let (offset, ty, count) = n.dispatch_grid;
            if ty != 0 {
                let packed = (offset & 0xffff) | ((((count & 3) | (ty << 2)) & 0xffff) << 16);
                attrs.push(attrib(b, t, 5, packed)?);
            }
            if n.record_alignment != 0 {
                attrs.push(attrib(b, t, 8, n.record_alignment)?);
            }
        }
        let a = b.indices.insert(&attrs)?;
        rows.push(b.insert(part::IO_NODE, &Record::default().u32(n.flags).u32(a).0)?);
    }
    b.indices.insert(&rows)
}

#[cfg(test)]
mod tests {
    use super::demangle;

    #[test]
    fn demangles_like_the_reference() {
        assert_eq!(demangle(b"\x01?foo@@YAXXZ"), b"foo");
        assert_eq!(demangle(b"main"), b"main");
        assert_eq!(demangle(b"\x01?bar"), b"bar");
    }
}
