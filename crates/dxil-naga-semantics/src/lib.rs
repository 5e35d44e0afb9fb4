//! Test-only: what dxil-naga's DXIL computes, against what the same shader computes through
//! `wgpu` on a Vulkan driver (Mesa's lavapipe on CI, a software rasterizer that runs
//! everywhere). A compute entry point gets buffers of deterministic pseudo-random data, runs
//! over a few workgroups both ways (DXIL on the project's CPU executor), and every buffer it
//! may write is compared: integers bit for bit, floats within the ULPs WGSL allows for the
//! operations the shader uses.
//!
//! The crate exists so that `wgpu` is a dependency of nothing the project publishes.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod buffers;
pub mod compare;
pub mod cpu;
pub mod gpu;

use buffers::{Access, Fill};
use compare::Tolerance;

/// One compute entry point to run both ways.
pub struct Case<'a> {
    /// `file:entry`, for the report.
    pub id: String,
    /// The module as naga's front end gave it (overrides not yet applied).
    pub module: &'a naga::Module,
    /// Its validation info.
    pub info: &'a naga::valid::ModuleInfo,
    /// The same shader compiled by wgpu, or why wgpu refused it.
    pub gpu_module: &'a Result<wgpu::ShaderModule, String>,
    /// Index of the entry point in `module.entry_points`.
    pub entry: usize,
    /// How input values are chosen.
    pub fill: Fill,
    /// Workgroups dispatched.
    pub groups: [u32; 3],
    /// Elements of a runtime-sized array.
    pub runtime_len: u32,
}

/// What a case came to.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Both runs wrote the same values (within `Tolerance`).
    Equal(Tolerance),
    /// The runs differ, or the DXIL side failed where wgpu ran: what and where.
    Different(String),
    /// Not compared, and why.
    Skipped(String),
}

/// Runs `case` both ways and compares.
pub fn run_case(gpu: &gpu::Gpu, case: &Case) -> Outcome {
    let ep = &case.module.entry_points[case.entry];
    // Overrides at their defaults, as wgpu applies them before its back end runs; one
    // without a default has no value to run with.
    let processed = match naga::back::pipeline_constants::process_overrides(
        case.module,
        case.info,
        Some((ep.stage, &ep.name)),
        &Default::default(),
    ) {
        Ok(p) => p,
        Err(e) => return Outcome::Skipped(format!("overrides: {e}")),
    };
    let (module, info) = (&*processed.0, &*processed.1);
    // Processing keeps only the chosen entry point.
    let Some(entry) = module
        .entry_points
        .iter()
        .position(|e| e.stage == ep.stage && e.name == ep.name)
    else {
        return Outcome::Skipped("the entry point is gone after overrides".into());
    };
    let ep = &module.entry_points[entry];
    let seed = case.id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    });
    let buffers =
        match buffers::entry_buffers(module, info, entry, case.runtime_len, case.fill, seed) {
            Ok(b) => b,
            Err(e) => return Outcome::Skipped(e),
        };
    if !buffers.iter().any(|b| b.access == Access::ReadWrite) {
        return Outcome::Skipped("writes no buffer".into());
    }
    let tolerance = tolerance_for(module, ep);
    let gpu_module = match case.gpu_module {
        Ok(m) => m,
        Err(e) => return Outcome::Skipped(format!("wgpu refuses the module: {e}")),
    };
    let container = match cpu::write(module, info, &ep.name) {
        Ok(c) => c,
        Err(e) => return Outcome::Skipped(format!("dxil-naga refuses: {e}")),
    };
    let want = match gpu.run(gpu_module, &ep.name, &buffers, case.groups) {
        Ok(w) => w,
        Err(e) => return Outcome::Skipped(format!("wgpu: {e}")),
    };
    let got = match cpu::run(&container, &buffers, case.groups, gpu.subgroup_size()) {
        Ok(g) => g,
        Err(e) => return Outcome::Different(e),
    };
    let mut report = Vec::new();
    let mut differing = 0;
    for ((b, w), g) in buffers.iter().zip(&want).zip(&got) {
        if b.access != Access::ReadWrite {
            continue;
        }
        let m = compare::mismatches(&b.leaves, w, g, tolerance);
        differing += m.len();
        for x in m.iter().take(3) {
            report.push(format!(
                "{}+{}: wgpu {} dxil {}",
                b.name, x.offset, x.gpu, x.cpu
            ));
        }
    }
    if differing == 0 {
        Outcome::Equal(tolerance)
    } else {
        Outcome::Different(format!(
            "{differing} scalars differ (tolerance {tolerance}): {}",
            report.join(", ")
        ))
    }
}

/// The float tolerance for what `module` computes for `ep`, by the least accurate operation
/// reachable from it, per WGSL's accuracy table ("Floating Point Accuracy"): `+ - *`,
/// conversions, `min`/`max`/`abs`/`floor` and the like are correctly rounded (exact);
/// `/` is 2.5 ULP; `inverseSqrt` 2 ULP and `sqrt`, `length`, `normalize` inherit from it
/// (a few ULP); `exp`, `log`, `pow` and the trigonometric functions are bounded by ULPs
/// that grow with the argument, or by an absolute error (`sin`/`cos`: 2^-11), and their
/// results go through further arithmetic, so those get a loose bound.
pub fn tolerance_for(module: &naga::Module, ep: &naga::EntryPoint) -> Tolerance {
    use naga::MathFunction as M;
    let mut t = Tolerance::EXACT;
    let mut widen = |ulps: u64, absolute: f64| {
        t.ulps = t.ulps.max(ulps);
        t.absolute = t.absolute.max(absolute);
    };
    let functions = module
        .functions
        .iter()
        .map(|(_, f)| f)
        .chain(std::iter::once(&ep.function));
    for f in functions {
        for (_, e) in f.expressions.iter() {
            match *e {
                naga::Expression::Binary {
                    op: naga::BinaryOperator::Divide | naga::BinaryOperator::Modulo,
                    ..
                } => widen(3, 0.0),
                naga::Expression::Math { fun, .. } => match fun {
                    M::InverseSqrt | M::Sqrt | M::Length | M::Distance | M::Normalize => {
                        widen(4, 0.0)
                    }
                    M::Exp
                    | M::Exp2
                    | M::Log
                    | M::Log2
                    | M::Pow
                    | M::Sin
                    | M::Cos
                    | M::Tan
                    | M::Asin
                    | M::Acos
                    | M::Atan
                    | M::Atan2
                    | M::Sinh
                    | M::Cosh
                    | M::Tanh
                    | M::Asinh
                    | M::Acosh
                    | M::Atanh
                    | M::Refract
                    | M::SmoothStep => widen(64, 1.0 / 2048.0),
                    _ => {}
                },
                _ => {}
            }
        }
    }
    t
}
