//! The shader model 6.10 preview LinAlg matrix operations (`INSTR.LINALG*`, and the
//! `INSTR.PARAM*`/`INSTR.OPCONST` checks of their immediates).
//!
//! A matrix is a value of an opaque `%dx.types.LinAlgMatrix...` struct type; what it holds is
//! given by the module's `dx.targetTypes` metadata, one `!{<type> undef, i32 ComponentType,
//! i32 M, i32 N, i32 MatrixUse, i32 MatrixScope}` tuple per type. The type's name spells the
//! same facts (`C8M16N16U0S1`), but the reference reads the metadata only, so a type without a
//! tuple is "missing metadata" whatever its name says.

use std::collections::HashMap;

use dxil_ir::{CheckedModule, Type, TypeData, ValueRef};
use dxil_module::md::{Md, Reader};
use dxil_ops::{DxCall, DxOp, ValidationRule as R};

use super::function::Site;
use dxil_module::model::ResourceClass;
use dxil_parts::names::{ComponentType, ResourceKind};

use super::handle_props;
use crate::context::Ctx;
use crate::util;

/// Prefix of the matrix type names (`IsHLSLLinAlgMatrixType`).
const MATRIX_PREFIX: &str = "dx.types.LinAlgMatrix";

/// `MatrixScope`.
const SCOPE_THREAD: u32 = 0;
const SCOPE_WAVE: u32 = 1;
const SCOPE_THREAD_GROUP: u32 = 2;

/// `MatrixUse`.
const USE_A: u32 = 0;
const USE_B: u32 = 1;
const USE_ACCUMULATOR: u32 = 2;

/// `MatrixLayout`.
const LAYOUT_ROW_MAJOR: u32 = 0;
const LAYOUT_COLUMN_MAJOR: u32 = 1;
const LAYOUT_OUTER_PRODUCT_OPTIMAL: u32 = 4;
const LAYOUT_OUTER_PRODUCT_OPTIMAL_TRANSPOSE: u32 = 5;

/// Bounds of a matrix's K dimension: Thread and Wave scope, then ThreadGroup scope.
const K_BOUNDS: (u32, u32) = (4, 128);
const K_BOUNDS_THREAD_GROUP: (u32, u32) = (1, 1024);

/// What `dx.targetTypes` says of one matrix type (`LinAlgTargetType`). Each field is the
/// metadata integer clamped to 32 bits; values outside the enums are kept and printed as
/// "Unknown ...".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TargetType {
    comp: u32,
    m: u32,
    n: u32,
    usage: u32,
    scope: u32,
}

/// Matrix types to their target types.
pub(crate) type TargetTypes = HashMap<Type, TargetType>;

/// Reads `dx.targetTypes`: every tuple of six operands whose first is a constant and whose
/// other five are integers; the first tuple of a type wins. Malformed tuples are skipped.
fn read_target_types(m: &CheckedModule) -> TargetTypes {
    let mut out = TargetTypes::new();
    let Some(named) = m.find_named_metadata("dx.targetTypes") else {
        return out;
    };
    for &op in m.list(named.operands) {
        // One reader per tuple: its node budget then bounds each tuple, not the list.
        let Ok(Md::Node { ops, .. }) = Reader::new(m).read(Some(op), 0) else {
            continue;
        };
        let [key, rest @ ..] = &ops[..] else { continue };
        if rest.len() != 5 {
            continue;
        }
        let Md::Value {
            ty,
            value: ValueRef::Const(_),
        } = key
        else {
            // Integer and float constants are keys too, but of types no matrix has.
            continue;
        };
        let mut ints = [0u32; 5];
        let all_ints = rest.iter().zip(&mut ints).all(|(md, slot)| match md {
            Md::Int { value, .. } => {
                *slot = util::saturating_u32(*value);
                true
            }
            _ => false,
        });
        if all_ints {
            let [comp, m, n, usage, scope] = ints;
            out.entry(*ty).or_insert(TargetType {
                comp,
                m,
                n,
                usage,
                scope,
            });
        }
    }
    out
}

/// The checks of one LinAlg operation (`ValidateLinAlg*` of the reference); other operations
/// are left alone.
pub(crate) fn dx_op(ctx: &mut Ctx, site: &Site, call: &DxCall) {
    let mut v = Val { ctx, site };
    match call.op {
        DxOp::LinAlgMatrixLength { matrix }
        | DxOp::LinAlgMatrixGetCoordinate { matrix, .. }
        | DxOp::LinAlgMatrixGetElement { matrix, .. } => {
            v.parameters();
            if let Some(mat) = v.matrix_of(matrix) {
                v.wave_or_group("Input", mat);
            }
        }
        DxOp::LinAlgMatrixStoreToDescriptor {
            matrix,
            handle,
            layout,
            align,
            ..
        } => v.store_to_descriptor(matrix, handle, layout, align),
        DxOp::LinAlgMatrixStoreToMemory { .. }
        | DxOp::LinAlgMatrixAccumulateToMemory { .. }
        | DxOp::LinAlgConvert { .. }
        | DxOp::LinAlgVectorAccumulateToDescriptor { .. } => v.parameters(),
        DxOp::LinAlgMatVecMul {
            matrix,
            is_output_signed,
            input_vector,
            interpretation,
        } => {
            let ops = [matrix, is_output_signed, input_vector, interpretation];
            v.mat_vec_mul(ops, "LinAlgMatVecMul");
        }
        DxOp::LinAlgMatVecMulAdd {
            matrix,
            is_output_signed,
            input_vector,
            input_interpretation,
            bias_vector,
        } => {
            let ops = [matrix, is_output_signed, input_vector, input_interpretation];
            v.mat_vec_mul(ops, "LinAlgMatVecMulAdd");
            v.bias(matrix, bias_vector);
        }
        DxOp::LinAlgMatrixAccumulateToDescriptor {
            matrix,
            handle,
            stride,
            layout,
            align,
            ..
        } => v.accumulate_to_descriptor(matrix, handle, stride, layout, align),
        DxOp::LinAlgFillMatrix { .. } => {
            v.returned();
            v.parameters();
            if let Some(ret) = v.matrix_returned() {
                v.wave_or_group("Return", ret);
            }
        }
        DxOp::LinAlgMatrixLoadFromMemory { .. } | DxOp::LinAlgMatrixOuterProduct { .. } => {
            v.returned();
            v.parameters();
        }
        DxOp::LinAlgMatrixSetElement { matrix, .. } => {
            v.returned();
            v.parameters();
            let (Some(ret), Some(input)) = (v.matrix_returned(), v.matrix_of(matrix)) else {
                return;
            };
            v.wave_or_group("Input", input);
            v.wave_or_group("Return", ret);
        }
        DxOp::LinAlgMatrixMultiply { matrix_a, matrix_b } => v.multiply(matrix_a, matrix_b, None),
        DxOp::LinAlgMatrixMultiplyAccumulate {
            matrix_a,
            matrix_b,
            matrix_c,
        } => v.multiply(matrix_a, matrix_b, Some(matrix_c)),
        DxOp::LinAlgMatrixLoadFromDescriptor {
            handle,
            stride,
            layout,
            align,
            ..
        } => v.load_from_descriptor(handle, stride, layout, align),
        DxOp::LinAlgMatrixAccumulate {
            matrix_lhs,
            matrix_rhs,
        } => v.accumulate(matrix_lhs, matrix_rhs),
        DxOp::LinAlgCopyConvertMatrix {
            src_matrix,
            transpose,
        } => v.copy_convert(src_matrix, transpose),
        _ => {}
    }
}

/// One operation being checked.
struct Val<'c, 'm, 's, 'b> {
    ctx: &'c mut Ctx<'m>,
    site: &'s Site<'b>,
}

impl Val<'_, '_, '_, '_> {
    fn error(&mut self, rule: R, args: &[&str]) {
        self.ctx.inst_error(self.site.f, self.site.inst, rule, args);
    }

    fn type_of(&self, v: ValueRef) -> Option<Type> {
        self.ctx.m.value_type(Some(self.site.body), v).ty()
    }

    /// The target type of matrix type `ty`, if `dx.targetTypes` has one.
    fn target(&mut self, ty: Option<Type>) -> Option<TargetType> {
        let m = self.ctx.m;
        let types = self
            .ctx
            .lin_alg_types
            .get_or_insert_with(|| read_target_types(m));
        types.get(&ty?).copied()
    }

    /// The target type of operand `v` (`GetCheckedLATT`: nothing reported when unknown).
    fn matrix_of(&mut self, v: ValueRef) -> Option<TargetType> {
        let ty = self.type_of(v);
        self.target(ty)
    }

    /// The target type of the returned matrix.
    fn matrix_returned(&mut self) -> Option<TargetType> {
        self.target(self.site.data.ty)
    }

    /// An immediate operand (`ValidateConstantIntGetValue`): its value, or `OPCONST` named
    /// by `name` and `op`.
    fn immediate(&mut self, v: ValueRef, name: &str, op: &str) -> Option<u64> {
        let value = util::const_uint(self.ctx.m, v);
        if value.is_none() {
            self.error(R::InstrOpConst, &[name, op]);
        }
        value
    }

    /// `ValidateLinAlgOpParameters`: no argument is `undef`; every matrix argument has its
    /// target type, with K in bounds and a component type LinAlg allows. Arguments count
    /// from the opcode (`Arg 0`).
    fn parameters(&mut self) {
        let m = self.ctx.m;
        for (index, &arg) in call_args(self.site).iter().enumerate() {
            if util::is_undef(m, arg) {
                self.error(R::InstrNoReadingUninitialized, &[]);
            }
            let ty = self.type_of(arg);
            if !ty.is_some_and(|t| is_matrix_type(m, t)) {
                continue;
            }
            let name = format!("Arg {index}");
            match self.target(ty) {
                None => self.error(R::InstrLinAlgMetadataMissing, &[&name]),
                Some(t) => {
                    self.k_dim(t, &name);
                    self.component(t.comp, &format!("arg {index} matrix"));
                }
            }
        }
    }

    /// `ValidateLinAlgOpReturnMatrix`: the returned matrix has its target type, with K in
    /// bounds and an allowed component type.
    fn returned(&mut self) {
        match self.matrix_returned() {
            None => self.error(R::InstrLinAlgMetadataMissing, &["Return"]),
            Some(t) => {
                self.k_dim(t, "Return");
                self.component(t.comp, "return matrix");
            }
        }
    }

    /// K is N for an A matrix and M for a B matrix; an accumulator's K cannot be told.
    fn k_dim(&mut self, t: TargetType, source: &str) {
        if t.usage == USE_ACCUMULATOR {
            return;
        }
        let k = if t.usage == USE_A { t.n } else { t.m };
        let (min, max) = if t.scope == SCOPE_THREAD_GROUP {
            K_BOUNDS_THREAD_GROUP
        } else {
            K_BOUNDS
        };
        if k < min || k > max {
            let args = [k.to_string(), min.to_string(), max.to_string()];
            self.error(
                R::InstrLinAlgIllegalKDim,
                &[source, &args[0], &args[1], &args[2]],
            );
        }
    }

    /// The component types a matrix or an interpretation may have: the integers of 8 to 64
    /// bits, both 8-bit floats, half, float, double and bfloat16.
    fn component(&mut self, comp: u32, source: &str) {
        if !matches!(comp, 2..=10 | 19..=23) {
            self.error(
                R::InstrLinAlgIllegalComponentType,
                &[component_name(comp), source],
            );
        }
    }

    /// The scope must be Wave or ThreadGroup.
    fn wave_or_group(&mut self, what: &str, t: TargetType) {
        if t.scope != SCOPE_WAVE && t.scope != SCOPE_THREAD_GROUP {
            self.error(
                R::InstrLinAlgMatrixScopeMismatch2,
                &[what, scope_name(t.scope), "Wave", "ThreadGroup"],
            );
        }
    }

    /// The handle is a `RWByteAddressBuffer`.
    fn rw_byte_address(&mut self, handle: ValueRef, op: &str) {
        let props = handle_props::props_of_handle(self.ctx, self.site.f, self.site.body, handle);
        let ok = props.is_some_and(|p| {
            p.class() == Some(ResourceClass::UAV) && p.kind == ResourceKind::RawBuffer.raw()
        });
        if !ok {
            self.error(R::InstrLinAlgMatrixRequiresRWBAB, &[op]);
        }
    }

    /// An alignment is an immediate multiple of 128 greater than 0.
    fn align(&mut self, align: ValueRef, op: &str) {
        let Some(align) = self.immediate(align, "Align", op) else {
            return;
        };
        let text = align.to_string();
        if align == 0 {
            self.error(R::InstrParamMinimumValue, &["Align", "0", &text]);
        }
        if align % 128 != 0 {
            self.error(R::InstrParamMultiple, &["Align", "128", &text]);
        }
    }

    /// A stride must be an immediate 0 for any layout but row or column major.
    fn stride_for_layout(&mut self, stride: ValueRef, layout: u32, op: &str) {
        if is_row_or_column(layout) {
            return;
        }
        if let Some(stride) = self.immediate(stride, "Stride", op) {
            if stride != 0 {
                self.error(
                    R::InstrLinAlgMatrixLayoutReqStride,
                    &[op, layout_name(layout)],
                );
            }
        }
    }

    fn store_to_descriptor(
        &mut self,
        matrix: ValueRef,
        handle: ValueRef,
        layout: ValueRef,
        align: ValueRef,
    ) {
        const OP: &str = "LinAlgMatrixStoreToDescriptor";
        self.parameters();
        let Some(mat) = self.matrix_of(matrix) else {
            return;
        };
        let Some(layout) = self.immediate(layout, "Layout", OP) else {
            return;
        };
        if !is_row_or_column(layout as u32) {
            self.error(
                R::InstrLinAlgMatrixRequiresLayout2,
                &[OP, "RowMajor", "ColumnMajor"],
            );
        }
        self.wave_or_group("Input", mat);
        self.rw_byte_address(handle, OP);
        self.align(align, OP);
    }

    fn accumulate_to_descriptor(
        &mut self,
        matrix: ValueRef,
        handle: ValueRef,
        stride: ValueRef,
        layout: ValueRef,
        align: ValueRef,
    ) {
        const OP: &str = "LinAlgMatrixAccumulateToDescriptor";
        self.parameters();
        let Some(mat) = self.matrix_of(matrix) else {
            return;
        };
        let Some(layout) = self.immediate(layout, "Layout", OP) else {
            return;
        };
        let layout = layout as u32;
        let scope = scope_name(mat.scope);
        if mat.scope == SCOPE_THREAD
            && layout != LAYOUT_OUTER_PRODUCT_OPTIMAL
            && layout != LAYOUT_OUTER_PRODUCT_OPTIMAL_TRANSPOSE
        {
            self.error(
                R::InstrLinAlgMatrixScopeReqLayout2,
                &[
                    "Input",
                    scope,
                    "OuterProductOptimal",
                    "OuterProductOptimalTranspose",
                    OP,
                ],
            );
        }
        if (mat.scope == SCOPE_WAVE || mat.scope == SCOPE_THREAD_GROUP) && !is_row_or_column(layout)
        {
            self.error(
                R::InstrLinAlgMatrixScopeReqLayout2,
                &["Input", scope, "RowMajor", "ColumnMajor", OP],
            );
        }
        self.stride_for_layout(stride, layout, OP);
        if mat.usage != USE_ACCUMULATOR {
            self.error(
                R::InstrLinAlgMatrixUseMismatch,
                &["Input", use_name(mat.usage), "Accumulator"],
            );
        }
        self.rw_byte_address(handle, OP);
        self.align(align, OP);
    }

    fn load_from_descriptor(
        &mut self,
        handle: ValueRef,
        stride: ValueRef,
        layout: ValueRef,
        align: ValueRef,
    ) {
        const OP: &str = "LinAlgMatrixLoadFromDescriptor";
        self.returned();
        self.parameters();
        let Some(ret) = self.matrix_returned() else {
            return;
        };
        let Some(layout) = self.immediate(layout, "Layout", OP) else {
            return;
        };
        let layout = layout as u32;
        if (ret.scope == SCOPE_WAVE || ret.scope == SCOPE_THREAD_GROUP) && !is_row_or_column(layout)
        {
            self.error(
                R::InstrLinAlgMatrixScopeReqLayout2,
                &[
                    "Return",
                    scope_name(ret.scope),
                    "RowMajor",
                    "ColumnMajor",
                    OP,
                ],
            );
        }
        self.stride_for_layout(stride, layout, OP);
        self.align(align, OP);
        // A thread's matrix loads from a read-only ByteAddressBuffer only.
        if ret.scope == SCOPE_THREAD {
            let props =
                handle_props::props_of_handle(self.ctx, self.site.f, self.site.body, handle);
            let ok = props.is_some_and(|p| {
                p.class() == Some(ResourceClass::SRV) && p.kind == ResourceKind::RawBuffer.raw()
            });
            if !ok {
                self.error(R::InstrLinAlgMatrixLoadThreadRequiresBAB, &[]);
            }
        }
    }

    /// `LinAlgMatVecMul` (and the same part of `LinAlgMatVecMulAdd`): a Thread-scope A
    /// matrix times a vector of K elements, packed as the interpretation packs them, giving a
    /// vector of M elements. `ops` are the matrix, the sign flag, the input vector and the
    /// interpretation.
    fn mat_vec_mul(&mut self, ops: [ValueRef; 4], op: &str) {
        let [matrix, is_signed, input, interpretation] = ops;
        self.parameters();
        let m = self.ctx.m;
        let (Some((out_len, out_elem)), Some((in_len, _))) = (
            self.site.data.ty.and_then(|t| vector_of(m, t)),
            self.type_of(input).and_then(|t| vector_of(m, t)),
        ) else {
            return;
        };
        let Some(mat) = self.matrix_of(matrix) else {
            return;
        };
        if mat.scope != SCOPE_THREAD {
            self.error(
                R::InstrLinAlgMatrixScopeMismatch,
                &["Input", scope_name(mat.scope), "Thread"],
            );
        }
        if mat.usage != USE_A {
            self.error(
                R::InstrLinAlgMatrixUseMismatch,
                &["Input", use_name(mat.usage), "A"],
            );
        }
        // An interpretation that is no immediate reads as `Invalid` below.
        let mut interp = 0;
        if let Some(value) = self.immediate(interpretation, "InputInterp", op) {
            interp = value as u32;
            self.component(interp, "InputInterp");
        }
        // K is the A matrix's N; the vector holds it packed, a last element partly filled.
        let per_scalar = elements_per_scalar(interp);
        let expected = mat.n.wrapping_add(per_scalar - 1) / per_scalar;
        if u64::from(expected) != in_len {
            let args = [in_len.to_string(), expected.to_string(), mat.n.to_string()];
            self.error(
                R::InstrLinAlgMatrixDimKVecKMismatch,
                &[
                    "Input",
                    &args[0],
                    &args[1],
                    &args[2],
                    component_name(interp),
                ],
            );
        }
        if u64::from(mat.m) != out_len {
            let args = [out_len.to_string(), mat.m.to_string()];
            self.error(
                R::InstrLinAlgMatrixDimVectorMismatch,
                &["Output", &args[0], &args[1]],
            );
        }
        if let Some(signed) = self.immediate(is_signed, "IsSigned", op) {
            if is_float(m, out_elem) && signed != 1 {
                let elem = util::type_text(m, out_elem);
                self.error(R::InstrLinAlgMatrixUnsignedFloatTypeNotAllowed, &[&elem]);
            }
        }
    }

    /// The bias of `LinAlgMatVecMulAdd`: M elements of the output's element type.
    fn bias(&mut self, matrix: ValueRef, bias: ValueRef) {
        let m = self.ctx.m;
        let (Some((_, out_elem)), Some((bias_len, bias_elem))) = (
            self.site.data.ty.and_then(|t| vector_of(m, t)),
            self.type_of(bias).and_then(|t| vector_of(m, t)),
        ) else {
            return;
        };
        let Some(mat) = self.matrix_of(matrix) else {
            return;
        };
        if u64::from(mat.m) != bias_len {
            let args = [bias_len.to_string(), mat.m.to_string()];
            self.error(
                R::InstrLinAlgMatrixDimVectorMismatch,
                &["Bias", &args[0], &args[1]],
            );
        }
        if !same_scalar(m, bias_elem, out_elem) {
            let args = [util::type_text(m, out_elem), util::type_text(m, bias_elem)];
            self.error(
                R::InstrLinAlgMatrixOutputBiasVecMismatch,
                &[&args[0], &args[1]],
            );
        }
    }

    /// `LinAlgMatrixMultiply` (`c` absent) and `LinAlgMatrixMultiplyAccumulate`: A (M x K)
    /// times B (K x N), plus C, gives an M x N accumulator; all four of one scope, Wave or
    /// ThreadGroup.
    fn multiply(&mut self, a: ValueRef, b: ValueRef, c: Option<ValueRef>) {
        self.returned();
        self.parameters();
        let Some(ret) = self.matrix_returned() else {
            return;
        };
        let Some(a) = self.matrix_of(a) else { return };
        let Some(b) = self.matrix_of(b) else { return };
        let c = match c {
            Some(c) => match self.matrix_of(c) {
                Some(t) => Some(t),
                None => return,
            },
            None => None,
        };
        if a.usage != USE_A {
            self.error(
                R::InstrLinAlgMatrixUseMismatch,
                &["A", use_name(a.usage), "A"],
            );
        }
        if b.usage != USE_B {
            self.error(
                R::InstrLinAlgMatrixUseMismatch,
                &["B", use_name(b.usage), "B"],
            );
        }
        if let Some(c) = c {
            if c.usage != USE_ACCUMULATOR {
                self.error(
                    R::InstrLinAlgMatrixUseMismatch,
                    &["C", use_name(c.usage), "Accumulator"],
                );
            }
        }
        if ret.usage != USE_ACCUMULATOR {
            self.error(
                R::InstrLinAlgMatrixUseMismatch,
                &["Return", use_name(ret.usage), "Accumulator"],
            );
        }
        self.wave_or_group("A", a);
        self.wave_or_group("B", b);
        if let Some(c) = c {
            self.wave_or_group("C", c);
        }
        self.wave_or_group("Return", ret);
        let (sa, sb, sr) = (
            scope_name(a.scope),
            scope_name(b.scope),
            scope_name(ret.scope),
        );
        match c {
            None if a.scope != b.scope || b.scope != ret.scope => {
                self.error(
                    R::InstrLinAlgMatrixScopeMustMatch3,
                    &["A", sa, "B", sb, "Return", sr],
                );
            }
            Some(c) if a.scope != b.scope || b.scope != c.scope || c.scope != ret.scope => {
                let sc = scope_name(c.scope);
                self.error(
                    R::InstrLinAlgMatrixScopeMustMatch4,
                    &["A", sa, "B", sb, "C", sc, "Return", sr],
                );
            }
            _ => {}
        }
        let (m, ak, bk, n) = (a.m, a.n, b.m, b.n);
        if ak != bk {
            let args = [
                format!("{m}x{ak}"),
                format!("{bk}x{n}"),
                ak.to_string(),
                bk.to_string(),
            ];
            self.error(
                R::InstrLinAlgMatrixMatrixKDimMustMatch,
                &[&args[0], &args[1], &args[2], &args[3]],
            );
        }
        let product = format!("{m}x{n}");
        if let Some(c) = c {
            if c.m != m || c.n != n {
                let dims = format!("{}x{}", c.m, c.n);
                self.error(
                    R::InstrLinAlgMatrixMatrixResDimMustMatch,
                    &["C", &dims, &product],
                );
            }
        }
        if ret.m != m || ret.n != n {
            let dims = format!("{}x{}", ret.m, ret.n);
            self.error(
                R::InstrLinAlgMatrixMatrixResDimMustMatch,
                &["Return", &dims, &product],
            );
        }
    }

    /// `LinAlgMatrixAccumulate`: an accumulator plus an A or B matrix of its scope and
    /// dimensions, returned as the accumulator's exact type.
    fn accumulate(&mut self, lhs: ValueRef, rhs: ValueRef) {
        self.returned();
        self.parameters();
        let m = self.ctx.m;
        let ret_ty = self.site.data.ty;
        let lhs_ty = self.type_of(lhs);
        if ret_ty != lhs_ty {
            let args = [struct_name(m, ret_ty), struct_name(m, lhs_ty)];
            self.error(
                R::InstrLinAlgMatrixNotExactMatch,
                &["Return", &args[0], "arg 1", &args[1]],
            );
        }
        let Some(ret) = self.target(ret_ty) else {
            return;
        };
        let Some(_) = self.target(lhs_ty) else { return };
        let Some(rhs) = self.matrix_of(rhs) else {
            return;
        };
        if ret.usage != USE_ACCUMULATOR {
            self.error(
                R::InstrLinAlgMatrixUseMismatch,
                &["Return", use_name(ret.usage), "Accumulator"],
            );
        }
        if rhs.usage != USE_A && rhs.usage != USE_B {
            self.error(
                R::InstrLinAlgMatrixUseMismatch2,
                &["Arg 2", use_name(rhs.usage), "A", "B"],
            );
        }
        if ret.scope != rhs.scope {
            self.error(
                R::InstrLinAlgMatrix2PartsMustMatch,
                &[
                    "Return",
                    "scope",
                    scope_name(ret.scope),
                    "Arg 2",
                    "scope",
                    scope_name(rhs.scope),
                ],
            );
        }
        self.wave_or_group("Arg 2", rhs);
        self.wave_or_group("Return", ret);
        if ret.m != rhs.m || ret.n != rhs.n {
            let args = [
                format!("{}x{}", rhs.m, rhs.n),
                format!("{}x{}", ret.m, ret.n),
            ];
            self.error(
                R::InstrLinAlgMatrix2PartsMustMatch,
                &[
                    "Arg 2",
                    "dimension",
                    &args[0],
                    "return",
                    "dimension",
                    &args[1],
                ],
            );
        }
    }

    /// `LinAlgCopyConvertMatrix`: source and destination of one scope, Wave or ThreadGroup,
    /// and of the same dimensions once the source is transposed as asked.
    fn copy_convert(&mut self, src: ValueRef, transpose: ValueRef) {
        self.returned();
        self.parameters();
        let Some(dst) = self.matrix_returned() else {
            return;
        };
        let Some(src) = self.matrix_of(src) else {
            return;
        };
        let transpose = self.immediate(transpose, "Transpose", "LinAlgCopyConvertMatrix");
        self.wave_or_group("Destination", dst);
        self.wave_or_group("Source", src);
        if dst.scope != src.scope {
            self.error(
                R::InstrLinAlgMatrix2PartsMustMatch,
                &[
                    "Destination",
                    "scope",
                    scope_name(dst.scope),
                    "source",
                    "scope",
                    scope_name(src.scope),
                ],
            );
        }
        let (src_m, src_n) = if transpose == Some(1) {
            (src.n, src.m)
        } else {
            (src.m, src.n)
        };
        if dst.m != src_m || dst.n != src_n {
            let args = [format!("{}x{}", dst.m, dst.n), format!("{src_m}x{src_n}")];
            self.error(
                R::InstrLinAlgMatrix2PartsMustMatch,
                &[
                    "Destination",
                    "dimension",
                    &args[0],
                    "source",
                    "dimension",
                    &args[1],
                ],
            );
        }
    }
}

/// The arguments of the call at `site`, the opcode first.
pub(super) fn call_args<'b>(site: &Site<'b>) -> &'b [ValueRef] {
    match &site.data.kind {
        dxil_ir::InstKind::Call { args, .. } => site.body.values(*args),
        _ => &[],
    }
}

/// A named struct type whose name starts with the matrix prefix.
fn is_matrix_type(m: &CheckedModule, ty: Type) -> bool {
    matches!(m.ty(ty), TypeData::Struct(st)
        if st.name.as_deref().is_some_and(|n| n.starts_with(MATRIX_PREFIX)))
}

/// The name of a struct type (empty for anything else, printed `<null>`).
fn struct_name(m: &CheckedModule, ty: Option<Type>) -> String {
    match ty.map(|t| m.ty(t)) {
        Some(TypeData::Struct(st)) => util::struct_name(st).to_string(),
        _ => String::new(),
    }
}

/// The length and element type of a vector type.
fn vector_of(m: &CheckedModule, ty: Type) -> Option<(u64, Type)> {
    match m.ty(ty) {
        TypeData::Vector { len, elem } => Some((*len, *elem)),
        _ => None,
    }
}

/// Two element types are one LLVM type: the same entry, or equal scalar entries (a type
/// table may spell a scalar twice; LLVM has one of each).
fn same_scalar(m: &CheckedModule, a: Type, b: Type) -> bool {
    a == b
        || matches!((m.ty(a), m.ty(b)), (x, y)
            if x == y && !matches!(x, TypeData::Struct(_)))
}

fn is_float(m: &CheckedModule, ty: Type) -> bool {
    m.ty(ty).is_float()
}

fn is_row_or_column(layout: u32) -> bool {
    layout == LAYOUT_ROW_MAJOR || layout == LAYOUT_COLUMN_MAJOR
}

/// How many elements of a component type one vector element holds: bfloat16 two to a
/// 32-bit scalar, the 8-bit types four; types LinAlg refuses count as 8-bit.
fn elements_per_scalar(comp: u32) -> u32 {
    match comp {
        2..=10 => 1,
        23 => 2,
        _ => 4,
    }
}

/// `ComponentType` names as the messages spell them, with the LinAlg types that follow
/// the spec's last one.
fn component_name(comp: u32) -> &'static str {
    const LINALG: [&str; 5] = ["I8", "U8", "F8_E4M3FN", "F8_E5M2", "BFloat16"];
    match ComponentType::from_raw(comp) {
        Some(c) => c.name(),
        None => comp
            .checked_sub(ComponentType::PackedU8x32.raw() + 1)
            .and_then(|i| LINALG.get(i as usize))
            .copied()
            .unwrap_or("Unknown ComponentType"),
    }
}

fn scope_name(scope: u32) -> &'static str {
    match scope {
        SCOPE_THREAD => "Thread",
        SCOPE_WAVE => "Wave",
        SCOPE_THREAD_GROUP => "ThreadGroup",
        _ => "Unknown MatrixScope",
    }
}

fn use_name(usage: u32) -> &'static str {
    match usage {
        USE_A => "A",
        USE_B => "B",
        USE_ACCUMULATOR => "Accumulator",
        _ => "Unknown MatrixUse",
    }
}

/// `MatrixLayout` names; the reference's fallback for an unknown layout reads
/// "Unknown MatrixUse", kept since it is what the messages print.
fn layout_name(layout: u32) -> &'static str {
    match layout {
        LAYOUT_ROW_MAJOR => "RowMajor",
        LAYOUT_COLUMN_MAJOR => "ColumnMajor",
        2 => "MulOptimal",
        3 => "MulOptimalTranspose",
        LAYOUT_OUTER_PRODUCT_OPTIMAL => "OuterProductOptimal",
        LAYOUT_OUTER_PRODUCT_OPTIMAL_TRANSPOSE => "OuterProductOptimalTranspose",
        _ => "Unknown MatrixUse",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_ir::{ConstData, ConstKind, MetadataData, Module, NamedMetadata, StructType};

    /// A module with `dx.targetTypes` holding `tuples`, each a type name and five operands
    /// (`None`: a float where an integer belongs).
    fn module(tuples: &[(&str, [Option<u64>; 5])]) -> (CheckedModule, Vec<Type>) {
        let mut m = Module::default();
        let i32_ty = m.types.push(TypeData::Int(32));
        let f32_ty = m.types.push(TypeData::Float);
        let mut types = Vec::new();
        let mut nodes = Vec::new();
        for (name, ints) in tuples {
            let st = StructType {
                name: Some((*name).to_string()),
                identified: true,
                ..Default::default()
            };
            let ty = m.types.push(TypeData::Struct(st));
            types.push(ty);
            let undef = m.constants.push(ConstData {
                ty,
                kind: ConstKind::Undef,
            });
            let mut ops = vec![Some(m.metadata.push(MetadataData::Value {
                ty,
                value: ValueRef::Const(undef),
            }))];
            for v in ints {
                let (ty, kind) = match v {
                    Some(v) => (i32_ty, ConstKind::Int(*v as i64)),
                    None => (f32_ty, ConstKind::Float(0)),
                };
                let c = m.constants.push(ConstData { ty, kind });
                ops.push(Some(m.metadata.push(MetadataData::Value {
                    ty,
                    value: ValueRef::Const(c),
                })));
            }
            let operands = m.pools.push(&ops);
            nodes.push(m.metadata.push(MetadataData::Node {
                distinct: false,
                operands,
            }));
        }
        let name = m.intern("dx.targetTypes");
        let operands = m.pools.push(&nodes);
        m.named_metadata.push(NamedMetadata { name, operands });
        let m = CheckedModule::new(m).expect("the test's ids come from its own arenas");
        (m, types)
    }

    #[test]
    fn target_types_come_from_metadata_first_tuple_wins() {
        let (m, types) = module(&[
            (
                "dx.types.LinAlgMatrixC8M4N4U0S1",
                [Some(8), Some(16), Some(32), Some(0), Some(1)],
            ),
            (
                "dx.types.LinAlgMatrixC8M4N4U0S1.again",
                [Some(9), Some(4), Some(4), None, Some(1)],
            ),
        ]);
        let read = read_target_types(&m);
        // The name says M4N4; the metadata, which the rules read, says 16 x 32.
        let first = TargetType {
            comp: 8,
            m: 16,
            n: 32,
            usage: 0,
            scope: 1,
        };
        assert_eq!(read.get(&types[0]), Some(&first));
        // A tuple with a non-integer operand gives nothing.
        assert_eq!(read.get(&types[1]), None);
        assert!(is_matrix_type(&m, types[0]));
    }

    #[test]
    fn names_fall_back_as_the_reference_prints_them() {
        assert_eq!(component_name(23), "BFloat16");
        assert_eq!(component_name(99), "Unknown ComponentType");
        assert_eq!(scope_name(7), "Unknown MatrixScope");
        assert_eq!(use_name(9), "Unknown MatrixUse");
        assert_eq!(layout_name(9), "Unknown MatrixUse");
        assert_eq!(elements_per_scalar(23), 2);
        assert_eq!(elements_per_scalar(21), 4);
        assert_eq!(elements_per_scalar(9), 1);
    }
}
