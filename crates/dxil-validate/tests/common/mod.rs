//! What the validator's tests share: error lines compared as the measuring tool compares
//! them, reference verdicts from an `index.jsonl`, and text inputs read as `dxv` reads them.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use dxil_validate::{Options, Report};

/// The error messages of validator output, as a multiset: the text after `error: ` on each
/// line (`Validation failed.` aside), trimmed, without a final period. Notes and warnings
/// are not compared.
pub fn messages(text: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let Some(at) = line.find("error: ") else {
            continue;
        };
        let m = line[at + 7..].trim().trim_end_matches('.');
        if m.contains("Validation failed") {
            continue;
        }
        *out.entry(m.to_string()).or_insert(0) += 1;
    }
    out
}

/// One `index.jsonl` record: the id, whether the reference validator accepted the input,
/// and what it printed.
pub struct Verdict {
    pub id: String,
    pub ok: bool,
    pub dxv: String,
}

/// The records of `dir/index.jsonl` that carry a reference verdict.
pub fn verdicts(dir: &Path) -> Vec<Verdict> {
    let Some(records) = dxil_test_support::read_jsonl(&dir.join("index.jsonl")) else {
        return Vec::new();
    };
    records
        .iter()
        .filter_map(|r| {
            Some(Verdict {
                id: r.get("id")?.as_str()?.to_string(),
                ok: r.get("dxv_ok")?.as_bool()?,
                dxv: r
                    .get("dxv")
                    .and_then(|v| v.as_str())
                    .unwrap_or("")
                    .to_string(),
            })
        })
        .collect()
}

/// DXIL text validated as `dxil val` validates it: parsed into a module, then the module's
/// rules. `None` when the text does not parse.
pub fn validate_text(text: &str, name: &str) -> Option<Report> {
    let module = dxil_asm::parse_module(text, name).ok()?;
    Some(dxil_validate::validate_module(&module, &Options::default()))
}

/// Agreement figures over a set of inputs.
#[derive(Default)]
pub struct Tally {
    /// Inputs compared.
    pub total: usize,
    /// Verdicts equal to the reference's.
    pub verdicts: usize,
    /// Inputs the reference rejected.
    pub rejected: usize,
    /// Of those, how many have our error messages equal to the reference's.
    pub messages: usize,
    /// Inputs the reference accepted and we reject (the worst kind of disagreement).
    pub false_rejections: Vec<String>,
    /// Inputs the reference rejected and we accept.
    pub missed: Vec<String>,
    /// Rejected inputs whose messages differ.
    pub message_differences: Vec<String>,
}

impl Tally {
    /// Counts one input: `ours` is our verdict and printed output, `reference` the
    /// reference's verdict and output.
    pub fn add(&mut self, id: &str, ours: (bool, &str), reference: (bool, &str)) {
        self.total += 1;
        if ours.0 == reference.0 {
            self.verdicts += 1;
        } else if reference.0 {
            self.false_rejections.push(id.to_string());
        } else {
            self.missed.push(id.to_string());
        }
        if !reference.0 {
            self.rejected += 1;
            if messages(ours.1) == messages(reference.1) {
                self.messages += 1;
            } else {
                self.message_differences.push(id.to_string());
            }
        }
    }

    /// `name: verdict a/b (p%) messages c/d (q%)`, then a few of each disagreement.
    pub fn print(&self, name: &str) {
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        eprintln!(
            "{name}: verdict {}/{} ({:.1}%) messages {}/{} ({:.1}%)",
            self.verdicts,
            self.total,
            pct(self.verdicts, self.total),
            self.messages,
            self.rejected,
            pct(self.messages, self.rejected)
        );
        let show = |what: &str, ids: &[String]| {
            if !ids.is_empty() {
                let some: Vec<&str> = ids.iter().take(8).map(String::as_str).collect();
                eprintln!("  {what} x{}: {}", ids.len(), some.join(" "));
            }
        };
        show("false rejections", &self.false_rejections);
        show("accepted, reference rejects", &self.missed);
        show("messages differ", &self.message_differences);
    }
}
