enable wgpu_binding_array;
struct Data { v: vec4<f32> }
@group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 8>;
@group(0) @binding(1) var samp: sampler;
@group(0) @binding(10) var<storage, read> bufs: binding_array<Data, 4>;
struct In { @location(0) @interpolate(flat) index: u32, @location(1) uv: vec2<f32> }
@fragment
fn main(in: In) -> @location(0) vec4<f32> {
    let a = textureSample(textures[in.index], samp, in.uv);
    let b = textureSample(textures[2], samp, in.uv);
    let c = bufs[in.index].v;
    let d = textureLoad(textures[0], vec2<i32>(1, 2), 0);
    return a + b + c + d + vec4<f32>(f32(textureDimensions(textures[in.index]).x));
}
