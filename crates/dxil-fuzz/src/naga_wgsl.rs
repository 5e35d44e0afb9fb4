//! Fuzz target for the naga back end from WGSL text: mutations of real shaders (seed the
//! corpus with `../shared/naga/*.wgsl` and `crates/dxil-naga/tests/wgsl`) reach far more of
//! the back end than `naga_backend`'s arbitrary modules, which naga's validator mostly
//! refuses. Every module naga accepts is written entry point by entry point: a container
//! or an error, never a panic.

use dxil_naga::{Options, PipelineOptions};
use naga::valid::{Capabilities, ValidationFlags, Validator};

/// The body of the `naga_wgsl` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    // naga's own front end and validator may panic on odd input (naga's bugs, not this back
    // end's): such inputs are skipped, with the fuzzer's abort-on-panic hook set aside while
    // naga runs.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let checked = std::panic::catch_unwind(|| {
        let module = naga::front::wgsl::parse_str(src).ok()?;
        let info = Validator::new(ValidationFlags::all(), Capabilities::all())
            .validate(&module)
            .ok()?;
        Some((module, info))
    });
    std::panic::set_hook(hook);
    let Ok(Some((module, info))) = checked else {
        return;
    };
    for ep in &module.entry_points {
        let pipeline = PipelineOptions {
            entry_point: Some((ep.stage, ep.name.clone())),
        };
        let _ = dxil_naga::write(&module, &info, &Options::default(), &pipeline);
    }
}
