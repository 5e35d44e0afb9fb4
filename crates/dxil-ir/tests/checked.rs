//! A checked module's lookups: values instead of `Option`s, and a value's type as one of
//! the cases `ValueType` names.

use dxil_ir::build::{CallOptions, FunctionOptions, ModuleBuilder};
use dxil_ir::{CheckedModule, InstKind, Module, TypeData, ValueRef, ValueType};

/// `i32 @add(i32 %a, i32 %b)` with `%sum = add`, a call to `void @sink(i32)` and `ret`.
fn module() -> CheckedModule {
    let mut mb = ModuleBuilder::new();
    let i32t = mb.int(32);
    let void = mb.void();
    let sink_ty = mb.function_type(void, &[i32t], false).unwrap();
    let sink = mb
        .declare_function(Some("sink"), sink_ty, &FunctionOptions::default())
        .unwrap();
    let fn_ty = mb.function_type(i32t, &[i32t, i32t], false).unwrap();
    let f = mb
        .declare_function(Some("add"), fn_ty, &FunctionOptions::default())
        .unwrap();
    let mut fb = mb.define_function(f.function().unwrap()).unwrap();
    let entry = fb.add_block(None).unwrap();
    fb.position_at_end(entry).unwrap();
    let (a, b) = (fb.arg(0).unwrap(), fb.arg(1).unwrap());
    let sum = fb.add(a, b).unwrap();
    fb.call(sink, &[sum], &CallOptions::default()).unwrap();
    fb.ret(Some(sum)).unwrap();
    fb.finish().unwrap();
    mb.finish_checked().unwrap()
}

#[test]
fn lookups_return_values() {
    let m = module();
    let (add, body) = m
        .bodies()
        .map(|b| (b.function(), b))
        .next()
        .expect("one body");
    assert_eq!(m.name_of(m.function(add).common.name), Some("add"));
    assert!(matches!(
        m.ty(m.function(add).fn_ty),
        TypeData::Function { .. }
    ));
    let entry = body.blocks.ids().next().unwrap();
    let insts = &body.block(entry).insts;
    assert_eq!(insts.len(), 3);
    let arg = body.args.ids().next().unwrap();
    let i32t = body.arg(arg).ty;
    assert_eq!(m.ty(i32t), &TypeData::Int(32));
    // The add has a type, the call to a `void` function none, and arguments theirs.
    assert_eq!(
        body.value_type(ValueRef::Inst(insts[0])),
        ValueType::Typed(i32t)
    );
    assert!(matches!(body.inst(insts[1]).kind, InstKind::Call { .. }));
    assert_eq!(body.value_type(ValueRef::Inst(insts[1])), ValueType::Void);
    assert_eq!(body.value_type(ValueRef::Arg(arg)).ty(), Some(i32t));
    let sink = m.functions.ids().next().unwrap();
    assert_eq!(
        m.value_type(None, ValueRef::Function(sink)),
        ValueType::Typed(m.function(sink).common.ty)
    );
    // The unchecked module answers the same lookups with `Option`s.
    let raw: &Module = &m;
    assert_eq!(raw.ty(i32t), Some(&TypeData::Int(32)));
}

#[test]
fn metadata_without_a_metadata_type_is_its_own_case() {
    let mut m = Module::default();
    let i32t = m.types.push(TypeData::Int(32));
    let x = m.pools.push(&b"x"[..]);
    let md = m.metadata.push(dxil_ir::MetadataData::String(x));
    m.module_metadata_count = 1;
    let m = CheckedModule::new(m).unwrap();
    assert_eq!(
        m.value_type(None, ValueRef::Metadata(md)),
        ValueType::NoMetadataType
    );
    assert_eq!(m.md(md), &dxil_ir::MetadataData::String(x));
    assert_eq!(m.bytes(x), b"x");
    assert_eq!(m.ty(i32t), &TypeData::Int(32));
    // With the type in the table, metadata values have it.
    let mut raw = m.into_inner();
    let mdt = raw.types.push(TypeData::Metadata);
    let m = CheckedModule::new(raw).unwrap();
    assert_eq!(
        m.value_type(None, ValueRef::Metadata(md)),
        ValueType::Typed(mdt)
    );
}

#[test]
#[should_panic(expected = "only in its body")]
fn a_local_value_without_its_body_is_a_caller_bug() {
    let m = module();
    let body = m.bodies().next().unwrap();
    let arg = body.args.ids().next().unwrap();
    m.value_type(None, ValueRef::Arg(arg));
}

#[test]
fn names_read_without_fallback_and_foreign_handles_are_refused() {
    let m = module();
    let add = m
        .functions
        .ids()
        .find(|&f| m.function(f).body.is_some())
        .unwrap();
    let name = m.function(add).common.name.unwrap();
    assert_eq!(m.name_str(name), "add");
    // A handle of a pool with more names names nothing here: the check says so, and the
    // unchecked lookup answers with the empty name.
    let mut other = Module::default();
    let far = (0..=m.names.len())
        .map(|_| other.intern("x"))
        .last()
        .unwrap();
    let mut raw = m.into_inner();
    assert_eq!(raw.name_str(far), "");
    assert_eq!(raw.name_of(Some(far)), Some(""));
    raw.functions[add].common.name = Some(far);
    let e = CheckedModule::new(raw).unwrap_err();
    assert_eq!(e.space, dxil_ir::IdSpace::Name);
    assert!(e.to_string().starts_with("name id "), "{e}");
}
