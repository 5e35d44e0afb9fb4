//! What the back end's shaders compute, run on the project's CPU executor: WGSL's own rules
//! (integer division by zero gives the dividend, `i32::MIN / -1` gives `i32::MIN`, shifts
//! take the count modulo the width), workgroup memory across a barrier, loops, uniforms, a
//! workgroup array sized by an override; f64 rounding, square root, ldexp and frexp bit for
//! bit; bit fields at 32 and 64 bits; samplers read through the sampler heap; external
//! textures of one, two and three planes loaded, sampled, measured and converted.

use dxil_exec::{Binding, Bindings, Dispatch, Program, Resource, ResourceClass, ResourceKind};
use dxil_naga::front::{self, Language};
use dxil_naga::{Options, PipelineOptions};

const SHADER: &str = r#"
struct Params { scale: i32, bias: i32 }
@group(0) @binding(0) var<storage, read> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;
@group(0) @binding(2) var<uniform> params: Params;
var<workgroup> tile: array<i32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(global_invocation_id) id: vec3<u32>) {
    tile[li] = input[id.x];
    workgroupBarrier();
    var acc = 0;
    for (var k = 0u; k <= li; k++) {
        acc += tile[k];
    }
    let q = acc / (i32(li) - 3);
    let r = acc % (i32(li) - 3);
    let m = i32(-2147483647 - 1) / select(1, -1, li == 5u);
    output[id.x * 4u] = q * params.scale + params.bias;
    output[id.x * 4u + 1u] = r;
    output[id.x * 4u + 2u] = m;
    output[id.x * 4u + 3u] = acc << (li + 30u);
}
"#;

/// The same computation by WGSL's rules, for thread `id` of a group of 64.
fn expected(input: &[i32], id: usize, scale: i32, bias: i32) -> [i32; 4] {
    let group = id / 64 * 64;
    let li = id % 64;
    let acc = input[group..=group + li]
        .iter()
        .fold(0i32, |a, &v| a.wrapping_add(v));
    let d = li as i32 - 3;
    let (q, r) = if d == 0 {
        (acc, 0)
    } else {
        (acc.wrapping_div(d), acc.wrapping_rem(d))
    };
    // i32::MIN / -1 (thread 5) overflows: WGSL gives the dividend, as i32::MIN / 1 does.
    let m = i32::MIN;
    let shift = (li as u32 + 30) % 32;
    [
        q.wrapping_mul(scale).wrapping_add(bias),
        r,
        m,
        acc.wrapping_shl(shift),
    ]
}

fn binding(class: ResourceClass, register: u32, view: ResourceKind, data: Vec<u8>) -> Binding {
    Binding {
        class,
        space: 0,
        register,
        heap_index: None,
        resource: Resource::buffer(view, data),
    }
}

#[test]
fn compute_shader_computes_what_wgsl_says() {
    let module = front::parse(Language::Wgsl, SHADER.as_bytes(), "runs.wgsl").expect("parse");
    let info = front::validate(&module, Some(SHADER), "runs.wgsl").expect("validate");
    let container = dxil_naga::write(
        &module,
        &info,
        &Options::default(),
        &PipelineOptions::default(),
    )
    .expect("the back end writes it");
    let ir = dxil_exec_module(&container);
    let program = Program::compile(&ir, None).expect("the executor compiles it");

    let groups = 2;
    let n = 64 * groups;
    let input: Vec<i32> = (0..n as i32).map(|i| i * 7 - 300).collect();
    let (scale, bias) = (3i32, -11i32);
    let mut uniforms = [scale.to_le_bytes(), bias.to_le_bytes()].concat();
    uniforms.resize(16, 0);
    let mut bindings = Bindings {
        bindings: vec![
            binding(
                ResourceClass::SRV,
                0,
                ResourceKind::RawBuffer,
                input.iter().flat_map(|v| v.to_le_bytes()).collect(),
            ),
            binding(
                ResourceClass::UAV,
                1,
                ResourceKind::RawBuffer,
                vec![0; n * 16],
            ),
            binding(ResourceClass::CBuffer, 2, ResourceKind::CBuffer, uniforms),
        ],
    };
    let dispatch = Dispatch {
        groups: [groups as u32, 1, 1],
        ..Dispatch::default()
    };
    program
        .dispatch(&mut bindings, &dispatch, &mut std::io::sink())
        .expect("the dispatch runs");
    let out: Vec<i32> = read_le(&bindings.bindings[1].resource.data, i32::from_le_bytes);
    for id in 0..n {
        assert_eq!(
            out[id * 4..id * 4 + 4],
            expected(&input, id, scale, bias),
            "thread {id}"
        );
    }
}

/// naga's f64 math (no DXIL operation has a double overload for these: the back end builds
/// them from integer bit operations, `Fma` and double arithmetic) over tricky inputs.
const DOUBLE_SHADER: &str = r#"
@group(0) @binding(0) var<storage, read> input: array<f64>;
@group(0) @binding(1) var<storage, read> exps: array<i32>;
@group(0) @binding(2) var<storage, read_write> output: array<f64>;
@group(0) @binding(3) var<storage, read_write> iout: array<i64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i >= arrayLength(&input) {
        return;
    }
    let x = input[i];
    let o = i * 11u;
    output[o] = floor(x);
    output[o + 1u] = ceil(x);
    output[o + 2u] = round(x);
    output[o + 3u] = trunc(x);
    output[o + 4u] = fract(x);
    output[o + 5u] = sqrt(x);
    output[o + 6u] = inverseSqrt(x);
    output[o + 7u] = ldexp(x, exps[i]);
    let m = modf(x);
    output[o + 8u] = m.fract;
    output[o + 9u] = m.whole;
    let f = frexp(x);
    output[o + 10u] = f.fract;
    iout[i] = f.exp;
}
"#;

/// Doubles that exercise the edges: zeros, halves (ties), the 2^52 boundary where every
/// double is an integer, denormals, infinities, NaN, the extremes; then pseudo-random bit
/// patterns and moderate values with fractions.
fn tricky_doubles() -> Vec<f64> {
    let two52 = 4503599627370496.0;
    let mut v = vec![
        0.0,
        -0.0,
        0.5,
        -0.5,
        1.5,
        -1.5,
        2.5,
        -2.5,
        3.5,
        0.49999999999999994,
        -0.49999999999999994,
        0.5000000000000001,
        1.0 - f64::EPSILON / 2.0,
        -(1.0 - f64::EPSILON / 2.0),
        1.0,
        -1.0,
        two52 - 0.5,
        -(two52 - 0.5),
        two52 / 2.0 - 0.5,
        two52 / 2.0 + 0.5,
        two52 - 1.5,
        two52,
        two52 + 1.0,
        -two52 - 2.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        f64::MIN_POSITIVE,
        -f64::MIN_POSITIVE,
        f64::MIN_POSITIVE / 3.0,
        5e-324,
        -5e-324,
        1e-310,
        -1e-310,
        f64::MAX,
        f64::MIN,
        1e300,
        1e-300,
        123.456,
        -123.456,
        2.0,
        4.0 - 2.0 * f64::EPSILON,
        1.0 + f64::EPSILON,
        0.1,
        7.0,
    ];
    let mut s: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    while v.len() < 1024 {
        let r = next();
        v.push(match v.len() % 3 {
            0 => f64::from_bits(r),
            1 => (r as i64 as f64) / f64::from(1u32 << (r % 31)) / 1e6,
            _ => ((r >> 40) as f64 + 0.5) * if r & 1 == 1 { 1.0 } else { -1.0 },
        });
    }
    v
}

/// `x * 2^e` rounded once, from x's integer significand: an independent reference (Rust has
/// no `ldexp`).
fn ldexp_reference(x: f64, e: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let bits = x.to_bits();
    let field = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    // |x| = m * 2^q, m an integer
    let (mut m, mut q) = if field == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, field - 1075)
    };
    while m < 1 << 52 {
        m <<= 1;
        q -= 1;
    }
    let p = q + i64::from(e);
    let magnitude = if p > 971 {
        f64::INFINITY
    } else if p >= -1074 {
        // m < 2^53 times a power of two at least 2^-1074: exact.
        m as f64 * pow2(p)
    } else {
        let shift = -1074 - p;
        let q = if shift >= 64 { 0 } else { m >> shift };
        let rest = if shift >= 64 {
            m
        } else {
            m & ((1 << shift) - 1)
        };
        let half = if shift > 64 {
            u64::MAX
        } else {
            1u64 << (shift - 1).min(63)
        };
        let up = rest > half || (rest == half && q & 1 == 1);
        (q + u64::from(up)) as f64 * pow2(-1074)
    };
    if x < 0.0 {
        -magnitude
    } else {
        magnitude
    }
}

/// 2^p for p in -1074..=971 (a product of two exact powers for denormal ones).
fn pow2(p: i64) -> f64 {
    if p >= -1022 {
        f64::from_bits(((p + 1023) as u64) << 52)
    } else {
        f64::from_bits(1 << (p + 1074))
    }
}

/// frexp by halving and doubling (exact for every finite double).
fn frexp_reference(x: f64) -> (f64, i64) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let (mut f, mut e) = (x, 0);
    while f.abs() >= 1.0 {
        f /= 2.0;
        e += 1;
    }
    while f.abs() < 0.5 {
        f *= 2.0;
        e -= 1;
    }
    (f, e)
}

fn same_bits(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

#[test]
fn f64_math_is_exact() {
    // At 6.2 the doubles travel through raw buffers as 32-bit halves (64-bit raw buffer
    // loads and stores need 6.3).
    for shader_model in [dxil_naga::ShaderModel::V6_2, dxil_naga::ShaderModel::V6_6] {
        f64_math_at(shader_model);
    }
}

fn f64_math_at(shader_model: dxil_naga::ShaderModel) {
    let module = front::parse(Language::Wgsl, DOUBLE_SHADER.as_bytes(), "f64.wgsl").expect("parse");
    let info = front::validate(&module, Some(DOUBLE_SHADER), "f64.wgsl").expect("validate");
    let options = Options {
        shader_model,
        ..Options::default()
    };
    let container = dxil_naga::write(&module, &info, &options, &PipelineOptions::default())
        .expect("the back end writes it");
    let report = dxil_validate::validate_container(&container, &Default::default());
    assert!(report.is_valid(), "{report}");
    if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
        verdict.expect("dxv accepts it");
    }
    let ir = dxil_exec_module(&container);
    let program = Program::compile(&ir, None).expect("the executor compiles it");

    let input = tricky_doubles();
    let n = input.len();
    let special_exps = [
        0, 1, -1, 52, -52, 1023, -1022, -1074, -1075, 2000, -2000, 2098, -2098,
    ];
    let exps: Vec<i32> = (0..n)
        .map(|i| match i % 4 {
            0 => special_exps[i / 4 % special_exps.len()],
            1 => i32::MIN + (i as i32 % 3),
            2 => i32::MAX - (i as i32 % 3),
            _ => (i as i32 * 7919) % 2300 - 1150,
        })
        .collect();
    let mut bindings = Bindings {
        bindings: vec![
            binding(
                ResourceClass::SRV,
                0,
                ResourceKind::RawBuffer,
                input.iter().flat_map(|v| v.to_le_bytes()).collect(),
            ),
            binding(
                ResourceClass::SRV,
                1,
                ResourceKind::RawBuffer,
                exps.iter().flat_map(|v| v.to_le_bytes()).collect(),
            ),
            binding(
                ResourceClass::UAV,
                2,
                ResourceKind::RawBuffer,
                vec![0; n * 88],
            ),
            binding(
                ResourceClass::UAV,
                3,
                ResourceKind::RawBuffer,
                vec![0; n * 8],
            ),
        ],
    };
    let dispatch = Dispatch {
        groups: [n.div_ceil(64) as u32, 1, 1],
        ..Dispatch::default()
    };
    program
        .dispatch(&mut bindings, &dispatch, &mut std::io::sink())
        .expect("the dispatch runs");
    let out: Vec<f64> = read_le(&bindings.bindings[2].resource.data, f64::from_le_bytes);
    let iout: Vec<i64> = read_le(&bindings.bindings[3].resource.data, i64::from_le_bytes);
    let mut failures = Vec::new();
    for (i, &x) in input.iter().enumerate() {
        let (fr, fe) = frexp_reference(x);
        let expected = [
            ("floor", x.floor()),
            ("ceil", x.ceil()),
            ("round", x.round_ties_even()),
            ("trunc", x.trunc()),
            ("fract", x - x.floor()),
            // Correctly rounded, so bit for bit.
            ("sqrt", x.sqrt()),
            // 1 / (correctly rounded sqrt), one more rounding: within WGSL's 2 ULP.
            ("inverseSqrt", 1.0 / x.sqrt()),
            ("ldexp", ldexp_reference(x, exps[i])),
            ("modf.fract", x - x.trunc()),
            ("modf.whole", x.trunc()),
            ("frexp.fract", fr),
        ];
        for (k, (what, want)) in expected.into_iter().enumerate() {
            let got = out[i * 11 + k];
            if !same_bits(got, want) {
                failures.push(format!("{what}({x:e}) = {got:e}, expected {want:e}"));
            }
        }
        if iout[i] != fe {
            failures.push(format!("frexp({x:e}).exp = {}, expected {fe}", iout[i]));
        }
    }
    assert!(
        failures.is_empty(),
        "shader model {shader_model}: {} wrong of {}:\n{}",
        failures.len(),
        n * 12,
        failures[..failures.len().min(40)].join("\n")
    );
}

/// WGSL's extractBits/insertBits at 32 and 64 bits, offsets and counts past the width
/// included.
const BITS_SHADER: &str = r#"
struct Case { x: u64, y: u64, offset: u32, count: u32 }  // 24 bytes
@group(0) @binding(0) var<storage, read> cases: array<Case>;
@group(0) @binding(1) var<storage, read_write> out: array<u64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i >= arrayLength(&cases) {
        return;
    }
    let c = cases[i];
    let o = i * 6u;
    out[o] = extractBits(c.x, c.offset, c.count);
    out[o + 1u] = u64(extractBits(i64(c.x), c.offset, c.count));
    out[o + 2u] = insertBits(c.x, c.y, c.offset, c.count);
    out[o + 3u] = u64(extractBits(u32(c.x), c.offset, c.count));
    out[o + 4u] = u64(bitcast<u32>(extractBits(i32(u32(c.x)), c.offset, c.count)));
    out[o + 5u] = u64(insertBits(u32(c.x), u32(c.y), c.offset, c.count));
}
"#;

/// WGSL's extractBits at `bits` wide: offset and count clamped, the field sign-extended for
/// signed types.
fn extract_reference(x: u64, offset: u32, count: u32, bits: u32, signed: bool) -> u64 {
    let o = offset.min(bits);
    let c = count.min(bits - o);
    if c == 0 {
        return 0;
    }
    let field = (x >> o) & (u64::MAX >> (64 - c));
    let field = if signed && c < 64 && (field >> (c - 1)) & 1 == 1 {
        field | (u64::MAX << c)
    } else {
        field
    };
    if bits == 32 {
        field & 0xffff_ffff
    } else {
        field
    }
}

fn insert_reference(x: u64, y: u64, offset: u32, count: u32, bits: u32) -> u64 {
    let o = offset.min(bits);
    let c = count.min(bits - o);
    let width = if bits == 64 { u64::MAX } else { 0xffff_ffff };
    let mask = if c == 0 {
        0
    } else {
        (u64::MAX >> (64 - c)) << o
    } & width;
    // An offset of 64 leaves no field (mask 0); the shift is checked so that debug builds
    // do not stop on it.
    ((x & !mask) | (y.checked_shl(o).unwrap_or(0) & mask)) & width
}

#[test]
fn bit_fields_at_32_and_64_bits() {
    let module = front::parse(Language::Wgsl, BITS_SHADER.as_bytes(), "bits.wgsl").expect("parse");
    let info = front::validate(&module, Some(BITS_SHADER), "bits.wgsl").expect("validate");
    let options = Options {
        shader_model: dxil_naga::ShaderModel::V6_6,
        ..Options::default()
    };
    let container = dxil_naga::write(&module, &info, &options, &PipelineOptions::default())
        .expect("the back end writes it");
    let report = dxil_validate::validate_container(&container, &Default::default());
    assert!(report.is_valid(), "{report}");
    if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
        verdict.expect("dxv accepts it");
    }
    let ir = dxil_exec_module(&container);
    let program = Program::compile(&ir, None).expect("the executor compiles it");

    let values = [
        0u64,
        u64::MAX,
        0x8000_0000_0000_0000,
        0x0123_4567_89ab_cdef,
        0xfedc_ba98_7654_3210,
        0x8000_0000,
        0x7fff_ffff,
    ];
    let spots = [0u32, 1, 7, 31, 32, 33, 63, 64, 65, 1000];
    let mut cases = Vec::new();
    for (k, &x) in values.iter().enumerate() {
        for &offset in &spots {
            for &count in &spots {
                cases.push((x, values[(k + 3) % values.len()], offset, count));
            }
        }
    }
    let n = cases.len();
    let data: Vec<u8> = cases
        .iter()
        .flat_map(|&(x, y, o, c)| {
            [x.to_le_bytes(), y.to_le_bytes()]
                .concat()
                .into_iter()
                .chain(o.to_le_bytes())
                .chain(c.to_le_bytes())
        })
        .collect();
    let mut bindings = Bindings {
        bindings: vec![
            binding(ResourceClass::SRV, 0, ResourceKind::RawBuffer, data),
            binding(
                ResourceClass::UAV,
                1,
                ResourceKind::RawBuffer,
                vec![0; n * 48],
            ),
        ],
    };
    let dispatch = Dispatch {
        groups: [n.div_ceil(64) as u32, 1, 1],
        ..Dispatch::default()
    };
    program
        .dispatch(&mut bindings, &dispatch, &mut std::io::sink())
        .expect("the dispatch runs");
    let out: Vec<u64> = read_le(&bindings.bindings[1].resource.data, u64::from_le_bytes);
    let mut failures = Vec::new();
    for (i, &(x, y, o, c)) in cases.iter().enumerate() {
        let x32 = x & 0xffff_ffff;
        let expected = [
            ("extractBits u64", extract_reference(x, o, c, 64, false)),
            ("extractBits i64", extract_reference(x, o, c, 64, true)),
            ("insertBits u64", insert_reference(x, y, o, c, 64)),
            ("extractBits u32", extract_reference(x32, o, c, 32, false)),
            ("extractBits i32", extract_reference(x32, o, c, 32, true)),
            (
                "insertBits u32",
                insert_reference(x32, y & 0xffff_ffff, o, c, 32),
            ),
        ];
        for (k, (what, want)) in expected.into_iter().enumerate() {
            let got = out[i * 6 + k];
            if got != want {
                failures.push(format!(
                    "{what}({x:#x}, {y:#x}, {o}, {c}) = {got:#x}, expected {want:#x}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} wrong:\n{}",
        failures.len(),
        failures[..failures.len().min(40)].join("\n")
    );
}

/// The container's module, read as the executor reads it.
fn dxil_exec_module(container: &[u8]) -> dxil_ir::CheckedModule {
    let c = dxil_container::Container::parse(container).expect("a container");
    let program = c.program().expect("a program part");
    dxil_bitcode::read_module(program.bitcode).expect("its bitcode")
}

/// A workgroup array sized by an override: once the overrides are processed (as wgpu does
/// before calling a back end) the array type still names the override, whose value gives
/// its length; dynamic indices into it are clamped to that length.
#[test]
fn override_sized_workgroup_array() {
    let src = "override N: u32 = 6u;\n\
               var<workgroup> tile: array<u32, N>;\n\
               @group(0) @binding(0) var<storage, read_write> out: array<u32>;\n\
               @compute @workgroup_size(8)\n\
               fn main(@builtin(local_invocation_index) li: u32) {\n\
                   if li < N { tile[li] = li * 10u + 1u; }\n\
                   workgroupBarrier();\n\
                   out[li] = tile[li] + N * 1000u;\n\
               }\n";
    let module = front::parse(Language::Wgsl, src.as_bytes(), "override.wgsl").expect("parse");
    let info = front::validate(&module, Some(src), "override.wgsl").expect("validate");
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        Some((naga::ShaderStage::Compute, "main")),
        &Default::default(),
    )
    .expect("the override has a default");
    let container = dxil_naga::write(
        &module,
        &info,
        &Options::default(),
        &PipelineOptions::default(),
    )
    .expect("the back end writes it");
    let program =
        Program::compile(&dxil_exec_module(&container), None).expect("the executor compiles it");
    let mut bindings = Bindings {
        bindings: vec![binding(
            ResourceClass::UAV,
            0,
            ResourceKind::RawBuffer,
            vec![0; 32],
        )],
    };
    program
        .dispatch(&mut bindings, &Dispatch::default(), &mut std::io::sink())
        .expect("the dispatch runs");
    let out: Vec<u32> = read_le(&bindings.bindings[0].resource.data, u32::from_le_bytes);
    // Threads 6 and 7 index past the end: clamped to the last element, 51.
    assert_eq!(out, [6001, 6011, 6021, 6031, 6041, 6051, 6051, 6051]);
}

/// A sampler resource.
fn sampler_resource(desc: dxil_exec::SamplerDesc) -> Resource {
    Resource {
        sampler: Some(desc),
        ..Resource::buffer(ResourceKind::Sampler, Vec::new())
    }
}

/// A 2D texture of `width` x `height` texels of `format`, rows tightly packed.
fn texture_2d(
    width: u32,
    height: u32,
    format: dxil_exec::ElementFormat,
    data: Vec<u8>,
) -> Resource {
    Resource {
        format: Some(format),
        dims: dxil_exec::Dims::plane(width, height),
        ..Resource::buffer(ResourceKind::Texture2D, data)
    }
}

/// A resource bound at (class, space, register).
fn bound(class: ResourceClass, space: u32, register: u32, resource: Resource) -> Binding {
    Binding {
        class,
        space,
        register,
        heap_index: None,
        resource,
    }
}

fn words(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn read_floats(data: &[u8]) -> Vec<f32> {
    read_le(data, f32::from_le_bytes)
}

/// The values of `N` little-endian bytes each in `data`.
fn read_le<T, const N: usize>(data: &[u8], from: fn([u8; N]) -> T) -> Vec<T> {
    data.chunks_exact(N)
        .map(|c| from(c.try_into().expect("chunks of N bytes")))
        .collect()
}

/// Writes WGSL `src` with `options` (both validators must accept it) and compiles it for
/// the executor.
fn compile_checked(src: &str, file: &str, options: &Options) -> Program {
    let module = front::parse(Language::Wgsl, src.as_bytes(), file).expect("parse");
    let info = front::validate(&module, Some(src), file).expect("validate");
    let container = dxil_naga::write(&module, &info, options, &PipelineOptions::default())
        .unwrap_or_else(|e| panic!("{file}: {e}"));
    let report = dxil_validate::validate_container(&container, &Default::default());
    assert!(report.is_valid(), "{file}: {report}");
    if let Some(verdict) = dxil_test_support::dxv_verdict(&container) {
        verdict.unwrap_or_else(|e| panic!("{file}: {e}"));
    }
    Program::compile(&dxil_exec_module(&container), None).expect("the executor compiles it")
}

fn target(space: u8, register: u32) -> dxil_naga::BindTarget {
    dxil_naga::BindTarget {
        space,
        register,
        binding_array_size: None,
        dynamic_storage_buffer_offsets_index: None,
    }
}

/// Samplers through the heap: single samplers, a binding array indexed by a constant and
/// by a non-uniform value, comparison samplers; the heap and index buffers bound where the
/// options put them.
const HEAP_SHADER: &str = r#"
enable wgpu_binding_array;
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var d: texture_depth_2d;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
@group(1) @binding(0) var samplers: binding_array<sampler, 3>;
@group(1) @binding(1) var sc: sampler_comparison;
@group(1) @binding(2) var cmps: binding_array<sampler_comparison, 2>;

@compute @workgroup_size(6)
fn main(@builtin(local_invocation_index) li: u32) {
    let inside = vec2<f32>(0.625, 0.375);
    let outside = vec2<f32>(-3.0, 5.0);
    let o = li * 4u;
    out[o] = textureSampleLevel(t, s, outside, 0.0);
    out[o + 1u] = textureSampleLevel(t, samplers[li % 3u], outside, 0.0);
    out[o + 2u] = textureSampleLevel(t, samplers[2], inside, 0.0);
    out[o + 3u] = vec4<f32>(
        textureSampleCompareLevel(d, sc, inside, 0.25),
        textureSampleCompareLevel(d, cmps[li % 2u], inside, 0.25),
        0.0,
        0.0,
    );
}
"#;

/// Every sampler of a group is read from the heap at the index its group's index buffer
/// holds (naga's HLSL `heap[indexBuffer[register]]`, `heap[indexBuffer[register + i]]` for
/// element `i` of a binding array): the heap's samplers differ in border colour (and the
/// comparison ones in comparison function), so each result names the heap slot read. The
/// heaps are bound as wgpu binds them: one heap of descriptors as the standard range (`s0`)
/// and again as the comparison range (`s2048`), both in space 0.
#[test]
fn samplers_through_the_heap() {
    for sm in [dxil_naga::ShaderModel::V6_0, dxil_naga::ShaderModel::V6_6] {
        samplers_through_the_heap_at(sm);
    }
}

fn samplers_through_the_heap_at(shader_model: dxil_naga::ShaderModel) {
    let mut options = Options {
        shader_model,
        ..Options::default()
    };
    options.sampler_heap_target = dxil_naga::SamplerHeapBindTargets {
        standard_samplers: target(0, 0),
        comparison_samplers: target(0, 2048),
    };
    let rb = |group, binding| naga::ResourceBinding { group, binding };
    // Samplers: the place of their heap index in the group's index buffer.
    options.binding_map.insert(rb(0, 2), target(0, 1));
    options.binding_map.insert(rb(1, 0), target(0, 2));
    options.binding_map.insert(rb(1, 1), target(0, 0));
    options.binding_map.insert(rb(1, 2), target(0, 5));
    use dxil_naga::SamplerIndexBufferKey as Key;
    options
        .sampler_buffer_binding_map
        .insert(Key { group: 0 }, target(3, 10));
    options
        .sampler_buffer_binding_map
        .insert(Key { group: 1 }, target(3, 11));
    let program = compile_checked(HEAP_SHADER, "heap.wgsl", &options);

    // Heap slots 0 to 5: point samplers with border colour (k, 10 + k, 20 + k, 30 + k);
    // slot 6 passes when the reference is less than the texel, slot 7 when greater.
    let border = |k: u32| {
        let k = k as f32;
        [k, 10.0 + k, 20.0 + k, 30.0 + k]
    };
    let heap_slot = |k: u32| {
        let comparison = match k {
            6 => Some(dxil_exec::ComparisonFunc::Less),
            7 => Some(dxil_exec::ComparisonFunc::Greater),
            _ => None,
        };
        sampler_resource(dxil_exec::SamplerDesc {
            min_filter: dxil_exec::Filter::Point,
            mag_filter: dxil_exec::Filter::Point,
            mip_filter: dxil_exec::Filter::Point,
            address: [dxil_exec::AddressMode::Border; 3],
            comparison,
            border_color: border(k),
            ..Default::default()
        })
    };
    let group0 = [9u32, 4];
    let group1 = [6u32, 99, 5, 0, 3, 7, 6];
    let f32x4 = dxil_exec::ElementFormat {
        component: dxil_exec::ComponentFormat::Float32,
        channels: 4,
    };
    let texel = |x: u32, y: u32| [x as f32, y as f32, (x * y) as f32, 0.5];
    let texels: Vec<f32> = (0..16).flat_map(|i| texel(i % 4, i / 4)).collect();
    let depth = dxil_exec::ElementFormat {
        component: dxil_exec::ComponentFormat::Float32,
        channels: 1,
    };
    let mut list = vec![
        bound(
            ResourceClass::SRV,
            0,
            0,
            texture_2d(4, 4, f32x4, floats(&texels)),
        ),
        bound(
            ResourceClass::SRV,
            0,
            1,
            texture_2d(4, 4, depth, floats(&[0.5; 16])),
        ),
        bound(
            ResourceClass::UAV,
            0,
            3,
            Resource::buffer(ResourceKind::RawBuffer, vec![0; 6 * 64]),
        ),
    ];
    for (register, table) in [(10, &group0[..]), (11, &group1[..])] {
        let r = Resource {
            stride: 4,
            ..Resource::buffer(ResourceKind::StructuredBuffer, words(table))
        };
        list.push(bound(ResourceClass::SRV, 3, register, r));
    }
    for k in 0..8 {
        list.push(bound(ResourceClass::Sampler, 0, k, heap_slot(k)));
        list.push(bound(ResourceClass::Sampler, 0, 2048 + k, heap_slot(k)));
    }
    let mut bindings = Bindings { bindings: list };
    program
        .dispatch(&mut bindings, &Dispatch::default(), &mut std::io::sink())
        .expect("the dispatch runs");
    let out = read_floats(&bindings.bindings[2].resource.data);
    let pass = |slot: u32| if slot == 6 { 1.0 } else { 0.0 };
    for li in 0..6u32 {
        let o = li as usize * 16;
        let got = |k: usize| &out[o + 4 * k..o + 4 * k + 4];
        let what = format!("shader model {shader_model}, thread {li}");
        assert_eq!(got(0), border(group0[1]), "{what}: s");
        let element = group1[(2 + li % 3) as usize];
        assert_eq!(got(1), border(element), "{what}: samplers[{}]", li % 3);
        assert_eq!(got(2), texel(2, 1), "{what}: samplers[2] inside");
        let cmp = [
            pass(group1[0]),
            pass(group1[(5 + li % 2) as usize]),
            0.0,
            0.0,
        ];
        assert_eq!(got(3), cmp, "{what}: comparisons");
    }
}

/// What the host writes for an external texture (wgpu's `ExternalTextureParams`), laid out
/// as naga's `NagaExternalTextureParams`: matrices column by column.
#[derive(Clone, Copy)]
struct ExternalParams {
    /// YUV (and 1) to gamma-encoded RGB, a `mat4x4` of which rows 0 to 2 are used.
    yuv: [[f32; 4]; 4],
    /// Linear RGB of the source gamut to the destination's, a `mat3x3`.
    gamut: [[f32; 3]; 3],
    /// The source and destination transfer functions: a, b, g, k.
    src_tf: [f32; 4],
    dst_tf: [f32; 4],
    /// `mat3x2` transforms of normalised (sample) and texel (load) coordinates.
    sample_transform: [[f32; 2]; 3],
    load_transform: [[f32; 2]; 3],
    /// The visible size; (0, 0) for all of plane 0.
    size: [u32; 2],
    num_planes: u32,
}

const IDENTITY_2D: [[f32; 2]; 3] = [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]];

impl ExternalParams {
    /// The constant buffer's 208 bytes at naga's offsets (WGSL layout: a `mat3x3`'s columns
    /// 16 bytes apart, a `mat3x2`'s 8).
    fn bytes(&self) -> Vec<u8> {
        let mut b = vec![0u8; 208];
        let mut put = |at: usize, v: [u8; 4]| b[at..at + 4].copy_from_slice(&v);
        for (c, col) in self.yuv.iter().enumerate() {
            for (r, v) in col.iter().enumerate() {
                put(c * 16 + r * 4, v.to_le_bytes());
            }
        }
        for (c, col) in self.gamut.iter().enumerate() {
            for (r, v) in col.iter().enumerate() {
                put(64 + c * 16 + r * 4, v.to_le_bytes());
            }
        }
        for (i, v) in self.src_tf.iter().chain(&self.dst_tf).enumerate() {
            put(112 + i * 4, v.to_le_bytes());
        }
        for (base, m) in [(144, self.sample_transform), (168, self.load_transform)] {
            for (c, col) in m.iter().enumerate() {
                for (r, v) in col.iter().enumerate() {
                    put(base + c * 8 + r * 4, v.to_le_bytes());
                }
            }
        }
        put(192, self.size[0].to_le_bytes());
        put(196, self.size[1].to_le_bytes());
        put(200, self.num_planes.to_le_bytes());
        b
    }
}

/// One plane of 8-bit unorm channels.
#[derive(Clone)]
struct Plane {
    width: u32,
    height: u32,
    channels: u8,
    data: Vec<u8>,
}

impl Plane {
    /// A plane whose bytes follow from their index (distinct neighbours).
    fn pattern(width: u32, height: u32, channels: u8, seed: u32) -> Plane {
        let n = width * height * u32::from(channels);
        let data = (0..n)
            .map(|i| ((i * 53 + seed * 29) % 220 + 16) as u8)
            .collect();
        Plane {
            width,
            height,
            channels,
            data,
        }
    }

    /// The texel as `textureLoad` reads it: channels the format lacks read 0, alpha 1.
    fn texel(&self, at: [u32; 2]) -> [f32; 4] {
        assert!(
            at[0] < self.width && at[1] < self.height,
            "{at:?} outside the plane"
        );
        let n = usize::from(self.channels);
        let i = (at[1] * self.width + at[0]) as usize * n;
        let mut out = [0.0, 0.0, 0.0, 1.0];
        for (c, o) in out.iter_mut().enumerate().take(n) {
            *o = f32::from(self.data[i + c]) / 255.0;
        }
        out
    }

    fn resource(&self) -> Resource {
        let format = dxil_exec::ElementFormat {
            component: dxil_exec::ComponentFormat::UNorm8,
            channels: self.channels,
        };
        texture_2d(self.width, self.height, format, self.data.clone())
    }
}

/// The conversion naga documents for external textures (its HLSL helpers'
/// `srcGammaRgb`, `srcLinearRgb`, `dstLinearRgb`, `dstGammaRgb`), in f64.
fn yuv_to_rgb(p: &ExternalParams, y: f32, uv: [f32; 2]) -> [f32; 4] {
    let v = [f64::from(y), f64::from(uv[0]), f64::from(uv[1]), 1.0];
    let m = |c: usize, r: usize| f64::from(p.yuv[c][r]);
    let gamma: Vec<f64> = (0..3)
        .map(|i| (0..4).map(|j| m(j, i) * v[j]).sum())
        .collect();
    let [a, b, g, k] = p.src_tf.map(f64::from);
    let linear: Vec<f64> = gamma
        .iter()
        .map(|&x| {
            if x < k * b {
                x / k
            } else {
                ((x + a - 1.0) / a).powf(g)
            }
        })
        .collect();
    let [a, b, g, k] = p.dst_tf.map(f64::from);
    let mut out = [0.0, 0.0, 0.0, 1.0];
    for (i, o) in out.iter_mut().enumerate().take(3) {
        let x: f64 = (0..3).map(|j| f64::from(p.gamut[j][i]) * linear[j]).sum();
        *o = if x < b {
            (k * x) as f32
        } else {
            (a * x.powf(1.0 / g) - (a - 1.0)) as f32
        };
    }
    out
}

/// `textureLoad` of an external texture by naga's documented steps: clamp to the visible
/// size, apply the load transform and round, read plane 0 alone or Y from plane 0 and
/// chroma from the planes scaled to their size, convert.
fn external_load(p: &ExternalParams, planes: &[Plane; 3], coord: [u32; 2]) -> [f32; 4] {
    let p0 = [planes[0].width, planes[0].height];
    let visible = if p.size == [0, 0] { p0 } else { p.size };
    let c = [0, 1].map(|k| coord[k].min(visible[k] - 1) as f32);
    let lt = p.load_transform;
    let t = [0, 1].map(|k| (c[0] * lt[0][k] + c[1] * lt[1][k] + lt[2][k]).round_ties_even() as u32);
    if p.num_planes == 1 {
        return planes[0].texel(t);
    }
    let scaled = |plane: &Plane| {
        let size = [plane.width, plane.height];
        [0, 1].map(|k| (t[k] as f32 * size[k] as f32 / p0[k] as f32).floor() as u32)
    };
    let y = planes[0].texel(t)[0];
    let uv = if p.num_planes == 2 {
        let c = planes[1].texel(scaled(&planes[1]));
        [c[0], c[1]]
    } else {
        [
            planes[1].texel(scaled(&planes[1]))[0],
            planes[2].texel(scaled(&planes[2]))[0],
        ]
    };
    yuv_to_rgb(p, y, uv)
}

/// `textureSampleBaseClampToEdge` of an external texture with a point sampler, by naga's
/// documented steps: apply the sample transform, clamp half a texel inside the
/// transformed unit square on each plane, take the texel the point falls in, convert.
fn external_sample(p: &ExternalParams, planes: &[Plane; 3], uv: [f32; 2]) -> [f32; 4] {
    let st = p.sample_transform;
    let c = [0, 1].map(|k| uv[0] * st[0][k] + uv[1] * st[1][k] + st[2][k]);
    let lo = st[2];
    let hi = [0, 1].map(|k| st[0][k] + st[1][k] + st[2][k]);
    let at = |plane: &Plane| {
        let size = [plane.width, plane.height];
        [0, 1].map(|k| {
            let n = size[k] as f32;
            let half = 0.5 / n;
            let x = c[k]
                .max(lo[k].min(hi[k]) + half)
                .min(lo[k].max(hi[k]) - half);
            ((x * n).floor() as i64).clamp(0, i64::from(size[k]) - 1) as u32
        })
    };
    if p.num_planes == 1 {
        return planes[0].texel(at(&planes[0]));
    }
    let y = planes[0].texel(at(&planes[0]))[0];
    let uv = if p.num_planes == 2 {
        let c = planes[1].texel(at(&planes[1]));
        [c[0], c[1]]
    } else {
        [
            planes[1].texel(at(&planes[1]))[0],
            planes[2].texel(at(&planes[2]))[0],
        ]
    };
    yuv_to_rgb(p, y, uv)
}

const EXTERNAL_SHADER: &str = r#"
@group(0) @binding(0) var video: texture_external;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(8, 8)
fn main(@builtin(local_invocation_id) id: vec3<u32>) {
    let i = (id.y * 8u + id.x) * 4u;
    out[i] = textureLoad(video, id.xy);
    out[i + 1u] = textureLoad(video, vec2<i32>(id.xy) - vec2<i32>(4));
    let uv = (vec2<f32>(id.xy) - 0.5) / vec2<f32>(6.0, 4.0);
    out[i + 2u] = textureSampleBaseClampToEdge(video, s, uv);
    out[i + 3u] = vec4<f32>(vec2<f32>(textureDimensions(video)), 0.0, 0.0);
}
"#;

/// External textures on the executor, each texel of an 8 x 8 grid (past the 6 x 4 plane
/// 0, so clamped) loaded at unsigned and at signed coordinates (negative ones clamped as
/// the large unsigned values naga's helper sees), sampled with a point sampler from the
/// heap, and measured; checked against naga's documented steps computed here: one RGBA
/// plane with the load and sample transforms flipping x; one cropped to a visible 3 x 2;
/// NV12 (Y in an R8 plane, interleaved CbCr in an RG8 plane of half the size each way)
/// and I420 (Y, Cb, Cr in three R8 planes), converted by BT.601 limited-range YUV,
/// BT.709's transfer function, a gamut matrix and sRGB's transfer function.
#[test]
fn external_textures_load_sample_and_convert() {
    let flip: [[f32; 2]; 3] = [[-1.0, 0.0], [0.0, 1.0], [1.0, 0.0]];
    let flip_texels: [[f32; 2]; 3] = [[-1.0, 0.0], [0.0, 1.0], [5.0, 0.0]];
    // BT.601 limited range: R = 1.164 (Y - 16/255) + 1.596 (Cr - 0.5) and so on, as the
    // columns of Y, Cb, Cr and the constant.
    let y0 = -1.164 * 16.0 / 255.0;
    let yuv = [
        [1.164, 1.164, 1.164, 0.0],
        [0.0, -0.392, 2.017, 0.0],
        [1.596, -0.813, 0.0, 0.0],
        [y0 - 0.798, y0 + 0.196 + 0.4065, y0 - 1.0085, 1.0],
    ];
    // Rows (0.8225, 0.1774, 0), (0.0332, 0.9669, 0), (0.0171, 0.0724, 0.9108), by column.
    let gamut = [
        [0.8225, 0.0332, 0.0171],
        [0.1774, 0.9669, 0.0724],
        [0.0, 0.0, 0.9108],
    ];
    let bt709 = [1.099, 0.018, 1.0 / 0.45, 4.5];
    let srgb = [1.055, 0.003_130_8, 2.4, 12.92];
    let rgba = ExternalParams {
        yuv,
        gamut,
        src_tf: bt709,
        dst_tf: srgb,
        sample_transform: flip,
        load_transform: flip_texels,
        size: [0, 0],
        num_planes: 1,
    };
    let dummy = Plane::pattern(1, 1, 4, 0);
    let cases = [
        (
            "RGBA, flipped",
            rgba,
            [Plane::pattern(6, 4, 4, 1), dummy.clone(), dummy.clone()],
        ),
        (
            "RGBA, cropped",
            ExternalParams {
                sample_transform: IDENTITY_2D,
                load_transform: IDENTITY_2D,
                size: [3, 2],
                ..rgba
            },
            [Plane::pattern(6, 4, 4, 2), dummy.clone(), dummy.clone()],
        ),
        (
            "NV12",
            ExternalParams {
                sample_transform: IDENTITY_2D,
                load_transform: IDENTITY_2D,
                num_planes: 2,
                ..rgba
            },
            [
                Plane::pattern(6, 4, 1, 3),
                Plane::pattern(3, 2, 2, 4),
                dummy.clone(),
            ],
        ),
        (
            "I420",
            ExternalParams {
                sample_transform: IDENTITY_2D,
                load_transform: IDENTITY_2D,
                num_planes: 3,
                size: [5, 3],
                ..rgba
            },
            [
                Plane::pattern(6, 4, 1, 5),
                Plane::pattern(3, 2, 1, 6),
                Plane::pattern(3, 2, 1, 7),
            ],
        ),
    ];
    for shader_model in [dxil_naga::ShaderModel::V6_0, dxil_naga::ShaderModel::V6_6] {
        let mut options = Options {
            shader_model,
            ..Options::default()
        };
        let t = dxil_naga::ExternalTextureBindTarget {
            planes: [target(0, 0), target(0, 1), target(0, 2)],
            params: target(0, 0),
        };
        let rb = naga::ResourceBinding {
            group: 0,
            binding: 0,
        };
        options.external_texture_binding_map.insert(rb, t);
        options
            .sampler_buffer_binding_map
            .insert(dxil_naga::SamplerIndexBufferKey { group: 0 }, target(0, 4));
        let program = compile_checked(EXTERNAL_SHADER, "external.wgsl", &options);
        for (name, params, planes) in &cases {
            let point = dxil_exec::SamplerDesc {
                min_filter: dxil_exec::Filter::Point,
                mag_filter: dxil_exec::Filter::Point,
                mip_filter: dxil_exec::Filter::Point,
                ..Default::default()
            };
            let table = Resource {
                stride: 4,
                ..Resource::buffer(ResourceKind::StructuredBuffer, words(&[0]))
            };
            let mut bindings = Bindings {
                bindings: vec![
                    bound(
                        ResourceClass::UAV,
                        0,
                        2,
                        Resource::buffer(ResourceKind::RawBuffer, vec![0; 64 * 64]),
                    ),
                    bound(ResourceClass::SRV, 0, 0, planes[0].resource()),
                    bound(ResourceClass::SRV, 0, 1, planes[1].resource()),
                    bound(ResourceClass::SRV, 0, 2, planes[2].resource()),
                    bound(
                        ResourceClass::CBuffer,
                        0,
                        0,
                        Resource::buffer(ResourceKind::CBuffer, params.bytes()),
                    ),
                    bound(ResourceClass::SRV, 0, 4, table),
                    bound(ResourceClass::Sampler, 0, 0, sampler_resource(point)),
                ],
            };
            program
                .dispatch(&mut bindings, &Dispatch::default(), &mut std::io::sink())
                .expect("the dispatch runs");
            let out = read_floats(&bindings.bindings[0].resource.data);
            let visible = if params.size == [0, 0] {
                [6, 4]
            } else {
                params.size
            };
            let mut failures = Vec::new();
            for y in 0..8u32 {
                for x in 0..8u32 {
                    let i = ((y * 8 + x) * 16) as usize;
                    let signed = [x, y].map(|c| (c as i32 - 4) as u32);
                    let uv = [(x as f32 - 0.5) / 6.0, (y as f32 - 0.5) / 4.0];
                    let expected = [
                        ("textureLoad", external_load(params, planes, [x, y])),
                        (
                            "textureLoad (signed)",
                            external_load(params, planes, signed),
                        ),
                        (
                            "textureSampleBaseClampToEdge",
                            external_sample(params, planes, uv),
                        ),
                        (
                            "textureDimensions",
                            [visible[0] as f32, visible[1] as f32, 0.0, 0.0],
                        ),
                    ];
                    for (k, (what, want)) in expected.iter().enumerate() {
                        let got = &out[i + 4 * k..i + 4 * k + 4];
                        let close = got.iter().zip(want).all(|(g, w)| (g - w).abs() <= 1e-3);
                        if !close {
                            failures
                                .push(format!("{what} at ({x}, {y}): {got:?}, expected {want:?}"));
                        }
                    }
                }
            }
            assert!(
                failures.is_empty(),
                "shader model {shader_model}, {name}: {} wrong:\n{}",
                failures.len(),
                failures[..failures.len().min(20)].join("\n")
            );
        }
    }
}

/// `textureSampleBaseClampToEdge` of an ordinary texture keeps its coordinates half a
/// texel inside the edges (naga's HLSL helper), so a linear, wrapping sampler at u = 0 or
/// u = 1.5 gives the edge texel alone, where `textureSampleLevel` at u = 0 blends it with
/// the texel across the wrap. With naga's fake targets: the texture at `t0`, the group's
/// index buffer at `t0` of space 255, the heap at `s0`.
#[test]
fn sample_base_clamp_to_edge() {
    let src = "@group(0) @binding(0) var t: texture_2d<f32>;\n\
               @group(0) @binding(1) var s: sampler;\n\
               @group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;\n\
               @compute @workgroup_size(1)\n\
               fn main() {\n\
                 out[0] = textureSampleBaseClampToEdge(t, s, vec2<f32>(0.0, 0.5));\n\
                 out[1] = textureSampleBaseClampToEdge(t, s, vec2<f32>(1.5, 0.5));\n\
                 out[2] = textureSampleLevel(t, s, vec2<f32>(0.0, 0.5), 0.0);\n\
               }\n";
    let program = compile_checked(src, "clamp.wgsl", &Options::default());
    let texel = |i: usize| [i as f32, 10.0 * i as f32, 100.0, 1.0];
    let texels: Vec<f32> = (0..4).flat_map(texel).collect();
    let f32x4 = dxil_exec::ElementFormat {
        component: dxil_exec::ComponentFormat::Float32,
        channels: 4,
    };
    let linear_wrap = dxil_exec::SamplerDesc {
        address: [dxil_exec::AddressMode::Wrap; 3],
        ..Default::default()
    };
    let table = Resource {
        stride: 4,
        ..Resource::buffer(ResourceKind::StructuredBuffer, words(&[7, 3]))
    };
    let mut bindings = Bindings {
        bindings: vec![
            bound(
                ResourceClass::UAV,
                0,
                2,
                Resource::buffer(ResourceKind::RawBuffer, vec![0; 48]),
            ),
            bound(
                ResourceClass::SRV,
                0,
                0,
                texture_2d(4, 1, f32x4, floats(&texels)),
            ),
            bound(ResourceClass::SRV, 255, 0, table),
            bound(ResourceClass::Sampler, 0, 3, sampler_resource(linear_wrap)),
        ],
    };
    program
        .dispatch(&mut bindings, &Dispatch::default(), &mut std::io::sink())
        .expect("the dispatch runs");
    let out = read_floats(&bindings.bindings[0].resource.data);
    assert_eq!(out[0..4], texel(0), "u = 0, clamped");
    assert_eq!(out[4..8], texel(3), "u = 1.5, clamped");
    let blend: Vec<f32> = (0..4).map(|k| (texel(0)[k] + texel(3)[k]) / 2.0).collect();
    assert_eq!(out[8..12], blend[..], "u = 0, not clamped");
}
