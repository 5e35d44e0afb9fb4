//! Shared by the core tests: HLSL compiled by the reference compiler at test time (skipped
//! with a note when `../shared` is absent), buffers bound by register, results read back.
#![allow(dead_code)]

use dxil_exec::{Binding, Bindings, Dispatch, Program, Resource, ResourceClass, ResourceKind};

/// `source` compiled for `cs_<sm>` by `dxc`, as a module; `None` when the tools are absent.
pub fn compile(source: &str, sm: &str, extra: &[&str]) -> Option<dxil_ir::CheckedModule> {
    let bytes = dxil_test_support::compile_hlsl(source, &format!("cs_{sm}"), extra)?;
    Some(dxil::read_module(&bytes).unwrap())
}

/// A UAV of `view` at register `u<reg>` over `data`.
pub fn uav(reg: u32, view: ResourceKind, stride: u32, data: Vec<u8>) -> Binding {
    let mut resource = Resource::buffer(view, data);
    resource.stride = stride;
    Binding {
        class: ResourceClass::UAV,
        space: 0,
        register: reg,
        heap_index: None,
        resource,
    }
}

/// Little-endian bytes of `v`.
pub fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// The u32 words of `b`.
pub fn words(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Compiles and runs `source` over `groups` with `bindings`; returns the bindings after.
pub fn run(
    source: &str,
    groups: [u32; 3],
    wave_size: Option<u32>,
    bindings: Vec<Binding>,
) -> Option<Bindings> {
    let m = compile(source, "6_6", &[])?;
    let p = Program::compile(&m, None).unwrap();
    let mut b = Bindings { bindings };
    let d = Dispatch {
        groups,
        wave_size,
        ..Dispatch::default()
    };
    p.dispatch(&mut b, &d, &mut std::io::sink()).unwrap();
    Some(b)
}
