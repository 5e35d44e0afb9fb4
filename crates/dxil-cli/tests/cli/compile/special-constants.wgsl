// num_workgroups is read from naga's special constants: the error names the flag that
// gives their constant buffer a place, and with it the shader compiles.
// RUN: dxil compile %s -o %t/a.dxil
// RUN: dxil compile %s -o %t/a.dxil --special-constants-binding b1:255 2>&1 | sed -E "s/[0-9]+ bytes/N bytes/"
// RUN: dxil reflect %t/a.dxil | grep _NagaConstants
// RUN: dxil compile %s -o %t/a.dxil --special-constants-binding 1:255
@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(1)
fn main(@builtin(num_workgroups) n: vec3<u32>) {
    out[0] = n.x;
}
