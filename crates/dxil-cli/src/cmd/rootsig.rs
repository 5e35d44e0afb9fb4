//! `dxil rootsig`: compile root signature text to a container, show the root signature of a
//! container or RTS0 blob as text, and check either form against the reference's rules.
//! Text comes by `--text` (as it stands in a `RootSignature` attribute: only spaces separate
//! tokens) or `--file` (a file of its own: line breaks and tabs separate tokens too);
//! binaries by `--file` (or the positional FILE of `show`).

use std::path::{Path, PathBuf};

use clap::Subcommand;
use dxil::container::{ContainerBuf, FourCC};
use dxil::rootsig::{binary, compile_form, to_text, validate, RootSignature, TextForm, Version};
use dxil::Input;
use serde_json::json;

use super::CmdResult;
use crate::io::{display_name, json_text, read_input, CliError, InputArg, JsonArg, OutputArg};

/// `dxil rootsig ...`
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    cmd: Sub,
}

/// Where root signature text comes from.
#[derive(clap::Args)]
#[group(required = true, multiple = false)]
struct TextSource {
    /// The root signature text, e.g. "RootFlags(0), CBV(b0)".
    #[arg(long)]
    text: Option<String>,
    /// A file holding root signature text (`-` for standard input).
    #[arg(short, long, value_name = "FILE")]
    file: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Sub {
    /// Compile root signature text into a container holding its RTS0 part (digest set).
    Compile {
        #[command(flatten)]
        source: TextSource,
        /// Root signature version: 1.0, 1.1 or 1.2 (also rootsig_1_0 ...).
        #[arg(long, default_value = "1.1", value_parser = version_arg)]
        version: Version,
        #[command(flatten)]
        out: OutputArg,
        /// Write the bare RTS0 part instead of a container.
        #[arg(long)]
        raw: bool,
        /// Print a JSON report on standard output (the binary goes to -o only).
        #[command(flatten)]
        json: JsonArg,
    },
    /// Print the root signature of a container (its RTS0 part) or of a raw RTS0 blob as text.
    Show {
        #[command(flatten)]
        input: InputArg,
        #[command(flatten)]
        json: JsonArg,
        #[command(flatten)]
        out: OutputArg,
    },
    /// Check a container, an RTS0 blob (`--binary`) or root signature text (`--text`,
    /// `--file`) against the reference's rules.
    // One source, named among all three when none is given.
    #[command(group(clap::ArgGroup::new("source").required(true).args(["text", "file", "binary"])))]
    Check {
        /// The root signature text.
        #[arg(long)]
        text: Option<String>,
        /// A file of root signature text (`-` for standard input).
        #[arg(short, long, value_name = "FILE")]
        file: Option<PathBuf>,
        /// A container or RTS0 blob (`-` for standard input).
        #[arg(long, value_name = "FILE")]
        binary: Option<PathBuf>,
        /// Version for text input: 1.0, 1.1 or 1.2.
        #[arg(long, default_value = "1.1", value_parser = version_arg)]
        version: Version,
        #[command(flatten)]
        json: JsonArg,
        #[command(flatten)]
        out: OutputArg,
    },
}

/// `--version`: a root signature version (a usage error otherwise).
pub(crate) fn version_arg(s: &str) -> Result<Version, String> {
    Version::parse(s).ok_or_else(|| "expected 1.0, 1.1 or 1.2 (or rootsig_1_0 ...)".to_string())
}

/// The text, its name in messages and its layout.
fn read_text(
    text: Option<String>,
    file: Option<&Path>,
) -> Result<(String, String, TextForm), CliError> {
    match (text, file) {
        (Some(t), _) => Ok((t, "--text".to_string(), TextForm::Attribute)),
        (None, Some(f)) => {
            let t = String::from_utf8(read_input(f)?).map_err(|e| {
                CliError(format!(
                    "{}: not UTF-8 text (at offset {:#x})",
                    display_name(f),
                    e.utf8_error().valid_up_to()
                ))
            })?;
            Ok((t, display_name(f), TextForm::File))
        }
        (None, None) => Err(CliError("no root signature text given".into())),
    }
}

/// Reads a root signature from a container's RTS0 part or from a raw RTS0 blob; also returns
/// where its elements lie and the offset of the RTS0 data in the file.
fn read_blob(bytes: &[u8], name: &str) -> Result<(RootSignature, binary::Layout, u64), CliError> {
    if bytes.starts_with(b"DXBC") {
        let input = Input::parse(bytes)
            .map_err(CliError::from)
            .map_err(|e| CliError(format!("{name}: {e}")))?;
        let c = input
            .container()
            .map_err(|e| CliError(format!("{name}: {e}")))?;
        let part = c.part(FourCC::RTS0).ok_or_else(|| {
            CliError(format!(
                "{name}: container has no RTS0 (root signature) part"
            ))
        })?;
        let base = part.data_offset();
        binary::read_with_layout(part.data)
            .map(|(rs, layout)| (rs, layout, base))
            .map_err(|e| CliError(format!("{name}: RTS0 part at offset {base:#x}: {e}")))
    } else if bytes.is_empty() {
        Err(CliError(format!(
            "{name}: empty file: expected a container with an RTS0 part or a raw RTS0 blob"
        )))
    } else if dxil::FileKind::detect(bytes) == Some(dxil::FileKind::Text) {
        // A raw RTS0 blob starts with a version word (1 or 2), never with printable text.
        Err(CliError(format!(
            "{name}: found text, not a container or an RTS0 blob (root signature text is read by `rootsig compile -f` and `rootsig check -f`)"
        )))
    } else {
        binary::read_with_layout(bytes)
            .map(|(rs, layout)| (rs, layout, 0))
            .map_err(|e| CliError(format!("{name}: not a container; as a raw RTS0 blob: {e}")))
    }
}

/// Runs `dxil rootsig`.
pub fn run(args: Args) -> CmdResult {
    match args.cmd {
        Sub::Compile {
            source,
            version,
            out,
            raw,
            json,
        } => {
            let (text, name, form) = read_text(source.text, source.file.as_deref())?;
            let rs = match compile_form(&text, version, form) {
                Ok(rs) => rs,
                Err(e) => {
                    if json.json {
                        let report = json!({"ok": false, "error": e.to_string(), "kind": e.kind(), "position": e.position()});
                        crate::io::write_text(None, &json_text(&report)?)?;
                    }
                    return Err(CliError(format!("{name}: {e}")).into());
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
            if json.json {
                if !out.is_stdout() {
                    out.binary(&bytes)?;
                }
                let report = json!({
                    "ok": true,
                    "version": rs.version.as_str(),
                    "rts0_size": part.len(),
                    "output_size": bytes.len(),
                    "output": out.output.as_ref().filter(|_| !out.is_stdout()).map(|p| p.display().to_string()),
                    "warnings": validate::lint(&rs).into_iter().map(|v| v.message).collect::<Vec<_>>(),
                });
                Ok(crate::io::write_text(None, &json_text(&report)?)?)
            } else {
                Ok(out.binary(&bytes)?)
            }
        }
        Sub::Show { input, json, out } => {
            let name = input.name();
            let (rs, _, _) = read_blob(&input.read()?, &name)?;
            let text = to_text(&rs);
            if json.json {
                let verdict = validate(&rs);
                Ok(out.text(&json_text(&json!({
                    "version": rs.version.as_str(),
                    "text": text.as_ref().ok(),
                    "text_error": text.as_ref().err().map(|e| e.to_string()),
                    "valid": verdict.is_ok(),
                    "violation": verdict.err(),
                    "root_signature": rs,
                }))?)?)
            } else {
                let text = text.map_err(|e| CliError(format!("{name}: {e}")))?;
                Ok(out.text(&format!("{text}\n"))?)
            }
        }
        Sub::Check {
            text,
            file,
            binary,
            version,
            json,
            out,
        } => check(text, file, binary, version, json.json, &out),
    }
}

fn check(
    text: Option<String>,
    file: Option<PathBuf>,
    binary: Option<PathBuf>,
    version: Version,
    json: bool,
    out: &OutputArg,
) -> CmdResult {
    let (source, name, result) = match binary {
        Some(path) => {
            let name = display_name(&path);
            let (rs, layout, base) = read_blob(&read_input(&path)?, &name)?;
            // Validation messages point at the element's bytes in the file.
            let r = validate(&rs).map(|()| rs).map_err(|v| {
                let at = layout.offset_of(v.element).map(|o| base + o);
                v.into_error(at.map_or(
                    dxil::rootsig::Position::None,
                    dxil::rootsig::Position::Offset,
                ))
            });
            ("binary", name, r)
        }
        None => {
            let (t, name, form) = read_text(text, file.as_deref())?;
            ("text", name, compile_form(&t, version, form))
        }
    };
    match result {
        Ok(rs) => {
            let warnings: Vec<String> =
                validate::lint(&rs).into_iter().map(|v| v.message).collect();
            if json {
                Ok(out.text(&json_text(
                    &json!({"ok": true, "source": source, "version": rs.version.as_str(), "warnings": warnings}),
                )?)?)
            } else {
                let mut s = format!("ok: root signature {} is valid\n", rs.version);
                for w in warnings {
                    s.push_str(&format!("warning: {w}\n"));
                }
                Ok(out.text(&s)?)
            }
        }
        Err(e) => {
            if json {
                out.text(&json_text(
                    &json!({"ok": false, "source": source, "error": e.to_string(), "kind": e.kind(), "position": e.position()}),
                )?)?;
            }
            Err(CliError(format!("{name}: {e}")).into())
        }
    }
}
