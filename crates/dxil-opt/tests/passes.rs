//! Each pass on modules built for it: what it removes, what it must keep.

use dxil_ir::build::{CallOptions, FunctionBuilder, FunctionOptions, ModuleBuilder, Value};
use dxil_ir::{Attribute, CheckedModule, Function, InstKind, IntPredicate, Module, ValueRef};
use dxil_opt::{optimize_module, Stats};

type R<T> = Result<T, Box<dyn std::error::Error>>;

/// ATTR_KIND_READ_NONE, ATTR_KIND_READ_ONLY, ATTR_KIND_NO_UNWIND.
const READ_NONE: u32 = 20;
const READ_ONLY: u32 = 21;
const NO_UNWIND: u32 = 18;

/// A module with `i32 (i32)` declarations `pure` (readnone), `reads` (readonly) and
/// `writes` (no memory attribute), and `void (i32)` `sink` (writes).
struct Fixture {
    mb: ModuleBuilder,
    pure: Value,
    reads: Value,
    writes: Value,
    sink: Value,
}

fn fixture() -> R<Fixture> {
    let mut mb = ModuleBuilder::new();
    let i32t = mb.int(32);
    let void = mb.void();
    let fn_ty = mb.function_type(i32t, &[i32t], false)?;
    let sink_ty = mb.function_type(void, &[i32t], false)?;
    let decl = |mb: &mut ModuleBuilder, name: &str, ty, attrs: &[u32]| {
        let mut opts = FunctionOptions::default();
        opts.attributes.function = attrs.iter().map(|&a| Attribute::Enum(a)).collect();
        mb.declare_function(Some(name), ty, &opts)
    };
    let pure = decl(&mut mb, "pure", fn_ty, &[NO_UNWIND, READ_NONE])?;
    let reads = decl(&mut mb, "reads", fn_ty, &[NO_UNWIND, READ_ONLY])?;
    let writes = decl(&mut mb, "writes", fn_ty, &[NO_UNWIND])?;
    let sink = decl(&mut mb, "sink", sink_ty, &[NO_UNWIND])?;
    Ok(Fixture {
        mb,
        pure,
        reads,
        writes,
        sink,
    })
}

impl Fixture {
    /// Defines `void main(i32, i1)` with `build` and optimizes the module.
    fn run(
        mut self,
        build: impl FnOnce(&mut FunctionBuilder<'_>, &Fixture2) -> R<()>,
    ) -> R<(Module, Function, Stats)> {
        let i32t = self.mb.int(32);
        let i1 = self.mb.int(1);
        let void = self.mb.void();
        let ty = self.mb.function_type(void, &[i32t, i1], false)?;
        let main = self
            .mb
            .declare_function(Some("main"), ty, &Default::default())?;
        let f = main.function().ok_or("not a function")?;
        let fx = Fixture2 {
            pure: self.pure,
            reads: self.reads,
            writes: self.writes,
            sink: self.sink,
        };
        let mut fb = self.mb.define_function(f)?;
        build(&mut fb, &fx)?;
        fb.finish()?;
        let mut m = self.mb.finish()?;
        let stats = optimize_module(&mut m)?;
        // Still a module the writer takes, and that reads back.
        let checked = CheckedModule::new(m.clone()).map_err(|e| format!("{e}"))?;
        let bytes = dxil_bitcode::write_checked(&checked)?;
        dxil_bitcode::read_module(&bytes)?;
        Ok((m, f, stats))
    }
}

/// The declarations, for the closure that builds the body.
struct Fixture2 {
    pure: Value,
    reads: Value,
    writes: Value,
    sink: Value,
}

fn call(fb: &mut FunctionBuilder<'_>, f: Value, arg: Value) -> R<Value> {
    Ok(fb.call(f, &[arg], &CallOptions::default())?)
}

/// The body as one line per block: each instruction's mnemonic (calls by callee name).
fn shape(m: &Module, f: Function) -> Vec<String> {
    let body = m.functions[f].body.as_ref().unwrap();
    body.blocks
        .iter()
        .map(|b| {
            b.insts
                .iter()
                .map(|&i| match body.insts[i].kind {
                    InstKind::Call {
                        callee: ValueRef::Function(c),
                        ..
                    } => m
                        .name_of(m.functions[c].common.name)
                        .unwrap_or("?")
                        .to_string(),
                    InstKind::Binary { op, .. } => op.mnemonic().to_string(),
                    InstKind::Br { .. } => "br".into(),
                    InstKind::CondBr { .. } => "condbr".into(),
                    InstKind::Phi { incoming } => format!("phi{}", incoming.len()),
                    InstKind::Ret { .. } => "ret".into(),
                    InstKind::Select { .. } => "select".into(),
                    InstKind::Cmp { .. } => "cmp".into(),
                    InstKind::Load { .. } => "load".into(),
                    InstKind::Store { .. } => "store".into(),
                    InstKind::Alloca { .. } => "alloca".into(),
                    ref k => format!("{k:?}"),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

#[test]
fn dead_code_goes_side_effects_stay() -> R<()> {
    let (m, f, stats) = fixture()?.run(|fb, d| {
        let b = fb.add_block(None)?;
        fb.position_at_end(b)?;
        let x = fb.arg(0)?;
        let used = call(fb, d.pure, x)?;
        let _dead_pure = call(fb, d.pure, used)?;
        let r = call(fb, d.reads, x)?;
        let _dead_read = call(fb, d.reads, r)?;
        let _dead_write = call(fb, d.writes, x)?;
        let a = fb.add(x, x)?;
        let _dead_mul = fb.mul(a, a)?;
        call(fb, d.sink, used)?;
        call(fb, d.sink, r)?;
        fb.ret(None)?;
        Ok(())
    })?;
    assert_eq!(shape(&m, f), ["pure reads writes sink sink ret"]);
    assert_eq!(stats.removed, 4);
    Ok(())
}

#[test]
fn the_last_use_of_a_declaration_stays() -> R<()> {
    // The validator refuses an unused external function: its only call stays, dead.
    let (m, f, _) = fixture()?.run(|fb, d| {
        let b = fb.add_block(None)?;
        fb.position_at_end(b)?;
        let x = fb.arg(0)?;
        let _a = call(fb, d.pure, x)?;
        let _b = call(fb, d.pure, x)?;
        let _c = call(fb, d.reads, x)?;
        call(fb, d.sink, x)?;
        fb.ret(None)?;
        Ok(())
    })?;
    assert_eq!(shape(&m, f), ["pure reads sink ret"]);
    Ok(())
}

#[test]
fn cse_over_dominators_and_memory_generations() -> R<()> {
    let (m, f, _) = fixture()?.run(|fb, d| {
        let entry = fb.add_block(None)?;
        let then = fb.add_block(None)?;
        let other = fb.add_block(None)?;
        let join = fb.add_block(None)?;
        fb.position_at_end(entry)?;
        let x = fb.arg(0)?;
        let c = fb.arg(1)?;
        let p = call(fb, d.pure, x)?;
        let r = call(fb, d.reads, x)?;
        let r2 = call(fb, d.reads, x)?; // same generation: merged
        let s = fb.add(p, r)?;
        call(fb, d.sink, s)?;
        call(fb, d.sink, r2)?;
        fb.cond_br(c, then, other)?;
        fb.position_at_end(then)?;
        let p2 = call(fb, d.pure, x)?; // dominated by `p`: merged
        let r3 = call(fb, d.reads, x)?; // after a write (`sink`): kept
        let s2 = fb.add(r, p)?; // `add p, r` commuted: merged
        call(fb, d.sink, p2)?;
        call(fb, d.sink, r3)?;
        call(fb, d.sink, s2)?;
        fb.br(join)?;
        fb.position_at_end(other)?;
        let p3 = call(fb, d.pure, x)?; // merged
        call(fb, d.sink, p3)?;
        fb.br(join)?;
        fb.position_at_end(join)?;
        let p4 = call(fb, d.pure, x)?; // merged
        call(fb, d.sink, p4)?;
        fb.ret(None)?;
        Ok(())
    })?;
    assert_eq!(
        shape(&m, f),
        [
            "pure reads add sink sink condbr",
            "reads sink sink sink br",
            "sink br",
            "sink ret"
        ]
    );
    Ok(())
}

#[test]
fn trivial_phis_and_dead_phi_cycles_go() -> R<()> {
    let (m, f, _) = fixture()?.run(|fb, d| {
        let entry = fb.add_block(None)?;
        let head = fb.add_block(None)?;
        let exit = fb.add_block(None)?;
        fb.position_at_end(entry)?;
        let x = fb.arg(0)?;
        let c = fb.arg(1)?;
        let i32t = fb.module().int(32);
        let zero = fb.module().const_int(i32t, 0)?;
        let one = fb.module().const_int(i32t, 1)?;
        fb.br(head)?;
        fb.position_at_end(head)?;
        // Invariant: `v` is `x` around the loop.
        let v = fb.phi(i32t, &[(x, entry)])?;
        // A counter nothing outside the loop reads: a dead cycle.
        let k = fb.phi(i32t, &[(zero, entry)])?;
        let k2 = fb.add(k, one)?;
        fb.add_incoming(v, v, head)?;
        fb.add_incoming(k, k2, head)?;
        let y = call(fb, d.writes, v)?;
        let _ = y;
        fb.cond_br(c, head, exit)?;
        fb.position_at_end(exit)?;
        call(fb, d.sink, v)?;
        fb.ret(None)?;
        Ok(())
    })?;
    // The entry's `br` into the loop stays: the loop header has two predecessors.
    assert_eq!(shape(&m, f), ["br", "writes condbr", "sink ret"]);
    Ok(())
}

#[test]
fn cfg_constant_branches_unreachable_merges_and_forwarding() -> R<()> {
    let (m, f, stats) = fixture()?.run(|fb, d| {
        let entry = fb.add_block(None)?;
        let a = fb.add_block(None)?;
        let never = fb.add_block(None)?;
        let empty = fb.add_block(None)?;
        let b = fb.add_block(None)?;
        let join = fb.add_block(None)?;
        fb.position_at_end(entry)?;
        let x = fb.arg(0)?;
        let c = fb.arg(1)?;
        let i1 = fb.module().int(1);
        let yes = fb.module().const_int(i1, 1)?;
        fb.cond_br(yes, a, never)?;
        fb.position_at_end(never)?;
        call(fb, d.sink, x)?;
        fb.br(join)?;
        fb.position_at_end(a)?;
        let y = call(fb, d.writes, x)?;
        fb.cond_br(c, empty, b)?;
        fb.position_at_end(empty)?;
        fb.br(join)?;
        fb.position_at_end(b)?;
        let z = call(fb, d.writes, y)?;
        fb.br(join)?;
        fb.position_at_end(join)?;
        let i32t = fb.module().int(32);
        let v = fb.phi(i32t, &[(x, never), (y, empty), (z, b)])?;
        call(fb, d.sink, v)?;
        fb.ret(None)?;
        Ok(())
    })?;
    // `a` joined the entry; `never` went; `empty` was bypassed (the phi takes `y` from the
    // entry's block).
    assert_eq!(
        shape(&m, f),
        ["writes condbr", "writes br", "phi2 sink ret"]
    );
    assert_eq!(stats.blocks_removed, 3);
    let body = m.functions[f].body.as_ref().unwrap();
    let phi = body.blocks[2].insts[0];
    let InstKind::Phi { incoming } = body.insts[phi].kind else {
        panic!("not a phi");
    };
    let preds: Vec<u32> = body
        .list(incoming)
        .iter()
        .map(|e| e.1.index() as u32)
        .collect();
    assert_eq!(preds, [0, 1]);
    Ok(())
}

#[test]
fn selects_and_identities_fold() -> R<()> {
    let (m, f, _) = fixture()?.run(|fb, d| {
        let b = fb.add_block(None)?;
        fb.position_at_end(b)?;
        let x = fb.arg(0)?;
        let c = fb.arg(1)?;
        let i32t = fb.module().int(32);
        let i1 = fb.module().int(1);
        let zero = fb.module().const_int(i32t, 0)?;
        let one = fb.module().const_int(i32t, 1)?;
        let no = fb.module().const_int(i1, 0)?;
        let y = call(fb, d.writes, x)?;
        let s1 = fb.select(c, y, y)?;
        let s2 = fb.select(no, x, s1)?;
        let a = fb.add(s2, zero)?;
        let mm = fb.mul(one, a)?;
        let o = fb.or(mm, mm)?;
        let cmp = fb.icmp(IntPredicate::Eq, o, y)?;
        let s3 = fb.select(cmp, o, x)?;
        call(fb, d.sink, s3)?;
        fb.ret(None)?;
        Ok(())
    })?;
    // Everything is `y`: `icmp eq y, y` stays (no new constant is made for it).
    assert_eq!(shape(&m, f), ["writes cmp select sink ret"]);
    Ok(())
}

#[test]
fn loads_merge_until_a_store() -> R<()> {
    let (m, f, _) = fixture()?.run(|fb, d| {
        let b = fb.add_block(None)?;
        fb.position_at_end(b)?;
        let x = fb.arg(0)?;
        let i32t = fb.module().int(32);
        let one = fb.module().const_int(i32t, 1)?;
        let p = fb.alloca(i32t, Some(one), 4, false)?;
        fb.store(x, p, 4, false, None)?;
        let l1 = fb.load(p, 4, false, None)?;
        let l2 = fb.load(p, 4, false, None)?;
        fb.store(l2, p, 4, false, None)?;
        let l3 = fb.load(p, 4, false, None)?;
        let _dead = fb.load(p, 4, false, None)?;
        let s = fb.add(l1, l3)?;
        call(fb, d.sink, s)?;
        fb.ret(None)?;
        Ok(())
    })?;
    assert_eq!(shape(&m, f), ["alloca store load store load add sink ret"]);
    Ok(())
}

#[test]
fn long_chains_do_not_recurse() -> R<()> {
    // 100000 blocks in a row, each branching to the next, each with a dominated duplicate:
    // merged into one block, duplicates gone, without recursion on the depth.
    const N: usize = 100_000;
    let (m, f, _) = fixture()?.run(|fb, d| {
        let blocks: Vec<_> = (0..N)
            .map(|_| fb.add_block(None))
            .collect::<Result<_, _>>()?;
        let x = fb.arg(0)?;
        for (k, &b) in blocks.iter().enumerate() {
            fb.position_at_end(b)?;
            let p = call(fb, d.pure, x)?;
            call(fb, d.sink, p)?;
            match blocks.get(k + 1) {
                Some(&next) => fb.br(next)?,
                None => fb.ret(None)?,
            };
        }
        Ok(())
    })?;
    let body = m.functions[f].body.as_ref().unwrap();
    assert_eq!(body.blocks.len(), 1);
    assert_eq!(body.insts.len(), N + 2);
    Ok(())
}

#[test]
fn a_body_with_nothing_to_do_is_untouched() -> R<()> {
    let (m, f, stats) = fixture()?.run(|fb, d| {
        let b = fb.add_block(None)?;
        fb.position_at_end(b)?;
        let x = fb.arg(0)?;
        call(fb, d.sink, x)?;
        fb.ret(None)?;
        Ok(())
    })?;
    assert_eq!(stats, Stats::default());
    assert_eq!(shape(&m, f), ["sink ret"]);
    Ok(())
}

#[test]
fn exact_float_identities_fold_and_others_stay() -> R<()> {
    let mut mb = ModuleBuilder::new();
    let f32t = mb.float();
    let void = mb.void();
    let sink_ty = mb.function_type(void, &[f32t], false)?;
    let sink = mb.declare_function(Some("fsink"), sink_ty, &Default::default())?;
    let main_ty = mb.function_type(void, &[f32t], false)?;
    let main = mb.declare_function(Some("main"), main_ty, &Default::default())?;
    let f = main.function().ok_or("not a function")?;
    let one = mb.constant(f32t, dxil_ir::ConstKind::Float(0x3f80_0000))?;
    let neg_zero = mb.constant(f32t, dxil_ir::ConstKind::Float(0x8000_0000))?;
    let pos_zero = mb.constant(f32t, dxil_ir::ConstKind::Float(0))?;
    let mut fb = mb.define_function(f)?;
    let b = fb.add_block(None)?;
    fb.position_at_end(b)?;
    let x = fb.arg(0)?;
    let a = fb.fmul(one, x)?; // x
    let c = fb.fadd(a, neg_zero)?; // x
    let e = fb.fsub(c, pos_zero)?; // x
    let g = fb.fdiv(e, one)?; // x
    let kept = fb.fadd(g, pos_zero)?; // -0 + +0 is +0: stays
    fb.call(sink, &[kept], &CallOptions::default())?;
    fb.ret(None)?;
    fb.finish()?;
    let mut m = mb.finish()?;
    optimize_module(&mut m)?;
    assert_eq!(shape(&m, f), ["fadd fsink ret"]);
    let body = m.functions[f].body.as_ref().unwrap();
    let InstKind::Binary { lhs, .. } = body.insts[body.blocks[0].insts[0]].kind else {
        panic!("not a binary operation");
    };
    assert_eq!(lhs, x.value_ref());
    Ok(())
}

#[test]
fn a_builder_is_optimized_before_it_finishes() -> R<()> {
    // Through `optimize_builder`: the call-site attributes of a call whose id changes
    // follow it.
    let Fixture {
        mut mb, pure, sink, ..
    } = fixture()?;
    let i32t = mb.int(32);
    let void = mb.void();
    let ty = mb.function_type(void, &[i32t], false)?;
    let main = mb.declare_function(Some("main"), ty, &Default::default())?;
    let f = main.function().ok_or("not a function")?;
    let mut fb = mb.define_function(f)?;
    let b = fb.add_block(None)?;
    fb.position_at_end(b)?;
    let x = fb.arg(0)?;
    let p = call(&mut fb, pure, x)?;
    let _dup = call(&mut fb, pure, x)?;
    let mut opts = CallOptions::default();
    opts.attributes.function = vec![Attribute::Enum(NO_UNWIND)];
    fb.call(sink, &[p], &opts)?;
    fb.ret(None)?;
    fb.finish()?;
    let stats = dxil_opt::optimize_builder(&mut mb)?;
    assert_eq!(stats.removed, 1);
    let m = mb.finish()?;
    assert_eq!(shape(&m, f), ["pure sink ret"]);
    let body = m.functions[f].body.as_ref().unwrap();
    let InstKind::Call { attributes, .. } = body.insts[body.blocks[0].insts[1]].kind else {
        panic!("not a call");
    };
    assert_ne!(attributes, 0, "the call kept its attributes");
    Ok(())
}
