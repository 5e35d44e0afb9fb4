//! Misuse of the builder is an error at the call (or at `finish`), one test per class.

use dxil_ir::build::{
    BuildErrorKind, CallOptions, FunctionBuilder, FunctionOptions, GlobalOptions, ModuleBuilder,
};
use dxil_ir::Type;

/// `i32 f(i32, float)` declared in `mb`.
fn declare(mb: &mut ModuleBuilder, name: &str) -> (dxil_ir::Function, Type, Type) {
    let i32t = mb.int(32);
    let f32t = mb.float();
    let fn_ty = mb.function_type(i32t, &[i32t, f32t], false).unwrap();
    let f = mb
        .declare_function(Some(name), fn_ty, &FunctionOptions::default())
        .unwrap();
    (f.function().unwrap(), i32t, f32t)
}

fn entry(fb: &mut FunctionBuilder<'_>) {
    let b = fb.add_block(Some("entry")).unwrap();
    fb.position_at_end(b).unwrap();
}

#[test]
fn wrong_operand_type() {
    let mut mb = ModuleBuilder::new();
    let (f, _, _) = declare(&mut mb, "f");
    let mut fb = mb.define_function(f).unwrap();
    entry(&mut fb);
    let (a, x) = (fb.arg(0).unwrap(), fb.arg(1).unwrap());
    let e = fb.add(a, x).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Type);
    assert_eq!(e.message(), "add: operand 2 has type float, expected i32");
    let e = fb.store(a, a, 4, false, None).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Type);
}

#[test]
fn value_from_another_function() {
    let mut mb = ModuleBuilder::new();
    let (f, _, _) = declare(&mut mb, "f");
    let (g, _, _) = declare(&mut mb, "g");
    let a_of_f = {
        let fb = mb.define_function(f).unwrap();
        fb.arg(0).unwrap()
    };
    let mut fb = mb.define_function(g).unwrap();
    entry(&mut fb);
    let a = fb.arg(0).unwrap();
    let e = fb.add(a, a_of_f).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Foreign);
    assert!(e
        .message()
        .starts_with("add: operand 2 belongs to function0"));
}

#[test]
fn unterminated_block() {
    let mut mb = ModuleBuilder::new();
    let (f, _, _) = declare(&mut mb, "f");
    let mut fb = mb.define_function(f).unwrap();
    entry(&mut fb);
    let a = fb.arg(0).unwrap();
    fb.add(a, a).unwrap();
    let e = fb.finish().unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Terminator);
    assert!(e.message().contains("has no terminator"), "{e}");
}

#[test]
fn call_with_wrong_arity() {
    let mut mb = ModuleBuilder::new();
    let (f, _, _) = declare(&mut mb, "f");
    let callee = mb.lookup("f").unwrap();
    let mut fb = mb.define_function(f).unwrap();
    entry(&mut fb);
    let a = fb.arg(0).unwrap();
    let e = fb.call(callee, &[a], &CallOptions::default()).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Arity);
    assert_eq!(e.message(), "call: 1 arguments, the callee takes 2");
    let e = fb
        .call(callee, &[a, a], &CallOptions::default())
        .unwrap_err();
    assert_eq!(e.message(), "call: operand 3 has type i32, expected float");
}

#[test]
fn non_i1_branch_condition() {
    let mut mb = ModuleBuilder::new();
    let (f, _, _) = declare(&mut mb, "f");
    let mut fb = mb.define_function(f).unwrap();
    entry(&mut fb);
    let other = fb.add_block(None).unwrap();
    let a = fb.arg(0).unwrap();
    let e = fb.cond_br(a, other, other).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Type);
    assert_eq!(e.message(), "br: operand 1 has type i32, expected i1");
}

#[test]
fn duplicate_names() {
    let mut mb = ModuleBuilder::new();
    let (f, i32t, _) = declare(&mut mb, "f");
    let e = mb
        .add_global(Some("f"), i32t, &GlobalOptions::default())
        .unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Duplicate);
    // Same name and type: the declaration already there; another type: an error.
    let fn_ty = mb.module().functions[f].fn_ty;
    let again = mb
        .declare_function(Some("f"), fn_ty, &FunctionOptions::default())
        .unwrap();
    assert_eq!(again.function(), Some(f));
    let void = mb.void();
    let other_ty = mb.function_type(void, &[], false).unwrap();
    let e = mb
        .declare_function(Some("f"), other_ty, &FunctionOptions::default())
        .unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Duplicate);
    // Locals share one table: an argument name cannot name a block.
    let mut fb = mb.define_function(f).unwrap();
    fb.set_arg_name(0, "x").unwrap();
    let e = fb.add_block(Some("x")).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Duplicate);
    // Struct bodies: the same body again is fine, another is a redefinition.
    let s = fb.module().struct_named("S");
    fb.module().set_struct_body(s, &[i32t], false).unwrap();
    fb.module().set_struct_body(s, &[i32t], false).unwrap();
    let e = fb
        .module()
        .set_struct_body(s, &[i32t, i32t], false)
        .unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Redefinition);
}

#[test]
fn a_small_function_round_trips_through_copy() {
    let mut mb = ModuleBuilder::new();
    let (f, i32t, _) = declare(&mut mb, "f");
    let mut fb = mb.define_function(f).unwrap();
    let entry_b = fb.add_block(Some("entry")).unwrap();
    let exit = fb.add_block(Some("exit")).unwrap();
    fb.position_at_end(exit).unwrap();
    // A use before the definition: the phi's value comes from `entry`, built later.
    let fwd = fb.forward(i32t).unwrap();
    let phi = fb.phi(i32t, &[(fwd, entry_b)]).unwrap();
    fb.ret(Some(phi)).unwrap();
    fb.position_at_end(entry_b).unwrap();
    let a = fb.arg(0).unwrap();
    let sum = fb.add(a, a).unwrap();
    fb.set_name(sum, "sum").unwrap();
    fb.resolve(fwd, sum).unwrap();
    fb.br(exit).unwrap();
    fb.finish().unwrap();
    let m = mb.finish().unwrap();
    // Instructions were renumbered into program order.
    let body = m.functions[f].body.as_ref().unwrap();
    assert_eq!(m.name_of(body.insts[0].name()), Some("sum"));
    assert_eq!(dxil_ir::build::copy_module(&m).unwrap(), m);
}

/// A read module's attribute group may name any parameter index; copying it must not size
/// an allocation by that index.
#[test]
fn attribute_index_from_input_is_bounded() {
    use dxil_ir::build::{attributes_of, BuildErrorKind, MAX_ATTRIBUTE_PARAMS};
    use dxil_ir::{Attribute, AttributeGroup, AttributeList, Module};
    let mut m = Module::default();
    m.attribute_groups.push(AttributeGroup {
        id: 1,
        index: u32::MAX - 1,
        attrs: vec![Attribute::Enum(18)],
    });
    m.attribute_lists.push(AttributeList {
        groups: Box::new([1]),
    });
    let err = attributes_of(&m, 1).unwrap_err();
    assert_eq!(err.kind(), BuildErrorKind::Unsupported);
    assert!(err.message().contains("parameter"), "{}", err.message());
    m.attribute_groups[0].index = MAX_ATTRIBUTE_PARAMS;
    let ok = attributes_of(&m, 1).unwrap();
    assert_eq!(ok.params.len(), MAX_ATTRIBUTE_PARAMS as usize);
}

/// Values carry no builder identity, so a value of another builder may hold any id: each
/// call range-checks what it is handed (which is what lets `finish` skip the whole-module id
/// check in release builds).
#[test]
fn value_from_another_builder() {
    let mut other = ModuleBuilder::new();
    let (_, _, _) = declare(&mut other, "h");
    let mut big = Vec::new();
    for i in 0..8 {
        let t = other.int(40 + i);
        big.push(other.const_int(t, 1).unwrap());
    }
    let far_const = *big.last().unwrap();
    let mut far_global = None;
    for name in ["g0", "g1", "g2"] {
        let g = other.add_global(Some(name), big[0].ty().unwrap(), &GlobalOptions::default());
        far_global = Some(g.unwrap());
    }
    let far_global = far_global.unwrap();

    let mut mb = ModuleBuilder::new();
    let (f, i32t, _) = declare(&mut mb, "f");
    let e = mb.md_value(far_const).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling, "{e}");
    let g = mb
        .add_global(Some("x"), i32t, &GlobalOptions::default())
        .unwrap();
    let dxil_ir::ValueRef::Global(g) = g.value_ref() else {
        panic!("a global")
    };
    let e = mb.set_initializer(g, far_const).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling, "{e}");
    let e = mb
        .constant(
            i32t,
            dxil_ir::ConstKind::Cast {
                op: dxil_ir::CastOp::PtrToInt,
                value: far_global.value_ref(),
            },
        )
        .unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling, "{e}");
    let mut fb = mb.define_function(f).unwrap();
    entry(&mut fb);
    let a = fb.arg(0).unwrap();
    let e = fb.add(a, far_const).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling, "{e}");
    assert!(e.message().starts_with("add: operand 2"), "{e}");
    let e = fb.load(far_global, 4, false, None).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling, "{e}");
    // An instruction of the same-numbered function of another builder.
    let far_inst = {
        let mut ob = ModuleBuilder::new();
        let (h, _, _) = declare(&mut ob, "h");
        let mut fb = ob.define_function(h).unwrap();
        entry(&mut fb);
        let x = fb.arg(0).unwrap();
        let mut v = fb.add(x, x).unwrap();
        for _ in 0..4 {
            v = fb.add(v, v).unwrap();
        }
        v
    };
    let e = fb.add(a, far_inst).unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Dangling, "{e}");
    let e = fb.set_name(far_inst, "n").unwrap_err();
    assert_eq!(e.kind(), BuildErrorKind::Foreign, "{e}");
    let s = fb.add(a, a).unwrap();
    fb.ret(Some(s)).unwrap();
    fb.finish().unwrap();
    let m = mb.finish().unwrap();
    assert_eq!(m.check_ids(), Ok(()));
}
