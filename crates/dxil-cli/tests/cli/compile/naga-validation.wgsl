// naga's validation errors give their whole cause chain (and the span, where naga has one).
// RUN: dxil compile %s -o %t/a.dxil
// RUN: dxil compile %S/naga-validation-span.txt --lang wgsl -o %t/b.dxil
@fragment
fn main(@location(0) i: u32) -> @location(0) vec4<f32> {
    return vec4<f32>(f32(i));
}
