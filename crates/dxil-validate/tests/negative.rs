//! The reference validator's own invalid inputs (`../shared/negative/*.ll`, verdicts and
//! output in its `index.jsonl`): our verdict and error messages against the reference's, as
//! `../shared/tools/measure-val` compares them. Text that does not parse counts as rejected
//! with the parse error as its one message (what `dxil val` prints), which never matches.
//! Skips when the directory is absent (fails under CI).

mod common;

use common::{validate_text, verdicts, Tally};

/// Verdicts agreeing with the reference at least (the figure reached so far; raise it as
/// rules land).
const VERDICT_FLOOR: usize = 131;
/// Rejected inputs whose error messages equal the reference's at least.
const MESSAGES_FLOOR: usize = 84;

#[test]
fn negative_verdicts_and_messages() {
    let Some(dir) = dxil_test_support::shared_path("negative") else {
        return;
    };
    let records = verdicts(&dir);
    assert!(!records.is_empty(), "{}: no verdicts", dir.display());
    let mut tally = Tally::default();
    let mut unparsed = Vec::new();
    for r in &records {
        let name = format!("{}.ll", r.id);
        let Ok(text) = std::fs::read_to_string(dir.join(&name)) else {
            continue;
        };
        let (valid, printed) = match validate_text(&text, &name) {
            Some(report) => (report.is_valid(), report.to_string()),
            None => {
                unparsed.push(r.id.clone());
                (false, "error: the text does not parse\n".to_string())
            }
        };
        tally.add(&r.id, (valid, &printed), (r.ok, &r.dxv));
    }
    tally.print("negative");
    if !unparsed.is_empty() {
        eprintln!("  not parsed x{}: {}", unparsed.len(), unparsed.join(" "));
    }
    assert!(
        tally.false_rejections.is_empty(),
        "valid inputs rejected: {:?}",
        tally.false_rejections
    );
    assert!(
        tally.verdicts >= VERDICT_FLOOR,
        "verdicts {} below the floor {VERDICT_FLOOR}",
        tally.verdicts
    );
    assert!(
        tally.messages >= MESSAGES_FLOOR,
        "messages {} below the floor {MESSAGES_FLOOR}",
        tally.messages
    );
}
