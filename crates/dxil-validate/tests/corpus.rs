//! Every corpus container against the reference validator's recorded verdict (`dxv_ok` in
//! `../shared/corpus/index.jsonl`) and, for the ones it rejected, its error messages (the
//! `dxv` field) as a multiset, as `../shared/tools/measure-val` compares them. Skips when the
//! corpus is absent (fails under CI).

mod common;

use common::{verdicts, Tally};
use dxil_validate::{validate_container, Options};

/// Verdicts agreeing with the reference at least (the figure reached so far; raise it as
/// rules land).
const VERDICT_FLOOR: usize = 2536;
/// Rejected shaders whose error messages equal the reference's at least.
const MESSAGES_FLOOR: usize = 49;

#[test]
fn corpus_verdicts_and_messages() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let records = verdicts(&dir);
    assert!(!records.is_empty(), "{}: no verdicts", dir.display());
    let mut tally = Tally::default();
    // Errors of the part checks on shaders the reference accepts: every part the corpus
    // carries must be what its module gives.
    let mut part_errors = Vec::new();
    for r in &records {
        let Ok(bytes) = std::fs::read(dir.join(format!("{}.dxil", r.id))) else {
            continue;
        };
        let report = validate_container(&bytes, &Options::default());
        if r.ok {
            part_errors.extend(
                report
                    .errors()
                    .filter(|d| d.rule_code().is_some_and(|c| c.starts_with("CONTAINER.")))
                    .map(|d| format!("{}: {d}", r.id)),
            );
        }
        tally.add(
            &r.id,
            (report.is_valid(), &report.to_string()),
            (r.ok, &r.dxv),
        );
    }
    tally.print("corpus");
    assert!(
        part_errors.is_empty(),
        "part errors on valid shaders: {part_errors:?}"
    );
    assert!(
        tally.false_rejections.is_empty(),
        "valid shaders rejected: {:?}",
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
