//! [`EntryBuilder`]: the body of one function of a shader — LLVM instructions through the
//! IR builder, DXIL operations (one typed method per operation of the database), resource
//! handles as the shader model creates them (LLVM's "DXIL Resource Handling", "Resource handles"), constant
//! buffer loads.

use dxil_container::ShaderKind;
use dxil_ir::build::{FunctionBuilder, Value};
use dxil_ops::{DxOp, LowPrecision, Scalar, Ty};

use crate::error::{Error, ErrorKind, Result};
use crate::ops::{emit_resolved, Arg, OpContext};
use crate::resource::ResourceDesc;
use crate::shader::{Context, ResourceId, SM_6_6};

/// Builds one function of a shader: LLVM instructions through [`EntryBuilder::ir`], DXIL
/// operations through [`EntryBuilder::op`], handles through
/// [`EntryBuilder::handle`].
pub struct EntryBuilder<'a> {
    pub(crate) fb: FunctionBuilder<'a>,
    pub(crate) cx: OpContext,
    pub(crate) shader: &'a mut Context,
    pub(crate) function: Value,
}

impl<'a> EntryBuilder<'a> {
    /// The IR function builder: blocks and LLVM instructions.
    pub fn ir(&mut self) -> &mut FunctionBuilder<'a> {
        &mut self.fb
    }

    /// The function being built.
    pub fn function(&self) -> Value {
        self.function
    }

    /// Calls DXIL operation `op` with `overloads` (one type per overload position; empty
    /// for operations without one).
    pub fn op(&mut self, op: DxOp<Arg>, overloads: &[Ty]) -> Result<Value> {
        emit_resolved(
            &mut self.fb,
            &self.cx,
            &mut self.shader.resolved_ops,
            op,
            overloads,
        )
    }

    /// A handle to element `index` of resource range `res` (`index` counts from the range's
    /// start): `createHandle` before shader model 6.6, `createHandleFromBinding` +
    /// `annotateHandle` from 6.6 on (LLVM's "DXIL Resource Handling", "Resource handles"); in libraries,
    /// `createHandleForLib` of the range's global (annotated from 6.6 on).
    pub fn handle(
        &mut self,
        res: ResourceId,
        index: impl Into<Arg>,
        non_uniform: bool,
    ) -> Result<Value> {
        let (desc, _) = self
            .shader
            .resources
            .get(res.0 as usize)
            .cloned()
            .ok_or_else(|| Error::new(ErrorKind::Resource, "unknown resource"))?;
        let class_local_id = self.shader.resources[..res.0 as usize]
            .iter()
            .filter(|(d, _)| d.class == desc.class)
            .count() as i64;
        if self.shader.kind == ShaderKind::Library {
            let global = self.shader.globals.get(res.0 as usize).copied().flatten();
            let global =
                global.ok_or_else(|| Error::new(ErrorKind::Resource, "unknown resource"))?;
            return self.library_handle(&desc, global, index.into());
        }
        let lower = i64::from(desc.binding.lower_bound);
        let index = match index.into() {
            Arg::Int(i) => Arg::Int(i.checked_add(lower).ok_or_else(|| {
                Error::new(
                    ErrorKind::Resource,
                    format!("resource `{}`: index {i} is out of range", desc.name),
                )
            })?),
            Arg::Value(v) if lower != 0 => {
                let mb = self.fb.module();
                let i32t = mb.int(32);
                let base = mb.const_int(i32t, lower).map_err(Error::ir)?;
                Arg::Value(self.fb.add(v, base).map_err(Error::ir)?)
            }
            other => other,
        };
        if self.cx.model < SM_6_6 {
            return self.op(
                DxOp::CreateHandle {
                    resource_class: Arg::Int(i64::from(desc.class_code())),
                    range_id: Arg::Int(class_local_id),
                    index,
                    non_uniform_index: non_uniform.into(),
                },
                &[],
            );
        }
        let mb = self.fb.module();
        let bind_ty = crate::types::ir_type(mb, &Ty::Struct("dx.types.ResBind".into()))?;
        let i32t = mb.int(32);
        let i8t = mb.int(8);
        let b = desc.binding;
        let fields = [
            mb.const_int(i32t, i64::from(b.lower_bound)),
            mb.const_int(i32t, i64::from(b.upper_bound() as i32)),
            mb.const_int(i32t, i64::from(b.space)),
            mb.const_int(i8t, i64::from(desc.class_code())),
        ]
        .into_iter()
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(Error::ir)?;
        let fields = mb.extend_list(fields.iter().map(|v| v.value_ref()));
        let bind = mb
            .constant(bind_ty, dxil_ir::ConstKind::Aggregate(fields))
            .map_err(Error::ir)?;
        let h = self.op(
            DxOp::CreateHandleFromBinding {
                bind: bind.into(),
                index,
                non_uniform_index: non_uniform.into(),
            },
            &[],
        )?;
        self.annotate(&desc, h)
    }

    /// A handle in a library: the range's global loaded and passed to `createHandleForLib`,
    /// then, from shader model 6.6 on, annotated with the resource's properties (before 6.6
    /// the handle's resource is known from the global alone).
    fn library_handle(&mut self, desc: &ResourceDesc, global: Value, index: Arg) -> Result<Value> {
        if desc.binding.range_size != 1 || !matches!(index, Arg::Int(0)) {
            return Err(Error::new(
                ErrorKind::Resource,
                format!(
                    "resource `{}`: arrays of resources in libraries are not supported",
                    desc.name
                ),
            ));
        }
        let loaded = self.fb.load(global, 4, false, None)?;
        let h = self.op(
            DxOp::CreateHandleForLib {
                resource: loaded.into(),
            },
            &[Ty::Struct("dx.types.Handle".into())],
        )?;
        if self.cx.model < SM_6_6 {
            return Ok(h);
        }
        self.annotate(desc, h)
    }

    /// `annotateHandle` with the properties of `desc`.
    fn annotate(&mut self, desc: &ResourceDesc, h: Value) -> Result<Value> {
        let mb = self.fb.module();
        let props_ty =
            crate::types::ir_type(mb, &Ty::Struct("dx.types.ResourceProperties".into()))?;
        let i32t = mb.int(32);
        let (w0, w1) = desc.properties_words();
        let words = [
            mb.const_int(i32t, i64::from(w0 as i32))?,
            mb.const_int(i32t, i64::from(w1 as i32))?,
        ];
        let words = mb.extend_list(words.iter().map(|v| v.value_ref()));
        let props = mb.constant(props_ty, dxil_ir::ConstKind::Aggregate(words))?;
        self.op(
            DxOp::AnnotateHandle {
                res: h.into(),
                props: props.into(),
            },
            &[],
        )
    }

    /// One component of a constant buffer at byte `offset` (see [`crate::CBufferLayout`]),
    /// of scalar type `ty`: `cbufferLoadLegacy` of the offset's row, then the component.
    pub fn load_constant(&mut self, cbuffer: Value, offset: u32, ty: Scalar) -> Result<Value> {
        let row = offset / crate::cbuffer::ROW;
        let within = offset % crate::cbuffer::ROW;
        let slot = match (ty, self.cx.low_precision) {
            (Scalar::Double | Scalar::I64, _) => 8,
            (Scalar::Half | Scalar::I16, LowPrecision::Native) => 2,
            _ => 4,
        };
        if !within.is_multiple_of(slot) {
            return Err(Error::new(
                ErrorKind::Operand,
                format!(
                    "constant buffer offset {offset} is not aligned for {}",
                    ty.keyword()
                ),
            ));
        }
        let rowv = self.cbuffer_load_legacy(&[Ty::Scalar(ty)], cbuffer, row)?;
        Ok(self.fb.extract_value(rowv, &[within / slot])?)
    }

    /// A handle to a resource in the descriptor heap (shader model 6.6 dynamic resources):
    /// `createHandleFromHeap` of `index` (in the sampler heap for samplers), annotated as
    /// `desc` describes the resource (its binding is not used).
    pub fn heap_handle(
        &mut self,
        desc: &ResourceDesc,
        index: impl Into<Arg>,
        non_uniform: bool,
    ) -> Result<Value> {
        desc.check()?;
        let sampler = desc.class == dxil_module::model::ResourceClass::Sampler;
        let h = self.op(
            DxOp::CreateHandleFromHeap {
                index: index.into(),
                sampler_heap: sampler.into(),
                non_uniform_index: non_uniform.into(),
            },
            &[],
        )?;
        self.annotate(desc, h)
    }

    /// `ret void`.
    pub fn ret(&mut self) -> Result<()> {
        self.fb.ret(None).map(|_| ()).map_err(Error::ir)
    }

    /// Ends the function (every block must have its terminator).
    pub fn finish(self) -> Result<()> {
        self.fb.finish().map_err(Error::ir)
    }
}

/// One method per operation of the database, named after it in `snake_case`
/// (`buffer_load`, `thread_id`), taking the overloads (empty to infer them, see
/// [`EntryBuilder::op`]) and the operands in database order.
macro_rules! op_methods {
    ($($op:ident($method:ident) = $code:literal, $name:literal, $class:literal, $ret:literal
        => { $($field:ident : $ty:literal $is_const:literal),* };)*) => {
        impl EntryBuilder<'_> {
            $(
                #[doc = concat!("Calls `", $name, "` (opcode ", stringify!($code), ", class `",
                    $class, "`): see [`EntryBuilder::op`].")]
                #[allow(clippy::too_many_arguments)]
                pub fn $method(
                    &mut self,
                    overloads: &[Ty],
                    $($field: impl Into<Arg>),*
                ) -> Result<Value> {
                    self.op(DxOp::$op { $($field: $field.into()),* }, overloads)
                }
            )*
        }
    };
}

dxil_ops::for_each_dx_op!(op_methods);
