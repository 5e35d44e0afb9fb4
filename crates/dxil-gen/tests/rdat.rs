//! Regenerates the `RDAT` part of every corpus container that has one, from its `DXIL`
//! module (subobjects carried from the stored part when the module has none, as the
//! validator does), and compares with the stored bytes. Prints
//! `RDAT regenerated == stored: N/M` and the mismatches grouped by the first differing
//! sub-part. Skips when `../shared` is absent. `RDAT_ONLY=ID` limits the run to one shader;
//! `RDAT_DUMP=DIR` writes each mismatching regenerated part to `DIR/ID.rdat`.

use std::collections::BTreeMap;

use dxil_gen::rdat::build_rdat;
use dxil_gen::Source;
use dxil_parts::rdat::Rdat;

/// The first differing sub-part (by type) of two `RDAT` parts, or a description.
fn first_difference(stored: &[u8], built: &[u8]) -> String {
    let (Ok(a), Ok(b)) = (Rdat::parse(stored), Rdat::parse(built)) else {
        return "unparsable".into();
    };
    let kinds = |r: &Rdat| r.parts.iter().map(|p| p.kind).collect::<Vec<_>>();
    if kinds(&a) != kinds(&b) {
        return format!("sub-parts {:?} vs {:?}", kinds(&a), kinds(&b));
    }
    for (p, q) in a.parts.iter().zip(&b.parts) {
        if p.data != q.data {
            let at = p
                .data
                .iter()
                .zip(&q.data)
                .position(|(x, y)| x != y)
                .unwrap_or(p.data.len().min(q.data.len()));
            return format!("sub-part {} (first difference at {at})", p.kind);
        }
    }
    "header".into()
}

#[test]
fn corpus_rdat_regenerates() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let only = std::env::var("RDAT_ONLY").ok();
    let mut same = 0usize;
    let mut total = 0usize;
    let mut patterns: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        if only.as_ref().is_some_and(|o| *o != id) {
            continue;
        }
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let Some(stored) = dxil_test_support::container::part(&bytes, b"RDAT") else {
            continue;
        };
        total += 1;
        let built = (|| -> Result<Vec<u8>, String> {
            let bitcode = dxil_test_support::container::dxil_bitcode(&bytes).ok_or("no DXIL")?;
            let module = dxil_bitcode::read_module(bitcode).map_err(|e| e.to_string())?;
            let src = Source::new(&module).map_err(|e| e.to_string())?;
            let carried = Rdat::parse(stored)
                .ok()
                .and_then(|r| r.subobjects().ok().flatten());
            build_rdat(&src, carried.as_deref()).map_err(|e| e.to_string())
        })();
        match built {
            Ok(b) if b == stored => same += 1,
            Ok(b) => {
                if let Ok(d) = std::env::var("RDAT_DUMP") {
                    let _ = std::fs::write(format!("{d}/{id}.rdat"), &b);
                }
                patterns
                    .entry(first_difference(stored, &b))
                    .or_default()
                    .push(id.clone())
            }
            Err(e) => patterns
                .entry(format!("error: {e}"))
                .or_default()
                .push(id.clone()),
        }
    }
    if total == 0 {
        return;
    }
    println!("RDAT regenerated == stored: {same}/{total}");
    for (pattern, ids) in &patterns {
        let shown: Vec<&str> = ids.iter().take(6).map(String::as_str).collect();
        println!("  {:>4}  {pattern}: {}", ids.len(), shown.join(" "));
    }
    assert_eq!(same, total, "RDAT mismatches (see above)");
}

/// Bit-flipped `DXIL` modules of corpus libraries: whenever the damaged module still reads,
/// `RDAT` generation returns (bytes or an error) without panicking.
#[test]
fn damaged_library_modules_do_not_panic() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut rng = dxil_test_support::XorShift64(0x5eed_4da7);
    let mut libraries = 0;
    let mut read = 0;
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        if dxil_test_support::container::part(&bytes, b"RDAT").is_none() {
            continue;
        }
        let Some(bitcode) = dxil_test_support::container::dxil_bitcode(&bytes) else {
            continue;
        };
        libraries += 1;
        if libraries > 40 {
            break;
        }
        for _ in 0..40 {
            let mut damaged = bitcode.to_vec();
            let at = rng.below(damaged.len());
            if let Some(b) = damaged.get_mut(at) {
                *b ^= 1 << rng.below(8);
            }
            let Ok(module) = dxil_bitcode::read_module(&damaged) else {
                continue;
            };
            let Ok(src) = Source::new(&module) else {
                continue;
            };
            read += 1;
            let _ = build_rdat(&src, None);
        }
    }
    println!("damaged library modules read and regenerated: {read}");
}
