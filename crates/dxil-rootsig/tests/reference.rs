//! Acceptance against the reference compiler: `../shared/rootsig/index.jsonl` holds generated
//! root signature strings with the reference's result. Accepted strings must compile to the
//! identical RTS0 part; refused strings must be refused.

use dxil_rootsig::{compile, Version};

#[test]
fn reference_rootsig_strings() {
    let Some(path) = dxil_test_support::shared_path("rootsig/index.jsonl") else {
        return;
    };
    let Some(index) = dxil_test_support::read_jsonl(&path) else {
        return;
    };
    let (mut ok_total, mut ok_match, mut err_total, mut err_refused) = (0u32, 0u32, 0u32, 0u32);
    let mut same_message = 0u32;
    let mut same_container = 0u32;
    let mut message_diffs = Vec::new();
    let mut disagreements = Vec::new();
    for v in &index {
        let id = v["id"].as_str().unwrap_or("?");
        let src = v["text"].as_str().expect("text");
        let version =
            Version::parse(v["version"].as_str().expect("version")).expect("known version");
        let got = compile(src, version);
        if v["ok"].as_bool() == Some(true) {
            ok_total += 1;
            let container =
                dxil_test_support::unhex(v["container_hex"].as_str().expect("container_hex"));
            let want =
                dxil_test_support::part(&container, b"RTS0").expect("reference container has RTS0");
            match &got {
                Ok(rs) if dxil_rootsig::binary::write(rs) == want => {
                    ok_match += 1;
                    // The whole container: version 1.0, the RTS0 part alone, digest set.
                    let mut b = dxil_container::ContainerBuf::new();
                    b.add_part(
                        dxil_container::FourCC::RTS0,
                        dxil_rootsig::binary::write(rs),
                    );
                    if b.to_bytes_with_digest().ok().as_deref() == Some(&container[..]) {
                        same_container += 1;
                    }
                }
                Ok(_) => disagreements.push(format!("{id}: accepted, bytes differ: {src}")),
                Err(e) => {
                    disagreements.push(format!("{id}: reference accepted, we refused ({e}): {src}"))
                }
            }
        } else {
            err_total += 1;
            match &got {
                Err(e) => {
                    err_refused += 1;
                    // The reference prints `rs.hlsl:L:C: error: root signature error - MSG`.
                    let theirs = v["error"]
                        .as_str()
                        .unwrap_or("")
                        .lines()
                        .next()
                        .unwrap_or("");
                    let theirs = theirs
                        .split("root signature error - ")
                        .nth(1)
                        .unwrap_or(theirs);
                    let ours = e.message().trim_start_matches("root signature error - ");
                    if ours.trim_end() == theirs.trim_end() {
                        same_message += 1;
                    } else {
                        message_diffs.push(format!("{id}: ours {ours:?} / reference {theirs:?}"));
                    }
                }
                Ok(_) => disagreements.push(format!(
                    "{id}: reference refused ({}), we accepted: {src}",
                    v["error"]
                        .as_str()
                        .unwrap_or("")
                        .lines()
                        .next()
                        .unwrap_or("")
                )),
            }
        }
    }
    let ok_pct = 100.0 * f64::from(ok_match) / f64::from(ok_total.max(1));
    let err_pct = 100.0 * f64::from(err_refused) / f64::from(err_total.max(1));
    println!("accepted: {ok_match}/{ok_total} identical RTS0 ({ok_pct:.2}%)");
    println!("accepted: {same_container}/{ok_total} identical whole containers (digest included)");
    println!("refused: {err_refused}/{err_total} refused ({err_pct:.2}%)");
    println!("refused with the reference's message: {same_message}/{err_refused}");
    for d in message_diffs.iter().take(5) {
        println!("  {d}");
    }
    println!("disagreements: {}", disagreements.len());
    for d in disagreements.iter().take(10) {
        println!("  {d}");
    }
    assert_eq!(
        same_container, ok_match,
        "containers differ where RTS0 parts agree"
    );
    assert!(ok_pct >= 99.5, "accepted-match {ok_pct:.2}% below 99.5%");
    assert!(err_pct >= 99.0, "refused {err_pct:.2}% below 99%");
}
