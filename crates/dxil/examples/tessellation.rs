//! A hull + domain shader pair for triangle patches: the hull shader passes control points
//! through and its patch constant function sets every tessellation factor to 4; the domain
//! shader interpolates the control points with the domain location.
//!
//! `cargo run -p dxil --example tessellation -- OUT_DIR` writes `tessellation_hs.dxil` and
//! `tessellation_ds.dxil`.

use dxil::builder::{ElementDesc, ShaderBuilder, Signature};
use dxil::container::ShaderKind;
use dxil::ir::ConstKind;
use dxil::module::model::DsState;
use dxil::ops::{Scalar, Ty};
use dxil::parts::names::{
    ComponentType, InterpolationMode, TessellatorDomain, TessellatorOutputPrimitive,
};

/// `integer` partitioning (DXIL.rst "TessellatorPartitioning").
const PARTITIONING_INTEGER: u32 = 1;

/// The shaders this example writes: (file name, container).
pub fn shaders() -> ExampleShaders {
    Ok(vec![
        ("tessellation_hs.dxil".to_string(), hull()?),
        ("tessellation_ds.dxil".to_string(), domain()?),
    ])
}

fn control_point() -> ElementDesc {
    ElementDesc::float4("POSITION").interpolation(InterpolationMode::Linear)
}

/// The patch constants: three edge factors and one inside factor.
fn patch_constants(sb: &mut ShaderBuilder) -> (u32, u32) {
    let edges = sb.element(
        Signature::PatchConstant,
        ElementDesc::new("SV_TessFactor", ComponentType::F32, 1).rows(3),
    );
    let inside = sb.element(
        Signature::PatchConstant,
        ElementDesc::new("SV_InsideTessFactor", ComponentType::F32, 1),
    );
    (edges, inside)
}

fn hull() -> Result<Vec<u8>, dxil::builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Hull, 6, 0)?;
    let input = sb.input(control_point());
    let output = sb.output(control_point());
    let (edges, inside) = patch_constants(&mut sb);
    let f32o = [Ty::Scalar(Scalar::Float)];

    let mut pc = sb.function("patch_constants")?;
    for row in 0..3u32 {
        pc.store_patch_constant(&f32o, edges, row, 0u8, 4.0f32)?;
    }
    pc.store_patch_constant(&f32o, inside, 0, 0u8, 4.0f32)?;
    pc.ret()?;
    let pcf = pc.function();
    pc.finish()?;
    sb.hs_state(
        pcf,
        3,
        3,
        TessellatorDomain::Tri.raw(),
        PARTITIONING_INTEGER,
        TessellatorOutputPrimitive::TriangleCW.raw(),
        64.0,
    )?;

    let mut e = sb.entry("main")?;
    let i = e.output_control_point_id(&[Ty::Scalar(Scalar::I32)])?;
    for c in 0..4u8 {
        let x = e.load_input(&f32o, input, 0, c, i)?;
        e.store_output(&f32o, output, 0, c, x)?;
    }
    e.ret()?;
    e.finish()?;
    sb.finish()
}

fn domain() -> Result<Vec<u8>, dxil::builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Domain, 6, 0)?;
    let input = sb.input(control_point());
    let output = sb.output(
        ElementDesc::float4("SV_Position").interpolation(InterpolationMode::LinearNoperspective),
    );
    patch_constants(&mut sb);
    sb.ds_state(DsState {
        domain: TessellatorDomain::Tri.raw(),
        input_control_points: 3,
    });
    let mb = sb.module();
    let f32t = mb.float();
    let zero = mb.constant(f32t, ConstKind::Float(0))?;
    let f32o = [Ty::Scalar(Scalar::Float)];

    let mut e = sb.entry("main")?;
    let mut uvw = Vec::new();
    for c in 0..3u8 {
        uvw.push(e.domain_location(&f32o, c)?);
    }
    for c in 0..4u8 {
        let mut sum = zero;
        for (point, &weight) in uvw.iter().enumerate() {
            let x = e.load_input(&f32o, input, 0, c, point as u32)?;
            let fb = e.ir();
            let weighted = fb.fmul(x, weight)?;
            sum = fb.fadd(sum, weighted)?;
        }
        e.store_output(&f32o, output, 0, c, sum)?;
    }
    e.ret()?;
    e.finish()?;
    sb.finish()
}

#[allow(dead_code)]
fn main() {
    dxil_example_main(shaders);
}

include!("common/cli.rs");
