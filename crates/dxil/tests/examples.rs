//! The examples' shaders, built by the examples' own code, are accepted by the reference
//! validator and by the project's own, and read back by the project.

#[path = "../examples/compute.rs"]
mod compute;
#[path = "../examples/geometry.rs"]
mod geometry;
#[path = "../examples/mesh.rs"]
mod mesh;
#[path = "../examples/node.rs"]
mod node;
#[path = "../examples/raytracing.rs"]
mod raytracing;
#[path = "../examples/tessellation.rs"]
mod tessellation;
#[path = "../examples/triangle.rs"]
mod triangle;

type Shaders = fn() -> compute::ExampleShaders;

const EXAMPLES: [(&str, Shaders); 7] = [
    ("compute", compute::shaders),
    ("geometry", geometry::shaders),
    ("mesh", mesh::shaders),
    ("node", node::shaders),
    ("raytracing", raytracing::shaders),
    ("tessellation", tessellation::shaders),
    ("triangle", triangle::shaders),
];

#[test]
fn every_example_shader_is_valid() {
    let mut checked = 0;
    for (example, shaders) in EXAMPLES {
        let list = shaders().unwrap_or_else(|e| panic!("example {example}: {e}"));
        assert!(!list.is_empty(), "example {example} wrote nothing");
        for (name, bytes) in list {
            dxil::disassemble(&bytes).unwrap_or_else(|e| panic!("{example}/{name}: {e}"));
            let report = dxil::validate(&bytes, &Default::default())
                .unwrap_or_else(|e| panic!("{example}/{name}: {e}"));
            assert!(
                report.is_valid(),
                "{example}/{name}: our validator refused it:\n{report}"
            );
            let Some(verdict) = dxil_test_support::dxv_verdict(&bytes) else {
                return;
            };
            if let Err(msg) = verdict {
                panic!("{example}/{name}: the reference validator refused it:\n{msg}");
            }
            checked += 1;
        }
    }
    eprintln!("example shaders accepted by dxv and by our validator: {checked}");
}
