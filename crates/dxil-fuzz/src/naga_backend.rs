//! Fuzz target for the naga back end: arbitrary naga modules (the fuzz crate builds them
//! with naga's `arbitrary` feature; its `stderr` feature gives naga the standard library
//! those derives need), kept when naga's validator accepts them, written entry point by
//! entry point. The back end must answer with a container or an error, never panic.

use dxil_naga::{Options, PipelineOptions};
use naga::valid::{Capabilities, ValidationFlags, Validator};

/// The body of the `naga_backend` fuzz target: see the module's documentation.
pub fn run(module: &naga::Module) {
    // naga's validator itself can panic on arbitrary modules (a naga bug, not this back
    // end's): such modules are skipped, with the fuzzer's abort-on-panic hook set aside
    // while naga validates.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let validated = std::panic::catch_unwind(|| {
        Validator::new(ValidationFlags::all(), Capabilities::all())
            .validate(module)
            .ok()
    });
    std::panic::set_hook(hook);
    let Ok(Some(info)) = validated else {
        return;
    };
    for ep in &module.entry_points {
        let pipeline = PipelineOptions {
            entry_point: Some((ep.stage, ep.name.clone())),
        };
        let _ = dxil_naga::write(module, &info, &Options::default(), &pipeline);
    }
}
