// Immediates (push constants) live in a constant buffer: the error names the flag that
// gives it a place, and with it the shader compiles.
// RUN: dxil compile %s -o %t/a.dxil
// RUN: dxil compile %s -o %t/a.dxil --immediates-binding b0:255 2>&1 | sed -E "s/[0-9]+ bytes/N bytes/"
// RUN: dxil reflect %t/a.dxil | grep 'resource "c"'
// RUN: dxil compile %s -o %t/a.dxil --immediates-binding b0:256
struct Constants {
    scale: f32,
}

var<immediate> c: Constants;
@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
    out[0] = c.scale;
}
