// 16-bit types need shader model 6.2 (for every entry point: the module is marked as
// using them).
// RUN: dxil compile %s -o %t/a.dxil 2>&1 | sed -E "s/[0-9]+ bytes/N bytes/"
// RUN: dxil compile %s --shader-model 6.1 -o %t/b.dxil
enable f16;

@group(0) @binding(0) var<storage, read_write> data: array<f16>;

@compute @workgroup_size(1)
fn main() {
    data[0] = data[1] * 2.0h;
}
