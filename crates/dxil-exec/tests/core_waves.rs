//! Waves: lanes that run together, diverge at branches and meet again after them, as wave
//! and quad operations see them.

mod core_support;

use core_support::{run, uav, words};
use dxil_exec::ResourceKind;

#[test]
fn wave_ops_see_the_active_lanes() {
    let src = r#"
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(16, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint4 r = 0;
    if (gi % 3 == 0) {
        r.x = WaveActiveSum(gi);
        r.y = WaveActiveCountBits(true);
    } else {
        r.x = WavePrefixSum(gi);
        r.y = WaveReadLaneFirst(gi);
    }
    // Reconverged: every lane of the wave again.
    r.z = WaveActiveMax(gi) * 100 + WaveGetLaneCount();
    r.w = WaveActiveBallot(gi & 1).x ^ QuadReadAcrossX(gi) << 16;
    Out[gi] = r;
}"#;
    let Some(b) = run(
        src,
        [1, 1, 1],
        Some(8),
        vec![uav(0, ResourceKind::StructuredBuffer, 16, vec![0; 256])],
    ) else {
        return;
    };
    let out = words(&b.bindings[0].resource.data);
    for gi in 0..16u32 {
        let wave: Vec<u32> = (gi / 8 * 8..gi / 8 * 8 + 8).collect();
        let row = &out[gi as usize * 4..gi as usize * 4 + 4];
        let (a, b): (Vec<u32>, Vec<u32>) = wave.iter().partition(|&&x| x % 3 == 0);
        if gi % 3 == 0 {
            assert_eq!(row[0], a.iter().sum::<u32>(), "lane {gi}");
            assert_eq!(row[1], a.len() as u32, "lane {gi}");
        } else {
            assert_eq!(
                row[0],
                b.iter().filter(|&&x| x < gi).sum::<u32>(),
                "lane {gi}"
            );
            assert_eq!(row[1], b[0], "lane {gi}");
        }
        assert_eq!(row[2], wave[7] * 100 + 8);
        let ballot: u32 = wave
            .iter()
            .enumerate()
            .filter(|(_, &x)| x & 1 == 1)
            .map(|(i, _)| 1 << i)
            .sum();
        assert_eq!(row[3], ballot ^ ((gi ^ 1) << 16), "lane {gi}");
    }
}

#[test]
fn wave_size_follows_the_entry_attribute() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
[WaveSize(16)]
[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    Out[gi] = WaveGetLaneCount() * 100 + WaveGetLaneIndex();
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
    for gi in 0..32u32 {
        assert_eq!(out[gi as usize], 1600 + gi % 16);
    }
}

#[test]
fn loops_with_divergent_trip_counts_and_sm65_wave_ops() {
    let src = r#"
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint acc = 0;
    for (uint i = 0; i < gi % 4; i++) {
        acc += WaveActiveCountBits(true) << (8 * i);
    }
    uint4 m = WaveMatch(gi / 3);
    uint4 mask = uint4(0x55, 0, 0, 0);
    uint mp = WaveMultiPrefixSum(gi + 1, mask);
    uint q = QuadReadLaneAt(gi * 10, 2);
    Out[gi] = uint4(acc, m.x, mp, q);
}"#;
    let Some(b) = run(
        src,
        [1, 1, 1],
        Some(8),
        vec![uav(0, ResourceKind::StructuredBuffer, 16, vec![0; 128])],
    ) else {
        return;
    };
    let out = words(&b.bindings[0].resource.data);
    for gi in 0..8u32 {
        let row = &out[gi as usize * 4..gi as usize * 4 + 4];
        let mut acc = 0u32;
        for i in 0..gi % 4 {
            let active = (0..8u32).filter(|&l| l % 4 > i).count() as u32;
            acc += active << (8 * i);
        }
        assert_eq!(row[0], acc, "lane {gi}");
        let matching: u32 = (0..8u32).filter(|&l| l / 3 == gi / 3).map(|l| 1 << l).sum();
        assert_eq!(row[1], matching, "lane {gi}");
        // Every lane passes the mask 0x55: its prefix sums the lanes below it in the mask.
        let mp: u32 = (0..gi)
            .filter(|&l| 0x55u32 >> l & 1 == 1)
            .map(|l| l + 1)
            .sum();
        assert_eq!(row[2], mp, "lane {gi}");
        assert_eq!(row[3], ((gi & !3) + 2) * 10, "lane {gi}");
    }
}
