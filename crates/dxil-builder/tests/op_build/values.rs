//! The operands of a case's call as builder values: constants, handles, inputs and the
//! special values `dxil_test_support::op_cases::SPECIALS` names.

use super::{Ctx, R};
use dxil_builder::{Arg as BArg, EntryBuilder, ShaderBuilder};
use dxil_ir::build::Value;
use dxil_ir::{CastOp, ConstKind, IntPredicate};
use dxil_ops::{DxOp, Scalar, Ty};
use dxil_test_support::op_cases::{Arg, Node};

/// Opcode of LinAlgFillMatrix.
const FILL_MATRIX: u32 = 0x8000_000C;
/// Opcode of LinAlgMatrixLoadFromDescriptor.
const LOAD_MATRIX: u32 = 0x8000_000E;

/// `NodeIOFlags` of per-thread records.
const THREAD_RECORD: u32 = 0x20;

impl Ctx<'_> {
    /// Values of the module made before any function: the group shared variable and a
    /// library's resource global.
    pub(super) fn module_values(&mut self, sb: &mut ShaderBuilder) -> R<()> {
        for (i, a) in self.case.args.iter().enumerate() {
            match a {
                Arg::Special("groupshared") => {
                    let Some(Ty::Pointer(pointee, _)) = self.params.get(i) else {
                        return Err("groupshared fills a pointer operand".into());
                    };
                    let ty = dxil_builder::types::ir_type(sb.module(), pointee)?;
                    self.groupshared = Some(sb.group_shared("groupshared", ty)?);
                }
                Arg::Special("resource") => {
                    let id = *self.ids.first().ok_or("no resource 0")?;
                    self.resource = Some(sb.resource_global(id).ok_or("not a library")?);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Operand `a` of type `ty`.
    pub(super) fn arg(&mut self, e: &mut EntryBuilder<'_>, a: &Arg, ty: &Ty) -> R<BArg> {
        Ok(match *a {
            Arg::Int(v) => BArg::Int(v),
            Arg::Float(v) => BArg::Float(v),
            Arg::Undef => BArg::Undef,
            Arg::Handle(i) => self.handle(e, i)?.into(),
            Arg::Input => self.input(e, ty)?.into(),
            Arg::Special("matrix") => self.matrix(e, ty)?.into(),
            Arg::Special("loadedmatrix") => self.loaded_matrix(e, ty)?.into(),
            Arg::Special(name) => self.special(e, name)?.into(),
        })
    }

    /// A matrix of type `ty` filled with 0 (LinAlgFillMatrix), one for each operand: the
    /// operands of one call may differ in type.
    fn matrix(&mut self, e: &mut EntryBuilder<'_>, ty: &Ty) -> R<Value> {
        let op = DxOp::from_args(FILL_MATRIX, &[BArg::Int(0)]).ok_or("LinAlgFillMatrix")?;
        Ok(e.op(op, &[ty.clone(), Ty::Scalar(Scalar::I32)])?)
    }

    /// A matrix of type `ty` loaded from resource 0 (LinAlgMatrixLoadFromDescriptor at
    /// offset 0, stride 0, layout 0, alignment 128).
    fn loaded_matrix(&mut self, e: &mut EntryBuilder<'_>, ty: &Ty) -> R<Value> {
        let h = self.handle(e, 0)?;
        let args = [
            h.into(),
            BArg::Int(0),
            BArg::Int(0),
            BArg::Int(0),
            BArg::Int(128),
        ];
        let op = DxOp::from_args(LOAD_MATRIX, &args).ok_or("LinAlgMatrixLoadFromDescriptor")?;
        Ok(e.op(op, std::slice::from_ref(ty))?)
    }

    /// The handle of resource `i`, made on first use.
    fn handle(&mut self, e: &mut EntryBuilder<'_>, i: usize) -> R<Value> {
        if let Some(h) = self.handles.get(&i) {
            return Ok(*h);
        }
        let id = *self.ids.get(i).ok_or("no such resource")?;
        let h = e.handle(id, 0, false)?;
        self.handles.insert(i, h);
        Ok(h)
    }

    /// A value the shader reads, converted to `ty`: the thread id in compute-like stages,
    /// else the first input's first component.
    fn input(&mut self, e: &mut EntryBuilder<'_>, ty: &Ty) -> R<Value> {
        let (v, from) = match self.case.stage {
            "cs" | "ms" | "as" => (e.thread_id(&[Ty::Scalar(Scalar::I32)], 0)?, Scalar::I32),
            _ => {
                let el = self
                    .case
                    .inputs
                    .first()
                    .ok_or("Input needs an input element")?;
                let s = super::scalar(el.comp.llvm())?;
                let v = e.load_input(&[Ty::Scalar(s)], 0, 0, 0u8, BArg::Undef)?;
                (v, s)
            }
        };
        let Ty::Scalar(to) = *ty else {
            return Err(format!("no input of type {ty}").into());
        };
        if from == to {
            return Ok(v);
        }
        let dest = dxil_builder::types::scalar_type(e.ir().module(), to)?;
        let fb = e.ir();
        Ok(match (from, to) {
            (Scalar::I32, Scalar::Half | Scalar::Float | Scalar::Double) => {
                fb.cast(CastOp::UiToFp, v, dest)?
            }
            (Scalar::Float, Scalar::I32) => fb.cast(CastOp::FpToUi, v, dest)?,
            (Scalar::I32, Scalar::I1) => {
                let zero = fb.module().const_int(v.ty().ok_or("untyped")?, 0)?;
                fb.icmp(IntPredicate::Ne, v, zero)?
            }
            (a, b) => return Err(format!("no conversion of an input from {a:?} to {b:?}").into()),
        })
    }

    /// The special value `name`, made once per function.
    fn special(&mut self, e: &mut EntryBuilder<'_>, name: &'static str) -> R<Value> {
        if let Some(v) = self.specials.get(name) {
            return Ok(*v);
        }
        let hit = matches!(self.case.entry, "anyhit" | "closesthit");
        let v = match name {
            "status" => {
                let h = self.handle(e, 0)?;
                let ret = e.buffer_load(&[Ty::Scalar(Scalar::Float)], h, 0, BArg::Undef)?;
                e.ir().extract_value(ret, &[4])?
            }
            "binding" => {
                let bind = self.res_bind(e)?;
                let reg = self
                    .descs
                    .first()
                    .ok_or("no resource 0")?
                    .binding
                    .lower_bound;
                e.create_handle_from_binding(&[], bind, reg, false)?
            }
            "resbind" => self.res_bind(e)?,
            "properties" => {
                let (w0, w1) = self
                    .descs
                    .first()
                    .ok_or("no resource 0")?
                    .properties_words();
                let fields = [w0, w1].map(|w| (32, i64::from(w as i32)));
                aggregate(e, "dx.types.ResourceProperties", &fields)?
            }
            "rayquery" => e.allocate_ray_query(&[], 0)?,
            "hitobject" => e.hit_object_make_nop(&[])?,
            "payload" if self.case.entry != "raygeneration" => e.ir().arg(0)?,
            "payload" => local(e, "struct.Payload")?,
            "attributes" if hit => e.ir().arg(1)?,
            "attributes" => local(e, "struct.Attr")?,
            "register" => {
                let fb = e.ir();
                let f32t = fb.module().float();
                fb.alloca(f32t, None, 4, false)?
            }
            "groupshared" => self.groupshared.ok_or("no group shared variable")?,
            "resource" => {
                let g = self.resource.ok_or("no library resource")?;
                e.ir().load(g, 4, false, None)?
            }
            "nodeinputraw" => e.create_node_input_record_handle(&[], 0)?,
            "nodeinput" => {
                let h = self.special(e, "nodeinputraw")?;
                let info = self.special(e, "recordinfo")?;
                e.annotate_node_record_handle(&[], h, info)?
            }
            "recordinfo" => {
                let io = self.node()?.input.ok_or("the node has no input")?;
                let fields = [(32, i64::from(io.flags)), (32, i64::from(io.record_size))];
                aggregate(e, "dx.types.NodeRecordInfo", &fields)?
            }
            "nodeoutputraw" => e.create_node_output_handle(&[], 0)?,
            "nodeoutput" => {
                let h = self.special(e, "nodeoutputraw")?;
                let info = self.special(e, "nodeinfo")?;
                e.annotate_node_handle(&[], h, info)?
            }
            "nodeinfo" => {
                let io = *self
                    .node()?
                    .outputs
                    .first()
                    .ok_or("the node has no output")?;
                let fields = [(32, i64::from(io.flags)), (32, i64::from(io.record_size))];
                aggregate(e, "dx.types.NodeInfo", &fields)?
            }
            "outputrecords" => {
                let out = self.special(e, "nodeoutput")?;
                let io = *self
                    .node()?
                    .outputs
                    .first()
                    .ok_or("the node has no output")?;
                let records = e.allocate_node_output_records(&[], out, 1, true)?;
                let fields = [
                    (32, i64::from(io.flags | THREAD_RECORD)),
                    (32, i64::from(io.record_size)),
                ];
                let info = aggregate(e, "dx.types.NodeRecordInfo", &fields)?;
                e.annotate_node_record_handle(&[], records, info)?
            }
            other => return Err(format!("unknown special value {other:?}").into()),
        };
        self.specials.insert(name, v);
        Ok(v)
    }

    /// The case's node entry.
    fn node(&self) -> R<Node> {
        Ok(self.case.node.ok_or("not a node entry")?)
    }

    /// The `%dx.types.ResBind` constant of resource 0.
    fn res_bind(&self, e: &mut EntryBuilder<'_>) -> R<Value> {
        let d = self.descs.first().ok_or("no resource 0")?;
        let b = d.binding;
        let fields = [
            (32, i64::from(b.lower_bound)),
            (32, i64::from(b.upper_bound() as i32)),
            (32, i64::from(b.space)),
            (8, i64::from(d.class_code())),
        ];
        aggregate(e, "dx.types.ResBind", &fields)
    }
}

/// A constant of struct `name` with integer fields of (bits, value).
fn aggregate(e: &mut EntryBuilder<'_>, name: &str, fields: &[(u32, i64)]) -> R<Value> {
    let mb = e.ir().module();
    let ty = dxil_builder::types::ir_type(mb, &Ty::Struct(name.into()))?;
    let mut refs = Vec::with_capacity(fields.len());
    for &(bits, v) in fields {
        let t = mb.int(bits);
        refs.push(mb.const_int(t, v)?.value_ref());
    }
    let refs = mb.push_list(&refs);
    Ok(mb.constant(ty, ConstKind::Aggregate(refs))?)
}

/// A local (`alloca`) of the module's struct `name`.
fn local(e: &mut EntryBuilder<'_>, name: &str) -> R<Value> {
    let fb = e.ir();
    let ty = fb.module().struct_named(name);
    Ok(fb.alloca(ty, None, 4, false)?)
}
