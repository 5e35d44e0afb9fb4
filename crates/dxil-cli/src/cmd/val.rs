//! `dxil val F... [--json] [--jobs N]`: validates containers (or DXIL text, assembled first)
//! as the reference validator does, printing what `dxv` prints: the errors
//! (`Function: main: error: ...`, `note: at '...' in block '#0' of function 'main'.`) and
//! `Validation succeeded.` / `Validation failed.`. With several inputs, each input's lines
//! end with a summary line naming it. `--json` gives the same with rule names. Exit 0 iff
//! every input is valid.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use dxil::validator::{Options, Report};
use serde_json::json;

use super::CmdResult;
use crate::io::{display_name, json_text, read_unnamed, Failure, InputsArg, JsonArg, OutputArg};

/// Arguments of `dxil val`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: InputsArg,
    /// Validate this many inputs at once (default: one per processor).
    #[arg(short, long, value_name = "N", value_parser = jobs_arg)]
    pub jobs: Option<usize>,
    /// Check only the program, not the container parts against it.
    #[arg(long)]
    pub no_parts: bool,
    #[command(flatten)]
    pub json: JsonArg,
    #[command(flatten)]
    pub output: OutputArg,
}

/// One input's outcome: a report, or why it could not be read.
type Outcome = Result<Report, String>;

/// Runs `dxil val`.
pub fn run(args: Args) -> CmdResult {
    let options = Options {
        parts: !args.no_parts,
    };
    let inputs = &args.inputs.inputs;
    let outcomes = validate_all(inputs, &options, args.jobs);
    let all_valid = outcomes.iter().all(|o| matches!(o, Ok(r) if r.is_valid()));
    let single = inputs.len() == 1;
    let mut errors = String::new();
    let text = if args.json.json {
        let items: Vec<_> = inputs
            .iter()
            .zip(&outcomes)
            .map(|(path, o)| json_of(path, o))
            .collect();
        let value = if single {
            items[0].clone()
        } else {
            json!(items)
        };
        json_text(&value)?
    } else {
        let mut text = String::new();
        for (path, outcome) in inputs.iter().zip(&outcomes) {
            let name = display_name(path);
            match outcome {
                Ok(report) if single => text.push_str(&report.to_string()),
                Ok(report) => {
                    for d in &report.diagnostics {
                        text.push_str(&format!("{d}\n"));
                    }
                    let verdict = if report.is_valid() {
                        "succeeded"
                    } else {
                        "failed"
                    };
                    text.push_str(&format!("{name}: Validation {verdict}.\n"));
                }
                Err(e) => {
                    errors.push_str(&format!("error: {name}: {e}\n"));
                    if !single {
                        text.push_str(&format!("{name}: Validation failed.\n"));
                    }
                }
            }
        }
        text
    };
    eprint!("{errors}");
    args.output.text(&text)?;
    if all_valid {
        Ok(())
    } else {
        Err(Failure::Reported)
    }
}

fn json_of(path: &Path, outcome: &Outcome) -> serde_json::Value {
    match outcome {
        Ok(report) => json!({
            "file": display_name(path),
            "valid": report.is_valid(),
            "diagnostics": report.diagnostics.iter().map(|d| json!({
                "severity": d.severity.as_str(),
                "rule": d.rule_code(),
                "function": d.function,
                "message": d.message,
                "notes": d.notes,
            })).collect::<Vec<_>>(),
        }),
        Err(e) => json!({ "file": display_name(path), "valid": false, "error": e }),
    }
}

/// `--jobs`: a count of 1 or more (a usage error otherwise, in words rather than the
/// integer parser's).
fn jobs_arg(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err("expected a whole number of inputs at once, 1 or more".to_string()),
    }
}

/// Validates every input, `jobs` at a time, keeping the inputs' order.
fn validate_all(inputs: &[PathBuf], options: &Options, jobs: Option<usize>) -> Vec<Outcome> {
    let one = |path: &PathBuf| -> Outcome {
        let bytes = read_unnamed(path)?;
        dxil::validate_named(&bytes, &display_name(path), options).map_err(|e| e.to_string())
    };
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, inputs.len().max(1));
    if jobs == 1 {
        return inputs.iter().map(one).collect();
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Outcome>>> = Mutex::new(inputs.iter().map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(path) = inputs.get(i) else { break };
                let outcome = one(path);
                if let Ok(mut r) = results.lock() {
                    r[i] = Some(outcome);
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|o| o.unwrap_or_else(|| Err("not validated".to_string())))
        .collect()
}
