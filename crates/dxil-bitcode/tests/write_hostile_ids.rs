//! The writer looks up every id it meets with a checked access (the whole-module id check
//! runs only to name a failure): corpus modules with one id made to dangle or to name
//! another entry must give a module or an error, never a panic or a hang, and a write that
//! fails on a module the id check rejects names the dangling id.

use dxil_bitcode::{write_module, ErrorKind};
use dxil_ir::{Const, Metadata, Module, Type, ValueRef};
use dxil_test_support::SplitMix64;

/// An id near the arena's end or far past it.
fn near(rng: &mut SplitMix64, len: usize) -> u32 {
    match rng.below(4) {
        0 => u32::MAX - rng.below(3) as u32,
        _ => (len + rng.below(3)).saturating_sub(1) as u32,
    }
}

/// A value of a random kind, most likely out of range.
fn value(rng: &mut SplitMix64, m: &Module) -> ValueRef {
    match rng.below(5) {
        0 => ValueRef::Const(Const(near(rng, m.constants.len()))),
        1 => ValueRef::Metadata(Metadata(near(rng, m.metadata.len()))),
        2 => ValueRef::Global(dxil_ir::Global(near(rng, m.globals.len()))),
        3 => ValueRef::Function(dxil_ir::Function(near(rng, m.functions.len()))),
        _ => ValueRef::Inst(dxil_ir::Inst(rng.below(64) as u32 * 97)),
    }
}

/// Changes one id of `m` (chosen by `rng`); false when the module has none of that kind.
fn damage(rng: &mut SplitMix64, m: &mut Module) -> bool {
    let n_types = m.types.len();
    match rng.below(5) {
        0 => {
            let n = m.globals.len();
            if n == 0 {
                return false;
            }
            let g = &mut m.globals.as_mut_slice()[rng.below(n)];
            g.value_ty = Type(near(rng, n_types));
        }
        1 => {
            let n = m.constants.len();
            if n == 0 {
                return false;
            }
            let v = value(rng, m);
            let pick = rng.below(n);
            let c = &mut m.constants.as_mut_slice()[pick];
            let mut done = false;
            c.kind.for_each_operand_mut(|op| {
                if !done {
                    *op = v;
                    done = true;
                }
            });
            if !done {
                c.ty = Type(near(rng, n_types));
            }
        }
        2 => {
            let v = value(rng, m);
            let Some(body) = m
                .functions
                .as_mut_slice()
                .iter_mut()
                .find_map(|f| f.body.as_mut())
            else {
                return false;
            };
            let n = body.insts.len();
            if n == 0 {
                return false;
            }
            let skip = rng.below(4);
            let mut k = 0;
            body.insts.as_mut_slice()[rng.below(n)]
                .kind
                .for_each_operand_mut(|op| {
                    if k == skip {
                        *op = v;
                    }
                    k += 1;
                });
        }
        3 => {
            let n = m.named_metadata.len();
            if n == 0 {
                return false;
            }
            let md = Metadata(near(rng, m.metadata.len()));
            let nm = &mut m.named_metadata[rng.below(n)];
            match nm.operands.first_mut() {
                Some(op) => *op = md,
                None => return false,
            }
        }
        _ => {
            let Some(f) = m.functions.as_mut_slice().first_mut() else {
                return false;
            };
            f.fn_ty = Type(near(rng, n_types));
        }
    }
    true
}

#[test]
fn dangling_ids_are_errors_not_panics() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let files = dxil_test_support::corpus_bytes(&dir);
    let mut rng = SplitMix64(0x05ee_d1d5);
    let (mut tried, mut refused) = (0, 0);
    for f in dxil_test_support::spread(&files, 60) {
        let Some(bc) = dxil_test_support::dxil_bitcode(f) else {
            continue;
        };
        let Ok(m) = dxil_bitcode::read_module(bc) else {
            continue;
        };
        for _ in 0..40 {
            let mut bad = m.clone();
            if !damage(&mut rng, &mut bad) {
                continue;
            }
            tried += 1;
            let written = write_module(&bad);
            if let (Err(e), Err(id)) = (&written, bad.check_ids()) {
                refused += 1;
                assert_eq!(e.kind(), &ErrorKind::InvalidId(id), "{e}");
            }
        }
    }
    assert!(
        tried > 1000 && refused > tried / 2,
        "{tried} tried, {refused} refused"
    );
}
