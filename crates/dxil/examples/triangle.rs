//! A vertex + pixel shader pair drawing a full-screen triangle strip: the vertex shader
//! derives the corner from `SV_VertexID` and passes a colour; the pixel shader writes it.
//!
//! `cargo run -p dxil --example triangle -- OUT_DIR` writes `triangle_vs.dxil` and
//! `triangle_ps.dxil`.

use dxil::builder::{ElementDesc, ShaderBuilder};
use dxil::container::ShaderKind;
use dxil::ir::CastOp;
use dxil::ops::{Scalar, Ty};
use dxil::parts::names::{ComponentType, InterpolationMode};

/// The shaders this example writes: (file name, container).
pub fn shaders() -> ExampleShaders {
    Ok(vec![
        ("triangle_vs.dxil".to_string(), vertex()?),
        ("triangle_ps.dxil".to_string(), pixel()?),
    ])
}

/// The interface between the stages: position and colour.
fn varyings() -> [ElementDesc; 2] {
    [
        ElementDesc::float4("SV_Position").interpolation(InterpolationMode::LinearNoperspective),
        ElementDesc::new("COLOR", ComponentType::F32, 3).interpolation(InterpolationMode::Linear),
    ]
}

fn float(sb: &mut ShaderBuilder, x: f32) -> Result<dxil::ir::build::Value, dxil::builder::Error> {
    let mb = sb.module();
    let f32t = mb.float();
    Ok(mb.constant(f32t, dxil::ir::ConstKind::Float(u64::from(x.to_bits())))?)
}

fn vertex() -> Result<Vec<u8>, dxil::builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Vertex, 6, 0)?;
    let vid = sb.input(ElementDesc::new("SV_VertexID", ComponentType::U32, 1));
    let [pos_e, col_e] = varyings();
    let pos = sb.output(pos_e);
    let col = sb.output(col_e);
    let (zero, one, two, minus_one) = (
        float(&mut sb, 0.0)?,
        float(&mut sb, 1.0)?,
        float(&mut sb, 2.0)?,
        float(&mut sb, -1.0)?,
    );
    let mb = sb.module();
    let i32t = mb.int(32);
    let f32t = mb.float();
    let bit = mb.const_int(i32t, 1)?;
    let undef = dxil::builder::Arg::Undef;
    let i32o = [Ty::Scalar(Scalar::I32)];
    let f32o = [Ty::Scalar(Scalar::Float)];

    let mut e = sb.entry("main")?;
    let id = e.load_input(&i32o, vid, 0, 0u8, undef)?;
    let fb = e.ir();
    // Corner (x, y) in {-1, 1}^2 from the low two bits of the vertex id.
    let xbit = fb.and(id, bit)?;
    let ybit = fb.lshr(id, bit)?;
    let mut coord = |b| -> Result<_, dxil::builder::Error> {
        let f = fb.cast(CastOp::UiToFp, b, f32t)?;
        let scaled = fb.fmul(f, two)?;
        Ok(fb.fadd(scaled, minus_one)?)
    };
    let x = coord(xbit)?;
    let y = coord(ybit)?;
    for (c, v) in [x, y, zero, one].into_iter().enumerate() {
        e.store_output(&f32o, pos, 0, c as u8, v)?;
    }
    for (c, v) in [x, y, one].into_iter().enumerate() {
        e.store_output(&f32o, col, 0, c as u8, v)?;
    }
    e.ret()?;
    e.finish()?;
    sb.finish()
}

fn pixel() -> Result<Vec<u8>, dxil::builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Pixel, 6, 0)?;
    let [pos_e, col_e] = varyings();
    sb.input(pos_e);
    let col = sb.input(col_e);
    let target = sb.output(ElementDesc::float4("SV_Target"));
    let one = float(&mut sb, 1.0)?;
    let undef = dxil::builder::Arg::Undef;
    let f32o = [Ty::Scalar(Scalar::Float)];

    let mut e = sb.entry("main")?;
    let mut rgb = Vec::new();
    for c in 0..3u8 {
        rgb.push(e.load_input(&f32o, col, 0, c, undef)?);
    }
    rgb.push(one);
    for (c, v) in rgb.into_iter().enumerate() {
        e.store_output(&f32o, target, 0, c as u8, v)?;
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
