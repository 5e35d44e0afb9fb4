// A location past the 32 Direct3D passes between stages is refused before naga's
// validator, which would keep a bit per location up to it (512 MiB here): the command runs
// in 100 MiB of address space.
// RUN: (ulimit -v 102400; dxil compile %s -o %t/a.dxil)
// RUN: dxil compile %S/location-target.txt --lang wgsl -o %t/b.dxil
@fragment
fn main(@location(4294967295) x: f32) -> @location(0) vec4<f32> {
    return vec4<f32>(x);
}
