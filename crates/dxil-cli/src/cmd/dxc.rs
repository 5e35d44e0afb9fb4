//! `dxil dxc ARGS... FILE`: DXC's own command line, so that scripts and test suites that call
//! `dxc` call us unchanged. The arguments are not clap's: they go whole to
//! [`dxil::hlsl::front_end::options::parse`], which reads them as DXC does (`-T cs_6_0`,
//! `/T cs_6_0`, `-Tcs_6_0`, ...) and refuses by name an option we do not honour.
//!
//! - Compiling (the default): the container is validated as `dxil val` validates it
//!   (unless `-Vd`); one the validator rejects is an error with its messages. With `-Fo FILE`
//!   the container is written there; with `-Fc FILE` its disassembly (what `dxil dis`
//!   prints, `dxc -dumpbin`'s text) is written there; with neither, the disassembly goes to
//!   standard output, as DXC prints it.
//! - `-P`: the preprocessed text, as `dxc -P` writes it, to `-Fi FILE` or to the input's
//!   path with `.i` for its extension.
//! - `-dumpbin`: the input is a container; its disassembly goes to `-Fc FILE` or standard
//!   output.
//! - `-help`: the options honoured. Compiler errors and warnings go to standard error as
//!   clang prints them; any error exits 1.

use std::path::Path;

use dxil::hlsl::front_end::options::{self, Action, DxcCommand};
use dxil::hlsl::front_end::pp;
use dxil::hlsl::FsLoader;

use super::CmdResult;
use crate::io::{display_name, read_input, write_binary, write_text, CliError, Failure};

/// Arguments of `dxil dxc`.
#[derive(clap::Args)]
pub struct Args {
    /// DXC's arguments and the input file, read as `dxc` reads them (`-T cs_6_0 -E main
    /// -Fo out.dxil shader.hlsl`); `dxil dxc -help` lists the options honoured.
    #[arg(
        value_name = "DXC_ARGS",
        trailing_var_arg = true,
        allow_hyphen_values = true,
        required = true
    )]
    pub args: Vec<String>,
}

/// Runs `dxil dxc`.
pub fn run(args: Args) -> CmdResult {
    let cmd = options::parse(&args.args).map_err(|e| CliError(e.0))?;
    for w in &cmd.warnings {
        eprintln!("warning: {w}");
    }
    let input = cmd.input.as_deref().map(Path::new);
    match (cmd.action, input) {
        (Action::Help, _) => Ok(write_text(None, &options::help("dxil dxc"))?),
        (_, None) => Err(CliError("no input file".into()).into()),
        (Action::Preprocess, Some(file)) => preprocess(&cmd, file),
        (Action::Dumpbin, Some(file)) => {
            let bytes = read_input(file)?;
            let text = disassemble(&bytes, file)?;
            Ok(write_text(cmd.listing.as_deref().map(Path::new), &text)?)
        }
        (Action::Compile, Some(file)) => compile(&cmd, file),
    }
}

/// The input's text: HLSL is UTF-8.
fn source(file: &Path) -> Result<String, CliError> {
    String::from_utf8(read_input(file)?).map_err(|e| {
        CliError(format!(
            "{}: not UTF-8 text (at offset {:#x})",
            display_name(file),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// `-P`: the preprocessed text to its file; diagnostics to standard error.
fn preprocess(cmd: &DxcCommand, file: &Path) -> CmdResult {
    let text = source(file)?;
    let out = pp::preprocess(&display_name(file), &text, &cmd.options.pp, &mut FsLoader);
    if !out.diagnostics.is_empty() {
        eprint!("{}", out.diagnostics.render(&out.sources));
    }
    if out.diagnostics.has_errors() {
        return Err(Failure::Reported);
    }
    let to = cmd.preprocessed.as_deref().map(Path::new);
    Ok(write_text(to, &pp::print(&out))?)
}

/// The disassembly `dxil dis` prints.
fn disassemble(bytes: &[u8], file: &Path) -> Result<String, CliError> {
    let in_file =
        |e: dxil::Error| CliError(format!("{}: {}", display_name(file), CliError::from(e)));
    let input = dxil::Input::parse(bytes).map_err(in_file)?;
    dxil::Disassembler::new()
        .disassemble_input(&input)
        .map_err(in_file)
}

/// Compiles, validates (unless `-Vd`) and writes the outputs.
fn compile(cmd: &DxcCommand, file: &Path) -> CmdResult {
    let text = source(file)?;
    let name = display_name(file);
    let out = dxil::hlsl::compile_with(&name, &text, &cmd.options, &mut FsLoader, cmd.validate);
    if !out.rendered.is_empty() {
        eprint!("{}", out.rendered);
    }
    let Some(container) = out.container else {
        if let Some(report) = out.validation.filter(|r| !r.is_valid()) {
            return Err(CliError(format!(
                "{name}: the compiled container fails validation (-Vd skips validation):\n{}",
                report.to_string().trim_end()
            ))
            .into());
        }
        if out.diagnostics.has_errors() {
            return Err(Failure::Reported);
        }
        return Err(CliError(format!("{name}: compilation failed")).into());
    };
    if let Some(report) = out.validation.filter(|r| !r.diagnostics.is_empty()) {
        eprintln!(
            "warning: {name}: the validator warns:\n{}",
            report.to_string().trim_end()
        );
    }
    if let Some(object) = &cmd.object {
        write_binary(Some(Path::new(object)), &container)?;
    }
    if cmd.object.is_none() || cmd.listing.is_some() {
        let listing = disassemble(&container, file)?;
        write_text(cmd.listing.as_deref().map(Path::new), &listing)?;
    }
    Ok(())
}
