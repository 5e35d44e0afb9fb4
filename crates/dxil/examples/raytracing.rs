//! A ray tracing library (`lib_6_6`): a ray generation shader tracing one ray per pixel into
//! an acceleration structure and writing the payload's colour to a UAV texture, a miss shader
//! and a closest-hit shader colouring by barycentrics, with the subobjects a pipeline needs:
//! a triangle hit group, the shader and pipeline configurations.
//!
//! `cargo run -p dxil --example raytracing -- OUT_DIR` writes `raytracing.dxil`.

use dxil::builder::{Arg, ResourceDesc, ShaderBuilder};
use dxil::container::ShaderKind;
use dxil::ir::{ConstKind, TypeData};
use dxil::module::model::{Property, Subobject};
use dxil::ops::{Scalar, Ty};
use dxil::parts::names::{ComponentType, ResourceKind};
use dxil::parts::rdat::SubobjectData;

/// The shaders this example writes: (file name, container).
pub fn shaders() -> ExampleShaders {
    let mut sb = ShaderBuilder::new(ShaderKind::Library, 6, 6)?;
    let scene = sb.resource(ResourceDesc::acceleration_structure("scene").at(0, 0))?;
    let output = sb.resource(
        ResourceDesc::rw_texture("output", ResourceKind::Texture2D, ComponentType::F32, 4).at(0, 0),
    )?;
    let mb = sb.module();
    let f32t = mb.float();
    let i32t = mb.int(32);
    let v4 = mb.ty(TypeData::Vector { len: 4, elem: f32t })?;
    let v2 = mb.ty(TypeData::Vector { len: 2, elem: f32t })?;
    let payload = mb.struct_named("struct.Payload");
    mb.set_struct_body(payload, &[v4], false)?;
    let attribs = mb.struct_named("struct.Attribs");
    mb.set_struct_body(attribs, &[v2], false)?;
    let payload_ptr = mb.pointer(payload, 0)?;
    let attribs_ptr = mb.pointer(attribs, 0)?;
    let zero = mb.const_int(i32t, 0)?;
    let one = mb.constant(f32t, ConstKind::Float(u64::from(1.0f32.to_bits())))?;
    let fzero = mb.constant(f32t, ConstKind::Float(0))?;
    let black = mb.const_null(v4)?;
    let blue = mb.extend_list([fzero, fzero, one, one].iter().map(|v| v.value_ref()));
    let blue = mb.constant(v4, ConstKind::Aggregate(blue))?;
    let payload_size = Property::RayPayloadSize(16);
    let i32o = [Ty::Scalar(Scalar::I32)];
    let f32o = [Ty::Scalar(Scalar::Float)];
    let payload_overload = [Ty::Pointer(
        Box::new(Ty::Struct("struct.Payload".into())),
        0,
    )];

    let mut e = sb.entry_of_kind("raygen", ShaderKind::RayGeneration, &[], vec![])?;
    let x = e.dispatch_rays_index(&i32o, 0u8)?;
    let y = e.dispatch_rays_index(&i32o, 1u8)?;
    let fb = e.ir();
    let fx = fb.cast(dxil::ir::CastOp::UiToFp, x, f32t)?;
    let fy = fb.cast(dxil::ir::CastOp::UiToFp, y, f32t)?;
    let p = fb.alloca(payload, None, 8, false)?;
    let color = fb.gep(true, payload, p, &[zero, zero])?;
    fb.store(black, color, 8, false, None)?;
    let accel = e.handle(scene, 0, false)?;
    e.trace_ray(
        &payload_overload,
        accel,
        0,
        0xff,
        0,
        1,
        0,
        fx,
        fy,
        0.0f32,
        0.0f32,
        0.0f32,
        0.0f32,
        1.0f32,
        1000.0f32,
        p,
    )?;
    let result = e.ir().load(color, 8, false, None)?;
    let target = e.handle(output, 0, false)?;
    let mut rgba = Vec::new();
    for c in 0..4 {
        let fb = e.ir();
        let mb = fb.module();
        let i64t = mb.int(64);
        let idx = mb.const_int(i64t, c)?;
        rgba.push(fb.extract_element(result, idx)?);
    }
    e.texture_store(
        &f32o,
        target,
        x,
        y,
        Arg::Undef,
        rgba[0],
        rgba[1],
        rgba[2],
        rgba[3],
        15u8,
    )?;
    e.ret()?;
    e.finish()?;

    let mut e = sb.entry_of_kind(
        "miss",
        ShaderKind::Miss,
        &[payload_ptr],
        vec![payload_size.clone()],
    )?;
    let fb = e.ir();
    let p = fb.arg(0)?;
    let color = fb.gep(true, payload, p, &[zero, zero])?;
    fb.store(blue, color, 4, false, None)?;
    e.ret()?;
    e.finish()?;

    let mut e = sb.entry_of_kind(
        "closest_hit",
        ShaderKind::ClosestHit,
        &[payload_ptr, attribs_ptr],
        vec![payload_size, Property::RayAttribSize(8)],
    )?;
    let fb = e.ir();
    let (p, a) = (fb.arg(0)?, fb.arg(1)?);
    let bary_ptr = fb.gep(true, attribs, a, &[zero, zero])?;
    let bary = fb.load(bary_ptr, 4, false, None)?;
    let mb = fb.module();
    let i64t = mb.int(64);
    let (i0, i1) = (mb.const_int(i64t, 0)?, mb.const_int(i64t, 1)?);
    let u = fb.extract_element(bary, i0)?;
    let v = fb.extract_element(bary, i1)?;
    let c = fb.insert_element(blue, u, i0)?;
    let c = fb.insert_element(c, v, i1)?;
    let color = fb.gep(true, payload, p, &[zero, zero])?;
    fb.store(c, color, 4, false, None)?;
    e.ret()?;
    e.finish()?;

    let subobject = |name: &str, kind: u32, data: SubobjectData| Subobject {
        name: name.to_string(),
        kind,
        data,
        text: String::new(),
    };
    // Kinds as the RDAT subobject table numbers them (DXIL.rst "Subobjects").
    sb.subobject(subobject(
        "hit_group",
        11,
        SubobjectData::HitGroup {
            ty: 0,
            intersection: String::new(),
            any_hit: String::new(),
            closest_hit: "closest_hit".to_string(),
        },
    ))?;
    sb.subobject(subobject(
        "shader_config",
        9,
        SubobjectData::RaytracingShaderConfig {
            max_payload_size_in_bytes: 16,
            max_attribute_size_in_bytes: 8,
        },
    ))?;
    sb.subobject(subobject(
        "pipeline_config",
        10,
        SubobjectData::RaytracingPipelineConfig {
            max_trace_recursion_depth: 1,
        },
    ))?;
    Ok(vec![("raytracing.dxil".to_string(), sb.finish()?)])
}

#[allow(dead_code)]
fn main() {
    dxil_example_main(shaders);
}

include!("common/cli.rs");
