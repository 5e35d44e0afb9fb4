//! A compute shader with a structured buffer in, a UAV out, a constant buffer, group-shared
//! memory and a root signature, built for shader model 6.0 (`createHandle`) and 6.6
//! (`createHandleFromBinding` + `annotateHandle`): each group stages 64 floats in
//! group-shared memory, synchronises, and writes them back reversed and multiplied by the
//! constant buffer's `scale`.
//!
//! `cargo run -p dxil --example compute -- OUT_DIR` writes `compute_6_0.dxil` and
//! `compute_6_6.dxil`.

use dxil::builder::{CBufferLayout, ResourceDesc, ShaderBuilder};
use dxil::container::ShaderKind;
use dxil::ir::{BinOp, TypeData};
use dxil::ops::{Scalar, Ty};
use dxil::parts::names::ComponentType;

/// The shaders this example writes: (file name, container).
pub fn shaders() -> ExampleShaders {
    let mut out = Vec::new();
    for minor in [0, 6] {
        out.push((format!("compute_6_{minor}.dxil"), compute(minor)?));
    }
    Ok(out)
}

fn compute(minor: u32) -> Result<Vec<u8>, dxil::builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, minor)?;
    let input = sb.resource(ResourceDesc::structured_buffer("In", 4).at(0, 0))?;
    let output = sb.resource(ResourceDesc::rw_structured_buffer("Out", 4).at(0, 0))?;
    let mut params = CBufferLayout::new();
    let scale_offset = params
        .member("scale", ComponentType::F32, 1, 1)
        .map_err(|m| dxil::builder::Error::new(dxil::builder::ErrorKind::Resource, m))?;
    let params = sb.struct_type(&params.struct_desc("hostlayout.Params"))?;
    let constants = sb.resource(ResourceDesc::cbuffer_of("Params", params).at(0, 0))?;
    sb.root_signature("RootFlags(0), CBV(b0), SRV(t0), UAV(u0)")?;
    sb.num_threads(64, 1, 1);
    let mb = sb.module();
    let f32t = mb.float();
    let i32t = mb.int(32);
    let cache_ty = mb.ty(TypeData::Array {
        len: 64,
        elem: f32t,
    })?;
    let zero = mb.const_int(i32t, 0)?;
    let last = mb.const_int(i32t, 63)?;
    let cache = sb.group_shared("cache", cache_ty)?;

    let i32o = [Ty::Scalar(Scalar::I32)];
    let f32o = [Ty::Scalar(Scalar::Float)];
    let mut e = sb.entry("main")?;
    let src = e.handle(input, 0, false)?;
    let dst = e.handle(output, 0, false)?;
    let params = e.handle(constants, 0, false)?;
    let scale = e.load_constant(params, scale_offset, Scalar::Float)?;
    let tid = e.thread_id(&i32o, 0)?;
    let gi = e.flattened_thread_id_in_group(&i32o)?;
    let loaded = if minor >= 2 {
        e.raw_buffer_load(&f32o, src, tid, 0, 1u8, 4)?
    } else {
        e.buffer_load(&f32o, src, tid, 0)?
    };
    let fb = e.ir();
    let x = fb.extract_value(loaded, &[0])?;
    let slot = fb.gep(true, cache_ty, cache, &[zero, gi])?;
    fb.store(x, slot, 4, false, None)?;
    // Group memory barrier with group sync (DXIL.rst "Barrier": SyncThreadGroup |
    // GroupSharedMemory).
    e.barrier(&[], 9)?;
    let fb = e.ir();
    let mirrored = fb.binary(BinOp::Sub, last, gi, 0)?;
    let slot = fb.gep(true, cache_ty, cache, &[zero, mirrored])?;
    let y = fb.load(slot, 4, false, None)?;
    let scaled = fb.fmul(y, scale)?;
    let undef = dxil::builder::Arg::Undef;
    if minor >= 2 {
        e.raw_buffer_store(&f32o, dst, tid, 0, scaled, undef, undef, undef, 1u8, 4)?;
    } else {
        e.buffer_store(&f32o, dst, tid, 0, scaled, undef, undef, undef, 1u8)?;
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
