// A vertex shader with 33 four-component outputs (the position and 32 locations): one
// register more than Direct3D's 32 output registers.
struct Out {
    @builtin(position) position: vec4<f32>,
    @location(0) v0: vec4<f32>,
    @location(1) v1: vec4<f32>,
    @location(2) v2: vec4<f32>,
    @location(3) v3: vec4<f32>,
    @location(4) v4: vec4<f32>,
    @location(5) v5: vec4<f32>,
    @location(6) v6: vec4<f32>,
    @location(7) v7: vec4<f32>,
    @location(8) v8: vec4<f32>,
    @location(9) v9: vec4<f32>,
    @location(10) v10: vec4<f32>,
    @location(11) v11: vec4<f32>,
    @location(12) v12: vec4<f32>,
    @location(13) v13: vec4<f32>,
    @location(14) v14: vec4<f32>,
    @location(15) v15: vec4<f32>,
    @location(16) v16: vec4<f32>,
    @location(17) v17: vec4<f32>,
    @location(18) v18: vec4<f32>,
    @location(19) v19: vec4<f32>,
    @location(20) v20: vec4<f32>,
    @location(21) v21: vec4<f32>,
    @location(22) v22: vec4<f32>,
    @location(23) v23: vec4<f32>,
    @location(24) v24: vec4<f32>,
    @location(25) v25: vec4<f32>,
    @location(26) v26: vec4<f32>,
    @location(27) v27: vec4<f32>,
    @location(28) v28: vec4<f32>,
    @location(29) v29: vec4<f32>,
    @location(30) v30: vec4<f32>,
    @location(31) v31: vec4<f32>,
}

@vertex
fn main() -> Out {
    var out: Out;
    return out;
}
