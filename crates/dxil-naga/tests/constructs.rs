//! Small WGSL (and GLSL) shaders (`tests/wgsl/`) for constructs naga's own inputs cover thinly
//! (binding arrays, subgroups, loops with break-if, switches, workgroup atomics): every
//! entry point is written at shader model 6.6 and both the reference validator and the
//! project's validator must accept it.

use dxil_naga::front::{self, Language};
use dxil_naga::{Options, PipelineOptions, ShaderModel};

#[test]
fn written_shaders_validate() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wgsl");
    let options = Options {
        shader_model: ShaderModel::V6_6,
        ..Options::default()
    };
    let mut written = 0;
    let mut files = dxil_test_support::files_with_extension(&dir, "wgsl");
    files.extend(dxil_test_support::files_with_extension(&dir, "frag"));
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).expect("read");
        let lang = Language::of(&name).expect("a known language");
        let module = front::parse(lang, text.as_bytes(), &name).expect("parse");
        let info = front::validate(&module, Some(&text), &name).expect("validate");
        for ep in &module.entry_points {
            let pipeline = PipelineOptions {
                entry_point: Some((ep.stage, ep.name.clone())),
            };
            let container = dxil_naga::write(&module, &info, &options, &pipeline)
                .unwrap_or_else(|e| panic!("{name}:{}: {e}", ep.name));
            let report = dxil_validate::validate_container(&container, &Default::default());
            assert!(report.is_valid(), "{name}:{}: {report}", ep.name);
            if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
                verdict.unwrap_or_else(|e| panic!("{name}:{}: {e}", ep.name));
            }
            written += 1;
        }
    }
    assert!(written >= 12, "only {written} entry points written");
}
