//! Misuse of the builder, one test per class of mistake: each is refused with its error kind
//! and a message that names what was wrong (the operand, the operation, the resource, the
//! function, the property or the semantic), so a caller can find it in their code.

use dxil_builder::{Arg, Error, ErrorKind, ResourceDesc, ShaderBuilder};
use dxil_container::ShaderKind;
use dxil_ir::{CastOp, ConstKind};
use dxil_ops::{Scalar, Ty};
use dxil_parts::names::ComponentType;

const I32: [Ty; 1] = [Ty::Scalar(Scalar::I32)];
const F32: [Ty; 1] = [Ty::Scalar(Scalar::Float)];

/// Asserts `r` failed with `kind` and a message containing every one of `names`.
#[track_caller]
fn refused<T: std::fmt::Debug>(r: Result<T, Error>, kind: ErrorKind, names: &[&str]) {
    let e = r.expect_err("the builder accepted a misuse");
    eprintln!("{:?}: {e}", e.kind());
    assert_eq!(e.kind(), kind, "{e}");
    for name in names {
        assert!(e.message().contains(name), "`{e}` does not name {name}");
    }
}

fn compute(minor: u32) -> ShaderBuilder {
    let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, minor).unwrap();
    sb.num_threads(8, 1, 1);
    sb
}

#[test]
fn float_as_buffer_index_names_the_operand() {
    let mut sb = compute(0);
    let buf = sb
        .resource(ResourceDesc::typed_buffer("In", ComponentType::F32, 1))
        .unwrap();
    let f32t = sb.module().float();
    let x = sb
        .module()
        .constant(f32t, ConstKind::Float(u64::from(1.0f32.to_bits())))
        .unwrap();
    let mut e = sb.entry("main").unwrap();
    let h = e.handle(buf, 0, false).unwrap();
    refused(
        e.buffer_load(&F32, h, x, Arg::Undef),
        ErrorKind::Operand,
        &["BufferLoad", "`index`", "float", "i32"],
    );
}

#[test]
fn value_where_the_database_requires_a_constant() {
    let mut sb = compute(0);
    let mut e = sb.entry("main").unwrap();
    let tid = e.thread_id(&I32, 0).unwrap();
    let i8t = e.ir().module().int(8);
    let class = e.ir().cast(CastOp::Trunc, tid, i8t).unwrap();
    refused(
        e.create_handle(&[], class, 0, 0, false),
        ErrorKind::Operand,
        &["CreateHandle", "`resourceClass`", "constant"],
    );
}

#[test]
fn operations_outside_their_stages() {
    let mut sb = ShaderBuilder::new(ShaderKind::Vertex, 6, 0).unwrap();
    let mut e = sb.entry("main").unwrap();
    let i1 = e.ir().module().int(1);
    let yes = e.ir().module().const_int(i1, 1).unwrap();
    refused(
        e.discard(&[], yes),
        ErrorKind::NotAllowed,
        &["Discard", "Vertex", "Pixel"],
    );
    refused(
        e.deriv_coarse_x(&F32, 1.0f32),
        ErrorKind::NotAllowed,
        &["DerivCoarseX", "Vertex", "Pixel"],
    );
}

#[test]
fn operation_newer_than_the_shader_model() {
    let mut sb = compute(0);
    let mut e = sb.entry("main").unwrap();
    let tid = e.thread_id(&I32, 0).unwrap();
    refused(
        e.pack4x8(&I32, 0u8, tid, tid, tid, tid),
        ErrorKind::NotAllowed,
        &["Pack4x8", "6.6", "6.0"],
    );
}

#[test]
fn value_of_another_function() {
    let mut sb = compute(0);
    let mut helper = sb.function("helper").unwrap();
    let foreign = helper.thread_id(&I32, 0).unwrap();
    helper.ret().unwrap();
    helper.finish().unwrap();
    let mut e = sb.entry("main").unwrap();
    let tid = e.thread_id(&I32, 0).unwrap();
    refused(
        e.ir().add(tid, foreign).map_err(Error::from),
        ErrorKind::Ir,
        &["add", "operand 2", "@helper", "@main"],
    );
    // The same value as a dx.op operand.
    refused(
        e.bfrev(&I32, foreign),
        ErrorKind::Ir,
        &["Bfrev", "`value`", "@helper", "@main"],
    );
}

#[test]
fn block_without_terminator() {
    let mut sb = compute(0);
    let mut e = sb.entry("main").unwrap();
    e.thread_id(&I32, 0).unwrap();
    refused(e.finish(), ErrorKind::Ir, &["main", "terminator"]);
}

#[test]
fn overlapping_registers() {
    let mut sb = compute(0);
    sb.resource(ResourceDesc::structured_buffer("A", 4).at(1, 2).array(4))
        .unwrap();
    // Another class may share the registers; the same class in another space too.
    sb.resource(ResourceDesc::rw_structured_buffer("U", 4).at(1, 2))
        .unwrap();
    sb.resource(ResourceDesc::structured_buffer("C", 4).at(0, 3))
        .unwrap();
    refused(
        sb.resource(ResourceDesc::byte_address_buffer("B").at(1, 5)),
        ErrorKind::Resource,
        &["`B` (t5)", "`A` (t2-t5)", "space 1"],
    );
}

#[test]
fn compute_shader_without_numthreads() {
    let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, 0).unwrap();
    let mut e = sb.entry("main").unwrap();
    e.ret().unwrap();
    e.finish().unwrap();
    refused(sb.finish(), ErrorKind::Property, &["`main`", "numthreads"]);
}

#[test]
fn unknown_system_value() {
    let mut sb = ShaderBuilder::new(ShaderKind::Vertex, 6, 0).unwrap();
    sb.input(dxil_builder::ElementDesc::float4("POSITION"));
    sb.output(dxil_builder::ElementDesc::float4("SV_Posture"));
    let mut e = sb.entry("main").unwrap();
    e.ret().unwrap();
    e.finish().unwrap();
    refused(
        sb.finish(),
        ErrorKind::Signature,
        &["output element `SV_Posture`", "system value"],
    );
}

#[test]
fn struct_members_the_validator_would_refuse_name_the_member() {
    use dxil_builder::{Field, FieldType, StructDesc};
    let f4 = || FieldType::Vector(ComponentType::F32, 4);
    let desc = |fields: Vec<Field>, size| StructDesc {
        name: "hostlayout.P".into(),
        size,
        fields,
    };
    let mut sb = compute(0);
    // Overlapping members.
    let overlap = desc(
        vec![
            Field::new("a", 0, f4()),
            Field::new("b", 8, FieldType::Scalar(ComponentType::F32)),
        ],
        16,
    );
    refused(
        sb.struct_type(&overlap),
        ErrorKind::Resource,
        &["`a`", "`b`", "overlap"],
    );
    // A member past the end.
    let past = desc(vec![Field::new("far", 16, f4())], 16);
    refused(
        sb.struct_type(&past),
        ErrorKind::Resource,
        &["`far`", "16 bytes"],
    );
    // An array not on a 16-byte row.
    let array = desc(
        vec![Field::new("arr", 4, FieldType::Array(Box::new(f4()), 2))],
        64,
    );
    refused(
        sb.struct_type(&array),
        ErrorKind::Resource,
        &["`arr`", "offset 4"],
    );
    // A component type a constant buffer cannot hold.
    let packed = desc(
        vec![Field::new(
            "p",
            0,
            FieldType::Scalar(ComponentType::PackedU8x32),
        )],
        16,
    );
    refused(
        sb.struct_type(&packed),
        ErrorKind::Resource,
        &["`p`", "PackedU8x32"],
    );
    // A struct describes constant buffers of its own size only.
    let st = sb
        .struct_type(&desc(vec![Field::new("a", 0, f4())], 16))
        .unwrap();
    let mut wrong = ResourceDesc::cbuffer("P", 32);
    wrong.layout = Some(st);
    refused(
        sb.resource(wrong),
        ErrorKind::Resource,
        &["`P`", "16 bytes"],
    );
}
