// Pipeline-overridable constants are refused by name, with the declaration shown (once a
// back-end error printed naga's IR as Rust debug text: `global Binary { op: Multiply, ...`).
// RUN: dxil compile %s -o %t/a.dxil
override scale: f32 = 2.0;
const twice = 2.0;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
    out[0] = scale * twice;
}
