//! `dxil parts F... [--json] [-o OUT]`: one line per part, in offset-table order:
//! `FOURCC offset 0x.. size N (Name)`.
//!
//! `--regenerate`: each part the `DXIL` module determines is regenerated (`dxil-gen`) and
//! compared with the stored bytes: `same`, `differs at 0x..: stored 0x.., regenerated 0x..
//! (N and M bytes)`, `kept as stored` (a part the module does not determine, such as
//! `RTS0` or `STAT`: not regenerated, so not compared; `copied` in JSON), `failed: ...`,
//! `missing`; a `digest` line compares the container digest recomputed over the regenerated parts; then the recorded
//! shader flags against the ones recomputed from the module (by name, and the bits only one
//! side has), and per signature whether repacking its elements reproduces the recorded
//! placements. Any difference is a failed check: exit status 1.

use std::fmt::Write;

use dxil::gen::PartCheck;
use dxil::module::shader_flags::describe;
use dxil::Input;
use serde_json::{json, Value};

use super::CmdResult;
use crate::io::{count, CliError, Report, ReportArgs};

/// Arguments of `dxil parts`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub report: ReportArgs,
    /// Regenerate the parts from the module and compare them with the stored ones (exit 1
    /// when any differs).
    #[arg(long)]
    pub regenerate: bool,
}

/// Runs `dxil parts`.
pub fn run(args: Args) -> CmdResult {
    args.report.run(|_, bytes| {
        let input = Input::parse(bytes)?;
        let c = input.container()?;
        if args.regenerate {
            return regenerate(c);
        }
        let mut text = String::new();
        let mut list = Vec::new();
        for p in c.parts() {
            let _ = write!(
                text,
                "{} offset {:#x} size {}",
                p.fourcc,
                p.offset,
                p.data.len()
            );
            if let Some(name) = p.fourcc.name() {
                let _ = write!(text, " ({name})");
            }
            text.push('\n');
            list.push(json!({
                "fourcc": p.fourcc.to_string(),
                "name": p.fourcc.name(),
                "offset": p.offset,
                "size": p.data.len(),
            }));
        }
        Ok(Report {
            text,
            json: Value::Array(list),
            ok: true,
        })
    })
}

fn byte(b: Option<u8>) -> String {
    b.map_or("end".to_string(), |b| format!("{b:#04x}"))
}

fn regenerate(c: &dxil::container::Container<'_>) -> Result<Report, CliError> {
    let regen = dxil::gen::regenerate(c)?;
    let mut text = String::new();
    let mut ok = true;
    let mut parts = Vec::new();
    for (fourcc, check) in &regen.parts {
        let name = if *fourcc == dxil::container::FourCC::CONTAINER {
            "digest".to_string()
        } else {
            fourcc.to_string()
        };
        let (status, detail) = match check {
            PartCheck::Same => ("same", String::new()),
            PartCheck::Differs {
                at,
                stored_byte,
                regenerated_byte,
                stored,
                regenerated,
            } => {
                let sizes = if stored == regenerated {
                    format!("{} each", count(*stored, "byte", "bytes"))
                } else {
                    format!(
                        "stored {}, regenerated {regenerated}",
                        count(*stored, "byte", "bytes")
                    )
                };
                (
                    "differs",
                    format!(
                        " at {at:#x}: stored {}, regenerated {} ({sizes})",
                        byte(*stored_byte),
                        byte(*regenerated_byte)
                    ),
                )
            }
            PartCheck::Failed(e) => ("failed", format!(": {e}")),
            // Kept as stored: the text says so in words; JSON keeps the status word.
            PartCheck::Copied if *fourcc == dxil::container::FourCC::DXIL => (
                "copied",
                " (the module the others are regenerated from)".to_string(),
            ),
            PartCheck::Copied => ("copied", " (not regenerated, so not compared)".to_string()),
            PartCheck::Missing => ("missing", " (the module implies it)".to_string()),
        };
        ok &= matches!(check, PartCheck::Same | PartCheck::Copied);
        let word = match check {
            PartCheck::Copied => "kept as stored",
            _ => status,
        };
        let _ = writeln!(text, "{name} {word}{detail}");
        let detail = detail.trim_start_matches([' ', ':']);
        let detail = detail
            .strip_prefix('(')
            .and_then(|d| d.strip_suffix(')'))
            .unwrap_or(detail);
        parts.push(json!({ "part": name, "status": status, "detail": detail }));
    }
    let flags = regen.flags.map(|(recorded, computed)| {
        if recorded == computed {
            let _ = writeln!(text, "shader flags same: {}", describe(recorded.0));
        } else {
            ok = false;
            let _ = writeln!(
                text,
                "shader flags differ: recorded {}, computed {}",
                describe(recorded.0),
                describe(computed.0)
            );
            let (only_recorded, only_computed) =
                (recorded.0 & !computed.0, computed.0 & !recorded.0);
            if only_recorded != 0 {
                let _ = writeln!(
                    text,
                    "  recorded, not computed: {}",
                    describe(only_recorded)
                );
            }
            if only_computed != 0 {
                let _ = writeln!(
                    text,
                    "  computed, not recorded: {}",
                    describe(only_computed)
                );
            }
        }
        json!({ "recorded": recorded.0, "computed": computed.0 })
    });
    let mut packing = Vec::new();
    for (sig, strategy) in &regen.packing {
        let _ = match strategy {
            Some(s) => writeln!(text, "{sig:?} signature placements same (repacked {s:?})"),
            None => {
                ok = false;
                writeln!(text, "{sig:?} signature placements differ from a repack")
            }
        };
        packing.push(json!({
            "signature": format!("{sig:?}"),
            "repacked": strategy.as_ref().map(|s| format!("{s:?}")),
        }));
    }
    Ok(Report {
        text,
        json: json!({ "same": ok, "parts": parts, "shader_flags": flags, "packing": packing }),
        ok,
    })
}
