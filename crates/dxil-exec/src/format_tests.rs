use super::*;

fn fmt(component: ComponentFormat, channels: u8) -> ElementFormat {
    ElementFormat {
        component,
        channels,
    }
}

#[test]
fn float32_reads_bits_and_fills_missing_channels() {
    let bytes = [1.5f32.to_le_bytes(), (-2.0f32).to_le_bytes()].concat();
    let v = read_element(fmt(ComponentFormat::Float32, 2), &bytes);
    assert_eq!(v, [1.5f32.to_bits(), (-2.0f32).to_bits(), 0, ONE_F32]);
}

#[test]
fn integers_extend_and_alpha_is_one() {
    let v = read_element(fmt(ComponentFormat::Int16, 1), &0xfffeu16.to_le_bytes());
    assert_eq!(v, [(-2i32) as u32, 0, 0, 1]);
    let v = read_element(fmt(ComponentFormat::UInt16, 1), &0xfffeu16.to_le_bytes());
    assert_eq!(v, [0xfffe, 0, 0, 1]);
}

#[test]
fn unorm8_and_snorm8_read_exactly() {
    let v = read_element(fmt(ComponentFormat::UNorm8, 4), &[0, 255, 51, 128]);
    assert_eq!(f32::from_bits(v[0]), 0.0);
    assert_eq!(f32::from_bits(v[1]), 1.0);
    assert_eq!(f32::from_bits(v[2]), 0.2);
    assert_eq!(f32::from_bits(v[3]), 128.0 / 255.0);
    let v = read_element(fmt(ComponentFormat::SNorm8, 3), &[0x80, 0x81, 127]);
    assert_eq!(f32::from_bits(v[0]), -1.0);
    assert_eq!(f32::from_bits(v[1]), -1.0);
    assert_eq!(f32::from_bits(v[2]), 1.0);
    assert_eq!(v[3], ONE_F32);
}

#[test]
fn float_to_unorm_clamps_rounds_and_zeroes_nan() {
    assert_eq!(f32_to_unorm(f32::NAN, 8), 0);
    assert_eq!(f32_to_unorm(2.0, 8), 255);
    assert_eq!(f32_to_unorm(-1.0, 8), 0);
    assert_eq!(f32_to_unorm(0.5, 8), 128);
    assert_eq!(f32_to_unorm(f32::INFINITY, 16), 65535);
}

#[test]
fn float_to_snorm_rounds_away_from_zero() {
    assert_eq!(f32_to_snorm(-1.0, 8), -127);
    assert_eq!(f32_to_snorm(-5.0, 8), -127);
    assert_eq!(f32_to_snorm(0.5, 8), 64);
    assert_eq!(f32_to_snorm(-0.5, 8), -64);
    assert_eq!(f32_to_snorm(f32::NAN, 16), 0);
}

#[test]
fn half_round_trips_and_rounds_to_even() {
    for h in [
        0u16, 0x8000, 0x3c00, 0xc000, 0x7bff, 0x0001, 0x03ff, 0x7c00, 0xfc00,
    ] {
        assert_eq!(f32_to_half(half_to_f32(h)), h, "{h:#x}");
    }
    assert_eq!(half_to_f32(0x0001), 2f32.powi(-24));
    assert_eq!(f32_to_half(65520.0), 0x7c00);
    assert_eq!(f32_to_half(65504.0), 0x7bff);
    // 1 + 2^-11 is halfway between 1.0 and the next half: ties go to the even 1.0.
    assert_eq!(f32_to_half(1.0 + 2f32.powi(-11)), 0x3c00);
    assert_eq!(f32_to_half(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
    assert_eq!(f32_to_half(2f32.powi(-25)), 0);
    assert_eq!(f32_to_half(2f32.powi(-25) * 1.5), 1);
    assert!(half_to_f32(f32_to_half(f32::NAN)).is_nan());
}

#[test]
fn write_respects_mask_and_converts() {
    let mut bytes = [0xaau8; 4];
    let value = [1.0f32.to_bits(), 0.5f32.to_bits(), (-1.0f32).to_bits(), 0];
    write_element(fmt(ComponentFormat::UNorm8, 4), value, 0b0011, &mut bytes);
    assert_eq!(bytes, [255, 128, 0xaa, 0xaa]);
    let mut bytes = [0u8; 2];
    write_element(
        fmt(ComponentFormat::Int16, 1),
        [0x1234_5678, 0, 0, 0],
        1,
        &mut bytes,
    );
    assert_eq!(bytes, 0x5678u16.to_le_bytes());
}

#[test]
fn sixty_four_bit_components_take_two_registers() {
    let bytes = 0x1122_3344_5566_7788u64.to_le_bytes();
    let f = fmt(ComponentFormat::UInt64, 1);
    assert_eq!(read_element(f, &bytes), [0x5566_7788, 0x1122_3344, 0, 1]);
    let mut out = [0u8; 8];
    write_element(f, [0x5566_7788, 0x1122_3344, 0, 0], 0b11, &mut out);
    assert_eq!(out, bytes);
}

#[test]
fn short_buffers_read_zero_and_write_nothing() {
    let f = fmt(ComponentFormat::Float32, 4);
    assert_eq!(read_element(f, &[1, 2, 3]), [0, 0, 0, ONE_F32]);
    let mut bytes = [7u8; 3];
    write_element(f, [1, 2, 3, 4], 0xf, &mut bytes);
    assert_eq!(bytes, [7; 3]);
}

#[test]
fn every_narrow_code_survives_read_then_write() {
    // Each 8- and 16-bit code reads to a register from which writing gives the code back,
    // except the codes D3D's conversions merge: the most negative SNORM (read as -1.0 like
    // its neighbour) and half NaNs (written back quiet).
    let types = [
        ComponentFormat::UNorm8,
        ComponentFormat::SNorm8,
        ComponentFormat::UNorm16,
        ComponentFormat::SNorm16,
        ComponentFormat::Float16,
        ComponentFormat::Int16,
        ComponentFormat::UInt16,
    ];
    for component in types {
        let f = fmt(component, 1);
        let codes: u32 = if component.size() == 1 {
            0x100
        } else {
            0x1_0000
        };
        for code in 0..codes {
            let bytes = &code.to_le_bytes()[..component.size() as usize];
            let merged = match component {
                ComponentFormat::SNorm8 => code == 0x80,
                ComponentFormat::SNorm16 => code == 0x8000,
                ComponentFormat::Float16 => code & 0x7c00 == 0x7c00 && code & 0x3ff != 0,
                _ => false,
            };
            if merged {
                continue;
            }
            let mut back = vec![0u8; bytes.len()];
            write_element(f, read_element(f, bytes), 1, &mut back);
            assert_eq!(back, bytes, "{component:?} code {code:#x}");
        }
    }
}
