//! Function-local metadata wrappers (`LocalAsMetadata`): one per value, also when a forward
//! reference was wrapped before its value existed.

use dxil_ir::build::{CallOptions, FunctionOptions, ModuleBuilder};
use dxil_ir::{InstKind, ValueRef};

#[test]
fn a_wrapped_forward_reference_and_its_value_are_one_node() {
    let mut mb = ModuleBuilder::new();
    let void = mb.void();
    let i32t = mb.int(32);
    let mdt = mb.metadata_type();
    let dbg_ty = mb.function_type(void, &[mdt], false).unwrap();
    let dbg = mb
        .declare_function(Some("llvm.dbg.value"), dbg_ty, &FunctionOptions::default())
        .unwrap();
    let fn_ty = mb.function_type(void, &[i32t], false).unwrap();
    let f = mb
        .declare_function(Some("f"), fn_ty, &FunctionOptions::default())
        .unwrap()
        .function()
        .unwrap();
    let mut fb = mb.define_function(f).unwrap();
    let b = fb.add_block(Some("entry")).unwrap();
    fb.position_at_end(b).unwrap();
    let a = fb.arg(0).unwrap();
    // Wrapped first through a placeholder, then as itself, then the argument.
    let fwd = fb.forward(i32t).unwrap();
    let early = fb.metadata_arg(fwd).unwrap();
    fb.call(dbg, &[early], &CallOptions::default()).unwrap();
    let arg_md = fb.metadata_arg(a).unwrap();
    fb.call(dbg, &[arg_md], &CallOptions::default()).unwrap();
    let sum = fb.add(a, a).unwrap();
    let late = fb.metadata_arg(sum).unwrap();
    fb.call(dbg, &[late], &CallOptions::default()).unwrap();
    fb.resolve(fwd, sum).unwrap();
    fb.ret(None).unwrap();
    fb.finish().unwrap();
    let m = mb.finish().unwrap();
    let body = m.functions[f].body.as_ref().unwrap();
    // The sum keeps the first place (where the placeholder was wrapped).
    assert_eq!(body.local_metadata.len(), 2);
    let md_args: Vec<ValueRef> = body
        .insts
        .iter()
        .filter_map(|i| match &i.kind {
            InstKind::Call { args, .. } => body.values(*args).first().copied(),
            _ => None,
        })
        .collect();
    assert_eq!(
        md_args,
        [
            ValueRef::Metadata(body.local_metadata[0]),
            ValueRef::Metadata(body.local_metadata[1]),
            ValueRef::Metadata(body.local_metadata[0]),
        ]
    );
    assert_eq!(dxil_ir::build::copy_module(&m).unwrap(), m);
}
