//! Every corpus container against the reference validator's recorded verdict (`dxv_ok` in
//! `../shared/corpus/index.jsonl`) and, for the ones it rejected, its error messages (the
//! `dxv` field) as a multiset, as `../shared/tools/measure-val` compares them. Skips when the
//! corpus is absent (fails under CI).

mod common;

use common::{verdicts, Tally};
use dxil_validate::{validate_container, Options};

/// Verdicts agreeing with the reference at least (the figure reached so far; raise it as
/// rules land).
const VERDICT_FLOOR: usize = 2533;
/// Rejected shaders whose error messages equal the reference's at least.
const MESSAGES_FLOOR: usize = 31;

#[test]
fn corpus_verdicts_and_messages() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let records = verdicts(&dir);
    assert!(!records.is_empty(), "{}: no verdicts", dir.display());
    let mut tally = Tally::default();
    for r in &records {
        let Ok(bytes) = std::fs::read(dir.join(format!("{}.dxil", r.id))) else {
            continue;
        };
        let report = validate_container(&bytes, &Options::default());
        tally.add(
            &r.id,
            (report.is_valid(), &report.to_string()),
            (r.ok, &r.dxv),
        );
    }
    tally.print("corpus");
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

/// The part checks alone never reject a corpus shader the reference accepts: every part
/// the corpus carries is what the module gives.
#[test]
fn corpus_parts_match_their_modules() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut checked = 0usize;
    for r in verdicts(&dir).iter().filter(|r| r.ok) {
        let Ok(bytes) = std::fs::read(dir.join(format!("{}.dxil", r.id))) else {
            continue;
        };
        let report = validate_container(&bytes, &Options::default());
        let part_errors: Vec<String> = report
            .errors()
            .filter(|d| d.rule_code().is_some_and(|c| c.starts_with("CONTAINER.")))
            .map(ToString::to_string)
            .collect();
        assert!(part_errors.is_empty(), "{}: {part_errors:?}", r.id);
        checked += 1;
    }
    eprintln!("corpus: the parts of {checked} valid shaders match their modules");
}
