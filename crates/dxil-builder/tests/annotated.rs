//! Annotated constant buffers and used-component masks as the builder writes them: the
//! metadata reads back with the members and masks, and both validators accept the shader.

use dxil_builder::{Arg, Field, FieldType, ResourceDesc, ShaderBuilder, StructDesc};
use dxil_container::ShaderKind;
use dxil_module::model::TypeAnnotations;
use dxil_module::DxilMetadata;
use dxil_ops::{Scalar, Ty};
use dxil_parts::names::ComponentType;

fn metadata(container: &[u8]) -> DxilMetadata {
    let bitcode = dxil_test_support::dxil_bitcode(container).expect("a DXIL part");
    let module = dxil_bitcode::read_module(bitcode).expect("bitcode");
    DxilMetadata::read(&module).expect("metadata")
}

fn check_valid(container: &[u8]) {
    let report = dxil_validate::validate_container(container, &Default::default());
    assert!(report.is_valid(), "{report}");
    if let Some(verdict) = dxil_test_support::dxv_verdict(container) {
        verdict.unwrap();
    }
}

#[test]
fn constant_buffer_members_are_annotated() {
    let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, 0).unwrap();
    sb.num_threads(1, 1, 1);
    let inner = sb
        .struct_type(&StructDesc {
            name: "struct.Inner".into(),
            size: 12,
            fields: vec![
                Field::new("a", 0, FieldType::Vector(ComponentType::F32, 2)),
                Field::new("b", 8, FieldType::Scalar(ComponentType::U32)),
            ],
        })
        .unwrap();
    let matrix = FieldType::Matrix {
        component: ComponentType::F32,
        rows: 4,
        cols: 3,
        row_major: true,
    };
    let params = StructDesc {
        name: "hostlayout.Params".into(),
        size: 160,
        fields: vec![
            Field::new("tint", 0, FieldType::Vector(ComponentType::F32, 4)),
            Field::new("m", 16, matrix),
            Field::new(
                "arr",
                80,
                FieldType::Array(Box::new(FieldType::Struct(inner)), 2),
            ),
            Field::new("tail", 108, FieldType::Scalar(ComponentType::I32)),
        ],
    };
    let st = sb.struct_type(&params).unwrap();
    // The same description again is the same struct.
    assert_eq!(sb.struct_type(&params).unwrap(), st);
    let cb = sb
        .resource(ResourceDesc::cbuffer_of("Params", st).at(0, 0))
        .unwrap();
    let out = sb
        .resource(ResourceDesc::rw_typed_buffer("Out", ComponentType::F32, 1))
        .unwrap();
    let mut e = sb.entry("main").unwrap();
    let h = e.handle(cb, 0u32, false).unwrap();
    let x = e.load_constant(h, 0, Scalar::Float).unwrap();
    let o = e.handle(out, 0u32, false).unwrap();
    let u = Arg::Undef;
    e.buffer_store(&[Ty::Scalar(Scalar::Float)], o, 0u32, u, x, x, x, x, 15u8)
        .unwrap();
    e.ret().unwrap();
    e.finish().unwrap();
    let container = sb.finish().unwrap();
    check_valid(&container);
    let md = metadata(&container);
    let Some([TypeAnnotations::Structs(list)]) = md.type_annotations.as_deref() else {
        panic!("one list of struct annotations: {:?}", md.type_annotations);
    };
    let fields: Vec<_> = list
        .iter()
        .map(|a| {
            let names: Vec<_> = a
                .fields
                .iter()
                .map(|f| (f.name().unwrap().to_string(), f.cbuffer_offset().unwrap()))
                .collect();
            (a.cbuffer_size, names)
        })
        .collect();
    let s = |n: &str, o| (n.to_string(), o);
    assert_eq!(
        fields,
        [
            (12, vec![s("a", 0), s("b", 8)]),
            (
                160,
                vec![s("tint", 0), s("m", 16), s("arr", 80), s("tail", 108)]
            ),
        ]
    );
    let m = &list[1].fields[1];
    assert_eq!(m.matrix(), Some((4, 3, 1)));
    assert_eq!(m.comp_type(), Some(ComponentType::F32.raw()));
}

#[test]
fn used_masks_count_live_reads_and_every_write() {
    let mut sb = ShaderBuilder::new(ShaderKind::Pixel, 6, 0).unwrap();
    let color = sb.input(
        dxil_builder::ElementDesc::float4("COLOR")
            .interpolation(dxil_parts::names::InterpolationMode::Linear),
    );
    let target = sb.output(dxil_builder::ElementDesc::float4("SV_Target"));
    let f = [Ty::Scalar(Scalar::Float)];
    let mut e = sb.entry("main").unwrap();
    let mut read = Vec::new();
    for c in 0..4u8 {
        read.push(e.load_input(&f, color, 0u32, c, Arg::Undef).unwrap());
    }
    // Only x and z reach an output: y and w are read for nothing.
    let fb = e.ir();
    let _dead = fb.fadd(read[1], read[3]).unwrap();
    for c in 0..4u8 {
        let v = if c % 2 == 0 {
            read[c as usize]
        } else {
            read[0]
        };
        e.store_output(&f, target, 0u32, c, v).unwrap();
    }
    e.ret().unwrap();
    e.finish().unwrap();
    let container = sb.finish().unwrap();
    check_valid(&container);
    let md = metadata(&container);
    let sigs = md.entry_points.unwrap()[0].signatures.clone().unwrap();
    assert_eq!(sigs.input.unwrap()[0].usage_comp_mask(), 0b0101);
    assert_eq!(sigs.output.unwrap()[0].usage_comp_mask(), 0b1111);
}
