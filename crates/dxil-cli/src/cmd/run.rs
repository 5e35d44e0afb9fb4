//! `dxil run`: run a compute shader on the CPU, or draw with a vertex and a pixel shader.
//!
//! With `--pipeline P.yaml` (a pipeline of LLVM's offload-test-suite), it binds the
//! pipeline's buffers, dispatches its `DispatchGroupCount`, checks its `Results` rules and
//! prints the pipeline with the buffers as the suite's `offloader` prints them; exit 1 when
//! a rule fails, naming it and its first differing element (the rule's report, as the
//! offloader gives it, goes to standard error). The quick form binds files:
//! `--dispatch X,Y,Z --buffer u0=in.bin [--buffer t1=more.bin:4]`, each view's kind and
//! stride taken from the shader's own resource metadata (`:N` gives a typed view N
//! channels), and prints every UAV after the run. `--trace X,Y,Z` prints each instruction
//! that thread executes, with its values, on standard error. A graphics pipeline (`Stage:
//! Vertex` and `Stage: Pixel`) takes the vertex shader as the input and the pixel shader
//! with `--pixel PS.dxil`, and prints the render target as the offloader prints buffers.

use std::path::{Path, PathBuf};

use dxil::exec::pipeline::{self, RunOptions};
use dxil::exec::{
    Binding, Bindings, ComponentType, Dispatch, ElementFormat, Program, Resource, ResourceClass,
    ViewKind,
};
use dxil::module::model::ResourceClass as MdClass;
use dxil::module::DxilMetadata;
use dxil::parts::names::{ComponentType as MdComponent, ResourceKind};

use crate::io::{display_name, in_file, read_input, CliError, CmdResult, InputArg, OutputArg};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArg,
    /// A pipeline of LLVM's offload-test-suite (YAML): buffers, bindings, dispatch, rules.
    #[arg(long, value_name = "YAML", conflicts_with_all = ["dispatch", "buffer"])]
    pipeline: Option<PathBuf>,
    /// The pixel shader of a graphics pipeline (the input is then its vertex shader).
    #[arg(long, value_name = "PS", requires = "pipeline")]
    pixel: Option<PathBuf>,
    /// Thread groups in x, y, z (quick form).
    #[arg(long, value_name = "X,Y,Z", value_parser = triple)]
    dispatch: Option<[u32; 3]>,
    /// A file bound at a register (quick form): `u0=out.bin`, `t1:2=in.bin` (register 1 in
    /// space 2), `u2=data.bin:4` (a typed view of 4 channels). Repeatable.
    #[arg(long, value_name = "REG=FILE")]
    buffer: Vec<String>,
    /// Print each instruction this thread (`SV_DispatchThreadID`) executes, on stderr.
    #[arg(long, value_name = "X,Y,Z", value_parser = triple)]
    trace: Option<[u32; 3]>,
    /// Lanes per wave (default: the shader's `WaveSize`, else the executor's).
    #[arg(long, value_name = "N")]
    wave_size: Option<u32>,
    /// Instructions the dispatch may execute before it is stopped as endless.
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
    let n = |t: &str| {
        t.parse::<u32>()
            .map_err(|_| format!("'{t}' is not a number"))
    };
    Ok([n(x)?, n(y)?, n(z)?])
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
    let Some(groups) = args.dispatch else {
        return Err(CliError(format!(
            "{name}: give --pipeline P.yaml, or --dispatch X,Y,Z with --buffer REG=FILE"
        )));
    };
    let mut bindings = quick_bindings(&module, &args.buffer).map_err(in_file(&args.input.input))?;
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
    program
        .dispatch(&mut bindings, &dispatch, &mut trace)
        .map_err(|e| CliError(format!("{name}: {e}")))?;
    args.output.text(&print_uavs(&bindings))
}

fn run_pipeline(
    args: &Args,
    path: &Path,
    name: &str,
    module: &dxil::ir::Module,
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
    let options = RunOptions {
        wave_size: args.wave_size,
        budget: args.budget,
        trace: args.trace,
        root_signature,
    };
    let graphics = p.shaders.iter().any(|s| s.stage == pipeline::Stage::Vertex);
    let outcome = if graphics {
        let Some(ps_path) = &args.pixel else {
            return Err(CliError(format!(
                "{yaml_name}: the pipeline draws: give its pixel shader with --pixel PS.dxil"
            )));
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
        other => CliError(format!("{name}: {other}")),
    })?;
    if outcome.failures.is_empty() {
        return args.output.text(&outcome.stdout);
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
    Err(CliError(String::new()))
}

/// `FILE:LINE: message` (the line left out when the error is about the whole pipeline).
fn at_line(file: &str, e: &pipeline::PipelineError) -> CliError {
    if e.line == 0 {
        CliError(format!("{file}: {}", e.message))
    } else {
        CliError(format!("{file}:{}: {}", e.line, e.message))
    }
}

/// The quick form's bindings: each `REG=FILE`, its view from the shader's metadata.
fn quick_bindings(module: &dxil::ir::Module, specs: &[String]) -> Result<Bindings, CliError> {
    let md = DxilMetadata::read(module).map_err(|e| CliError(format!("resource metadata: {e}")))?;
    let lists = md.resources.unwrap_or_default();
    let mut bindings = Bindings::default();
    for spec in specs {
        let (reg, file) = spec
            .split_once('=')
            .ok_or_else(|| CliError(format!("--buffer '{spec}': expected REG=FILE")))?;
        let (file, channels) = match file.rsplit_once(':') {
            Some((f, n)) if n.parse::<u8>().is_ok_and(|n| (1..=4).contains(&n)) => {
                (f, n.parse::<u8>().unwrap_or(1))
            }
            _ => (file, 1),
        };
        let (class, space, register) = register(reg).ok_or_else(|| {
            CliError(format!(
                "--buffer '{spec}': expected a register such as u0 or t1:2"
            ))
        })?;
        let (md_class, list) = match class {
            ResourceClass::Srv => (MdClass::SRV, &lists.srvs),
            ResourceClass::Uav => (MdClass::UAV, &lists.uavs),
            ResourceClass::Cbv => (MdClass::CBuffer, &lists.cbuffers),
            ResourceClass::Sampler => (MdClass::Sampler, &lists.samplers),
        };
        let declared = list.iter().flatten().find(|r| {
            r.class == md_class
                && r.base.space == space
                && register >= r.base.lower_bound
                && (r.base.range_size == u32::MAX
                    || register - r.base.lower_bound < r.base.range_size)
        });
        let declared = declared.ok_or_else(|| {
            CliError(format!(
                "--buffer '{spec}': the shader declares no resource at {reg}"
            ))
        })?;
        let data = read_input(Path::new(file))?;
        let mut resource = match declared.kind() {
            Some(ResourceKind::TypedBuffer) => {
                let mut r = Resource::buffer(ViewKind::TypedBuffer, data);
                let component = declared.element_type().and_then(component).ok_or_else(|| {
                    CliError(format!(
                        "--buffer '{spec}': an element type this executor cannot view"
                    ))
                })?;
                r.format = Some(ElementFormat {
                    component,
                    channels,
                });
                r
            }
            Some(ResourceKind::RawBuffer) => Resource::buffer(ViewKind::RawBuffer, data),
            Some(ResourceKind::StructuredBuffer) => {
                let mut r = Resource::buffer(ViewKind::StructuredBuffer, data);
                r.stride = declared.element_stride().unwrap_or(4);
                r
            }
            Some(ResourceKind::CBuffer) => Resource::buffer(ViewKind::ConstantBuffer, data),
            other => {
                return Err(CliError(format!(
                    "--buffer '{spec}': a {} needs a pipeline (--pipeline) to describe it",
                    other.map_or("resource", |k| k.name())
                )))
            }
        };
        if declared.has_counter {
            resource.counter = Some(0);
        }
        bindings.bindings.push(Binding {
            class,
            space,
            register,
            heap_index: None,
            resource,
        });
    }
    Ok(bindings)
}

/// `u0`, `t1:2` (space 2): the class, space and register.
fn register(s: &str) -> Option<(ResourceClass, u32, u32)> {
    let class = match s.chars().next()? {
        'u' => ResourceClass::Uav,
        't' => ResourceClass::Srv,
        'b' => ResourceClass::Cbv,
        _ => return None,
    };
    let (reg, space) = match s[1..].split_once(':') {
        Some((r, sp)) => (r, sp.parse().ok()?),
        None => (&s[1..], 0),
    };
    Some((class, space, reg.parse().ok()?))
}

fn component(t: MdComponent) -> Option<ComponentType> {
    Some(match t {
        MdComponent::F32 => ComponentType::Float32,
        MdComponent::F16 => ComponentType::Float16,
        MdComponent::F64 => ComponentType::Float64,
        MdComponent::I32 => ComponentType::Int32,
        MdComponent::U32 => ComponentType::UInt32,
        MdComponent::I16 => ComponentType::Int16,
        MdComponent::U16 => ComponentType::UInt16,
        MdComponent::I64 => ComponentType::Int64,
        MdComponent::U64 => ComponentType::UInt64,
        _ => return None,
    })
}

/// Every UAV after the run: typed views as their values, the others as 32-bit words.
fn print_uavs(b: &Bindings) -> String {
    let mut out = String::new();
    for binding in b.bindings.iter().filter(|b| b.class == ResourceClass::Uav) {
        let r = &binding.resource;
        let items: Vec<String> = match r.format {
            Some(f) => r
                .data
                .chunks_exact(f.component.size() as usize)
                .map(|c| value(f.component, c))
                .collect(),
            None => r
                .data
                .chunks_exact(4)
                .map(|c| format!("0x{:x}", u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                .collect(),
        };
        out.push_str(&format!("u{}", binding.register));
        if binding.space != 0 {
            out.push_str(&format!(":{}", binding.space));
        }
        out.push_str(&format!(": [ {} ]\n", items.join(", ")));
        if let Some(c) = r.counter {
            out.push_str(&format!("u{} counter: {c}\n", binding.register));
        }
    }
    out
}

fn value(t: ComponentType, c: &[u8]) -> String {
    let mut b = [0u8; 8];
    b[..c.len()].copy_from_slice(c);
    let u = u64::from_le_bytes(b);
    match t {
        ComponentType::Float32 => pipeline::format_g(f64::from(f32::from_bits(u as u32))),
        ComponentType::Float64 => pipeline::format_g(f64::from_bits(u)),
        ComponentType::Int16 => (u as u16 as i16).to_string(),
        ComponentType::Int32 => (u as u32 as i32).to_string(),
        ComponentType::Int64 => (u as i64).to_string(),
        ComponentType::Float16 => format!("0x{:x}", u as u16),
        _ => u.to_string(),
    }
}
