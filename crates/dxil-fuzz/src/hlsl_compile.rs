//! Fuzz the whole HLSL compiler: any text through the preprocessor, parser, analysis and
//! lowering must compile or fail with diagnostics, never panic, overflow the stack or run
//! without end; and what it writes must be accepted by the project's validator (a container
//! the validator rejects is a bug of the lowering, not of the input).
//!
//! Input: one selector byte (bit 0: `-enable-16bit-types`, bits 1..: the compute profile),
//! then the shader.

use dxil_hlsl::compile::{compile, Options};
use dxil_hlsl::pp::{MemoryLoader, Target};

const PROFILES: [&str; 4] = ["cs_6_0", "cs_6_2", "cs_6_6", "cs_6_8"];

/// The body of the `hlsl_compile` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let mut opts = Options::default();
    opts.pp.target = Target::parse(PROFILES[usize::from(sel >> 1) % PROFILES.len()]);
    opts.pp.enable_16bit_types = sel & 1 != 0 && sel >> 1 & 3 != 0;
    let out = compile("main.hlsl", &text, &opts, &mut MemoryLoader::default());
    let _ = out.render();
    if let Some(bytes) = &out.container {
        let report = dxil::validator::validate_container(bytes, &Default::default());
        // A feature the profile lacks, or resources its root signature does not bind, are
        // the shader's errors (DXC refuses them too); anything else the validator rejects
        // is the lowering's.
        let shader_error = report.errors().all(|d| {
            let m = d.to_string();
            m.contains("hader Model")
                || m.contains("hader model")
                || m.contains("incompatible with the shader stage")
                || m.contains("Root Signature")
                || m.contains("root signature")
        });
        assert!(
            report.is_valid() || shader_error,
            "the compiler wrote a container its validator rejects:\n{}\n{text}",
            report
        );
    }
}
