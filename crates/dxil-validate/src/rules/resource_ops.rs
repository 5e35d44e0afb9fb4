//! Operations on resources (DXIL.rst "Resource operations" and the `INSTR.*` rules on them,
//! the reference's `ValidateHandleArgs` and `ValidateResourceDxilOp`): every handle operand
//! is defined and comes from a handle-producing call; loads, stores, samples, gathers,
//! dimension queries, constant buffer loads, counters and atomics use a resource of the
//! class and kind they work on, with the coordinates, offsets, masks and values that kind
//! takes. (`HitObject_TraceRay`'s acceleration structure is checked with the hit object
//! rules.)

use std::collections::HashMap;

use dxil_ir::ValueType;
use dxil_ir::{Body, ConstKind, Function, Inst, InstKind, TypeData, ValueRef};
use dxil_module::layout::DataLayout;
use dxil_module::model::ResourceClass;
use dxil_ops::{DxCall, DxOp, ValidationRule as R};

use super::function::Site;
use super::handles::{kind, resource_from_handle, resource_kind, sm_at_least, sm_kind};
use crate::context::Ctx;
use crate::util;
use crate::util::comp;

/// The rules of one decoded `dx.op` call that concern resources.
pub(crate) fn dx_op(ctx: &mut Ctx, site: &Site, call: &DxCall) {
    handle_args(ctx, site, call);
    let mut c = Check { ctx, site, call };
    c.op();
}

/// `ValidateHandleArgs`: no handle operand (resource, node or node record handle) is `undef`
/// or `zeroinitializer`, and each resource handle comes from a handle-producing call. The
/// operations that make or annotate handles are left to their own rules.
fn handle_args(ctx: &mut Ctx, site: &Site, call: &DxCall) {
    if matches!(
        call.op,
        DxOp::AnnotateHandle { .. }
            | DxOp::AnnotateNodeHandle { .. }
            | DxOp::AnnotateNodeRecordHandle { .. }
            | DxOp::CreateHandleForLib { .. }
    ) {
        return;
    }
    let m = ctx.m;
    let types = HandleTypes::of(m);
    if types.is_none() {
        return;
    }
    let InstKind::Call { args, .. } = &site.data.kind else {
        return;
    };
    for &arg in site.body.values(*args) {
        let ValueType::Typed(ty) = m.value_type(Some(site.body), arg) else {
            continue;
        };
        let is_resource = Some(ty) == types.handle;
        if !is_resource && Some(ty) != types.node && Some(ty) != types.node_record {
            continue;
        }
        let undefined = match arg {
            ValueRef::Const(c) => matches!(m.constant(c).kind, ConstKind::Undef | ConstKind::Null),
            _ => false,
        };
        if undefined {
            ctx.inst_error(site.f, site.inst, R::InstrNoReadingUninitialized, &[]);
        } else if is_resource {
            resource_from_handle(ctx, site.f, site.body, arg);
        }
    }
}

/// The handle types by name (`%dx.types.Handle`, `%dx.types.NodeHandle`,
/// `%dx.types.NodeRecordHandle`).
struct HandleTypes {
    handle: Option<dxil_ir::Type>,
    node: Option<dxil_ir::Type>,
    node_record: Option<dxil_ir::Type>,
}

impl HandleTypes {
    fn of(m: &dxil_ir::CheckedModule) -> HandleTypes {
        let mut t = HandleTypes {
            handle: None,
            node: None,
            node_record: None,
        };
        for (id, data) in m.types.iter_with_ids() {
            let TypeData::Struct(s) = data else { continue };
            let slot = match s.name.as_deref() {
                Some("dx.types.Handle") => &mut t.handle,
                Some("dx.types.NodeHandle") => &mut t.node,
                Some("dx.types.NodeRecordHandle") => &mut t.node_record,
                _ => continue,
            };
            if slot.is_none() {
                *slot = Some(id);
            }
        }
        t
    }

    fn is_none(&self) -> bool {
        self.handle.is_none() && self.node.is_none() && self.node_record.is_none()
    }
}

/// A sampler's mode as a handle gives it (`GetSamplerKind`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum SamplerMode {
    Default,
    Comparison,
    Invalid,
}

/// The largest and smallest immediate sample bias (`kMaxMipLodBias`, `kMinMipLodBias`).
const MAX_MIP_LOD_BIAS: f32 = 15.99;
const MIN_MIP_LOD_BIAS: f32 = -16.0;

struct Check<'a, 'm, 's> {
    ctx: &'a mut Ctx<'m>,
    site: &'a Site<'s>,
    call: &'a DxCall,
}

impl Check<'_, '_, '_> {
    /// An error on the call.
    fn err(&mut self, rule: R) {
        self.ctx.inst_error(self.site.f, self.site.inst, rule, &[]);
    }

    fn err_args(&mut self, rule: R, args: &[&str]) {
        self.ctx.inst_error(self.site.f, self.site.inst, rule, args);
    }

    fn undef(&self, v: ValueRef) -> bool {
        util::is_undef(self.ctx.m, v)
    }

    fn const_int(&self, v: ValueRef) -> Option<i64> {
        util::const_int(self.ctx.m, v)
    }

    fn const_uint(&self, v: ValueRef) -> Option<u64> {
        util::const_uint(self.ctx.m, v)
    }

    /// `GetResourceKindAndCompTy` for a handle operand of the call.
    fn kind_of(&mut self, handle: ValueRef) -> (u32, u32, Option<ResourceClass>) {
        resource_kind(self.ctx, self.site.f, self.site.body, handle)
    }

    /// `GetSamplerKind`.
    fn sampler_mode(&mut self, handle: ValueRef) -> SamplerMode {
        let p = resource_from_handle(self.ctx, self.site.f, self.site.body, handle);
        if p.class() != Some(ResourceClass::Sampler) {
            SamplerMode::Invalid
        } else if p.cmp_or_counter() {
            SamplerMode::Comparison
        } else if p.kind() == kind::Invalid {
            SamplerMode::Invalid
        } else {
            SamplerMode::Default
        }
    }

    fn op(&mut self) {
        match self.call.op {
            DxOp::GetDimensions { handle, mip_level } => self.get_dimensions(handle, mip_level),
            DxOp::CalculateLOD {
                handle,
                sampler,
                coord0,
                coord1,
                coord2,
                ..
            } => self.calculate_lod(handle, sampler, [coord0, coord1, coord2]),
            DxOp::TextureGather {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                ..
            } => self.gather(
                srv,
                sampler,
                [coord0, coord1, coord2, coord3],
                [offset0, offset1],
                false,
            ),
            DxOp::TextureGatherCmp {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                ..
            } => self.gather(
                srv,
                sampler,
                [coord0, coord1, coord2, coord3],
                [offset0, offset1],
                true,
            ),
            DxOp::Sample {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                ..
            } => {
                let (c, o) = (
                    [coord0, coord1, coord2, coord3],
                    [offset0, offset1, offset2],
                );
                self.sample(srv, sampler, c, o, false);
                self.derivative();
            }
            DxOp::SampleCmp {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                ..
            } => {
                let (c, o) = (
                    [coord0, coord1, coord2, coord3],
                    [offset0, offset1, offset2],
                );
                self.sample(srv, sampler, c, o, true);
                self.derivative();
            }
            DxOp::SampleCmpLevel {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                ..
            }
            | DxOp::SampleCmpLevelZero {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                ..
            }
            | DxOp::SampleCmpGrad {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                ..
            } => {
                let (c, o) = (
                    [coord0, coord1, coord2, coord3],
                    [offset0, offset1, offset2],
                );
                self.sample(srv, sampler, c, o, true);
            }
            DxOp::SampleBias {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                bias,
                ..
            } => {
                self.bias(bias);
                let (c, o) = (
                    [coord0, coord1, coord2, coord3],
                    [offset0, offset1, offset2],
                );
                self.sample(srv, sampler, c, o, false);
                self.derivative();
            }
            DxOp::SampleCmpBias {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                bias,
                ..
            } => {
                self.bias(bias);
                let (c, o) = (
                    [coord0, coord1, coord2, coord3],
                    [offset0, offset1, offset2],
                );
                self.sample(srv, sampler, c, o, true);
                self.derivative();
            }
            DxOp::SampleGrad {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                ..
            }
            | DxOp::SampleLevel {
                srv,
                sampler,
                coord0,
                coord1,
                coord2,
                coord3,
                offset0,
                offset1,
                offset2,
                ..
            } => {
                let (c, o) = (
                    [coord0, coord1, coord2, coord3],
                    [offset0, offset1, offset2],
                );
                self.sample(srv, sampler, c, o, false);
            }
            DxOp::CheckAccessFullyMapped { status } => self.check_access(status),
            DxOp::BufferStore {
                uav,
                coord1,
                value0,
                value1,
                value2,
                value3,
                mask,
                ..
            } => self.buffer_store(uav, coord1, [value0, value1, value2, value3], mask),
            DxOp::TextureStore {
                srv,
                value0,
                value1,
                value2,
                value3,
                mask,
                ..
            } => self.texture_store(srv, [value0, value1, value2, value3], mask),
            DxOp::BufferLoad { srv, wot, .. } => self.buffer_load(srv, wot),
            DxOp::TextureLoad {
                srv,
                mip_level_or_sample_count,
                offset0,
                offset1,
                offset2,
                ..
            } => self.texture_load(srv, mip_level_or_sample_count, [offset0, offset1, offset2]),
            DxOp::CBufferLoad {
                handle,
                byte_offset,
                ..
            } => {
                if let Some(offset) = self.const_uint(byte_offset) {
                    self.cbuffer_bound(handle, offset as i32);
                }
            }
            DxOp::CBufferLoadLegacy { handle, reg_index } => {
                if let Some(row) = self.const_uint(reg_index) {
                    // Rows are 16 bytes.
                    self.cbuffer_bound(handle, row.wrapping_mul(16) as i32);
                }
            }
            DxOp::RawBufferLoad {
                srv,
                element_offset,
                alignment,
                ..
            } => {
                self.raw_64bit();
                self.raw_load(srv, element_offset, alignment);
            }
            DxOp::RawBufferVectorLoad {
                buf,
                element_offset,
                alignment,
                ..
            } => self.raw_load(buf, element_offset, alignment),
            DxOp::RawBufferStore {
                uav,
                element_offset,
                value0,
                value1,
                value2,
                value3,
                mask,
                alignment,
                ..
            } => {
                self.raw_64bit();
                let values = store_mask(self.ctx.m, [value0, value1, value2, value3]);
                if self.storage_masks(mask, values, false) {
                    self.raw_store(uav, element_offset, None, alignment);
                }
            }
            DxOp::RawBufferVectorStore {
                uav,
                element_offset,
                value0,
                alignment,
                ..
            } => self.raw_store(uav, element_offset, Some(value0), alignment),
            DxOp::BufferUpdateCounter { uav, inc } => self.update_counter(uav, inc),
            DxOp::AtomicBinOp { handle, .. } | DxOp::AtomicCompareExchange { handle, .. } => {
                self.atomic(handle)
            }
            DxOp::CreateHandle { .. } => {
                if self.ctx.res.is_lib {
                    self.err_args(
                        R::SmOpcodeInInvalidFunction,
                        &["CreateHandle", "non-library targets"],
                    );
                }
                // Shader model 6.6 (DXIL 1.6) replaced it with createHandleFromBinding.
                if self.ctx.dxil_version > (1, 5) {
                    self.err_args(
                        R::SmOpcodeInInvalidFunction,
                        &["CreateHandle", "Shader model 6.5 and below"],
                    );
                }
            }
            DxOp::CreateHandleForLib { .. } if !self.ctx.res.is_lib => {
                self.err_args(
                    R::SmOpcodeInInvalidFunction,
                    &["CreateHandleForLib", "Library"],
                );
            }
            _ => {}
        }
    }

    /// `ValidateDerivativeOp`: before SM 6.6, compute, mesh and amplification shaders take
    /// no derivatives.
    fn derivative(&mut self) {
        if matches!(sm_kind(self.ctx), "cs" | "ms" | "as") && !sm_at_least(self.ctx, 6, 6) {
            self.err_args(
                R::SmOpcodeInInvalidFunction,
                &["Derivatives in CS/MS/AS", "Shader Model 6.6+"],
            );
        }
    }

    /// An immediate sample bias lies in [-16, 15.99].
    fn bias(&mut self, bias: ValueRef) {
        let m = self.ctx.m;
        let ValueRef::Const(c) = bias else { return };
        let data = m.constant(c);
        let value = match (&data.kind, m.ty(data.ty)) {
            (ConstKind::Float(bits), TypeData::Float) => f32::from_bits(*bits as u32),
            (ConstKind::Null, TypeData::Float) => 0.0,
            _ => return,
        };
        // A NaN bias compares false both ways, so it passes.
        if !value.is_nan() && !(MIN_MIP_LOD_BIAS..=MAX_MIP_LOD_BIAS).contains(&value) {
            let args = [
                c_float(MIN_MIP_LOD_BIAS),
                c_float(MAX_MIP_LOD_BIAS),
                c_float(value),
            ];
            self.err_args(R::InstrImmBiasForSampleB, &[&args[0], &args[1], &args[2]]);
        }
    }

    /// `ValidateSampleInst`: the sampler's mode, a float-returning texture (integer ones from
    /// SM 6.7 for non-comparison samples), an SRV of a sampleable kind, then coordinates and
    /// offsets.
    fn sample(
        &mut self,
        srv: ValueRef,
        sampler: ValueRef,
        coords: [ValueRef; 4],
        offsets: [ValueRef; 3],
        cmp: bool,
    ) {
        self.sampler_rule(sampler, cmp);
        let (k, ct, class) = self.kind_of(srv);
        let mut ok = matches!(
            ct,
            comp::F32
                | comp::SNormF32
                | comp::UNormF32
                | comp::F16
                | comp::SNormF16
                | comp::UNormF16
        );
        if sm_at_least(self.ctx, 6, 7) && !cmp {
            ok |= matches!(ct, comp::I16 | comp::U16 | comp::I32 | comp::U32);
        }
        if !ok {
            self.err(R::InstrSampleCompType);
        }
        if class != Some(ResourceClass::SRV) {
            self.err(R::InstrResourceClassForSamplerGather);
        }
        let rule = if cmp {
            R::InstrResourceKindForSampleC
        } else {
            R::InstrResourceKindForSample
        };
        match k {
            kind::Texture1D
            | kind::Texture1DArray
            | kind::Texture2D
            | kind::Texture2DArray
            | kind::TextureCube
            | kind::TextureCubeArray => {}
            kind::Texture3D => {
                if cmp {
                    self.err(rule);
                }
            }
            _ => return self.err(rule),
        }
        self.coords(k, &coords);
        self.offsets(k, &offsets);
    }

    /// The sampler of a sample or gather is in default mode, or in comparison mode for the
    /// comparing forms.
    fn sampler_rule(&mut self, sampler: ValueRef, cmp: bool) {
        let mode = self.sampler_mode(sampler);
        if !cmp && mode != SamplerMode::Default {
            self.err(R::InstrSamplerModeForSample);
        } else if cmp && mode != SamplerMode::Comparison {
            self.err(R::InstrSamplerModeForSampleC);
        }
    }

    /// `ValidateGather`: the sampler's mode, an SRV; 2D textures take both offsets or none,
    /// cubes none; other kinds cannot be gathered.
    fn gather(
        &mut self,
        srv: ValueRef,
        sampler: ValueRef,
        coords: [ValueRef; 4],
        offsets: [ValueRef; 2],
        cmp: bool,
    ) {
        self.sampler_rule(sampler, cmp);
        let (k, _, class) = self.kind_of(srv);
        if class != Some(ResourceClass::SRV) {
            return self.err(R::InstrResourceClassForSamplerGather);
        }
        self.coords(k, &coords);
        match k {
            kind::Texture2D | kind::Texture2DArray => {
                if !self.undef(offsets[0]) && self.undef(offsets[1]) {
                    self.err(R::InstrResourceOffsetMiss);
                }
            }
            kind::TextureCube | kind::TextureCubeArray => {
                for o in offsets {
                    if !self.undef(o) {
                        self.err(R::InstrResourceOffsetTooMany);
                    }
                }
            }
            _ => self.err(R::InstrResourceKindForGather),
        }
    }

    /// `ValidateResourceCoord`: the coordinates the kind takes are defined, the rest undef.
    fn coords(&mut self, k: u32, coords: &[ValueRef]) {
        let n = kind::num_coords(k);
        for (i, &c) in coords.iter().enumerate() {
            if i < n {
                if self.undef(c) {
                    self.err(R::InstrResourceCoordinateMiss);
                }
            } else if !self.undef(c) {
                self.err(R::InstrResourceCoordinateTooMany);
            }
        }
    }

    /// `ValidateResourceOffset`: offsets, when the first is given, are given for every
    /// dimension the kind has and none beyond; before SM 6.7 each is an immediate in
    /// [-8, 7].
    fn offsets(&mut self, k: u32, offsets: &[ValueRef]) {
        let n = kind::num_offsets(k);
        let Some(&first) = offsets.first() else {
            return;
        };
        let has = !self.undef(first);
        if has {
            self.immediate_offset(first);
        }
        for (i, &o) in offsets.iter().enumerate().skip(1) {
            if i < n {
                if has {
                    if self.undef(o) {
                        self.err(R::InstrResourceOffsetMiss);
                    } else {
                        self.immediate_offset(o);
                    }
                }
            } else if !self.undef(o) {
                self.err(R::InstrResourceOffsetTooMany);
            }
        }
    }

    fn immediate_offset(&mut self, o: ValueRef) {
        // SM 6.7's advanced texture operations take any offset.
        if sm_at_least(self.ctx, 6, 7) {
            return;
        }
        match self.const_int(o) {
            Some(v) if (-8..=7).contains(&v) => {}
            _ => self.err(R::InstrTextureOffset),
        }
    }

    /// `GetDimensions`: the handle's kind, and which of the returned components are read
    /// (only those the kind defines; never the status; buffers take no mip level).
    fn get_dimensions(&mut self, handle: ValueRef, mip: ValueRef) {
        let (k, _, _) = self.kind_of(handle);
        let usage = self.dimension_usage();
        let undef_result = |c: &mut Self, comp: &str, what: &str| {
            c.err_args(R::InstrUndefResultForGetDimension, &[comp, what]);
        };
        match k {
            kind::Texture1D => {
                if usage.y {
                    undef_result(self, "y", "Texture1D");
                }
                if usage.z {
                    undef_result(self, "z", "Texture1D");
                }
            }
            kind::Texture1DArray => {
                if usage.z {
                    undef_result(self, "z", "Texture1DArray");
                }
            }
            kind::Texture2D => {
                if usage.z {
                    undef_result(self, "z", "Texture2D");
                }
            }
            kind::Texture2DMS => {
                if usage.z {
                    undef_result(self, "z", "Texture2DMS");
                }
            }
            kind::TextureCube => {
                if usage.z {
                    undef_result(self, "z", "TextureCube");
                }
            }
            kind::Texture2DArray
            | kind::Texture2DMSArray
            | kind::Texture3D
            | kind::TextureCubeArray => {}
            kind::StructuredBuffer | kind::RawBuffer | kind::TypedBuffer | kind::TBuffer => {
                if !self.undef(mip) {
                    self.err(R::InstrMipLevelForGetDimension);
                }
                if usage.y || usage.z || usage.w {
                    undef_result(self, "invalid", "resource");
                }
            }
            _ => self.err(R::InstrResourceKindForGetDim),
        }
        if usage.status {
            undef_result(self, "invalid", "resource");
        }
    }

    /// `CollectGetDimResRetUsage`: the components of the call's result its extractvalue
    /// users read, through phis; any other user, or an index past the status, is reported.
    fn dimension_usage(&mut self) -> Usage {
        let mut users = std::mem::take(&mut self.ctx.res.users);
        users.build(self.site.f, self.site.body);
        let mut usage = Usage::default();
        let mut on_path = Vec::new();
        let mut budget = 1 << 16;
        self.collect_usage(
            &users,
            self.site.inst,
            &mut usage,
            &mut on_path,
            &mut budget,
        );
        self.ctx.res.users = users;
        usage
    }

    fn collect_usage(
        &mut self,
        users: &Users,
        value: Inst,
        usage: &mut Usage,
        on_path: &mut Vec<Inst>,
        budget: &mut u32,
    ) {
        if on_path.contains(&value) || *budget == 0 || on_path.len() > 256 {
            return;
        }
        *budget -= 1;
        on_path.push(value);
        let body = self.site.body;
        for &u in users.of(value) {
            let Some(d) = body.inst(u) else { continue };
            match &d.kind {
                InstKind::ExtractValue { indices, .. } => {
                    for &i in body.list(*indices) {
                        match i {
                            0 => usage.x = true,
                            1 => usage.y = true,
                            2 => usage.z = true,
                            3 => usage.w = true,
                            4 => usage.status = true,
                            _ => self.ctx.inst_error(
                                self.site.f,
                                u,
                                R::InstrDxilStructUserOutOfBound,
                                &[],
                            ),
                        }
                    }
                }
                InstKind::Phi { .. } => self.collect_usage(users, u, usage, on_path, budget),
                _ => self
                    .ctx
                    .inst_error(self.site.f, u, R::InstrDxilStructUser, &[]),
            }
        }
        on_path.pop();
    }

    /// `CalculateLOD`: a default-mode sampler (comparison ones too from SM 6.8), an SRV
    /// texture other than a multisampled one, its coordinates.
    fn calculate_lod(&mut self, handle: ValueRef, sampler: ValueRef, coords: [ValueRef; 3]) {
        let mode = self.sampler_mode(sampler);
        if mode != SamplerMode::Default
            && (!sm_at_least(self.ctx, 6, 8) || mode != SamplerMode::Comparison)
        {
            self.err(R::InstrSamplerModeForLOD);
        }
        let (k, _, class) = self.kind_of(handle);
        if class != Some(ResourceClass::SRV) {
            return self.err(R::InstrResourceClassForSamplerGather);
        }
        let n = kind::num_lod_coords(k);
        for (i, &c) in coords.iter().enumerate() {
            if i < n {
                if self.undef(c) {
                    self.err(R::InstrResourceCoordinateMiss);
                }
            } else if !self.undef(c) {
                self.err(R::InstrResourceCoordinateTooMany);
            }
        }
        if !matches!(
            k,
            kind::Texture1D
                | kind::Texture1DArray
                | kind::Texture2D
                | kind::Texture2DArray
                | kind::Texture3D
                | kind::TextureCube
                | kind::TextureCubeArray
        ) {
            self.err(R::InstrResourceKindForCalcLOD);
        }
        self.derivative();
    }

    /// `CheckAccessFullyMapped` takes the status: the last field of a resource return
    /// struct, extracted by a single index.
    fn check_access(&mut self, status: ValueRef) {
        let m = self.ctx.m;
        let body = self.site.body;
        let legal = match status {
            ValueRef::Inst(i) => match &body.insts[i].kind {
                InstKind::ExtractValue { aggregate, indices } => {
                    let indices = body.list(*indices);
                    let ty = m.value_type(Some(body), *aggregate).ty().map(|t| m.ty(t));
                    match (indices.first(), ty) {
                        (Some(&index), Some(TypeData::Struct(st))) => {
                            indices.len() == 1
                                && (index == 4 || index == 1)
                                && is_res_ret(m, st)
                                && index as usize + 1 == st.elems.len()
                        }
                        _ => false,
                    }
                }
                _ => false,
            },
            _ => false,
        };
        if !legal {
            self.err(R::InstrCheckAccessFullyMapped);
        }
    }

    /// `ValidateStorageMasks`: an immediate write mask, all four components for typed
    /// resources, contiguous from x, naming exactly the defined values. False when the mask
    /// is not immediate (the caller then stops).
    fn storage_masks(&mut self, mask: ValueRef, values: u32, typed: bool) -> bool {
        let Some(mask) = self.const_uint(mask) else {
            let name = self.call.op.name();
            self.err_args(R::InstrOpConst, &["Mask", name]);
            return false;
        };
        let mask = mask as u32;
        if typed && mask != 0xf {
            self.err(R::InstrWriteMaskForTypedUAVStore);
        }
        if !matches!(mask, 0xf | 0x7 | 0x3 | 0x1) {
            self.err(R::InstrWriteMaskGapForUAV);
        }
        if mask & !values != 0 {
            self.err(R::InstrUndefinedValueForUAVStore);
        } else if mask != values {
            let (a, b) = (mask.to_string(), values.to_string());
            self.err_args(R::InstrWriteMaskMatchValueForUAVStore, &[&a, &b]);
        }
        true
    }

    /// The second coordinate of a buffer access: an element offset for structured buffers
    /// only.
    fn buffer_offset(&mut self, k: u32, offset: ValueRef, typed_too: bool) {
        match k {
            kind::RawBuffer => {
                if !self.undef(offset) {
                    self.err(R::InstrCoordinateCountForRawTypedBuf);
                }
            }
            kind::TypedBuffer | kind::TBuffer if typed_too => {
                if !self.undef(offset) {
                    self.err(R::InstrCoordinateCountForRawTypedBuf);
                }
            }
            kind::StructuredBuffer => {
                if self.undef(offset) {
                    self.err(R::InstrCoordinateCountForStructBuf);
                }
            }
            _ => self.err(R::InstrResourceKindForBufferLoadStore),
        }
    }

    fn buffer_store(
        &mut self,
        uav: ValueRef,
        offset: ValueRef,
        values: [ValueRef; 4],
        mask: ValueRef,
    ) {
        let (k, _, class) = self.kind_of(uav);
        if class != Some(ResourceClass::UAV) {
            self.err(R::InstrResourceClassForUAVStore);
        }
        let values = store_mask(self.ctx.m, values);
        let typed = matches!(k, kind::TypedBuffer | kind::TBuffer);
        if !self.storage_masks(mask, values, typed) {
            return;
        }
        self.buffer_offset(k, offset, true);
    }

    fn texture_store(&mut self, handle: ValueRef, values: [ValueRef; 4], mask: ValueRef) {
        let (k, _, class) = self.kind_of(handle);
        if class != Some(ResourceClass::UAV) {
            self.err(R::InstrResourceClassForUAVStore);
        }
        let values = store_mask(self.ctx.m, values);
        if !self.storage_masks(mask, values, true) {
            return;
        }
        if !matches!(
            k,
            kind::Texture1D
                | kind::Texture1DArray
                | kind::Texture2D
                | kind::Texture2DArray
                | kind::Texture2DMS
                | kind::Texture2DMSArray
                | kind::Texture3D
        ) {
            self.err(R::InstrResourceKindForTextureStore);
        }
    }

    fn buffer_load(&mut self, handle: ValueRef, offset: ValueRef) {
        let (k, _, class) = self.kind_of(handle);
        if !matches!(class, Some(ResourceClass::SRV) | Some(ResourceClass::UAV)) {
            self.err(R::InstrResourceClassForLoad);
        }
        self.buffer_offset(k, offset, true);
    }

    fn texture_load(&mut self, handle: ValueRef, mip: ValueRef, offsets: [ValueRef; 3]) {
        let (k, _, class) = self.kind_of(handle);
        let multisampled = matches!(k, kind::Texture2DMS | kind::Texture2DMSArray);
        if class == Some(ResourceClass::UAV) {
            if offsets.iter().any(|&o| !self.undef(o)) {
                self.err(R::InstrOffsetOnUAVLoad);
            }
            if !self.undef(mip) && !multisampled {
                self.err(R::InstrMipOnUAVLoad);
            }
        } else if class != Some(ResourceClass::SRV) {
            self.err(R::InstrResourceClassForLoad);
        }
        match k {
            kind::Texture1D
            | kind::Texture1DArray
            | kind::Texture2D
            | kind::Texture2DArray
            | kind::Texture3D => {}
            kind::Texture2DMS | kind::Texture2DMSArray => {
                if self.undef(mip) {
                    self.err(R::InstrSampleIndexForLoad2DMS);
                }
            }
            _ => return self.err(R::InstrResourceKindForTextureLoad),
        }
        self.offsets(k, &offsets);
    }

    /// `CBufferLoad`/`CBufferLoadLegacy` at an immediate offset stay inside the constant
    /// buffer the handle names (`GetCBufSize`; the reference compares as `int`).
    fn cbuffer_bound(&mut self, handle: ValueRef, offset: i32) {
        let p = resource_from_handle(self.ctx, self.site.f, self.site.body, handle);
        if p.class() != Some(ResourceClass::CBuffer) {
            // Reported on the handle's call.
            let at = match handle {
                ValueRef::Inst(i) => i,
                _ => self.site.inst,
            };
            self.ctx
                .inst_error(self.site.f, at, R::InstrCBufferClassForCBufferHandle, &[]);
            return;
        }
        let size = p.d1 as i32;
        if size > 0 && offset >= size {
            self.err(R::InstrCBufferOutOfBound);
        }
    }

    /// Before SM 6.3, raw buffer accesses are of 32-bit types at most.
    fn raw_64bit(&mut self) {
        if sm_at_least(self.ctx, 6, 3) {
            return;
        }
        let Some(ty) = self.call.overload() else {
            return;
        };
        let size = DataLayout::of(self.ctx.m).type_alloc_size(self.ctx.m, ty);
        if size.is_some_and(|s| s.saturating_mul(8) > 32) {
            self.err(R::Sm64bitRawBufferLoadStore);
        }
    }

    fn raw_load(&mut self, handle: ValueRef, offset: ValueRef, alignment: ValueRef) {
        let (k, _, class) = self.kind_of(handle);
        if !matches!(class, Some(ResourceClass::SRV) | Some(ResourceClass::UAV)) {
            self.err(R::InstrResourceClassForLoad);
        }
        if self.const_int(alignment).is_none() {
            self.err(R::InstrConstAlignForRawBuf);
        }
        self.buffer_offset(k, offset, false);
    }

    fn raw_store(
        &mut self,
        handle: ValueRef,
        offset: ValueRef,
        vector: Option<ValueRef>,
        alignment: ValueRef,
    ) {
        let (k, _, class) = self.kind_of(handle);
        if class != Some(ResourceClass::UAV) {
            self.err(R::InstrResourceClassForUAVStore);
        }
        if vector.is_some_and(|v| self.undef(v)) {
            self.err(R::InstrUndefinedValueForUAVStore);
        }
        if self.const_int(alignment).is_none() {
            self.err(R::InstrConstAlignForRawBuf);
        }
        self.buffer_offset(k, offset, false);
    }

    /// `BufferUpdateCounter`: on a structured UAV with a counter, by an immediate; outside
    /// libraries, each UAV only incremented or only decremented.
    fn update_counter(&mut self, uav: ValueRef, inc: ValueRef) {
        let f = self.site.f;
        let p = self.ctx.res.props(f, uav);
        if !p.is_uav() {
            self.err(R::InstrBufferUpdateCounterOnUAV);
        }
        if p.kind() != kind::StructuredBuffer {
            self.err(R::SmCounterOnlyOnStructBuf);
        }
        if !p.cmp_or_counter() {
            self.err(R::InstrBufferUpdateCounterOnResHasCounter);
        }
        let Some(v) = self.const_uint(inc) else {
            return self.err_args(R::InstrOpConst, &["inc", "BufferUpdateCounter"]);
        };
        let is_inc = v == 1;
        if self.ctx.res.is_lib {
            return;
        }
        let Some(range) = self.ctx.res.range_id(f, uav) else {
            return;
        };
        match self.ctx.res.counter_dirs.get(&range) {
            Some(&first) if first != is_inc => self.err(R::InstrOnlyOneAllocConsume),
            Some(_) => {}
            None => {
                self.ctx.res.counter_dirs.insert(range, is_inc);
            }
        }
    }

    /// Atomics: 64-bit ones from SM 6.6; on a UAV handle from a call.
    fn atomic(&mut self, handle: ValueRef) {
        let m = self.ctx.m;
        if let Some(ty) = self.call.overload() {
            if matches!(m.ty(ty), TypeData::Int(64)) && !sm_at_least(self.ctx, 6, 6) {
                self.err_args(
                    R::SmOpcodeInInvalidFunction,
                    &["64-bit atomic operations", "Shader Model 6.6+"],
                );
            }
        }
        let from_call = matches!(handle, ValueRef::Inst(i)
            if matches!(self.site.body.inst(i).map(|d| &d.kind), Some(InstKind::Call { .. })));
        if !from_call || self.ctx.res.props(self.site.f, handle).class() != Some(ResourceClass::UAV)
        {
            self.err(R::InstrAtomicIntrinNonUAV);
        }
    }
}

/// `StoreValueToMask`: a bit for each defined value.
fn store_mask(m: &dxil_ir::CheckedModule, values: [ValueRef; 4]) -> u32 {
    values
        .iter()
        .enumerate()
        .filter(|(_, &v)| !util::is_undef(m, v))
        .fold(0, |mask, (i, _)| mask | (1 << i))
}

/// A resource return struct (`IsResRetType`): `%dx.types.ResRet.*`, four values and the
/// status, or a vector and the status.
fn is_res_ret(m: &dxil_ir::CheckedModule, st: &dxil_ir::StructType) -> bool {
    if !st
        .name
        .as_deref()
        .is_some_and(|n| n.starts_with("dx.types.ResRet."))
    {
        return false;
    }
    let status_i32 = |t: dxil_ir::Type| matches!(m.ty(t), TypeData::Int(32));
    match &st.elems[..] {
        [a, b, c, d, s] => a == b && b == c && c == d && status_i32(*s),
        [v, s] => matches!(m.ty(*v), TypeData::Vector { .. }) && status_i32(*s),
        _ => false,
    }
}

/// A float as C's `std::to_string` prints it (`%f`).
fn c_float(v: f32) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "-nan" } else { "nan" }.to_string();
    }
    format!("{:.6}", f64::from(v))
}

/// Which components of a `GetDimensions` result are read.
#[derive(Default)]
struct Usage {
    x: bool,
    y: bool,
    z: bool,
    w: bool,
    status: bool,
}

/// The instruction users of each instruction of one body, in program order; kept for the
/// body last asked about, since a function may query many dimensions.
#[derive(Default)]
pub(crate) struct Users {
    f: Option<Function>,
    map: HashMap<Inst, Vec<Inst>>,
}

impl Users {
    fn build(&mut self, f: Function, body: &Body) {
        if self.f == Some(f) {
            return;
        }
        self.f = Some(f);
        self.map.clear();
        for (_, inst, d) in util::insts(body) {
            d.kind.for_each_operand(&body.pool, |op| {
                if let ValueRef::Inst(i) = *op {
                    self.map.entry(i).or_default().push(inst);
                }
            });
        }
    }

    fn of(&self, i: Inst) -> &[Inst] {
        self.map.get(&i).map_or(&[], |v| v.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_as_std_to_string() {
        assert_eq!(c_float(MIN_MIP_LOD_BIAS), "-16.000000");
        assert_eq!(c_float(MAX_MIP_LOD_BIAS), "15.990000");
        assert_eq!(c_float(150.0), "150.000000");
        assert_eq!(c_float(f32::INFINITY), "inf");
    }
}
