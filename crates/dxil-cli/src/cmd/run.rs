//! `dxil run`: run a compute shader on the CPU, or draw with a vertex and a pixel shader.
//!
//! With `--pipeline P.yaml` (a pipeline of LLVM's offload-test-suite), it binds the
//! pipeline's buffers, dispatches its `DispatchGroupCount`, checks its `Results` rules and
//! prints the pipeline with the buffers as the suite's `offloader` prints them; exit 1 when
//! a rule fails, naming it and its first differing element (the rule's report, as the
//! offloader gives it, goes to standard error). The quick form binds files:
//! `--dispatch X,Y,Z --buffer u0=in.bin [--buffer t1:2=more.bin]`, each view's kind, stride,
//! element type and channels taken from the shader's own resource metadata, and prints every
//! UAV after the run with the pipeline form's value printer, in the element type
//! (`--format` chooses another); `--out REG=FILE` and `--out-dir DIR` write UAVs' bytes.
//! `--trace X,Y,Z` prints each instruction that thread executes, with its values, on
//! standard error. A graphics pipeline (`Stage: Vertex` and `Stage: Pixel`) takes the vertex
//! shader as the input and the pixel shader with `--pixel PS.dxil`, and prints the render
//! target as the offloader prints buffers.

use std::cell::RefCell;
use std::fmt;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::{Duration, Instant};

use dxil::exec::{
    Binding, Bindings, ComponentFormat, ComponentType, DeclaredResource, Dispatch, ElementFormat,
    Program, Resource, ResourceClass, ResourceKind,
};
use dxil::ir::{Module, TypeData};
use dxil::module::model::Resource as MdResource;
use dxil::module::DxilMetadata;
use dxil::pipeline::{self, DataFormat, RunOptions};

use crate::io::{
    display_name, read_input, CliError, CmdResult, Failure, InputArg, OutputArg, UsageError,
    UsageResult,
};

/// Bytes a quick-form buffer file may hold (the pipeline form's limit too); a constant
/// buffer may hold no more than the size the shader declares.
const MAX_BUFFER_BYTES: u64 = 256 << 20;

/// Progress shows on a terminal once a dispatch has run this long.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("form").required(true).args(["pipeline", "dispatch"])))]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// A pipeline of LLVM's offload-test-suite (YAML): buffers, bindings, dispatch, rules.
    #[arg(long, value_name = "YAML", conflicts_with_all = ["dispatch", "buffer", "format", "out", "out_dir"])]
    pipeline: Option<PathBuf>,
    /// The pixel shader of a graphics pipeline (the input is then its vertex shader).
    // Refused with --dispatch (which would leave it unread); the required form group then
    // asks for --pipeline.
    #[arg(long, value_name = "PS", conflicts_with = "dispatch")]
    pixel: Option<PathBuf>,
    /// Thread groups in x, y, z (quick form; at most 65535 each).
    #[arg(long, value_name = "X,Y,Z", value_parser = groups)]
    dispatch: Option<[u32; 3]>,
    /// A file bound at a register (quick form): `u0=out.bin`, `t1:2=in.bin` (register 1 in
    /// space 2). The view's kind, stride, element type and channels come from the shader;
    /// `u2=data.bin:4` states a typed view's channels (1 to 4), which must agree. At most
    /// 256 MiB (a constant buffer: its declared size). Repeatable.
    #[arg(long, value_name = "REG=FILE[:N]", value_parser = BufferSpec::parse)]
    buffer: Vec<BufferSpec>,
    /// How to print the UAVs (default: their element type; raw buffers and structures of
    /// mixed types in hexadecimal words): f32, f64, f16, i32, u32, i16, u16, i64, u64, hex,
    /// hex8, hex16, hex64; `u1=f32` for one register. Repeatable.
    #[arg(long, value_name = "[REG=]FORMAT", value_parser = FormatSpec::parse)]
    format: Vec<FormatSpec>,
    /// Write a UAV's bytes after the run to FILE (`u0=out.bin`). Repeatable.
    #[arg(long, value_name = "REG=FILE", value_parser = OutSpec::parse)]
    out: Vec<OutSpec>,
    /// Write every UAV's bytes after the run to DIR/u0.bin, DIR/u1.bin, ... (space N:
    /// DIR/u1.spaceN.bin).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Print each instruction this thread (`SV_DispatchThreadID`) executes, on stderr.
    #[arg(long, value_name = "X,Y,Z", value_parser = triple)]
    trace: Option<[u32; 3]>,
    /// Lanes per wave (default: the shader's `WaveSize`, else the executor's).
    #[arg(long, value_name = "N")]
    wave_size: Option<u32>,
    /// Instructions the whole dispatch may execute before it is stopped (default 2^32, about
    /// a minute; starting a wave of a group counts 8).
    #[arg(long, value_name = "N")]
    budget: Option<u64>,
    #[command(flatten)]
    output: OutputArg,
}

fn triple(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').map(str::trim).collect();
    let [x, y, z] = parts[..] else {
        return Err(format!("expected X,Y,Z, found '{s}'"));
    };
    let n = |t: &str| number(t, "count");
    Ok([n(x)?, n(y)?, n(z)?])
}

/// `--dispatch`: a triple of at most 65535 each, as Direct3D allows.
fn groups(s: &str) -> Result<[u32; 3], String> {
    let g = triple(s)?;
    let max = dxil::exec::MAX_GROUPS_PER_DIMENSION;
    if let Some(k) = (0..3).find(|&k| g[k] > max) {
        return Err(format!(
            "{} thread groups in {}: Direct3D dispatches at most {max} per dimension",
            g[k],
            ["x", "y", "z"][k]
        ));
    }
    Ok(g)
}

/// A decimal `u32` (a `noun`: register, count): out of range and malformed told apart.
fn number(t: &str, noun: &str) -> Result<u32, String> {
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{t}' is not a {noun} (decimal digits)"));
    }
    t.parse::<u32>()
        .map_err(|_| format!("{noun} {t} is out of range (at most {})", u32::MAX))
}

/// A register: class, number and space (`u0`, `t1:2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reg {
    class: ResourceClass,
    register: u32,
    space: u32,
}

impl Reg {
    fn parse(s: &str) -> Result<Reg, String> {
        let letter = s.chars().next();
        let class = ResourceClass::ALL
            .into_iter()
            .find(|c| Some(c.register_letter()) == letter);
        let class = match class {
            Some(ResourceClass::Sampler) => {
                return Err("a sampler needs a pipeline (--pipeline)".into())
            }
            Some(c) => c,
            None => {
                return Err(format!(
                    "expected a register such as u0, t1 or b0 (t1:2: in space 2), found '{s}'"
                ))
            }
        };
        let rest = &s[1..];
        let (register, space) = match rest.split_once(':') {
            Some((r, sp)) => (number(r, "register")?, number(sp, "register space")?),
            None => (number(rest, "register")?, 0),
        };
        Ok(Reg {
            class,
            register,
            space,
        })
    }
}

impl fmt::Display for Reg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.class.register_letter(), self.register)?;
        if self.space != 0 {
            write!(f, ":{}", self.space)?;
        }
        Ok(())
    }
}

/// `--buffer REG=FILE[:N]`.
#[derive(Clone, Debug)]
struct BufferSpec {
    reg: Reg,
    file: PathBuf,
    channels: Option<u8>,
}

impl BufferSpec {
    fn parse(s: &str) -> Result<BufferSpec, String> {
        let (reg, file) = s.split_once('=').ok_or_else(|| {
            format!("expected REG=FILE[:N], such as u0=in.bin or u2=data.bin:4; found '{s}'")
        })?;
        let reg = Reg::parse(reg)?;
        // A trailing `:digits` is the channel count; any other colon belongs to the name.
        let (file, channels) = match file.rsplit_once(':') {
            Some((f, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                let c = n.parse::<u8>().ok().filter(|c| (1..=4).contains(c));
                let c = c.ok_or_else(|| {
                    format!("a typed view has 1 to 4 channels, not {n} (in '{s}')")
                })?;
                (f, Some(c))
            }
            _ => (file, None),
        };
        if file.is_empty() {
            return Err(format!("no file name in '{s}'"));
        }
        Ok(BufferSpec {
            reg,
            file: PathBuf::from(file),
            channels,
        })
    }
}

/// `--out REG=FILE`.
#[derive(Clone, Debug)]
struct OutSpec {
    reg: Reg,
    file: PathBuf,
}

impl OutSpec {
    fn parse(s: &str) -> Result<OutSpec, String> {
        let (reg, file) = s
            .split_once('=')
            .ok_or_else(|| format!("expected REG=FILE, such as u0=out.bin; found '{s}'"))?;
        let reg = Reg::parse(reg)?;
        if reg.class != ResourceClass::UAV {
            return Err(format!(
                "only UAVs (u registers) are written back, not {reg}"
            ));
        }
        if file.is_empty() {
            return Err(format!("no file name in '{s}'"));
        }
        Ok(OutSpec {
            reg,
            file: PathBuf::from(file),
        })
    }
}

/// `--format [REG=]FORMAT`.
#[derive(Clone, Debug)]
struct FormatSpec {
    reg: Option<Reg>,
    format: DataFormat,
}

/// The `--format` names.
const FORMATS: [(&str, DataFormat); 13] = [
    ("f32", DataFormat::Float32),
    ("f64", DataFormat::Float64),
    ("f16", DataFormat::Float16),
    ("i32", DataFormat::Int32),
    ("u32", DataFormat::UInt32),
    ("i16", DataFormat::Int16),
    ("u16", DataFormat::UInt16),
    ("i64", DataFormat::Int64),
    ("u64", DataFormat::UInt64),
    ("hex", DataFormat::Hex32),
    ("hex8", DataFormat::Hex8),
    ("hex16", DataFormat::Hex16),
    ("hex64", DataFormat::Hex64),
];

impl FormatSpec {
    fn parse(s: &str) -> Result<FormatSpec, String> {
        let (reg, name) = match s.split_once('=') {
            Some((r, n)) => (Some(Reg::parse(r)?), n),
            None => (None, s),
        };
        let format = FORMATS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, f)| *f)
            .ok_or_else(|| {
                let names: Vec<&str> = FORMATS.iter().map(|(n, _)| *n).collect();
                format!(
                    "unknown format '{name}' (expected one of {})",
                    names.join(", ")
                )
            })?;
        Ok(FormatSpec { reg, format })
    }
}

/// Refuses what clap's constraints cannot state (exit status 2, before the input is read):
/// in the quick form, a register bound or written twice, `--format` without a register
/// twice, `--out` or `--format REG` naming a register no `--buffer` binds (as a UAV, for
/// `--format`).
pub fn check_usage(args: &Args) -> UsageResult {
    if args.pipeline.is_some() {
        return Ok(());
    }
    check_unique(args.buffer.iter().map(|b| b.reg), "bound")?;
    check_unique(args.out.iter().map(|o| o.reg), "written (--out)")?;
    if args.format.iter().filter(|f| f.reg.is_none()).count() > 1 {
        return Err(UsageError(
            "--format without a register is given more than once".into(),
        ));
    }
    for o in &args.out {
        if !args.buffer.iter().any(|b| b.reg == o.reg) {
            return Err(UsageError(format!(
                "--out {}: no --buffer binds {}",
                o.reg, o.reg
            )));
        }
    }
    for r in args.format.iter().filter_map(|f| f.reg) {
        let bound = args
            .buffer
            .iter()
            .any(|b| b.reg == r && r.class == ResourceClass::UAV);
        if !bound {
            return Err(UsageError(format!(
                "--format {r}: no --buffer binds a UAV at {r}"
            )));
        }
    }
    Ok(())
}

pub fn run(args: Args) -> CmdResult {
    let name = args.input.name();
    let bytes = args.input.read()?;
    let module = dxil::read_module(&bytes).map_err(|e| CliError(format!("{name}: {e}")))?;
    let mut trace = std::io::stderr();
    if let Some(path) = &args.pipeline {
        let static_samplers = dxil::exec::texture::static_samplers(&bytes)
            .map_err(|e| CliError(format!("{name}: {e}")))?;
        return run_pipeline(
            &args,
            path,
            &name,
            &module,
            &bytes,
            static_samplers,
            &mut trace,
        );
    }
    // The rest of the command line was checked before the input was read (check_usage).
    let Some(groups) = args.dispatch else {
        return Err(CliError(
            "give --pipeline P.yaml, or --dispatch X,Y,Z with --buffer REG=FILE".into(),
        )
        .into());
    };
    let md = DxilMetadata::read(&module)
        .map_err(|e| CliError(format!("{name}: resource metadata: {e}")))?;
    let mut bindings = Bindings::default();
    let mut printed = Vec::new();
    for spec in &args.buffer {
        let (binding, format) = quick_binding(&module, &md, spec)
            .map_err(|e| CliError(format!("{name}: --buffer {}: {}", spec.reg, e.0)))?;
        bindings.bindings.push(binding);
        printed.push(format);
    }
    let program = Program::compile(&module, None).map_err(|e| CliError(format!("{name}: {e}")))?;
    let mut dispatch = Dispatch {
        groups,
        wave_size: args.wave_size,
        trace: args.trace,
        ..Dispatch::default()
    };
    if let Some(b) = args.budget {
        dispatch.budget = b;
    }
    if let Some(t) = args.trace {
        pipeline::check_traced_thread(t, groups, program.num_threads())
            .map_err(|e| CliError(format!("{name}: {e}")))?;
    }
    let mut progress = Progress::new(args.trace.is_none() && std::io::stderr().is_terminal());
    let ran = program.dispatch_with_progress(&mut bindings, &dispatch, &mut trace, &mut |d, t| {
        progress.update(d, t)
    });
    progress.finish();
    ran.map_err(|e| CliError(format!("{name}: {e}{}", budget_hint(&e))))?;
    let mut text = String::new();
    for ((spec, binding), format) in args.buffer.iter().zip(&bindings.bindings).zip(&printed) {
        if spec.reg.class != ResourceClass::UAV {
            continue;
        }
        let format = args
            .format
            .iter()
            .find(|f| f.reg == Some(spec.reg))
            .or_else(|| args.format.iter().find(|f| f.reg.is_none()))
            .map_or(*format, |f| f.format);
        print_uav(&mut text, spec.reg, binding, format);
    }
    for o in &args.out {
        let b = args.buffer.iter().position(|b| b.reg == o.reg);
        if let Some(binding) = b.and_then(|i| bindings.bindings.get(i)) {
            crate::io::write_binary(Some(&o.file), &binding.resource.data)?;
        }
    }
    if let Some(dir) = &args.out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError(format!("creating {}: {e}", dir.display())))?;
        for (spec, binding) in args.buffer.iter().zip(&bindings.bindings) {
            if spec.reg.class != ResourceClass::UAV {
                continue;
            }
            let file = match spec.reg.space {
                0 => format!("u{}.bin", spec.reg.register),
                s => format!("u{}.space{s}.bin", spec.reg.register),
            };
            crate::io::write_binary(Some(&dir.join(file)), &binding.resource.data)?;
        }
    }
    Ok(args.output.text(&text)?)
}

/// What to do about a spent budget (`--budget N` allows more), or nothing for other errors.
fn budget_hint(e: &dxil::exec::Error) -> &'static str {
    match e.kind() {
        dxil::exec::ErrorKind::Budget { .. } | dxil::exec::ErrorKind::DispatchBudget { .. } => {
            " (--budget N allows more)"
        }
        _ => "",
    }
}

/// Refuses a register given twice (a usage error).
fn check_unique(regs: impl Iterator<Item = Reg>, what: &str) -> UsageResult {
    let mut seen: Vec<Reg> = Vec::new();
    for r in regs {
        if seen.contains(&r) {
            return Err(UsageError(format!("{r} is {what} twice")));
        }
        seen.push(r);
    }
    Ok(())
}

/// A line on standard error saying how far a long dispatch has come: shown once it has run
/// [`PROGRESS_AFTER`], when standard error is a terminal, and cleared at the end.
struct Progress {
    on: bool,
    start: Instant,
    /// When the line was last written.
    last: Option<Instant>,
    /// The clock is read every `stride` groups (doubled while groups are quick, so that
    /// small groups do not pay for it; halved when they are slow).
    stride: u64,
    checked: Instant,
}

impl Progress {
    fn new(on: bool) -> Progress {
        let now = Instant::now();
        Progress {
            on,
            start: now,
            last: None,
            stride: 1,
            checked: now,
        }
    }

    fn update(&mut self, done: u64, total: u64) {
        if !self.on || !done.is_multiple_of(self.stride) {
            return;
        }
        let now = Instant::now();
        let since = now.duration_since(self.checked);
        self.checked = now;
        if since < Duration::from_millis(10) {
            self.stride = (self.stride * 2).min(1 << 20);
        } else if since > Duration::from_millis(100) && self.stride > 1 {
            self.stride /= 2;
        }
        let due = match self.last {
            None => now.duration_since(self.start) >= PROGRESS_AFTER,
            Some(l) => now.duration_since(l) >= Duration::from_millis(200),
        };
        if due {
            self.last = Some(now);
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r{}", progress_line(done, total, now - self.start));
            let _ = err.flush();
        }
    }

    fn finish(&mut self) {
        if self.last.is_some() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[K");
            let _ = err.flush();
        }
    }
}

/// `dispatch: 1024 of 4096 thread groups (25%), 2.0 s`.
fn progress_line(done: u64, total: u64, elapsed: Duration) -> String {
    let percent = (done as f64 * 100.0 / total.max(1) as f64).floor();
    format!(
        "dispatch: {done} of {total} thread groups ({percent}%), {:.1} s",
        elapsed.as_secs_f64()
    )
}

fn run_pipeline(
    args: &Args,
    path: &Path,
    name: &str,
    module: &dxil::ir::CheckedModule,
    container: &[u8],
    static_samplers: Vec<Binding>,
    trace: &mut dyn std::io::Write,
) -> CmdResult {
    let yaml_name = display_name(path);
    let text = String::from_utf8(read_input(path)?)
        .map_err(|_| CliError(format!("{yaml_name}: not UTF-8 text")))?;
    let mut p = pipeline::parse(&text).map_err(|e| at_line(&yaml_name, &e))?;
    let root_signature =
        pipeline::root_signature(container).map_err(|e| CliError(format!("{name}: {e}")))?;
    let progress = Rc::new(RefCell::new(Progress::new(
        args.trace.is_none() && std::io::stderr().is_terminal(),
    )));
    let shown = progress.clone();
    let options = RunOptions {
        wave_size: args.wave_size,
        budget: args.budget,
        trace: args.trace,
        root_signature,
        progress: pipeline::ProgressFn(Some(Rc::new(RefCell::new(move |d, t| {
            shown.borrow_mut().update(d, t)
        })))),
    };
    let graphics = p.shaders.iter().any(|s| s.stage == pipeline::Stage::Vertex);
    let outcome = if graphics {
        let Some(ps_path) = &args.pixel else {
            return Err(CliError(format!(
                "{yaml_name}: the pipeline draws: give its pixel shader with --pixel PS.dxil"
            ))
            .into());
        };
        let ps_name = display_name(ps_path);
        let ps_bytes = read_input(ps_path)?;
        let ps = dxil::read_module(&ps_bytes).map_err(|e| CliError(format!("{ps_name}: {e}")))?;
        pipeline::offload_graphics(&mut p, module, &ps, &static_samplers, &options)
    } else {
        pipeline::offload_with(&mut p, module, &static_samplers, &options, trace)
    }
    .map_err(|e| match e {
        pipeline::RunError::Pipeline(e) => at_line(&yaml_name, &e),
        pipeline::RunError::Exec(e) => CliError(format!("{name}: {e}{}", budget_hint(&e))),
        other => CliError(format!("{name}: {other}")),
    });
    progress.borrow_mut().finish();
    let outcome = outcome?;
    if outcome.failures.is_empty() {
        return Ok(args.output.text(&outcome.stdout)?);
    }
    eprint!("{}", outcome.stderr);
    for f in &outcome.failures {
        let first = match &f.first {
            Some((block, i, e, a)) => {
                let block = if *block > 0 {
                    format!("block {block}, ")
                } else {
                    String::new()
                };
                format!(": first difference at {block}element {i}: expected {e}, actual {a}")
            }
            _ => String::new(),
        };
        eprintln!("error: {yaml_name}: rule '{}' does not hold{first}", f.name);
    }
    Err(Failure::Reported)
}

/// `FILE:LINE: message` (the line left out when the error is about the whole pipeline).
fn at_line(file: &str, e: &pipeline::PipelineError) -> CliError {
    if e.line == 0 {
        CliError(format!("{file}: {}", e.message))
    } else {
        CliError(format!("{file}:{}: {}", e.line, e.message))
    }
}

/// The binding of one `--buffer` and the format its values print in: the view's kind,
/// stride, element type and channels from the shader's resource record at that register.
fn quick_binding(
    module: &Module,
    md: &DxilMetadata,
    spec: &BufferSpec,
) -> Result<(Binding, DataFormat), CliError> {
    let Reg {
        class,
        register,
        space,
    } = spec.reg;
    let declared = DeclaredResource::at(md, class, space, register)
        .ok_or_else(|| CliError(format!("the shader declares no resource at {}", spec.reg)))?;
    let record = declared.record;
    let kind = declared.kind;
    if spec.channels.is_some() && kind != Some(ResourceKind::TypedBuffer) {
        return Err(CliError(format!(
            "':N' gives a typed buffer's channels, but {} is a {}",
            spec.reg,
            kind.map_or("resource", |k| k.name())
        )));
    }
    let cbuffer = declared.view == Some(ResourceKind::CBuffer);
    let limit = if cbuffer {
        u64::from(record.shape_or_size)
    } else {
        MAX_BUFFER_BYTES
    };
    let data = read_bounded(&spec.file, limit, cbuffer)?;
    // The file is read before the view is judged (a missing file is reported first). The
    // quick form describes buffers only.
    let buffer = |r: &Resource| {
        matches!(
            r.view,
            ResourceKind::TypedBuffer
                | ResourceKind::RawBuffer
                | ResourceKind::StructuredBuffer
                | ResourceKind::CBuffer
        )
    };
    let Some(mut resource) = declared.resource(data).filter(buffer) else {
        return Err(CliError(format!(
            "a {} needs a pipeline (--pipeline) to describe it",
            kind.map_or("resource", |k| k.name())
        )));
    };
    let format = match resource.view {
        ResourceKind::TypedBuffer => {
            let md_component = record
                .element_type()
                .ok_or_else(|| CliError("the typed buffer's record has no element type".into()))?;
            let (component, format) = component(md_component).ok_or_else(|| {
                CliError(format!(
                    "an element type ({md_component:?}) this executor cannot view"
                ))
            })?;
            let declared_channels = declared.channels(module);
            let channels = match (spec.channels, declared_channels) {
                (Some(given), Some(d)) if given != d => {
                    return Err(CliError(format!(
                        "the shader declares {d} channel(s), not {given}: leave ':{given}' out \
                         (or write {}={}:{d})",
                        spec.reg,
                        spec.file.display()
                    )))
                }
                (_, Some(d)) => d,
                (Some(given), None) => given,
                (None, None) => {
                    return Err(CliError(format!(
                        "the shader does not say how many channels the typed buffer has: \
                         write {}={}:N (N from 1 to 4)",
                        spec.reg,
                        spec.file.display()
                    )))
                }
            };
            resource.format = Some(ElementFormat {
                component,
                channels,
            });
            format
        }
        ResourceKind::StructuredBuffer => structured_format(module, md, record),
        _ => DataFormat::Hex32,
    };
    Ok((declared.binding(register, resource), format))
}

/// Reads a buffer file, at most `limit` bytes (more is an error: `/dev/zero` is refused, not
/// read until memory runs out). A constant buffer's file may be shorter than its size.
fn read_bounded(path: &Path, limit: u64, cbuffer: bool) -> Result<Vec<u8>, CliError> {
    let name = display_name(path);
    let data = crate::io::read_at_most(path, limit)
        .map_err(|reason| CliError(format!("{name}: {reason}")))?;
    data.ok_or_else(|| {
        CliError(if cbuffer {
            format!("{name} is larger than the constant buffer's {limit} bytes")
        } else {
            format!(
                "{name} is larger than {} MiB, the most a buffer may hold",
                MAX_BUFFER_BYTES >> 20
            )
        })
    })
}

/// The print format of a structured buffer: the element's one scalar type when every field
/// has it (its signedness from the type annotations), else hexadecimal words.
fn structured_format(module: &Module, md: &DxilMetadata, r: &MdResource) -> DataFormat {
    let Some(elem) = r.element_ir_type(module) else {
        return DataFormat::Hex32;
    };
    let mut scalars = Vec::new();
    if !scalar_leaves(module, elem, 0, &mut scalars) || scalars.is_empty() {
        return DataFormat::Hex32;
    }
    let first = scalars[0].clone();
    if scalars.iter().any(|s| *s != first) {
        return DataFormat::Hex32;
    }
    // The annotated component types of the element's fields (or of the resource struct's
    // one field), when they all agree.
    let annotated = |ty| {
        let a = md.struct_annotation(ty)?;
        let mut types = a.fields.iter().map(|f| f.comp_type());
        let t = types.next()??;
        types.all(|x| x == Some(t)).then_some(t)
    };
    let resource_struct = r.symbol_struct_type(module);
    let comp = annotated(elem)
        .or_else(|| resource_struct.and_then(annotated))
        .and_then(ComponentType::from_raw);
    match (first, comp) {
        (TypeData::Float, _) => DataFormat::Float32,
        (TypeData::Double, _) => DataFormat::Float64,
        (TypeData::Half, _) => DataFormat::Float16,
        (TypeData::Int(32), Some(ComponentType::I32)) => DataFormat::Int32,
        (TypeData::Int(32), Some(ComponentType::U32)) => DataFormat::UInt32,
        (TypeData::Int(16), Some(ComponentType::I16)) => DataFormat::Int16,
        (TypeData::Int(16), Some(ComponentType::U16)) => DataFormat::UInt16,
        (TypeData::Int(64), Some(ComponentType::I64)) => DataFormat::Int64,
        (TypeData::Int(64), Some(ComponentType::U64)) => DataFormat::UInt64,
        _ => DataFormat::Hex32,
    }
}

/// Collects the scalar types of `ty`'s leaves; false for a type too deep or not made of
/// scalars.
fn scalar_leaves(module: &Module, ty: dxil::ir::Type, depth: u32, out: &mut Vec<TypeData>) -> bool {
    if depth > 16 || out.len() > 1024 {
        return false;
    }
    match module.ty(ty) {
        Some(TypeData::Struct(st)) => st
            .elems
            .iter()
            .all(|e| scalar_leaves(module, *e, depth + 1, out)),
        Some(TypeData::Vector { elem, .. } | TypeData::Array { elem, .. }) => {
            scalar_leaves(module, *elem, depth + 1, out)
        }
        Some(t @ (TypeData::Float | TypeData::Double | TypeData::Half | TypeData::Int(_))) => {
            out.push(t.clone());
            true
        }
        _ => false,
    }
}

/// A typed element's component for the executor's view, and the format its values print in.
fn component(t: ComponentType) -> Option<(ComponentFormat, DataFormat)> {
    let format = ComponentFormat::of_type(t)?;
    let printed = match format {
        ComponentFormat::Float16 => DataFormat::Float16,
        ComponentFormat::Float32 => DataFormat::Float32,
        ComponentFormat::Float64 => DataFormat::Float64,
        ComponentFormat::Int16 => DataFormat::Int16,
        ComponentFormat::Int32 => DataFormat::Int32,
        ComponentFormat::Int64 => DataFormat::Int64,
        ComponentFormat::UInt16 => DataFormat::UInt16,
        ComponentFormat::UInt32 => DataFormat::UInt32,
        ComponentFormat::UInt64 => DataFormat::UInt64,
        _ => return None,
    };
    Some((format, printed))
}

/// One UAV after the run: `u0 (Float32): [ 1, 2.5 ]`, its values printed as the pipeline
/// form prints buffers, and its counter when it has one.
fn print_uav(out: &mut String, reg: Reg, binding: &Binding, format: DataFormat) {
    let r = &binding.resource;
    out.push_str(&format!("{reg} ({}): [ ", format.name()));
    pipeline::write_values(format, &r.data, out);
    out.push_str(" ]\n");
    let whole = r.data.len() - r.data.len() % format.size() as usize;
    if whole < r.data.len() {
        out.push_str(&format!(
            "{reg}: {} byte(s) after the last whole value not shown\n",
            r.data.len() - whole
        ));
    }
    if let Some(c) = r.counter {
        out.push_str(&format!("{reg} counter: {c}\n"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buffer_specs() {
        let b = BufferSpec::parse("u0=f.bin:4").unwrap();
        assert_eq!((b.reg.to_string(), b.channels), ("u0".into(), Some(4)));
        assert_eq!(b.file, PathBuf::from("f.bin"));
        let b = BufferSpec::parse("t1:2=dir:x/f.bin").unwrap();
        assert_eq!(b.reg.to_string(), "t1:2");
        assert_eq!(b.file, PathBuf::from("dir:x/f.bin"));
        assert!(BufferSpec::parse("u0=f.bin:0")
            .unwrap_err()
            .contains("1 to 4"));
        assert!(BufferSpec::parse("u0=f.bin:99999")
            .unwrap_err()
            .contains("1 to 4"));
        assert!(BufferSpec::parse("u4294967296=f")
            .unwrap_err()
            .contains("out of range"));
        assert!(BufferSpec::parse("t0xs.bin")
            .unwrap_err()
            .contains("REG=FILE"));
        assert!(BufferSpec::parse("u0=").unwrap_err().contains("no file"));
    }

    #[test]
    fn progress_lines() {
        assert_eq!(
            progress_line(1024, 4096, Duration::from_millis(2049)),
            "dispatch: 1024 of 4096 thread groups (25%), 2.0 s"
        );
    }
}
