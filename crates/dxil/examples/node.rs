//! A work-graph node shader (`lib_6_8`): a broadcasting node with a 2x1x1 dispatch grid and
//! four threads per group reads its input record and writes `record.value + thread id` to a
//! byte-address buffer.
//!
//! `cargo run -p dxil --example node -- OUT_DIR` writes `node.dxil`.

use dxil::builder::{Arg, ResourceDesc, ShaderBuilder};
use dxil::container::ShaderKind;
use dxil::module::model::{NodeId, NodeIo, NodeIoProperty, NodeRecordProperty, Property};
use dxil::ops::{Scalar, Ty};

/// `NodeLaunchType::Broadcasting` (DXIL.rst, node shaders).
const BROADCASTING: u32 = 1;
/// `NodeIOFlags` of a `DispatchNodeInputRecord`: input (1) | record kind dispatch (0x60).
const DISPATCH_INPUT_RECORD: u32 = 0x61;
/// Node records live in address space 6.
const NODE_RECORD_ADDRSPACE: u32 = 6;

/// The shaders this example writes: (file name, container).
pub fn shaders() -> ExampleShaders {
    let mut sb = ShaderBuilder::new(ShaderKind::Library, 6, 8)?;
    let output = sb.resource(ResourceDesc::rw_byte_address_buffer("output").at(0, 0))?;
    let mb = sb.module();
    let i32t = mb.int(32);
    let two = mb.const_int(i32t, 2)?;
    let zero = mb.const_int(i32t, 0)?;
    let record = mb.struct_named("struct.Rec");
    mb.set_struct_body(record, &[i32t], false)?;
    let info_ty = dxil::builder::types::ir_type(mb, &Ty::Struct("dx.types.NodeRecordInfo".into()))?;
    let record_size = 4;
    let info_words = [
        mb.const_int(i32t, i64::from(DISPATCH_INPUT_RECORD))?,
        mb.const_int(i32t, record_size)?,
    ];
    let info_words = mb.extend_list(info_words.iter().map(|v| v.value_ref()));
    let info = mb.constant(info_ty, dxil::ir::ConstKind::Aggregate(info_words))?;
    let properties = vec![
        Property::NodeLaunchType(BROADCASTING),
        Property::NodeIsProgramEntry(true),
        Property::NodeId(NodeId {
            name: "entry".into(),
            index: 0,
        }),
        Property::NodeLocalRootArgumentsTableIndex(u32::MAX),
        Property::NodeDispatchGrid(vec![2, 1, 1]),
        Property::NodeInputs(vec![NodeIo {
            properties: vec![
                NodeIoProperty::Flags(DISPATCH_INPUT_RECORD),
                NodeIoProperty::RecordType(vec![
                    NodeRecordProperty::Size(record_size as u32),
                    NodeRecordProperty::Alignment(4),
                ]),
            ],
        }]),
        Property::NumThreads(vec![4, 1, 1]),
    ];
    let i32o = [Ty::Scalar(Scalar::I32)];
    let record_overload = [Ty::Pointer(
        Box::new(Ty::Struct("struct.Rec".into())),
        NODE_RECORD_ADDRSPACE,
    )];

    let mut e = sb.entry_of_kind("entry", ShaderKind::Node, &[], properties)?;
    let tid = e.thread_id(&i32o, 0)?;
    let input = e.create_node_input_record_handle(&[], 0)?;
    let input = e.annotate_node_record_handle(&[], input, info)?;
    let rec = e.get_node_record_ptr(&record_overload, input, 0)?;
    let fb = e.ir();
    let field = fb.gep(false, record, rec, &[zero, zero])?;
    let value = fb.load(field, 4, false, None)?;
    let sum = fb.add(value, tid)?;
    let offset = fb.shl(tid, two)?;
    let buffer = e.handle(output, 0, false)?;
    let u = Arg::Undef;
    e.raw_buffer_store(&i32o, buffer, offset, u, sum, u, u, u, 1u8, 4)?;
    e.ret()?;
    e.finish()?;
    Ok(vec![("node.dxil".to_string(), sb.finish()?)])
}

#[allow(dead_code)]
fn main() {
    dxil_example_main(shaders);
}

include!("common/cli.rs");
