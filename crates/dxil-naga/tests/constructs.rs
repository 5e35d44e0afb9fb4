//! Small WGSL (and GLSL) shaders (`tests/wgsl/`) for constructs naga's own inputs cover thinly
//! (binding arrays, subgroups, loops with break-if, switches, workgroup atomics, f64, i64,
//! 64-bit atomics, every storage texture format, sampling and queries, packing and bit
//! functions, ray queries, r64uint textures, float atomics, fragment I/O, task and mesh
//! shaders, samplers through the sampler heap, external textures): every entry point is
//! written at shader model 6.6 and both the reference validator and the project's validator
//! must accept it.

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
    for ext in ["frag", "comp"] {
        files.extend(dxil_test_support::files_with_extension(&dir, ext));
    }
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
    assert!(written >= 40, "only {written} entry points written");
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

/// What the back end cannot express is refused with the construct's name and its span.
#[test]
fn refusals_name_the_construct_and_span() {
    let cases = [
        (
            "@group(0) @binding(0) var<storage, read_write> d: array<f64>;\n\
             @compute @workgroup_size(1)\n\
             fn main() { d[0] = exp(d[1]); }\n",
            "MathFunction::Exp",
            "exp(d[1])",
        ),
        (
            "@group(0) @binding(0) var<storage, read_write> f: array<atomic<f32>>;\n\
             @compute @workgroup_size(1)\n\
             fn main() { atomicAdd(&f[0], 1.0); }\n",
            "Statement::Atomic Add on f32",
            "atomicAdd(&f[0], 1.0)",
        ),
        (
            "@group(0) @binding(0) var<storage, read_write> d: array<f64>;\n\
             @compute @workgroup_size(1)\n\
             fn main() { d[0] = log(d[1]); }\n",
            "MathFunction::Log",
            "log(d[1])",
        ),
    ];
    let options = Options {
        shader_model: ShaderModel::V6_6,
        ..Options::default()
    };
    for (src, construct, spanned) in cases {
        let module = front::parse(Language::Wgsl, src.as_bytes(), "refused.wgsl").expect("parse");
        let info = front::validate(&module, Some(src), "refused.wgsl").expect("validate");
        let err = dxil_naga::write(&module, &info, &options, &PipelineOptions::default())
            .expect_err(construct);
        assert!(err.construct().contains(construct), "{err}");
        let range = err
            .span()
            .to_range()
            .unwrap_or_else(|| panic!("no span: {err}"));
        let text = &src[range.clone()];
        assert!(
            text.contains(spanned) || spanned.contains(text),
            "{err}: span {range:?} is `{text}`"
        );
    }
}

/// Writes entry point `entry` of WGSL `src` at `options`; both validators must accept it.
fn write_valid(src: &str, file: &str, entry: &str, options: &Options) -> Vec<u8> {
    let module = front::parse(Language::Wgsl, src.as_bytes(), file).expect("parse");
    let info = front::validate(&module, Some(src), file).expect("validate");
    let ep = module
        .entry_points
        .iter()
        .find(|ep| ep.name == entry)
        .unwrap_or_else(|| panic!("{file}: no entry point `{entry}`"));
    let pipeline = PipelineOptions {
        entry_point: Some((ep.stage, ep.name.clone())),
    };
    let container = dxil_naga::write(&module, &info, options, &pipeline)
        .unwrap_or_else(|e| panic!("{file}:{entry}: {e}"));
    let report = dxil_validate::validate_container(&container, &Default::default());
    assert!(report.is_valid(), "{file}:{entry}: {report}");
    if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
        verdict.unwrap_or_else(|e| panic!("{file}:{entry}: {e}"));
    }
    container
}

/// The single entry point of a container's metadata.
fn entry_metadata(container: &[u8]) -> dxil_module::model::EntryPoint {
    let c = dxil_container::Container::parse(container).expect("a container");
    let program = c.program().expect("a program part");
    let module = dxil_bitcode::read_module(program.bitcode).expect("its bitcode");
    let md = dxil_module::DxilMetadata::read(&module).expect("its metadata");
    md.entry_points
        .and_then(|e| e.into_iter().next())
        .expect("an entry point")
}

/// What two shaders must agree on: the mesh and amplification states, and each signature
/// element's name, types, indices, interpolation and place (element properties aside: the
/// reference records the components the code uses, which the builder does not record).
fn interface(e: &dxil_module::model::EntryPoint) -> String {
    use dxil_module::model::Property;
    let mut out = String::new();
    for p in e.properties.iter().flatten() {
        if let Property::MsState(_) | Property::AsState(_) = p {
            out += &format!("{p:?}\n");
        }
    }
    if let Some(sigs) = &e.signatures {
        for (which, list) in [
            ("in", &sigs.input),
            ("out", &sigs.output),
            ("prim", &sigs.patch_constant),
        ] {
            for el in list.iter().flatten() {
                out += &format!(
                    "{which} {} {:?} ct{} sk{} im{} {}x{} at {},{}\n",
                    el.name,
                    el.semantic_indices,
                    el.component_type,
                    el.semantic_kind,
                    el.interpolation_mode,
                    el.rows,
                    el.cols,
                    el.start_row,
                    el.start_col
                );
            }
        }
    }
    out
}

/// Task and mesh shaders at shader model 6.5 (their first): the mesh and amplification
/// states (thread group, largest counts, topology, payload size) and the vertex, primitive
/// and per-primitive fragment signatures are the reference compiler's for the same HLSL.
#[test]
fn mesh_shaders_match_the_reference() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wgsl");
    let options = Options {
        shader_model: ShaderModel::V6_5,
        ..Options::default()
    };
    let payload = "struct Payload { float4 tint; float2 offsets[4]; uint count; bool visible; };\n";
    let cases = [
        (
            "mesh.wgsl",
            "ts_main",
            "as_6_5",
            format!(
                "{payload}groupshared Payload p;\n\
                 [numthreads(4, 1, 1)]\n\
                 void main(uint li : SV_GroupIndex) {{ p.count = li; DispatchMesh(2, 1, 1, p); }}\n"
            ),
        ),
        (
            "mesh.wgsl",
            "ms_main",
            "ms_6_5",
            format!(
                "{payload}struct Vertex {{\n\
                   float4 position : SV_Position; float4 color : LOC0;\n\
                   nointerpolation uint id : LOC1; noperspective centroid float2 uv : LOC2;\n\
                   float2 clip : SV_ClipDistance;\n\
                 }};\n\
                 struct Primitive {{\n\
                   bool cull : SV_CullPrimitive; uint id : SV_PrimitiveID;\n\
                   nointerpolation float3 normal : LOC3; nointerpolation uint layer : LOC4;\n\
                 }};\n\
                 [numthreads(6, 1, 1)] [outputtopology(\"triangle\")]\n\
                 void main(uint li : SV_GroupIndex, out indices uint3 t[2],\n\
                           out vertices Vertex v[6], out primitives Primitive q[2],\n\
                           in payload Payload p) {{\n\
                   SetMeshOutputCounts(6, 2);\n\
                   Vertex o = (Vertex)0; o.color = p.tint; v[li] = o;\n\
                   if (li < 2) {{ t[li] = uint3(0, 1, 2); q[li] = (Primitive)0; }}\n\
                 }}\n"
            ),
        ),
        (
            "mesh.wgsl",
            "fs_main",
            "ps_6_5",
            "float4 main(float4 color : LOC0, nointerpolation uint id : LOC1,\n\
                         nointerpolation float3 normal : LOC3,\n\
                         nointerpolation uint layer : LOC4) : SV_Target0 {\n\
               return color * float4(normal, layer + id);\n\
             }\n"
            .to_string(),
        ),
        (
            "mesh_lines.wgsl",
            "ms_lines",
            "ms_6_5",
            "struct Vertex { float4 position : SV_Position; sample float weight : LOC0; };\n\
             struct Line { nointerpolation int kind : LOC1; };\n\
             [numthreads(2, 2, 1)] [outputtopology(\"line\")]\n\
             void main(uint li : SV_GroupIndex, out indices uint2 l[4],\n\
                       out vertices Vertex v[8], out primitives Line q[4]) {\n\
               SetMeshOutputCounts(8, 4);\n\
               Vertex o = (Vertex)0; v[li] = o;\n\
               l[li] = uint2(0, 1); q[li].kind = 1;\n\
             }\n"
            .to_string(),
        ),
    ];
    for (file, entry, target, hlsl) in cases {
        let src = std::fs::read_to_string(dir.join(file)).expect("read");
        let ours = entry_metadata(&write_valid(&src, file, entry, &options));
        let Some(reference) = dxil_test_support::compile_hlsl(&hlsl, target, &[]) else {
            eprintln!("dxc absent: {file}:{entry} not compared with the reference");
            continue;
        };
        let (ours, theirs) = (interface(&ours), interface(&entry_metadata(&reference)));
        assert_eq!(ours, theirs, "{file}:{entry}: ours, then the reference's");
        assert!(!ours.is_empty(), "{file}:{entry}: nothing compared");
    }
}

/// With task dispatch limits a task shader asks for no mesh groups past them: still one
/// `DispatchMesh` on every path, valid for both validators, and not what it writes without.
#[test]
fn task_dispatch_limits() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wgsl/mesh.wgsl");
    let src = std::fs::read_to_string(path).expect("read");
    let mut options = Options {
        shader_model: ShaderModel::V6_5,
        ..Options::default()
    };
    let plain = write_valid(&src, "mesh.wgsl", "ts_main", &options);
    options.task_dispatch_limits = Some(dxil_naga::TaskDispatchLimits {
        max_mesh_workgroups_per_dim: 1024,
        max_mesh_workgroups_total: 4096,
    });
    let limited = write_valid(&src, "mesh.wgsl", "ts_main", &options);
    assert_ne!(plain, limited, "the limits changed nothing");
}

/// What DXIL mesh shaders cannot express, and task and mesh shaders below shader model
/// 6.5, are refused by name.
#[test]
fn mesh_refusals() {
    let points = "enable wgpu_mesh_shader;\n\
                  struct V { @builtin(position) p: vec4<f32>, }\n\
                  struct P { @builtin(point_index) i: u32, }\n\
                  struct O {\n\
                    @builtin(vertices) v: array<V, 1>, @builtin(primitives) q: array<P, 1>,\n\
                    @builtin(vertex_count) vc: u32, @builtin(primitive_count) pc: u32,\n\
                  }\n\
                  var<workgroup> o: O;\n\
                  @mesh(o) @workgroup_size(1) fn main() {}\n";
    let view = "enable wgpu_mesh_shader;\n\
                struct T { v: u32, }\n\
                var<task_payload> t: T;\n\
                @task @payload(t) @workgroup_size(1)\n\
                fn main(@builtin(view_index) view: u32) -> @builtin(mesh_task_size) vec3<u32> {\n\
                  t.v = view; return vec3<u32>(1u);\n\
                }\n";
    let at = |src: &str, sm| {
        let module = front::parse(Language::Wgsl, src.as_bytes(), "mesh.wgsl").expect("parse");
        let info = front::validate(&module, Some(src), "mesh.wgsl").expect("validate");
        let options = Options {
            shader_model: sm,
            ..Options::default()
        };
        dxil_naga::write(&module, &info, &options, &PipelineOptions::default())
            .expect_err("refused")
    };
    let err = at(points, ShaderModel::V6_5);
    assert!(err.construct().contains("point output"), "{err}");
    let range = err.span().to_range().expect("a span");
    assert!(points[range].contains("point_index"), "{err}");
    let err = at(view, ShaderModel::V6_5);
    assert!(
        err.construct().contains("ViewIndex input of a Task shader"),
        "{err}"
    );
    let err = at(view, ShaderModel::V6_2);
    assert!(err.message().contains("shader model 6.5"), "{err}");
    let wide = view.replace("@workgroup_size(1)", "@workgroup_size(16, 16)");
    let err = at(&wide, ShaderModel::V6_5);
    assert!(err.message().contains("at most 128 threads"), "{err}");
    let many = points
        .replace("point_index) i: u32", "triangle_indices) i: vec3<u32>")
        .replace("array<V, 1>", "array<V, 300>");
    let err = at(&many, ShaderModel::V6_5);
    assert!(err.construct().contains("300 vertices"), "{err}");
    let range = err.span().to_range().expect("a span");
    assert!(many[range].contains("var<workgroup> o"), "{err}");
}

/// The container's resource ranges as `class space:lower+size name`, sorted.
fn resource_ranges(container: &[u8]) -> Vec<String> {
    let c = dxil_container::Container::parse(container).expect("a container");
    let program = c.program().expect("a program part");
    let module = dxil_bitcode::read_module(program.bitcode).expect("its bitcode");
    let md = dxil_module::DxilMetadata::read(&module).expect("its metadata");
    let mut out: Vec<String> = md
        .resources
        .iter()
        .flat_map(|r| r.all())
        .map(|r| {
            let b = &r.base;
            format!(
                "{:?} {}:{}+{} {}",
                r.class, b.space, b.lower_bound, b.range_size as i32, b.name
            )
        })
        .collect();
    out.sort();
    out
}

fn binding(group: u32, binding: u32) -> naga::ResourceBinding {
    naga::ResourceBinding { group, binding }
}

fn target(space: u8, register: u32) -> dxil_naga::BindTarget {
    dxil_naga::BindTarget {
        space,
        register,
        binding_array_size: None,
        dynamic_storage_buffer_offsets_index: None,
    }
}

/// Samplers go through the sampler heaps (naga's HLSL back end's, laid out here as wgpu's
/// Direct3D 12 back end lays them out: standard samplers at `s0`, comparison samplers at
/// `s2048`, both in space 0, and each group's index buffer a `t` register of its own): the
/// heaps are sampler ranges of 2048 at their targets and the index buffers structured
/// buffers of `u32` at theirs, at every shader model the handles differ between (6.0
/// `createHandle`, 6.2 `rawBufferLoad` of the index, 6.6 handles from bindings); both
/// validators accept every entry point. Without a target for a group's index buffer, and
/// no fake bindings, the group is named.
#[test]
fn sampler_heap_targets() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wgsl/sampler_heap.wgsl");
    let src = std::fs::read_to_string(path).expect("read");
    let mut options = Options {
        fake_missing_bindings: false,
        ..Options::default()
    };
    options.sampler_heap_target = dxil_naga::SamplerHeapBindTargets {
        standard_samplers: target(0, 0),
        comparison_samplers: target(0, 2048),
    };
    for (g, b, t) in [
        (0, 0, target(0, 0)),
        (0, 1, target(0, 1)),
        (0, 4, target(0, 0)),
        (1, 3, target(1, 0)),
        // Samplers: their place in the group's index buffer.
        (0, 2, target(255, 0)),
        (0, 3, target(255, 1)),
        (1, 0, target(255, 0)),
        (1, 1, target(255, 1)),
        (1, 2, target(255, 5)),
    ] {
        options.binding_map.insert(binding(g, b), t);
    }
    use dxil_naga::SamplerIndexBufferKey as Key;
    options
        .sampler_buffer_binding_map
        .insert(Key { group: 0 }, target(0, 7));
    options
        .sampler_buffer_binding_map
        .insert(Key { group: 1 }, target(1, 7));
    for sm in [ShaderModel::V6_0, ShaderModel::V6_2, ShaderModel::V6_6] {
        options.shader_model = sm;
        let fs = write_valid(&src, "sampler_heap.wgsl", "fs_main", &options);
        assert_eq!(
            resource_ranges(&fs),
            [
                "CBuffer 1:0+1 pick",
                "SRV 0:0+1 t",
                "SRV 0:1+1 d",
                "SRV 0:7+1 nagaGroup0SamplerIndexArray",
                "SRV 1:7+1 nagaGroup1SamplerIndexArray",
                "Sampler 0:0+2048 nagaSamplerHeap",
                "Sampler 0:2048+2048 nagaComparisonSamplerHeap",
            ],
            "shader model {sm}"
        );
        let cs = write_valid(&src, "sampler_heap.wgsl", "cs_main", &options);
        assert_eq!(
            resource_ranges(&cs),
            [
                "SRV 0:0+1 t",
                "SRV 0:7+1 nagaGroup0SamplerIndexArray",
                "SRV 1:7+1 nagaGroup1SamplerIndexArray",
                "Sampler 0:0+2048 nagaSamplerHeap",
                "UAV 0:0+1 out",
            ],
            "shader model {sm}"
        );
    }
    options.sampler_buffer_binding_map.clear();
    let module = front::parse(Language::Wgsl, src.as_bytes(), "sampler_heap.wgsl").expect("parse");
    let info = front::validate(&module, Some(&src), "sampler_heap.wgsl").expect("validate");
    let pipeline = PipelineOptions {
        entry_point: Some((naga::ShaderStage::Compute, "cs_main".into())),
    };
    let err = dxil_naga::write(&module, &info, &options, &pipeline).expect_err("no index buffer");
    assert_eq!(err.kind(), dxil_naga::ErrorKind::Options, "{err}");
    assert!(err.construct().contains("index buffer of group"), "{err}");
    let range = err.span().to_range().expect("a span");
    assert!(src[range].contains("var"), "{err}");
}

/// External textures at the targets the options give: three `Texture2D<float4>` planes and
/// a constant buffer of naga's 208-byte parameters per texture, in fragment and compute
/// shaders at shader models 6.0 and 6.6, accepted by both validators; with naga's fake
/// targets (all parts at the binding's register) the planes are one resource. Without a
/// target, and no fake bindings, the texture is named.
#[test]
fn external_texture_targets() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/wgsl/external_texture.wgsl");
    let src = std::fs::read_to_string(path).expect("read");
    let mut options = Options {
        fake_missing_bindings: false,
        ..Options::default()
    };
    options.binding_map.insert(binding(0, 1), target(255, 0));
    options.binding_map.insert(binding(0, 2), target(0, 0));
    options
        .sampler_buffer_binding_map
        .insert(dxil_naga::SamplerIndexBufferKey { group: 0 }, target(0, 9));
    for (b, base) in [(binding(0, 0), 0), (binding(1, 0), 4)] {
        let t = dxil_naga::ExternalTextureBindTarget {
            planes: [target(2, base), target(2, base + 1), target(2, base + 2)],
            params: target(2, base),
        };
        options.external_texture_binding_map.insert(b, t);
    }
    for sm in [ShaderModel::V6_0, ShaderModel::V6_6] {
        options.shader_model = sm;
        let fs = write_valid(&src, "external_texture.wgsl", "fs_main", &options);
        assert_eq!(
            resource_ranges(&fs),
            [
                "CBuffer 2:0+1 video_params",
                "CBuffer 2:4+1 other_params",
                "SRV 0:9+1 nagaGroup0SamplerIndexArray",
                "SRV 2:0+1 video_plane0",
                "SRV 2:1+1 video_plane1",
                "SRV 2:2+1 video_plane2",
                "SRV 2:4+1 other_plane0",
                "SRV 2:5+1 other_plane1",
                "SRV 2:6+1 other_plane2",
                "Sampler 0:0+2048 nagaSamplerHeap",
            ],
            "shader model {sm}"
        );
        write_valid(&src, "external_texture.wgsl", "cs_main", &options);
    }
    let fake = Options {
        shader_model: ShaderModel::V6_6,
        ..Options::default()
    };
    let cs = write_valid(&src, "external_texture.wgsl", "cs_main", &fake);
    assert_eq!(
        resource_ranges(&cs),
        [
            "CBuffer 0:0+1 video_params",
            "SRV 0:0+1 video_plane0",
            "UAV 0:2+1 out",
        ]
    );
    options.external_texture_binding_map.clear();
    let module =
        front::parse(Language::Wgsl, src.as_bytes(), "external_texture.wgsl").expect("parse");
    let info = front::validate(&module, Some(&src), "external_texture.wgsl").expect("validate");
    let pipeline = PipelineOptions {
        entry_point: Some((naga::ShaderStage::Compute, "cs_main".into())),
    };
    let err = dxil_naga::write(&module, &info, &options, &pipeline).expect_err("no target");
    assert!(
        err.construct().contains("external texture `video`"),
        "{err}"
    );
    let range = err.span().to_range().expect("a span");
    assert!(src[range].contains("video"), "{err}");
}

/// naga's loop bounding (on by default, as naga's): every loop, its continuing block and
/// break-if included, counts down from 2^64 and leaves at zero; both validators accept the
/// loops either way, and the option changes what is written. A function whose endless loop
/// has no way out but the bound (naga's IR lets a function with a result fall off its end
/// when nothing reaches it; naga's front ends add a `return` naga's validator then refuses,
/// so it is taken out here) returns zeros past the loop.
#[test]
fn force_loop_bounding() {
    let src = "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n\
               @compute @workgroup_size(1)\n\
               fn main() {\n\
                 var i = 0u;\n\
                 loop {\n\
                   if i >= d[0] { break; }\n\
                   if i == 3u { i += 2u; continue; }\n\
                   d[i + 1u] = i;\n\
                   continuing { i += 1u; break if i > 100u; }\n\
                 }\n\
                 for (var k = 0; k < 4; k++) { while d[k] != 0u { d[k] -= 1u; } }\n\
               }\n";
    let mut options = Options {
        shader_model: ShaderModel::V6_6,
        ..Options::default()
    };
    assert!(options.force_loop_bounding, "naga's default");
    let bounded = write_valid(src, "loops.wgsl", "main", &options);
    options.force_loop_bounding = false;
    let free = write_valid(src, "loops.wgsl", "main", &options);
    assert_ne!(bounded, free, "the bound changed nothing");

    let spin = "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n\
                fn spin(x: u32) -> u32 {\n\
                  loop { if d[x] == 7u { return x; } }\n\
                }\n\
                @compute @workgroup_size(1)\n\
                fn main() { d[0] = spin(1u); }\n";
    let mut module = front::parse(Language::Wgsl, spin.as_bytes(), "spin.wgsl").expect("parse");
    for (_, f) in module.functions.iter_mut() {
        let n = f.body.len();
        assert!(
            matches!(f.body.last(), Some(naga::Statement::Return { value: None })),
            "the front end's return"
        );
        f.body.cull(n - 1..);
    }
    let info = front::validate(&module, Some(spin), "spin.wgsl").expect("validate");
    for bound in [true, false] {
        options.force_loop_bounding = bound;
        let container = dxil_naga::write(&module, &info, &options, &PipelineOptions::default())
            .unwrap_or_else(|e| panic!("bounding {bound}: {e}"));
        let report = dxil_validate::validate_container(&container, &Default::default());
        assert!(report.is_valid(), "bounding {bound}: {report}");
        if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
            verdict.unwrap_or_else(|e| panic!("bounding {bound}: {e}"));
        }
    }
}

/// The lowest shader model an entry point needs: each construct that raises it, written at
/// that model (valid by both validators) and refused one model below, naming the construct.
#[test]
fn lowest_shader_model_per_construct() {
    let cases = [
        (
            "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n\
             @compute @workgroup_size(1) fn main() { d[0] = 1u; }\n",
            ShaderModel::V6_0,
            "",
        ),
        (
            "@fragment fn main(@builtin(barycentric) b: vec3<f32>) -> @location(0) vec4<f32> {\n\
               return vec4<f32>(b, 1.0);\n\
             }\n",
            ShaderModel { major: 6, minor: 1 },
            "barycentric",
        ),
        (
            "enable f16;\n\
             @group(0) @binding(0) var<storage, read_write> d: array<f16>;\n\
             @compute @workgroup_size(1) fn main() { d[0] = d[1] + 1.0h; }\n",
            ShaderModel::V6_2,
            "16-bit types",
        ),
        (
            "@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n\
             @compute @workgroup_size(1) fn main() { d[0] = dot4U8Packed(d[1], d[2]); }\n",
            ShaderModel { major: 6, minor: 4 },
            "dot4U8Packed",
        ),
        (
            "@group(0) @binding(0) var<storage, read_write> c: atomic<u64>;\n\
             @compute @workgroup_size(1) fn main() { atomicMax(&c, 3lu); }\n",
            ShaderModel::V6_6,
            "64-bit atomics on `c`",
        ),
        (
            "var<workgroup> c: atomic<i64>;\n\
             @group(0) @binding(0) var<storage, read_write> d: array<i64>;\n\
             @compute @workgroup_size(1) fn main() { d[0] = atomicAdd(&c, 1li); }\n",
            ShaderModel::V6_6,
            "64-bit atomics on `c`",
        ),
    ];
    for (src, model, feature) in cases {
        let module = front::parse(Language::Wgsl, src.as_bytes(), "sm.wgsl").expect("parse");
        let info = front::validate(&module, Some(src), "sm.wgsl").expect("validate");
        let pipeline = PipelineOptions::default();
        let lowest = dxil_naga::lowest_shader_model(&module, &info, &pipeline).expect("model");
        assert_eq!(lowest, model, "{src}");
        let options = Options {
            shader_model: model,
            ..Options::default()
        };
        write_valid(src, "sm.wgsl", &module.entry_points[0].name, &options);
        if model == ShaderModel::V6_0 {
            continue;
        }
        let below = Options {
            shader_model: ShaderModel {
                major: 6,
                minor: model.minor - 1,
            },
            ..Options::default()
        };
        let err = dxil_naga::write(&module, &info, &below, &pipeline).expect_err("too low");
        assert!(err.construct().contains(feature), "{err}");
        assert_eq!(err.option(), Some("shader_model"), "{err}");
    }
}
