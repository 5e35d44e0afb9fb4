//! `dxil equiv A B`: two compute shaders on the same random inputs; exit 0 iff every UAV
//! agrees after every run.

use std::path::PathBuf;

use dxil::equiv::{compare_named, Options, Outcome};

use crate::io::{
    display_name, read_input, CliError, CmdResult, Failure, OutputArg, UsageError, UsageResult,
};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The first shader (container, program part or bitcode; `-` for stdin).
    #[arg(value_name = "FILE")]
    pub first: PathBuf,
    /// The second shader.
    #[arg(value_name = "FILE")]
    pub second: PathBuf,
    /// Runs, each with its own random inputs.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..))]
    pub seeds: u32,
    /// Units in the last place two float values may differ by (typed float elements; the
    /// words of raw and structured UAVs too, read as f32, when not 0).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub ulp: u32,
    /// Thread groups of each run (`X,Y,Z`).
    #[arg(long, value_name = "X,Y,Z", default_value = "2,2,1", value_parser = parse_groups)]
    pub groups: [u32; 3],
    /// Instructions each run may execute.
    #[arg(long, value_name = "N")]
    pub budget: Option<u64>,
    #[command(flatten)]
    pub output: OutputArg,
}

fn parse_groups(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').collect();
    let [x, y, z] = parts.as_slice() else {
        return Err("expected X,Y,Z".into());
    };
    let n = |t: &str| t.trim().parse::<u32>().map_err(|e| format!("{t:?}: {e}"));
    let g = [n(x)?, n(y)?, n(z)?];
    if g.contains(&0) {
        return Err("a dispatch has at least one group in each dimension".into());
    }
    Ok(g)
}

/// Refuses standard input given for both shaders (it can be read once).
pub fn check_usage(args: &Args) -> UsageResult {
    let stdin = |p: &PathBuf| p.as_os_str() == "-";
    if stdin(&args.first) && stdin(&args.second) {
        return Err(UsageError(
            "`-` (standard input) can give one of the two shaders, not both".into(),
        ));
    }
    Ok(())
}

pub fn run(args: Args) -> CmdResult {
    let read = |p: &PathBuf| -> Result<Vec<u8>, CliError> { read_input(p) };
    let (a, b) = (read(&args.first)?, read(&args.second)?);
    let mut opts = Options {
        seeds: args.seeds,
        ulp: args.ulp,
        groups: args.groups,
        ..Options::default()
    };
    if let Some(budget) = args.budget {
        opts.budget = budget;
    }
    let (na, nb) = (display_name(&args.first), display_name(&args.second));
    match compare_named((&na, &a), (&nb, &b), &opts).map_err(|e| CliError(e.to_string()))? {
        Outcome::Agree { seeds, bytes } => {
            let [x, y, z] = opts.groups;
            Ok(args.output.text(&format!(
                "equivalent: {seeds} run(s) of {x}x{y}x{z} groups, {bytes} UAV bytes compared\n"
            ))?)
        }
        Outcome::Differ(d) => {
            args.output.text(&format!("different: {d}\n"))?;
            Err(Failure::Reported)
        }
    }
}
