//! `dxil hash F... [--check] [--json] [-o OUT]`: prints the container digest computed from
//! the bytes (32 lowercase hex digits) and how the stored one compares: `matches`,
//! `differs` (stale), or a sentinel the reference writes on purpose (`unsigned`: all
//! zeros; `preview`: 16 x 0x02; `bypass`: 16 x 0x01). `--check` exits 1 when the stored
//! digest is stale; sentinels pass.
//!
//! `dxil hash F --update (-o OUT | --in-place)`: writes the container with the computed
//! digest to OUT (`-`: standard output), or replaces F (through a temporary file and a
//! rename).

use std::path::PathBuf;

use dxil::container::{digest, DigestStatus};
use dxil::Input;
use serde_json::json;

use super::CmdResult;
use crate::io::{
    in_file, read_input, replace_file, report_each, write_binary, CliError, InputsArg, JsonArg,
    OutputArg, Report, UsageError, UsageResult,
};

/// Arguments of `dxil hash`.
#[derive(clap::Args)]
#[command(group(clap::ArgGroup::new("destination").args(["output", "in_place"])))]
pub struct Args {
    #[command(flatten)]
    pub inputs: InputsArg,
    /// Exit 1 when a stored digest is stale (differs from the computed one).
    #[arg(long, conflicts_with = "update")]
    pub check: bool,
    /// Store the computed digest: in OUT (`-o`) or in the input itself (`--in-place`).
    #[arg(long, requires = "destination")]
    pub update: bool,
    /// With --update: replace the input file (atomically).
    #[arg(long, requires = "update", conflicts_with = "output")]
    pub in_place: bool,
    /// With --update: where the updated container goes (`-`: standard output); without
    /// --update: where the report goes.
    #[arg(short, long, value_name = "OUT")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub json: JsonArg,
}

/// Runs `dxil hash`.
pub fn run(args: Args) -> CmdResult {
    if args.update {
        return update(&args);
    }
    let out = OutputArg {
        output: args.output.clone(),
    };
    report_each(&args.inputs.inputs, args.json.json, &out, |_, bytes| {
        let input = Input::parse(bytes)?;
        let c = input.container()?;
        let status = c.digest_status();
        Ok(Report {
            text: format!("{} {}\n", c.computed_digest(), status),
            json: json!({
                "computed": c.computed_digest().to_string(),
                "stored": c.header().digest.to_string(),
                "status": status.word(),
            }),
            ok: !(args.check && status == DigestStatus::Differs),
        })
    })
}

/// Refuses `--update` with several inputs and `--in-place` on standard input (clap
/// itself refuses `--update` without `-o` or `--in-place`).
pub fn check_usage(args: &Args) -> UsageResult {
    let inputs = &args.inputs.inputs;
    if args.update && inputs.len() > 1 {
        return Err(UsageError(format!(
            "--update takes one input ({} given)",
            inputs.len()
        )));
    }
    if args.in_place && inputs.iter().any(|f| f.as_os_str() == "-") {
        return Err(UsageError(
            "--in-place needs a file, not standard input (`-`)".into(),
        ));
    }
    Ok(())
}

fn update(args: &Args) -> CmdResult {
    let [file] = args.inputs.inputs.as_slice() else {
        return Err(CliError("--update takes one input".into()).into());
    };
    let mut bytes = read_input(file)?;
    let computed = {
        let input = Input::parse(&bytes)
            .map_err(CliError::from)
            .map_err(in_file(file))?;
        let c = input
            .container()
            .map_err(CliError::from)
            .map_err(in_file(file))?;
        c.computed_digest()
    };
    digest::update_in_place(&mut bytes).map_err(|e| in_file(file)(e.into()))?;
    if args.in_place {
        Ok(replace_file(file, &bytes)?)
    } else {
        // The report goes to standard error: standard output may carry the container.
        eprintln!("{computed} updated");
        Ok(write_binary(args.output.as_deref(), &bytes)?)
    }
}
