//! `dxil parts F`: one line per part, in offset-table order:
//! `FOURCC offset 0x.. size N (Name)`.
//!
//! `--regenerate`: each part the `DXIL` module determines is regenerated (`dxil-gen`) and
//! compared with the stored bytes: `same`, `differs at 0x.. (stored N, regenerated M)`,
//! `copied` (not derived from the module), `failed: ...`; a last `digest` line compares
//! the container digest recomputed over the regenerated parts; then the recorded shader
//! flags against the ones recomputed from the module, and per signature whether
//! repacking its elements reproduces the recorded placements.

use std::fmt::Write;
use std::path::PathBuf;

use dxil_container::Container;

use super::CmdResult;
use crate::io::{read_input, write_text};

/// Arguments of `dxil parts`.
#[derive(clap::Args)]
pub struct Args {
    /// Container file (`-` for standard input).
    pub file: PathBuf,
    /// Regenerate the parts from the module and compare them with the stored ones.
    #[arg(long)]
    pub regenerate: bool,
}

/// Runs `dxil parts`.
pub fn run(args: Args) -> CmdResult {
    let bytes = read_input(&args.file)?;
    let c = Container::parse(&bytes)?;
    if args.regenerate {
        return regenerate(&c);
    }
    let mut out = String::new();
    for p in c.parts() {
        let _ = write!(
            out,
            "{} offset {:#x} size {}",
            p.fourcc,
            p.offset,
            p.data.len()
        );
        if let Some(name) = p.fourcc.name() {
            let _ = write!(out, " ({name})");
        }
        out.push('\n');
    }
    write_text(None, &out)
}

fn regenerate(c: &Container<'_>) -> CmdResult {
    use dxil_gen::PartCheck;
    let mut out = String::new();
    let regen = dxil_gen::regenerate(c)?;
    for (fourcc, check) in regen.parts {
        let name = if fourcc == dxil_container::FourCC::CONTAINER {
            "digest".to_string()
        } else {
            fourcc.to_string()
        };
        let _ = match check {
            PartCheck::Same => writeln!(out, "{name} same"),
            PartCheck::Differs {
                at,
                stored,
                regenerated,
            } => writeln!(
                out,
                "{name} differs at {at:#x} (stored {stored}, regenerated {regenerated})"
            ),
            PartCheck::Failed(e) => writeln!(out, "{name} failed: {e}"),
            PartCheck::Copied => writeln!(out, "{name} copied"),
            PartCheck::Missing => writeln!(out, "{name} missing (the module implies it)"),
        };
    }
    if let Some((recorded, computed)) = regen.flags {
        let _ = if recorded == computed {
            writeln!(out, "shader flags same ({:#x})", recorded.0)
        } else {
            writeln!(
                out,
                "shader flags differ: recorded {:#x}, computed {:#x}",
                recorded.0, computed.0
            )
        };
    }
    for (sig, strategy) in regen.packing {
        let _ = match strategy {
            Some(s) => writeln!(out, "{sig:?} signature placements same (repacked {s:?})"),
            None => writeln!(out, "{sig:?} signature placements differ from a repack"),
        };
    }
    write_text(None, &out)
}
