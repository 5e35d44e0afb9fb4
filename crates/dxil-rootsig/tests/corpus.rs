//! Every RTS0 part in `../shared/corpus` reads, prints to text, parses back and re-serializes
//! byte-identical; and the binary alone round-trips.

use dxil_rootsig::{binary, parse, to_text, validate};

#[test]
fn corpus_rts0_round_trip() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let files = dxil_test_support::files_with_extension(&dir, "dxil");
    let (mut seen, mut ok, mut valid) = (0u32, 0u32, 0u32);
    let mut failures = Vec::new();
    for path in &files {
        let bytes = std::fs::read(path).expect("read corpus file");
        let Some(part) = dxil_test_support::part(&bytes, b"RTS0") else {
            continue;
        };
        seen += 1;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let result = (|| -> Result<bool, String> {
            let rs = binary::read(part).map_err(|e| format!("read: {e}"))?;
            if binary::write(&rs) != part {
                return Err("binary re-serialization differs".into());
            }
            let text = to_text(&rs).map_err(|e| format!("print: {e}"))?;
            let back = parse(&text, rs.version).map_err(|e| format!("parse {text:?}: {e}"))?;
            if back != rs {
                return Err(format!("text round trip changed the model: {text}"));
            }
            if binary::write(&back) != part {
                return Err(format!("bytes differ after text round trip: {text}"));
            }
            Ok(validate(&rs).is_ok())
        })();
        match result {
            Ok(v) => {
                ok += 1;
                valid += u32::from(v);
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    println!("corpus RTS0 parts: {seen}, round-tripped through text byte-identical: {ok}, valid: {valid}");
    for f in failures.iter().take(10) {
        println!("  {f}");
    }
    assert!(
        failures.is_empty(),
        "{} corpus RTS0 parts failed",
        failures.len()
    );
}
