//! Hostile input: the suite's shaders with bits flipped, and odd dispatches (wave sizes of
//! 1 to 128 lanes), compiled and run against small zeroed resources under a small budget.
//! Errors are fine; panics and hangs are not.

use dxil_exec::{Bindings, ComponentFormat, Dispatch, ElementFormat, Program};
use dxil_test_support::XorShift64;

fn bindings(m: &dxil_ir::Module) -> Bindings {
    let Ok(meta) = dxil_module::DxilMetadata::read(m) else {
        return Bindings::default();
    };
    let pair = ElementFormat {
        component: ComponentFormat::Float32,
        channels: 2,
    };
    Bindings::from_module(&meta, 4, |declared, _| {
        declared.stand_in(vec![0x5a; 64], pair, [2, 2])
    })
}

fn run(m: &dxil_ir::CheckedModule, wave: u32) {
    let Ok(p) = Program::compile(m, None) else {
        return;
    };
    let mut b = bindings(m);
    let d = Dispatch {
        groups: [2, 1, 1],
        wave_size: Some(wave),
        budget: 1 << 14,
        trace: Some([1, 0, 0]),
    };
    let _ = p.dispatch(&mut b, &d, &mut std::io::sink());
}

#[test]
fn damaged_shaders_and_odd_waves_do_not_panic() {
    let Some(dir) = dxil_test_support::shared_path("exec") else {
        return;
    };
    let files = dxil_test_support::files_with_extension(&dir, "dxil");
    flip_bits(
        dxil_test_support::spread(&files, 120),
        0x9e37_79b9_7f4a_7c15,
    );
}

#[test]
fn mistyped_operands_do_not_panic() {
    let Some(dir) = dxil_test_support::shared_path("exec") else {
        return;
    };
    let files = dxil_test_support::files_with_extension(&dir, "dxil");
    swap_operands(
        dxil_test_support::spread(&files, 120),
        0x2545_f491_4f6c_dd1d,
    );
}

/// Shader model 6.9's long vectors (vectors of up to 1022 elements in registers, whole
/// vector loads and stores): the reference compiler's own tests of them, damaged both ways.
#[test]
fn damaged_long_vector_shaders_do_not_panic() {
    let Some(dir) = dxil_test_support::shared_path("corpus") else {
        return;
    };
    let index = std::fs::read_to_string(dir.join("index.jsonl")).unwrap();
    let files: Vec<std::path::PathBuf> = index
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|e| e["profile"] == "cs_6_9")
        .map(|e| dir.join(format!("{}.dxil", e["id"].as_str().unwrap())))
        .collect();
    assert!(
        !files.is_empty(),
        "the corpus has shader model 6.9 compute shaders"
    );
    flip_bits(dxil_test_support::spread(&files, 40), 0x1234_5678_9abc_def1);
    swap_operands(dxil_test_support::spread(&files, 40), 0x0fed_cba9_8765_4321);
}

/// Each of `files` run as it is, then with single bits flipped.
fn flip_bits<P: AsRef<std::path::Path>>(files: impl IntoIterator<Item = P>, seed: u64) {
    let mut rng = XorShift64(seed);
    for path in files {
        let bytes = std::fs::read(path).unwrap();
        if let Ok(m) = dxil::read_module(&bytes) {
            run(&m, [1, 3, 4, 7, 64, 128][rng.below(6)]);
        }
        for _ in 0..6 {
            let mut b = bytes.clone();
            let at = rng.below(b.len());
            b[at] ^= 1 << rng.below(8);
            if let Ok(m) = dxil::read_module(&b) {
                run(&m, [1, 4, 32][rng.below(3)]);
            }
        }
    }
}

/// Each of `files` with operands swapped for other values of the same function: types
/// disagree, aggregates and vectors meet scalars, pointers meet integers. The compiler
/// refuses or the run ends cleanly.
fn swap_operands<P: AsRef<std::path::Path>>(files: impl IntoIterator<Item = P>, seed: u64) {
    let mut rng = XorShift64(seed);
    for path in files {
        let Ok(original) = dxil::read_module(&std::fs::read(path).unwrap()) else {
            continue;
        };
        for _ in 0..20 {
            let mut m = original.clone().into_inner();
            let Some(body) = m
                .functions
                .as_mut_slice()
                .iter_mut()
                .find_map(|f| f.body.as_mut())
            else {
                break;
            };
            let mut refs = Vec::new();
            for inst in body.insts.iter() {
                inst.kind.for_each_operand(&body.pool, |v| refs.push(*v));
            }
            if refs.is_empty() {
                break;
            }
            for _ in 0..3 {
                let at = rng.below(body.insts.len());
                let with = refs[rng.below(refs.len())];
                let which = rng.below(4);
                if let Some(inst) = body.insts.as_mut_slice().get_mut(at) {
                    let mut k = 0;
                    inst.kind.for_each_operand_mut(&mut body.pool, |v| {
                        if k == which {
                            *v = with;
                        }
                        k += 1;
                    });
                }
            }
            // Swapped operands stay ids of the same function: the edited module passes
            // the id check, and the compiler meets the mistyped values.
            let m = dxil_exec::check_module(m).expect("operands swapped within a function");
            run(&m, [1, 4, 8, 32][rng.below(4)]);
        }
    }
}

#[test]
fn a_module_whose_ids_name_nothing_is_refused_at_the_door() {
    // A type id of a module with more types than this one has.
    let mut other = dxil_ir::Module::default();
    other.types.push(dxil_ir::TypeData::Int(32));
    let far = other.types.push(dxil_ir::TypeData::Float);
    let mut m = dxil_ir::Module::default();
    m.types.push(dxil_ir::TypeData::Int(32));
    m.constants.push(dxil_ir::ConstData {
        ty: far,
        kind: dxil_ir::ConstKind::Float(0),
    });
    let e = dxil_exec::check_module(m).unwrap_err();
    assert!(matches!(e.kind(), dxil_exec::ErrorKind::Input(_)), "{e}");
    assert!(e.to_string().starts_with("the module's ids: "), "{e}");
    assert!(e.to_string().contains("names nothing"), "{e}");
}
