//! Filling a module in place: the interning entries for operands whose global values get
//! their types later, and the section and collector name tables.

use dxil_ir::build::{BuildErrorKind, GlobalOptions, ModuleBuilder};
use dxil_ir::{ConstKind, Function, Global, StructType, TypeData, ValueRef};

/// A builder with global `@g` of value type i32 and the literal struct `{ i8* }`.
fn setup() -> (ModuleBuilder, ValueRef, dxil_ir::Type) {
    let mut mb = ModuleBuilder::new();
    let i32t = mb.int(32);
    let i8t = mb.int(8);
    let i8p = mb.pointer(i8t, 0).unwrap();
    let g = mb
        .add_global(Some("g"), i32t, &GlobalOptions::default())
        .unwrap();
    let st = mb
        .ty(TypeData::Struct(StructType {
            name: None,
            identified: false,
            packed: false,
            opaque: false,
            elems: Box::new([i8p]),
        }))
        .unwrap();
    (mb, g.value_ref(), st)
}

#[test]
fn a_constant_naming_a_global_not_yet_typed_is_interned_once() {
    let (mut mb, g, st) = setup();
    let kind = ConstKind::Aggregate(mb.push_list(&[g]));
    // The checked entry compares the operand with the type it has now (i32*, not i8*).
    let checked = mb.constant(st, kind.clone()).unwrap_err();
    assert_eq!(checked.kind(), BuildErrorKind::Type);
    let a = mb.constant_filled_later(st, kind.clone()).unwrap();
    let b = mb.constant_filled_later(st, kind).unwrap();
    assert_eq!(a, b);
}

#[test]
fn a_constant_or_wrapper_naming_nothing_is_an_error() {
    let (mut mb, _, st) = setup();
    // Ids as a reader would give them for an input that declared more entries than it has.
    let dangling = ValueRef::Global(Global::checked(7, 8).unwrap());
    let ops = mb.push_list(&[dangling]);
    let e = mb
        .constant_filled_later(st, ConstKind::Aggregate(ops))
        .unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling);
    let i32t = mb.int(32);
    let e = mb.md_value_filled_later(i32t, dangling).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling);
    let e = mb
        .md_value_filled_later(i32t, ValueRef::Arg(dxil_ir::Arg::checked(0, 1).unwrap()))
        .unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling);
    let e = mb
        .local_metadata_filled(Function::checked(3, 4).unwrap(), vec![(i32t, dangling)])
        .unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling);
}

#[test]
fn a_wrapper_of_a_global_is_one_node() {
    let (mut mb, g, _) = setup();
    let i32t = mb.int(32);
    let a = mb.md_value_filled_later(i32t, g).unwrap();
    assert_eq!(mb.md_value_filled_later(i32t, g).unwrap(), a);
}

#[test]
fn section_and_collector_names_are_listed_once() {
    let mut mb = ModuleBuilder::new();
    assert_eq!(mb.section_index("a"), 1);
    assert_eq!(mb.section_index("b"), 2);
    assert_eq!(mb.section_index("a"), 1);
    assert_eq!(mb.gc_index("shadow-stack"), 1);
    assert_eq!(mb.gc_index("shadow-stack"), 1);
    let m = mb.finish().unwrap();
    let text = |l: &[dxil_ir::Name]| l.iter().map(|&n| m.name_str(n)).collect::<Vec<_>>();
    assert_eq!(text(&m.section_names), ["a", "b"]);
    assert_eq!(text(&m.gc_names), ["shadow-stack"]);
}
