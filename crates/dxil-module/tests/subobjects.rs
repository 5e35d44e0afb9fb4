//! `dx.subobjects`: the corpus libraries' `RDAT` subobjects, written into the module as
//! metadata, read back and printed from the module, give the section the reference prints
//! from `RDAT`.

use dxil_module::model::Subobject;
use dxil_module::view::ModuleView;
use dxil_module::DxilMetadata;
use dxil_parts::Rdat;
use dxil_text::header::ModuleSections;
use dxil_text::header::{print_subobjects, ModuleHeader};

fn to_model(s: &dxil_parts::rdat::Subobject) -> Subobject {
    Subobject {
        name: s.name.clone(),
        kind: s.kind as u32,
        data: s.data.clone(),
        text: String::new(),
    }
}

#[test]
fn module_subobjects_print_like_rdat() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut checked = 0;
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let c = dxil_container::Container::parse(&bytes).expect("container");
        let Some(rdat) = c.part(dxil_container::FourCC::from_bytes(*b"RDAT")) else {
            continue;
        };
        let Ok(Some(list)) = Rdat::parse(rdat.data).and_then(|r| r.subobjects()) else {
            continue;
        };
        if list.is_empty() {
            continue;
        }
        let mut expected = String::new();
        print_subobjects(&list, false, &mut expected);
        let mut module = dxil_bitcode::read_module(c.primary_program().expect("program").bitcode)
            .expect("module")
            .into_inner();
        let mut model = DxilMetadata::read(&module).expect("model");
        model.subobjects = Some(list.iter().map(to_model).collect());
        model.write(&mut module).expect("write");
        let view = ModuleView::new(&module).expect("read back");
        assert_eq!(view.metadata.subobjects, model.subobjects, "{id}");
        let sections = ModuleSections {
            main: &view,
            reflection: &view,
        };
        let mut printed = String::new();
        assert!(sections.print_subobjects(&mut printed), "{id}");
        assert_eq!(printed, expected, "{id}");
        checked += 1;
    }
    println!("libraries with subobjects checked: {checked}");
    assert!(checked > 0);
}
