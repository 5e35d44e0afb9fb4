//! Writer corpus test: every corpus module (DXIL, ILDB and STAT parts) is decoded and
//! encoded again; the bytes must equal the reference's, and decoding the output must give
//! the same IR. Failures report the first differing record (block path, record code, operand
//! index), found by walking both bitstreams in parallel.

use std::collections::BTreeMap;

use dxil_bitstream::{Entry, RawEntry, Reader, Record};

/// Where two bitstreams first differ, as a short description.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (Ok(mut ra), Ok(mut rb)) = (Reader::new(a), Reader::new(b)) else {
        return "unreadable stream".into();
    };
    let mut path: Vec<u32> = Vec::new();
    let (mut reca, mut recb) = (Record::new(), Record::new());
    let mut index = 0usize;
    let p = |path: &[u32]| {
        path.iter()
            .map(|id| id.to_string())
            .collect::<Vec<_>>()
            .join("/")
    };
    loop {
        let (ea, eb) = match (ra.next_raw(), rb.next_raw()) {
            (Ok(x), Ok(y)) => (x, y),
            (x, y) => return format!("block {}: read error {x:?} / {y:?}", p(&path)),
        };
        match (&ea, &eb) {
            (RawEntry::DefineAbbrev(x), RawEntry::DefineAbbrev(y)) => {
                if x != y {
                    return format!("block {}: abbrev definition differs", p(&path));
                }
            }
            (
                RawEntry::Entry(Entry::SubBlock { block_id: x }),
                RawEntry::Entry(Entry::SubBlock { block_id: y }),
            ) if x == y => {
                path.push(*x);
                index = 0;
                if ra.enter_block().is_err() || rb.enter_block().is_err() {
                    return format!("block {}: cannot enter", p(&path));
                }
            }
            (RawEntry::Entry(Entry::EndBlock), RawEntry::Entry(Entry::EndBlock)) => {
                path.pop();
            }
            (RawEntry::Entry(Entry::EndOfStream), RawEntry::Entry(Entry::EndOfStream)) => {
                return "streams equal record by record (layout differs)".into();
            }
            (
                RawEntry::Entry(Entry::Record { abbrev_id: x }),
                RawEntry::Entry(Entry::Record { abbrev_id: y }),
            ) => {
                if ra.read_record(*x, &mut reca).is_err() || rb.read_record(*y, &mut recb).is_err()
                {
                    return format!("block {}: unreadable record", p(&path));
                }
                index += 1;
                if reca.code != recb.code {
                    return format!(
                        "block {} record #{index}: code {} vs {}",
                        p(&path),
                        reca.code,
                        recb.code
                    );
                }
                if reca.ops != recb.ops {
                    let at = reca
                        .ops
                        .iter()
                        .zip(&recb.ops)
                        .position(|(u, v)| u != v)
                        .unwrap_or(reca.ops.len().min(recb.ops.len()));
                    return format!(
                        "block {} record #{index} code {}: op {at} ({} ops vs {})",
                        p(&path),
                        reca.code,
                        reca.ops.len(),
                        recb.ops.len()
                    );
                }
                if x != y {
                    return format!(
                        "block {} record #{index} code {}: abbrev {x} vs {y}",
                        p(&path),
                        reca.code
                    );
                }
            }
            _ => {
                return format!(
                    "block {} after record #{index}: {} vs {}",
                    p(&path),
                    entry_name(&ea),
                    entry_name(&eb)
                )
            }
        }
    }
}

fn entry_name(e: &RawEntry) -> String {
    match e {
        RawEntry::DefineAbbrev(_) => "DEFINE_ABBREV".into(),
        RawEntry::Entry(Entry::SubBlock { block_id }) => format!("block {block_id}"),
        RawEntry::Entry(Entry::EndBlock) => "END_BLOCK".into(),
        RawEntry::Entry(Entry::Record { .. }) => "record".into(),
        RawEntry::Entry(Entry::EndOfStream) => "end of stream".into(),
    }
}

/// Compares the orders computed by the writer's rules with the orders the reader kept.
fn order_difference(m: &dxil_ir::Module) -> Option<String> {
    let o = match dxil_bitcode::orders(m, dxil_bitcode::WriteOptions::infer(m)) {
        Ok(o) => o,
        Err(e) => return Some(format!("orders: {e}")),
    };
    let first = |a: &[u32], b: &[u32]| a.iter().zip(b).position(|(x, y)| x != y);
    let types: Vec<u32> = o.types.iter().map(|t| t.as_u32()).collect();
    let stored: Vec<u32> = (0..m.types.len() as u32).collect();
    if types != stored {
        return Some(format!(
            "type order (len {} vs {}, first at {:?})",
            types.len(),
            stored.len(),
            first(&types, &stored)
        ));
    }
    let mc: Vec<u32> = o.module_constants.iter().map(|c| c.as_u32()).collect();
    let smc: Vec<u32> = m.module_constants.iter().map(|c| c.as_u32()).collect();
    if mc != smc {
        return Some(format!(
            "module constant order (len {} vs {}, first at {:?})",
            mc.len(),
            smc.len(),
            first(&mc, &smc)
        ));
    }
    let md: Vec<u32> = o.module_metadata.iter().map(|c| c.as_u32()).collect();
    let smd: Vec<u32> = (0..m.module_metadata_count).collect();
    if md != smd {
        return Some(format!(
            "module metadata order (len {} vs {}, first at {:?})",
            md.len(),
            smd.len(),
            first(&md, &smd)
        ));
    }
    for (f, b) in m.functions.iter().zip(&o.bodies) {
        let Some(body) = &f.body else { continue };
        let bc: Vec<u32> = b.constants.iter().map(|c| c.as_u32()).collect();
        let sbc: Vec<u32> = body.constants.iter().map(|c| c.as_u32()).collect();
        if bc != sbc {
            return Some(format!(
                "function constant order (len {} vs {}, first at {:?})",
                bc.len(),
                sbc.len(),
                first(&bc, &sbc)
            ));
        }
        if b.local_metadata != body.local_metadata {
            return Some("function-local metadata order".into());
        }
    }
    None
}

#[test]
fn corpus_reencodes_byte_identical() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    let (mut total, mut same, mut ir_same) = (0usize, 0usize, 0usize);
    let mut patterns: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut preserve: BTreeMap<String, usize> = BTreeMap::new();
    for id in &ids {
        let Ok(file) = std::fs::read(dir.join(format!("{id}.dxil"))) else {
            continue;
        };
        for part in [b"DXIL", b"ILDB", b"STAT"] {
            let Some(bc) = dxil_test_support::part_bitcode(&file, part) else {
                continue;
            };
            let Ok(m) = dxil_bitcode::read_module(bc) else {
                continue;
            };
            total += 1;
            let opts = dxil_bitcode::WriteOptions::infer(&m);
            let uselists = !m.uselists.is_empty()
                || m.functions
                    .iter()
                    .filter_map(|f| f.body.as_ref())
                    .any(|b| !b.uselists.is_empty());
            if uselists {
                *preserve
                    .entry(format!(
                        "{} with use-list blocks",
                        String::from_utf8_lossy(part)
                    ))
                    .or_default() += 1;
            }
            *preserve
                .entry(format!(
                    "{} preserve_use_list_order={}",
                    String::from_utf8_lossy(part),
                    opts.preserve_use_list_order
                ))
                .or_default() += 1;
            if let Some(d) = order_difference(&m) {
                let slot = patterns.entry(d).or_insert((0, String::new()));
                slot.0 += 1;
                if slot.1.is_empty() {
                    slot.1 = format!("{id} {}", String::from_utf8_lossy(part));
                }
            }
            let out = match dxil_bitcode::write_module(&m) {
                Ok(out) => out,
                Err(e) => {
                    let key = format!("write error: {e}");
                    let slot = patterns.entry(key).or_insert((0, String::new()));
                    slot.0 += 1;
                    slot.1 = format!("{id} {}", String::from_utf8_lossy(part));
                    continue;
                }
            };
            if out == bc {
                same += 1;
            } else {
                let diff = first_difference(bc, &out);
                let slot = patterns.entry(diff).or_insert((0, String::new()));
                slot.0 += 1;
                if slot.1.is_empty() {
                    slot.1 = format!("{id} {}", String::from_utf8_lossy(part));
                }
            }
            match dxil_bitcode::read_module(&out) {
                Ok(back) if back == m => ir_same += 1,
                Ok(_) => {
                    let slot = patterns
                        .entry("re-read IR differs".into())
                        .or_insert((0, String::new()));
                    slot.0 += 1;
                    slot.1 = format!("{id} {}", String::from_utf8_lossy(part));
                }
                Err(e) => {
                    let slot = patterns
                        .entry(format!("re-read error: {e}"))
                        .or_insert((0, String::new()));
                    slot.0 += 1;
                    slot.1 = format!("{id} {}", String::from_utf8_lossy(part));
                }
            }
        }
    }
    eprintln!("writer: {same}/{total} modules byte-identical, {ir_same}/{total} re-read equal");
    for (k, n) in &preserve {
        eprintln!("  {n:5} x {k}");
    }
    let mut sorted: Vec<_> = patterns.iter().collect();
    sorted.sort_by_key(|e| std::cmp::Reverse(e.1 .0));
    for (diff, (n, example)) in sorted.iter().take(25) {
        eprintln!("  {n:5} x {diff}   (e.g. {example})");
    }
    assert!(total > 0, "no corpus module was read");
    assert_eq!(ir_same, total, "decoding the output must give the same IR");
    assert_eq!(same, total, "every module must re-encode byte-identical");
}

/// One [`dxil_bitcode::Encoder`] writes module after module (large and small, and after a
/// write that failed half-way or used other options) with the reference's bytes: what it
/// keeps from one module is only buffers.
#[test]
fn one_encoder_writes_every_module_like_the_reference() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let files = dxil_test_support::corpus_bytes(&dir);
    let mut encoder = dxil_bitcode::Encoder::new();
    let mut bytes = Vec::new();
    let mut n = 0;
    let dangling = dxil_ir::Arg::checked(999, 1000).unwrap();
    for f in dxil_test_support::spread(&files, 300) {
        for (_, bc) in dxil_test_support::program_bitcodes(f) {
            let Ok(m) = dxil_bitcode::read_module(bc) else {
                continue;
            };
            encoder.write_module(&m, &mut bytes).unwrap();
            assert!(bytes == bc, "module {n} differs");
            n += 1;
            // A write that fails (a function body's instruction refers to a value that does
            // not exist).
            let mut bad = m.clone().into_inner();
            let body = bad
                .functions
                .as_mut_slice()
                .iter_mut()
                .find_map(|f| f.body.as_mut());
            if let Some(b) = body {
                if let Some(inst) = b.insts.as_mut_slice().last_mut() {
                    inst.kind.for_each_operand_mut(&mut b.pool, |v| {
                        *v = dxil_ir::ValueRef::Arg(dangling)
                    });
                }
            }
            let _ = encoder.write_module(&bad, &mut bytes);
            // The other option.
            let other = dxil_bitcode::WriteOptions {
                preserve_use_list_order: !dxil_bitcode::WriteOptions::infer(&m)
                    .preserve_use_list_order,
            };
            encoder.write_module_with(&m, other, &mut bytes).unwrap();
            assert_eq!(bytes, dxil_bitcode::write_module_with(&m, other).unwrap());
        }
    }
    assert!(n > 300, "{n} modules");
}
