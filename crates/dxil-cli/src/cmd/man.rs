//! `dxil man [COMMAND...] [-o OUT]`, `dxil man --out-dir DIR`: man pages in roff, one per
//! command: `dxil(1)` (which lists the others), `dxil-info(1)`, ..., `dxil-rootsig-compile(1)`.
//! Each has NAME, SYNOPSIS, DESCRIPTION and OPTIONS from the command line's own definition
//! (clap), then EXAMPLES, EXIT STATUS and SEE ALSO from the table below. `dxil man info |
//! man -l -` reads one; `--out-dir DIR` writes them all as `DIR/dxil.1`, `DIR/dxil-info.1`,
//! ...

use std::io::Write;
use std::path::PathBuf;

use clap::CommandFactory;
use clap_mangen::roff::{bold, roman, Roff};
use clap_mangen::Man;

use super::CmdResult;
use crate::io::{write_reason, CliError, OutputArg, UsageError, UsageResult};

/// Arguments of `dxil man`.
#[derive(clap::Args)]
pub struct Args {
    /// The command whose page to print (`info`, `rootsig compile`); none: the `dxil` page.
    #[arg(value_name = "COMMAND", conflicts_with = "out_dir")]
    pub command: Vec<String>,
    /// Write every page into DIR (`dxil.1`, `dxil-info.1`, ...) instead of printing one.
    #[arg(long, value_name = "DIR", conflicts_with = "output")]
    pub out_dir: Option<PathBuf>,
    #[command(flatten)]
    pub out: OutputArg,
}

/// Per page (by the command's path after `dxil`): examples as (command line, what it
/// does), and how the exit status reads beyond the common rule.
struct Page {
    path: &'static str,
    examples: &'static [(&'static str, &'static str)],
    status: &'static str,
}

const PAGES: &[Page] = &[
    Page {
        path: "",
        examples: &[
            ("dxil compile saxpy.wgsl -o saxpy.dxil", "Compile a WGSL compute shader to a signed DXIL container."),
            ("dxil val saxpy.dxil", "Validate it as the reference validator does."),
            ("dxil run saxpy.dxil --pipeline saxpy.yaml", "Run it on the CPU with the buffers and dispatch of a pipeline file."),
            ("dxil dis saxpy.dxil -o saxpy.ll && dxil as saxpy.ll -o again.dxil", "Disassemble it to text, then assemble the text again."),
            ("dxil info shader.dxil", "Describe any container: parts, shader model, digest."),
        ],
        status: "",
    },
    Page {
        path: "info",
        examples: &[
            ("dxil info shader.dxil", "Parts, shader kind and model, DXIL version, digest and HASH status, feature flags."),
            ("dxil info --json a.dxil b.dxil", "The same for two containers, as a JSON array."),
        ],
        status: "",
    },
    Page {
        path: "parts",
        examples: &[
            ("dxil parts shader.dxil", "One line per part: code, offset, size and name."),
            ("dxil parts --regenerate shader.dxil", "Regenerate the parts the module determines and compare each with the stored one."),
        ],
        status: "With --regenerate, 1 when a part, the digest, the shader flags or a signature's placements differ from the regenerated ones.",
    },
    Page {
        path: "extract",
        examples: &[
            ("dxil extract shader.dxil --part DXIL -o shader.bc", "The module's raw LLVM bitcode, which llvm-bcanalyzer reads."),
            ("dxil extract shader.dxil --part RTS0 -o rootsig.bin", "The root signature part as stored."),
        ],
        status: "",
    },
    Page {
        path: "hash",
        examples: &[
            ("dxil hash --check *.dxil", "The computed digest of each container and whether the stored one matches."),
            ("dxil hash --update --in-place shader.dxil", "Store the computed digest in the file itself."),
        ],
        status: "With --check, 1 when a stored digest is stale (the reference's sentinels pass).",
    },
    Page {
        path: "roundtrip",
        examples: &[(
            "dxil roundtrip shader.dxil -o again.dxil && cmp shader.dxil again.dxil",
            "Decode every layer and encode it again; the bytes come out the same.",
        )],
        status: "",
    },
    Page {
        path: "bcdump",
        examples: &[
            ("dxil bcdump shader.dxil | less", "The bitcode's blocks and records, as llvm-bcanalyzer -dump prints them."),
            ("dxil bcdump shader.dxil --part ILDB --show-abbrevs", "The debug module, abbreviation definitions included."),
        ],
        status: "",
    },
    Page {
        path: "as",
        examples: &[
            ("dxil as shader.ll -o shader.dxil", "Assemble DXIL text into a container with every part generated and the digest set."),
            ("dxil dis a.dxil | sed s/fadd/fsub/ | dxil as - -o b.dxil", "Change a container through its text."),
        ],
        status: "A module the validator rejects is still written (exit 0), under a warning.",
    },
    Page {
        path: "dis",
        examples: &[
            ("dxil dis shader.dxil", "The module as dxc -dumpbin prints it."),
            ("dxil dis *.dxil --out-dir text", "Each input into text/<stem>.ll, in parallel."),
        ],
        status: "",
    },
    Page {
        path: "rootsig",
        examples: &[
            ("dxil rootsig compile --text \"RootFlags(0), CBV(b0)\" -o rs.dxil", "Compile root signature text into a container holding RTS0."),
            ("dxil rootsig show shader.dxil", "A container's root signature as text."),
            ("dxil rootsig check --file rs.txt", "Check text against the reference's rules."),
        ],
        status: "",
    },
    Page {
        path: "rootsig compile",
        examples: &[
            ("dxil rootsig compile --text \"RootFlags(0), CBV(b0)\" -o rs.dxil", "A container holding the RTS0 part, digest set."),
            ("dxil rootsig compile --file rs.txt --version 1.0 --raw -o rs.bin", "The bare RTS0 part, version 1.0."),
        ],
        status: "",
    },
    Page {
        path: "rootsig show",
        examples: &[
            ("dxil rootsig show shader.dxil", "The root signature of a container, as text."),
            ("dxil rootsig show rs.bin --json", "A raw RTS0 blob, as JSON with the validator's verdict."),
        ],
        status: "",
    },
    Page {
        path: "rootsig check",
        examples: &[
            ("dxil rootsig check --text \"CBV(b0), CBV(b0)\"", "Text checked against the reference's rules (here two overlapping ranges)."),
            ("dxil rootsig check --binary shader.dxil", "The root signature of a container."),
        ],
        status: "1 when the root signature breaks a rule.",
    },
    Page {
        path: "reflect",
        examples: &[
            ("dxil reflect shader.dxil", "Entry points, signatures, resources, constant buffers, shader flags."),
            ("dxil reflect --json shader.dxil", "The same as JSON (the shape is documented in dxil_module::reflect)."),
        ],
        status: "",
    },
    Page {
        path: "val",
        examples: &[
            ("dxil val shader.dxil", "The reference validator's lines and verdict."),
            ("dxil val --json --jobs 4 *.dxil", "Several inputs, four at a time, with rule codes."),
        ],
        status: "0 only when every input is valid.",
    },
    Page {
        path: "run",
        examples: &[
            ("dxil run saxpy.dxil --pipeline saxpy.yaml", "Bind the pipeline's buffers, dispatch, print the buffers and check its Results rules."),
            ("dxil run saxpy.dxil --pipeline saxpy.yaml --trace 1,0,0 -o /dev/null", "Every instruction thread (1,0,0) executes, with its values, on standard error."),
        ],
        status: "1 when a Results rule of the pipeline fails.",
    },
    Page {
        path: "compile",
        examples: &[
            ("dxil compile saxpy.wgsl -o saxpy.dxil", "One entry point to one signed container."),
            ("dxil compile tri.wgsl --out-dir out", "Every entry point, as out/tri.<entry>.dxil."),
            ("dxil compile blur.hlsl -T cs_6_0 -E main -o blur.dxil", "HLSL, with DXC's profile and entry point."),
        ],
        status: "",
    },
    Page {
        path: "dxc",
        examples: &[
            ("dxil dxc -T cs_6_0 -E main -Fo blur.dxil blur.hlsl", "What dxc would compile, as dxc is called: the validated container to blur.dxil."),
            ("dxil dxc -T cs_6_6 -HV 2021 -DTILE=8 -I include blur.hlsl", "The disassembly on standard output, as dxc prints it."),
            ("dxil dxc -P -Fi blur.i blur.hlsl", "The preprocessed text, as dxc -P writes it."),
            ("dxil dxc -dumpbin shader.dxil", "A container's disassembly."),
            ("dxil dxc -help", "The options honoured; any other option of dxc is refused by name."),
        ],
        status: "1 for an option refused, an input that does not compile, or a container the validator rejects (-Vd skips validation).",
    },
    Page {
        path: "equiv",
        examples: &[
            ("dxil equiv ours.dxil theirs.dxil", "Four runs on the same random inputs; every UAV compared."),
            ("dxil equiv a.dxil b.dxil --seeds 16 --ulp 1 --groups 4,1,1", "More runs, floats within one unit in the last place, four groups."),
        ],
        status: "1 when a UAV differs (the first difference is printed) or the shaders cannot be compared.",
    },
    Page {
        path: "completions",
        examples: &[(
            "dxil completions bash > ~/.local/share/bash-completion/completions/dxil",
            "Install completions for bash.",
        )],
        status: "",
    },
    Page {
        path: "man",
        examples: &[
            ("dxil man info | man -l -", "Read the page of dxil info."),
            ("dxil man --out-dir ~/.local/share/man/man1", "Write every page where man finds them."),
        ],
        status: "",
    },
];

/// What the exit status means for every command.
const STATUS: &str = "0 on success, 1 on a failure (an input that cannot be read, or a \
    failed check), 2 on a usage error (arguments that cannot work together, or a value \
    that cannot be parsed).";

/// The whole command line, with page names (`dxil-info`) set, and no `help` subcommand
/// (it has no page).
fn root() -> clap::Command {
    let mut cmd = crate::Cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The command at `path` (names after `dxil`) under `root`.
fn find<'a>(root: &'a clap::Command, path: &[String]) -> Option<&'a clap::Command> {
    path.iter()
        .try_fold(root, |cmd, name| cmd.find_subcommand(name))
}

/// Every page's command and its path, the `dxil` page first.
fn all(cmd: &clap::Command, path: String, out: &mut Vec<(String, clap::Command)>) {
    out.push((path.clone(), cmd.clone()));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let sub_path = if path.is_empty() {
            sub.get_name().to_string()
        } else {
            format!("{path} {}", sub.get_name())
        };
        all(sub, sub_path, out);
    }
}

/// The page of `cmd` (at `path`), in roff.
fn render(cmd: &clap::Command, path: &str) -> Result<Vec<u8>, CliError> {
    let man = Man::new(cmd.clone()).source(format!("dxil {}", env!("CARGO_PKG_VERSION")));
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    man.render_name_section(&mut page)?;
    man.render_synopsis_section(&mut page)?;
    man.render_description_section(&mut page)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut page)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut page)?;
    }
    let mut roff = Roff::default();
    let table = PAGES.iter().find(|p| p.path == path);
    if let Some(p) = table.filter(|p| !p.examples.is_empty()) {
        roff.control("SH", ["EXAMPLES"]);
        for (line, what) in p.examples {
            roff.control("TP", []);
            roff.text([bold(*line)]);
            roff.text([roman(*what)]);
        }
    }
    roff.control("SH", ["EXIT STATUS"]);
    roff.text([roman(STATUS)]);
    if let Some(p) = table.filter(|p| !p.status.is_empty()) {
        roff.control("PP", []);
        roff.text([roman(p.status)]);
    }
    if !path.is_empty() {
        roff.control("SH", ["SEE ALSO"]);
        let parent = match path.rsplit_once(' ') {
            Some((up, _)) => format!("dxil-{}(1), dxil(1)", up.replace(' ', "-")),
            None => "dxil(1)".to_string(),
        };
        roff.text([roman(parent)]);
    }
    roff.control("SH", ["VERSION"]);
    roff.text([roman(format!("v{}", env!("CARGO_PKG_VERSION")))]);
    roff.to_writer(&mut page)?;
    Ok(page)
}

/// Refuses a COMMAND that names no command, listing the ones there are.
pub fn check_usage(args: &Args) -> UsageResult {
    let root = root();
    if find(&root, &args.command).is_some() {
        return Ok(());
    }
    let mut pages = Vec::new();
    all(&root, String::new(), &mut pages);
    let names: Vec<&str> = pages
        .iter()
        .map(|(p, _)| p.as_str())
        .filter(|p| !p.is_empty())
        .collect();
    Err(UsageError(format!(
        "no command `{}` (commands: {})",
        args.command.join(" "),
        names.join(", ")
    )))
}

/// Runs `dxil man`.
pub fn run(args: Args) -> CmdResult {
    let root = root();
    let Some(dir) = &args.out_dir else {
        let cmd = find(&root, &args.command)
            .ok_or_else(|| CliError(format!("no command `{}`", args.command.join(" "))))?;
        let page = render(cmd, &args.command.join(" "))?;
        return Ok(args.out.text(&String::from_utf8_lossy(&page))?);
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError(format!("creating {}: {}", dir.display(), write_reason(&e))))?;
    let mut pages = Vec::new();
    all(&root, String::new(), &mut pages);
    for (path, cmd) in &pages {
        let file = dir.join(Man::new(cmd.clone()).get_filename());
        let page = render(cmd, path)?;
        std::fs::File::create(&file)
            .and_then(|mut f| f.write_all(&page))
            .map_err(|e| CliError(format!("writing {}: {}", file.display(), write_reason(&e))))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_examples_and_every_example_a_command() {
        let mut pages = Vec::new();
        all(&root(), String::new(), &mut pages);
        for (path, _) in &pages {
            let p = PAGES.iter().find(|p| p.path == path);
            assert!(
                p.is_some_and(|p| !p.examples.is_empty()),
                "`dxil {path}` has no examples in PAGES"
            );
        }
        for p in PAGES {
            assert!(
                pages.iter().any(|(path, _)| path == p.path),
                "PAGES names `dxil {}`, which is no command",
                p.path
            );
            // Each example runs the page's command (a pipe may run others too).
            let wanted = format!("dxil {} ", p.path).replace("  ", " ");
            for (line, _) in p.examples {
                assert!(
                    format!("{line} ").contains(&wanted),
                    "example `{line}` does not run `dxil {}`",
                    p.path
                );
            }
        }
    }
}
