//! An amplification + mesh shader pair: the amplification shader writes a payload in
//! group-shared memory and launches two mesh groups; each mesh group of three threads
//! writes three vertices (one per thread, from the payload) and one triangle.
//!
//! `cargo run -p dxil --example mesh -- OUT_DIR` writes `mesh_as.dxil` and `mesh_ms.dxil`.

use dxil::builder::{ElementDesc, ShaderBuilder};
use dxil::container::ShaderKind;
use dxil::ir::{CastOp, IntPredicate};
use dxil::module::model::{AsState, MsState};
use dxil::ops::{Scalar, Ty};
use dxil::parts::names::{InterpolationMode, MeshOutputTopology};

/// Bytes of the payload: one `uint`.
const PAYLOAD_SIZE: u32 = 4;

/// The shaders this example writes: (file name, container).
pub fn shaders() -> ExampleShaders {
    Ok(vec![
        ("mesh_as.dxil".to_string(), amplification()?),
        ("mesh_ms.dxil".to_string(), mesh()?),
    ])
}

/// `%struct.Payload = type { i32 }` in `sb`'s module.
fn payload_type(sb: &mut ShaderBuilder) -> Result<dxil::ir::Type, dxil::builder::Error> {
    let mb = sb.module();
    let i32t = mb.int(32);
    let t = mb.struct_named("struct.Payload");
    mb.set_struct_body(t, &[i32t], false)?;
    Ok(t)
}

fn payload_overload(addrspace: u32) -> [Ty; 1] {
    [Ty::Pointer(
        Box::new(Ty::Struct("struct.Payload".into())),
        addrspace,
    )]
}

fn amplification() -> Result<Vec<u8>, dxil::builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Amplification, 6, 5)?;
    sb.as_state(AsState {
        num_threads: vec![1, 1, 1],
        payload_size_in_bytes: PAYLOAD_SIZE,
    });
    let payload_ty = payload_type(&mut sb)?;
    let payload = sb.group_shared("payload", payload_ty)?;
    let mb = sb.module();
    let i32t = mb.int(32);
    let (zero, one) = (mb.const_int(i32t, 0)?, mb.const_int(i32t, 1)?);

    let mut e = sb.entry("main")?;
    let group = e.group_id(&[Ty::Scalar(Scalar::I32)], 0)?;
    let fb = e.ir();
    let base = fb.shl(group, one)?;
    let field = fb.gep(true, payload_ty, payload, &[zero, zero])?;
    fb.store(base, field, 4, false, None)?;
    e.dispatch_mesh(&payload_overload(3), 2, 1, 1, payload)?;
    e.ret()?;
    e.finish()?;
    sb.finish()
}

fn mesh() -> Result<Vec<u8>, dxil::builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Mesh, 6, 5)?;
    let position = sb.output(
        ElementDesc::float4("SV_Position").interpolation(InterpolationMode::LinearNoperspective),
    );
    sb.ms_state(MsState {
        num_threads: vec![3, 1, 1],
        max_vertex_count: 3,
        max_primitive_count: 1,
        output_topology: MeshOutputTopology::Triangle.raw(),
        payload_size_in_bytes: PAYLOAD_SIZE,
    });
    let payload_ty = payload_type(&mut sb)?;
    let mb = sb.module();
    let i32t = mb.int(32);
    let f32t = mb.float();
    let zero = mb.const_int(i32t, 0)?;
    let f32o = [Ty::Scalar(Scalar::Float)];

    let mut e = sb.entry("main")?;
    let tid = e.thread_id_in_group(&[Ty::Scalar(Scalar::I32)], 0)?;
    let payload = e.get_mesh_payload(&payload_overload(0))?;
    e.set_mesh_output_counts(&[], 3, 1)?;
    let fb = e.ir();
    let x = fb.cast(CastOp::UiToFp, tid, f32t)?;
    let field = fb.gep(true, payload_ty, payload, &[zero, zero])?;
    let base = fb.load(field, 4, false, None)?;
    let y = fb.cast(CastOp::UiToFp, base, f32t)?;
    for (c, v) in [x.into(), y.into(), 0.0f32.into(), 1.0f32.into()]
        .into_iter()
        .enumerate()
    {
        let v: dxil::builder::Arg = v;
        e.store_vertex_output(&f32o, position, 0, c as u8, v, tid)?;
    }
    // Thread 0 writes the triangle.
    let fb = e.ir();
    let first = fb.icmp(IntPredicate::Eq, tid, zero)?;
    let write = fb.add_block(None)?;
    let done = fb.add_block(None)?;
    fb.cond_br(first, write, done)?;
    fb.position_at_end(write)?;
    e.emit_indices(&[], 0, 0, 1, 2)?;
    let fb = e.ir();
    fb.br(done)?;
    fb.position_at_end(done)?;
    e.ret()?;
    e.finish()?;
    sb.finish()
}

#[allow(dead_code)]
fn main() {
    dxil_example_main(shaders);
}

include!("common/cli.rs");
