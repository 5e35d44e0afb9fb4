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

/// A storage buffer bound with a dynamic offset reads its offset from the group's offsets
/// buffer and adds it to every access (naga's HLSL `dynamic_storage_buffer_offsets_index`).
#[test]
fn dynamic_storage_buffer_offsets() {
    let src = "@group(1) @binding(3) var<storage, read_write> data: array<u32>;\n\
               @compute @workgroup_size(1)\n\
               fn main() { data[1] = arrayLength(&data); }\n";
    let module = front::parse(Language::Wgsl, src.as_bytes(), "offsets.wgsl").expect("parse");
    let info = front::validate(&module, Some(src), "offsets.wgsl").expect("validate");
    let mut options = Options {
        shader_model: ShaderModel::V6_6,
        ..Options::default()
    };
    let binding = naga::ResourceBinding {
        group: 1,
        binding: 3,
    };
    let target = dxil_naga::BindTarget {
        space: 1,
        register: 0,
        binding_array_size: None,
        dynamic_storage_buffer_offsets_index: Some(2),
    };
    options.binding_map.insert(binding, target);
    let offsets = dxil_naga::OffsetsBindTarget {
        space: 1,
        register: 7,
        size: 4,
    };
    options
        .dynamic_storage_buffer_offsets_targets
        .insert(1, offsets);
    let container =
        dxil_naga::write(&module, &info, &options, &PipelineOptions::default()).expect("write");
    let report = dxil_validate::validate_container(&container, &Default::default());
    assert!(report.is_valid(), "{report}");
    if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
        verdict.expect("dxv");
    }
    // Without the group's offsets target the binding is refused by name.
    options.dynamic_storage_buffer_offsets_targets.clear();
    let err = dxil_naga::write(&module, &info, &options, &PipelineOptions::default())
        .expect_err("no offsets target");
    assert!(
        err.to_string()
            .contains("no dynamic offsets target for group 1"),
        "{err}"
    );
}

/// An atomic on a float (wgpu's `SHADER_FLOAT32_ATOMIC`, which it offers on Vulkan and Metal
/// only) is refused by name: DXIL's atomic operations take integers.
#[test]
fn float_atomics_are_refused_by_name() {
    let src = "@group(0) @binding(0) var<storage, read_write> sum: atomic<f32>;\n\
               @compute @workgroup_size(1)\n\
               fn main() { atomicAdd(&sum, 1.5); }\n";
    let module = front::parse(Language::Wgsl, src.as_bytes(), "float.wgsl").expect("parse");
    let info = front::validate(&module, Some(src), "float.wgsl").expect("validate");
    let err = dxil_naga::write(
        &module,
        &info,
        &Options::default(),
        &PipelineOptions::default(),
    )
    .expect_err("no DXIL operation adds floats atomically");
    assert_eq!(err.construct(), "an atomic on a float", "{err}");
}
