//! `dxil compile F... [--lang LANG] [--entry NAME] [--shader-model 6.x] [-o OUT | --out-dir
//! DIR] [--special-constants-binding bN[:S]] [--immediates-binding bN[:S]] [--no-validate]
//! [--quiet]`: naga's front end for each file's language (by extension, or `--lang wgsl|spv|
//! glsl-vert|glsl-frag|glsl-comp`, which standard input needs), naga's validator, then the
//! naga back end ([`dxil::naga_backend::write`]): one signed container per entry point.
//! `.hlsl` inputs go to the HLSL compiler instead ([`dxil::hlsl`]), with DXC's `-T PROFILE`
//! (required) and `-E ENTRY` (`--entry`, default `main`): one container each.
//!
//! - Shader model: without `--shader-model`, the lowest the entry point needs
//!   ([`dxil::naga_backend::requirement`]: 6.0, or e.g. 6.6 for 64-bit atomics); a given one
//!   lower than that is refused, naming the construct and the model it needs.
//! - What is written is validated first, as `dxil val` validates: a container the validator
//!   rejects is not written and is an error listing the validator's messages;
//!   `--no-validate` skips the check.
//! - Several inputs: each is compiled; a failure is reported (naming its file and entry
//!   point) and the others go on; the status is 1 when any failed.
//! - Outputs: `-o OUT` (or standard output) for a single container, else `--out-dir DIR` with
//!   `DIR/<stem>.<entry>.dxil` (characters of the entry name other than letters, digits,
//!   `_`, `-` and `.` as `_`: SPIR-V's `stage::main`); two outputs of one run at one path
//!   are refused. Each container written is named on standard error with its profile and
//!   size (`wrote DIR/tri.vs_main.dxil (vs_6_0, 1234 bytes)`), unless `--quiet`.
//! - Errors show the source line with the span underlined, as `dxil as` does, and naga's
//!   causes as notes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use dxil::naga_backend::front::{self, Language};
use dxil::naga_backend::naga::{self, ShaderStage};
use dxil::naga_backend::{BindTarget, Options, PipelineOptions, ShaderModel};

use super::CmdResult;
use crate::io::{
    count, display_name, no_entry, read_input, write_binary, write_reason, CliError, Failure,
    InputsArg,
};

/// Arguments of `dxil compile`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: InputsArg,
    /// The inputs' language: wgsl, spv, glsl-vert, glsl-frag or glsl-comp (default: by
    /// extension, .wgsl .spv .vert .frag .comp; required for standard input).
    #[arg(long, value_name = "LANG", value_parser = parse_lang)]
    pub lang: Option<Language>,
    /// The entry point to compile (default: every entry point; for HLSL, `main`).
    #[arg(short = 'E', long, value_name = "NAME")]
    pub entry: Option<String>,
    /// The shader model, 6.0 to 6.9 (default: the lowest each entry point needs; one too low
    /// is refused). Not for HLSL, whose profile names it.
    #[arg(long, value_name = "6.x", value_parser = parse_shader_model)]
    pub shader_model: Option<ShaderModel>,
    /// HLSL's target profile, as DXC's `-T` (`cs_6_0`): required for .hlsl inputs, refused
    /// for the others.
    #[arg(short = 'T', long, value_name = "PROFILE")]
    pub profile: Option<String>,
    /// Output file for a single entry point of a single input (default: standard output).
    #[arg(short, long, value_name = "OUT", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Directory for several outputs (`<stem>.<entry>.dxil` each; created when missing).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// The constant buffer of naga's special constants (first vertex, first instance, the
    /// workgroup count, which the host writes): `num_workgroups` needs it, and with it
    /// `vertex_index` and `instance_index` count from the draw's first vertex and instance.
    #[arg(long, value_name = "bREG[:SPACE]", value_parser = parse_cbuffer)]
    pub special_constants_binding: Option<BindTarget>,
    /// The constant buffer holding immediates (`var<immediate>`, push constants), filled by
    /// root constants.
    #[arg(long, value_name = "bREG[:SPACE]", value_parser = parse_cbuffer)]
    pub immediates_binding: Option<BindTarget>,
    /// Do not validate the containers before writing them.
    #[arg(long)]
    pub no_validate: bool,
    /// Do not name each container written.
    #[arg(short, long)]
    pub quiet: bool,
}

fn parse_lang(text: &str) -> Result<Language, String> {
    Language::from_name(text).ok_or_else(|| format!("expected one of {}", lang_names()))
}

fn lang_names() -> String {
    let names: Vec<&str> = Language::ALL.iter().map(|l| l.name()).collect();
    names.join(", ")
}

fn parse_shader_model(text: &str) -> Result<ShaderModel, String> {
    ShaderModel::parse(text).ok_or_else(|| "expected 6.0 to 6.9".to_string())
}

/// `bREG[:SPACE]` (`b1`, `b0:255`), as `dxil run` names registers.
fn parse_cbuffer(text: &str) -> Result<BindTarget, String> {
    let bad = || "expected bREGISTER[:SPACE] with a space of 0 to 255, e.g. b0:255".to_string();
    let rest = text.strip_prefix('b').ok_or_else(bad)?;
    let (reg, space) = rest.split_once(':').unwrap_or((rest, "0"));
    // Decimal digits only: `str::parse` would also take a sign (`b+5`).
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(reg) || !digits(space) {
        return Err(bad());
    }
    let space = space.parse::<u8>().map_err(|_| bad())?;
    Ok(BindTarget {
        space,
        register: reg.parse().map_err(|_| bad())?,
        binding_array_size: None,
        dynamic_storage_buffer_offsets_index: None,
    })
}

/// One compiled entry point.
struct Compiled {
    /// The input's name in messages.
    file: String,
    stem: String,
    entry: String,
    /// `cs_6_0`, with what raised the model when it was chosen for the entry point.
    profile: String,
    bytes: Vec<u8>,
}

/// Runs `dxil compile`.
pub fn run(args: Args) -> CmdResult {
    let stdin_inputs = args
        .inputs
        .inputs
        .iter()
        .filter(|p| p.as_os_str() == "-")
        .count();
    if stdin_inputs > 0 && args.lang.is_none() {
        usage_error(&format!("standard input needs --lang ({})", lang_names()));
    }
    if stdin_inputs > 1 {
        usage_error("standard input (`-`) can be read once");
    }
    let several = args.inputs.inputs.len() > 1;
    let mut out = Outputs::new(&args)?;
    let mut failed = 0usize;
    for file in &args.inputs.inputs {
        let mut compiled = Vec::new();
        let errors = compile_file(&args, file, &mut compiled);
        for c in compiled {
            if let Err(e) = out.add(c) {
                eprintln!("error: {e}");
                failed += 1;
            }
        }
        for e in &errors {
            eprintln!("error: {e}");
        }
        failed += errors.len();
    }
    let written = out.finish()?;
    match failed {
        0 => Ok(()),
        _ if !several && written == 0 => Err(Failure::Reported),
        n => Err(CliError(format!(
            "{} failed; {} written",
            count(n, "input or entry point", "inputs or entry points"),
            count(written, "container", "containers")
        ))
        .into()),
    }
}

/// A usage error: printed as clap prints its own, exit status 2.
fn usage_error(message: &str) -> ! {
    clap::Error::raw(
        clap::error::ErrorKind::MissingRequiredArgument,
        format!("{message}\n"),
    )
    .exit()
}

/// Where containers go: `--out-dir` (each written as it comes), else `-o` or standard output
/// (written at the end, when there is exactly one).
struct Outputs<'a> {
    args: &'a Args,
    /// Paths written in this run, and for what.
    written: HashMap<PathBuf, String>,
    single: Vec<Compiled>,
}

impl<'a> Outputs<'a> {
    fn new(args: &'a Args) -> Result<Self, CliError> {
        if let Some(dir) = &args.out_dir {
            std::fs::create_dir_all(dir).map_err(|e| {
                CliError(format!("creating {}: {}", dir.display(), write_reason(&e)))
            })?;
        }
        Ok(Outputs {
            args,
            written: HashMap::new(),
            single: Vec::new(),
        })
    }

    fn add(&mut self, c: Compiled) -> Result<(), CliError> {
        let Some(dir) = &self.args.out_dir else {
            self.single.push(c);
            return Ok(());
        };
        let path = dir.join(format!("{}.{}.dxil", c.stem, file_name_part(&c.entry)));
        let what = format!("{}: entry point `{}`", c.file, c.entry);
        if let Some(first) = self.written.get(&path) {
            return Err(CliError(format!(
                "{what}: {} is already written in this run, for {first} (compile one of them \
                 with -o)",
                path.display()
            )));
        }
        write_binary(Some(&path), &c.bytes)?;
        self.wrote(&path.display().to_string(), &c);
        self.written.insert(path, what);
        Ok(())
    }

    /// Writes the single container, if that is where output goes: how many were written.
    fn finish(self) -> Result<usize, CliError> {
        if self.args.out_dir.is_some() {
            return Ok(self.written.len());
        }
        match self.single.as_slice() {
            [] => Ok(0),
            [one] => {
                write_binary(self.args.output.as_deref(), &one.bytes)?;
                let name = match &self.args.output {
                    Some(p) if p.as_os_str() != "-" => p.display().to_string(),
                    _ => "standard output".to_string(),
                };
                self.wrote(&name, one);
                Ok(1)
            }
            many => Err(CliError(format!(
                "{} entry points compiled: name one with --entry, or write them with --out-dir \
                 DIR (nothing written)",
                many.len()
            ))),
        }
    }

    fn wrote(&self, name: &str, c: &Compiled) {
        if !self.args.quiet {
            eprintln!("wrote {name} ({}, {} bytes)", c.profile, c.bytes.len());
        }
    }
}

/// An entry point's name as part of a file name: characters other than letters, digits,
/// `_`, `-` and `.` (SPIR-V's `stage::main`, path separators, what Windows forbids) as `_`.
fn file_name_part(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '_' | '-' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Compiles every entry point of `file` (or the one `--entry` names) into `out`: the errors,
/// one for the file or one per entry point that failed.
fn compile_file(args: &Args, file: &Path, out: &mut Vec<Compiled>) -> Vec<CliError> {
    let name = display_name(file);
    let ext = file
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase();
    if args.lang.is_none() && ext == "hlsl" {
        return match compile_hlsl(args, file, &name) {
            Ok(c) => {
                out.push(c);
                Vec::new()
            }
            Err(e) => vec![e],
        };
    }
    if args.profile.is_some() && ext != "hlsli" {
        return vec![CliError(format!(
            "{name}: -T names an HLSL profile; this input is not HLSL (.hlsl)"
        ))];
    }
    let lang = match args.lang.or_else(|| Language::of(&name)) {
        Some(l) => l,
        None => {
            // Names that say what the file is get an answer that says where it goes.
            let reason = match ext.as_str() {
                "hlsli" => "an .hlsli file is included by HLSL, not compiled alone: compile \
                            the .hlsl that includes it"
                    .to_string(),
                "dxil" | "ll" | "bc" => format!(
                    "a .{ext} file is DXIL already: `dxil as` assembles DXIL text, `dxil val` \
                     and `dxil info` read it (compile reads WGSL, SPIR-V and GLSL)"
                ),
                _ => format!(
                    "unknown language (expected .wgsl, .spv, .vert, .frag or .comp, or name \
                     it with --lang {})",
                    lang_names().replace(", ", "|")
                ),
            };
            return vec![CliError(format!("{name}: {reason}"))];
        }
    };
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(e) => return vec![e],
    };
    let module = match front::parse(lang, &bytes, &name) {
        Ok(m) => m,
        Err(e) => return vec![e.into()],
    };
    let source = std::str::from_utf8(&bytes)
        .ok()
        .filter(|_| lang != Language::SpirV);
    if let Some((h, o)) = module.overrides.iter().next() {
        let advice = match lang {
            Language::Wgsl => "; declare it `const`",
            _ => "",
        };
        let message = format!(
            "override `{}`: `dxil compile` does not set pipeline-overridable constants{advice}",
            o.name.as_deref().unwrap_or("(unnamed)")
        );
        let span = module.overrides.get_span(h);
        return vec![CliError(front::render(
            &name,
            source,
            &message,
            &[(span, String::new())],
            &[],
        ))];
    }
    let info = match front::validate(&module, source, &name) {
        Ok(i) => i,
        Err(e) => return vec![e.into()],
    };
    let stem = match file.file_stem() {
        Some(s) if file.as_os_str() != "-" => s.to_string_lossy().into_owned(),
        _ => "stdin".to_string(),
    };
    let mut errors = Vec::new();
    let mut found = false;
    for ep in &module.entry_points {
        if args.entry.as_deref().is_some_and(|e| e != ep.name) {
            continue;
        }
        found = true;
        match compile_entry(args, &module, &info, ep, &name, source) {
            Ok((profile, bytes)) => out.push(Compiled {
                file: name.clone(),
                stem: stem.clone(),
                entry: ep.name.clone(),
                profile,
                bytes,
            }),
            Err(e) => errors.push(e),
        }
    }
    if !found {
        let message = match &args.entry {
            Some(e) => {
                let entries = module.entry_points.iter().map(|ep| ep.name.as_str());
                format!("{name}: {}", no_entry(e, entries))
            }
            None => format!("{name}: no entry points (nothing to compile)"),
        };
        errors.push(CliError(message));
    }
    errors
}

/// An HLSL input to a validated container (unless `--no-validate`), through the HLSL
/// compiler ([`dxil::hlsl::compile_with`]): its profile from `-T`, its entry point from
/// `--entry` (`main` when absent, as DXC's); diagnostics printed as clang prints them.
fn compile_hlsl(args: &Args, file: &Path, name: &str) -> Result<Compiled, CliError> {
    let Some(profile) = &args.profile else {
        return Err(CliError(format!(
            "{name}: HLSL needs a target profile: -T cs_6_0 (or another stage and model)"
        )));
    };
    if args.shader_model.is_some() {
        return Err(CliError(format!(
            "{name}: --shader-model is not for HLSL: the profile (-T {profile}) names the model"
        )));
    }
    // The profile is read as `dxc -T` reads it.
    let dxc_args = ["-T", profile.as_str(), name];
    let cmd = dxil::hlsl::front_end::options::parse(&dxc_args)
        .map_err(|e| CliError(format!("-T {profile}: {e}")))?;
    for w in &cmd.warnings {
        eprintln!("warning: {w}");
    }
    let mut options = cmd.options;
    if let Some(entry) = &args.entry {
        options.entry = entry.clone();
    }
    let bytes = read_input(file)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError(format!(
            "{name}: not UTF-8 text (at offset {:#x})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let what = format!("entry point `{}`", options.entry);
    let compiled = dxil::hlsl::compile_with(
        name,
        &text,
        &options,
        &mut dxil::hlsl::FsLoader,
        !args.no_validate,
    );
    if !compiled.rendered.is_empty() {
        eprint!("{}", compiled.rendered);
    }
    let report = compiled.validation.as_ref();
    let Some(bytes) = compiled.container else {
        if let Some(r) = report.filter(|r| !r.is_valid()) {
            return Err(CliError(format!(
                "{name}: {what}: the compiled container fails validation, so it is not written \
                 (--no-validate writes it anyway):{}",
                indented(r)
            )));
        }
        return Err(CliError(format!(
            "{name}: {what}: not compiled (errors above)"
        )));
    };
    if let Some(r) = report.filter(|r| !r.diagnostics.is_empty()) {
        eprintln!(
            "warning: {name}: {what}: the validator warns:{}",
            indented(r)
        );
    }
    Ok(Compiled {
        file: name.to_string(),
        stem: file
            .file_stem()
            .map_or_else(|| "stdin".to_string(), |s| s.to_string_lossy().into_owned()),
        entry: options.entry.clone(),
        profile: profile.clone(),
        bytes,
    })
}

/// The validator's messages, each line indented under the error that lists them.
fn indented(report: &dxil::validator::Report) -> String {
    let mut lines = String::new();
    for d in &report.diagnostics {
        for line in d.to_string().lines() {
            lines.push_str("\n  ");
            lines.push_str(line);
        }
    }
    lines
}

/// One entry point to a validated container: its profile text and bytes.
fn compile_entry(
    args: &Args,
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    ep: &naga::EntryPoint,
    name: &str,
    source: Option<&str>,
) -> Result<(String, Vec<u8>), CliError> {
    let what = format!("entry point `{}`", ep.name);
    let fail = |e: dxil::naga_backend::Error| -> CliError {
        let hint = match e.option() {
            Some("special_constants_binding") => {
                " (give it a place with --special-constants-binding bREG[:SPACE])".to_string()
            }
            Some("immediates_target") => {
                " (give them a place with --immediates-binding bREG[:SPACE])".to_string()
            }
            Some(other) => format!(" (the back end's `Options::{other}`)"),
            None => String::new(),
        };
        let message = format!("{what}: {}: {}{hint}", e.construct(), e.message());
        CliError(front::render(
            name,
            source,
            &message,
            &[(e.span(), String::new())],
            &[],
        ))
    };
    let pipeline = PipelineOptions {
        entry_point: Some((ep.stage, ep.name.clone())),
    };
    let needed = dxil::naga_backend::requirement(module, info, &pipeline).map_err(fail)?;
    let prefix = match ep.stage {
        ShaderStage::Vertex => "vs",
        ShaderStage::Fragment => "ps",
        ShaderStage::Task => "as",
        ShaderStage::Mesh => "ms",
        _ => "cs",
    };
    let (model, profile) = match (args.shader_model, &needed) {
        (Some(given), Some(r)) if given < r.model => {
            let message = format!(
                "{what}: {}: shader model {} or later needed; --shader-model {given} is too low \
                 (leave it out for the lowest the shader needs)",
                r.feature, r.model
            );
            return Err(CliError(front::render(
                name,
                source,
                &message,
                &[(r.span, String::new())],
                &[],
            )));
        }
        (Some(given), _) => (given, profile_name(prefix, given)),
        (None, Some(r)) => (
            r.model,
            format!("{} for {}", profile_name(prefix, r.model), r.feature),
        ),
        (None, None) => (ShaderModel::V6_0, profile_name(prefix, ShaderModel::V6_0)),
    };
    let options = Options {
        shader_model: model,
        special_constants_binding: args.special_constants_binding,
        immediates_target: args.immediates_binding,
        ..Options::default()
    };
    let bytes = dxil::naga_backend::write(module, info, &options, &pipeline).map_err(fail)?;
    if !args.no_validate {
        check(&bytes, name, &what)?;
    }
    Ok((profile, bytes))
}

fn profile_name(prefix: &str, model: ShaderModel) -> String {
    format!("{prefix}_{}_{}", model.major, model.minor)
}

/// Validates a container before it is written: an error listing the validator's messages
/// when it is rejected; its warnings printed when it is accepted with some.
fn check(bytes: &[u8], name: &str, what: &str) -> Result<(), CliError> {
    let report = dxil::validate(bytes, &Default::default()).map_err(|e| {
        CliError(format!(
            "{name}: {what}: the compiled container cannot be validated ({e}); nothing written \
             (--no-validate writes it anyway)"
        ))
    })?;
    if report.diagnostics.is_empty() {
        return Ok(());
    }
    let lines = indented(&report);
    if report.is_valid() {
        eprintln!("warning: {name}: {what}: the validator warns:{lines}");
        return Ok(());
    }
    Err(CliError(format!(
        "{name}: {what}: the compiled container fails validation, so it is not written \
         (--no-validate writes it anyway):{lines}"
    )))
}
