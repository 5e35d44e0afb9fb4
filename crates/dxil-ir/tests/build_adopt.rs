//! `ModuleBuilder::from_module`: interning finds the adopted entries, finishing an untouched
//! adoption gives the module back, and bodies with function-local metadata keep pointing at
//! their own metadata when module metadata is added.

use dxil_ir::build::{CallOptions, FunctionOptions, ModuleBuilder};
use dxil_ir::{ConstKind, InstKind, MetadataData, Module, ValueRef};

/// `void @use(metadata)`, `void @f(i32)` calling it with its argument as metadata, a string
/// and a node in `!named`, and an attribute on `@use`.
fn module() -> Module {
    let mut mb = ModuleBuilder::new();
    let void = mb.void();
    let i32t = mb.int(32);
    let mdt = mb.metadata_type();
    let use_ty = mb.function_type(void, &[mdt], false).unwrap();
    let mut opts = FunctionOptions::default();
    opts.attributes.function.push(dxil_ir::Attribute::Enum(18));
    let callee = mb.declare_function(Some("use"), use_ty, &opts).unwrap();
    let f_ty = mb.function_type(void, &[i32t], false).unwrap();
    let f = mb
        .declare_function(Some("f"), f_ty, &FunctionOptions::default())
        .unwrap();
    let seven = mb.const_int(i32t, 7).unwrap();
    let s = mb.md_string(b"s");
    let seven_md = mb.md_value(seven).unwrap();
    let node = mb.md_node(&[Some(s), Some(seven_md)]).unwrap();
    mb.named_metadata("named", &[node]).unwrap();
    let mut fb = mb.define_function(f.function().unwrap()).unwrap();
    let b = fb.add_block(None).unwrap();
    fb.position_at_end(b).unwrap();
    let a = fb.arg(0).unwrap();
    let a_md = fb.metadata_arg(a).unwrap();
    fb.call(callee, &[a_md], &CallOptions::default()).unwrap();
    fb.ret(None).unwrap();
    fb.finish().unwrap();
    mb.finish().unwrap()
}

#[test]
fn untouched_adoption_gives_the_module_back() {
    let m = module();
    let again = ModuleBuilder::from_module(m.clone())
        .unwrap()
        .finish()
        .unwrap();
    assert_eq!(again, m);
}

#[test]
fn interning_finds_adopted_entries() {
    let m = module();
    let (types, consts, mds) = (m.types.len(), m.constants.len(), m.module_metadata_count);
    let mut mb = ModuleBuilder::from_module(m).unwrap();
    let i32t = mb.int(32);
    let seven = mb.const_int(i32t, 7).unwrap();
    assert!(mb.find_constant(i32t, &ConstKind::Int(7)).is_some());
    let s = mb.md_string(b"s");
    let seven_md = mb.md_value(seven).unwrap();
    let node = mb.md_node(&[Some(s), Some(seven_md)]).unwrap();
    let m = mb.module();
    assert_eq!(m.list(m.named_metadata[0].operands), [node]);
    assert!(mb.lookup("f").is_some());
    let out = mb.finish().unwrap();
    assert_eq!(
        (
            out.types.len(),
            out.constants.len(),
            out.module_metadata_count
        ),
        (types, consts, mds)
    );
}

#[test]
fn local_metadata_moves_after_new_module_metadata() {
    let m = module();
    let count = m.module_metadata_count;
    let mut mb = ModuleBuilder::from_module(m).unwrap();
    let t = mb.md_string(b"t");
    let i32t = mb.int(32);
    let nine = mb.const_int(i32t, 9).unwrap();
    mb.set_named_metadata("named", &[t]).unwrap();
    let out = mb.finish().unwrap();
    assert_eq!(out.module_metadata_count, count + 1);
    assert_eq!(out.list(out.named_metadata[0].operands), [t]);
    // The constant made after adoption is listed as a module constant.
    let ValueRef::Const(nine) = nine.value_ref() else {
        panic!("a constant")
    };
    assert_eq!(out.module_constants.last(), Some(&nine));
    let f = out.functions.iter().find_map(|f| f.body.as_ref()).unwrap();
    let local = f.local_metadata[0];
    assert_eq!(local.as_u32(), count + 1);
    assert!(matches!(
        out.metadata[local],
        MetadataData::Value {
            value: ValueRef::Arg(_),
            ..
        }
    ));
    let call_arg = f.insts.iter().find_map(|i| match &i.kind {
        InstKind::Call { args, .. } => f.values(*args).first().copied(),
        _ => None,
    });
    assert_eq!(call_arg, Some(ValueRef::Metadata(local)));
    // Attribute tables are kept as they were (nothing with attributes was added).
    assert_eq!(out.attribute_lists.len(), 1);
    dxil_bitcode::write_module(&out).unwrap();
}

#[test]
fn adopted_kinds_keep_their_ids() {
    let mut m = module();
    m.metadata_kinds = vec![dxil_ir::MetadataKind {
        id: 3,
        name: "x".into(),
    }];
    let mut mb = ModuleBuilder::from_module(m).unwrap();
    assert_eq!(mb.metadata_kind("x"), 3);
    assert_eq!(mb.metadata_kind("y"), 4);
    let out = mb.finish().unwrap();
    let ids: Vec<u32> = out.metadata_kinds.iter().map(|k| k.id).collect();
    assert_eq!(ids, vec![3, 4]);
}
