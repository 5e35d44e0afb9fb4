//! A geometry shader that turns each point into a small triangle (`[maxvertexcount(3)]`,
//! point in, triangle strip out), with `emitStream` and `cutStream`.
//!
//! `cargo run -p dxil --example geometry -- OUT_DIR` writes `geometry.dxil`.

use dxil::builder::{ElementDesc, ShaderBuilder};
use dxil::container::ShaderKind;
use dxil::ir::ConstKind;
use dxil::module::model::GsState;
use dxil::ops::{Scalar, Ty};
use dxil::parts::names::{InterpolationMode, PrimitiveTopology};

/// `point` (DXIL.rst "GS input primitive").
const INPUT_POINT: u32 = 1;

/// The shaders this example writes: (file name, container).
pub fn shaders() -> ExampleShaders {
    let mut sb = ShaderBuilder::new(ShaderKind::Geometry, 6, 0)?;
    let position =
        || ElementDesc::float4("SV_Position").interpolation(InterpolationMode::LinearNoperspective);
    let input = sb.input(position());
    let output = sb.output(position());
    sb.gs_state(GsState {
        input_primitive: INPUT_POINT,
        max_vertex_count: 3,
        active_stream_mask: 1,
        output_topology: PrimitiveTopology::TriangleStrip.raw(),
        instance_count: 1,
    });
    let mb = sb.module();
    let f32t = mb.float();
    let offset = mb.constant(f32t, ConstKind::Float(u64::from(0.1f32.to_bits())))?;
    let f32o = [Ty::Scalar(Scalar::Float)];

    let mut e = sb.entry("main")?;
    let mut pos = Vec::new();
    for c in 0..4u8 {
        // Vertex 0 of the input primitive: the point.
        pos.push(e.load_input(&f32o, input, 0, c, 0)?);
    }
    for corner in 0..3 {
        let mut v = pos.clone();
        if corner > 0 {
            let c = corner - 1;
            v[c] = e.ir().fadd(v[c], offset)?;
        }
        for (c, x) in v.into_iter().enumerate() {
            e.store_output(&f32o, output, 0, c as u8, x)?;
        }
        e.emit_stream(&[], 0u8)?;
    }
    e.cut_stream(&[], 0u8)?;
    e.ret()?;
    e.finish()?;
    Ok(vec![("geometry.dxil".to_string(), sb.finish()?)])
}

#[allow(dead_code)]
fn main() {
    dxil_example_main(shaders);
}

include!("common/cli.rs");
