//! `dxil compile F.wgsl|F.spv|F.vert|F.frag|F.comp... [--entry NAME] [--shader-model 6.x]
//! [-o OUT | --out-dir DIR]`: naga's front end for the file's language, naga's validator,
//! then the naga back end ([`dxil::naga_backend::write`]): one signed container per entry
//! point. Errors name `file:line:column` from naga's spans.

use std::path::{Path, PathBuf};

use dxil::naga_backend::front::{self, Language};
use dxil::naga_backend::naga::ShaderStage;
use dxil::naga_backend::{Options, PipelineOptions, ShaderModel};

use super::CmdResult;
use crate::io::{display_name, in_file, no_entry, read_input, write_binary, CliError, InputsArg};

/// Arguments of `dxil compile`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: InputsArg,
    /// The entry point to compile (default: every entry point).
    #[arg(long, value_name = "NAME")]
    pub entry: Option<String>,
    /// The shader model (6.0 to 6.9; default 6.2, or 6.5 for task and mesh shaders, the
    /// first that has them).
    #[arg(long, value_name = "6.x")]
    pub shader_model: Option<String>,
    /// Output file for a single entry point of a single input.
    #[arg(short, long, value_name = "OUT", conflicts_with = "out_dir")]
    pub output: Option<PathBuf>,
    /// Directory for several outputs (`<stem>.<entry>.dxil` each).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

/// One compiled entry point.
struct Compiled {
    stem: String,
    entry: String,
    bytes: Vec<u8>,
}

/// Runs `dxil compile`.
pub fn run(args: Args) -> CmdResult {
    let shader_model = match &args.shader_model {
        Some(text) => Some(
            ShaderModel::parse(text)
                .ok_or_else(|| CliError(format!("--shader-model {text}: expected 6.0 to 6.9")))?,
        ),
        None => None,
    };
    let mut out = Vec::new();
    for file in &args.inputs.inputs {
        compile_file(file, args.entry.as_deref(), shader_model, &mut out)?;
    }
    match (&args.out_dir, out.as_slice()) {
        (Some(dir), _) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| CliError(format!("creating {}: {e}", dir.display())))?;
            for c in &out {
                let path = dir.join(format!("{}.{}.dxil", c.stem, c.entry));
                write_binary(Some(&path), &c.bytes)?;
            }
            Ok(())
        }
        (None, [one]) => write_binary(args.output.as_deref(), &one.bytes),
        (None, _) => Err(CliError(format!(
            "{} entry points compiled: name one with --entry, or write them with --out-dir DIR",
            out.len()
        ))),
    }
}

fn compile_file(
    file: &Path,
    entry: Option<&str>,
    shader_model: Option<ShaderModel>,
    out: &mut Vec<Compiled>,
) -> CmdResult {
    let name = display_name(file);
    let lang = Language::of(&name).ok_or_else(|| {
        CliError(format!(
            "{name}: unknown language (expected .wgsl, .spv, .vert, .frag or .comp)"
        ))
    })?;
    let bytes = read_input(file)?;
    let module = front::parse(lang, &bytes, &name)?;
    let source = std::str::from_utf8(&bytes)
        .ok()
        .filter(|_| lang != Language::SpirV);
    let info = front::validate(&module, source, &name)?;
    let stem = file
        .file_stem()
        .map_or_else(|| "stdin".to_string(), |s| s.to_string_lossy().into_owned());
    let mut found = false;
    for ep in &module.entry_points {
        if entry.is_some_and(|e| e != ep.name) {
            continue;
        }
        found = true;
        let pipeline = PipelineOptions {
            entry_point: Some((ep.stage, ep.name.clone())),
        };
        let options = Options {
            shader_model: shader_model.unwrap_or(match ep.stage {
                ShaderStage::Task | ShaderStage::Mesh => ShaderModel::V6_5,
                _ => ShaderModel::V6_2,
            }),
            ..Options::default()
        };
        let bytes = dxil::naga_backend::write(&module, &info, &options, &pipeline)
            .map_err(|e| CliError(format!("{}: {e}", front::locate(&name, source, e.span()))))?;
        out.push(Compiled {
            stem: stem.clone(),
            entry: ep.name.clone(),
            bytes,
        });
    }
    match (found, entry) {
        (false, Some(e)) => {
            let entries = module.entry_points.iter().map(|ep| ep.name.as_str());
            Err(in_file(file)(no_entry(e, entries)))
        }
        (false, None) => Err(CliError(format!("{name}: no entry points"))),
        _ => Ok(()),
    }
}
