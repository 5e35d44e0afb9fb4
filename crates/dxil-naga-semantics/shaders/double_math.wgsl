// f64 rounding, fract, ldexp, sqrt and inverseSqrt: DXIL has no 64-bit forms of these, so
// dxil-naga builds them from integer and f64 arithmetic. Inputs are scaled to reach ties
// (round half to even), values at and past 2^52 (already integers), tiny magnitudes and
// negative zero. The exact functions and the square roots are separate entry points, as one
// tolerance covers all an entry point writes.

@group(0) @binding(0) var<storage, read> f: array<vec2<f64>>;
@group(0) @binding(1) var<storage, read_write> exact: array<array<f64, 16>>;
@group(0) @binding(2) var<storage, read_write> roots: array<array<f64, 4>>;

fn probe(i: u32) -> f64 {
    let g = f[i];
    switch i % 6u {
        case 0u: { return g.x; }
        // Halves: ties for round.
        case 1u: { return round(g.x * 4.0lf) * 0.5lf; }
        // Around 2^52, where every f64 is an integer.
        case 2u: { return g.x * 1125899906842624.0lf; }
        // Tiny: floor and ceil give 0 or +-1, trunc and round keep the sign of zero.
        case 3u: { return g.x * 1e-300lf; }
        case 4u: { return -0.0lf * g.y; }
        default: { return g.x * g.y * 1e9lf; }
    }
}

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = probe(i);
    var r: array<f64, 16>;
    r[0] = floor(x);
    r[1] = ceil(x);
    r[2] = round(x);
    r[3] = trunc(x);
    r[4] = fract(x);
    r[5] = ldexp(x, i32(i % 40u) - 20);
    r[6] = ldexp(x, 1000);
    r[7] = ldexp(x, -1070);
    r[8] = floor(-x);
    r[9] = round(x + 0.5lf);
    r[10] = x;
    r[11] = ceil(x * 0.25lf);
    r[12] = trunc(x * 3.0lf);
    r[13] = fract(-x);
    r[14] = round(-x);
    r[15] = floor(x) + ceil(x);
    exact[i] = r;
}

@compute @workgroup_size(32)
fn roots_main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = abs(probe(i));
    var r: array<f64, 4>;
    r[0] = sqrt(x);
    r[1] = inverseSqrt(x + 1.0lf);
    r[2] = sqrt(x * 1e-310lf);
    r[3] = sqrt(x * 1e300lf);
    roots[i] = r;
}
