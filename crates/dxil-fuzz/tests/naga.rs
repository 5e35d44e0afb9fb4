//! The naga bodies over naga's own WGSL test inputs (`../shared/naga/*.wgsl`) and the
//! back end's (`crates/dxil-naga/tests/wgsl`): `naga_wgsl` on the text and its truncated
//! and bit-flipped copies, `naga_backend` on the modules naga reads from the text. A test
//! binary of its own, since these bodies swap the process's panic hook while naga runs.

mod common;

use common::{drive, read_all, Seed};
use dxil_test_support::{files_with_extension, shared_path, spread, workspace_root};

/// `n` of naga's WGSL inputs (empty, after a note, without `../shared`) and every one of
/// the back end's own.
fn wgsl(n: usize) -> Vec<Seed> {
    let mut seeds = Vec::new();
    if let Some(dir) = shared_path("naga") {
        seeds.extend(read_all(spread(&files_with_extension(&dir, "wgsl"), n)));
    }
    let own = workspace_root().join("crates/dxil-naga/tests/wgsl");
    seeds.extend(read_all(&files_with_extension(&own, "wgsl")));
    seeds
}

#[test]
fn naga_bodies() {
    // One test, so that the two bodies' panic-hook swaps never interleave.
    let seeds = wgsl(usize::MAX);
    drive("naga_wgsl", &seeds, 0, dxil_fuzz::naga_wgsl::run);
    // The modules naga reads from the seeds (and their damaged copies): naga_backend's
    // fuzzer builds its modules with `arbitrary`, which this workspace leaves out.
    drive("naga_backend", &seeds, 0, |data| {
        let Ok(text) = std::str::from_utf8(data) else {
            return;
        };
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let module = std::panic::catch_unwind(|| naga::front::wgsl::parse_str(text).ok());
        std::panic::set_hook(hook);
        if let Ok(Some(module)) = module {
            dxil_fuzz::naga_backend::run(&module);
        }
    });
}
