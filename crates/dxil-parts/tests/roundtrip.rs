//! Every ISG1/OSG1/PSG1/PSV0/SFI0/HASH/ILDN/RDAT part of the corpus parses and re-serializes
//! byte-identical.

use std::collections::BTreeMap;

use dxil_container::{FeatureInfo, ShaderHash};
use dxil_parts::signature::{SignaturePart, StringLayout};
use dxil_parts::{DebugName, Psv, Rdat};

fn roundtrip(fourcc: &[u8; 4], data: &[u8]) -> Option<Result<Vec<u8>, String>> {
    let e = |x: dxil_parts::Error| x.to_string();
    Some(match fourcc {
        b"ISG1" | b"OSG1" | b"PSG1" => SignaturePart::parse(data)
            .and_then(|p| p.write())
            .map_err(e),
        b"PSV0" => Psv::parse(data).and_then(|p| p.write()).map_err(e),
        b"SFI0" => FeatureInfo::parse_exact(data, 0)
            .map(|p| p.to_bytes().to_vec())
            .map_err(|x| x.to_string()),
        b"HASH" => ShaderHash::parse_exact(data, 0)
            .map(|p| p.to_bytes().to_vec())
            .map_err(|x| x.to_string()),
        b"ILDN" => DebugName::parse(data).and_then(|p| p.write()).map_err(e),
        b"RDAT" => Rdat::parse(data)
            .and_then(|p| {
                p.subobjects()?;
                p.write()
            })
            .map_err(e),
        _ => return None,
    })
}

#[test]
fn corpus_parts_roundtrip() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    // fourcc -> (total, identical)
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut psv_versions: BTreeMap<u32, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read shader");
        let parts = dxil_test_support::parts(&bytes).expect("container");
        for (fourcc, data) in parts {
            let Some(res) = roundtrip(&fourcc, data) else {
                continue;
            };
            let name = String::from_utf8_lossy(&fourcc).into_owned();
            let c = counts.entry(name.clone()).or_default();
            c.0 += 1;
            match res {
                Ok(out) if out == data => c.1 += 1,
                Ok(_) => failures.push(format!("{id} {name}: bytes differ")),
                Err(err) => failures.push(format!("{id} {name}: {err}")),
            }
            if &fourcc == b"PSV0" {
                if let Ok(p) = Psv::parse(data) {
                    *psv_versions.entry(p.version()).or_default() += 1;
                }
            }
        }
    }
    for (k, (total, ok)) in &counts {
        println!("{k}: {ok}/{total} byte-identical");
    }
    println!("PSV0 versions: {psv_versions:?}");
    for f in failures.iter().take(20) {
        println!("FAIL {f}");
    }
    assert!(counts.get("PSV0").is_some_and(|c| c.0 > 0));
    assert!(failures.is_empty(), "{} parts failed", failures.len());
}

/// Rebuilding each signature's string table from its names with the reference writer's
/// rules (declaration order = order of first name offset; dedup and padding inferred from
/// the stored table) gives back the stored bytes.
#[test]
fn corpus_signature_tables_follow_writer_rules() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut total, mut same) = (0usize, 0usize);
    let mut layouts: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read shader");
        for (fourcc, data) in dxil_test_support::parts(&bytes).expect("container") {
            if !matches!(&fourcc, b"ISG1" | b"OSG1" | b"PSG1") {
                continue;
            }
            total += 1;
            let part = SignaturePart::parse(data).expect("parse");
            // Group records by name offset: one declared element (or name) per offset.
            let mut offsets: Vec<u32> = part.elements.iter().map(|e| e.semantic_name).collect();
            offsets.sort();
            offsets.dedup();
            let names: Vec<&str> = offsets
                .iter()
                .map(|&o| {
                    let e = part.elements.iter().find(|e| e.semantic_name == o).unwrap();
                    part.name(e).unwrap()
                })
                .collect();
            let mut unique = names.clone();
            unique.sort();
            unique.dedup();
            let dedup = unique.len() == names.len();
            let align4 = data.len() % 4 == 0;
            let declared: Vec<(&str, Vec<usize>)> = offsets
                .iter()
                .zip(&names)
                .map(|(&o, &n)| {
                    let recs = (0..part.elements.len())
                        .filter(|&i| part.elements[i].semantic_name == o)
                        .collect();
                    (n, recs)
                })
                .collect();
            let layout = StringLayout { dedup, align4 };
            *layouts.entry(format!("{layout:?}")).or_default() += 1;
            let rebuilt = SignaturePart::build(part.elements.clone(), &declared, layout)
                .and_then(|p| p.write())
                .expect("build");
            if rebuilt == data {
                same += 1;
            } else {
                failures.push(format!("{id} {}", String::from_utf8_lossy(&fourcc)));
            }
        }
    }
    println!("signature tables rebuilt from names: {same}/{total}; layouts {layouts:?}");
    for f in failures.iter().take(10) {
        println!("FAIL {f}");
    }
    assert_eq!(same, total);
}

/// Rebuilding each PSV0 string and semantic index table from the element names and indexes
/// with the reference writer's rules gives back the stored tables and offsets.
#[test]
fn corpus_psv_tables_follow_writer_rules() {
    use dxil_parts::psv::{build_tables, ElementNames};
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut total, mut same) = (0usize, 0usize);
    let mut failures = Vec::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read shader");
        for (fourcc, data) in dxil_test_support::parts(&bytes).expect("container") {
            if &fourcc != b"PSV0" {
                continue;
            }
            let psv = Psv::parse(data).expect("parse");
            let Some(s) = &psv.signatures else { continue };
            total += 1;
            let all: Vec<_> = s
                .input
                .iter()
                .chain(&s.output)
                .chain(&s.patch_const_or_prim)
                .collect();
            let names: Vec<ElementNames<'_>> = all
                .iter()
                .map(|e| ElementNames {
                    semantic_kind: e.semantic_kind,
                    name: psv.string(e.semantic_name).unwrap_or(""),
                    indexes: psv.semantic_indexes(e).unwrap_or(&[]),
                    rows: u32::from(e.rows),
                })
                .collect();
            let t = build_tables(&names, psv.entry_function_name());
            let offsets: Vec<(u32, u32)> = all
                .iter()
                .map(|e| (e.semantic_name, e.semantic_indexes))
                .collect();
            if t.string_table == s.string_table
                && t.semantic_index_table == s.semantic_index_table
                && t.offsets == offsets
                && t.entry_function_name == psv.runtime_info.entry_function_name
            {
                same += 1;
            } else {
                failures.push(id.clone());
            }
        }
    }
    println!("PSV0 tables rebuilt from names: {same}/{total}");
    println!("failures: {:?}", &failures[..failures.len().min(10)]);
    assert_eq!(same, total);
}
