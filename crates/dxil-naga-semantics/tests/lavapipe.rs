//! Semantics: every compute entry point of naga's test inputs (`../shared/naga`: WGSL,
//! `glsl/`, `spv/`) and of this crate's own shaders (`shaders/`, written to exercise WGSL's
//! rules) runs with the same input buffers two ways, through wgpu on a Vulkan adapter
//! (lavapipe, installed by `.ci/run`) and as dxil-naga's DXIL on the project's CPU executor;
//! the buffers it may write must come out equal (floats within the tolerance printed per
//! entry point, see `tolerance_for`).
//!
//! Without a Vulkan adapter or without naga's inputs the test names its skip
//! (`dxil_test_support::skip`) and passes, except where reference data is required (`CI`,
//! `DXIL_REQUIRE_SHARED`): there it fails.

use std::path::{Path, PathBuf};

use dxil_naga::front::{self, Language};
use dxil_naga_semantics::buffers::Fill;
use dxil_naga_semantics::gpu::{Gpu, Source};
use dxil_naga_semantics::{run_case, Case, Outcome};

/// Workgroups per dispatch: two along x, so workgroup ids and the global ids past the first
/// group are exercised while shaders that index by `global_invocation_id.x` stay race-free.
const GROUPS: [u32; 3] = [2, 1, 1];

/// Shaders dispatched over another grid than [`GROUPS`], to exercise the y and z of the
/// workgroup and global ids.
const GRIDS: &[(&str, [u32; 3])] = &[("own/ids.wgsl", [2, 3, 2])];

/// Elements given to a runtime-sized array: more than the invocations of two workgroups of
/// up to 256 use when each indexes a few elements of its own.
const RUNTIME_LEN: u32 = 1024;

/// Entry points not compared, and why: what they store depends on how invocations
/// interleave, which neither WGSL nor SPIR-V fixes (the two runs may agree by chance, as
/// both happen to run invocations in lockstep groups of 8, but nothing makes them). The
/// other atomic entry points were read and found order-independent: their final values
/// come from commutative operations, from a last exchange with one value, or are the
/// index they are stored at.
const NOT_DETERMINED: &[(&str, &str)] = &[
    (
        "naga/spv/atomic_i_add_sub.spv:stage::test_atomic_i_add_sub",
        "races: stores what atomicSub returns, which depends on the other invocations' adds",
    ),
    (
        "naga/spv/atomic_exchange.spv:stage::test_atomic_exchange",
        "races: the counter ends as the running sum of whichever invocation exchanged last",
    ),
    (
        "naga/spv/atomic_load_and_store.spv:stage::test_atomic_load_and_store",
        "races: an atomic load then an atomic store of the value + 2 loses updates by \
         interleaving",
    ),
];

/// Known differences between the two runs, each with its cause. Where wgpu is the one that
/// departs from WGSL the entry point stays compared, so the figure shows it.
const KNOWN_DIFFERENT: &[(&str, &str)] = &[(
    "own/widen_mixed_sign.wgsl:main",
    "wgpu is wrong here: naga 30's SPIR-V back end widens u32 to i64 with OpSConvert \
     (sign extension) and i32 to u64 with OpUConvert (zero extension), unlike naga's own \
     constant evaluator and WGSL's value conversion; dxil-naga keeps the value",
)];

struct Input {
    name: String,
    path: PathBuf,
    lang: Language,
    fill: Fill,
}

fn naga_inputs(dir: &Path) -> Vec<Input> {
    let mut files = dxil_test_support::files_with_extension(dir, "wgsl");
    files.extend(dxil_test_support::files_with_extension(
        &dir.join("glsl"),
        "comp",
    ));
    files.extend(dxil_test_support::files_with_extension(
        &dir.join("spv"),
        "spv",
    ));
    files
        .into_iter()
        .filter_map(|path| {
            let rel = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .display()
                .to_string();
            let lang = Language::of(&rel)?;
            Some(Input {
                name: format!("naga/{rel}"),
                path,
                lang,
                fill: Fill::Small,
            })
        })
        .collect()
}

fn own_inputs() -> Vec<Input> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders");
    dxil_test_support::files_with_extension(&dir, "wgsl")
        .into_iter()
        .map(|path| Input {
            name: format!(
                "own/{}",
                path.file_name().unwrap_or_default().to_string_lossy()
            ),
            path,
            lang: Language::Wgsl,
            fill: Fill::Wide,
        })
        .collect()
}

#[test]
fn dxil_computes_what_wgpu_on_lavapipe_computes() {
    let start = std::time::Instant::now();
    let gpu = match Gpu::new() {
        Ok(g) => g,
        Err(e) => {
            assert!(
                !dxil_test_support::paths::shared_required(),
                "{e}: .ci/run installs lavapipe (mesa-vulkan-drivers, libvulkan1), and it is \
                 required here (CI or DXIL_REQUIRE_SHARED)"
            );
            dxil_test_support::skip(&format!(
                "{e}; apt-get install mesa-vulkan-drivers libvulkan1 to run it"
            ));
            return;
        }
    };
    eprintln!(
        "adapter: {} ({:?}, driver {} {}), features {:?}, subgroup size {:?}",
        gpu.info.name,
        gpu.info.device_type,
        gpu.info.driver,
        gpu.info.driver_info,
        gpu.features,
        gpu.subgroup_size()
    );
    // Without naga's inputs (a note, or a failure where they are required) the crate's own
    // shaders still run.
    let mut inputs = dxil_test_support::shared_path("naga")
        .map(|d| naga_inputs(&d))
        .unwrap_or_default();
    inputs.extend(own_inputs());

    let mut rows: Vec<(String, Outcome)> = Vec::new();
    // Inputs naga 30's front ends or validator refuse (naga's own inputs follow naga's main
    // branch, which is ahead of 30 in places).
    let mut front_failures = Vec::new();
    for input in &inputs {
        let Ok(bytes) = std::fs::read(&input.path) else {
            continue;
        };
        let text = std::str::from_utf8(&bytes).ok();
        let parsed = front::parse(input.lang, &bytes, &input.name).and_then(|m| {
            let info = front::validate(&m, text, &input.name)?;
            Ok((m, info))
        });
        let (module, info) = match parsed {
            Ok(p) => p,
            Err(e) => {
                front_failures.push((input.fill, e.to_string()));
                continue;
            }
        };
        if !module
            .entry_points
            .iter()
            .any(|ep| ep.stage == naga::ShaderStage::Compute)
        {
            continue;
        }
        let source = match (input.lang, text) {
            (Language::Wgsl, Some(t)) => Source::Wgsl(t),
            _ => Source::Naga(Box::new(module.clone())),
        };
        let gpu_module = gpu.module(source);
        for (i, ep) in module.entry_points.iter().enumerate() {
            if ep.stage != naga::ShaderStage::Compute {
                continue;
            }
            let id = format!("{}:{}", input.name, ep.name);
            if let Some((_, why)) = NOT_DETERMINED.iter().find(|(k, _)| *k == id) {
                rows.push((id, Outcome::Skipped(why.to_string())));
                continue;
            }
            let case = Case {
                id: id.clone(),
                module: &module,
                info: &info,
                gpu_module: &gpu_module,
                entry: i,
                fill: input.fill,
                groups: GRIDS
                    .iter()
                    .find(|(name, _)| *name == input.name)
                    .map_or(GROUPS, |(_, g)| *g),
                runtime_len: RUNTIME_LEN,
            };
            rows.push((id, run_case(&gpu, &case)));
        }
    }

    let (mut equal, mut different, mut skipped) = (0, Vec::new(), Vec::new());
    for (id, outcome) in &rows {
        let (word, detail) = match outcome {
            Outcome::Equal(c) => {
                equal += 1;
                ("equal", c.to_string())
            }
            Outcome::Different(d) => {
                different.push(id.clone());
                ("DIFFERENT", d.clone())
            }
            Outcome::Skipped(why) => {
                skipped.push(why.clone());
                ("skip", why.clone())
            }
        };
        eprintln!("  {id:<58} {word:<9} {detail}");
    }
    for (_, e) in &front_failures {
        eprintln!("  not run, naga refuses the input: {e}");
    }
    let mut reasons: std::collections::BTreeMap<String, usize> = Default::default();
    for why in &skipped {
        *reasons.entry(reason_kind(why)).or_default() += 1;
    }
    let reasons: Vec<String> = reasons.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let compared = equal + different.len();
    let known = different
        .iter()
        .filter(|id| KNOWN_DIFFERENT.iter().any(|(k, _)| k == id))
        .count();
    eprintln!(
        "semantics: {compared} entry points compared, {equal} equal, {known} known different, \
         {} skipped ({}) in {:.1} s",
        skipped.len(),
        reasons.join(", "),
        start.elapsed().as_secs_f64()
    );
    assert!(
        !front_failures.iter().any(|(fill, _)| *fill == Fill::Wide),
        "naga refuses one of this crate's own shaders"
    );
    // The crate's own shaders are written to be compared: only an adapter without a feature
    // one needs (wgpu refusing the module, or subgroups of varying size) may leave one out.
    let own_skipped: Vec<&String> = rows
        .iter()
        .filter_map(|(id, o)| match o {
            Outcome::Skipped(why)
                if id.starts_with("own/")
                    && !why.starts_with("wgpu refuses the module")
                    && !why.starts_with("adapter:") =>
            {
                Some(id)
            }
            _ => None,
        })
        .collect();
    assert!(
        own_skipped.is_empty(),
        "own shaders not compared: {own_skipped:?}"
    );
    for (id, cause) in KNOWN_DIFFERENT {
        if different.contains(&id.to_string()) {
            eprintln!("  known difference {id}: {cause}");
        } else {
            eprintln!("  note: the known difference {id} did not occur; remove it from the list");
        }
    }
    let unexplained: Vec<&String> = different
        .iter()
        .filter(|id| !KNOWN_DIFFERENT.iter().any(|(k, _)| k == id))
        .collect();
    assert!(
        unexplained.is_empty(),
        "entry points computing differently: {unexplained:?}"
    );
    assert!(compared > 0, "no entry point was compared");
}

/// A skip reason without its particulars, for the summary line.
fn reason_kind(why: &str) -> String {
    let head = why.split([':', '(']).next().unwrap_or(why).trim();
    head.to_string()
}
