// Control flow corners: `continue` inside a `switch` inside a loop (continues the loop),
// `break` inside a `switch` (leaves the switch only), `&&` and `||` short-circuiting past
// calls with side effects, an early `return` from the entry point on some invocations,
// `select` on vectors with a vector condition, `any`/`all`, and a loop whose `continuing`
// block holds the only update.

@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<u32, 10>>;
@group(0) @binding(2) var<storage, read_write> late: array<u32>;

var<private> calls: u32;

fn noted(v: bool) -> bool {
    calls += 1u;
    return v;
}

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = a[i];
    var r: array<u32, 10>;
    var visited = 0u;
    var kinds = 0u;
    for (var k = 0u; k < 12u; k++) {
        switch (v.x >> k) & 3u {
            case 0u: {
                continue;
            }
            case 1u: {
                kinds += 1u;
                break;
            }
            case 2u: {
                if k > 6u {
                    continue;
                }
                kinds += 10u;
            }
            default: {
                kinds += 100u;
            }
        }
        visited += 1u;
    }
    r[0] = visited;
    r[1] = kinds;
    calls = 0u;
    let t = noted((v.y & 1u) == 1u) && noted((v.y & 2u) == 2u);
    let f = noted((v.y & 4u) == 4u) || noted((v.y & 8u) == 8u);
    r[2] = calls * 4u + u32(t) * 2u + u32(f);
    let m = vec4(v.x, v.y, v.z, v.w) > vec4(v.w, v.z, v.y, v.x);
    let s = select(v, v.wzyx, m);
    r[3] = s.x ^ (s.y << 1u) ^ (s.z << 2u) ^ (s.w << 3u);
    r[4] = u32(any(m)) + u32(all(m)) * 2u + u32(any(v == vec4(0u))) * 4u;
    var n = v.z % 17u;
    var steps = 0u;
    loop {
        if n == 0u {
            break;
        }
        continuing {
            n = n / 2u;
            steps += 1u;
        }
    }
    r[5] = steps;
    var hits = 0u;
    for (var k = 0u; k < 8u; k++) {
        switch k % 3u {
            case 1u: {
                if (v.w >> k & 1u) == 1u {
                    break;
                }
                hits += k;
            }
            default: {
                hits += 100u;
            }
        }
    }
    r[6] = hits;
    r[7] = u32(noted(v.x > v.y) != noted(v.z > v.w));
    r[8] = calls;
    r[9] = 7u;
    out[i] = r;
    if (v.w & 3u) == 0u {
        return;
    }
    late[i] = v.w;
}
