//! Corpus round trip of the metadata model: every DXIL/ILDB/STAT module's metadata reads
//! into the model, and writing the model back leaves the module exactly as it was (every
//! node it writes is an existing one), and the model's trees equal the metadata read back.

use dxil_module::md::Reader;
use dxil_module::model::{
    FieldAnnotation, FieldProperty, Property, ResourceLists, ResourceProperty, SignatureElement,
    SignatureProperty, TypeAnnotations, MODEL_NAMES,
};
use dxil_module::DxilMetadata;

#[test]
fn corpus_metadata_model_round_trip() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut modules, mut same, mut untyped) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        for (part, bitcode) in dxil_test_support::program_bitcodes(&bytes) {
            let part = String::from_utf8_lossy(&part);
            let Ok(module) =
                dxil_bitcode::read_module(bitcode).map(dxil_ir::CheckedModule::into_inner)
            else {
                continue;
            };
            modules += 1;
            let model = match DxilMetadata::read(&module) {
                Ok(m) => m,
                Err(e) => {
                    failures.push(format!("{id} {part}: read: {e}"));
                    continue;
                }
            };
            untyped += untyped_fields(&model);
            // The trees the model writes equal the trees in the module.
            let mut reader = Reader::new(&module);
            let trees = model.to_trees();
            let mut ok = true;
            for name in MODEL_NAMES {
                let original = reader.named(name).expect("read tree");
                let written = trees.iter().find(|t| t.0 == name).map(|t| t.1.clone());
                if original != written {
                    ok = false;
                    failures.push(format!("{id} {part}: {name} differs"));
                }
            }
            let mut again = module.clone();
            match model.write(&mut again) {
                Ok(()) if again == module => {}
                Ok(()) => {
                    ok = false;
                    failures.push(format!(
                        "{id} {part}: module changed ({} -> {} metadata)",
                        module.metadata.len(),
                        again.metadata.len()
                    ));
                }
                Err(e) => {
                    ok = false;
                    failures.push(format!("{id} {part}: write: {e}"));
                }
            }
            if ok {
                same += 1;
            }
        }
    }
    println!("metadata model round trip: {same}/{modules} modules identical");
    println!("fields kept untyped (unknown tags): {untyped}");
    assert_eq!(untyped, 0, "the corpus uses tags the model does not type");
    for f in failures.iter().take(60) {
        println!("{f}");
    }
    assert!(modules > 0 || dxil_test_support::corpus_dir().is_none());
    assert_eq!(same, modules, "{} failures", failures.len());
}

/// A changed model written into the module reads back as the changed model, and the
/// module prints the same after the bitcode writer and reader.
#[test]
fn changed_model_survives_bitcode_round_trip() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut checked = 0usize;
    for id in dxil_test_support::corpus_ids(&dir).iter().step_by(50) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        for (part, bitcode) in dxil_test_support::program_bitcodes(&bytes) {
            let part = String::from_utf8_lossy(&part);
            let Ok(mut module) =
                dxil_bitcode::read_module(bitcode).map(dxil_ir::CheckedModule::into_inner)
            else {
                continue;
            };
            let mut model = DxilMetadata::read(&module).expect("model");
            if let Some(v) = model.validator_version.as_mut() {
                v.minor += 1000;
            }
            if let Some(r) = model.resources.as_mut() {
                if let Some(first) = r.all_mut().next() {
                    first.base.name.push_str("_renamed");
                    first.base.lower_bound += 77;
                }
            }
            if let Some(v) = model.view_id_state.as_mut() {
                v.push(12345);
            }
            if let Err(e) = model.write(&mut module) {
                panic!("{id} {part}: {e}");
            }
            assert_eq!(
                DxilMetadata::read(&module).expect("model"),
                model,
                "{id} {part}: in memory"
            );
            // Through the bitcode writer and reader (constants are renumbered there, so the
            // modules are compared as printed text).
            let again = dxil_bitcode::write_module(&module).expect("write bitcode");
            let read = dxil_bitcode::read_module(&again).expect("read bitcode");
            let (mut a, mut b) = (String::new(), String::new());
            dxil_text::write_dumpbin_body(&module, &mut a);
            dxil_text::write_dumpbin_body(&read, &mut b);
            assert_eq!(a, b, "{id} {part}: after bitcode");
            assert!(
                a.contains("_renamed") || model.resources.is_none(),
                "{id} {part}"
            );
            checked += 1;
        }
    }
    println!("changed models checked: {checked}");
    assert!(checked > 0);
}

fn untyped_in_field(f: &FieldAnnotation) -> usize {
    f.properties
        .iter()
        .map(|p| match p {
            FieldProperty::Other(..) => 1,
            FieldProperty::BitFields(b) => b.iter().map(untyped_in_field).sum(),
            _ => 0,
        })
        .sum()
}

fn untyped_in_sig(list: &Option<Vec<SignatureElement>>) -> usize {
    list.iter()
        .flatten()
        .flat_map(|e| e.properties.iter().flatten())
        .filter(|p| matches!(p, SignatureProperty::Other(..)))
        .count()
}

fn untyped_in_resources(r: &Option<ResourceLists>) -> usize {
    r.iter()
        .flat_map(|r| r.all())
        .flat_map(|r| r.properties.iter().flatten())
        .filter(|p| matches!(p, ResourceProperty::Other(..)))
        .count()
}

/// Operands the model keeps as raw trees because their tag is unknown to it.
fn untyped_fields(m: &DxilMetadata) -> usize {
    let mut n = untyped_in_resources(&m.resources);
    for e in m.entry_points.iter().flatten() {
        n += untyped_in_resources(&e.resources);
        if let Some(s) = &e.signatures {
            n += untyped_in_sig(&s.input)
                + untyped_in_sig(&s.output)
                + untyped_in_sig(&s.patch_constant);
        }
        n += e
            .properties
            .iter()
            .flatten()
            .filter(|p| matches!(p, Property::Other(..)))
            .count();
    }
    for t in m.type_annotations.iter().flatten() {
        match t {
            TypeAnnotations::Structs(list) => {
                n += list
                    .iter()
                    .flat_map(|s| &s.fields)
                    .map(untyped_in_field)
                    .sum::<usize>()
            }
            TypeAnnotations::Functions(list) => {
                for f in list {
                    n += untyped_in_field(&f.ret.field);
                    n += f
                        .params
                        .iter()
                        .map(|p| untyped_in_field(&p.field))
                        .sum::<usize>();
                }
            }
        }
    }
    n
}
