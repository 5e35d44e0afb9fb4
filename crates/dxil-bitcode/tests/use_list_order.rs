//! The use-list-order option asked for through the IR builder: the writer keeps constants in
//! first-use order instead of grouping them (integers first), and a copy carries the setting.

use dxil_bitcode::{write_module, write_module_with, WriteOptions};
use dxil_ir::build::{copy_module, FunctionOptions, ModuleBuilder};
use dxil_ir::{ConstKind, Module};

/// `void f(float %x, i32 %y)` using `float 1.0` before `i32 5`.
fn module(preserve: bool) -> Module {
    let mut mb = ModuleBuilder::new();
    mb.preserve_use_list_order(preserve);
    let void = mb.void();
    let f32t = mb.float();
    let i32t = mb.int(32);
    let fn_ty = mb.function_type(void, &[f32t, i32t], false).unwrap();
    let f = mb
        .declare_function(Some("f"), fn_ty, &FunctionOptions::default())
        .unwrap()
        .function()
        .unwrap();
    let one = mb
        .constant(f32t, ConstKind::Float(1.0f32.to_bits().into()))
        .unwrap();
    let five = mb.const_int(i32t, 5).unwrap();
    let mut fb = mb.define_function(f).unwrap();
    let b = fb.add_block(None).unwrap();
    fb.position_at_end(b).unwrap();
    let (x, y) = (fb.arg(0).unwrap(), fb.arg(1).unwrap());
    fb.fadd(x, one).unwrap();
    fb.add(y, five).unwrap();
    fb.ret(None).unwrap();
    fb.finish().unwrap();
    mb.finish().unwrap()
}

#[test]
fn the_builder_setting_selects_the_writer_option() {
    let (plain, kept) = (module(false), module(true));
    assert!(!WriteOptions::infer(&plain).preserve_use_list_order);
    assert!(WriteOptions::infer(&kept).preserve_use_list_order);
    let preserve = WriteOptions {
        preserve_use_list_order: true,
    };
    let (a, b) = (write_module(&plain).unwrap(), write_module(&kept).unwrap());
    // Same size, other constant order.
    assert_eq!(a.len(), b.len());
    assert_ne!(a, b);
    assert_eq!(
        a,
        write_module_with(&plain, WriteOptions::default()).unwrap()
    );
    assert_eq!(b, write_module_with(&plain, preserve).unwrap());
    // Read back, the module keeps that order and the writer finds the option again.
    let back = dxil_bitcode::read_module(&b).unwrap();
    assert!(WriteOptions::infer(&back).preserve_use_list_order);
    assert_eq!(write_module(&back).unwrap(), b);
}

#[test]
fn a_copy_carries_the_setting() {
    let kept = module(true);
    let copy = copy_module(&kept).unwrap();
    assert!(copy.preserve_use_list_order);
    assert_eq!(write_module(&copy).unwrap(), write_module(&kept).unwrap());
    // A module read from bitcode shows the option only by its constant order: recorded,
    // its copy writes the same bytes.
    let bytes = write_module(&kept).unwrap();
    let mut back = dxil_bitcode::read_module(&bytes).unwrap().into_inner();
    assert!(!back.preserve_use_list_order);
    assert_ne!(write_module(&copy_module(&back).unwrap()).unwrap(), bytes);
    assert!(WriteOptions::record_inferred(&mut back).preserve_use_list_order);
    assert_eq!(write_module(&copy_module(&back).unwrap()).unwrap(), bytes);
}
