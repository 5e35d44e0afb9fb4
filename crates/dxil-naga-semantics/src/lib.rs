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
    /// Both runs wrote the same values.
    Equal(Compared),
    /// The runs differ, or the DXIL side failed where wgpu ran: what and where.
    Different(String),
    /// Not compared, and why.
    Skipped(String),
}

/// What an equal comparison covered.
#[derive(Clone, Copy, Debug)]
pub struct Compared {
    /// Scalars in the writable buffers.
    pub scalars: usize,
    /// Of those, how many the shader changed from their initial value (on wgpu): a
    /// comparison of values nobody wrote would prove nothing.
    pub written: usize,
    /// Whether any is a float (compared within `tolerance`).
    pub floats: bool,
    /// The float tolerance.
    pub tolerance: Tolerance,
    /// The largest difference between the runs' floats, in ULPs.
    pub max_ulps: u128,
}

impl std::fmt::Display for Compared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} of {} scalars written", self.written, self.scalars)?;
        if self.floats {
            write!(
                f,
                ", floats {} (largest difference {} ulp)",
                self.tolerance, self.max_ulps
            )?;
        }
        Ok(())
    }
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
    let tolerance = tolerance_for(module, info, entry);
    // A subgroup operation's result depends on the subgroup size: the executor runs at the
    // adapter's, which it must then have just one of.
    if gpu.subgroup_size().is_none() && uses_subgroups(module, ep) {
        return Outcome::Skipped("adapter: uses subgroups, whose size varies there".into());
    }
    let gpu_module = match case.gpu_module {
        Ok(m) => m,
        Err(e) => return Outcome::Skipped(format!("wgpu refuses the module: {e}")),
    };
    let container = match cpu::write(module, info, &ep.name) {
        Ok(c) => c,
        Err(e) => return Outcome::Skipped(format!("dxil-naga refuses: {e}")),
    };
    // naga's SPIR-V writer, which wgpu runs when it makes the pipeline, panics on some
    // modules: that is a shader wgpu cannot run, not the end of the sweep.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        gpu.run(gpu_module, &ep.name, &buffers, case.groups)
    }));
    let want = match run {
        Ok(Ok(w)) => w,
        Ok(Err(e)) => return Outcome::Skipped(format!("wgpu: {e}")),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("?");
            return Outcome::Skipped(format!("wgpu panics: {msg}"));
        }
    };
    let got = match cpu::run(&container, &buffers, case.groups, gpu.subgroup_size()) {
        Ok(g) => g,
        Err(e) => return Outcome::Different(e),
    };
    let mut report = Vec::new();
    let mut differing = 0;
    let mut compared = Compared {
        scalars: 0,
        written: 0,
        floats: false,
        tolerance,
        max_ulps: 0,
    };
    for ((b, w), g) in buffers.iter().zip(&want).zip(&got) {
        if b.access != Access::ReadWrite {
            continue;
        }
        compared.scalars += b.leaves.len();
        compared.floats |= b
            .leaves
            .iter()
            .any(|l| l.scalar.kind == naga::ScalarKind::Float);
        compared.written += compare::mismatches(&b.leaves, w, &b.data, Tolerance::EXACT).len();
        compared.max_ulps = compared.max_ulps.max(compare::max_ulps(&b.leaves, w, g));
        let m = compare::mismatches(&b.leaves, w, g, tolerance);
        differing += m.len();
        for x in m.iter().take(3) {
            report.push(format!(
                "{}+{}: wgpu {} dxil {}",
                b.name, x.offset, x.gpu, x.cpu
            ));
        }
    }
    if differing == 0 && compared.written == 0 {
        // Equal, but only because both left their inputs alone.
        Outcome::Skipped("changes no value (its writable buffers are only read)".into())
    } else if differing == 0 {
        Outcome::Equal(compared)
    } else {
        Outcome::Different(format!(
            "{differing} scalars differ (tolerance {tolerance}): {}",
            report.join(", ")
        ))
    }
}

/// The float tolerance for what entry point `ep` of `module` computes: the loosest bound
/// WGSL's accuracy table ("Floating Point Accuracy") gives an operation reachable from it,
/// over f32 arguments of magnitude below 10 (as the inputs are):
///
/// | operations | WGSL | tolerance |
/// |---|---|---|
/// | `+ - *`, conversions, `abs`, `min`, `max`, `floor`, `round`, `fract`, `fma`, ... | correctly rounded | exact |
/// | float `/` and `%`, unpacking snorm/unorm | 2.5 ULP | 3 ULP |
/// | `inverseSqrt`; `sqrt`, `length`, `distance`, `normalize` inheriting from it | 2 ULP, inherited | 4 ULP |
/// | `mix`, `smoothstep`, `reflect`, `refract` | inherited from their formulas | 16 ULP |
/// | `exp`, `exp2` | 3 + 2·abs(x) ULP | 32 ULP |
/// | `log`, `log2`; `pow` inheriting from them | 3 ULP; 2^-21 absolute near 1 | 32 ULP or 2^-21 |
/// | `sin`, `cos`, `tan`; the hyperbolic functions and their inverses (inherited from `exp`, `log`) | 2^-11 absolute | 64 ULP or 2^-11 |
/// | `atan`, `atan2`; `asin`, `acos` inheriting from `atan2` | 4096 ULP | 4096 ULP or 2^-11 |
///
/// One tolerance covers every float the entry point writes, so a shader meant to check the
/// tight ones keeps the loose ones out.
pub fn tolerance_for(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    ep: usize,
) -> Tolerance {
    use naga::MathFunction as M;
    let mut t = Tolerance::EXACT;
    let mut widen = |ulps: u64, absolute: f64| {
        t.ulps = t.ulps.max(ulps);
        t.absolute = t.absolute.max(absolute);
    };
    let functions = module
        .functions
        .iter()
        .map(|(h, f)| (f, &info[h]))
        .chain(std::iter::once((
            &module.entry_points[ep].function,
            info.get_entry_point(ep),
        )));
    for (f, fi) in functions {
        for (h, e) in f.expressions.iter() {
            let float =
                fi[h].ty.inner_with(&module.types).scalar_kind() == Some(naga::ScalarKind::Float);
            match *e {
                naga::Expression::Binary {
                    op: naga::BinaryOperator::Divide | naga::BinaryOperator::Modulo,
                    ..
                } if float => widen(3, 0.0),
                naga::Expression::Math { fun, .. } => match fun {
                    M::Unpack4x8snorm
                    | M::Unpack4x8unorm
                    | M::Unpack2x16snorm
                    | M::Unpack2x16unorm => widen(3, 0.0),
                    M::InverseSqrt | M::Sqrt | M::Length | M::Distance | M::Normalize => {
                        widen(4, 0.0)
                    }
                    M::Mix | M::SmoothStep | M::Reflect | M::Refract => widen(16, 0.0),
                    M::Exp | M::Exp2 => widen(32, 0.0),
                    M::Log | M::Log2 | M::Pow => widen(32, 1.0 / (1u32 << 21) as f64),
                    M::Sin
                    | M::Cos
                    | M::Tan
                    | M::Sinh
                    | M::Cosh
                    | M::Tanh
                    | M::Asinh
                    | M::Acosh
                    | M::Atanh => widen(64, 1.0 / 2048.0),
                    M::Asin | M::Acos | M::Atan | M::Atan2 => widen(4096, 1.0 / 2048.0),
                    _ => {}
                },
                _ => {}
            }
        }
    }
    t
}

/// Whether `ep` (or a function of `module`, all of which it may call) uses a subgroup
/// operation or built-in.
fn uses_subgroups(module: &naga::Module, ep: &naga::EntryPoint) -> bool {
    use naga::Statement as S;
    fn block(b: &naga::Block) -> bool {
        b.iter().any(|s| match *s {
            S::SubgroupBallot { .. }
            | S::SubgroupCollectiveOperation { .. }
            | S::SubgroupGather { .. } => true,
            S::Block(ref b) => block(b),
            S::If {
                ref accept,
                ref reject,
                ..
            } => block(accept) || block(reject),
            S::Loop {
                ref body,
                ref continuing,
                ..
            } => block(body) || block(continuing),
            S::Switch { ref cases, .. } => cases.iter().any(|c| block(&c.body)),
            _ => false,
        })
    }
    let builtin = ep.function.arguments.iter().any(|a| {
        matches!(
            a.binding,
            Some(naga::Binding::BuiltIn(
                naga::BuiltIn::SubgroupSize
                    | naga::BuiltIn::SubgroupInvocationId
                    | naga::BuiltIn::SubgroupId
                    | naga::BuiltIn::NumSubgroups
            ))
        )
    });
    builtin || block(&ep.function.body) || module.functions.iter().any(|(_, f)| block(&f.body))
}
