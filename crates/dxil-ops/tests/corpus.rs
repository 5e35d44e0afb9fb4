//! Every `dx.op` call in the DXIL part of every corpus container decodes into a typed
//! operation; prints the figure and the failures grouped by message.

use std::collections::BTreeMap;

use dxil_ops::decode_call;

#[test]
fn corpus_calls_decode() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut decoded, mut total, mut files) = (0usize, 0usize, 0usize);
    let mut failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let Some(bitcode) = dxil_test_support::dxil_bitcode(&bytes) else {
            continue;
        };
        let m = dxil_bitcode::read_module(bitcode).expect("module");
        files += 1;
        for f in m.functions.iter() {
            let Some(body) = &f.body else { continue };
            for inst in body.insts.iter() {
                match decode_call(&m, body, inst) {
                    Ok(None) => {}
                    Ok(Some(_)) => {
                        decoded += 1;
                        total += 1;
                    }
                    Err(e) => {
                        total += 1;
                        let entry = failures.entry(e.to_string()).or_insert((0, id.clone()));
                        entry.0 += 1;
                    }
                }
            }
        }
    }
    for (msg, (n, id)) in &failures {
        println!("{n:6} {msg} (e.g. {id})");
    }
    println!("dx.op calls decoded: {decoded} / {total} in {files} modules");
    assert_eq!(decoded, total, "every dx.op call decodes");
}
