//! The resource table (`ValidateResources`, DXIL.rst "Shader Resources" and the `SM.*`/`META.*`
//! resource rules): what each UAV, SRV, sampler and constant buffer record may declare, ranges
//! that overlap in a space, ids that are not dense, constant buffer layouts.

use std::collections::BTreeMap;

use dxil_ir::{Type, TypeData};
use dxil_module::layout::DataLayout;
use dxil_module::model::{ResourceClass, StructAnnotation};
use dxil_ops::ValidationRule as R;

use super::handles::{kind, res_error, res_name, sm_at_least, sm_kind, Res};
use crate::context::Ctx;
use crate::util::comp;

/// The largest structured buffer stride (`kMaxStructBufferStride`).
const MAX_STRUCT_STRIDE: u32 = 2048;

/// The largest constant buffer, in bytes (`kMaxCBufferSize` 16-byte rows).
const MAX_CBUFFER_BYTES: u32 = 4096 << 4;

/// Shader flag bit 23: native 16-bit types (so no minimum precision).
const USE_NATIVE_LOW_PRECISION: u64 = 1 << 23;

/// `ValidateResources`: UAVs, SRVs, the density of ids, samplers, constant buffers.
pub(crate) fn validate(ctx: &mut Ctx) {
    let res = std::mem::take(&mut ctx.res.res);
    let is_lib = ctx.res.is_lib;
    let is_ps = sm_kind(ctx) == "ps";
    let m = ctx.m;
    let dl = DataLayout::of(m);

    let mut uav_spaces = Spaces::default();
    for r in res.iter().filter(|r| r.class == ResourceClass::UAV) {
        if r.rov && !is_ps && !is_lib {
            res_error(ctx, r, R::SmROVOnlyInPS, &[]);
        }
        if matches!(r.kind, kind::TextureCube | kind::TextureCubeArray) {
            res_error(ctx, r, R::SmInvalidTextureKindOnUAV, &[]);
        }
        if r.has_counter && r.kind != kind::StructuredBuffer {
            res_error(ctx, r, R::SmCounterOnlyOnStructBuf, &[]);
        }
        if r.has_counter && (r.globally_coherent || r.reorder_coherent) {
            let prefix = if r.globally_coherent {
                "globally"
            } else {
                "reorder"
            };
            res_error(ctx, r, R::MetaCoherenceNotOnAppendConsume, &[prefix]);
        }
        resource(ctx, r, &dl);
        overlap(ctx, r, &mut uav_spaces, is_lib);
    }

    let mut srv_spaces = Spaces::default();
    for r in res.iter().filter(|r| r.class == ResourceClass::SRV) {
        resource(ctx, r, &dl);
        overlap(ctx, r, &mut srv_spaces, is_lib);
    }

    if let Some(r) = first_non_dense(&res) {
        res_error(ctx, r, R::MetaDenseResIDs, &[]);
    }

    let mut sampler_spaces = Spaces::default();
    for r in res.iter().filter(|r| r.class == ResourceClass::Sampler) {
        // Sampler mode 3 is `SamplerKind::Invalid`.
        if r.sampler_kind == 3 {
            res_error(ctx, r, R::MetaValidSamplerMode, &[]);
        }
        overlap(ctx, r, &mut sampler_spaces, is_lib);
    }

    let mut cb_spaces = Spaces::default();
    for r in res.iter().filter(|r| r.class == ResourceClass::CBuffer) {
        cbuffer(ctx, r);
        overlap(ctx, r, &mut cb_spaces, is_lib);
    }
    ctx.res.res = res;
}

/// `ValidateResource`: an SRV or UAV record's kind, component type, stride and element size.
fn resource(ctx: &mut Ctx, r: &Res, dl: &DataLayout) {
    if r.reorder_coherent && !sm_at_least(ctx, 6, 9) {
        res_error(ctx, r, R::InstrReorderCoherentRequiresSM69, &[]);
    }
    match r.kind {
        kind::RawBuffer
        | kind::TypedBuffer
        | kind::TBuffer
        | kind::StructuredBuffer
        | kind::Texture1D
        | kind::Texture1DArray
        | kind::Texture2D
        | kind::Texture2DArray
        | kind::Texture3D
        | kind::TextureCube
        | kind::TextureCubeArray => {
            if r.sample_count > 0 {
                res_error(ctx, r, R::SmSampleCountOnlyOn2DMS, &[]);
            }
        }
        kind::Texture2DMS | kind::Texture2DMSArray | kind::RTAccelerationStructure => {}
        kind::FeedbackTexture2D | kind::FeedbackTexture2DArray => {
            // Sampler feedback types: 0 MinMip, 1 MipRegionUsed.
            if r.feedback_type >= 2 {
                res_error(ctx, r, R::SmInvalidSamplerFeedbackType, &[]);
            }
        }
        _ => res_error(ctx, r, R::SmInvalidResourceKind, &[]),
    }

    let typed_ok = matches!(
        r.comp_type,
        comp::F32
            | comp::SNormF32
            | comp::UNormF32
            | comp::F64
            | comp::I32
            | comp::I64
            | comp::U32
            | comp::U64
            | comp::F16
            | comp::I16
            | comp::U16
    );
    let untyped = matches!(
        r.kind,
        kind::StructuredBuffer
            | kind::RawBuffer
            | kind::FeedbackTexture2D
            | kind::FeedbackTexture2DArray
    );
    if !typed_ok && !untyped {
        res_error(ctx, r, R::SmInvalidResourceCompType, &[]);
    }

    if r.kind == kind::StructuredBuffer {
        if r.stride & 3 != 0 && use_min_precision(ctx) {
            let stride = r.stride.to_string();
            res_error(ctx, r, R::MetaStructBufAlignment, &["4", &stride]);
        }
        if r.stride > MAX_STRUCT_STRIDE {
            let (max, stride) = (MAX_STRUCT_STRIDE.to_string(), r.stride.to_string());
            res_error(
                ctx,
                r,
                R::MetaStructBufAlignmentOutOfBound,
                &[&max, &stride],
            );
        }
    }

    if kind::is_any_texture(r.kind) || r.kind == kind::TypedBuffer {
        // A texel is at most four 32-bit components.
        let size = r.ret_type(ctx.m).and_then(|t| dl.type_alloc_size(ctx.m, t));
        if size.is_some_and(|s| s > 16) {
            res_error(ctx, r, R::MetaTextureType, &[]);
        }
    }
}

/// Minimum precision is in use unless the first entry's shader flags ask for native 16-bit
/// types (`UseMinPrecision`).
fn use_min_precision(ctx: &Ctx) -> bool {
    let flags = ctx
        .md
        .entry_points
        .as_ref()
        .and_then(|e| e.first())
        .map_or(0, |e| e.shader_flags());
    flags & USE_NATIVE_LOW_PRECISION == 0
}

/// Register ranges taken in each space of one class (the reference's `SpacesAllocator`).
#[derive(Default)]
struct Spaces {
    spaces: BTreeMap<u32, Spans<(u32, u32)>>,
}

/// Inclusive spans that may not overlap, each with what took it. Inserting reports the
/// span found in the way: the last one starting at or before the new span's end, when it
/// reaches the new span's start.
struct Spans<T> {
    by_start: BTreeMap<u32, (u32, T)>,
}

impl<T> Default for Spans<T> {
    fn default() -> Self {
        Spans {
            by_start: BTreeMap::new(),
        }
    }
}

impl<T: Copy> Spans<T> {
    fn insert(&mut self, start: u32, end: u32, what: T) -> Option<T> {
        if let Some((_, &(e, w))) = self.by_start.range(..=end).next_back() {
            if e >= start {
                return Some(w);
            }
        }
        if let Some(&(_, w)) = self.by_start.get(&start) {
            return Some(w);
        }
        self.by_start.insert(start, (end, what));
        None
    }
}

/// `ValidateResourceOverlap`: a record's registers may not overlap another's of the same
/// class in the same space (unbound library resources are skipped).
fn overlap(ctx: &mut Ctx, r: &Res, spaces: &mut Spaces, is_lib: bool) {
    let base = r.lower_bound;
    if is_lib && base == u32::MAX {
        return;
    }
    let size = r.range_size;
    let mut end = base.wrapping_add(size).wrapping_sub(1);
    if end < base {
        // Unbounded: to the end of the space.
        end = size;
    }
    let spans = spaces.spaces.entry(r.space).or_default();
    if let Some((other_base, other_size)) = spans.insert(base, end, (base, size)) {
        let args = [
            res_name(r),
            base.to_string(),
            size.to_string(),
            other_base.to_string(),
            other_size.to_string(),
            r.space.to_string(),
        ];
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ctx.error(R::SmResourceRangeOverlap, &args);
    }
}

/// The record the reference names when ids are not their positions (`AreDxilResourcesDense`):
/// among the records whose id differs from their index, the one with the lowest (class,
/// id), classes in the order SRV, UAV, CBV, sampler; of two with the same id, the later.
fn first_non_dense(res: &[Res]) -> Option<&Res> {
    let rank = |c: ResourceClass| match c {
        ResourceClass::SRV => 0u8,
        ResourceClass::UAV => 1,
        ResourceClass::CBuffer => 2,
        ResourceClass::Sampler => 3,
    };
    let mut found: BTreeMap<(u8, u32), &Res> = BTreeMap::new();
    for class in [
        ResourceClass::CBuffer,
        ResourceClass::SRV,
        ResourceClass::UAV,
        ResourceClass::Sampler,
    ] {
        for r in res.iter().filter(|r| r.class == class) {
            if r.id != r.index {
                found.insert((rank(class), r.id), r);
            }
        }
    }
    found.into_values().next()
}

/// `ValidateCBuffer`: the constant buffer's type is a struct (an array of them for a range,
/// where anything but an array stops validation with the reference's cast failure),
/// at most 64 KiB, and its fields, by their annotated offsets, neither overlap nor leave it.
fn cbuffer(ctx: &mut Ctx, r: &Res) {
    let m = ctx.m;
    let Some(mut ty) = r.hlsl_ty.and_then(|t| super::handles::pointee(m, t)) else {
        return;
    };
    let is_array = matches!(m.ty(ty), TypeData::Array { .. });
    if r.range_size != 1 || is_array {
        // The reference takes the array's element type with an LLVM cast, which fails on
        // any other type (a range of a struct included): validation stops there.
        match m.ty(ty) {
            TypeData::Array { elem, .. } => ty = *elem,
            _ => return ctx.abort(super::oload::CAST_FAILURE),
        }
    }
    if !matches!(m.ty(ty), TypeData::Struct(_)) {
        return res_error(ctx, r, R::SmCBufferTemplateTypeMustBeStruct, &[]);
    }
    if r.size > MAX_CBUFFER_BYTES {
        let size = r.size.to_string();
        return res_error(ctx, r, R::SmCBufferSize, &[&size]);
    }
    let md = ctx.md;
    let Some(annotation) = md.struct_annotation(ty) else {
        return;
    };
    let mut walk = CbWalk {
        name: res_name(r),
        spans: Spans::default(),
        min_precision: use_min_precision(ctx),
        budget: 1 << 20,
    };
    walk.ranges(ctx, annotation, 0, 0);
}

/// One constant buffer's field walk (`CollectCBufferRanges`).
struct CbWalk {
    name: String,
    spans: Spans<()>,
    min_precision: bool,
    /// Structs still to visit: arrays of structs are walked element by element, which
    /// hostile counts could make endless.
    budget: u32,
}

impl CbWalk {
    fn ranges(&mut self, ctx: &mut Ctx, annotation: &StructAnnotation, base: u32, depth: u32) {
        let m = ctx.m;
        let md = ctx.md;
        if depth > 64 || self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let TypeData::Struct(st) = m.ty(annotation.ty) else {
            return;
        };
        let cb_size = annotation.cbuffer_size;
        for i in (0..annotation.fields.len().min(st.elems.len())).rev() {
            let field = &annotation.fields[i];
            let mut elt = st.elems[i];
            let offset = field.cbuffer_offset().unwrap_or(u32::MAX);
            let elt_size = self.field_size(ctx, field, elt);
            let at = base.wrapping_add(offset);
            let out_of_bound;
            match m.ty(elt) {
                TypeData::Array { .. } => {
                    if offset.wrapping_add(15) & !0xf != offset {
                        let off = offset.to_string();
                        ctx.error(R::SmCBufferArrayOffsetAlignment, &[&self.name, &off]);
                        continue;
                    }
                    let mut count = 1u32;
                    let mut guard = 0;
                    while let TypeData::Array { len, elem } = m.ty(elt) {
                        count = count.wrapping_mul(*len as u32);
                        elt = *elem;
                        guard += 1;
                        if guard > 64 {
                            return;
                        }
                    }
                    let elt_annotation = match m.ty(elt) {
                        TypeData::Struct(_) => md.struct_annotation(elt),
                        _ => None,
                    };
                    let aligned = elt_size.wrapping_add(15) & !0xf;
                    let array_size = count
                        .wrapping_sub(1)
                        .wrapping_mul(aligned)
                        .wrapping_add(elt_size);
                    out_of_bound = offset.wrapping_add(array_size) > cb_size;
                    if !out_of_bound {
                        let mut array_base = at;
                        match elt_annotation {
                            None => {
                                let end = array_base.wrapping_add(array_size).wrapping_sub(1);
                                if elt_size > 0 && self.spans.insert(array_base, end, ()).is_some()
                                {
                                    let b = array_base.to_string();
                                    ctx.error(R::SmCBufferOffsetOverlap, &[&self.name, &b]);
                                }
                            }
                            Some(a) => {
                                for _ in 0..count {
                                    if self.budget == 0 {
                                        break;
                                    }
                                    self.ranges(ctx, a, array_base, depth + 1);
                                    array_base = array_base.wrapping_add(aligned);
                                }
                            }
                        }
                    }
                }
                TypeData::Struct(_) => {
                    out_of_bound = offset.wrapping_add(elt_size) > cb_size;
                    if !out_of_bound {
                        match md.struct_annotation(elt) {
                            Some(a) => self.ranges(ctx, a, at, depth + 1),
                            None => {
                                let end = at.wrapping_add(elt_size).wrapping_sub(1);
                                if elt_size > 0 && self.spans.insert(at, end, ()).is_some() {
                                    let b = at.to_string();
                                    ctx.error(R::SmCBufferOffsetOverlap, &[&self.name, &b]);
                                }
                            }
                        }
                    }
                }
                _ => {
                    out_of_bound = offset.wrapping_add(elt_size) > cb_size;
                    if !out_of_bound {
                        let end = at.wrapping_add(elt_size).wrapping_sub(1);
                        if self.spans.insert(at, end, ()).is_some() {
                            let b = at.to_string();
                            ctx.error(R::SmCBufferOffsetOverlap, &[&self.name, &b]);
                        }
                    }
                }
            }
            if out_of_bound {
                let b = at.to_string();
                ctx.error(R::SmCBufferElementOverflow, &[&self.name, &b]);
            }
        }
    }

    /// `GetLegacyCBufferFieldElementSize`: bytes of one element of a field (arrays looked
    /// through): the component size times the vector length, a struct's annotated size, or a
    /// matrix's rows of 16 bytes.
    fn field_size(&self, ctx: &Ctx, field: &dxil_module::model::FieldAnnotation, ty: Type) -> u32 {
        let m = ctx.m;
        let mut ty = ty;
        let mut guard = 0;
        while let TypeData::Array { elem, .. } = m.ty(ty) {
            ty = *elem;
            guard += 1;
            if guard > 64 {
                return 0;
            }
        }
        let ct = field.comp_type().unwrap_or(comp::Invalid);
        let comp_size = if comp::is_64bit(ct) {
            8
        } else if comp::is_16bit(ct) && !self.min_precision {
            2
        } else {
            4
        };
        match m.ty(ty) {
            TypeData::Vector { len, .. } => comp_size * (*len as u32),
            TypeData::Struct(_) => match ctx.md.struct_annotation(ty) {
                Some(a) => a.cbuffer_size,
                None => match field.matrix() {
                    Some((rows, cols, orientation)) if cols != 0 => {
                        // Column major (2) stores columns as rows.
                        let (rows, cols) = if orientation == 2 {
                            (cols, rows)
                        } else {
                            (rows, cols)
                        };
                        rows.wrapping_sub(1)
                            .wrapping_mul(16)
                            .wrapping_add(cols.wrapping_mul(4))
                    }
                    _ => 0,
                },
            },
            _ => comp_size,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_report_the_span_in_the_way() {
        let mut s = Spans::default();
        assert_eq!(s.insert(0, 3, 'a'), None);
        assert_eq!(s.insert(8, 9, 'b'), None);
        assert_eq!(s.insert(4, 7, 'c'), None);
        // Overlapping both `a` and `b`: the last one starting at or before the end.
        assert_eq!(s.insert(2, 20, 'd'), Some('b'));
        assert_eq!(s.insert(3, 3, 'e'), Some('a'));
        assert_eq!(s.insert(10, u32::MAX, 'f'), None);
        assert_eq!(s.insert(u32::MAX, u32::MAX, 'g'), Some('f'));
    }
}
