//! Hostile input: mutated IR metadata through the model and the header printer, and
//! truncated / bit-flipped corpus containers through reflection. Errors are fine; panics
//! and hangs are not.

use dxil_ir::{MetadataData, Module};
use dxil_module::view::ModuleView;
use dxil_test_support::XorShift64;
use dxil_text::header::ModuleHeader;
use dxil_text::header::ModuleSections;

/// One random change to a module-level node.
fn mutate(m: &mut Module, rng: &mut XorShift64) {
    let count = m.module_metadata_count as usize;
    if count == 0 {
        return;
    }
    let target = rng.below(count);
    let id = |i| {
        m.metadata
            .id_of(i)
            .expect("module metadata are in the arena")
    };
    let (other, own) = (id(rng.below(count)), id(target));
    let choice = rng.below(5);
    if let Some(MetadataData::Node { operands, .. }) = m.metadata.as_mut_slice().get_mut(target) {
        let len = operands.len();
        let mut ops = m.pools.list(*operands).to_vec();
        match choice {
            0 if len > 0 => ops[rng.below(len)] = None,
            1 if len > 0 => ops[rng.below(len)] = Some(other),
            2 => ops.truncate(rng.below(len + 1)),
            3 => ops.push(Some(other)),
            _ if len > 0 => ops[rng.below(len)] = Some(own),
            _ => {}
        }
        *operands = m.pools.push(&ops);
    } else if let Some(d) = m.metadata.as_mut_slice().get_mut(target) {
        *d = MetadataData::String(m.pools.push(&b"\xff\xfe"[..]));
    }
}

fn exercise(m: &Module) {
    let Ok(view) = ModuleView::new(m) else { return };
    let s = ModuleSections {
        main: &view,
        reflection: &view,
    };
    let mut out = String::new();
    let _ = s.entry_signatures();
    s.print_buffer_definitions(&mut out);
    s.print_resource_bindings(&mut out);
    s.print_view_id_state(&mut out);
    let _ = view.metadata.write(&mut m.clone());
}

#[test]
fn mutated_metadata_does_not_panic() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut rng = XorShift64(0x9e37_79b9_7f4a_7c15);
    let (mut runs, mut errors) = (0usize, 0usize);
    for id in dxil_test_support::corpus_ids(&dir).iter().step_by(25) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        for (_, bitcode) in dxil_test_support::program_bitcodes(&bytes) {
            let Ok(module) = dxil_bitcode::read_module(bitcode) else {
                continue;
            };
            for _ in 0..20 {
                let mut m = module.clone().into_inner();
                for _ in 0..=rng.below(3) {
                    mutate(&mut m, &mut rng);
                }
                runs += 1;
                if dxil_module::DxilMetadata::read(&m).is_err() {
                    errors += 1;
                }
                exercise(&m);
            }
        }
    }
    println!("mutated modules: {runs}, rejected with an error: {errors}");
    assert!(errors > 0 || runs == 0, "no mutation was detected");
}

/// A malformed field is reported with its node and field name.
#[test]
fn malformed_field_names_node_and_field() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut checked = 0;
    for id in dxil_test_support::corpus_ids(&dir).iter().take(200) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let c = dxil_container::Container::parse(&bytes).expect("container");
        let mut m = dxil_bitcode::read_module(c.program().expect("program").bitcode)
            .expect("module")
            .into_inner();
        let entries = dxil_module::md::Reader::new(&m)
            .named("dx.entryPoints")
            .expect("tree")
            .unwrap_or_default();
        // entry -> signatures (operand 2) -> input (0) -> first element.
        use dxil_module::md::Md;
        let element = entries.first().and_then(|e| match e {
            Md::Node { ops, .. } => match ops.get(2)? {
                Md::Node { ops, .. } => match ops.first()? {
                    Md::Node { ops, .. } => match ops.first()? {
                        Md::Node { id, .. } => *id,
                        _ => None,
                    },
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        });
        let Some(element) = element else { continue };
        let Some(MetadataData::Node { operands, .. }) =
            m.metadata.as_mut_slice().get_mut(element as usize)
        else {
            continue;
        };
        let ops = m.pools.get_mut(*operands).expect("the module's own range");
        ops[1] = ops[0];
        let err = dxil_module::DxilMetadata::read(&m).expect_err("malformed name accepted");
        assert_eq!(
            err.to_string(),
            format!("signature element.name: expected a string (in !{element}, operand 1)"),
            "{id}"
        );
        checked += 1;
    }
    assert!(checked > 0);
}
