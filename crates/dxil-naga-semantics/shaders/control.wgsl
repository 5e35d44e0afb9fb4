// Control flow: loops with `continuing` and `break if`, `while`, `for` with `continue`,
// `switch` with several selectors per case and a default in the middle, early returns from
// helper functions, `loop` nested three deep, and private arrays indexed dynamically.

@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<u32, 12>>;

var<private> trail: array<u32, 16>;

fn classify(x: u32) -> u32 {
    switch x % 11u {
        case 0u, 3u: { return 10u; }
        case 1u: { return 11u; }
        default: { return x % 7u; }
        case 4u, 5u, 6u: {
            if x > 100u {
                return 12u;
            }
            return 13u;
        }
        case 9u: { }
    }
    return 99u;
}

fn gcd(x0: u32, y0: u32) -> u32 {
    var x = x0;
    var y = y0;
    while y != 0u {
        let t = x % y;
        x = y;
        y = t;
    }
    return x;
}

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = a[i];
    var r: array<u32, 12>;
    // A loop whose exit test is at the end, after `continuing`.
    var n = v.x % 50u;
    var steps = 0u;
    loop {
        if n % 3u == 0u {
            n += 7u;
            continue;
        }
        steps += 1u;
        continuing {
            n += 2u;
            steps += 10u;
            break if n > 120u;
        }
    }
    r[0] = steps;
    r[1] = n;
    // Collatz steps for a small start, bounded.
    var c = v.y % 1000u + 1u;
    var k = 0u;
    while c != 1u && k < 500u {
        c = select(c / 2u, 3u * c + 1u, (c & 1u) == 1u);
        k += 1u;
    }
    r[2] = k;
    r[3] = gcd(v.z % 100000u, v.w % 100000u);
    var sum = 0u;
    for (var j = 0u; j < 40u; j++) {
        if (j & 3u) == 1u {
            continue;
        }
        if j * j > v.x % 1500u {
            break;
        }
        sum += classify(v.y + j) * (j + 1u);
    }
    r[4] = sum;
    // Private memory indexed by values.
    for (var j = 0u; j < 16u; j++) {
        trail[j] = j * 3u;
    }
    for (var j = 0u; j < 16u; j++) {
        let at = (v.z >> (j * 2u)) & 15u;
        trail[at] = trail[at] + trail[j] * 7u + 1u;
    }
    var h = 0u;
    for (var j = 0u; j < 16u; j++) {
        h = h * 31u + trail[j];
    }
    r[5] = h;
    var depth = 0u;
    var p = 0u;
    loop {
        var q = 0u;
        loop {
            var s = 0u;
            loop {
                if s >= (v.w & 3u) + 1u { break; }
                depth += p * 100u + q * 10u + s;
                s += 1u;
            }
            q += 1u;
            if q >= ((v.w >> 2u) & 3u) + 1u { break; }
        }
        p += 1u;
        if p >= ((v.w >> 4u) & 3u) + 1u { break; }
    }
    r[6] = depth;
    r[7] = classify(v.x);
    r[8] = classify(v.y) + classify(v.z) * 100u;
    // A `switch` on a signed value with a negative selector.
    switch bitcast<i32>(v.w) % 4 {
        case -3, -1: { r[9] = 1u; }
        case 0: { r[9] = 2u; }
        case -2, 2: { r[9] = 3u; }
        default: { r[9] = 4u; }
    }
    r[10] = select(0u, 1u, v.x > v.y && (v.z < v.w || v.x == 7u));
    var m = 0u;
    for (var j = 0u; j < 32u; j++) {
        if ((v.x >> j) & 1u) == 0u { continue; }
        m += j;
        if m > 200u { break; }
    }
    r[11] = m;
    out[i] = r;
}
