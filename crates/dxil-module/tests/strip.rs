//! Debug-info stripping against the reference: for every corpus container built with debug
//! info, stripping its `ILDB` module must leave no debug info and give the instructions of
//! the `DXIL` part's module (which the reference wrote from the same module after stripping),
//! function by function; the stripped module writes and reads back.

use dxil_ir::{InstKind, Module, ValueRef};
use dxil_test_support::{container, paths};

/// Per defined function: its name and the printed-independent shape of each instruction
/// (the kind's discriminant and, for calls, the callee's name).
fn shape(m: &Module) -> Vec<(String, Vec<String>)> {
    m.functions
        .iter()
        .filter_map(|f| {
            let body = f.body.as_ref()?;
            let insts = body
                .blocks
                .iter()
                .flat_map(|b| b.insts.iter())
                .map(|&i| {
                    let inst = body.inst(i).expect("instruction");
                    match &inst.kind {
                        InstKind::Call {
                            callee: ValueRef::Function(c),
                            ..
                        } => format!(
                            "call {}",
                            m.name_of(m.functions[c.index()].common.name).unwrap_or("?")
                        ),
                        k => format!("{:?}", std::mem::discriminant(k)),
                    }
                })
                .collect();
            Some((m.name_text(f.common.name).to_string(), insts))
        })
        .collect()
}

#[test]
fn stripped_ildb_has_the_dxil_parts_instructions() {
    // corpus_dir names the skip when the corpus is absent.
    let Some(dir) = paths::corpus_dir() else {
        return;
    };
    let (mut total, mut same) = (0, 0);
    for bytes in paths::corpus_bytes(&dir) {
        let (Some(ildb), Some(dxil)) = (
            container::part_bitcode(&bytes, b"ILDB"),
            container::part_bitcode(&bytes, b"DXIL"),
        ) else {
            continue;
        };
        total += 1;
        let mut m = dxil_bitcode::read_module(ildb)
            .expect("ILDB reads")
            .into_inner();
        let reference = dxil_bitcode::read_module(dxil).expect("DXIL reads");
        assert!(dxil_module::strip::has_debug_info(&m));
        assert!(dxil_module::strip::strip_debug_info(&mut m).expect("strips"));
        assert!(!dxil_module::strip::has_debug_info(&m));
        assert!(m.functions.iter().all(|f| !m
            .name_of(f.common.name)
            .unwrap_or("")
            .starts_with("llvm.dbg.")));
        assert!(m
            .named_metadata
            .iter()
            .map(|n| m.name_str(n.name))
            .all(|n| !n.starts_with("llvm.dbg.") && !n.starts_with("dx.source.")));
        let no_locs = m
            .functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .all(|b| b.insts.iter().all(|i| i.debug_loc().is_none()));
        assert!(no_locs);
        let written = dxil_bitcode::write_module(&m).expect("stripped module writes");
        let back = dxil_bitcode::read_module(&written).expect("and reads back");
        if shape(&back) == shape(&reference) {
            same += 1;
        }
        // Stripping again changes nothing.
        assert!(!dxil_module::strip::strip_debug_info(&mut m).expect("strips"));
    }
    eprintln!("stripped ILDB has the DXIL part's instructions: {same}/{total}");
    assert_eq!(same, total);
}
