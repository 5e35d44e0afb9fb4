//! The core executor on small compute shaders: arithmetic, control flow, private and
//! group-shared memory, barriers, atomics, buffers and D3D's out-of-bounds rules.

mod core_support;

use core_support::{bytes_u32, run, uav, words};
use dxil_exec::ResourceKind;

#[test]
fn integer_and_float_arithmetic_per_thread() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> F : register(u1);
[numthreads(8, 2, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    uint i = tid.y * 16 + tid.x;
    int s = (int)i - 20;
    Out[i] = (i * 2654435761u) ^ (uint)(s / 3) ^ (i >> 1) ^ ((uint)s % 7u) ^ gi;
    F[i] = sqrt((float)i) * 0.5f + (float)s / 4.0f;
}"#;
    let Some(b) = run(
        src,
        [2, 1, 1],
        None,
        vec![
            uav(0, ResourceKind::StructuredBuffer, 4, vec![0; 32 * 4]),
            uav(1, ResourceKind::StructuredBuffer, 4, vec![0; 32 * 4]),
        ],
    ) else {
        return;
    };
    let out = words(&b.bindings[0].resource.data);
    let f = words(&b.bindings[1].resource.data);
    for gx in 0..2u32 {
        for y in 0..2u32 {
            for x in 0..8u32 {
                let (tx, gi) = (gx * 8 + x, y * 8 + x);
                let i = y * 16 + tx;
                let s = i as i32 - 20;
                let want = i.wrapping_mul(2654435761)
                    ^ ((s / 3) as u32)
                    ^ (i >> 1)
                    ^ ((s as u32) % 7)
                    ^ gi;
                assert_eq!(out[i as usize], want, "thread {i}");
                let wf = (i as f32).sqrt() * 0.5 + s as f32 / 4.0;
                assert!(
                    (f32::from_bits(f[i as usize]) - wf).abs() < 1e-5,
                    "thread {i}"
                );
            }
        }
    }
}

#[test]
fn loops_private_arrays_and_divergence() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(32, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    uint a[9];
    for (uint k = 0; k < 9; k++) a[k] = k * tid.x + 1;
    uint acc = 0;
    for (uint j = 0; j < tid.x % 5; j++) {
        if ((j & 1) == 0) acc += a[(tid.x + j) % 9]; else acc ^= a[j];
    }
    Out[tid.x] = acc;
}"#;
    let Some(b) = run(
        src,
        [1, 1, 1],
        None,
        vec![uav(0, ResourceKind::StructuredBuffer, 4, vec![0; 128])],
    ) else {
        return;
    };
    let out = words(&b.bindings[0].resource.data);
    for t in 0..32u32 {
        let a: Vec<u32> = (0..9).map(|k| k * t + 1).collect();
        let mut acc = 0u32;
        for j in 0..t % 5 {
            if j & 1 == 0 {
                acc = acc.wrapping_add(a[((t + j) % 9) as usize]);
            } else {
                acc ^= a[j as usize];
            }
        }
        assert_eq!(out[t as usize], acc, "thread {t}");
    }
}

#[test]
fn group_shared_memory_barriers_and_atomics() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Tile[64];
groupshared uint Sum;
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 g : SV_GroupID) {
    if (gi == 0) Sum = 0;
    Tile[gi] = gi * 3 + g.x;
    GroupMemoryBarrierWithGroupSync();
    uint old;
    InterlockedAdd(Sum, Tile[63 - gi], old);
    GroupMemoryBarrierWithGroupSync();
    Out[g.x * 64 + gi] = Tile[63 - gi] + Sum * 1000;
}"#;
    // Waves of 4 lanes: sixteen waves per group, so the barrier really holds waves back.
    let Some(b) = run(
        src,
        [2, 1, 1],
        Some(4),
        vec![uav(0, ResourceKind::StructuredBuffer, 4, vec![0; 512])],
    ) else {
        return;
    };
    let out = words(&b.bindings[0].resource.data);
    for g in 0..2u32 {
        let sum: u32 = (0..64).map(|i| i * 3 + g).sum();
        for gi in 0..64u32 {
            assert_eq!(out[(g * 64 + gi) as usize], (63 - gi) * 3 + g + sum * 1000);
        }
    }
}

#[test]
fn raw_buffers_and_out_of_bounds() {
    let src = r#"
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    uint2 v = In.Load2(tid.x * 8);
    Out.Store(tid.x * 4, v.x + v.y);
    Out.Store(4096 + tid.x * 4, 7);
}"#;
    let mut srv = uav(
        0,
        ResourceKind::RawBuffer,
        0,
        bytes_u32(&[1, 2, 3, 4, 5, 6]),
    );
    srv.class = dxil_exec::ResourceClass::SRV;
    let Some(b) = run(
        src,
        [1, 1, 1],
        None,
        vec![srv, uav(0, ResourceKind::RawBuffer, 0, vec![0; 16])],
    ) else {
        return;
    };
    // Thread 3 reads past the end: 0. The stores past the end are dropped.
    assert_eq!(words(&b.bindings[1].resource.data), [3, 7, 11, 0]);
}

#[test]
fn endless_loop_hits_the_budget() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint i = 0;
    while (i != Out[1]) { i += 2; Out[0] = i; }
}"#;
    let Some(m) = core_support::compile(src, "6_5", &[]) else {
        return;
    };
    let p = dxil_exec::Program::compile(&m, None).unwrap();
    let mut b = dxil_exec::Bindings {
        bindings: vec![uav(
            0,
            ResourceKind::StructuredBuffer,
            4,
            bytes_u32(&[0, 1]),
        )],
    };
    let d = dxil_exec::Dispatch {
        budget: 100_000,
        ..dxil_exec::Dispatch::default()
    };
    let e = p.dispatch(&mut b, &d, &mut std::io::sink()).unwrap_err();
    match e.kind() {
        dxil_exec::ErrorKind::Budget { thread, budget, .. } => {
            assert_eq!((*thread, *budget), ([0, 0, 0], 100_000));
        }
        other => panic!("expected a budget error, got {other}"),
    }
    assert!(e.to_string().contains("block"), "{e}");
}

#[test]
fn trace_prints_the_chosen_thread_only() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    uint v = tid.x * 7 + 3;
    if (tid.x == 1) v += 100;
    Out[tid.x] = v;
}"#;
    let Some(m) = core_support::compile(src, "6_5", &[]) else {
        return;
    };
    let p = dxil_exec::Program::compile(&m, None).unwrap();
    let mut b = dxil_exec::Bindings {
        bindings: vec![uav(0, ResourceKind::StructuredBuffer, 4, vec![0; 16])],
    };
    let d = dxil_exec::Dispatch {
        trace: Some([1, 0, 0]),
        ..dxil_exec::Dispatch::default()
    };
    let mut out = Vec::new();
    p.dispatch(&mut b, &d, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.is_empty());
    assert!(text.lines().all(|l| l.starts_with("[1, 0, 0] %")), "{text}");
    // 1 * 7 + 3 + 100 = 110 reaches the store, named as `dxil dis` names the values.
    let mut names = String::new();
    dxil::text::write_module(&m, &mut names);
    assert!(
        text.lines()
            .any(|l| l.contains("RawBufferStore") && l.contains(" = 110,")),
        "{text}"
    );
    // The compare prints its predicate by name, and the numbers are the disassembly's.
    let cmp = text
        .lines()
        .find(|l| l.contains("icmp eq i32"))
        .expect("the compare");
    let dst = cmp
        .split(": ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap();
    assert!(
        names.contains(&format!("  {dst} = icmp eq i32")),
        "{cmp}\n{names}"
    );
    assert_eq!(words(&b.bindings[0].resource.data), [3, 110, 17, 24]);
}

/// A dispatch the executor refuses says why as a cause to match on: the dimension and
/// count of too many groups, the wave size it does not run.
#[test]
fn refused_dispatches_carry_their_cause() {
    use dxil_exec::{ErrorKind, InputCause, UnsupportedCause};
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = 1; }"#;
    let Some(m) = core_support::compile(src, "6_5", &[]) else {
        return;
    };
    let p = dxil_exec::Program::compile(&m, None).unwrap();
    let mut b = dxil_exec::Bindings {
        bindings: vec![uav(0, ResourceKind::StructuredBuffer, 4, vec![0; 4])],
    };
    let run = |d: dxil_exec::Dispatch, b: &mut dxil_exec::Bindings| {
        p.dispatch(b, &d, &mut std::io::sink()).unwrap_err()
    };
    let e = run(
        dxil_exec::Dispatch {
            groups: [1, 1, 70_000],
            ..dxil_exec::Dispatch::default()
        },
        &mut b,
    );
    assert!(
        matches!(
            e.kind(),
            ErrorKind::Input(InputCause::TooManyGroups {
                groups: 70_000,
                dimension: 2,
                ..
            })
        ),
        "{e}"
    );
    let e = run(
        dxil_exec::Dispatch {
            wave_size: Some(256),
            ..dxil_exec::Dispatch::default()
        },
        &mut b,
    );
    assert!(
        matches!(
            e.kind(),
            ErrorKind::Unsupported(UnsupportedCause::WaveSize(256))
        ),
        "{e}"
    );
    assert_eq!(e.to_string(), "unsupported: a wave size of 256 (1 to 128)");
}
