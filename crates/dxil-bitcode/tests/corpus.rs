//! Reads every corpus module (DXIL and ILDB parts) and checks the result against the
//! reference disassembly (`ID.ll`, which shows the ILDB module when there is one).

use std::collections::BTreeSet;

use dxil_ir::{InstKind, Module, TypeData, ValueRef};

/// Decodes LLVM's `\XX` escapes in a quoted name.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && b.len() >= i + 3 {
            if let Ok(v) = u8::from_str_radix(s.get(i + 1..i + 3).unwrap_or("-"), 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Names of `define`d functions, declared functions and globals in the reference text.
fn ll_names(ll: &str) -> (BTreeSet<String>, BTreeSet<String>, BTreeSet<String>) {
    let (mut defs, mut decls, mut globals) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for line in ll.lines() {
        let at_name = |l: &str| -> Option<String> {
            let start = l.find('@')? + 1;
            let rest = &l[start..];
            let name = if let Some(q) = rest.strip_prefix('"') {
                unescape(q.split('"').next()?)
            } else {
                rest.split(['(', ' ']).next()?.to_owned()
            };
            Some(name)
        };
        if line.starts_with("define ") {
            defs.extend(at_name(line));
        } else if line.starts_with("declare ") {
            decls.extend(at_name(line));
        } else if line.starts_with('@') {
            globals.extend(at_name(line));
        }
    }
    (defs, decls, globals)
}

fn module_names(m: &Module) -> (BTreeSet<String>, BTreeSet<String>, BTreeSet<String>) {
    let mut defs = BTreeSet::new();
    let mut decls = BTreeSet::new();
    for f in &m.functions {
        let name = m.name_text(f.common.name).to_string();
        if f.body.is_some() {
            defs.insert(name);
        } else {
            decls.insert(name);
        }
    }
    let globals = m
        .globals
        .iter()
        .map(|g| m.name_text(g.common.name).to_string())
        .chain(
            m.aliases
                .iter()
                .map(|a| m.name_text(a.common.name).to_string()),
        )
        .collect();
    (defs, decls, globals)
}

/// Per `define`: (name, instruction count, block count) from the reference text.
fn ll_bodies(ll: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut lines = ll.lines();
    while let Some(line) = lines.next() {
        if !line.starts_with("define ") {
            continue;
        }
        let name = line
            .find('@')
            .map(|at| {
                let rest = &line[at + 1..];
                match rest.strip_prefix('"') {
                    Some(q) => unescape(q.split('"').next().unwrap_or("")),
                    None => rest.split('(').next().unwrap_or("").to_owned(),
                }
            })
            .unwrap_or_default();
        let (mut insts, mut labels, mut first) = (0, 0, true);
        for l in lines.by_ref() {
            if l.starts_with('}') {
                break;
            }
            let is_label = l.starts_with("; <label>:")
                || (!l.starts_with(' ')
                    && !l.starts_with(';')
                    && l.split(';').next().unwrap_or("").trim_end().ends_with(':'));
            if is_label {
                labels += 1;
            } else if l.starts_with("  ")
                && !l.starts_with("   ")
                && !l.trim_start().starts_with([';', ']'])
            {
                if first {
                    labels += 1; // unnamed entry block
                }
                insts += 1;
            } else {
                continue;
            }
            first = false;
        }
        out.push((name, insts, labels));
    }
    out
}

/// Structural checks that do not depend on the reference text.
fn check_invariants(id: &str, m: &Module) {
    for f in &m.functions {
        let Some(body) = &f.body else { continue };
        let mut seen = 0;
        for (b, block) in body.blocks.iter().enumerate() {
            assert!(!block.insts.is_empty(), "{id}: empty block {b}");
            for (k, &i) in block.insts.iter().enumerate() {
                assert_eq!(i.index(), seen, "{id}: instructions out of program order");
                seen += 1;
                let inst = body.inst(i).unwrap();
                let last = k + 1 == block.insts.len();
                assert_eq!(
                    inst.kind.is_terminator(),
                    last,
                    "{id}: terminator placement"
                );
                inst.kind.for_each_operand(&body.pool, |v| {
                    if let ValueRef::Arg(a) = v {
                        assert!(a.index() < body.args.len(), "{id}: unresolved operand");
                    }
                    assert!(
                        matches!(v, ValueRef::Metadata(_))
                            || m.value_type(Some(body), *v).is_some(),
                        "{id}: operand without a type"
                    );
                });
                if let InstKind::Call { fn_ty, .. } = &inst.kind {
                    assert!(matches!(m.ty(*fn_ty), Some(TypeData::Function { .. })));
                }
            }
        }
        assert_eq!(seen, body.insts.len(), "{id}: instructions outside blocks");
        for &md in &body.local_metadata {
            let data = m.md(md).unwrap();
            let dxil_ir::MetadataData::Value { ty, value } = data else {
                panic!("{id}: function-local metadata that is not a value wrapper");
            };
            assert!(matches!(value, ValueRef::Arg(_) | ValueRef::Inst(_)));
            assert_eq!(m.value_type(Some(body), *value), Some(*ty));
        }
    }
}

#[test]
fn corpus_modules_read() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    assert!(!ids.is_empty(), "empty corpus");
    let (mut dxil_ok, mut dxil_total, mut ildb_ok, mut ildb_total) = (0, 0, 0, 0);
    let (mut stat_ok, mut stat_total) = (0, 0);
    let mut failures = Vec::new();
    let mut name_mismatches = Vec::new();
    let (mut di_nodes, mut debug_locs, mut local_mds) = (0usize, 0usize, 0usize);
    let mut count_mismatches = Vec::new();
    let mut bodies_checked = 0usize;
    for id in &ids {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).unwrap();
        let ll = std::fs::read_to_string(dir.join(format!("{id}.ll"))).unwrap_or_default();
        let mut printed: Option<Module> = None;
        for (part, ok, total) in [
            (b"STAT", &mut stat_ok, &mut stat_total),
            (b"DXIL", &mut dxil_ok, &mut dxil_total),
            (b"ILDB", &mut ildb_ok, &mut ildb_total),
        ] {
            let Some(bc) = dxil_test_support::part_bitcode(&bytes, part) else {
                continue;
            };
            *total += 1;
            match dxil_bitcode::read_module(bc) {
                Ok(m) => {
                    *ok += 1;
                    m.check_ids()
                        .unwrap_or_else(|e| panic!("{id}: read but fails the id check: {e}"));
                    check_invariants(id, &m);
                    printed = Some(m.into_inner());
                }
                Err(e) => failures.push(format!("{id} {}: {e}", String::from_utf8_lossy(part))),
            }
        }
        if let Some(m) = printed {
            let (d1, _, g1) = ll_names(&ll);
            let (d2, decls, g2) = module_names(&m);
            let dbg_decl = decls.iter().any(|n| n.starts_with("llvm.dbg."));
            for (name, insts, blocks) in ll_bodies(&ll) {
                let f = m
                    .functions
                    .iter()
                    .find(|f| m.name_of(f.common.name) == Some(name.as_str()));
                let got = f
                    .and_then(|f| f.body.as_ref())
                    .map(|b| (b.insts.len(), b.blocks.len()));
                if got != Some((insts, blocks)) {
                    count_mismatches.push(format!(
                        "{id} @{name}: reference {insts} instructions / {blocks} blocks, read {got:?}"
                    ));
                }
                bodies_checked += 1;
            }
            if d1 != d2 || (g1 != g2 && !dbg_decl) {
                name_mismatches.push(format!(
                    "{id}: defines {d1:?} vs {d2:?}, globals {g1:?} vs {g2:?}"
                ));
            }
            di_nodes += m
                .metadata
                .iter()
                .filter(|md| {
                    !matches!(
                        md,
                        dxil_ir::MetadataData::String(_)
                            | dxil_ir::MetadataData::Value { .. }
                            | dxil_ir::MetadataData::Node { .. }
                    )
                })
                .count();
            local_mds += m
                .functions
                .iter()
                .filter_map(|f| f.body.as_ref())
                .map(|b| b.local_metadata.len())
                .sum::<usize>();
            debug_locs += m
                .functions
                .iter()
                .filter_map(|f| f.body.as_ref())
                .flat_map(|b| b.insts.iter())
                .filter(|i| i.debug_loc().is_some())
                .count();
        }
    }
    eprintln!(
        "DXIL modules read: {dxil_ok}/{dxil_total}; ILDB modules read: {ildb_ok}/{ildb_total}; \
         STAT modules read: {stat_ok}/{stat_total}; \
         DI records: {di_nodes}; debug locations: {debug_locs}; \
         function-local metadata: {local_mds}"
    );
    for f in failures.iter().take(20) {
        eprintln!("  {f}");
    }
    for f in name_mismatches.iter().take(10) {
        eprintln!("  {f}");
    }
    assert!(
        failures.is_empty(),
        "{} modules failed to read",
        failures.len()
    );
    assert!(
        name_mismatches.is_empty(),
        "{} name mismatches",
        name_mismatches.len()
    );
    eprintln!("function bodies compared with the reference: {bodies_checked}");
    for f in count_mismatches.iter().take(10) {
        eprintln!("  {f}");
    }
    assert!(
        count_mismatches.is_empty(),
        "{} body mismatches",
        count_mismatches.len()
    );
    assert!(ildb_total > 0 && di_nodes > 0 && debug_locs > 0 && bodies_checked > 0);
}
