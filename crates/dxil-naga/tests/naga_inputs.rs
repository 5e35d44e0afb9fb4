//! naga's own test inputs (`../shared/naga`: WGSL, `glsl/`, `spv/`) through this back end:
//! every entry point naga's HLSL back end writes is compiled, and the container goes to the
//! reference validator (`dxv`) and to the project's own validator. Prints the figures and
//! every refused construct; asserts floors at what the back end reaches.

use std::collections::BTreeMap;
use std::path::Path;

use dxil_naga::front::{self, Language};
use dxil_naga::{Options, PipelineOptions, ShaderModel};

/// The HLSL section of a `.param.ron` (naga's HLSL options in the format of the inputs'
/// naga version: a binding map as a map, `push_constants_target` for immediates).
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct HlslParams {
    binding_map: std::collections::BTreeMap<BindingKey, TargetParam>,
    fake_missing_bindings: Option<bool>,
    special_constants_binding: Option<TargetParam>,
    push_constants_target: Option<TargetParam>,
    zero_initialize_workgroup_memory: Option<bool>,
    restrict_indexing: Option<bool>,
}

#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Params {
    hlsl: Option<HlslParams>,
}

#[derive(serde::Deserialize, PartialEq, Eq, PartialOrd, Ord)]
struct BindingKey {
    group: u32,
    binding: u32,
}

#[derive(serde::Deserialize, Clone, Copy)]
struct TargetParam {
    space: u8,
    register: u32,
    #[serde(default)]
    binding_array_size: Option<u32>,
}

impl TargetParam {
    fn naga(self) -> naga::back::hlsl::BindTarget {
        naga::back::hlsl::BindTarget {
            space: self.space,
            register: self.register,
            binding_array_size: self.binding_array_size,
            ..Default::default()
        }
    }
}

/// naga's HLSL options from `path`'s `.param.ron` over `base`: `None` without a parameter
/// file or HLSL section, `Err` when the file does not parse.
fn param_options(
    path: &Path,
    base: &naga::back::hlsl::Options,
) -> Result<Option<naga::back::hlsl::Options>, String> {
    let ron_path = path.with_extension("param.ron");
    let Ok(text) = std::fs::read_to_string(&ron_path) else {
        return Ok(None);
    };
    // naga's parameter files write options without `Some(...)`.
    let params: Params = ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(&text)
        .map_err(|e| format!("{}: {e}", ron_path.display()))?;
    Ok(params.hlsl.map(|h| naga::back::hlsl::Options {
        binding_map: h
            .binding_map
            .iter()
            .map(|(k, v)| {
                let key = naga::ResourceBinding {
                    group: k.group,
                    binding: k.binding,
                };
                (key, v.naga())
            })
            .collect(),
        fake_missing_bindings: h
            .fake_missing_bindings
            .unwrap_or(base.fake_missing_bindings),
        special_constants_binding: h
            .special_constants_binding
            .map(TargetParam::naga)
            .or(base.special_constants_binding),
        immediates_target: h
            .push_constants_target
            .map(TargetParam::naga)
            .or(base.immediates_target),
        zero_initialize_workgroup_memory: h
            .zero_initialize_workgroup_memory
            .unwrap_or(base.zero_initialize_workgroup_memory),
        restrict_indexing: h.restrict_indexing.unwrap_or(base.restrict_indexing),
        ..base.clone()
    }))
}

/// Our options for naga's HLSL options.
fn ours(h: &naga::back::hlsl::Options) -> Options {
    let target = |t: &naga::back::hlsl::BindTarget| dxil_naga::BindTarget {
        space: t.space,
        register: t.register,
        binding_array_size: t.binding_array_size,
        dynamic_storage_buffer_offsets_index: t.dynamic_storage_buffer_offsets_index,
    };
    Options {
        shader_model: ShaderModel::V6_6,
        binding_map: h.binding_map.iter().map(|(k, v)| (*k, target(v))).collect(),
        fake_missing_bindings: h.fake_missing_bindings,
        special_constants_binding: h.special_constants_binding.as_ref().map(target),
        immediates_target: h.immediates_target.as_ref().map(target),
        dynamic_storage_buffer_offsets_targets: h
            .dynamic_storage_buffer_offsets_targets
            .iter()
            .map(|(g, t)| {
                let t = dxil_naga::OffsetsBindTarget {
                    space: t.space,
                    register: t.register,
                    size: t.size,
                };
                (*g, t)
            })
            .collect(),
        sampler_heap_target: dxil_naga::SamplerHeapBindTargets {
            standard_samplers: target(&h.sampler_heap_target.standard_samplers),
            comparison_samplers: target(&h.sampler_heap_target.comparison_samplers),
        },
        sampler_buffer_binding_map: h
            .sampler_buffer_binding_map
            .iter()
            .map(|(k, v)| {
                (
                    dxil_naga::SamplerIndexBufferKey { group: k.group },
                    target(v),
                )
            })
            .collect(),
        external_texture_binding_map: h
            .external_texture_binding_map
            .iter()
            .map(|(k, v)| {
                let t = dxil_naga::ExternalTextureBindTarget {
                    planes: v.planes.each_ref().map(target),
                    params: target(&v.params),
                };
                (*k, t)
            })
            .collect(),
        zero_initialize_workgroup_memory: h.zero_initialize_workgroup_memory,
        restrict_indexing: h.restrict_indexing,
        force_loop_bounding: h.force_loop_bounding,
        task_dispatch_limits: h
            .task_dispatch_limits
            .map(|l| dxil_naga::TaskDispatchLimits {
                max_mesh_workgroups_per_dim: l.max_mesh_workgroups_per_dim,
                max_mesh_workgroups_total: l.max_mesh_workgroups_total,
            }),
    }
}

/// Floors: entry points compiled, accepted by dxv, agreed on by our validator.
const FLOOR_COMPILED: usize = 146;
const FLOOR_ACCEPTED: usize = 146;
const FLOOR_AGREED: usize = 146;

#[derive(Default)]
struct Tally {
    files: usize,
    refused_syntax: Vec<String>,
    invalid: Vec<String>,
    entries: usize,
    hlsl_refused: Vec<String>,
    compiled: usize,
    accepted: usize,
    agreed: usize,
    refused: BTreeMap<String, Vec<String>>,
    rejected: BTreeMap<String, Vec<String>>,
    /// Seconds in `dxil_naga::write` (naga IR to container).
    ours: f64,
    /// Seconds in naga's HLSL writer plus `dxc` (with `DXIL_NAGA_SPEED=1`), and how many
    /// entry points `dxc` compiled.
    theirs: f64,
    theirs_compiled: usize,
    /// Per entry point compiled both ways: its id, our seconds, naga HLSL + `dxc` seconds.
    per_entry: Vec<(String, f64, f64)>,
    /// Inputs whose `.param.ron` gave HLSL options, and parameter files that did not parse.
    with_params: usize,
    bad_params: Vec<String>,
}

/// Runs per side for the speed figure (`DXIL_NAGA_SPEED=1`), the best of them counted.
const SPEED_RUNS: usize = 3;

/// naga's HLSL for one entry point through the reference compiler: the time taken, and
/// whether it compiled.
fn naga_hlsl_and_dxc(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    options: &naga::back::hlsl::Options,
    ep: &naga::EntryPoint,
) -> Option<(f64, bool)> {
    let dxc = dxil_test_support::reference_tool("dxc")?;
    let start = std::time::Instant::now();
    let pipeline = naga::back::hlsl::PipelineOptions {
        entry_point: Some((ep.stage, ep.name.clone())),
    };
    let mut text = String::new();
    let names = naga::back::hlsl::Writer::new(&mut text, options, &pipeline)
        .write(module, info, None)
        .ok()?;
    let name = names.entry_point_names.first()?.as_ref().ok()?.clone();
    let profile = match ep.stage {
        naga::ShaderStage::Vertex => "vs_6_6",
        naga::ShaderStage::Fragment => "ps_6_6",
        naga::ShaderStage::Task => "as_6_6",
        naga::ShaderStage::Mesh => "ms_6_6",
        _ => "cs_6_6",
    };
    let dir = std::env::temp_dir();
    let n = std::process::id();
    let src = dir.join(format!("dxil-naga-{n}.hlsl"));
    let out = dir.join(format!("dxil-naga-{n}.dxil"));
    std::fs::write(&src, &text).ok()?;
    let status = std::process::Command::new(dxc)
        .args(["-T", profile, "-E", &name, "-HV", "2021", "-Fo"])
        .arg(&out)
        .arg(&src)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .ok()?;
    Some((start.elapsed().as_secs_f64(), status.success()))
}

/// Seconds `dxc` takes as a process on an empty compute shader (median of 5): the part of
/// each timed `dxc` run that is process start-up rather than compiling, for a figure net of
/// it (an application calling the compiler as a library pays start-up once).
fn dxc_startup() -> Option<f64> {
    let dxc = dxil_test_support::reference_tool("dxc")?;
    let dir = std::env::temp_dir();
    let n = std::process::id();
    let src = dir.join(format!("dxil-naga-empty-{n}.hlsl"));
    let out = dir.join(format!("dxil-naga-empty-{n}.dxil"));
    std::fs::write(&src, "[numthreads(1, 1, 1)] void main() {}\n").ok()?;
    let mut times = Vec::new();
    for _ in 0..5 {
        let start = std::time::Instant::now();
        let status = std::process::Command::new(&dxc)
            .args(["-T", "cs_6_6", "-E", "main", "-Fo"])
            .arg(&out)
            .arg(&src)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?;
        status.success().then_some(())?;
        times.push(start.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    Some(times[2])
}

/// The per-shader speed figures: the smallest and the median ratio of naga HLSL + `dxc` time
/// to ours, as measured (listing every entry point under 20x) and net of `dxc`'s process
/// start-up.
fn print_per_entry_speed(per_entry: &[(String, f64, f64)]) {
    if per_entry.is_empty() {
        return;
    }
    let startup = dxc_startup().unwrap_or(0.0);
    let ratios = |net: bool| {
        let mut r: Vec<(f64, &str)> = per_entry
            .iter()
            .map(|(id, ours, theirs)| {
                let theirs = if net {
                    (theirs - startup).max(0.0)
                } else {
                    *theirs
                };
                (theirs / ours.max(1e-9), id.as_str())
            })
            .collect();
        r.sort_by(|a, b| a.0.total_cmp(&b.0));
        r
    };
    for (label, net) in [("as measured", false), ("net of dxc's start-up", true)] {
        let r = ratios(net);
        eprintln!(
            "per shader ({label}, {} entry points): smallest {:.0}x ({}), median {:.0}x",
            r.len(),
            r[0].0,
            r[0].1,
            r[r.len() / 2].0
        );
        // Net of start-up most small shaders cost `dxc` about nothing beyond it: only the
        // figure as measured lists its entry points under 20x.
        if !net {
            for (x, id) in r.iter().take_while(|(x, _)| *x < 20.0) {
                eprintln!("  under 20x: {id} {x:.1}x");
            }
        }
    }
    eprintln!(
        "dxc's start-up (an empty compute shader): {:.1} ms",
        startup * 1e3
    );
}

/// The first line of a dxv report that says what is wrong.
fn first_error(text: &str) -> String {
    text.lines()
        .find(|l| l.contains("error"))
        .unwrap_or_else(|| text.lines().next().unwrap_or(""))
        .chars()
        .take(160)
        .collect()
}

#[test]
fn naga_test_inputs() {
    let Some(dir) = dxil_test_support::shared_path("naga") else {
        return;
    };
    // Immediates and naga's special constants in a space of their own, unless the input's
    // `.param.ron` names them (with its binding map).
    let base_hlsl = naga::back::hlsl::Options {
        shader_model: naga::back::hlsl::ShaderModel::V6_6,
        special_constants_binding: Some(naga::back::hlsl::BindTarget {
            space: 255,
            register: 1,
            ..Default::default()
        }),
        immediates_target: Some(naga::back::hlsl::BindTarget {
            space: 255,
            register: 0,
            ..Default::default()
        }),
        ..Default::default()
    };
    // With DXIL_NAGA_SPEED=1 every entry point also goes through naga's HLSL writer and the
    // reference compiler, timed, for the speed figure.
    let speed = std::env::var("DXIL_NAGA_SPEED").is_ok_and(|v| v == "1");
    let mut t = Tally::default();
    for path in dxil_test_support::naga_inputs(&dir) {
        let name = path
            .strip_prefix(&dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        let Some(lang) = Language::of(&name) else {
            continue;
        };
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        t.files += 1;
        let hlsl_options = match param_options(&path, &base_hlsl) {
            Ok(Some(h)) => {
                t.with_params += 1;
                h
            }
            Ok(None) => base_hlsl.clone(),
            Err(e) => {
                t.bad_params.push(e);
                base_hlsl.clone()
            }
        };
        let options = ours(&hlsl_options);
        let module = match front::parse(lang, &bytes, &name) {
            Ok(m) => m,
            Err(e) => {
                t.refused_syntax.push(e.to_string());
                continue;
            }
        };
        let source = std::str::from_utf8(&bytes).ok();
        let info = match front::validate(&module, source, &name) {
            Ok(i) => i,
            Err(e) => {
                t.invalid.push(e.to_string());
                continue;
            }
        };
        for ep in &module.entry_points {
            // Pipeline-overridable constants at their defaults, as wgpu processes them before
            // calling a back end (both back ends get the processed module).
            let processed = if module.overrides.is_empty() {
                None
            } else {
                naga::back::pipeline_constants::process_overrides(
                    &module,
                    &info,
                    Some((ep.stage, &ep.name)),
                    &Default::default(),
                )
                .ok()
            };
            let (module, info) = match &processed {
                Some((m, i)) => (&**m, &**i),
                None => (&module, &info),
            };
            let pipeline = PipelineOptions {
                entry_point: Some((ep.stage, ep.name.clone())),
            };
            let hlsl_pipeline = naga::back::hlsl::PipelineOptions {
                entry_point: Some((ep.stage, ep.name.clone())),
            };
            let hlsl = std::panic::catch_unwind(|| {
                let mut text = String::new();
                naga::back::hlsl::Writer::new(&mut text, &hlsl_options, &hlsl_pipeline)
                    .write(module, info, None)
                    .is_ok()
            });
            if !matches!(hlsl, Ok(true)) {
                t.hlsl_refused.push(format!("{name}:{}", ep.name));
                continue;
            }
            t.entries += 1;
            let id = format!("{name}:{}", ep.name);
            // Each side's time is its best of `RUNS` (one run without the speed figure): the
            // same rule for both, so neither pays alone for a cold cache or a busy machine.
            let runs = if speed { SPEED_RUNS } else { 1 };
            let mut theirs = None;
            if speed {
                let best = (0..runs)
                    .filter_map(|_| naga_hlsl_and_dxc(module, info, &hlsl_options, ep))
                    .reduce(|a, b| (a.0.min(b.0), a.1 && b.1));
                if let Some((secs, ok)) = best {
                    t.theirs += secs;
                    t.theirs_compiled += usize::from(ok);
                    theirs = ok.then_some(secs);
                }
            }
            let mut secs = f64::INFINITY;
            let mut written = None;
            for _ in 0..runs {
                let start = std::time::Instant::now();
                let w = dxil_naga::write(module, info, &options, &pipeline);
                secs = secs.min(start.elapsed().as_secs_f64());
                written.get_or_insert(w);
            }
            let written = written.expect("at least one run");
            t.ours += secs;
            if let (Some(theirs), true) = (theirs, written.is_ok()) {
                t.per_entry.push((id.clone(), secs, theirs));
            }
            let container = match written {
                Ok(c) => c,
                Err(e) => {
                    t.refused
                        .entry(e.construct().to_string())
                        .or_default()
                        .push(id);
                    continue;
                }
            };
            t.compiled += 1;
            let ours =
                dxil_validate::validate_container(&container, &Default::default()).is_valid();
            match dxil_test_support::dxv_verdict(&container) {
                Some(Ok(())) => {
                    t.accepted += 1;
                    t.agreed += usize::from(ours);
                }
                Some(Err(report)) => {
                    t.agreed += usize::from(!ours);
                    t.rejected.entry(first_error(&report)).or_default().push(id);
                }
                None => return,
            }
        }
    }
    eprintln!(
        "naga inputs: {} files ({} refused by naga 30's front ends, {} invalid)",
        t.files,
        t.refused_syntax.len(),
        t.invalid.len()
    );
    for e in t.refused_syntax.iter().chain(&t.invalid) {
        eprintln!("  front end: {e}");
    }
    eprintln!(
        "{} inputs with HLSL options from their .param.ron ({} files unreadable)",
        t.with_params,
        t.bad_params.len()
    );
    for e in &t.bad_params {
        eprintln!("  param: {e}");
    }
    eprintln!(
        "entry points naga's HLSL back end writes: {} ({} it refuses)",
        t.entries,
        t.hlsl_refused.len()
    );
    for id in &t.hlsl_refused {
        eprintln!("  naga's HLSL back end refuses {id}");
    }
    eprintln!(
        "compiled {} / accepted by dxv {} / our validator agrees {} (of {})",
        t.compiled, t.accepted, t.agreed, t.entries
    );
    eprintln!(
        "naga IR to container: {:.1} ms for {} entry points",
        t.ours * 1e3,
        t.entries
    );
    if speed {
        eprintln!(
            "naga's HLSL writer + dxc: {:.1} ms ({} compiled by dxc): {:.0}x our time",
            t.theirs * 1e3,
            t.theirs_compiled,
            t.theirs / t.ours.max(1e-9)
        );
        print_per_entry_speed(&t.per_entry);
    }
    dxil_test_support::print_id_groups(&t.refused, "refused");
    dxil_test_support::print_id_groups(&t.rejected, "rejected by dxv");
    assert!(
        t.compiled >= FLOOR_COMPILED,
        "compiled {} < floor {FLOOR_COMPILED}",
        t.compiled
    );
    assert!(
        t.accepted >= FLOOR_ACCEPTED,
        "accepted {} < floor {FLOOR_ACCEPTED}",
        t.accepted
    );
    assert!(
        t.agreed >= FLOOR_AGREED,
        "our validator agrees on {} < floor {FLOOR_AGREED}",
        t.agreed
    );
}
