// WGSL errors show the source line with the span underlined, as `dxil as` errors do.
// RUN: dxil compile %s -o %t/a.dxil
@compute @workgroup_size(1)
fn main() {
    let x = 1 +;
}
