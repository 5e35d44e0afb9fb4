//! `dxil rootsig`: compile root signature text to a container, show the root signature of a
//! container or RTS0 blob as text, and check either form against the reference's rules.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use dxil_container::{Container, ContainerBuf, FourCC};
use dxil_rootsig::{binary, compile, to_text, validate, RootSignature, Version};
use serde_json::json;

use super::CmdResult;
use crate::io::{read_input, write_binary, write_text, CliError};

/// `dxil rootsig ...`
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    cmd: Sub,
}

#[derive(Subcommand)]
enum Sub {
    /// Compile root signature text into a container holding its RTS0 part (digest set).
    Compile {
        /// The root signature text, e.g. "RootFlags(0), CBV(b0)" (or use --file).
        #[arg(required_unless_present = "file")]
        text: Option<String>,
        /// Read the text from a file (`-` for standard input).
        #[arg(short, long, conflicts_with = "text")]
        file: Option<PathBuf>,
        /// Root signature version: 1.0, 1.1 or 1.2 (also rootsig_1_0 ...).
        #[arg(long, default_value = "1.1")]
        version: String,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Write the bare RTS0 part instead of a container.
        #[arg(long)]
        raw: bool,
        /// Print a JSON report instead of writing binary output to standard output.
        #[arg(long)]
        json: bool,
    },
    /// Print the root signature of a container (its RTS0 part) or of a raw RTS0 blob as text.
    Show {
        /// Container or RTS0 file (`-` for standard input).
        file: PathBuf,
        /// Print a JSON report (version, text, model, validation).
        #[arg(long)]
        json: bool,
    },
    /// Check a container, an RTS0 blob or root signature text against the reference's rules.
    Check {
        /// A file (container or RTS0) or, if no such file exists, root signature text.
        input: String,
        /// Version for text input: 1.0, 1.1 or 1.2.
        #[arg(long, default_value = "1.1")]
        version: String,
        /// Print a JSON report.
        #[arg(long)]
        json: bool,
    },
}

fn version_arg(s: &str) -> Result<Version, CliError> {
    Version::parse(s).ok_or_else(|| {
        CliError(format!(
            "unknown root signature version '{s}' (use 1.0, 1.1 or 1.2)"
        ))
    })
}

/// Reads a root signature from a container's RTS0 part or from a raw RTS0 blob; also returns
/// where its elements lie and the offset of the RTS0 data in the file.
fn read_blob(bytes: &[u8], name: &str) -> Result<(RootSignature, binary::Layout, u64), CliError> {
    if bytes.starts_with(b"DXBC") {
        let c = Container::parse(bytes).map_err(|e| CliError(format!("{name}: {e}")))?;
        let part = c.part(FourCC::RTS0).ok_or_else(|| {
            CliError(format!(
                "{name}: container has no RTS0 (root signature) part"
            ))
        })?;
        let base = part.data_offset();
        binary::read_with_layout(part.data)
            .map(|(rs, layout)| (rs, layout, base))
            .map_err(|e| CliError(format!("{name}: RTS0 part at offset {base:#x}: {e}")))
    } else {
        binary::read_with_layout(bytes)
            .map(|(rs, layout)| (rs, layout, 0))
            .map_err(|e| CliError(format!("{name}: not a container; as a raw RTS0 blob: {e}")))
    }
}

fn print_json(v: &serde_json::Value) -> CmdResult {
    let s = serde_json::to_string_pretty(v).map_err(|e| CliError(e.to_string()))?;
    write_text(None, &(s + "\n"))
}

/// Runs `dxil rootsig`.
pub fn run(args: Args) -> CmdResult {
    match args.cmd {
        Sub::Compile {
            text,
            file,
            version,
            output,
            raw,
            json,
        } => {
            let version = version_arg(&version)?;
            let text = match (text, file) {
                (Some(t), _) => t,
                (None, Some(f)) => String::from_utf8(read_input(&f)?)
                    .map_err(|_| CliError(format!("{}: not UTF-8 text", f.display())))?,
                (None, None) => return Err(CliError("no root signature text given".into())),
            };
            let rs = match compile(&text, version) {
                Ok(rs) => rs,
                Err(e) => {
                    if json {
                        print_json(
                            &json!({"ok": false, "error": e.to_string(), "kind": e.kind(), "position": e.position()}),
                        )?;
                    }
                    return Err(CliError(e.to_string()));
                }
            };
            let part = binary::write(&rs);
            let bytes = if raw {
                part.clone()
            } else {
                let mut b = ContainerBuf::new();
                b.add_part(FourCC::RTS0, part.clone());
                b.to_bytes_with_digest()?
            };
            if json {
                if let Some(o) = &output {
                    write_binary(Some(o), &bytes)?;
                }
                print_json(&json!({
                    "ok": true,
                    "version": rs.version.as_str(),
                    "rts0_size": part.len(),
                    "output_size": bytes.len(),
                    "output": output.as_ref().map(|p| p.display().to_string()),
                    "warnings": validate::lint(&rs).into_iter().map(|v| v.message).collect::<Vec<_>>(),
                }))
            } else {
                write_binary(output.as_deref(), &bytes)
            }
        }
        Sub::Show { file, json } => {
            let name = file.display().to_string();
            let (rs, _, _) = read_blob(&read_input(&file)?, &name)?;
            let text = to_text(&rs);
            if json {
                let verdict = validate(&rs);
                print_json(&json!({
                    "version": rs.version.as_str(),
                    "text": text.as_ref().ok(),
                    "text_error": text.as_ref().err().map(|e| e.to_string()),
                    "valid": verdict.is_ok(),
                    "violation": verdict.err(),
                    "root_signature": rs,
                }))
            } else {
                let text = text.map_err(|e| CliError(format!("{name}: {e}")))?;
                write_text(None, &format!("{text}\n"))
            }
        }
        Sub::Check {
            input,
            version,
            json,
        } => check(&input, &version, json),
    }
}

fn check(input: &str, version: &str, json: bool) -> CmdResult {
    let path = Path::new(input);
    let (source, result) = if path.is_file() || input == "-" {
        let (rs, layout, base) = read_blob(&read_input(path)?, input)?;
        // Validation messages point at the element's bytes in the file.
        let r = validate(&rs).map(|()| rs).map_err(|v| {
            let at = layout.offset_of(v.element).map(|o| base + o);
            v.into_error(at.map_or(dxil_rootsig::Position::None, dxil_rootsig::Position::Offset))
        });
        ("binary", r)
    } else {
        ("text", compile(input, version_arg(version)?))
    };
    match result {
        Ok(rs) => {
            let warnings: Vec<String> =
                validate::lint(&rs).into_iter().map(|v| v.message).collect();
            if json {
                print_json(
                    &json!({"ok": true, "source": source, "version": rs.version.as_str(), "warnings": warnings}),
                )
            } else {
                let mut out = format!("ok: root signature {} is valid\n", rs.version);
                for w in warnings {
                    out.push_str(&format!("warning: {w}\n"));
                }
                write_text(None, &out)
            }
        }
        Err(e) => {
            if json {
                print_json(
                    &json!({"ok": false, "source": source, "error": e.to_string(), "kind": e.kind(), "position": e.position()}),
                )?;
            }
            Err(CliError(e.to_string()))
        }
    }
}
